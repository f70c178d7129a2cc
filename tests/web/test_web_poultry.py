"""The poultry board (``static/boards/poultry.js``) in headless Chromium (Debian's
``chromium``, driven by Playwright): whole games against the computer by mouse and by
keyboard only, the others' face-down commitments shown as card backs until the reveal,
haggling by buttons, and no answer of the server ever holding a hidden card.

Until the page shell draws every game, the board is driven by a small test page of its
own (``board_page.html`` and a driver served here) that fetches the seat's document from
the real server, calls the board's ``draw`` and posts the moves it plays. This module also
holds that harness; ``test_web_ants.py`` uses it."""

from __future__ import annotations

import contextlib
import json
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Mount, Route
from web_live import Checker, recording

from picnic_rules import codec, poultry
from picnic_rules.host import Host
from picnic_rules.web import NO_LIMITS, create_app, listen, server
from picnic_rules.web.app import HEADERS

HERE = Path(__file__).resolve().parent
ARTIFACTS = HERE.parents[1] / "test-artifacts" / "web"
SIZES = [(320, 640), (390, 844), (1280, 800)]
"""The screenshot sizes: small and common phones, a desktop."""
MAX_ACTIONS = 300

DRIVER = """
"use strict";
// Draws one seat's document with the board of its game and plays the moves it asks for.
(function () {
  const query = new URLSearchParams(location.search);
  const game = query.get("game"), id = query.get("id"), token = query.get("token");
  const names = (query.get("names") || "").split(",").filter(Boolean);
  const root = document.getElementById("board");
  const headers = { "Content-Type": "application/json", Authorization: "Bearer " + token };
  let answer = null, busy = true;
  function ctx() {
    return { seat: answer.update.update.seat, names, busy, spectator: false, play,
      reducedMotion: matchMedia("(prefers-reduced-motion: reduce)").matches };
  }
  function show() {
    window.PicnicBoards.get(game).draw(root, answer, ctx());
    document.body.dataset.seen = String(answer.seen);
    document.body.dataset.busy = String(busy);
  }
  async function fetchAll() {
    const got = await fetch("/api/games/" + id + "?since=0", { headers, cache: "no-store" });
    answer = await got.json();
  }
  async function play(notation) {
    busy = true;
    show();
    const sent = await fetch("/api/games/" + id + "/moves",
      { method: "POST", headers, body: JSON.stringify({ move: notation, seen: answer.seen }) });
    const said = await sent.json();
    document.getElementById("message").textContent = sent.ok ? "" : said.reason;
    await fetchAll();
    busy = false;
    show();
  }
  const script = document.createElement("script");
  script.src = "/static/boards/" + game + ".js";
  script.addEventListener("load", async () => { await fetchAll(); busy = false; show(); });
  document.head.append(script);
})();
"""


class BoardChecker(Checker):
    """The web tests' checker for any game: each seat's document is exactly that seat's
    view and observations of the table's true state (decoded with the table's game), and
    never names a state's hidden field."""

    def check(self, path: str, status: int, body: bytes) -> None:
        """Check one answer of the server (see :meth:`Checker.check`)."""
        try:
            if not path.startswith("/api/games/") or status >= 400:
                return
            text = body.decode()
            assert '"hands"' not in text and '"draw_pile"' not in text, path
            answer = json.loads(text)
            if "update" not in answer or self.truth is None:
                return
            table = self.truth(path.split("/")[3])
            game = table.game
            update = codec.decode(answer["update"], "update", game)
            seen = answer["seen"]
            assert update.seat in table.humans, "a document for the computer's seat"
            assert update.view == game.view(table.states[seen], update.seat), "not the seat's view"
            since = seen - len(update.observations)
            told = [entry.observation for entry in update.observations]
            assert told == [
                game.observe(table.states[index], table.moves[index], update.seat)
                for index in range(since, seen)
            ], "not the seat's observations"
            self.documents += 1
        except Exception as exc:
            self.leaks.append(f"{path}: {exc!r}")


class Boards(BoardChecker):
    """A running server with the board test page: its address and its host."""

    def __init__(self, url: str, host: Host) -> None:
        super().__init__(host.table)
        self.url = url
        self.host = host

    def page_url(self, game: str, table: str, token: str, names: list[str]) -> str:
        """The test page of ``game``'s board for the seat holding ``token``."""
        query = urllib.parse.urlencode(
            {"game": game, "id": table, "token": token, "names": ",".join(names)}
        )
        return f"{self.url}/test/board_page.html?{query}"


