"""Observations: fixed length, every view fits its bounds, and only the seat's view counts."""

from __future__ import annotations

import random

import attrs
import numpy as np
import pytest
from rl_games import NAMES, setups, states

from picnic_rules import CHANCE, GAMES, PicnicError
from picnic_rules.pettingzoo.observations import ObservationEncoder

SEEDS = {"sandwich": 2, "insects": 1, "poultry": 1, "ants": 1}


@pytest.mark.parametrize("name", NAMES)
def test_every_view_fits_the_encoder(name: str) -> None:
    game = GAMES[name]
    seen = 0
    for players, rules, seed in setups(name, SEEDS[name]):
        encoder = ObservationEncoder.for_game(game, players, rules)
        for i, state in enumerate(states(name, players, rules, seed)):
            if i % 3 and not game.is_over(state):
                continue  # every third state and the last: the bounds only grow slowly
            for seat in range(players):
                vector = encoder.encode(game.view(state, seat))
                assert vector.shape == (encoder.size,) and vector.dtype == np.float32
                seen += 1
    assert seen > 200


def _mid_game(name: str, players: int, seed: int) -> object:
    game = GAMES[name]
    rng = random.Random(seed)
    state = game.new_game(players)
    for _ in range(40):
        state = game.apply(
            state,
            game.sample_chance(state, rng)
            if game.to_move(state) is CHANCE
            else rng.choice(game.legal_moves(state)),
        )
    return state


@pytest.mark.parametrize("name", ["sandwich", "insects", "poultry"])
def test_hidden_cards_do_not_change_the_observation(name: str) -> None:
    game = GAMES[name]
    encoder = ObservationEncoder.for_game(game, 3, game.Rules())
    state = _mid_game(name, 3, seed=5)
    view = game.view(state, 0)
    other = next(
        other
        for other in (game.determinize(view, random.Random(k)) for k in range(50))
        if other != state
    )  # the same view, other hidden cards (seat 1's and seat 2's hands, the deck)
    assert game.view(other, 1) != game.view(state, 1)
    assert np.array_equal(encoder.encode(game.view(other, 0)), encoder.encode(view))


def test_the_layout_names_every_field_of_the_encoding() -> None:
    game = GAMES["insects"]
    encoder = ObservationEncoder.for_game(game, 2, game.Rules())
    fields = game.tensors(2, game.Rules()).fields
    assert [name for name, _, _ in encoder.layout] == [field.name for field in fields]
    assert sum(size for _, _, size in encoder.layout) == encoder.size
    assert all(field.doc for field in fields)


def test_a_view_past_a_bound_is_refused_by_the_kits_default() -> None:
    game = GAMES["sandwich"]
    rules = game.Rules(bread=2)
    encoder = ObservationEncoder.structural(game.View, game.view_bounds(2, rules), game.reasons)
    state = game.new_game(2, rules)
    view = game.view(state, 0)
    crowded = attrs.evolve(view, table=(((),) * 3, ()))
    with pytest.raises(PicnicError, match=r"table\[\] holds 3 items, more than the 2"):
        encoder.encode(crowded)
