"""The termination measure ``remaining(state)`` and the bounds it proves.

The law (issue 16): both parts are never negative; at the new game they are at
most ``max_moves`` and ``max_chance_steps``; a non-chance move lowers ``moves``
by at least one and does not raise ``chance``; a chance step lowers ``chance``
by at least one and does not raise ``moves``. It is checked at every step of
random games and of "long games", in which every seat picks the move that
lowers ``moves`` least (ties at random): those must stay within ``max_moves``.
"""

from __future__ import annotations

import random

import attrs
import pytest
from sandwich_scenario import make_state

from picnic_rules import GAMES, Outcome
from picnic_rules.sandwich import GAME as SANDWICH
from picnic_rules.sandwich import (
    VARIANTS,
    Card,
    Draw,
    End,
    Phase,
    Play,
    Rules,
    State,
    apply,
    is_over,
    max_chance_steps,
    max_moves,
    new_game,
    remaining,
    result,
)
from picnic_rules.testing import check_long_game, check_play


def _over_with_nothing_left(state: State) -> Outcome:
    """``result``, first asserting that a finished game's measure is (0, 0)."""
    assert remaining(state) == (0, 0), (state, remaining(state))
    return result(state)


GAME = attrs.evolve(SANDWICH, result=_over_with_nothing_left)
"""The sandwich game whose ``result`` checks the measure at the end of every game."""
LAW = ["measure", "max-moves", "max-chance-steps"]
"""The harness's checks of the termination measure law."""
EVERY = 10**6
"""No step is deep: the expensive checks run only at the first and last states."""


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_measure_law_holds_in_random_and_long_games(variant: str, players: int) -> None:
    rules = VARIANTS[variant]
    for seed in (0, 1):
        check_play(
            GAME, players=players, rules=rules, seed=seed, variant=variant, only=LAW, every=EVERY
        )
    check_long_game(
        GAME, players=players, rules=rules, seed=0, variant=variant, only=LAW, every=EVERY
    )


def test_the_measure_law_holds_under_small_odd_rules() -> None:
    rng = random.Random(16)
    for seed in range(40):
        rules = Rules(
            bread=rng.randint(0, 7),
            peanut_butter=rng.randint(0, 4),
            jelly=rng.randint(0, 4),
            ants=rng.randint(0, 3),
            flies=rng.randint(0, 2),
            hand_size=rng.randint(0, 1),
            action_limit=rng.randint(1, 9),
            sandwiches_to_win=rng.randint(1, 3),
        )
        check = check_long_game if rng.random() < 0.5 else check_play
        check(GAME, players=2, rules=rules, seed=seed, only=LAW, every=EVERY)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_new_game_starts_at_exactly_the_declared_bounds(players: int) -> None:
    rules = Rules(bread=9, action_limit=7)
    assert remaining(new_game(players, rules)) == (
        max_moves(players, rules),
        max_chance_steps(players, rules),
    )
    assert max_moves(players, rules) == (9 // 2 + 1) * 7
    assert max_chance_steps(players, rules) == players * 2 + (9 // 2 + 1) * 7 + 1


def test_the_game_record_declares_the_measure() -> None:
    state = new_game(2)
    assert GAMES["sandwich"].remaining(state) == remaining(state)


def test_moves_count_the_sandwiches_still_to_finish_and_the_rest_of_the_limit() -> None:
    rules = Rules(bread=16, action_limit=60)
    state = make_state(
        hands={0: "bread pb"},
        table={0: ["bread pb jelly", "bread pb jelly bread"], 1: ["bread jelly pb bread"]},
        actions=5,
        rules=rules,
    )
    # 8 sandwiches can be finished, 2 are: 6 more, and 55 actions left before the limit
    assert remaining(state) == (6 * 60 + 55, 6 * 60 + 55)


def test_finishing_a_sandwich_uses_up_the_rest_of_the_limit() -> None:
    state = make_state(hands={0: "bread pb"}, table={0: ["bread pb jelly"]}, actions=5)
    before = remaining(state)
    closed = apply(state, Play(Card.BREAD, 0))
    assert closed.actions == 0
    # one sandwich fewer to finish (-60), the limit starts again (+60 - 55)
    assert remaining(closed).moves == before.moves - (60 - 5)


def test_any_other_action_uses_one() -> None:
    state = make_state(hands={0: "bread pb"}, table={0: ["bread jelly"]}, actions=5)
    before = remaining(state)
    assert remaining(apply(state, Play(Card.PEANUT_BUTTER, 0))).moves == before.moves - 1
    assert remaining(apply(state, End())).moves == before.moves - 1


def test_chance_counts_the_deal_the_pending_draw_and_a_draw_per_move() -> None:
    state = new_game(3, Rules(hand_size=2))
    measure = remaining(state)
    assert measure.chance == 6 + 1 + measure.moves
    for _ in range(6):
        state = apply(state, Draw(Card.JELLY))
        assert state.phase in (Phase.DEAL, Phase.DRAW)
    assert state.phase is Phase.DRAW
    assert remaining(state).chance == 1 + measure.moves
    state = apply(state, Draw(Card.JELLY))
    assert remaining(state) == (measure.moves, measure.moves)


def test_a_game_over_has_nothing_left() -> None:
    stuck = new_game(2, Rules(bread=0, peanut_butter=0, jelly=0))
    assert is_over(stuck)
    assert remaining(stuck) == (0, 0)
