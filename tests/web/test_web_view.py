"""A table a player enjoys, in the browser (issue 42): a whole game of each game against the
computer through the lobby, in headless Chromium (Debian's, driven by Playwright), with a
spectator following the table.

At every decision of the seat, at 390x844 and at 1280x800, every control of the board and
every part of it the decision is about (what a board marks ``data-decision``) is on the
screen, and nothing scrolls sideways. Every log line, button and end reason the page shows
the seat, and every line of the spectator's log, is a sentence in the game's words with the
players' names: no notation alone, no ``seat N``, no code name. The end shows each seat's
score counted out the way the rulebook counts it, adding up to the score. Screenshots of the
middle and of the end of each game, at 390x844, go to test-artifacts/web/docs/
(``tools/docs_screenshots.py`` runs this test and copies them into the docs)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from test_web_ants import ONE_ROUND
from test_web_ants import act as ants_act
from test_web_browser_hosting import act as sandwich_act
from test_web_games import GameLive, insects_act
from test_web_poultry import (
    ARTIFACTS,
    SHORT,
    Pages,
    commit_by_mouse,
    live,
    pages,
    settle,
    still,
    table_id,
)

from picnic_rules import GAMES
from picnic_rules.errors import PicnicError

__all__ = ["live", "pages"]  # the fixtures, shared

pytestmark = [pytest.mark.browser, pytest.mark.slow]
"""These tests drive Chromium and play whole games."""

SIZES = ((390, 844), (1280, 800))
"""The screens every decision must fit: a phone, a desktop."""
SHOTS = ARTIFACTS / "docs"
MAX_ACTIONS = 300

OUT_OF_VIEW = """() => {
  const width = window.innerWidth, height = window.innerHeight;
  const found = [];
  const wide = document.documentElement.scrollWidth;
  if (wide > width) found.push("the page scrolls sideways: " + wide + " px on " + width);
  const root = document.getElementById("board-root");
  const parts = root.querySelectorAll(
    "[data-decision], button:not([disabled]), [role='button'], select:not([disabled]), input:not([disabled])");
  for (const part of parts) {
    if (!part.getClientRects().length) continue;
    const box = part.getBoundingClientRect();
    if (box.left < -1 || box.top < -1 || box.right > width + 1 || box.bottom > height + 1) {
      const name = part.getAttribute("aria-label") || part.id || part.className || part.tagName;
      found.push(String(name).slice(0, 60) + " at " + [box.left, box.top, box.right, box.bottom].map(Math.round));
    }
  }
  return found;
}"""
"""What a player must act on or judge but cannot see: every control and every part marked
``data-decision`` in the board that lies outside the screen, and a page wider than it."""

SAID = """() => {
  const root = document.getElementById("board-root");
  const board = root.innerText.split("\\n").map((line) => line.trim()).filter(Boolean);
  const controls = Array.from(root.querySelectorAll("button, [role='button']"))
    .filter((node) => node.getClientRects().length)
    .flatMap((node) => [node.innerText, node.getAttribute("aria-label")]);
  return {
    log: Array.from(document.querySelectorAll("#moves li")).map((li) => [li.value, li.innerText]),
    controls: controls.filter((text) => text && text.trim()),
    board,
  };
}"""
"""The log lines (with their numbers), the words of the board's controls, and the board's
text line by line."""

SPECTATORS_LOG = """async () => {
  const answer = await api("GET", "/api/games/" + game.id + "/public?since=0");
  return answer.log.map((line) => (typeof told === "function" ? told(line, null) : named(line)));
}"""
"""Every line the server sends a spectator of the table, as the spectator's page shows it."""

SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
SEAT = re.compile(r"\bseats? \d+", re.IGNORECASE)
DOTTED = re.compile(r"\b\d+\.\d+\b")


