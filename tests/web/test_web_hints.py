"""The web API's hint and review routes (issue 43), each handler called as a function of
its request: a hint under the table's policy (403 ``hints-off`` where it refuses them,
also for a table opened through the one door with ``"hints": false``), the seat's own
review after the game (409 ``not-over`` before) and every seat's for spectators."""

from __future__ import annotations

from typing import Any

import pytest
from test_web_handlers import request, run

from picnic_rules.analysis import Budget
from picnic_rules.host import HintsOff, Host, NotASeat, NotOver
from picnic_rules.web import NO_LIMITS, app, create_app, lobby
from picnic_rules.web.reading import RequestError

BUDGET = Budget(iterations=20)
APP = create_app(Host(budget=BUDGET), limits=NO_LIMITS)
HOST: Host = APP.state.host


def _asked(path: str, table_id: str, token: str | None = None) -> Any:
    asked = request("GET", path, params={"game_id": table_id}, token=token)
    asked.scope["app"] = APP
    return asked


def test_hint_gives_the_seats_three_favourite_moves() -> None:
    opened = HOST.open("sandwich", agents={1: "computer"}, seed=4)
    status, answer = run(app.hint, _asked("/", opened.table_id, opened.tokens[0]))
    assert status == 200
    assert answer["hint"] == HOST.hint_document(opened.table_id, opened.tokens[0])
    assert 1 <= len(answer["hint"]["moves"]) <= 3
    with pytest.raises(NotASeat):
        run(app.hint, _asked("/", opened.table_id, "not a token"))


def test_no_hint_at_a_table_whose_policy_refuses_it() -> None:
    body = {"game": "sandwich", "seats": ["person", "computer"], "hints": False}
    asked = request("POST", "/api/tables", body)
    asked.scope["app"] = APP
    status, made = run(lobby.new_table, asked)
    assert status == 201
    token = made["seats"][0]["token"]
    with pytest.raises(HintsOff) as refused:
        run(app.hint, _asked("/", made["id"], token))
    assert (refused.value.status, refused.value.name) == (403, "hints-off")
    got, answer = run(app.guarded(app.hint), _asked("/", made["id"], token))
    assert (got, answer["error"]) == (403, "hints-off")
    bad = request("POST", "/api/tables", {**body, "hints": "no"})
    bad.scope["app"] = APP
    got, answer = run(app.guarded(lobby.new_table), bad)
    assert got == 400 and '"hints"' in answer["reason"]


def test_reviews_after_the_game_for_the_seat_and_for_spectators() -> None:
    opened = HOST.open("sandwich", agents={1: "computer"}, seed=6)
    table_id, token = opened.table_id, opened.tokens[0]
    with pytest.raises(NotOver):
        run(app.seat_review, _asked("/", table_id, token))
    early = _asked("/", table_id, token)
    early.scope["query_string"] = b"move=1"
    with pytest.raises(NotOver):
        run(app.moment, early)
    got, answer = run(app.guarded(app.public_review), _asked("/", table_id))
    assert (got, answer["error"]) == (409, "not-over")
    for _ in range(500):
        if HOST.table(table_id).over:
            break
        seen = HOST.answer(table_id, token)
        HOST.move(table_id, token, seen.update.legal_moves[0].notation, seen=seen.seen)
    status, answer = run(app.seat_review, _asked("/", table_id, token))
    assert status == 200 and answer["review"] == dict(HOST.review(table_id, token))
    assert answer["review"]["seat"] == 0
    status, answer = run(app.public_review, _asked("/", table_id))
    assert status == 200 and [found["seat"] for found in answer["reviews"]] == [0, 1]
    # the table as the seat saw it before one of its moves, nothing to play on it
    number = answer["reviews"][0]["decisions"][0]["number"]
    moment = _asked("/", table_id, token)
    moment.scope["query_string"] = f"move={number}".encode()
    status, answer = run(app.moment, moment)
    update = answer["update"]["update"]
    assert status == 200 and answer["move"] == number
    assert update["seat"] == 0 and update["legal_moves"] == [] and update["to_move"] == 0
    bad = _asked("/", table_id, token)
    bad.scope["query_string"] = b"move=x"
    with pytest.raises(RequestError, match="move"):
        run(app.moment, bad)
