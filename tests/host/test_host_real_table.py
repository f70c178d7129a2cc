"""A table played at a real table: chance's outcomes typed in by a seated person
(:meth:`Host.tell`), checked, stored before they are answered, and the flag kept by every
store."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from picnic_rules import CHANCE, IllegalMove, InvalidMove, OutOfTurn
from picnic_rules.host import Host, NotASeat, NotChance, Saved, StaleMove, open_store

from .test_host import make_store

__all__ = ["make_store"]


def test_a_real_table_stops_for_chance_and_takes_what_a_seat_tells(make_store) -> None:  # type: ignore[no-untyped-def]
    host = Host(make_store())
    opened = host.open("sandwich", agents={1: "computer"}, seed=5, real_table=True)
    token = opened.tokens[0]
    answer = host.answer(opened.table_id, token)
    assert answer.seen == 0 and answer.real_table
    assert answer.update.to_move is CHANCE and answer.update.legal_moves == ()
    table = host.table(opened.table_id)
    possible = [str(move) for move, _ in table.game.chance_outcomes(table.state)]
    assert list(answer.outcomes) == possible and "draw jelly" in possible
    told = host.tell(opened.table_id, token, "draw jelly", seen=0)
    assert told.seen == 1 and str(host.table(opened.table_id).moves[0]) == "draw jelly"
    # stored before it is answered: another host on the same store has it, flag and all
    other = Host(make_store())
    again = other.answer(opened.table_id, token)
    assert again.seen == 1 and again.real_table and again.outcomes == told.outcomes
    assert other.table(opened.table_id).real_table and other.public(opened.table_id).real_table
    assert Saved.loads(host.store.load(opened.table_id)[0]).real_table  # type: ignore[index]


def test_telling_is_refused_clearly_and_changes_nothing(make_store) -> None:  # type: ignore[no-untyped-def]
    host = Host(make_store())
    opened = host.open("sandwich", agents={1: "computer"}, seed=5, real_table=True)
    table_id, token = opened.table_id, opened.tokens[0]
    with pytest.raises(StaleMove):
        host.tell(table_id, token, "draw jelly", seen=3)
    with pytest.raises(InvalidMove):
        host.tell(table_id, token, "a pony", seen=0)
    with pytest.raises(IllegalMove):
        host.tell(table_id, token, "end", seen=0)  # a seat's move, not a draw
    with pytest.raises(NotASeat):
        host.tell(table_id, "not a credential", "draw jelly", seen=0)
    with pytest.raises(OutOfTurn):
        host.move(table_id, token, "end", seen=0)  # chance, not the seat, acts
    assert host.version(table_id) == 0 and host.store.version(table_id) == 0
    plain = host.open("sandwich", agents={1: "computer"}, seed=5)
    with pytest.raises(NotChance, match="drawn by the server"):
        host.tell(plain.table_id, plain.tokens[0], "draw jelly", seen=host.version(plain.table_id))


def test_chance_told_until_a_person_decides_then_not_chances_turn() -> None:
    host = Host()
    opened = host.open("insects", agents={1: "computer"}, seed=2, real_table=True)
    table_id, token = opened.table_id, opened.tokens[0]
    table = host.table(table_id)
    rng = random.Random(0)
    while table.to_move is CHANCE:
        host.tell(
            table_id, token, str(table.game.sample_chance(table.state, rng)), seen=table.version
        )
    assert table.to_move == 0
    answer = host.answer(table_id, token)
    assert answer.outcomes == () and answer.update.legal_moves
    with pytest.raises(NotChance, match="does not act now"):
        host.tell(table_id, token, "draw red ant", seen=table.version)


def test_an_ants_landing_is_typed_in_its_notation() -> None:
    host = Host()
    opened = host.open("ants", agents={1: "computer"}, seed=4, real_table=True)
    table_id, token = opened.table_id, opened.tokens[0]
    table = host.table(table_id)
    rng = random.Random(1)
    while table.to_move is CHANCE:  # the set-up: sampled, so no list of outcomes
        assert host.answer(table_id, token).outcomes == ()
        host.tell(
            table_id, token, str(table.game.sample_chance(table.state, rng)), seen=table.version
        )
    toss = next(
        m.notation
        for m in host.answer(table_id, token).update.legal_moves
        if m.card.startswith("toss")
    )
    host.move(table_id, token, toss, seen=table.version)
    assert table.to_move is CHANCE  # the landing waits for the table
    with pytest.raises(IllegalMove):
        host.tell(table_id, token, "land 9 on 40", seen=table.version)
    host.tell(table_id, token, "land 3 on 4", seen=table.version)
    landed = [str(move) for move in table.moves if str(move).startswith("land")]
    assert landed == ["land 3 on 4"]


def test_an_old_stored_table_without_the_flag_draws_chance_itself() -> None:
    host = Host()
    opened = host.open("sandwich", agents={1: "computer"}, seed=5)
    document = json.loads(host.store.load(opened.table_id)[0])  # type: ignore[index]
    del document["real_table"]
    saved = Saved.loads(json.dumps(document))
    assert not saved.real_table


def test_an_undo_at_a_real_table_keeps_what_was_told(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    host = Host(open_store(url))
    opened = host.open("sandwich", agents={1: "computer"}, seed=6, real_table=True)
    table_id, token = opened.table_id, opened.tokens[0]
    table = host.table(table_id)
    rng = random.Random(3)

    def tell_until_a_decision() -> None:
        while table.to_move is CHANCE:
            drawn = str(table.game.sample_chance(table.state, rng))
            host.tell(table_id, token, drawn, seen=table.version)

    tell_until_a_decision()
    decided = table.version
    move = host.answer(table_id, token).update.legal_moves[0].notation
    host.move(table_id, token, move, seen=decided)
    tell_until_a_decision()
    told = [str(m) for m in table.moves[decided:]]
    _, answer = host.undo(table_id, token, seen=table.version)
    assert answer.seen == decided and answer.real_table
    restarted = Host(open_store(url))  # the kept outcomes are stored with the table
    restarted.move(table_id, token, move, seen=decided)
    replayed = restarted.table(table_id)
    assert [str(m) for m in replayed.moves[decided:]][: len(told)] == told  # dealt again


def test_the_listed_outcomes_come_from_the_seats_view_alone() -> None:
    # states a seat cannot tell apart list the same outcomes: the list never tells which
    # cards the deck holds, and so which the other hands hold (the state's own outcomes
    # differ between such states late in a game, when a kind runs short)
    import random

    from picnic_rules import CHANCE, GAMES
    from picnic_rules.host.host import possible_outcomes

    game = GAMES["sandwich"]
    for seed in range(3):
        rng, state, checked = random.Random(seed), game.new_game(2), 0
        while not game.is_over(state):
            if game.to_move(state) is CHANCE:
                listed = possible_outcomes(game, state, 0)
                for other_seed in range(3):
                    other = game.determinize(game.view(state, 0), random.Random(other_seed))
                    assert possible_outcomes(game, other, 0) == listed
                checked += 1
                state = game.apply(state, game.sample_chance(state, rng))
            else:
                state = game.apply(state, rng.choice(game.legal_moves(state)))
        assert checked > 10
