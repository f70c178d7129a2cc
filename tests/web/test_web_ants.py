"""The ants board (``static/boards/ants.js``) on the real page, in headless Chromium
(Debian's ``chromium``, driven by Playwright): whole games against the computer through
the lobby by mouse and by keyboard only (one round: no Round card dealt, the fewest the
rules allow), two seats through an invite with a spectator, the placement previewed
before it is made, a landing typed in at a real table, a Round card's plays, every answer of the server checked for hidden cards, and screenshots mid-game and
at the end at 320x640, 390x844 and 1280x800 in test-artifacts/web/. The helpers are
``test_web_poultry.py``'s."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page
from test_web_games import GameLive
from test_web_poultry import (
    Pages,
    live,
    named_controls,
    over,
    pages,
    press_to,
    settle,
    shoot,
    start,
    table_id,
)

from picnic_rules import CHANCE, GAMES, ants, codec
from picnic_rules.client import seat_update

__all__ = ["live", "pages"]  # the fixtures, shared

pytestmark = [pytest.mark.browser, pytest.mark.slow]
"""These tests drive Chromium and play whole games."""

GAME = GAMES["ants"]
ONE_ROUND = {"round_cards_dealt": "0"}
"""The shortest game the rules allow: no Round card dealt, one round."""
TWO_ROUNDS = {"round_cards_dealt": "1"}
"""Two rounds: one Round card drawn, by the second round's starting player."""
MAX_ACTIONS = 120


def plates(n: int) -> str:
    """How a colony's plates are counted in words: ``1 plate``, ``2 plates``."""
    return f"{n} plate" if n == 1 else f"{n} plates"


def check_preview(page: Page) -> None:
    """The placement about to be made is drawn into the colony and said in words that
    agree with the move the Place button sends."""
    assert page.locator(".pa-ghost").count() == 1
    move = page.get_attribute("#pa-place-here", "data-move") or ""
    found = re.fullmatch(r"place \S+ at (-?\d+),(-?\d+) turn (\d)( planner)?", move)
    assert found, move
    words = page.inner_text("#pa-preview-words")
    assert f"column {found[1]}, row {found[2]}" in words


def act(page: Page, by_keyboard: bool) -> str:
    """Make the seat's next decision by mouse or by keyboard; say what kind it was."""
    if page.locator("#pa-place-here").count():
        if by_keyboard:
            press_to(page, "[data-cell]")
            page.keyboard.press("Enter")
            if page.is_enabled("#pa-rotate"):
                press_to(page, "#pa-rotate")
                page.keyboard.press("Enter")
            check_preview(page)
            press_to(page, "#pa-place-here")
            page.keyboard.press("Enter")
        else:
            page.locator("[data-cell]").last.click()
            if page.is_enabled("#pa-rotate"):
                page.click("#pa-rotate")
            check_preview(page)
            page.click("#pa-place-here")
        made = "place"
    elif page.locator("#pa-keep").count():
        if by_keyboard:
            press_to(page, "#pa-keep")
            page.keyboard.press("Enter")
        else:
            page.click("#pa-keep")
        made = "keep"
    elif page.locator(".pa-spot > button").count():
        kinds = page.locator(".pa-kind")
        if by_keyboard:
            if kinds.count() > 1:  # the last kind offered, chosen by the keyboard
                press_to(page, f".pa-kind[data-kind='{kinds.last.get_attribute('data-kind')}']")
                page.keyboard.press("Enter")
                assert kinds.last.get_attribute("aria-pressed") == "true"
            press_to(page, ".pa-spot > button")
            page.keyboard.press("Enter")
        else:
            if kinds.count() > 1:
                kinds.last.click()
            page.locator(".pa-spot > button").last.click()
        made = "toss"
    elif page.locator("#pa-act button").count():
        if by_keyboard:
            press_to(page, "#pa-act button")
            page.keyboard.press("Enter")
        else:
            page.locator("#pa-act button").first.click()
        made = "other"
    else:
        raise AssertionError("no control and no result: " + page.inner_text("#board-root"))
    settle(page)
    return made


def play_game(page: Page, by_keyboard: bool) -> dict[str, int]:
    """Play seat 0's moves until the result shows; how often each kind was made."""
    made = {"toss": 0, "keep": 0, "place": 0, "other": 0}
    for _ in range(MAX_ACTIONS):
        if over(page):
            return made
        made[act(page, by_keyboard)] += 1
    raise AssertionError("the game did not end")


