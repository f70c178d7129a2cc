"""Moves are built once and handed out again, below a fixed index; past it, built afresh.

``engine.INTERNED``: the move generator hands out the same move objects for
sandwiches numbered below it (a playout builds no move), and builds equal moves
for sandwiches past it -- which only a long game with a large deck reaches.
"""

from __future__ import annotations

from sandwich_scenario import deck_rules, make_state

from picnic_rules.sandwich import Ant, Card, End, Fly, Play, apply, check, legal_moves
from picnic_rules.sandwich.engine import INTERNED

DONE = "bread pb jelly bread"


def test_the_moves_of_small_tables_are_the_same_objects_every_time():
    one = make_state(hands={0: "bread pb jelly ant fly"}, table={0: ["bread"], 1: ["bread jelly"]})
    other = make_state(
        hands={0: "pb jelly ant fly bread*2"}, table={0: ["bread"], 1: ["bread jelly"]}
    )
    first, second = legal_moves(one), legal_moves(other)
    assert first == second
    assert all(a is b for a, b in zip(first, second, strict=True))
    assert {type(move) for move in first} == {Play, Ant, Fly, End}


def test_a_sandwich_past_the_interned_ones_gets_its_moves_too():
    rules = deck_rules(bread=40, pb=20, jelly=20, ants=1, flies=1, sandwiches_to_win=20)
    table = {0: [DONE] * INTERNED + ["bread pb"], 1: ["bread jelly"]}
    state = make_state(hands={0: "pb jelly ant fly"}, table=table, rules=rules)
    moves = legal_moves(state)
    last = INTERNED  # the open sandwich's number
    assert Play(Card.JELLY, last) in moves
    assert Ant(1, 0, last) in moves
    assert Fly(0, last) in moves and Fly(0, 0) in moves and Fly(1, 0) in moves
    assert len([move for move in moves if isinstance(move, Fly)]) == INTERNED + 2
    for move in moves:
        check(apply(state, move))
    closing = make_state(
        hands={0: "bread"},
        table={0: [DONE] * INTERNED + ["bread pb jelly"], 1: ["bread jelly"]},
        rules=deck_rules(bread=40, pb=20, jelly=20, sandwiches_to_win=20),
    )
    assert legal_moves(closing) == (Play(Card.BREAD, last), End())
