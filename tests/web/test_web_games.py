"""Whole games of sandwich and insects in headless Chromium (Debian's, driven by
Playwright), through the lobby: against the computer by mouse and by keyboard only, two
browser contexts as two seats of one table, a spectator; every answer and pushed message
checked for hidden cards (for any game: :class:`GameLive`); screenshots of each board
mid-game and at the end at 320x640, 390x844 and 1280x800 in test-artifacts/web/."""

from __future__ import annotations

import contextlib
import json
import re
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from playwright.sync_api import Browser, Page, expect
from test_web_browser_hosting import act as sandwich_act
from web_live import (
    NOTATION_LINE,
    Live,
    check_public_document,
    check_seat_document,
    recording,
    settle,
)

from picnic_rules import codec
from picnic_rules.host import Host
from picnic_rules.web import NO_LIMITS, create_app, listen, server

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "web"
SIZES = {"320": (320, 640), "390": (390, 844), "1280": (1280, 800)}
"""The screen sizes of the screenshots: a small phone, a phone, a desktop."""
PHONE = {"width": 390, "height": 844}
MAX_ACTIONS = 300


class GameLive(Live):
    """A live server whose answers are checked for any game: a seat's document holds
    exactly that seat's view of the true state and its observations (decoded with the
    table's own game), a spectator's answer no card and the table's public view, a pushed message only
    the table's version. Sandwich tables go through the sandwich checks of
    :class:`web_live.Checker` unchanged."""

    def check(self, path: str, status: int, body: bytes) -> None:
        parts = path.split("/")
        if status >= 400 or len(parts) < 4 or parts[2] != "games":
            super().check(path, status, body)
            return
        try:
            table = self.host.table(parts[3])
        except Exception:
            super().check(path, status, body)
            return
        if table.game.name == "sandwich":
            super().check(path, status, body)
            return
        try:
            text = body.decode()
            game = table.game
            hidden = {  # the fields the kit declares seen by their owner or by size only
                field.name
                for field in attrs.fields(type(table.state))
                if "picnic_rules.seen" in field.metadata
            }
            assert not any(f'"{name}"' in text for name in hidden), path
            answer = json.loads(text)
            if path.endswith("/public"):
                assert '"hand"' not in text, path
                assert not any(NOTATION_LINE.fullmatch(line) for line in answer["log"])
                check_public_document(table, answer)
                self.publics += 1
                return
            if "update" not in answer:
                return
            update = codec.decode(answer["update"], "update", game)
            check_seat_document(table, update, answer["seen"])
            self.documents += 1
        except Exception as exc:
            self.leaks.append(f"{path}: {exc!r}")


