"""Moves are values: look-alikes of a legal move play as that move, ill-typed moves are no moves.

Issue 16: a move that compares equal to a legal one (``Play(True, 0)`` is
``Play(Card.PEANUT_BUTTER, 0)``: ``True == 1``) is applied exactly as the
listed legal move -- the same state, holding only proper values -- and any
other move whose fields do not hold their declared types is refused with
:class:`~picnic_rules.IllegalMove` ("not a move of sandwich: ..."), never a
``TypeError``, ``AttributeError`` or ``KeyError``; ``observe``, ``move_as``,
``parse_move`` and ``move_from_str`` keep to their documented errors too.
"""

from __future__ import annotations

import copy
import random
import re
from typing import Any

import pytest
from sandwich_scenario import BREAD, JELLY, PB, make_state

from picnic_rules import CHANCE, IllegalMove, InvalidMove, InvalidState
from picnic_rules.sandwich import (
    GAME,
    Ant,
    Card,
    Discard,
    Draw,
    End,
    Fly,
    Phase,
    Play,
    State,
    apply,
    check,
    legal_moves,
    move_from_str,
    new_game,
    observe,
    parse_move,
)


def _stable_id(value: object) -> str:
    """A test id that is the same in every process (no memory address), for pytest-xdist."""
    return re.sub(r" at 0x[0-9a-f]+", "", repr(value))


def _proper(state: State) -> None:
    """Every card in the state is a Card and every number an int: no caller's object kept."""
    for sandwiches in state.table:
        for sandwich in sandwiches:
            assert all(type(card) is Card for card in sandwich)
    if state.fly is not None:
        assert all(type(n) is int for n in state.fly)
    for counts in (*state.hands, state.draw_pile, state.discard_pile):
        assert all(type(n) is int for n in counts)
    check(state)


def _turn() -> State:
    """Seat 0 to act: sandwich 0.0 open, seat 1's 1.0 open, the fly on the finished 1.1."""
    return make_state(
        hands={0: "bread pb jelly ant fly"},
        table={0: ["bread pb"], 1: ["bread jelly", "bread pb jelly bread"]},
        fly=(1, 1),
    )


LOOK_ALIKES = [
    (Play(2, 0), Play(JELLY, 0)),
    (Play(True, None), None),  # equal to Play(PB): not legal, and ill-typed
    (Play(JELLY, True), None),  # sandwich 1 of seat 0 does not exist
    (Play(2.0, 0.0), Play(JELLY, 0)),
    (Play(JELLY, 0.0), Play(JELLY, 0)),
    (Ant(1.0, 0, 0), Ant(1, 0, 0)),
    (Ant(True, False, False), Ant(1, 0, 0)),
    (Fly(True, 0), Fly(1, 0)),
    (Fly(0, 0.0), Fly(0, 0)),
    (Fly(1, True), None),  # equal to Fly(1, 1): the fly is on 1.1 already
]


@pytest.mark.parametrize(("look_alike", "legal"), LOOK_ALIKES, ids=_stable_id)
def test_a_look_alike_of_a_legal_move_is_applied_as_that_move(look_alike: Any, legal: Any) -> None:
    state = _turn()
    if legal is None:
        with pytest.raises(IllegalMove, match="not a move of sandwich: its ") as info:
            apply(state, look_alike)
        assert info.value.move is look_alike
        return
    assert legal in legal_moves(state)
    assert look_alike == legal
    after = apply(state, look_alike)
    assert after == apply(state, legal)
    _proper(after)


def test_play_true_on_0_spreads_peanut_butter() -> None:
    state = make_state(hands={0: "pb"}, table={0: ["bread jelly"]})
    after = apply(state, Play(True, 0))  # type: ignore[arg-type]
    assert after.table[0] == ((BREAD, JELLY, PB),)
    assert type(after.table[0][0][-1]) is Card
    _proper(after)


def test_a_look_alike_draw_at_a_chance_node_draws_that_card() -> None:
    state = new_game(2)
    after = apply(state, Draw(True))  # type: ignore[arg-type]
    assert after == apply(state, Draw(Card.PEANUT_BUTTER))
    _proper(after)


def test_observe_hands_out_the_listed_move_for_a_look_alike() -> None:
    state = _turn()
    seen = observe(state, Fly(True, 0), 1)  # type: ignore[arg-type]
    assert seen.move == Fly(1, 0)
    assert type(seen.move.seat) is int  # type: ignore[union-attr]