def board_app(host: Host) -> Starlette:
    """The real web application (which serves the boards' scripts) with the board test
    page and its driver."""

    def answer(body: bytes, kind: str) -> Response:
        return Response(body, media_type=kind, headers=HEADERS)

    async def page(request: Request) -> Response:
        return answer((HERE / "board_page.html").read_bytes(), "text/html; charset=utf-8")

    async def driver(request: Request) -> Response:
        return answer(DRIVER.encode(), "text/javascript; charset=utf-8")

    routes = [
        Route("/test/board_page.html", page),
        Route("/test/driver.js", driver),
        Mount("/", app=create_app(host, limits=NO_LIMITS, every=1.0)),
    ]
    return Starlette(routes=routes)


@contextlib.contextmanager
def boards_serving() -> Iterator[Boards]:
    """The board server on a free port of 127.0.0.1 for the ``with`` block, every answer
    checked as it is sent."""
    host = Host()
    sock = listen("127.0.0.1", 0)
    holder = [Boards(f"http://127.0.0.1:{sock.getsockname()[1]}", host)]
    running = server(recording(board_app(host), holder), None, lifespan="off")
    thread = threading.Thread(target=running.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not running.started:
        assert time.monotonic() < deadline, "the web server did not start"
        time.sleep(0.01)
    try:
        yield holder[0]
    finally:
        running.should_exit = True
        thread.join(10)
        sock.close()


@pytest.fixture(scope="module")
def boards() -> Iterator[Boards]:
    """One board server for the tests of a module."""
    with boards_serving() as served:
        yield served


def open_page(
    browser: Browser, url: str, size: tuple[int, int] = (390, 844), motion: str = "no-preference"
) -> tuple[Page, list[str]]:
    """A new context's page at ``url`` once its board is drawn, and its script errors."""
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]}, reduced_motion=motion
    )
    context.set_default_timeout(8000)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.on(
        "console",
        lambda message: errors.append(message.text) if message.type == "error" else None,
    )
    opened.goto(url)
    settle(opened)
    return opened, errors


def settle(page: Page) -> None:
    """Wait until the page is not waiting for the server."""
    page.wait_for_selector("body[data-busy='false']", state="attached")


