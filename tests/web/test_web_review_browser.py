"""The Hint control and the review panel in headless Chromium for every game (issue 43):
the hint lists the moves :meth:`Host.hint <picnic_rules.host.Host.hint>` names, a table
whose policy refuses hints says so and shows none, and after the game the review panel
draws the seat's chance to win as an SVG line with a dot per mistake, lists each mistake
with the better move (the host's review), and a click shows the table as the seat saw it
then. The tables are opened and played on the server (the host itself, small search
budgets); the page comes in by the seat's link, as a player's bookmark does."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from games import BUILT_IN
from playwright.sync_api import Browser, Page
from web_live import Live, serving

from picnic_rules.analysis import Budget
from picnic_rules.host import Host

BUDGET = Budget(iterations=20)


@pytest.fixture(scope="module")
def live() -> Iterator[Live]:
    """A server whose host searches with a small budget."""
    with serving(Host(budget=BUDGET)) as server:
        yield server


@pytest.fixture
def page(browser: Browser, live: Live) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(20_000)
    errors: list[str] = []
    opened = context.new_page()
    opened.on("pageerror", lambda error: errors.append(str(error)))
    try:
        yield opened
    finally:
        context.close()
    assert errors == []


def _seat_page(page: Page, live: Live, table_id: str, token: str) -> None:
    page.goto(f"{live.url}/#game={table_id}&token={token}")
    page.wait_for_selector("#board:not([hidden])")


def _played_out(host: Host, table_id: str, token: str) -> None:
    """Seat 0 plays at random (from a seeded generator) until the game ends."""
    rng = random.Random(1)
    for _ in range(500):
        if host.table(table_id).over:
            return
        answer = host.answer(table_id, token)
        move = rng.choice(answer.update.legal_moves)
        host.move(table_id, token, move.notation, seen=answer.seen)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("name", BUILT_IN)
def test_the_hint_control_names_the_searchs_moves(page: Page, live: Live, name: str) -> None:
    host = live.host
    opened = host.open(name, agents={1: "computer"}, seed=3)
    _seat_page(page, live, opened.table_id, opened.tokens[0])
    page.click("#hint-button")
    page.wait_for_selector(".hint-moves li")
    shown = page.eval_on_selector_all(".hint-moves li", "items => items.map(i => i.dataset.move)")
    expected: dict[str, Any] = host.hint_document(opened.table_id, opened.tokens[0])
    assert shown == [move["move"] for move in expected["moves"]]
    assert f"{round(100 * expected['moves'][0]['share'])}%" in page.inner_text("#hint-box")


@pytest.mark.parametrize("name", BUILT_IN)
def test_no_hint_where_the_table_refuses_it(page: Page, live: Live, name: str) -> None:
    opened = live.host.open(name, agents={1: "computer"}, seed=3, hints=False)
    _seat_page(page, live, opened.table_id, opened.tokens[0])
    page.click("#hint-button")
    page.wait_for_selector("#hint-box .refusal")
    assert "No hints at this table" in page.inner_text("#hint-box")
    assert page.query_selector(".hint-moves") is None


@pytest.mark.parametrize("name", BUILT_IN)
def test_the_review_panel_after_the_game(page: Page, live: Live, name: str) -> None:
    host = live.host
    for seed in range(3, 13):  # the first seeded game where seat 0 made a mistake
        opened = host.open(name, agents={1: "computer"}, seed=seed)
        table_id, token = opened.table_id, opened.tokens[0]
        _played_out(host, table_id, token)
        review = host.review(table_id, token)  # computed now, stored: what the page shows
        mistakes = [d["number"] for d in review["decisions"] if d["mistake"]]
        if mistakes:
            break
    assert mistakes, "ten games played at random without one mistake"
    _seat_page(page, live, table_id, token)
    page.wait_for_selector("#review-mistakes li")
    listed = page.eval_on_selector_all(
        "#review-mistakes li", "items => items.map(i => +i.dataset.number)"
    )
    assert listed == mistakes
    dots = page.eval_on_selector_all(
        ".review-chart circle.mistake", "dots => dots.map(d => +d.dataset.number)"
    )
    assert dots == mistakes
    rated = [d for d in review["decisions"] if not d["forced"]]
    points = page.get_attribute(".review-chart polyline", "points") or ""
    assert len(points.split()) == len(rated)
    assert "better:" in page.inner_text("#review-mistakes li")
    assert "reviewing" not in page.inner_text("#review-summary")
    page.click("#review-mistakes li button")
    page.wait_for_selector("#review-moment:not([hidden])")
    assert page.get_attribute("#review-moment", "data-move") == str(mistakes[0])
    assert page.eval_on_selector("#review-moment-board", "root => root.childElementCount") > 0
    assert f"before move {mistakes[0]}" in page.inner_text("#review-moment-title")
    assert "could not be drawn" not in page.inner_text("#message")
    page.click(f".review-chart circle[data-number='{mistakes[-1]}']")
    page.wait_for_selector(f"#review-moment[data-move='{mistakes[-1]}']")
