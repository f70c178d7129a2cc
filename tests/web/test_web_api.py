"""The web server's JSON API over real HTTP: seats, tokens, invites, stale and illegal moves,
errors."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

import pytest
from web_live import GAME, Live

from picnic_rules import codec
from picnic_rules.host import Host
from picnic_rules.web import MAX_BODY


def call(
    url: str,
    body: Any = None,
    token: str | None = None,
    raw: bytes | None = None,
    method: str | None = None,
) -> tuple[int, dict[str, Any]]:
    data = raw if raw is not None else None if body is None else json.dumps(body).encode()
    verb = method or ("GET" if data is None else "POST")
    request = urllib.request.Request(url, data=data, method=verb)
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def new_game(live: Live, mode: str = "computer", seed: int | None = 1) -> tuple[str, list[str]]:
    status, answer = call(
        f"{live.url}/api/tables", {"game": "sandwich", "mode": mode, "seed": seed}
    )
    assert status == 201, answer
    assert [seat["seat"] for seat in answer["seats"]] == ([0, 1] if mode == "pass" else [0])
    assert [seat["seat"] for seat in answer["invites"]] == ([1] if mode == "invite" else [])
    return f"{live.url}/api/games/{answer['id']}", [seat["token"] for seat in answer["seats"]]


def document(url: str, token: str, since: int = 0) -> tuple[int, Any]:
    status, answer = call(f"{url}?since={since}", token=token)
    assert status == 200, answer
    return answer["seen"], codec.decode(answer["update"], "update", GAME)


def test_against_the_computer_the_human_goes_first_and_sees_the_computers_moves(
    live: Live,
) -> None:
    url, [token] = new_game(live)
    seen, update = document(url, token)
    assert update.seat == 0 and update.to_move == 0
    assert seen == 5  # four cards dealt one at a time, then the first turn's draw
    words = [entry.description for entry in update.observations]
    assert words[0].startswith("you are dealt a") and words[1] == "seat 1 is dealt a card"
    assert words[4].startswith("you draw a")
    status, answer = call(f"{url}/moves", {"move": "end", "seen": seen}, token)
    assert status == 200, answer
    after = codec.decode(answer["update"], "update", GAME)
    words = [entry.description for entry in after.observations]
    assert words[0] == "you end your turn" and words[1] == "seat 1 draws a card"
    assert any(text.startswith("seat 1 ") and "draw" not in text for text in words[2:])
    assert after.to_move == 0 and words[-1].startswith("you draw")
    assert live.leaks == []


def test_pass_and_play_player_1_starts_and_each_token_is_one_seat(live: Live) -> None:
    url, tokens = new_game(live, "pass")
    _seen, first = document(url, tokens[0])
    _, second = document(url, tokens[1])
    assert (first.seat, first.to_move, second.seat, second.to_move) == (0, 0, 1, 0)
    assert first.legal_moves and second.legal_moves == ()


def test_a_seat_cannot_move_for_another(live: Live) -> None:
    url, tokens = new_game(live, "pass")
    seen, before = document(url, tokens[0])
    status, answer = call(f"{url}/moves", {"move": "end", "seen": seen}, tokens[1])
    assert (status, answer["error"]) == (409, "out-of-turn")
    assert answer["reason"] == "seat 1 may not move now: seat 0 is to act"
    _other_url, other_tokens = new_game(live, "pass")  # a token of another game
    status, answer = call(f"{url}/moves", {"move": "end", "seen": seen}, other_tokens[0])
    assert (status, answer["error"]) == (401, "token")
    status, answer = call(f"{url}/moves", {"move": "end", "seen": seen})  # no token at all
    assert (status, answer["error"]) == (401, "token")
    assert document(url, tokens[0]) == (seen, before)  # nothing changed


def test_a_stale_move_is_refused_after_the_state_moved_on(live: Live) -> None:
    url, tokens = new_game(live, "pass")
    seen, _update = document(url, tokens[0])
    status, answer = call(f"{url}/moves", {"move": "end", "seen": seen}, tokens[0])
    assert status == 200 and answer["seen"] == seen + 2  # the end, and seat 1's draw
    now, after = document(url, tokens[1])
    assert now == seen + 2 and after.to_move == 1
    # seat 0's second click on "end", sent with what it knew before
    status, answer = call(f"{url}/moves", {"move": "end", "seen": seen}, tokens[0])
    assert (status, answer["error"]) == (409, "stale")
    assert answer["reason"] == f"the table moved on: {seen + 2} moves made, not {seen}"
    # seat 1 too: a move sent with an old count is refused even on its own turn
    status, answer = call(f"{url}/moves", {"move": "end", "seen": seen}, tokens[1])
    assert (status, answer["error"]) == (409, "stale")
    assert document(url, tokens[1]) == (now, after)


def test_an_illegal_move_names_the_rule_and_changes_nothing(live: Live) -> None:
    url, [token] = new_game(live)
    seen, update = document(url, token)
    hand = update.view.hand
    card = next(str(card) for card in type(update.legal_moves[0].move.card) if hand[card] == 0)
    status, answer = call(f"{url}/moves", {"move": f"play {card}", "seen": seen}, token)
    assert (status, answer["error"]) == (409, "illegal")
    assert answer["reason"].startswith("seat 0 holds no ")
    status, answer = call(f"{url}/moves", {"move": "eat the jelly", "seen": seen}, token)
    assert (status, answer["error"]) == (400, "invalid")
    assert answer["reason"].startswith("expected one of: end, draw CARD")
    status, answer = call(f"{url}/moves", {"move": "draw bread", "seen": seen}, token)
    assert (status, answer["reason"]) == (409, "seat 0 is to act, not chance")
    assert document(url, token) == (seen, update)


@pytest.mark.parametrize(
    ("body", "raw", "status", "reason"),
    [
        (None, b"{not json", 400, "the body is not JSON"),
        (None, b"[1, 2]", 400, "the body must be a JSON object"),
        (None, b"[" * 100_000, 413, f"a request body is at most {MAX_BODY} bytes"),
        ({"move": "end"}, None, 400, '"seen" must be the number of moves you know of'),
        (
            {"move": "end", "seen": True},
            None,
            400,
            '"seen" must be the number of moves you know of',
        ),
        ({"move": 3, "seen": 4}, None, 400, '"move" must be a string of notation'),
        ({"move": "end", "seen": 4, "seat": 1}, None, 400, "unknown field 'seat'"),
        ({"move": "x" * 5000, "seen": 4}, None, 413, f"a request body is at most {MAX_BODY} bytes"),
    ],
)
def test_a_malformed_move_request_is_a_400_and_changes_nothing(
    live: Live, body: Any, raw: bytes | None, status: int, reason: str
) -> None:
    url, [token] = new_game(live)
    before = document(url, token)
    assert call(f"{url}/moves", body, token, raw) == (
        status,
        {"error": answer_error(status, raw), "reason": reason},
    )
    assert document(url, token) == before
    assert live.leaks == []


def answer_error(status: int, raw: bytes | None) -> str:
    return "size" if status == 413 else "json" if raw is not None else "request"


def test_unknown_games_paths_methods_and_bad_queries(live: Live) -> None:
    url, [token] = new_game(live)
    base = live.url
    assert call(f"{base}/api/games/nosuchgame", token=token) == (
        404,
        {"error": "game", "reason": "no table has that id"},
    )
    assert call(f"{base}/api/games/nosuchgame/moves", {"move": "end", "seen": 0}, token)[0] == 404
    assert call(f"{base}/api/nothing") == (
        404,
        {"error": "path", "reason": "no such path: /api/nothing"},
    )
    assert call(f"{base}/api/tables", method="GET") == (
        405,
        {"error": "method", "reason": "GET is not allowed on /api/tables"},
    )
    for query in ("since=x", "since=-1", "since=1&since=2", "since=99999999999"):
        status, answer = call(f"{url}?{query}", token=token)
        assert status == 400 and answer["reason"].startswith("since:"), (query, answer)
    status, answer = call(f"{url}?since=5000", token=token)
    assert (status, answer["reason"]) == (400, "since must be 0 to 5, not 5000")
    status, answer = call(f"{url}?since=0", token=token + "x")
    assert (status, answer["error"]) == (401, "token")
    status, answer = call(f"{url}?since=0", token="\u00e9t\u00e9")  # non-ASCII: not a token
    assert status in (400, 401)


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ({"mode": "solo"}, '"mode" must be one of computer, pass, invite'),
        (
            {"mode": "pass", "seed": -1},
            '"seed" must be null or an integer 0 to 9223372036854775807',
        ),
        ({"seed": 2**63}, '"seed" must be null or an integer 0 to 9223372036854775807'),
        ({"seed": "7"}, '"seed" must be null or an integer 0 to 9223372036854775807'),
        ({"seed": 7, "colour": 3}, "unknown field 'colour'"),
        ({"mode": "pass", "seats": ["person", "person"]}, 'give "seats" or "mode", not both'),
    ],
)
def test_a_bad_new_game_is_a_400(live: Live, body: Any, reason: str) -> None:
    answer = call(f"{live.url}/api/tables", {"game": GAME.name, **body})
    assert answer == (400, {"error": "request", "reason": reason})


def test_there_is_one_door_to_a_new_table(live: Live) -> None:
    """Issue 39: ``POST /api/games`` is gone; ``POST /api/tables`` opens every table."""
    assert call(f"{live.url}/api/games", {"mode": "pass"})[0] == 404


def test_a_seed_gives_the_same_cards_and_no_seed_unpredictable_ones(live: Live) -> None:
    games = [new_game(live, seed=77) for _ in range(2)]
    first, second = (document(url, tokens[0])[1] for url, tokens in games)
    assert first.view == second.view
    games = [new_game(live, seed=None) for _ in range(6)]
    views = {document(url, tokens[0])[1].view for url, tokens in games}
    assert len(views) > 1


def play_out(url: str, tokens: list[str]) -> int:
    """Two clients, one token each, that keep their views from observations alone."""
    views = {seat: GAME.view(GAME.new_game(2), seat) for seat in (0, 1)}
    seen = {0: 0, 1: 0}
    for turns in range(3000):
        updates = {}
        for seat in (0, 1):
            seen[seat], update = document(url, tokens[seat], seen[seat])
            updates[seat] = update
            for item in update.observations:
                assert item.description == GAME.describe(views[seat], item.observation)
                views[seat] = GAME.update(views[seat], item.observation)
            assert views[seat] == update.view
        if updates[0].outcome is not None:
            assert updates[1].outcome == updates[0].outcome
            return turns
        actor = updates[0].to_move
        assert updates[1 - actor].legal_moves == ()
        move = updates[actor].legal_moves[turns % len(updates[actor].legal_moves)].notation
        status, answer = call(f"{url}/moves", {"move": move, "seen": seen[actor]}, tokens[actor])
        assert status == 200, answer
    pytest.fail("the game did not end")


def test_two_browsers_play_a_whole_pass_and_play_game(live: Live) -> None:
    url, tokens = new_game(live, "pass", seed=5)
    assert play_out(url, tokens) > 10
    assert live.leaks == [] and live.documents > 20


def test_the_page_and_its_files_are_served_with_a_strict_policy(live: Live) -> None:
    for path, kind in [
        ("/", "text/html"),
        ("/static/app.js", "text/javascript"),
        ("/static/style.css", "text/css"),
    ]:
        with urllib.request.urlopen(live.url + path, timeout=10) as response:
            assert response.headers["Content-Type"].startswith(kind)
            assert "script-src 'self'" in response.headers["Content-Security-Policy"]
            assert response.read()
    assert call(f"{live.url}/static/secret.py")[0] == 404


def test_the_host_plays_the_computers_seat_and_chance_until_the_person_must_act() -> None:
    host = Host()
    opened = host.open("sandwich", agents={1: "computer"}, seed=3)
    table = host.table(opened.table_id)
    assert GAME.to_move(table.state) == 0 and table.version == 5
    first = host.answer(opened.table_id, opened.tokens[0]).update.legal_moves[0].notation
    host.move(opened.table_id, opened.tokens[0], first, seen=5)
    table = host.table(opened.table_id)
    assert GAME.to_move(table.state) == 0
    actors = [GAME.to_move(state) for state in table.states[5:-1]]
    assert actors[0] == 0 and 1 in actors[1:]