def faults(game: Any, line: str) -> list[str]:
    """Why ``line`` is not a sentence for a player: notation alone, a seat by its number, a
    code name (an option's name, an end reason's code, a sandwich's notation)."""
    found = []
    if SEAT.search(line):
        found.append("a seat by its number")
    if SNAKE.search(line):
        found.append("a code name")
    if DOTTED.search(line):
        found.append("notation's numbering (N.N)")
    if "chance acts" in line.lower() or ("face down" in line.lower() and "'s move" in line):
        found.append("the kit's notation-only words")
    if "\u2026" in line or line.endswith("..."):
        found.append("cut short")
    if re.search(r"\bits turn\b", line):
        found.append('"its" for a player')
    if re.match(r"you\b", line):
        found.append("a sentence that starts in lower case")
    if re.search(r"[a-z,:] The\b", line):
        found.append('a name with a capital "The" mid-sentence')
    for reason in game.reasons:
        if ("-" in reason and reason in line) or re.search(rf"ended: {re.escape(reason)}\b", line):
            found.append(f"the end reason's code {reason!r}")
    for text in (line, line.split(": ", 1)[-1]):
        try:
            game.move_from_str(text.strip().rstrip("."))
        except PicnicError:
            continue
        found.append("notation alone")
        break
    return found


def out_of_view(page: Page, name: str) -> list[str]:
    """What the player must see but cannot, once the page has kept the decision in view
    (it does so when a document is drawn and when the screen changes size)."""

    def look() -> list[str]:
        found: list[str] = page.evaluate(OUT_OF_VIEW) + page.evaluate(IN_VIEW, DECIDING[name])
        return found

    found = look()
    for _ in range(50):
        if not found:
            break
        page.wait_for_timeout(20)  # the page's resize handler may not have run yet
        found = look()
    return found


def poultry_act(page: Page) -> None:
    if page.locator("#pp-commit").count():
        commit_by_mouse(page)
        return
    page.locator("#pp-haggle button").first.click()
    settle(page)


ACTS: dict[str, Callable[[Page], Any]] = {
    "sandwich": sandwich_act,
    "insects": insects_act,
    "poultry": poultry_act,
    "ants": lambda page: ants_act(page, by_keyboard=False),
}
DECIDING: dict[str, tuple[str, ...]] = {
    "sandwich": ("#table", "#hand"),
    "insects": (".piles", "#hand"),
    "poultry": (".pp-yards", "[data-seat='0'] .pp-hand"),
    "ants": (".pa-cloth", "#pa-act", ".pa-ghost"),
}
"""What each game's decisions are about, beyond its controls: the table and the hand (the
poultry hand while haggling too), the ants placement's preview in the colony."""

IN_VIEW = """(selectors) => selectors.flatMap((selector) => Array.from(document.querySelectorAll(selector)))
  .filter((part) => part.getClientRects().length)
  .map((part) => [part, part.getBoundingClientRect()])
  .filter(([part, box]) => box.left < -1 || box.top < -1 || box.right > window.innerWidth + 1 || box.bottom > window.innerHeight + 1)
  .map(([part, box]) => (part.id || part.className.baseVal || part.className) + " at " + [box.left, box.top, box.right, box.bottom].map(Math.round))"""
"""Which of the parts ``selectors`` find lie (even partly) outside the screen."""

SETUPS: dict[str, dict[str, Any]] = {
    "sandwich": {"seed": "2", "variant": "short-limit"},
    "insects": {"seed": "5", "variant": "small-deck"},
    "poultry": {"seed": "5", "rules": SHORT},  # this seed's game haggles
    "ants": {"seed": "5", "rules": ONE_ROUND},
}


def begin(page: Page, name: str, seed: str, variant: str = "", rules: Any = None) -> None:
    """Choose the game in the lobby, against the computer, and start it."""
    page.select_option("#game", name)
    page.select_option("#mode", "computer")
    page.select_option("#variant", variant)
    for field, value in (rules or {}).items():
        if not page.is_visible(f"#rule-{field}"):
            page.click("#rules-box summary")
        page.fill(f"#rule-{field}", value)
    page.fill("#seed", seed)
    page.click("#new-game")
    settle(page)
    expect(page.locator("#board")).to_be_visible()


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 390, "height": 844})
    still(page)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.mark.parametrize("name", ["sandwich", "insects", "poultry", "ants"])