@contextlib.contextmanager
def serving_games() -> Iterator[GameLive]:
    """A server on a free port of 127.0.0.1, its answers checked by :class:`GameLive`."""
    host = Host()
    sock = listen("127.0.0.1", 0)
    port = sock.getsockname()[1]
    holder: list[Live] = [GameLive(f"http://127.0.0.1:{port}", host)]
    running = server(
        recording(create_app(host, limits=NO_LIMITS, every=1.0), holder), None, lifespan="off"
    )
    thread = threading.Thread(target=running.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not running.started:
        assert time.monotonic() < deadline, "the web server did not start"
        time.sleep(0.01)
    try:
        found = holder[0]
        assert isinstance(found, GameLive)
        yield found
    finally:
        running.should_exit = True
        thread.join(10)
        sock.close()


@pytest.fixture(scope="module")
def live() -> Iterator[GameLive]:
    """This module's server (any game's answers checked)."""
    with serving_games() as server_:
        yield server_


@pytest.fixture
def contexts(browser: Browser, live: GameLive) -> Iterator[Callable[..., Page]]:
    """New pages, each in its own browser context (its own storage: another device)."""
    opened: list[Any] = []
    errors: list[str] = []

    def new(viewport: dict[str, int] | None = None, **options: Any) -> Page:
        context = browser.new_context(viewport=viewport or PHONE, **options)
        context.set_default_timeout(5000)
        opened.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(live.url + "/")
        page.wait_for_selector("#seat-1", state="attached")  # the lobby is filled in
        return page

    try:
        yield new
    finally:
        for context in opened:
            context.close()
    assert errors == []  # no script error on any page
    assert live.leaks == []


def seen(page: Page) -> str | None:
    return page.evaluate("document.body.dataset.seen || null")


def over(page: Page) -> bool:
    return page.is_visible("#result")


def lobby(
    page: Page,
    game: str,
    mode: str = "computer",
    seed: str = "3",
    variant: str = "",
    players: str = "2",
) -> None:
    """Choose a game in the lobby and start it."""
    page.select_option("#game", game)
    page.select_option("#players", players)
    page.select_option("#mode", mode)
    page.select_option("#variant", variant)
    page.fill("#seed", seed)
    page.click("#new-game")
    settle(page)


def shoot(page: Page, name: str, part: str = "turn") -> None:
    """Screenshots of what a player sees at each size (the element ``part`` scrolled into
    view: the table by default), each checked to be no wider than the screen."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    before = page.viewport_size
    for label, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(f"document.getElementById('{part}').scrollIntoView()")
        page.wait_for_timeout(60)  # the layout and any card animation settle
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), label
        page.screenshot(path=str(ARTIFACTS / f"{name}-{label}.png"))
    if before:
        page.set_viewport_size(before)


UNNAMED = """() => Array.from(document.querySelectorAll(
  "button, select, input, a[href], [tabindex='0']")).filter((e) => e.offsetParent !== null &&
  !((e.getAttribute("aria-label") || "").trim() || (e.textContent || "").trim() ||
    (e.labels && e.labels.length) || e.getAttribute("title"))).map((e) => e.outerHTML.slice(0, 80))"""
"""Every visible control without an accessible name (there must be none)."""


# --- sandwich (sandwich_act: the hosting tests' act) -------------------------------------


def test_sandwich_by_mouse_with_screens(contexts: Callable[..., Page], live: GameLive) -> None:
    page = contexts()
    lobby(page, "sandwich", seed="0", variant="short-limit")
    assert page.locator("#hand button.card svg").count() > 0  # cards drawn as cards
    shot = False
    for step in range(MAX_ACTIONS):
        if over(page):
            break
        cards = page.locator("#hand button.card").count()
        if not shot and step >= 1 and cards >= 2:
            assert page.evaluate(UNNAMED) == []
            shoot(page, "sandwich-mid")  # mid-game, with cards to play
            shot = True
        sandwich_act(page)
    assert shot
    assert over(page)
    assert "The game ended:" in (page.text_content("#result") or "")
    shoot(page, "sandwich-end")
    assert live.leaks == []


# --- insects ---------------------------------------------------------------------------


def insects_act(page: Page) -> None:
    """One action by mouse: an answer to an attack (defend first), else gold cards picked
    from the hand until a pile offers itself, then that pile."""
    answers = page.locator("#actions button.answer")
    if answers.count():
        defend = page.locator("#actions button.answer.primary")
        (defend if defend.count() else answers).first.click()
        settle(page)
        return
    for _ in range(12):
        targets = page.locator(".piles .target")
        if targets.count():
            targets.first.click()
            settle(page)
            return
        gold = page.locator("#hand button.gold[aria-pressed='false']")
        assert gold.count(), "no card to play and no answer offered"
        gold.first.click()
    raise AssertionError("no pile offered for the cards picked")


def my_turn(page: Page) -> bool:
    return (page.text_content("#turn") or "").startswith("Your turn")


def test_insects_by_mouse_with_screens(contexts: Callable[..., Page], live: GameLive) -> None:
    page = contexts()
    lobby(page, "insects", seed="5", variant="small-deck")
    documents = live.documents
    shot = attacked = moved = 0
    for _ in range(MAX_ACTIONS):
        if over(page):
            break
        assert my_turn(page)  # the computer answers at once
        moved += page.locator(".piles .arrive").count()  # a card just laid moves in
        if page.locator(".attack-note").count():
            attacked += 1
            # the attacking pile is shown, and marked
            assert page.locator(".piles .attacking").count() == 1
            if not shot:
                assert page.evaluate(UNNAMED) == []
                shoot(page, "insects-mid")
                shot = 1
        insects_act(page)
    assert over(page)
    assert attacked > 0 and moved > 0
    result = page.text_content("#result") or ""
    assert "The game ended:" in result and "food cards kept x 10" in result  # counted out
    # the log: the game's move numbers, rising, names instead of seat numbers
    numbers = [int(v) for v in page.eval_on_selector_all("#moves li", "l => l.map(e => e.value)")]
    assert numbers == sorted(numbers) and numbers[-1] <= int(seen(page) or 0)
    assert not any("seat 1" in line for line in page.locator("#moves li").all_text_contents())
    shoot(page, "insects-end")
    assert live.documents > documents + 5 and live.leaks == []


def focused(page: Page) -> dict[str, Any]:
    return page.evaluate(
        "() => { const e = document.activeElement; return {id: e.id, cls: e.className || '',"
        " pressed: e.getAttribute('aria-pressed'), tag: e.tagName}; }"
    )


def press_until(
    page: Page, key: str, wanted: Callable[[dict[str, Any]], bool], limit: int = 40
) -> None:
    for _ in range(limit):
        if wanted(focused(page)):
            return
        page.keyboard.press(key)
    assert wanted(focused(page)), f"{key} never reached the control: {focused(page)}"


def test_insects_by_keyboard_only(contexts: Callable[..., Page], live: GameLive) -> None:
    page = contexts(reduced_motion="reduce")  # and no card moves: the user asks for stillness
    page.select_option("#game", "insects")
    page.select_option("#variant", "small-deck")
    page.focus("#seed")
    page.keyboard.type("6")
    page.keyboard.press("Enter")  # Enter in the seed field starts the game
    settle(page)
    assert page.evaluate("document.getElementById('board-root').contains(document.activeElement)")
    cleared = 0
    for _ in range(MAX_ACTIONS):
        if over(page):
            break
        if page.locator("#actions button.answer").count():
            press_until(page, "Tab", lambda f: "answer" in f["cls"].split())
            page.keyboard.press("Enter")
            settle(page)
            continue
        for _ in range(12):
            if page.locator(".piles .target").count():
                break
            press_until(
                page,
                "ArrowRight",
                lambda f: "gold" in f["cls"].split() and f["pressed"] == "false",
                limit=20,
            )
            page.keyboard.press(" ")  # Space picks the focused card
            if not cleared:  # Escape clears the choice once
                page.keyboard.press("Escape")
                assert page.locator("#hand button.card[aria-pressed='true']").count() == 0
                cleared = 1
        press_until(page, "Shift+Tab", lambda f: "target" in f["cls"].split())
        page.keyboard.press("Enter")
        settle(page)
        assert page.evaluate("document.getAnimations().length") == 0
    assert over(page) and cleared == 1
    assert live.leaks == []


@pytest.mark.parametrize(
    ("game", "variant", "seed"), [("sandwich", "short-limit", "2"), ("insects", "small-deck", "7")]
)
def test_two_seats_through_the_lobby_and_a_spectator(
    contexts: Callable[..., Page], live: GameLive, game: str, variant: str, seed: str
) -> None:
    act = {"sandwich": sandwich_act, "insects": insects_act}[game]
    first = contexts()
    first.fill("#name-0", "Ann")
    lobby(first, game, mode="invite", seed=seed, variant=variant)
    second = contexts()
    second.click("#open-refresh")
    second.wait_for_selector("#open-list a.join-link")
    if game == "insects":
        second.select_option("#game", "insects")
        assert second.evaluate(UNNAMED) == []
        shoot(second, "lobby", "setup")  # the lobby, with the open table listed below
    join = second.locator("#open-list a.join-link").first
    join.click()  # only the address's # part changes: the page hears of it later
    expect(second.locator("#board")).to_be_visible()
    expect(second.locator("#hand-title")).to_contain_text("Player 2's hand")
    settle(second)
    assert "Ann" in (second.inner_text("#board-root") or "")  # the opener's name
    spectator = contexts()
    expect(first.locator("#watch-link")).to_have_value(re.compile("watch=1"))
    spectator.goto(first.input_value("#watch-link"))
    expect(spectator.locator("#spectate")).to_be_visible()
    settle(spectator)
    assert spectator.locator("#hand").count() == 0  # no hand in a spectator's page
    # the table from the public view: every seat with its hand size, no control
    boxes = spectator.locator("#spectate-board .seat, #spectate-board .opponent")
    assert boxes.count() == 2 and "in hand" in boxes.first.inner_text()
    assert spectator.locator("#spectate-board button").count() == 0
    pages = [first, second]
    for _ in range(MAX_ACTIONS):
        if over(first) and over(second):
            break
        deadline = time.monotonic() + 5
        while not any(my_turn(page) for page in pages) and not over(first):
            assert time.monotonic() < deadline, "no page saw its turn"
            first.wait_for_timeout(30)
        for page in pages:
            if my_turn(page):
                act(page)
        deadline = time.monotonic() + 5
        while seen(first) != seen(second):  # the other page follows by itself
            assert time.monotonic() < deadline, "the other page did not follow"
            first.wait_for_timeout(30)
    assert over(first) and over(second)
    ends = [(page.text_content("#result .reason") or "").split(".")[0] for page in pages]
    assert ends[0] == ends[1] and ends[0].startswith("The game ended:")
    deadline = time.monotonic() + 5
    while "Game over" not in (spectator.text_content("#spectate-turn") or ""):
        assert time.monotonic() < deadline, "the spectator did not see the end"
        spectator.wait_for_timeout(50)
    assert spectator.locator("#spectate-log li").count() > 10
    state = live.host.table(first.input_value("#watch-link").split("#game=")[1].split("&")[0]).state
    words = spectator.inner_text("#spectate-board")
    for size in map(sum, state.hands):
        assert f"{size} card" in words, words
    if game == "sandwich":  # the sandwiches on the table, as they lie
        shown = spectator.locator("#spectate-board [data-sandwich]").count()
        assert shown == sum(map(len, state.table))
    else:
        assert spectator.locator("#spectate-board .pile").count() == len(state.piles)
    assert spectator.locator("#hand, #spectate-board button").count() == 0
    assert live.leaks == [] and live.pushes > 0 and live.publics > 0


def test_a_poll_with_no_news_keeps_a_choice_half_made(
    contexts: Callable[..., Page], live: GameLive
) -> None:
    page = contexts()
    lobby(page, "insects", seed="5", variant="small-deck")
    while page.locator("#actions button.answer").count():
        insects_act(page)
    page.locator("#hand button.gold").first.click()
    assert page.locator("#hand button.card[aria-pressed='true']").count() == 1
    before = live.documents
    page.evaluate("refresh()")  # what the page does every 3 s without a live connection
    deadline = time.monotonic() + 5
    while live.documents == before or page.evaluate("game.refreshing"):
        assert time.monotonic() < deadline, "the page did not ask, or never took the answer"
        page.wait_for_timeout(20)  # until it asked, was answered and took the answer in
    settle(page)
    assert page.locator("#hand button.card[aria-pressed='true']").count() == 1
