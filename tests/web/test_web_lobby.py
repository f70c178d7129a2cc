"""The lobby over HTTP (``GET /api/lobby``, ``POST /api/tables``, ``GET /api/tables/ID``,
the board scripts and the icon), and the page's faults found by a new user's trial
(issue 19, "Why"), each driven in headless Chromium: every fault test fails on the page
as it was before the lobby (commit 75e96f3)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from games import BUILT_IN
from playwright.sync_api import Browser, Page, expect
from test_web_games import GameLive, sandwich_act, serving_games
from web_live import settle

from picnic_rules import GAMES, RulesError
from picnic_rules.web.lobby import MAX_SHOWN, board_source, describe_game

# --- over HTTP ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def live() -> Iterator[GameLive]:
    """This module's server (any game's answers checked)."""
    with serving_games() as server_:
        yield server_


def as_json(value: Any) -> Any:
    """A rules value as JSON has it: names for enums, lists for tuples."""
    if isinstance(value, tuple):
        return [as_json(item) for item in value]
    return (
        value
        if isinstance(value, (bool, int, str)) and type(value) in (bool, int, str)
        else str(value)
    )


def call(live: GameLive, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
    return live.call(live.url + path, body, token)


def test_the_lobby_lists_every_game_with_its_rules_as_the_library_has_them(live: GameLive) -> None:
    status, answer = call(live, "/api/lobby")
    assert status == 200 and [entry["name"] for entry in answer["games"]] == list(GAMES)
    for entry in answer["games"]:
        game = GAMES[entry["name"]]
        assert entry["title"] == game.title
        assert (entry["min_players"], entry["max_players"]) == (game.min_players, game.max_players)
        assert set(entry["variants"]) == set(game.variants)
        assert {"person", "open", "computer", "random"} == set(entry["kinds"])
        default = game.Rules()
        fields = attrs.fields(type(default))
        assert [field["name"] for field in entry["rules"]] == [field.name for field in fields]
        for field in entry["rules"]:
            value = getattr(default, field["name"])
            if field["type"] in ("int", "bool"):
                assert field["default"] == value
            if field["type"] == "int":  # the bounds are the validator's own
                low, high = field["minimum"], field["maximum"]
                for wrong, said in ((low - 1, "at least"), (high + 1, "at most")):
                    with pytest.raises(RulesError, match=f"{said} {low if wrong < low else high}"):
                        attrs.evolve(default, **{field["name"]: wrong})
        # every variant's changes are what the variant holds
        for name, changes in entry["variants"].items():
            rules = game.variants[name]
            assert changes == {
                field.name: as_json(getattr(rules, field.name))
                for field in fields
                if getattr(rules, field.name) != getattr(default, field.name)
            }


def test_the_lobby_says_each_game_in_its_own_words_and_whether_it_has_a_board(
    live: GameLive,
) -> None:
    _, answer = call(live, "/api/lobby")
    for entry in answer["games"]:
        game = GAMES[entry["name"]]
        assert entry["short"] == game.name.replace("-", " ").capitalize()
        assert entry["reasons"] == dict(game.reason_words) and set(entry["reasons"]) == set(
            game.reasons
        )
        assert entry["score_word"] == game.score_word
        assert entry["board"] is (board_source(game) is not None)
    words = {entry["name"]: entry for entry in answer["games"]}
    assert words["sandwich"]["score_word"] == "Sandwiches"
    assert words["poultry"]["reasons"] == {"grain-out": "the grain ran out"}
    assert all(words[name]["board"] for name in BUILT_IN)


def test_a_board_that_cannot_be_read_is_warned_of_and_the_game_gets_the_generic_one() -> None:
    swap = attrs.evolve(GAMES["sandwich"], name="no-board-here")
    assert board_source(swap) is None  # no file of that name, none shipped: generic
    for board, problem in (
        ("no_such_package_39:board.js", "ModuleNotFoundError"),
        ("picnic_rules.web:no-such-board.js", "no such file"),
    ):
        shipped = attrs.evolve(swap, board=board)
        with pytest.warns(RuntimeWarning, match=f"the board '{board}' of the game no-board-here"):
            assert board_source(shipped) is None
        with pytest.warns(RuntimeWarning, match=problem):
            assert describe_game(shipped)["board"] is False


@pytest.mark.parametrize("name", list(GAMES))
def test_a_table_of_any_game_answers_like_a_game(live: GameLive, name: str) -> None:
    status, created = call(
        live,
        "/api/tables",
        {"game": name, "players": 2, "seats": ["person", "computer"], "seed": 2},
    )
    assert status == 201 and created["game"] == name
    assert [seat["seat"] for seat in created["seats"]] == [0] and created["invites"] == []
    status, answer = call(live, f"/api/games/{created['id']}", token=created["seats"][0]["token"])
    assert status == 200 and answer["update"]["game"] == name
    status, seating = call(live, f"/api/tables/{created['id']}")
    assert status == 200 and seating["game"] == name and seating["players"] == 2
    assert [seat["kind"] for seat in seating["seats"]] == ["person", "computer"]
    assert "token" not in str(seating)


def test_rules_are_checked_as_the_library_checks_them(live: GameLive) -> None:
    def refused(body: dict[str, Any]) -> tuple[str, str]:
        status, answer = call(live, "/api/tables", body)
        assert status == 400, answer
        return answer["error"], answer["reason"]

    with pytest.raises(RulesError) as raised:
        GAMES["insects"].Rules(hand_size=0)
    assert refused({"game": "insects", "rules": {"hand_size": 0}}) == ("rules", raised.value.reason)
    with pytest.raises(RulesError) as raised:
        attrs.evolve(GAMES["sandwich"].variants["small-deck"], action_limit=0)
    body = {"game": "sandwich", "variant": "small-deck", "rules": {"action_limit": 0}}
    assert refused(body) == ("rules", raised.value.reason)
    # every rules value not of its option's form: "rules", from the one reader of rules
    assert refused({"game": "ants", "rules": {"copies": "two"}})[0] == "rules"  # not an integer
    assert refused({"game": "ants", "rules": {"majority_only": 1}})[0] == "rules"
    assert refused({"game": "ants", "rules": {"nope": 1}})[0] == "rules"
    assert (
        refused({"game": "ants", "rules": {"round_cards": ["honey", "no-such-card"]}})[0] == "rules"
    )
    assert refused({"game": "poultry", "rules": {"hand_sizes": [6, 6]}})[0] == "rules"
    assert refused({"game": "poultry", "variant": "no-such"})[0] == "rules"
    assert refused({"game": "poultry", "rules": [1]})[0] == "rules"
    assert refused({"game": "poultry", "players": 7})[0] == "players"
    assert refused({"game": "chess"})[0] == "request"
    assert refused({"game": "sandwich", "seats": ["person"]})[0] == "request"
    assert refused({"game": "sandwich", "seats": ["computer", "random"]})[0] == "request"
    assert refused({"game": "sandwich", "seats": ["person", "human"]})[0] == "request"
    assert refused({"game": "sandwich", "seed": -1})[0] == "request"
    assert refused({"game": "sandwich", "names": ["x" * 25]})[0] == "request"
    assert refused({"game": "sandwich", "colour": "red"})[0] == "request"
    # a value the rules take makes the table with those rules
    status, created = call(
        live, "/api/tables", {"game": "ants", "variant": "short", "rules": {"majority_only": True}}
    )
    assert status == 201
    rules = live.host.table(created["id"]).rules
    assert rules == attrs.evolve(GAMES["ants"].variants["short"], majority_only=True)


def test_round_cards_read_as_the_command_line_and_pettingzoo_read_them(live: GameLive) -> None:
    """Issue 39: ants' ``round_cards`` in any order, by value or member name, give the
    same rules in the lobby as on the command line (``tests/test_cli_rules.py``) and in
    PettingZoo (``tests/rl/test_rl_pettingzoo.py``)."""
    from picnic_rules.ants import RoundCard

    body = {
        "game": "ants",
        "rules": {"round_cards": ["stomp", "second_wind", "HEAD_START"], "round_cards_dealt": 2},
    }
    status, created = call(live, "/api/tables", body)
    assert status == 201, created
    wanted = (RoundCard.SECOND_WIND, RoundCard.STOMP, RoundCard.HEAD_START)
    assert live.host.table(created["id"]).rules.round_cards == wanted
    status, created = call(
        live, "/api/tables", {"game": "ants", "rules": {"round_cards": "stomp, second-wind"}}
    )
    assert status == 400 and created["error"] == "rules"  # 5 dealt from 2: the rules refuse
    assert "round_cards_dealt 5 is more than the 2 Round cards" in created["reason"]


def test_open_tables_are_listed_with_invites_until_their_seats_are_taken(live: GameLive) -> None:
    body = {"game": "insects", "players": 3, "seats": ["person", "open", "computer"], "seed": 1}
    status, created = call(live, "/api/tables", body)
    assert status == 201 and [entry["seat"] for entry in created["invites"]] == [1]
    _, hidden = call(live, "/api/tables", {**body, "listed": False})
    _, answer = call(live, "/api/lobby")
    listed = {table["id"]: table for table in answer["tables"]}
    assert created["id"] in listed and hidden["id"] not in listed
    table = listed[created["id"]]
    assert table["game"] == "insects" and table["players"] == 3
    assert table["free"] == [
        {"seat": 1, "invite": f"#game={created['id']}&invite={created['invites'][0]['invite']}"}
    ]
    assert table["watch"] == f"#game={created['id']}&watch=1"
    status, joined = call(
        live, f"/api/games/{created['id']}/join", {"invite": created["invites"][0]["invite"]}
    )
    assert status == 200 and joined["seat"] == 1
    _, answer = call(live, "/api/lobby")
    assert created["id"] not in {table["id"] for table in answer["tables"]}  # taken: gone
    for seed in range(MAX_SHOWN + 2):  # the list is bounded
        call(live, "/api/tables", {"game": "sandwich", "seats": ["person", "open"], "seed": seed})
    _, answer = call(live, "/api/lobby")
    assert len(answer["tables"]) == MAX_SHOWN


def test_a_mode_is_a_preset_of_the_seats(live: GameLive) -> None:
    presets = {
        "invite": ["person", "open", "open"],
        "pass": ["person", "person", "person"],
        "computer": ["person", "computer", "computer"],
    }
    for mode, kinds in presets.items():
        body = {"game": "insects", "players": 3, "mode": mode, "seed": 3}
        status, created = call(live, "/api/tables", body)
        assert status == 201 and created["mode"] == mode
        assert len(created["invites"]) == kinds.count("open")
        assert len(created["seats"]) == kinds.count("person")
        _, seating = call(live, f"/api/tables/{created['id']}")
        assert [seat["kind"] for seat in seating["seats"]] == kinds
        _, answer = call(live, f"/api/games/{created['id']}", token=created["seats"][0]["token"])
        assert answer["mode"] == mode
    assert call(live, "/api/tables/nope")[0] == 404


def test_the_board_scripts_and_the_icon_are_served(live: GameLive) -> None:
    import urllib.request

    for name in ("common", "sandwich", "insects"):
        with urllib.request.urlopen(f"{live.url}/static/boards/{name}.js") as answer:
            assert answer.headers["Content-Type"].startswith("text/javascript")
    with urllib.request.urlopen(f"{live.url}/static/favicon.svg") as answer:
        assert answer.headers["Content-Type"] == "image/svg+xml" and b"<svg" in answer.read()
    assert call(live, "/static/boards/nope.js")[0] == 404


# --- the page's faults (issue 19, "Why") ---------------------------------------------------


@pytest.fixture
def opened(browser: Browser, live: GameLive) -> Iterator[Callable[..., Page]]:
    """New pages on the lobby, each in its own browser context; the tables they open."""
    contexts: list[Any] = []
    errors: list[str] = []

    def new(width: int = 390, height: int = 844) -> Page:
        context = browser.new_context(viewport={"width": width, "height": height})
        context.set_default_timeout(5000)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(live.url + "/")
        return page

    try:
        yield new
    finally:
        for context in contexts:
            context.close()
    assert errors == [] and live.leaks == []


def new_tables(page: Page) -> list[str]:
    """The requests for a new table the page makes (recorded from now on)."""
    made: list[str] = []
    page.on(
        "request",
        lambda request: (
            made.append(request.url)
            if request.method == "POST" and request.url.endswith("/api/tables")
            else None
        ),
    )
    return made


def test_focus_moves_into_the_game_and_the_next_enter_does_not_deal_again(
    opened: Callable[..., Page],
) -> None:
    page = opened()
    made = new_tables(page)
    page.fill("#seed", "3")
    page.focus("#new-game")
    page.keyboard.press("Enter")
    settle(page)
    page.wait_for_selector("#board", state="visible")
    assert page.evaluate("document.getElementById('board').contains(document.activeElement)")
    page.keyboard.press("Enter")  # plays the focused card, never a second deal
    settle(page)
    assert len(made) == 1


def test_new_game_asks_before_leaving_a_running_game(opened: Callable[..., Page]) -> None:
    page = opened()
    made = new_tables(page)
    page.fill("#seed", "3")
    page.click("#new-game")
    settle(page)
    address = page.url
    page.click("#new-game")
    expect(page.locator("#confirm")).to_be_visible()
    assert len(made) == 1  # asked, nothing dealt
    expect(page.locator("#confirm-no")).to_be_focused()  # Enter keeps the game
    page.keyboard.press("Enter")
    expect(page.locator("#confirm")).to_be_hidden()
    assert page.url == address and len(made) == 1
    page.click("#new-game")
    page.click("#confirm-yes")
    settle(page)
    assert len(made) == 2 and page.url != address


def test_the_log_counts_the_games_moves_newest_last_with_names(opened: Callable[..., Page]) -> None:
    page = opened()
    page.fill("#seed", "3")
    page.click("#new-game")
    settle(page)
    for _ in range(4):
        sandwich_act(page)
    numbers = [int(n) for n in page.eval_on_selector_all("#moves li", "l => l.map(e => e.value)")]
    lines = page.locator("#moves li").all_text_contents()
    seen = int(page.evaluate("document.body.dataset.seen"))
    assert numbers == sorted(set(numbers)) and numbers[-1] == seen  # newest at the bottom
    assert not any("seat " in line for line in lines)  # names, as the board says them
    assert any("Computer" in line for line in lines)


@pytest.mark.parametrize("width", [320, 360])
def test_narrow_screens_fit_and_show_the_result(opened: Callable[..., Page], width: int) -> None:
    page = opened(width, 640)
    fits = "document.documentElement.scrollWidth <= window.innerWidth"
    assert page.evaluate(fits)  # the lobby
    page.select_option("#mode", "computer")
    page.fill("#seed", "4")
    page.click("#new-game")
    settle(page)
    assert page.evaluate(fits)  # the table
    for _ in range(200):
        if page.is_visible("#result"):
            break
        sandwich_act(page)
    box = page.locator("#result").bounding_box()
    assert box is not None and box["y"] >= -1 and box["y"] + box["height"] <= 640  # in view
    assert page.evaluate(fits)


def test_a_covered_hand_is_not_in_the_page(opened: Callable[..., Page]) -> None:
    page = opened()
    page.fill("#name-0", "Ann")
    page.fill("#name-1", "Bob")
    page.select_option("#mode", "pass")
    page.fill("#seed", "5")
    page.click("#new-game")
    settle(page)
    assert page.is_visible("#cover") and page.locator("#hand, button.card").count() == 0
    page.click("#cover-button")
    settle(page)
    assert page.locator("#hand button.card").count() > 0
    for _ in range(20):  # Ann plays her turn to its end
        sandwich_act(page)
        if page.is_visible("#cover"):
            break
    assert "Bob" in (page.text_content("#cover-text") or "")
    assert page.locator("#hand, button.card").count() == 0  # Ann's hand left the page


def test_enter_in_the_seed_field_starts_a_game(opened: Callable[..., Page]) -> None:
    page = opened()
    made = new_tables(page)
    page.fill("#seed", "8")
    page.press("#seed", "Enter")
    settle(page)
    page.wait_for_selector("#board", state="visible")
    assert len(made) == 1


def test_the_page_has_an_icon(opened: Callable[..., Page]) -> None:
    page = opened()
    href = page.evaluate("(document.querySelector('link[rel~=icon]') || {}).href || null")
    assert href, "no icon declared"
    kind = page.evaluate(
        "async (href) => { const r = await fetch(href); return r.ok ? r.headers.get('content-type') : null; }",
        href,
    )
    assert kind is not None and kind.startswith("image/")


def test_the_lobby_sends_seats_and_rules_and_says_a_refusal(
    opened: Callable[..., Page], live: GameLive
) -> None:
    page = opened()
    page.select_option("#game", "insects")
    page.select_option("#players", "3")
    page.select_option("#seat-2", "random")
    assert page.input_value("#mode") == "custom"  # a seat chosen by hand
    page.click("#rules-box summary")
    page.fill("#rule-hand_size", "0")
    page.fill("#seed", "2")
    page.click("#new-game")
    settle(page)
    assert "Hand size is a whole number from 1 to 50." in (page.text_content("#message") or "")
    assert page.is_hidden("#board")  # nothing dealt
    page.fill("#rule-hand_size", "3")
    page.select_option("#rule-buy", "true")
    page.click("#new-game")
    settle(page)
    page.wait_for_selector("#board", state="visible")
    game_id = dict(part.split("=", 1) for part in page.evaluate("location.hash")[1:].split("&"))
    table = live.host.table(game_id["game"])
    assert table.game.name == "insects" and table.players == 3
    assert table.rules == GAMES["insects"].Rules(hand_size=3, buy=True)
    assert live.host.public(game_id["game"]).meta["seats"] == "person,computer,random"


def test_each_invited_seat_has_its_own_link(opened: Callable[..., Page]) -> None:
    page = opened()
    page.select_option("#game", "insects")
    page.select_option("#players", "3")
    page.select_option("#mode", "invite")
    page.fill("#name-2", "Cy")
    page.fill("#seed", "4")
    page.click("#new-game")
    settle(page)
    expect(page.locator("#invite-link")).to_have_value(re.compile("invite="))
    expect(page.locator("#more-invites input")).to_have_value(re.compile("invite="))
    links = [page.input_value("#invite-link"), page.input_value("#more-invites input")]
    assert links[0] != links[1]
    assert "Cy" in (page.text_content("#links") or "")  # each link says whose seat it is
    other = opened()
    settle(other)
    other.goto(links[1])  # only the address's # part changes: the page hears of it later
    expect(other.locator("#board")).to_be_visible()
    expect(other.locator("#hand-title")).to_contain_text("Cy's hand")