def test_a_whole_game_in_view_in_words_and_counted_out(
    pages: Pages, live: GameLive, name: str
) -> None:
    """Every fault found is gathered, each under what it breaks, and all are said at the end."""
    game = GAMES[name]
    problems: dict[str, list[Any]] = {}

    def fault(what: str, detail: Any) -> None:
        problems.setdefault(what, []).append(detail)

    page = pages.open()
    page.fill("#name-0", "Ann")
    begin(page, name, **SETUPS[name])
    spectator = pages.open(page.input_value("#watch-link"))
    expect(spectator.locator("#spectate")).to_be_visible()
    said: dict[int, str] = {}
    controls: set[str] = set()
    board: set[str] = set()
    decisions = haggles = 0
    for _ in range(MAX_ACTIONS):
        if page.is_visible("#result"):
            break
        expect(page.locator("#turn")).to_have_text(re.compile("^Your turn"))
        decisions += 1
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            unseen = out_of_view(page, name)
            if unseen:  # what the player saw, for whoever mends it
                SHOTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(SHOTS / f"unseen-{name}-{width}x{height}.png"))
                fault(f"out of view at {width}x{height}", (decisions, unseen))
            board.update(page.evaluate(SAID)["board"])  # what each screen shows (yard notes)
        page.set_viewport_size({"width": 390, "height": 844})
        # the points so far, every seat's, by name
        scores = page.inner_text("#scores") if page.locator("#scores").count() else ""
        if not (re.search(r"Ann \(you\) -?\d+", scores) and re.search(r"Computer -?\d+", scores)):
            fault("no points so far", (decisions, scores))
        shown = page.evaluate(SAID)
        said.update({number: text for number, text in shown["log"]})
        controls.update(shown["controls"])
        board.update(shown["board"])
        haggling = page.locator("#pp-haggle button").count() > 0
        haggles += haggling
        if (decisions == 3 and name != "poultry") or (haggling and haggles == 1):
            shot(page, f"{name}-middle")
        ACTS[name](page)
    assert page.is_visible("#result") and decisions >= 3
    assert haggles or name != "poultry"  # the hand in view while haggling was checked
    shown = page.evaluate(SAID)
    said.update({number: text for number, text in shown["log"]})
    table = live.host.table(table_id(page))
    outcome = table.outcome
    assert outcome is not None
    # the end: why, in the game's words, and each seat's score counted out
    result = page.inner_text("#result")
    if f"The game ended: {game.reason_words[outcome.reason]}." not in result:
        fault("the end reason", result)
    for seat, score in enumerate(outcome.scores):
        lines = page.locator(f"#result .breakdown > li[data-seat='{seat}'] li").all_inner_texts()
        points = [int(line.rsplit(": ", 1)[1].replace("\u2212", "-")) for line in lines]
        if not lines or sum(points) != score:
            fault("no score counted out", (seat, score, lines or result))
    for width, height in SIZES:  # the board at the end, as each screen shows it
        page.set_viewport_size({"width": width, "height": height})
        board.update(page.evaluate(SAID)["board"])
    shot(page, f"{name}-end")
    # every line of the seat's log from its first move to the last, and the spectator's
    assert sorted(said) == list(range(min(said), table.version + 1)), "a log line unseen"
    expect(spectator.locator("#spectate-turn")).to_contain_text("Game over")
    watched = spectator.evaluate(SPECTATORS_LOG)
    assert len(watched) == table.version
    if not ("Ann" in " ".join(watched) and "Computer" in " ".join(watched)):
        fault("the spectator's log names nobody", watched[:5])
    ended = spectator.locator("#spectate-result")
    words = {
        "the seat's log": list(said.values()),
        "the board's controls": sorted(controls),
        "the board": sorted(board | set(page.evaluate(SAID)["board"])),
        "the spectator's log": watched,
        "the spectator's turn line": [spectator.inner_text("#spectate-turn")],
        "the spectator's board": spectator.inner_text("#spectate-board").splitlines(),
        "the end": result.splitlines(),
        "the spectator's end": ended.inner_text().splitlines() if ended.count() else [],
    }
    if not words["the spectator's end"]:
        fault("no end for the spectator", "")
    for where, lines in words.items():
        for line in lines:
            if faults(game, line):
                fault(f"words: {where}", (line, faults(game, line)))
    assert problems == {}, (sorted(problems), problems)
    assert live.leaks == []