def shoot(page: Page, name: str) -> None:
    """Screenshots of the whole page at every size of :data:`SIZES`."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        still(page)
        page.screenshot(path=str(ARTIFACTS / f"{name}-{width}x{height}.png"), full_page=True)
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{name} is {overflow} px wider than {width} px"
    page.set_viewport_size({"width": 390, "height": 844})


def still(page: Page) -> None:
    """Wait until no animation runs (the page's policy forbids a waiting function)."""
    for _ in range(100):
        if page.evaluate("document.getAnimations().length") == 0:
            return
        page.wait_for_timeout(20)
    raise AssertionError("an animation never ended")


def press_to(page: Page, selector: str, tries: int = 80) -> None:
    """Tab (only the keyboard) until the focus is on an element matching ``selector``."""
    for _ in range(tries):
        if page.evaluate(
            "(s) => !!document.activeElement && document.activeElement.matches(s)", selector
        ):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


SHORT = poultry.Rules(green_grain=6, blue_grain=6, yellow_grain=6)
"""Poultry with 18 grains: three rounds."""


def open_table(
    boards: Boards, seed: int, players: int = 2, computers: int = 1, rules: Any = SHORT
) -> tuple[str, dict[int, str]]:
    """A poultry table with the last ``computers`` seats played by the computer."""
    agents = {seat: "computer" for seat in range(players - computers, players)}
    opened = boards.host.open("poultry", players=players, agents=agents, seed=seed, rules=rules)
    return opened.table, dict(opened.tokens)


NAMES = ["Ann", "The computer", "Bea"]


def commit_by_mouse(page: Page) -> None:
    """Pick the first cards the hand offers until a commitment is legal, then Commit."""
    for _ in range(3):
        if page.is_enabled("#pp-commit"):
            break
        page.locator(".pp-hand button:not([disabled])[aria-pressed='false']").first.click()
    page.click("#pp-commit")
    settle(page)


def play_game(page: Page, act: Callable[[Page, str], None]) -> dict[str, int]:
    """Play the seat's moves with ``act`` (given ``"commit"`` or a haggle move's notation)
    until the result shows; how often each kind of move was made."""
    made = {"commit": 0, "haggle": 0}
    for _ in range(MAX_ACTIONS):
        if page.is_visible("#pp-result"):
            return made
        if page.locator("#pp-commit").count():
            act(page, "commit")
            made["commit"] += 1
        elif page.locator("#pp-haggle button").count():
            act(page, page.locator("#pp-haggle button").first.get_attribute("data-move") or "")
            made["haggle"] += 1
        else:
            raise AssertionError("no control offered and no result: " + page.inner_text("#board"))
    raise AssertionError("the game did not end")


def test_a_whole_game_by_mouse_with_haggling_and_screenshots(
    browser: Browser, boards: Boards
) -> None:
    table, tokens = open_table(boards, seed=5)
    page, errors = open_page(browser, boards.page_url("poultry", table, tokens[0], NAMES))
    assert page.locator(".pp-yard").count() == 6  # the six farmyards, left to right
    assert page.get_attribute(".pp-yard >> nth=1", "data-yard") == "blue"
    hand = page.locator(".pp-hand button")
    assert hand.count() == 6 and page.is_disabled("#pp-commit")  # 2 players: six cards

    def act(page: Page, what: str) -> None:
        if what == "commit":
            commit_by_mouse(page)
        else:
            page.click(f"#pp-haggle button[data-move='{what}']")
            settle(page)
        if page.locator("#pp-haggle").count() and not hasattr(act, "shot"):
            act.shot = True  # type: ignore[attr-defined]
            shoot(page, "poultry-haggle")

    act(page, "commit")
    shoot(page, "poultry-mid")
    made = play_game(page, act)
    assert made["haggle"] >= 1  # this seed's games haggle
    result = page.inner_text("#pp-result")
    assert "points" in result and ("wins" in result or "share" in result)
    shoot(page, "poultry-end")
    assert boards.host.table(table).outcome is not None
    assert errors == [] and boards.leaks == [] and boards.documents >= 4


def test_a_whole_game_by_keyboard_only(browser: Browser, boards: Boards) -> None:
    table, tokens = open_table(boards, seed=8, players=3, computers=2)
    page, errors = open_page(
        browser, boards.page_url("poultry", table, tokens[0], NAMES), motion="reduce"
    )

    def act(page: Page, what: str) -> None:
        if what == "commit":
            for _ in range(3):
                if page.is_enabled("#pp-commit"):
                    break
                press_to(page, ".pp-hand button:not([disabled])[aria-pressed='false']")
                page.keyboard.press("Space")
                assert page.evaluate("document.activeElement.tagName") == "BUTTON"  # focus kept
            press_to(page, "#pp-commit")
            page.keyboard.press("Enter")
        else:
            press_to(page, f"#pp-haggle button[data-move='{what}']")
            page.keyboard.press("Enter")
        settle(page)

    made = play_game(page, act)
    assert made["commit"] == 3  # three rounds of 18 grains
    for control in page.locator("button").all():  # every control has an accessible name
        assert (control.get_attribute("aria-label") or control.inner_text()).strip()
    assert errors == [] and boards.leaks == []


def test_the_others_commitments_are_card_backs_until_the_reveal(
    browser: Browser, boards: Boards
) -> None:
    opened = boards.host.open("poultry", players=2, seed=3, rules=SHORT)
    table, tokens = opened.table, opened.tokens
    first, errors = open_page(browser, boards.page_url("poultry", table, tokens[0], ["Ann", "Bob"]))
    commit_by_mouse(first)
    committed = boards.host.table(table).state.played[0]
    assert len(committed) == 2
    # Ann sees her own commitment face up, and waits for Bob
    assert first.locator("section[data-seat='0'] .pp-committed svg.pp-back").count() == 0
    assert "waiting for Bob" in first.inner_text("#pp-status")
    second, more = open_page(browser, boards.page_url("poultry", table, tokens[1], ["Ann", "Bob"]))
    backs = second.locator("section[data-seat='0'] .pp-committed svg.pp-back")
    assert backs.count() == 2  # two face-down cards, nothing of their faces
    assert second.locator("section[data-seat='0'] .pp-card:not(.pp-back)").count() == 0
    assert second.locator(".pp-yard-cards figure").count() == 0
    commit_by_mouse(second)  # Bob commits: both are revealed at the yards
    assert (
        second.locator(".pp-yard-cards figure[data-seat='0']").count()
        + second.locator(".pp-events").count()
        >= 1
    )
    assert "Ann" in second.inner_text("#board")
    assert errors == [] and more == [] and boards.leaks == []
