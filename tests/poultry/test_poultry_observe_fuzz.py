"""Forged observations: update refuses them with a PicnicError, or gives a view some game reaches."""

from __future__ import annotations

import random
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from picnic_rules import GAMES, PicnicError, RandomAgent, play, replay
from picnic_rules.poultry import Observation, View, check_view, random_move, update, view

GAME = GAMES["poultry"]


@cache
def views() -> tuple[View, ...]:
    """Views of every seat at many steps of a few real games, 2 to 6 players."""
    found = []
    for seed, players in enumerate((2, 3, 6)):
        record = play(GAME, [RandomAgent()] * players, seed=seed)
        for index, state in enumerate(replay(record)):
            if index % 11 == 0:
                found.extend(view(state, seat) for seat in range(players))
    return tuple(found)


@settings(max_examples=100, deadline=None)
@given(
    pick=st.integers(min_value=0),
    actor=st.sampled_from([None, 0, 1, 2, 5]),
    hidden=st.sampled_from([0, 0, 1, 2]),
    rng=st.randoms(use_true_random=False),
)
def test_update_refuses_or_reaches_a_real_view(
    pick: int, actor: int | None, hidden: int, rng: random.Random
) -> None:
    before = views()[pick % len(views())]
    state = GAME.determinize(before, random.Random(0))
    move = None if hidden else random_move(state, rng)
    try:
        observation = Observation(before.player, actor, move, hidden, None)
        after = update(before, observation)
    except PicnicError:
        return
    check_view(after)  # InvalidState here would be a forged observation accepted
