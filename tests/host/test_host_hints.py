"""The host's hints and reviews (issue 43): the hint policy is kept with the table (a table
stored before there were hints keeps the default policy), no hint where it refuses them,
a hint from the seat's view alone, and after the game each seat's review -- its own
decisions only -- computed once, stored, and every seat's for spectators."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from picnic_rules import GAMES, replay
from picnic_rules.analysis import (
    Budget,
    estimate,
    estimates_document,
    review,
    review_document,
)
from picnic_rules.analysis import review as review_module_function
from picnic_rules.host import BadInput, HintsOff, Host, MemoryStore, NoHint, NotOver, open_store

BUDGET = Budget(iterations=20)


def _host(store: Any = None) -> Host:
    return Host(store, budget=BUDGET)


def _played_out(host: Host, table_id: str, token: str) -> None:
    """Seat 0 plays its first legal move until the game ends."""
    for _ in range(500):
        answer = host.answer(table_id, token)
        if host.table(table_id).over:
            return
        host.move(table_id, token, answer.update.legal_moves[0].notation, seen=answer.seen)
    raise AssertionError("the game did not end")


def test_one_person_gets_a_hint_from_its_view() -> None:
    host = _host()
    opened = host.open("sandwich", agents={1: "computer"}, seed=3)
    table = host.table(opened.table_id)
    found = host.hint(opened.table_id, opened.tokens[0])
    view = GAMES["sandwich"].view(table.state, 0)
    budget = Budget(iterations=20, seed=3)
    assert found == estimate(table.game, view, budget, decision=table.version)
    assert host.hint_document(opened.table_id, opened.tokens[0]) == estimates_document(found)


@pytest.mark.parametrize(
    ("options", "allowed"),
    [
        ({}, False),  # two people, no policy given: off
        ({"hints": True}, True),  # every person agreed
        ({"hints": False}, False),
    ],
)
def test_the_hint_policy_of_a_table_of_two_people(options: dict[str, Any], allowed: bool) -> None:
    host = _host()
    opened = host.open("sandwich", seed=3, **options)
    table = host.table(opened.table_id)
    seat = table.to_move
    assert table.hints_allowed is allowed
    if allowed:
        assert host.hint(opened.table_id, opened.tokens[seat]).seat == seat
        with pytest.raises(NoHint, match="not to move"):
            host.hint(opened.table_id, opened.tokens[1 - seat])
    else:
        with pytest.raises(HintsOff) as refused:
            host.hint(opened.table_id, opened.tokens[seat])
        assert refused.value.status == 403 and refused.value.name == "hints-off"


def test_one_person_may_turn_hints_off() -> None:
    host = _host()
    opened = host.open("sandwich", agents={1: "computer"}, seed=3, hints=False)
    with pytest.raises(HintsOff, match="hints are off at this table"):
        host.hint(opened.table_id, opened.tokens[0])
    with pytest.raises(BadInput, match="a hint policy is null, true or false"):
        host.open("sandwich", agents={1: "computer"}, hints="yes")  # type: ignore[arg-type]


def test_the_policy_is_stored_with_the_table(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    opened = _host(open_store(url)).open("sandwich", seed=3, hints=False, agents={1: "computer"})
    other = _host(open_store(url))  # another server on the same database
    assert other.table(opened.table_id).hints_allowed is False
    with pytest.raises(HintsOff):
        other.hint(opened.table_id, opened.tokens[0])


def test_a_table_stored_before_hints_keeps_the_default_policy() -> None:
    store = MemoryStore()
    host = _host(store)
    alone = host.open("sandwich", seed=3, agents={1: "computer"}, hints=False)
    pair = host.open("sandwich", seed=3, hints=True)
    for opened in (alone, pair):
        document, version = store.load(opened.table_id) or ("", 0)
        old = json.loads(document)
        del old["hints"], old["reviews"]  # as a host before issue 43 stored it
        assert store.save(opened.table_id, json.dumps(old), version, False, version)
    again = _host(store)
    assert again.table(alone.table_id).hints_allowed is True  # one person: on
    assert again.table(pair.table_id).hints_allowed is False  # two people: off


def test_a_review_after_the_game_only_of_the_seats_own_decisions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    host = _host()
    opened = host.open("sandwich", agents={1: "computer"}, seed=5)
    with pytest.raises(NotOver) as early:
        host.review(opened.table_id, opened.tokens[0])
    assert (early.value.status, early.value.name) == (409, "not-over")
    with pytest.raises(NotOver):
        host.reviews(opened.table_id)
    _played_out(host, opened.table_id, opened.tokens[0])
    record = host.table(opened.table_id).record()
    found = host.review(opened.table_id, opened.tokens[0])
    assert found == review_document(review(record, 0, BUDGET))
    game, states = GAMES["sandwich"], replay(record)
    ours = {i + 1 for i, state in enumerate(states[:-1]) if game.to_move(state) == 0}
    assert {decision["number"] for decision in found["decisions"]} == ours
    assert found["seat"] == 0

    # computed once: stored with the table, never searched again
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the review was computed again")

    monkeypatch.setattr("picnic_rules.host.host.review", refuse)
    assert _host(host.store).review(opened.table_id, opened.tokens[0]) == found
    monkeypatch.setattr("picnic_rules.host.host.review", review_module_function)
    # spectators: every seat's review, after the game
    everyone = host.reviews(opened.table_id)
    assert sorted(everyone) == [0, 1]
    assert everyone[0] == found
    assert everyone[1] == review_document(review(record, 1, BUDGET))
