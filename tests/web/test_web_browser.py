"""The page in headless Chromium (Debian's ``chromium``, driven by Playwright; no browser
is downloaded): whole games with the mouse and with the keyboard only, Escape and Cancel
during a targeting, keys inert while typing, pass and play behind a cover, and no answer
of the server ever holding a hidden card."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from web_live import GAME, Live, settle

from picnic_rules.host import Table

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "web"
PHONE = {"width": 390, "height": 844}
MAX_ACTIONS = 600


@pytest.fixture
def page(browser: Browser, live: Live) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE)
    context.set_default_timeout(5000)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.goto(live.url + "/")
    try:
        yield opened
    finally:
        context.close()
    assert errors == []  # no script error on the page
    assert live.leaks == []


def seen(page: Page) -> str | None:
    return page.evaluate("document.body.dataset.seen || null")


def start(page: Page, mode: str = "computer", seed: str = "3") -> None:
    page.select_option("#mode", mode)
    page.fill("#seed", seed)
    page.click("#new-game")
    settle(page)


def table_of(page: Page, live: Live) -> Table:
    """The server's table of the game the page shows (its id is in the page's address)."""
    fragment = page.evaluate("location.hash")
    game_id = dict(part.split("=", 1) for part in fragment[1:].split("&"))["game"]
    return live.host.table(game_id)


def game_over(page: Page) -> bool:
    return page.is_visible("#result")


def offered(page: Page) -> set[str]:
    """The sandwiches the page offers as targets now."""
    return {
        node.get_attribute("data-sandwich") or "" for node in page.locator("#table .target").all()
    }


def legal_targets(table: Table, card: str, source: str | None = None) -> set[str]:
    """The sandwiches the rules allow seat 0 to tap for ``card`` (after ``source``, for
    an ant's second tap)."""
    found = set()
    for move in GAME.legal_moves(table.state):
        group, target = GAME.move_group(move)
        if group != card or target == "discard":
            continue
        if card == "ant":
            stolen_from, onto = target.split(" to ")
            found.add(stolen_from if source is None else f"0.{onto}")
        elif card == "fly":
            found.add(target)
        else:
            found.add("new" if target == "new" else f"0.{target}")
    return found


def test_a_whole_game_with_the_mouse(page: Page, live: Live) -> None:
    start(page, seed="11")
    table = table_of(page, live)  # the game just started (the same object while it goes on)
    documents = live.documents
    cancelled = targeted = 0
    for _ in range(MAX_ACTIONS):
        if game_over(page):
            break
        gold = page.locator("#hand button.gold")
        discard = page.locator("#hand button.discard")
        # a discard is offered only when the rules force it: no play, no end of turn
        assert not discard.count() or (gold.count() == 0 and page.is_hidden("#end"))
        if gold.count():
            card = gold.first.get_attribute("data-card") or ""
            gold.first.click()
            if page.locator("#table .target").count():
                targeted += 1
                assert offered(page) == legal_targets(table, card)  # only legal targets
                if card in ("ant", "fly") and not cancelled:
                    before = seen(page)
                    page.click("#cancel")  # backs out: no move made, no target left
                    assert page.locator("#table .target").count() == 0
                    assert page.is_hidden("#cancel") and seen(page) == before
                    cancelled += 1
                    continue
                source = page.locator("#table .target").first.get_attribute("data-sandwich")
                page.locator("#table .target").first.click()
                settle(page)
                if page.locator("#table .target").count():  # an ant's second tap: where to
                    assert offered(page) == legal_targets(table, card, source)
                    page.locator("#table .target").first.click()
        elif discard.count():
            discard.first.click()
        else:
            page.click("#end")
        settle(page)
    assert game_over(page)
    assert cancelled == 1 and targeted > 1
    result = page.text_content("#result") or ""
    assert "The game ended:" in result and "finished sandwich" in result  # counted out
    # each seat's counting sandwiches as the page shows them are the final scores
    outcome = GAME.result(table.state)
    for seat, info in enumerate(page.locator("#table .seat .info").all_text_contents()):
        assert f"counting {outcome.scores[seat]} of 3" in info
    assert page.locator("#moves li").count() > 3
    # readable on a phone: nothing wider than the screen
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "sandwich-mouse-game.png"), full_page=True)
    assert live.documents > documents + 10 and live.leaks == []


