"""``codec.encode`` and ``codec.dumps`` refuse what is no game value with ``EncodeError``.

A value the codec cannot write -- no game value at all, one of another game, a forged
state or move whose fields do not hold their declared types, a number JSON cannot
hold -- gets :class:`~picnic_rules.EncodeError` (a :class:`~picnic_rules.PicnicError`
and a :class:`TypeError`, as ``json.dumps`` raises) with a short message that names
the bad field, never an ``AttributeError`` from inside the converter or a document
that no decoder reads back.
"""

from __future__ import annotations

import math
import random
import re
from typing import Any

import attrs
import pytest

from picnic_rules import CHANCE, GAMES, EncodeError, PicnicError, Record, codec, play
from picnic_rules.client import seat_update
from picnic_rules.errors import with_article
from picnic_rules.history import seat_record
from picnic_rules.sandwich import Card, Play

NAMES = sorted(GAMES)


def starts(text: str) -> str:
    """A pattern for a message that starts with ``text``."""
    return "^" + re.escape(text)


class Forged:
    """A value of no game's types, with a short repr."""

    def __repr__(self) -> str:
        return "Forged()"


def _position(name: str) -> Any:
    """A state of ``name`` some moves into a game, with every field filled in."""
    game = GAMES[name]
    state = game.new_game(2)
    rng = random.Random(3)
    for _ in range(12):
        actor = game.to_move(state)
        if actor is None:
            break
        if actor is CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            state = game.apply(state, rng.choice(game.legal_moves(state)))
    return state


def test_an_encode_error_is_a_picnic_error_and_a_type_error() -> None:
    with pytest.raises(EncodeError) as info:
        codec.encode(42)
    assert isinstance(info.value, PicnicError)
    assert isinstance(info.value, TypeError)  # as json.dumps refuses what it cannot write
    assert info.value.reason == str(info.value)
    assert info.value.reason.startswith("an int is not a state, view, move or rules")


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("what", ["state", "view"])
def test_every_field_of_a_state_and_a_view_is_type_checked(name: str, what: str) -> None:
    game = GAMES[name]
    state = _position(name)
    value = state if what == "state" else game.view(state, 0)
    codec.encode(value)  # the real one is written
    for field in attrs.fields(type(value)):
        forged = attrs.evolve(value, **{field.name: Forged()})
        with pytest.raises(
            EncodeError,
            match=starts(f"the {what} is not {with_article(name)} {what}: its {field.name} "),
        ):
            codec.encode(forged)


@pytest.mark.parametrize("name", NAMES)
def test_a_move_with_a_forged_field_is_refused(name: str) -> None:
    game = GAMES[name]
    state = _position(name)
    move = game.legal_moves(state)[0]
    codec.encode(move)
    for field in attrs.fields(type(move)):
        with pytest.raises(
            EncodeError,
            match=starts(f"the move is not {with_article(name)} move: its {field.name} "),
        ):
            codec.encode(attrs.evolve(move, **{field.name: Forged()}))


def test_a_sandwich_move_of_a_number_where_a_card_belongs_is_refused() -> None:
    assert codec.encode(Play(Card.PEANUT_BUTTER, 0))["move"] == "play pb on 0"
    with pytest.raises(EncodeError, match=re.escape("its card is 1, not a Card")):
        codec.encode(Play(1, 0))  # type: ignore[arg-type]
    with pytest.raises(EncodeError, match=re.escape("its onto is 1.5, not an int or None")):
        codec.dumps(Play(Card.BREAD, 1.5))  # type: ignore[arg-type]


def test_a_record_an_update_and_a_history_check_what_they_hold() -> None:
    game = GAMES["sandwich"]
    record = play(game, ["random", "random"], seed=4)
    codec.encode(record)
    forged_move = attrs.evolve(record.moves[3], card=Forged())
    forged = attrs.evolve(record, moves=(*record.moves[:3], forged_move))
    with pytest.raises(
        EncodeError, match=starts("the move is not a sandwich move: its card is Forged()")
    ):
        codec.encode(forged)
    rules = attrs.evolve(record.rules)
    object.__setattr__(rules, "bread", Forged())  # past the validators, as a forger would
    with pytest.raises(EncodeError, match=starts("the rules are not sandwich rules: its bread")):
        codec.encode(attrs.evolve(record, rules=rules))

    state = game.new_game(2)
    update = seat_update(game, state, 0)
    codec.encode(update)
    with pytest.raises(EncodeError, match=starts("the update's view is not a view of")):
        codec.encode(attrs.evolve(update, view=Forged()))
    view = attrs.evolve(update.view, hand=Forged())
    with pytest.raises(
        EncodeError, match=starts("the view is not a sandwich view: its hand is Forged()")
    ):
        codec.encode(attrs.evolve(update, view=view))

    history = seat_record(record, 1)
    codec.encode(history)
    with pytest.raises(EncodeError, match=starts("the observation is not a sandwich observation")):
        codec.encode(attrs.evolve(history, observations=(Forged(), *history.observations)))


def test_numbers_json_cannot_hold_are_refused_by_dumps() -> None:
    state = _position("sandwich")
    huge = attrs.evolve(state, actions=10**5000)  # more digits than Python writes
    with pytest.raises(
        EncodeError, match=starts("the state cannot be written as JSON: Exceeds the limit")
    ):
        codec.dumps(huge)
    with pytest.raises(EncodeError, match=starts("the move cannot be written: Exceeds the limit")):
        codec.dumps(Play(Card.BREAD, 10**5000))
    outcome = play(GAMES["sandwich"], ["random", "random"], seed=1).outcome
    assert outcome is not None
    nan = attrs.evolve(outcome, scores=(math.nan, 0.0))
    with pytest.raises(EncodeError):
        codec.dumps(nan, game="sandwich")


def test_whole_games_of_every_kind_still_round_trip() -> None:
    for name in NAMES:
        game = GAMES[name]
        record = play(game, ["random"] * 2, seed=11)
        assert codec.loads(codec.dumps(record)) == record
        history = seat_record(record, 0)
        assert codec.loads(codec.dumps(history)) == history
        assert isinstance(record, Record)