def test_a_whole_game_by_mouse_with_screenshots(pages: Pages, live: GameLive) -> None:
    page = pages.open()
    page.fill("#name-0", "Ann")
    start(page, "ants", seed="5", rules=ONE_ROUND)
    assert page.locator(".pa-spot").count() == 9  # the 3x3 grid: a plus of five cards for two
    assert page.locator(".pa-spot:not(.pa-empty)").count() == 5
    assert page.locator(".pa-spot.pa-empty[data-position='0']").count() == 1
    page.locator(".pa-spot > button").first.click()
    settle(page)
    assert page.locator(".pa-die.pa-land").count() >= 1  # the die that just landed moves in
    assert "Ann" not in page.inner_text("#pa-act")
    shoot(page, "ants-mid")
    made = play_game(page, by_keyboard=False)
    assert made["toss"] >= 4 and made["place"] >= 1
    assert "wins" in page.inner_text("#result")
    assert "The game ended:" in page.inner_text("#result")
    shoot(page, "ants-end")
    assert live.host.table(table_id(page)).outcome is not None
    assert page.locator("section[data-seat='0'] .pa-colony svg").count() == 1
    placed = live.host.table(table_id(page)).state.colonies[0]
    assert page.inner_text("section[data-seat='0'] .pa-plates").startswith(plates(len(placed)))


def test_a_whole_game_by_keyboard_only(pages: Pages, live: GameLive) -> None:
    page = pages.open(size=(1280, 800), motion="reduce")
    start(page, "ants", seed="11", players="3", rules=TWO_ROUNDS, keyboard=True)
    assert page.locator(".pa-spot:not(.pa-empty)").count() == 7  # three players: seven cards
    assert page.evaluate("document.getElementById('board-root').contains(document.activeElement)")
    named_controls(page)
    press_to(page, ".pa-spot > button")
    page.keyboard.press("Enter")
    settle(page)
    assert page.evaluate("document.getAnimations().length") == 0  # no motion when asked
    made = play_game(page, by_keyboard=True)
    assert made["toss"] >= 6 and made["place"] >= 1
    assert live.host.table(table_id(page)).outcome is not None


def first_turn(wanted: Callable[[list[str]], bool]) -> ants.State:
    """The first position of seat 0's turn whose legal moves' notations are ``wanted``,
    in a seeded game of random moves."""
    rng, state = random.Random(0), ants.new_game(2)
    for _ in range(600):
        if GAME.to_move(state) is CHANCE:
            state = GAME.apply(state, GAME.sample_chance(state, rng))
            continue
        if GAME.to_move(state) == 0 and wanted(
            [entry.notation for entry in seat_update(GAME, state, 0).legal_moves]
        ):
            return state
        state = GAME.apply(state, rng.choice(GAME.legal_moves(state)))
    raise AssertionError("no such turn in 600 moves")


def draw_document(page: Page, state: ants.State) -> dict[str, Any]:
    """Draw seat 0's document of ``state`` with the ants board; its moves are recorded in
    ``window.played``."""
    document: dict[str, Any] = codec.encode(seat_update(GAME, state, 0))["update"]
    page.evaluate(
        """(doc) => window.PicnicBoards.boards.ants.draw(document.getElementById("board-root"),
             doc, {seat: 0, names: ["you", "Computer"], busy: false, reducedMotion: true,
                   spectator: false, play: (n) => { window.played = n; }})""",
        document,
    )
    return document


