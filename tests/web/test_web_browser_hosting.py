"""The page on the host, in headless Chromium: a reload, Back and a server restart return
to the same position; two browser contexts play one game through an invite link and see
each other's moves without asking; a spectator sees the public log and the table, no hand."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Error, Page, Route, WebSocket, expect
from web_live import NOTATION_LINE, Checker, Live, free_port, picnic_serve, settle, stored

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "web"


def shoot(page: Page, name: str) -> None:
    """Screenshots of ``page`` as a phone and as a desktop shows it (``test-artifacts/web/
    hosting-NAME-phone.png`` and ``-desktop.png``), for a person to look at."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size or PHONE
    for label, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(viewport)
        page.screenshot(path=str(ARTIFACTS / f"hosting-{name}-{label}.png"), full_page=True)
    page.set_viewport_size(size)


def checked(context: BrowserContext, checker: Checker) -> None:
    """Every answer of the API and every pushed message ``context``'s pages receive, checked
    by ``checker`` before the page sees it (for a server in another process, whose sending
    this process cannot watch)."""

    def answer(route: Route) -> None:
        try:
            response = route.fetch()
            body = response.body()
        except Error:  # the server is away: the page sees the same failure
            route.abort()
            return
        checker.check(urlsplit(route.request.url).path, response.status, body)
        route.fulfill(response=response, body=body)

    context.route("**/api/**", answer)


def watched(page: Page, checker: Checker) -> None:
    """Every message pushed to ``page``'s WebSockets checked by ``checker``."""

    def frames(socket: WebSocket) -> None:
        path = urlsplit(socket.url).path
        socket.on("framereceived", lambda text: checker.check_push(path, str(text)))

    page.on("websocket", frames)


@pytest.fixture
def contexts(browser: Browser, live: Live) -> Iterator[Any]:
    """A maker of browser contexts (each its own browser storage), closed at the end, and
    no script error on any of their pages. A context made with a :class:`Checker` has its
    answers and pushed messages checked by it (a ``picnic serve`` in another process);
    every checker has found no leak at the end."""
    made: list[BrowserContext] = []
    errors: list[str] = []
    checkers: list[Checker] = [live]

    def make(checker: Checker | None = None, viewport: dict[str, int] = PHONE) -> Page:
        context = browser.new_context(viewport=viewport)
        context.set_default_timeout(8000)
        made.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        if checker is not None:
            checked(context, checker)
            watched(page, checker)
            checkers.append(checker)
        return page

    yield make
    for context in made:
        context.close()
    assert errors == []
    for checker in checkers:
        assert checker.leaks == []


def wait_until(check: Any, seconds: float = 5.0) -> float:
    """Wait until ``check()`` is true; return how long it took."""
    started = time.monotonic()
    while not check():
        assert time.monotonic() - started < seconds, "waited in vain"
        time.sleep(0.02)
    return time.monotonic() - started


def seen(page: Page) -> str | None:
    return page.evaluate("document.body.dataset.seen || null")


def live_open(page: Page) -> bool:
    return page.evaluate("document.body.dataset.live === 'open'")


def position(page: Page) -> tuple[Any, ...]:
    """What the page shows of the game: the move count, the turn, the table, the hand."""
    settle(page)
    page.wait_for_selector("#board", state="visible")
    return (
        seen(page),
        page.text_content("#turn"),
        page.inner_text("#table"),
        page.inner_text("#hand"),
    )


def my_turn(page: Page) -> bool:
    return page.is_visible("#end") or page.locator("#hand button.gold, #hand .discard").count() > 0


def act(page: Page) -> None:
    """One action of the seat whose turn it is: a gold card (with its first targets), else a
    forced discard, else the end of the turn."""
    gold = page.locator("#hand button.gold")
    if gold.count():
        gold.first.click()
        for _ in range(2):
            if page.locator("#table .target").count():
                page.locator("#table .target").first.click()
                settle(page)
    elif page.locator("#hand button.discard").count():
        page.locator("#hand button.discard").first.click()
    else:
        page.click("#end")
    settle(page)


def start(page: Page, url: str, mode: str, seed: str) -> None:
    page.goto(url + "/")
    page.select_option("#mode", mode)
    page.fill("#seed", seed)
    page.click("#new-game")
    settle(page)


def test_a_reload_back_and_a_new_tab_return_to_the_same_position(contexts: Any, live: Live) -> None:
    page = contexts()
    start(page, live.url, "computer", "4")
    for _ in range(3):
        act(page)
    before = position(page)
    assert "#game=" in page.url and "token=" in page.url
    page.reload()
    assert position(page) == before
    shoot(page, "reloaded")
    page.goto("about:blank")
    page.go_back()
    assert position(page) == before
    fresh = page.context.new_page()  # no address: the browser's storage has the game
    fresh.goto(live.url + "/")
    assert position(fresh) == before
    act(fresh)  # and it plays on
    assert seen(fresh) != before[0]


def test_a_server_restart_mid_game_returns_to_the_same_position(
    contexts: Any, tmp_path: Path
) -> None:
    port, db = free_port(), str(tmp_path / "tables.db")
    url = f"http://127.0.0.1:{port}"
    checker = Checker(stored(f"sqlite:///{db}"))
    page = contexts(checker)
    with picnic_serve(port, db):
        start(page, url, "computer", "4")
        for _ in range(3):
            act(page)
        before = position(page)
        wait_until(lambda: live_open(page))
    wait_until(lambda: not live_open(page))  # the page saw the server go
    with picnic_serve(port, db):
        wait_until(lambda: live_open(page), 15)  # and reconnects by itself
        assert position(page) == before
        shoot(page, "restarted")
        page.reload()
        assert position(page) == before
        act(page)
        assert seen(page) != before[0]
    assert checker.documents >= 6 and checker.pushes >= 2 and checker.leaks == []


