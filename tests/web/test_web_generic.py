"""A game the web knows nothing of, installed as a package, on ``picnic serve``: the example
game ``examples/keep_or_swap`` (a board of none of its own) is offered by the lobby and
played to the end in headless Chromium on the generic board, by mouse and by keyboard, and
a game that ships its own board file is played on that board.

The games are installed with pip, the way a user installs them (``pip install
examples/keep_or_swap``), into a folder of this test's own (``pip install --target``),
which the ``picnic serve`` subprocess has on its ``PYTHONPATH``: only the package's
``picnic_rules.games`` entry point tells picnic_rules of the game, nothing of the example
changes, and this test process's :data:`~picnic_rules.GAMES` stays as it was. (pip builds
the packages with this environment's setuptools when it has one, else it fetches them as
any ``pip install`` does: from the index.) Every seat document the page receives is read back with the
codec against the game and must show no other seat's card before the showdown.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from games import BUILT_IN
from playwright.sync_api import Browser, Page, Response
from web_live import PROGRAM, free_port

import picnic_rules
from picnic_rules import codec

pytestmark = [pytest.mark.browser, pytest.mark.slow]
"""These tests drive Chromium and install packages."""

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "keep_or_swap"
SOURCE = Path(picnic_rules.__file__).parents[1]  # the picnic_rules these tests import
NAME = "keep-or-swap"
BOARDED = "keep-or-swap-boarded"
"""The game of the package this test makes: keep or swap with a board file of its own."""

BOARD_JS = """\
// A board shipped by an installed game: every legal move as a button of its own kind.
"use strict";
(function () {
  const B = window.PicnicBoards;
  B.register("keep-or-swap-boarded", {
    hint: "The shipped board: press a move.",
    draw(root, doc, ctx) {
      const board = B.el("div", { class: "own-board", "data-game": "keep-or-swap-boarded" });
      const moves = doc.to_move === ctx.seat ? doc.legal_moves : [];
      for (const move of moves) {
        board.append(B.el("button", { type: "button", class: "own-move", "data-move": move.notation,
          onclick: () => ctx.play(move.notation) }, "Shipped: " + move.notation));
      }
      root.append(board);
    },
  });
})();
"""
"""The board file the made package ships, a resource of its package."""

BOARDED_INIT = """\
\"\"\"Keep or Swap with a board file of its own (made by the web tests).\"\"\"
import attrs
from keep_or_swap import GAME as PLAIN

