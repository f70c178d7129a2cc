"""The termination measure (:func:`remaining`): the law that proves every game ends.

At every step of every game: both parts are non-negative; at the new game they are within
:func:`max_moves` and :func:`max_chance_steps`; a decision lowers ``moves`` by at least one
and does not raise ``chance``; a chance step lowers ``chance`` by at least one and does not
raise ``moves``. The harness checks it (``check_play``, ``check_long_game``) over random
games, over games whose landings keep every Scout re-tossable, and over its "long game"
search that always picks the decision lowering ``moves`` least.
"""

from __future__ import annotations

import random

import attrs
import pytest

from picnic_rules import RandomAgent, play, replay
from picnic_rules.ants import (
    GAME,
    VARIANTS,
    Landing,
    Move,
    Phase,
    Rules,
    State,
    area_cards,
    remaining,
    sample_chance,
)
from picnic_rules.testing import check_long_game, check_play

ALL_CARDS = Rules(round_cards_dealt=8)
"""Every Round card dealt: nine rounds, every card's play in reach."""
RULES = {**VARIANTS, "all-cards": ALL_CARDS}
LAW = ["measure", "max-moves", "max-chance-steps"]
EVERY = 10**6
"""No step is deep: the expensive checks run only at the first and last states."""


def _retossable(state: State, rng: random.Random) -> Move:
    """Landings that keep the game long: loose and touching nothing half the time (a Scout
    may be re-tossed), else on one card (a Re-toss card may be played)."""
    if state.phase is not Phase.LAND:
        return sample_chance(state, rng)
    face = rng.choice(state.rules.die_faces(state.tossing))
    cards = area_cards(state)
    return Landing(face, () if rng.random() < 0.5 or not cards else (rng.choice(cards),))


RETOSSABLE = attrs.evolve(GAME, sample_chance=_retossable)
"""The game with chance drawing the re-tossable landings."""


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", sorted(RULES))
def test_the_measure_falls_at_every_step_of_random_games(players: int, variant: str) -> None:
    for seed in range(2):
        for game in (GAME, RETOSSABLE):
            check_play(
                game,
                players=players,
                rules=RULES[variant],
                seed=seed,
                variant=variant,
                only=LAW,
                every=EVERY,
            )


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("variant", sorted(RULES))
def test_the_long_game_search_stays_within_max_moves(players: int, variant: str) -> None:
    rules = RULES[variant]
    check_long_game(
        RETOSSABLE, players=players, rules=rules, seed=1, variant=variant, only=LAW, every=EVERY
    )
    check_long_game(
        GAME, players=players, rules=rules, seed=2, variant=variant, only=LAW, every=EVERY
    )


def test_the_measure_of_a_finished_game_is_zero() -> None:
    record = play(GAME, [RandomAgent(), RandomAgent()], seed=3, rules=VARIANTS["short"])
    assert tuple(remaining(replay(record, GAME)[-1])) == (0, 0)
