"""Moves are values, and text reaches a move one way.

``apply`` plays a move that equals a legal one (a count of ``True`` or ``1.0``, a card
given as its number) exactly as the listed move, so no caller's object ends up in a
state, and refuses every other ill-typed move with :class:`IllegalMove` -- never a
``TypeError`` or an ``AttributeError``. ``Game.move_as`` reads text with ``parse_move``,
shorthands included.
"""

from __future__ import annotations

import random

import attrs
import pytest
from insects_scenario import make_state

from picnic_rules import CHANCE, IllegalMove, InvalidMove, PicnicError
from picnic_rules.insects import (
    GAME,
    VARIANTS,
    Card,
    Colour,
    Defend,
    Draw,
    Insect,
    Play,
    State,
    apply,
    check,
    is_over,
    legal_moves,
    move_from_str,
    new_game,
    parse_move,
    to_move,
)
from picnic_rules.kit import ill_typed
from picnic_rules.testing.move_values import ill_typed_copies, lookalikes


def _proper(state: State) -> None:
    """Every value in ``state`` is of its declared kind: cards, ints, never a look-alike."""
    for counts in (*state.hands, *state.scored, state.deck):
        assert all(type(n) is int for n in counts)
    assert all(type(card) is Card for pile in state.piles for card in pile)
    assert all(type(n) is int for n in (*state.food, *state.captured, state.turn))


def test_a_look_alike_play_is_applied_as_the_listed_play() -> None:
    state = make_state(hands={0: "red fly, joker fly"}, piles=["red fly"])
    listed = move_from_str("play red fly on 0")
    for twin in (
        Play(Insect.FLY, Colour.RED, True, 0, 0),  # type: ignore[arg-type]
        Play(Insect.FLY, Colour.RED, 1.0, False, 0.0),  # type: ignore[arg-type]
        Play(Insect.FLY, Colour.RED, 1, 0, False),  # type: ignore[arg-type]
    ):
        assert twin == listed
        after = apply(state, twin)
        assert after == apply(state, listed)
        _proper(after)
        check(after)
        assert GAME.move_as(state, 0, twin) is not twin


def test_a_card_given_as_its_number_is_drawn_as_the_card() -> None:
    state = new_game(2)
    after = apply(state, Draw(10))  # type: ignore[arg-type]
    assert after == apply(state, Draw(Card.RED_FLY))
    _proper(after)


@pytest.mark.parametrize(
    "move",
    [
        Play(Insect.FLY, Colour.RED, "1"),  # type: ignore[arg-type]
        Play(2, Colour.RED, 1),  # type: ignore[arg-type]
        Play(Insect.FLY, "red", 1),  # type: ignore[arg-type]
        Play(Insect.FLY, Colour.RED, 1, None),  # type: ignore[arg-type]
        Play(Insect.FLY, Colour.RED, 1, 0, [0]),  # type: ignore[arg-type]
        Play(Insect.FLY, Colour.RED, 1.5),  # type: ignore[arg-type]
        Defend(1.5),  # type: ignore[arg-type]
        Draw("red fly"),  # type: ignore[arg-type]
        None,
        object(),
    ],
)
def test_an_ill_typed_move_is_refused_with_illegal_move(move: object) -> None:
    state = make_state(hands={0: "red fly"}, piles=["red fly"])
    with pytest.raises(IllegalMove, match="not a move of insects"):
        apply(state, move)  # type: ignore[arg-type]
    with pytest.raises(PicnicError):
        GAME.move_as(state, 0, move)
    with pytest.raises(IllegalMove, match="not a move of insects: it is str"):
        apply(state, "play red fly")  # type: ignore[arg-type]


def test_every_legal_move_survives_wrong_values_and_look_alikes_in_random_games() -> None:
    rng = random.Random(4)
    for name in ("default", "buy", "joker-colour", "official"):
        state = new_game(3, VARIANTS[name])
        while not is_over(state):
            moves = legal_moves(state)
            move = rng.choice(moves)
            if to_move(state) is not CHANCE and rng.random() < 0.3:
                after = apply(state, move)
                for twin in lookalikes(move):
                    assert apply(state, twin) == after
                for wrong in ill_typed_copies(move):
                    if ill_typed(wrong) is None:  # None where None is allowed
                        continue
                    with pytest.raises(IllegalMove):
                        apply(state, wrong)
                    str(wrong)  # writing it never fails
            state = apply(state, move)


def test_move_as_reads_the_documented_shorthands() -> None:
    attacked = make_state(hands={1: "2 swatter"}, piles=["3 red fly"], turn=1, last=0,
                          last_count=3)  # fmt: skip
    assert parse_move(attacked, "defend") == Defend(2)
    assert GAME.move_as(attacked, 1, "defend") == Defend(2)
    assert GAME.move_as(attacked, 1, "Defend  2") == Defend(2)
    joining = make_state(hands={0: "red fly, blue fly"}, piles=["red fly", "blue ant"])
    assert GAME.move_as(joining, 0, "Play Red Flies On 0") == move_from_str("play red fly on 0")
    assert GAME.move_as(joining, 0, "play blue fly") == move_from_str("play blue fly")
    with pytest.raises(InvalidMove):
        GAME.move_as(joining, 0, "play purple fly")
    with pytest.raises(IllegalMove, match="you hold 1 red fly"):
        GAME.move_as(joining, 0, "play 2 red fly on 0")
    # a play that must join a pile names it; the reason says which
    choice = make_state(hands={0: "red fly"}, piles=["red fly", "joker fly"])
    with pytest.raises(IllegalMove, match="add 'on 0 or 1'"):
        GAME.move_as(choice, 0, "play red fly")


def test_text_parse_move_accepts_move_as_accepts_in_random_games() -> None:
    rng = random.Random(9)
    state = new_game(2, VARIANTS["official"])
    while not is_over(state):
        actor = to_move(state)
        moves = legal_moves(state)
        if actor is not CHANCE:
            for move in moves:
                text = str(move)
                for typed in {text, text.split(" on ")[0], text.split(" ")[0]}:
                    try:
                        parsed = parse_move(state, typed)
                    except PicnicError:
                        continue
                    assert GAME.move_as(state, actor, typed) == parsed
        state = apply(state, rng.choice(moves))


def test_a_look_alike_in_an_observation_is_refused_not_trusted() -> None:
    state = make_state(hands={0: "red fly"}, piles=["red fly"])
    observation = GAME.observe(state, move_from_str("play red fly on 0"), 1)
    forged = attrs.evolve(observation, move=Play(Insect.FLY, Colour.RED, "1", 0, 0))  # type: ignore[arg-type]
    with pytest.raises(IllegalMove, match="not a move of insects"):
        GAME.update(GAME.view(state, 1), forged)
