"""A table played at a real table in the browser: the lobby's "Real table" box, then the
seats type in what chance did (``POST /api/games/ID/chance``) -- the routes' answers and
refusals over HTTP, and in headless Chromium (Debian's, driven by Playwright) an ants
table whose set-up is typed into the page's plain form, a die tossed by mouse and its
landing entered through the ants board's own form; every answer of the server checked for
hidden cards (:class:`test_web_games.GameLive`)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_web_api import call
from test_web_games import GameLive
from test_web_poultry import Pages, live, pages, settle, start, table_id

from picnic_rules import CHANCE, ants

__all__ = ["live", "pages"]  # the fixtures, shared


def open_table(live: GameLive, game: str, real_table: Any = True, seed: int = 3) -> tuple[str, str]:
    """A table of ``game`` for one person against the computer; its answers' URL and the
    person's token."""
    body = {"game": game, "seats": ["person", "computer"], "seed": seed, "real_table": real_table}
    status, created = call(f"{live.url}/api/tables", body)
    assert status == 201, created
    return f"{live.url}/api/games/{created['id']}", created["seats"][0]["token"]


def test_a_seat_tells_chance_and_every_refusal_is_a_json_error(live: GameLive) -> None:
    url, token = open_table(live, "insects")
    table_id = url.rsplit("/", 1)[1]
    status, seating = call(f"{live.url}/api/tables/{table_id}")
    assert status == 200 and seating["real_table"] is True
    status, answer = call(f"{url}?since=0", token=token)
    assert status == 200 and answer["seen"] == 0 and answer["real_table"] is True
    assert answer["update"]["update"]["to_move"] == "chance"
    table = live.host.table(table_id)
    assert answer["outcomes"] == [str(m) for m, _ in table.game.chance_outcomes(table.state)]
    outcome = answer["outcomes"][0]
    refusals = [
        ({"outcome": outcome, "seen": 0}, None, 401, "token"),
        ({"outcome": outcome, "seen": 0}, "not a token", 401, "token"),
        ({"outcome": 7, "seen": 0}, token, 400, "request"),
        ({"outcome": "x" * 201, "seen": 0}, token, 400, "request"),
        ({"outcome": outcome, "seen": -1}, token, 400, "request"),
        ({"outcome": outcome, "seen": 0, "extra": 1}, token, 400, "request"),
        ({"outcome": "a pony", "seen": 0}, token, 400, "invalid"),
        ({"outcome": "give food", "seen": 0}, token, 409, "illegal"),
        ({"outcome": outcome, "seen": 5}, token, 409, "stale"),
    ]
    for body, sent, code, error in refusals:
        status, refused = call(f"{url}/chance", body, sent)
        assert (status, refused["error"]) == (code, error), (body, refused)
        assert len(refused["reason"]) <= 300
    status, refused = call(f"{url}/moves", {"move": "give food", "seen": 0}, token)
    assert status == 409 and refused["error"] in ("out-of-turn", "illegal")
    assert live.host.version(table_id) == 0  # every refusal changed nothing
    status, told = call(f"{url}/chance", {"outcome": outcome, "seen": 0}, token)
    assert status == 200 and told["seen"] == 1 and str(table.moves[0]) == outcome
    assert told["update"]["update"]["observations"] and told["real_table"] is True
    rng = random.Random(0)
    while table.to_move is CHANCE:  # the deal, told to the end: then the person decides
        drawn = str(table.game.sample_chance(table.state, rng))
        status, told = call(f"{url}/chance", {"outcome": drawn, "seen": table.version}, token)
        assert status == 200, told
    assert told["outcomes"] == [] and told["update"]["update"]["legal_moves"]
    status, refused = call(f"{url}/chance", {"outcome": outcome, "seen": table.version}, token)
    assert (status, refused["error"]) == (409, "not-chance")
    assert live.leaks == []


def test_a_table_that_draws_chance_refuses_a_told_outcome(live: GameLive) -> None:
    status, refused = call(
        f"{live.url}/api/tables",
        {"game": "insects", "seats": ["person", "computer"], "real_table": 1},
    )
    assert (status, refused["error"]) == (400, "request") and "real_table" in refused["reason"]
    url, token = open_table(live, "insects", real_table=False)
    status, answer = call(f"{url}?since=0", token=token)
    assert status == 200 and "real_table" not in answer and "outcomes" not in answer
    status, refused = call(
        f"{url}/chance", {"outcome": "draw red ant", "seen": answer["seen"]}, token
    )
    assert (status, refused["error"]) == (409, "not-chance")
    assert "drawn by the server" in refused["reason"]
    assert live.leaks == []


