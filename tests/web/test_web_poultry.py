"""The poultry board (``static/boards/poultry.js``) on the real page, in headless Chromium
(Debian's ``chromium``, driven by Playwright): whole games against the computer through
the lobby by mouse and by keyboard only, the others' face-down commitments shown as card
backs until the reveal (two browser contexts as two seats), a spectator's page, haggling
by buttons, and every answer of the server checked for hidden cards
(``test_web_games.GameLive``). Screenshots mid-game and at the end at 320x640, 390x844
and 1280x800 go to test-artifacts/web/. This module also holds the helpers
``test_web_ants.py`` uses."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from test_web_games import GameLive, serving_games
from web_live import settle

pytestmark = [pytest.mark.browser, pytest.mark.slow]
"""These tests drive Chromium and play whole games."""

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "web"
SIZES = [(320, 640), (390, 844), (1280, 800)]
"""The screenshot sizes: small and common phones, a desktop."""
PHONE = (390, 844)
MAX_ACTIONS = 300


@pytest.fixture(scope="module")
def live() -> Iterator[GameLive]:
    """This module's server, every answer checked for any game."""
    with serving_games() as served:
        yield served


class Pages:
    """New pages of the server, each in its own browser context, with their script
    errors (there must be none)."""

    def __init__(self, browser: Browser, live: GameLive) -> None:
        self.browser = browser
        self.live = live
        self.contexts: list[object] = []
        self.errors: list[str] = []

    def open(
        self, url: str = "", size: tuple[int, int] = PHONE, motion: str = "no-preference"
    ) -> Page:
        """A page at ``url`` (the lobby by default), filled in."""
        context = self.browser.new_context(
            viewport={"width": size[0], "height": size[1]}, reduced_motion=motion
        )
        context.set_default_timeout(8000)
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on(
            "console",
            lambda message: self.errors.append(message.text) if message.type == "error" else None,
        )
        page.goto(url or self.live.url + "/")
        if not url:
            page.wait_for_selector("#seat-1", state="attached")  # the lobby is filled in
        return page


@pytest.fixture
def pages(browser: Browser, live: GameLive) -> Iterator[Pages]:
    """A maker of pages; at the end no page had a script error and no answer a leak."""
    made = Pages(browser, live)
    try:
        yield made
    finally:
        for context in made.contexts:
            context.close()  # type: ignore[attr-defined]
    assert made.errors == []
    assert live.leaks == []


def start(
    page: Page,
    game: str,
    seed: str,
    variant: str = "",
    players: str = "2",
    mode: str = "computer",
    rules: dict[str, str] | None = None,
    keyboard: bool = False,
) -> None:
    """Choose a game in the lobby and start it (Enter in the seed field with ``keyboard``)."""
    page.select_option("#game", game)
    page.select_option("#players", players)
    page.select_option("#mode", mode)
    page.select_option("#variant", variant)
    for name, value in (rules or {}).items():
        if not page.is_visible(f"#rule-{name}"):
            page.click("#rules-box summary")
        page.fill(f"#rule-{name}", value)
    page.fill("#seed", "")
    if keyboard:
        page.focus("#seed")
        page.keyboard.type(seed)
        page.keyboard.press("Enter")
    else:
        page.fill("#seed", seed)
        page.click("#new-game")
    settle(page)
    page.wait_for_selector("#board-root [data-game]")


def table_id(page: Page) -> str:
    """The id of the table the page shows (from its address)."""
    fragment = page.evaluate("location.hash")
    return dict(part.split("=", 1) for part in fragment[1:].split("&"))["game"]


def over(page: Page) -> bool:
    return page.is_visible("#result")


def still(page: Page) -> None:
    """Wait until no animation runs (the page's policy forbids a waiting function)."""
    for _ in range(100):
        if page.evaluate("document.getAnimations().length") == 0:
            return
        page.wait_for_timeout(20)
    raise AssertionError("an animation never ended")


