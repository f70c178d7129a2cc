"""One rule, in the kit, for what ``apply`` takes: a value of one of the game's move
classes (a listed move, or one equal to it by value); anything else is
:class:`~picnic_rules.IllegalMove`, the same in every game -- an object that compares
equal to everything included, which a game looking its moves up by ``==`` would find
among them (insects, poultry and the example game once applied it). The same rule holds
for every other function of the record that takes a move: ``observe``,
``describe_move``, ``move_group`` (sandwich and poultry once took such an object)."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest
from games import BUILT_IN

from picnic_rules import CHANCE, GAMES, IllegalMove
from picnic_rules.game import AnyGame
from picnic_rules.testing.move_values import AlwaysEqual

sys.path.insert(0, str(Path(__file__).parents[1] / "examples" / "keep_or_swap"))
import keep_or_swap
import keep_or_swap_own

EVERY_GAME: dict[str, AnyGame] = {
    **{name: GAMES[name] for name in BUILT_IN},
    "keep-or-swap": keep_or_swap.GAME,
    "keep-or-swap, its own front end": keep_or_swap_own.GAME,
}


def _positions(game: AnyGame, seed: int) -> list[Any]:
    """Every state of one random game of ``game``: chance, every seat, the end."""
    rng = random.Random(seed)
    state = game.new_game(game.players[0])
    seen = [state]
    while (actor := game.to_move(state)) is not None:
        move = (
            game.sample_chance(state, rng)
            if actor is CHANCE
            else rng.choice(game.legal_moves(state))
        )
        state = game.apply(state, move)
        seen.append(state)
    return seen


@pytest.mark.parametrize("name", list(EVERY_GAME))
def test_an_object_equal_to_everything_is_no_move_of_any_game(name: str) -> None:
    game = EVERY_GAME[name]
    kinds = set()
    for state in _positions(game, seed=1)[::3] + _positions(game, seed=1)[-1:]:
        actor = game.to_move(state)
        kinds.add("over" if actor is None else "chance" if actor is CHANCE else "seat")
        assert AlwaysEqual() in game.legal_moves(state) or not game.legal_moves(state)
        view = game.view(state, 0)
        for function, args in (
            (game.apply, (state,)),
            (game.observe, (state, AlwaysEqual(), 0)),
            (game.describe_move, (view,)),
            (game.move_group, ()),
        ):
            with pytest.raises(IllegalMove) as caught:
                function(*args) if len(args) == 3 else function(*args, AlwaysEqual())
            assert caught.value.reason == (
                f"not a move of {game.name}: it is an AlwaysEqual, not a move"
            )
    assert kinds == {"over", "chance", "seat"}


@pytest.mark.parametrize("name", list(EVERY_GAME))
def test_a_value_of_no_move_class_is_refused_with_the_kits_one_message(name: str) -> None:
    game = EVERY_GAME[name]
    state = game.new_game(game.players[0])
    other = GAMES["ants" if game.name == "sandwich" else "sandwich"]
    stranger = other.sample_chance(other.new_game(2), random.Random(0))  # another game's move
    shown_stranger = f"a {type(stranger).__name__}"  # a Deal, a Draw
    for value, shown in [("end", "a str"), (None, "a NoneType"), (stranger, shown_stranger)]:
        with pytest.raises(IllegalMove, match=f"^illegal move .*: not a move of {game.name}: "):
            game.apply(state, value)
        try:
            game.apply(state, value)
        except IllegalMove as error:
            assert error.reason == f"not a move of {game.name}: it is {shown}, not a move"


def test_a_move_equal_by_value_is_still_the_listed_move() -> None:
    game = keep_or_swap.GAME
    state = game.new_game(2)
    card = next(move.card for move in game.legal_moves(state))
    assert game.apply(state, keep_or_swap.Draw(float(card))) == game.apply(  # type: ignore[arg-type]
        state, keep_or_swap.Draw(card)
    )