def test_a_landing_typed_in_a_round_card_played_and_two_dice_settled(
    pages: Pages, live: GameLive
) -> None:
    page = pages.open()
    start(page, "ants", seed="5", rules=ONE_ROUND)
    page.locator(".pa-spot > button").first.click()  # a toss: the host then drew its landing
    settle(page)
    played = live.host.table(table_id(page))
    state = next(s for s in reversed(played.states) if s.phase is ants.Phase.LAND)
    document = codec.encode(seat_update(GAME, state, 0))["update"]
    page.evaluate(
        """(doc) => window.PicnicBoards.boards.ants.draw(document.getElementById("board-root"),
             doc, {seat: 0, names: ["you", "Computer"], busy: false, reducedMotion: true,
                   spectator: false, play: () => {}, tell: (n) => { window.told = n; }})""",
        document,
    )
    assert page.is_visible("#pa-landing")
    target = state.target
    page.select_option("#pa-landing select[name='first']", str(target))
    page.select_option("#pa-landing select[name='face']", index=0)
    page.click("#pa-landing button[type='submit']")
    told = page.evaluate("window.told")
    landing = ants.parse_move(state, told)
    GAME.apply(state, landing)  # a landing the rules accept
    assert landing.cards == (target,) and told.startswith("land ")
    # a Round card in hand: its plays offered as buttons in the game's words
    document = draw_document(
        page, first_turn(lambda moves: any(m.startswith("play ") for m in moves))
    )
    assert "honey" in page.inner_text("section[data-seat='0']")  # the card held, and its power
    plays = page.locator("#pa-act button[data-move^='play ']")
    wanted = [m["notation"] for m in document["legal_moves"] if m["notation"].startswith("play ")]
    assert plays.count() == len(wanted)
    plays.first.click()
    assert page.evaluate("window.played") == wanted[0]
    # two dice touching two cards each: a button for each die and card, naming both
    document = draw_document(
        page,
        first_turn(
            lambda moves: len({m.split(" on ")[0] for m in moves if m.startswith("settle ")}) > 1
        ),
    )
    settles = page.locator("#pa-act button[data-move^='settle ']")
    assert settles.count() == len(document["legal_moves"])
    assert all("onto card" in text for text in settles.all_inner_texts())


def my_turn(page: Page) -> bool:
    return (page.text_content("#turn") or "").startswith("Your turn")


def test_two_seats_through_an_invite_and_a_spectator(pages: Pages, live: GameLive) -> None:
    first = pages.open()
    first.fill("#name-0", "Ann")
    start(first, "ants", seed="7", mode="invite", rules=ONE_ROUND)
    second = pages.open(first.input_value("#invite-link"))
    settle(second)
    second.wait_for_selector("#board-root [data-game]")
    assert "Ann" in second.inner_text("#board-root")  # the opener's name, on the other device
    spectator = pages.open(first.input_value("#watch-link"))
    spectator.wait_for_selector("#spectate", state="visible")
    # the table from the public view (an ants position hides nothing): both seats, no control
    spectator.wait_for_selector("#spectate [data-game='ants'] section[data-seat='1']")
    assert spectator.locator("#spectate section.pa-seat").count() == 2
    assert "Anthill" in spectator.inner_text("#spectate section[data-seat='0']")
    assert spectator.locator("#spectate #pa-act, #spectate button:not([disabled])").count() == 0
    moves = 0
    for _ in range(MAX_ACTIONS):
        if over(first) and over(second):
            break
        deadline = time.monotonic() + 5
        while not any(my_turn(page) for page in (first, second)) and not over(first):
            assert time.monotonic() < deadline, "no page saw its turn"
            first.wait_for_timeout(30)
        for page in (first, second):
            if my_turn(page):
                act(page, by_keyboard=False)
                moves += 1
        deadline = time.monotonic() + 5
        while first.evaluate("document.body.dataset.seen") != second.evaluate(
            "document.body.dataset.seen"
        ):  # the other page follows by itself
            assert time.monotonic() < deadline, "the other page did not follow"
            first.wait_for_timeout(30)
    assert over(first) and over(second) and moves >= 12  # six dice each
    colonies = live.host.table(table_id(first)).state.colonies
    for page in (first, second):  # both pages show both colonies as the table holds them
        for seat, placed in enumerate(colonies):
            shown = page.inner_text(f"section[data-seat='{seat}'] .pa-plates") if placed else ""
            assert shown.startswith(plates(len(placed))) or not placed
    assert live.publics >= 1
    deadline = time.monotonic() + 5
    while "over" not in spectator.inner_text("#spectate .pa-status"):
        assert time.monotonic() < deadline, "the spectator's board did not see the end"
        spectator.wait_for_timeout(50)
    for seat, placed in enumerate(colonies):  # the spectator's board shows the colonies too
        shown = (
            spectator.inner_text(f"#spectate section[data-seat='{seat}'] .pa-plates")
            if placed
            else ""
        )
        assert shown.startswith(plates(len(placed))) or not placed