@pytest.mark.browser
def test_an_ants_game_at_a_real_table_in_the_browser(pages: Pages, live: GameLive) -> None:
    page = pages.open()
    page.check("#real-table")
    start(page, "ants", seed="7", rules={"round_cards_dealt": "0"})
    table = live.host.table(table_id(page))
    assert table.real_table and table.to_move is CHANCE
    assert page.inner_text("#turn").startswith("Chance acts")
    rng = random.Random(7)
    typed = 0
    while table.to_move is CHANCE:  # the set-up, typed into the plain form
        assert "notation" in page.inner_text("#tell-help")  # sampled: nothing listed
        page.fill("#tell-outcome", str(ants.sample_chance(table.state, rng)))
        page.press("#tell-outcome", "Enter")
        settle(page)
        typed += 1
    assert typed >= 2 and table.to_move == 0
    assert page.locator("#tell-form").count() == 0
    page.locator(".pa-spot > button").first.click()  # a die tossed at a card, by mouse
    settle(page)
    assert table.to_move is CHANCE and page.is_visible("#pa-landing")
    assert page.locator("#tell-form").count() == 0  # the board's own form, not the plain one
    target, at = table.state.target, table.version
    page.select_option("#pa-landing select[name='first']", str(target))
    page.select_option("#pa-landing select[name='face']", index=0)
    page.click("#pa-landing button[type='submit']")
    settle(page)
    assert table.version > at and str(table.moves[at]).startswith("land ")
    assert ants.parse_move(table.states[at], str(table.moves[at])).cards == (target,)
    # the game goes on: seat 0 keeps its die if asked, then the computer's toss waits for
    # its landing, which this seat enters too
    if page.locator("#pa-keep").count():
        page.click("#pa-keep")
        settle(page)
    assert table.to_move is CHANCE and table.state.phase is ants.Phase.LAND
    assert table.state.turn == 1 and table.outcome is None
    assert "Computer" in page.inner_text("#pa-landing h3")
    assert page.inner_text("#turn").startswith("Chance acts")
    at = table.version
    page.select_option("#pa-landing select[name='first']", str(table.state.target))
    page.click("#pa-landing button[type='submit']")
    settle(page)
    assert table.version > at and str(table.moves[at]).startswith("land ")


@pytest.mark.browser
def test_the_plain_form_lists_the_cards_a_draw_can_bring(pages: Pages, live: GameLive) -> None:
    page = pages.open()
    page.check("#real-table")
    page.select_option("#game", "sandwich")
    page.fill("#seed", "4")
    page.click("#new-game")
    settle(page)
    page.wait_for_selector("#tell-form")
    table = live.host.table(table_id(page))
    possible = [str(move) for move, _ in table.game.chance_outcomes(table.state)]
    picks = page.locator("#tell-form .tell-pick")
    assert picks.all_inner_texts() == possible and "draw jelly" in possible
    page.click("#tell-form .tell-pick[data-outcome='draw jelly']")  # fills the field
    assert page.input_value("#tell-outcome") == "draw jelly"
    page.click("#tell-send")
    settle(page)
    assert [str(move) for move in table.moves] == ["draw jelly"]
    page.fill("#tell-outcome", "draw banana")  # no such card: refused, nothing changes
    page.press("#tell-outcome", "Enter")
    settle(page)
    assert "banana" in page.inner_text("#message") and table.version == 1
    assert [error for error in pages.errors if "400" in error]  # the refusal, in the console
    pages.errors[:] = [error for error in pages.errors if "400 (Bad Request)" not in error]
    assert page.get_attribute("#tell-outcome", "aria-describedby") == "tell-help"
    page.fill("#tell-outcome", "draw bread")
    page.press("#tell-outcome", "Enter")
    settle(page)
    assert [str(move) for move in table.moves] == ["draw jelly", "draw bread"]
    assert page.inner_text("#turn").startswith("Chance acts")
    # a spectator is told the table waits for the players, and is offered no form
    watcher = pages.open(f"{live.url}/#game={table_id(page)}&watch=1")
    watcher.wait_for_selector("#spectate-turn:has-text('Chance acts')")
    assert watcher.locator("#tell-form, #pa-landing").count() == 0