def test_move_as_returns_the_listed_move() -> None:
    state = _turn()
    move = GAME.move_as(state, 0, Ant(True, 0, 0))  # type: ignore[arg-type]
    assert move == Ant(1, 0, 0) and type(move.seat) is int


ILL_TYPED = [
    Play(card="jelly", onto=0),
    Play(card=[2], onto=0),
    Play(card=JELLY, onto="0"),
    Play(card=JELLY, onto=[0]),
    Play(card=3.5, onto=0),
    Play(card=99, onto=0),
    Ant(seat=(1,), sandwich=0, onto=0),
    Ant(seat=1, sandwich=None, onto=0),
    Ant(seat=1, sandwich=0, onto=1.5),
    Fly(seat="1", sandwich=0),
    Fly(seat=1, sandwich=object()),
    Discard(card="ant"),
    Discard(card=None),
    Draw(card=JELLY.value + 0.5),
]


@pytest.mark.parametrize("move", ILL_TYPED, ids=_stable_id)
def test_an_ill_typed_move_is_no_move_of_the_game(move: Any) -> None:
    state = _turn()
    before = copy.deepcopy(state)
    with pytest.raises(
        IllegalMove, match=r"^illegal move .*: not a move of sandwich: its "
    ) as info:
        apply(state, move)
    assert info.value.move is move
    assert state == before
    with pytest.raises(InvalidMove, match="not a move of sandwich"):
        GAME.move_as(state, 0, move)


@pytest.mark.parametrize("move", [None, "end", 3, End, object(), (0, 1)], ids=_stable_id)
def test_an_object_that_is_no_move_is_refused_as_such(move: Any) -> None:
    with pytest.raises(IllegalMove, match=r"not a move of sandwich: it is an? .+, not a move$"):
        apply(_turn(), move)


def test_apply_refuses_a_state_of_another_kind() -> None:
    with pytest.raises(InvalidState, match="sandwich State"):
        apply(None, End())  # type: ignore[arg-type]
    with pytest.raises(InvalidState, match="sandwich State"):
        GAME.apply("state", End())


def test_a_field_that_fails_to_compare_is_refused_quietly() -> None:
    class Hostile:
        def __eq__(self, other: object) -> bool:
            raise RuntimeError("no")

        __hash__ = object.__hash__

    with pytest.raises(IllegalMove, match="not a move of sandwich"):
        apply(_turn(), Fly(1, Hostile()))  # type: ignore[arg-type]


def test_moves_with_ordinary_ill_typed_fields_still_print() -> None:
    for move in ILL_TYPED:
        assert isinstance(str(move), str)


def test_random_field_values_raise_only_the_documented_errors() -> None:
    rng = random.Random(16)
    values: list[object] = [
        None, True, False, -1, 0, 1, 2, 7, 10**9, 1.0, 0.5, "0", "pb", [0], (0,), b"0", Card.FLY,
        Phase.ACT,
    ]  # fmt: skip
    state = new_game(2)
    while GAME.to_move(state) is CHANCE:
        state = apply(state, Draw(Card.BREAD if state.dealt % 2 else Card.ANT))
    states = [state, _turn(), new_game(3)]
    for _ in range(1500):
        cls = rng.choice([Play, Ant, Fly, Discard, Draw])
        arity = {Play: 2, Ant: 3, Fly: 2, Discard: 1, Draw: 1}[cls]
        move = cls(*(rng.choice(values) for _ in range(arity)))
        for where in states:
            try:
                after = apply(where, move)
            except IllegalMove:
                continue
            assert move in legal_moves(where)
            _proper(after)


@pytest.mark.parametrize(
    "text", ["", "play", "play 3", "fly 1.x", "ant 1.0 to", "x" * 500, "play bread on 99999"]
)
def test_text_is_read_with_the_documented_errors_only(text: str) -> None:
    state = _turn()
    with pytest.raises((InvalidMove, IllegalMove)):
        parse_move(state, text)


@pytest.mark.parametrize("text", [3, None, b"end", ["end"]], ids=_stable_id)
def test_notation_must_be_text(text: Any) -> None:
    with pytest.raises(InvalidMove, match="a move must be given as a string"):
        move_from_str(text)
    with pytest.raises(InvalidMove):
        parse_move(_turn(), text)