GAME = attrs.evolve(PLAIN, name="keep-or-swap-boarded", board="keep_or_swap_boarded:board.js")
"""

BOARDED_PROJECT = """\
[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "keep-or-swap-boarded"
version = "0.1.0"
dependencies = ["keep-or-swap"]

[project.entry-points."picnic_rules.games"]
keep-or-swap-boarded = "keep_or_swap_boarded:GAME"

[tool.setuptools]
packages = ["keep_or_swap_boarded"]

[tool.setuptools.package-data]
keep_or_swap_boarded = ["board.js"]
"""


def builds_here() -> bool:
    """Whether this environment can build a setuptools package itself (setuptools 70.1 or
    later, or an older one with wheel): then pip needs no index to build one."""
    try:
        from importlib.metadata import version

        major, minor = (int(part) for part in version("setuptools").split(".")[:2])
    except Exception:  # no setuptools, or a version of another form
        return False
    return (major, minor) >= (70, 1) or importlib.util.find_spec("wheel") is not None


def pip_install(target: Path, project: Path) -> None:
    """``pip install --no-deps --target TARGET PROJECT``, built with this environment's
    setuptools when it can (:func:`builds_here`), else as pip builds any package."""
    command = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-input"]
    if builds_here():
        command.append("--no-build-isolation")
    command += ["--target", str(target), str(project)]
    ran = subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=project)
    assert ran.returncode == 0, ran.stdout + ran.stderr


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder the example game and the made game are pip-installed into."""
    target = tmp_path_factory.mktemp("site")
    pip_install(target, EXAMPLE)
    made = tmp_path_factory.mktemp("boarded")
    (made / "pyproject.toml").write_text(BOARDED_PROJECT)
    (made / "keep_or_swap_boarded").mkdir()
    (made / "keep_or_swap_boarded" / "__init__.py").write_text(BOARDED_INIT)
    (made / "keep_or_swap_boarded" / "board.js").write_text(BOARD_JS)
    pip_install(target, made)
    assert (target / "keep_or_swap.py").is_file()
    assert (target / "keep_or_swap_boarded" / "board.js").is_file()
    return target


@pytest.fixture(scope="module")
def example(site: Path) -> ModuleType:
    """The installed example's module, imported in this process by its path only (so it
    joins no registry here): the game the documents are checked against."""
    spec = importlib.util.spec_from_file_location(
        "keep_or_swap_installed", site / "keep_or_swap.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # attrs and the kit look the module up by name
    spec.loader.exec_module(module)
    return module


@contextlib.contextmanager
def serve(site: Path) -> Iterator[str]:
    """``picnic serve`` in a subprocess that finds the installed games; its address."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(SOURCE)])}
    command = [sys.executable, "-c", PROGRAM, "serve", "--port", str(port), "--db", "memory:"]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(url + "/", timeout=5) as page:
                    page.read()
                    break
            except OSError:
                if process.poll() is not None:
                    raise AssertionError(f"picnic serve stopped: {process.communicate()}") from None
                assert time.monotonic() < deadline, "picnic serve did not answer"
                time.sleep(0.05)
        yield url
    finally:
        process.send_signal(signal.SIGINT)
        try:
            _, errors = process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            _, errors = process.communicate()
    assert "Warning" not in errors, errors  # no entry point skipped, no board unread


@pytest.fixture(scope="module")
def server(site: Path) -> Iterator[str]:
    """This module's ``picnic serve``, with both games installed."""
    with serve(site) as url:
        yield url


def fetch(url: str) -> tuple[str, bytes]:
    with urllib.request.urlopen(url, timeout=20) as answer:
        return answer.headers["Content-Type"], answer.read()


class Pages:
    """Pages of the server, each in its own browser context, with their script errors
    (there must be none), and every seat document they received, read back with the
    codec against the example game."""

    def __init__(self, browser: Browser, server: str, example: ModuleType) -> None:
        self.browser = browser
        self.server = server
        self.game = example.GAME
        self.contexts: list[Any] = []
        self.errors: list[str] = []
        self.updates: list[Any] = []

    def open(self, url: str = "", size: tuple[int, int] = (390, 844)) -> Page:
        context = self.browser.new_context(viewport={"width": size[0], "height": size[1]})
        context.set_default_timeout(8000)
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on(
            "console",
            lambda message: self.errors.append(message.text) if message.type == "error" else None,
        )
        page.on("response", self.received)
        page.goto(url or self.server + "/")
        if not url:
            page.wait_for_selector("#seat-1", state="attached")  # the lobby is filled in
        return page

    def received(self, response: Response) -> None:
        """Read back a seat's document as the example game's update (the codec checks it
        is a seat's own: its view, its legal moves, its picture and figures)."""
        if "/api/games/" not in response.url or response.request.method == "OPTIONS":
            return
        try:
            answer = json.loads(response.body())
        except Exception:  # not JSON, or gone with its page
            return
        if isinstance(answer, dict) and "update" in answer and answer["update"]["game"] == NAME:
            try:
                self.updates.append(codec.decode(answer["update"], "update", self.game))
            except Exception as exc:  # recorded, so the test fails with it
                self.errors.append(f"{response.url}: {exc!r}")


@pytest.fixture
def pages(browser: Browser, server: str, example: ModuleType) -> Iterator[Pages]:
    made = Pages(browser, server, example)
    try:
        yield made
    finally:
        for context in made.contexts:
            context.close()
    assert made.errors == []


def settle(page: Page) -> None:
    page.wait_for_selector("body[data-busy='false']", state="attached")


def start(
    page: Page, game: str, players: str, mode: str, seed: str, keyboard: bool = False
) -> None:
    page.select_option("#game", game)
    page.select_option("#players", players)
    page.select_option("#mode", mode)
    if keyboard:
        page.focus("#seed")
        page.keyboard.type(seed)
        page.keyboard.press("Enter")
    else:
        page.fill("#seed", seed)
        page.click("#new-game")
    settle(page)


def no_card_of_another_seat(updates: list[Any]) -> None:
    """Before the showdown a seat's document shows its own card alone (the kit's
    visibility: another seat's hand is ``None``); every document's picture is its view's."""
    assert updates
    for update in updates:
        hands = update.view.hands
        if update.outcome is None:
            assert [seat for seat, hand in enumerate(hands) if hand is not None] == [update.seat]
        else:
            assert all(hand is not None for hand in hands)  # shown at the showdown


def test_the_lobby_offers_the_installed_games_with_their_words_and_boards(
    server: str, example: ModuleType
) -> None:
    kind, body = fetch(server + "/api/lobby")
    games = {entry["name"]: entry for entry in json.loads(body)["games"]}
    assert {*BUILT_IN, NAME, BOARDED} <= set(games)
    entry = games[NAME]
    assert entry["title"] == example.GAME.title == "Keep or Swap"
    assert entry["short"] == "Keep or swap" and entry["board"] is False  # the generic board
    assert entry["reasons"] == {"showdown": "showdown"} and entry["score_word"] == "Scores"
    assert entry["kinds"] == ["person", "open", "random"]  # no computer player of its own
    assert games[BOARDED]["board"] is True and games["poultry"]["board"] is True
    kind, script = fetch(f"{server}/static/boards/{BOARDED}.js")
    assert kind.startswith("text/javascript") and script.decode() == BOARD_JS
    with pytest.raises(urllib.error.HTTPError) as missing:
        fetch(f"{server}/static/boards/{NAME}.js")
    assert missing.value.code == 404


def test_keep_or_swap_played_to_the_end_by_mouse_on_the_generic_board(pages: Pages) -> None:
    page = pages.open()
    page.fill("#name-0", "Ann")
    page.fill("#name-1", "Bob")
    start(page, NAME, players="3", mode="pass", seed="4")
    assert page.text_content("#title") == "Keep or Swap"
    assert page.title() == "Keep or swap — picnic_rules"
    assert "Every button is a legal move" in (page.text_content("#hint") or "")
    turns = 0
    while not page.is_visible("#result"):
        assert turns < 6, "the game did not end"
        page.wait_for_selector("#cover", state="visible")
        assert page.locator("#board-root *").count() == 0  # the last hand left the page
        page.click("#cover-button")
        settle(page)
        page.wait_for_selector("#board-root [data-generic]")
        assert page.get_attribute("#board-root [data-generic]", "data-game") == NAME
        picture = page.text_content("#gb-picture") or ""
        update = pages.updates[-1]
        assert picture == pages.game.render(update.view)  # the game's own picture, no more
        seat = update.seat
        buttons = page.locator("#gb-moves button.gb-move")
        assert buttons.count() == 2 and buttons.first.get_attribute("data-move") == "keep"
        assert "Your move: keep" in buttons.first.inner_text()  # the game's words
        buttons.nth(turns % 2).click()  # keep, then swap, then keep
        settle(page)
        turns += 1
        assert pages.updates[-1].seat == seat
    assert turns == 3  # each seat acted once
    result = page.text_content("#result") or ""
    outcome = pages.updates[-1].outcome
    assert outcome is not None and "The game ended: showdown. Scores: " in result
    assert ("Ann: " + str(outcome.scores[0])) in result and "Bob" in result
    assert page.is_visible("#gb-picture") and "Keep or Swap" in page.text_content("#gb-picture")
    no_card_of_another_seat(pages.updates)
    assert page.locator("#moves li").count() >= 6  # the log: the deal and the three moves


def test_keep_or_swap_played_to_the_end_by_keyboard_only(pages: Pages) -> None:
    page = pages.open(size=(1280, 800))
    start(page, NAME, players="2", mode="computer", seed="9", keyboard=True)
    assert [page.input_value(f"#seat-{seat}") for seat in (0, 1)] == ["person", "random"]
    page.wait_for_selector("#board-root [data-generic]")
    # the focus is on the table once the game starts (no key that started it acts on a
    # move); Tab reaches the first move, and the arrows move between moves
    assert page.evaluate("document.activeElement.id") == "board-root"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.move") == "keep"
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.move") == "swap"
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.move") == "keep"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.move") == "swap"
    page.keyboard.press("Enter")  # swap
    settle(page)
    page.wait_for_selector("#result", state="visible")
    assert page.evaluate("document.activeElement.id") == "result"  # the result is read out
    assert "The game ended: showdown." in (page.text_content("#result") or "")
    last = pages.updates[-1]
    assert last.outcome is not None and page.text_content("#gb-picture") == pages.game.render(
        last.view
    )
    no_card_of_another_seat(pages.updates)
    seen = [item.observation for update in pages.updates for item in update.observations]
    assert any(str(item.move) == "swap" and item.actor == 0 for item in seen)  # the move made


def test_a_spectator_sees_the_public_table_on_the_generic_board(pages: Pages) -> None:
    page = pages.open()
    start(page, NAME, players="2", mode="invite", seed="3")
    watcher = pages.open(page.input_value("#watch-link"))
    watcher.wait_for_selector("#spectate [data-generic]")
    text = watcher.text_content("#spectate-board") or ""
    assert "The table of keep-or-swap: 2 seats." in text
    # the public view, field by field: how many cards each seat holds, never a card
    shown = dict(
        zip(
            watcher.locator("#spectate dt").all_text_contents(),
            watcher.locator("#spectate dd").all_text_contents(),
            strict=True,
        )
    )
    assert shown["hands"] == "[null,null]" and shown["held"] == "[1,1]"


def test_a_game_that_ships_its_board_is_played_on_it(pages: Pages) -> None:
    page = pages.open()
    start(page, BOARDED, players="2", mode="computer", seed="2")
    page.wait_for_selector("#board-root .own-board")
    assert page.text_content("#hint") == "The shipped board: press a move."
    page.click("#board-root .own-move[data-move='keep']")
    settle(page)
    page.wait_for_selector("#result", state="visible")
    assert "The game ended: showdown." in (page.text_content("#result") or "")
    assert page.locator("#board-root [data-generic]").count() == 0