def test_two_contexts_play_through_an_invite_and_see_moves_without_asking(
    contexts: Any, live: Live
) -> None:
    first = contexts()
    start(first, live.url, "invite", "4")
    expect(first.locator("#invite-link")).to_have_value(re.compile("invite="))
    expect(first.locator("#watch-link")).to_have_value(re.compile("watch=1"))
    invite = first.input_value("#invite-link")
    watch_link = first.input_value("#watch-link")
    second = contexts()
    second.goto(invite)
    settle(second)
    expect(second.locator("#hand-title")).to_contain_text("Player 2's hand")
    assert "invite=" not in second.url and "token=" in second.url
    wait_until(lambda: live_open(second) and live_open(first))
    asked: list[str] = []
    second.on("request", lambda request: asked.append(request.url))
    # the first player plays a whole turn; the second's page follows each move by itself
    for _ in range(20):
        if not my_turn(first):
            break
        count = seen(first)
        act(first)
        assert seen(first) != count
        took = wait_until(lambda: seen(second) == seen(first), 2.5)
        assert took < 2.0  # pushed: the page asks on its own only every 3 s
    assert not my_turn(first)
    wait_until(lambda: my_turn(second), 2.5)
    assert (second.text_content("#turn") or "").startswith("Your turn")
    shoot(first, "invite-first-seat")
    shoot(second, "invite-second-seat")
    assert all("/api/games/" in address for address in asked)  # only its own updates
    # a spectator sees the public log and the table
    spectator = contexts()
    spectator.goto(watch_link)
    settle(spectator)
    spectator.wait_for_selector("#spectate", state="visible")
    assert spectator.is_hidden("#board") and spectator.is_hidden("#hand")
    assert (spectator.text_content("#hint") or "").startswith("You are watching")  # not how to play
    # the table as every seat sees it: both seats' sandwiches and hand sizes, no hand's cards
    state = live.host.table(watch_link.split("#game=")[1].split("&")[0]).state
    seats = spectator.locator("#spectate-board #table .seat")
    assert seats.count() == 2
    for seat, hand in enumerate(state.hands):
        words = seats.nth(seat).inner_text()
        assert f"{sum(hand)} card" in words and "in hand" in words, words
        shown = seats.nth(seat).locator("[data-sandwich]").count()
        assert shown == len(state.table[seat]), (seat, shown)
    assert "Draw pile: " in spectator.inner_text("#spectate-board #piles")
    assert spectator.locator("#spectate-board button, #spectate-board .card").count() == 0
    lines = spectator.locator("#spectate-log li").all_text_contents()
    assert lines and not any(NOTATION_LINE.fullmatch(line.lower()) for line in lines)
    assert not any(
        "seat" in line for line in lines
    )  # the players by their names, as seats see them
    assert any(line.startswith("Player 1 ") for line in lines)
    shoot(spectator, "spectator")
    wait_until(lambda: live_open(spectator))
    # the second player moves; both other pages follow without asking
    act(second)
    wait_until(lambda: seen(first) == seen(second) == seen(spectator), 2.5)
    assert len(spectator.locator("#spectate-log li").all_text_contents()) > len(lines)
    # the invite works once: a third browser is refused
    third = contexts()
    third.goto(invite)
    settle(third)
    # the page may still be asking when it first reads as settled: wait for its answer
    wait_until(lambda: "taken" in (third.text_content("#message") or ""))
    assert third.is_hidden("#board")
    shoot(third, "invite-taken")
    assert live.leaks == [] and live.pushes > 0 and live.publics > 0


def slow_network(page: Page, latency: float = 0.6) -> None:
    """Every request of ``page`` answered ``latency`` seconds late (Chromium's own network
    emulation): the page of a busy machine."""
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    session.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": latency * 1000,
            "downloadThroughput": -1,
            "uploadThroughput": -1,
        },
    )


def test_the_tests_wait_for_a_page_whose_answers_come_late(contexts: Any, live: Live) -> None:
    # the race of issue 40: "New game" clicked, or an invite opened, before the lobby has
    # answered starts nothing until it does -- and the page reads as not busy meanwhile
    first = contexts()
    slow_network(first)
    start(first, live.url, "invite", "4")
    assert "invite=" in first.input_value("#invite-link")  # read at once, and there
    second = contexts()
    slow_network(second)
    second.goto(first.input_value("#invite-link"))
    assert second.get_attribute("body", "data-busy") == "false"  # the page has not begun
    settle(second)
    assert "Player 2's hand" in (second.text_content("#hand-title") or "")


def test_a_game_the_server_no_longer_has_is_said_so_not_left_playable(contexts: Any) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    checker = Checker()  # its tables are in its own memory: each document checked as a seat's
    page = contexts(checker)
    with picnic_serve(port, "memory:"):
        start(page, url, "computer", "4")
        act(page)
        assert page.is_visible("#board")
    with picnic_serve(port, "memory:"):  # a server that keeps no tables was restarted
        wait_until(lambda: "no longer on this server" in (page.text_content("#message") or ""), 10)
        assert page.is_hidden("#board") and "#game=" not in page.url
        shoot(page, "game-gone")
        page.reload()  # the browser forgot the game: the set-up form, no error
        settle(page)
        assert page.is_hidden("#board") and page.is_visible("#new-game")
    assert checker.documents >= 2 and checker.pushes >= 1 and checker.leaks == []
