"""The ants board (``static/boards/ants.js``) in headless Chromium (Debian's ``chromium``,
driven by Playwright): whole games against the computer by mouse and by keyboard only
(one round: no Round card dealt), the placement previewed before it is made, a landing
typed in at a real table, and no answer of the server ever holding a hidden card. The
board is driven by the test page of ``test_web_poultry.py``."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page
from test_web_poultry import Boards, boards_serving, open_page, press_to, settle, shoot

from picnic_rules import GAMES, ants, codec
from picnic_rules.client import seat_update

GAME = GAMES["ants"]
ONE_ROUND = ants.Rules(round_cards_dealt=0)
"""The shortest game the rules allow: no Round card dealt, one round."""
NAMES = ["Ann", "The computer", "Bea"]
MAX_ACTIONS = 80


@pytest.fixture(scope="module")
def boards() -> Iterator[Boards]:
    """One board server for this module's tests."""
    with boards_serving() as served:
        yield served


def open_table(boards: Boards, seed: int, players: int = 2) -> tuple[str, str]:
    """An ants table of one round: seat 0 a person, the others the computer."""
    agents = {seat: "computer" for seat in range(1, players)}
    opened = boards.host.open("ants", players=players, agents=agents, seed=seed, rules=ONE_ROUND)
    return opened.table, opened.tokens[0]


def check_preview(page: Page) -> None:
    """The placement about to be made is drawn into the colony and said in words that
    agree with the move the Place button sends."""
    assert page.locator(".pa-ghost").count() == 1
    move = page.get_attribute("#pa-place-here", "data-move") or ""
    found = re.fullmatch(r"place \S+ at (-?\d+),(-?\d+) turn (\d)( planner)?", move)
    assert found, move
    words = page.inner_text("#pa-preview-words")
    assert f"column {found[1]}, row {found[2]}" in words


def play_game(page: Page, by_keyboard: bool) -> dict[str, int]:
    """Play seat 0's moves until the result shows; how often each kind was made."""
    made = {"toss": 0, "keep": 0, "place": 0, "other": 0}
    for _ in range(MAX_ACTIONS):
        if page.is_visible("#pa-result"):
            return made
        if page.locator("#pa-place-here").count():
            cells = page.locator("[data-cell]")
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
                cells.last.click()
                if page.is_enabled("#pa-rotate"):
                    page.click("#pa-rotate")
                check_preview(page)
                page.click("#pa-place-here")
            made["place"] += 1
        elif page.locator("#pa-keep").count():
            if by_keyboard:
                press_to(page, "#pa-keep")
                page.keyboard.press("Enter")
            else:
                page.click("#pa-keep")
            made["keep"] += 1
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
            made["toss"] += 1
        elif page.locator("#pa-act button").count():
            if by_keyboard:
                press_to(page, "#pa-act button")
                page.keyboard.press("Enter")
            else:
                page.locator("#pa-act button").first.click()
            made["other"] += 1
        else:
            raise AssertionError("no control offered and no result: " + page.inner_text("#board"))
        settle(page)
    raise AssertionError("the game did not end")


def test_a_whole_game_by_mouse_with_screenshots(browser: Browser, boards: Boards) -> None:
    table, token = open_table(boards, seed=5)
    page, errors = open_page(browser, boards.page_url("ants", table, token, NAMES))
    assert page.locator(".pa-spot").count() == 9  # the 3x3 grid: a plus of five cards for two
    assert page.locator(".pa-spot:not(.pa-empty)").count() == 5
    assert page.locator(".pa-spot.pa-empty[data-position='0']").count() == 1
    page.locator(".pa-spot > button").first.click()
    settle(page)
    assert page.locator(".pa-die.pa-land").count() >= 1  # the die that just landed moves in
    shoot(page, "ants-mid")
    made = play_game(page, by_keyboard=False)
    assert made["toss"] >= 4 and made["place"] >= 1
    result = page.inner_text("#pa-result")
    assert "points" in result and ("wins" in result or "share" in result)
    shoot(page, "ants-end")
    final = boards.host.table(table)
    assert final.outcome is not None
    assert page.locator("section[data-seat='0'] .pa-colony svg").count() == 1
    assert errors == [] and boards.leaks == [] and boards.documents >= 6


def test_a_whole_game_by_keyboard_only(browser: Browser, boards: Boards) -> None:
    table, token = open_table(boards, seed=11, players=3)
    page, errors = open_page(
        browser, boards.page_url("ants", table, token, NAMES), size=(1280, 800), motion="reduce"
    )
    assert page.locator(".pa-spot:not(.pa-empty)").count() == 7  # three players: seven cards
    made = play_game(page, by_keyboard=True)
    assert made["toss"] >= 4
    assert boards.host.table(table).outcome is not None
    for control in page.locator("button, [role='button']").all():  # every control is named
        assert (control.get_attribute("aria-label") or control.inner_text()).strip()
    assert errors == [] and boards.leaks == []


def test_a_landing_is_typed_in_at_a_real_table(browser: Browser, boards: Boards) -> None:
    table, token = open_table(boards, seed=5)
    page, errors = open_page(browser, boards.page_url("ants", table, token, NAMES))
    page.locator(".pa-spot > button").first.click()  # a toss: the host then drew its landing
    settle(page)
    played = boards.host.table(table)
    state = next(s for s in reversed(played.states) if s.phase is ants.Phase.LAND)
    document = codec.encode(seat_update(GAME, state, 0))
    page.evaluate(
        """([doc, names]) => window.PicnicBoards.get("ants").draw(document.getElementById("board"),
             {seen: 0, update: doc}, {seat: 0, names, busy: false, reducedMotion: true,
              spectator: false, play: () => {}, tell: (n) => { window.told = n; }})""",
        [document, NAMES],
    )
    form = page.locator("#pa-landing")
    assert form.is_visible()
    target = state.target
    page.select_option("#pa-landing select[name='first']", str(target))
    page.select_option("#pa-landing select[name='face']", index=0)
    page.click("#pa-landing button[type='submit']")
    told = page.evaluate("window.told")
    landing = ants.parse_move(state, told)
    GAME.apply(state, landing)  # a landing the rules accept
    assert landing.cards == (target,) and told.startswith("land ")
    assert errors == []
