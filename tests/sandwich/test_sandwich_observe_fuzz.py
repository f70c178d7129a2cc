"""Forged observations: update refuses them with a PicnicError, or gives a view some game reaches."""

from __future__ import annotations

import random
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from picnic_rules import GAMES, PicnicError, RandomAgent, play, replay
from picnic_rules.sandwich import Observation, View, check_view, random_move, update, view

GAME = GAMES["sandwich"]


@cache
def views() -> tuple[View, ...]:
    """Views of every seat at many steps of a few real games, 2 to 4 players."""
    found = []
    for seed, players in enumerate((2, 3, 4, 2, 3)):
        record = play(GAME, [RandomAgent()] * players, seed=seed)
        for index, state in enumerate(replay(record)):
            if index % 3 == 0:
                found.extend(view(state, seat) for seat in range(players))
    return tuple(found)


@settings(max_examples=400, deadline=None)
@given(
    pick=st.integers(min_value=0),
    seat_shift=st.sampled_from([0, 0, 0, 0, 1]),
    actor=st.integers(min_value=-1, max_value=5),
    hidden=st.booleans(),
    rng=st.randoms(use_true_random=False),
)
def test_update_refuses_or_reaches_a_real_view(
    pick: int, seat_shift: int, actor: int, hidden: bool, rng: random.Random
) -> None:
    before = views()[pick % len(views())]
    seat = (before.player + seat_shift) % before.players
    state = GAME.determinize(before, random.Random(0))
    move = None if hidden else random_move(state, rng)
    try:
        observation = Observation(seat, actor, move)
        after = update(before, observation)
    except PicnicError:
        return
    check_view(after)  # InvalidState here would be a forged observation accepted


@settings(max_examples=200, deadline=None)
@given(pick=st.integers(min_value=0), rng=st.randoms(use_true_random=False))
def test_the_actors_own_moves_are_accepted_only_when_legal(pick: int, rng: random.Random) -> None:
    before = views()[pick % len(views())]
    state = GAME.determinize(before, random.Random(0))
    actor = GAME.to_move(state)
    if not isinstance(actor, int) or actor != before.player:
        return
    move = random_move(state, rng)
    try:
        after = update(before, Observation(before.player, actor, move))
    except PicnicError:
        assert move not in GAME.legal_moves(state)
        return
    assert move in GAME.legal_moves(state)
    assert after == view(GAME.apply(state, move), before.player)