def shoot(page: Page, name: str) -> None:
    """Screenshots of what a player sees (the table scrolled into view) at every size of
    :data:`SIZES`, each checked to be no wider than the screen."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    before = page.viewport_size
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("document.getElementById('turn').scrollIntoView()")
        still(page)
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{name} is {overflow} px wider than {width} px"
        page.screenshot(path=str(ARTIFACTS / f"{name}-{width}x{height}.png"))
    if before:
        page.set_viewport_size(before)


def press_to(page: Page, selector: str, tries: int = 80) -> None:
    """Tab (only the keyboard) until the focus is on an element matching ``selector``."""
    for _ in range(tries):
        if page.evaluate(
            "(s) => !!document.activeElement && document.activeElement.matches(s)", selector
        ):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def named_controls(page: Page) -> None:
    """Every control of the board has an accessible name."""
    for control in page.locator("#board-root button, #board-root [role='button']").all():
        assert (control.get_attribute("aria-label") or control.inner_text()).strip()


# --- poultry -------------------------------------------------------------------------------

SHORT = {"green_grain": "6", "blue_grain": "6", "yellow_grain": "6"}
"""Poultry with 18 grains: three rounds."""


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
        if over(page):
            return made
        if page.locator("#pp-commit").count():
            act(page, "commit")
            made["commit"] += 1
        elif page.locator("#pp-haggle button").count():
            act(page, page.locator("#pp-haggle button").first.get_attribute("data-move") or "")
            made["haggle"] += 1
        else:
            raise AssertionError("no control and no result: " + page.inner_text("#board-root"))
    raise AssertionError("the game did not end")


def test_a_whole_game_by_mouse_with_haggling_and_screenshots(pages: Pages, live: GameLive) -> None:
    page = pages.open()
    page.fill("#name-0", "Ann")
    start(page, "poultry", seed="5", rules=SHORT)
    assert page.locator(".pp-yard").count() == 6  # the six farmyards, left to right
    assert page.get_attribute(".pp-yard >> nth=1", "data-yard") == "blue"
    assert page.locator(".pp-hand button").count() == 6 and page.is_disabled("#pp-commit")
    assert page.locator("section[data-seat='1'] .pp-back").count() == 6  # the other hand
    documents = live.documents
    haggled: list[bool] = []
    dice: list[str] = []  # the dice of duels, as the page names them

    def act(page: Page, what: str) -> None:
        if what == "commit":
            commit_by_mouse(page)
        else:  # no deal, or reject: the dice decide
            hard = page.locator(
                "#pp-haggle button[data-move='no-deal'], #pp-haggle button[data-move='reject']"
            )
            (hard if hard.count() else page.locator("#pp-haggle button")).first.click()
            settle(page)
        if page.locator(".pp-dice svg[role='img']").count():
            if not dice:
                shoot(page, "poultry-duel")
            dice.append(page.get_attribute(".pp-dice svg >> nth=0", "aria-label") or "")
        if page.locator("#pp-haggle").count() and not haggled:
            haggled.append(True)
            assert "Ann (you)" in page.inner_text("#pp-haggle")  # names, not seat numbers
            shoot(page, "poultry-haggle")

    act(page, "commit")
    assert page.locator(".pp-events li").count() >= 2  # the reveal and the yards resolving
    shoot(page, "poultry-mid")
    made = play_game(page, act)
    assert made["haggle"] >= 1 and haggled  # this seed's games haggle
    assert dice and all(re.fullmatch(r"(Ann|Computer) rolls [1-6]", name) for name in dice)
    outcome = live.host.table(table_id(page)).outcome
    assert outcome is not None
    for seat, score in enumerate(outcome.scores):  # the points shown are the final scores
        assert page.inner_text(f"section[data-seat='{seat}'] .pp-points") == f"{score} points"
    assert "The game ended:" in page.inner_text("#result")
    shoot(page, "poultry-end")
    assert live.documents > documents + 3


def test_a_whole_game_by_keyboard_only(pages: Pages) -> None:
    page = pages.open(size=(1280, 800), motion="reduce")
    start(page, "poultry", seed="8", players="3", rules=SHORT, keyboard=True)
    # the focus is in the game once it starts
    assert page.evaluate("document.getElementById('board-root').contains(document.activeElement)")

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

    named_controls(page)
    press_to(page, ".pp-hand button:not([disabled])")
    page.keyboard.press("Space")
    assert page.locator(".pp-hand button[aria-pressed='true']").count() == 1
    page.keyboard.press("Escape")  # Escape clears the cards picked
    assert page.locator(".pp-hand button[aria-pressed='true']").count() == 0
    act(page, "commit")
    assert page.evaluate("document.getAnimations().length") == 0  # no motion when asked
    made = play_game(page, act)
    assert made["commit"] == 2  # three rounds of 18 grains
    assert over(page)


def test_the_others_commitments_are_card_backs_until_the_reveal(
    pages: Pages, live: GameLive
) -> None:
    first = pages.open()
    first.fill("#name-0", "Ann")
    start(first, "poultry", seed="3", mode="invite", rules=SHORT)
    table = table_id(first)
    second = pages.open(first.input_value("#invite-link"))
    settle(second)
    second.wait_for_selector("#board-root [data-game]")
    commit_by_mouse(first)
    committed = live.host.table(table).state.played[0]
    assert len(committed) == 2
    # Ann sees her own commitment face up, and waits
    assert first.locator("section[data-seat='0'] .pp-committed .pp-back").count() == 0
    assert first.locator("section[data-seat='0'] .pp-committed .pp-card").count() == 2
    second.wait_for_selector("section[data-seat='0'] .pp-committed .pp-back")
    # the other seat sees two backs, nothing of their faces, and no card at the yards
    assert second.locator("section[data-seat='0'] .pp-committed .pp-back").count() == 2
    assert second.locator("section[data-seat='0'] .pp-card:not(.pp-back)").count() == 0
    assert second.locator(".pp-yard-cards figure").count() == 0
    assert "Ann" in second.inner_text("#board-root")
    spectator = pages.open(first.input_value("#watch-link"))
    spectator.wait_for_selector("#spectate", state="visible")
    # a spectator sees the table: Ann's commitment as two backs, every hand as backs, no face
    spectator.wait_for_selector("#spectate section[data-seat='0'] .pp-committed .pp-back")
    assert spectator.locator("#spectate section[data-seat='0'] .pp-committed .pp-back").count() == 2
    assert spectator.locator("#spectate .pp-card:not(.pp-back)").count() == 0
    assert spectator.locator("#spectate .pp-held, #spectate button").count() == 0
    sizes = live.host.table(table).state.hands
    for seat, hand in enumerate(sizes):
        label = f"#spectate section[data-seat='{seat}'] [aria-label='{sum(hand)} cards in hand']"
        assert spectator.locator(label).count() == 1, label
    commit_by_mouse(second)  # the second seat commits: the cards are turned up
    second.wait_for_selector(".pp-yard-cards figure[data-seat='0']")
    assert second.locator(".pp-yard-cards figure").count() == 4
    # the spectator follows: what lies on the table now is face up to all (its log, not its
    # board, tells the cards a resolution has already taken away)
    version = str(live.host.table(table).version)
    # a selector, not a function: the page's policy refuses scripts made from strings
    spectator.wait_for_selector(f"body[data-seen='{version}']", state="attached")
    state = live.host.table(table).state
    on_table = sum(map(len, state.played)) if state.phase.value not in ("commit", "reveal") else 0
    assert spectator.locator("#spectate .pp-yard-cards figure").count() == on_table
    assert (
        spectator.locator("#spectate .pp-committed .pp-back").count()
        == sum(map(len, state.played)) - on_table
    )
    assert live.publics >= 1