def focused(page: Page) -> dict[str, str]:
    return page.evaluate(
        "() => { const e = document.activeElement;"
        " return {id: e.id, cls: e.className, card: e.dataset.card || ''}; }"
    )


def test_a_whole_game_with_the_keyboard_only(page: Page, live: Live) -> None:
    page.wait_for_selector("#seat-1")  # the lobby is filled in
    for _ in range(40):  # through the lobby's fields to the seed
        page.keyboard.press("Tab")
        if focused(page)["id"] == "seed":
            break
    assert focused(page)["id"] == "seed"
    page.keyboard.type("7")
    page.keyboard.press("Tab")
    assert focused(page)["id"] == "new-game"
    page.keyboard.press("Enter")
    settle(page)
    escaped = 0
    for step in range(MAX_ACTIONS):
        if game_over(page):
            break
        gold = page.locator("#hand button.gold").count()
        discard = page.locator("#hand button.discard").count()
        if gold or discard:
            wanted = "gold" if gold else "discard"
            for _ in range(20):  # arrow keys move through the hand
                if wanted in focused(page)["cls"].split():
                    break
                page.keyboard.press("ArrowRight")
            card = focused(page)["card"]
            assert wanted in focused(page)["cls"].split()
            page.keyboard.press("Enter" if step % 2 else " ")  # Enter or Space plays it
            if page.locator("#table .target").count():
                assert "target" in focused(page)["cls"].split()  # a target has the focus
                if card in ("ant", "fly") and not escaped:
                    before = seen(page)
                    page.keyboard.press("Escape")  # backs out of the targeting
                    assert page.locator("#table .target").count() == 0
                    assert focused(page)["card"] == card and seen(page) == before
                    escaped += 1
                    continue
                page.keyboard.press("ArrowRight")
                page.keyboard.press("Enter")
                settle(page)
                if page.locator("#table .target").count():
                    page.keyboard.press("Space")
        else:
            page.keyboard.press("e")  # E ends the turn
        settle(page)
    assert game_over(page)
    assert escaped == 1
    page.screenshot(path=str(ARTIFACTS / "sandwich-keyboard-game.png"), full_page=True)


def test_keys_do_nothing_while_typing(page: Page, live: Live) -> None:
    start(page, seed="4")
    assert page.is_visible("#end")
    before, hand = seen(page), page.inner_html("#hand")
    page.click("#name-0")
    page.keyboard.type("Eve")
    for key in ("e", "E", "ArrowRight", "ArrowLeft", "Enter", " ", "Escape"):
        page.keyboard.press(key)
    page.click("#seed")
    page.keyboard.press("e")
    page.wait_for_timeout(200)
    assert seen(page) == before and page.is_visible("#end")  # the turn did not end
    assert page.input_value("#name-0") == "Evee E"  # the keys went into the text field
    assert page.input_value("#seed") == "4e"
    assert page.inner_html("#hand") == hand  # and nothing moved in the hand
    assert page.text_content("#hand-title") == "Player 1's hand (3)"  # names are the table's
    # the same E, with the focus back on the hand, ends the turn
    page.locator("#hand button.card").first.focus()
    page.keyboard.press("e")
    settle(page)
    assert seen(page) != before


def test_pass_and_play_hides_the_hand_between_seats(page: Page, live: Live) -> None:
    page.fill("#name-0", "Ann")
    page.fill("#name-1", "Bob")
    start(page, mode="pass", seed="5")
    assert page.is_hidden("#board") and "Ann" in (page.text_content("#cover-text") or "")
    page.click("#cover-button")
    settle(page)
    assert page.is_visible("#board") and "Ann's hand" in (page.text_content("#hand-title") or "")
    for _ in range(20):  # Ann plays her turn to its end
        if page.is_visible("#end"):
            page.click("#end")
        elif page.locator("#hand button.discard").count():
            page.locator("#hand button.discard").first.click()
        else:
            page.locator("#hand button.gold").first.click()
            if page.locator("#table .target").count():
                page.locator("#table .target").first.click()
        settle(page)
        if page.is_visible("#cover"):
            break
    assert page.is_hidden("#board")  # Bob must not see Ann's hand
    assert "Bob" in (page.text_content("#cover-text") or "")
    page.click("#cover-button")
    settle(page)
    assert "Bob's hand" in (page.text_content("#hand-title") or "")
    assert page.locator("#moves li").first.text_content() is not None
    assert live.leaks == []
