"""The invariant harness (:mod:`picnic_rules.testing`) run on the insects game.

Random play over every variant and every player count from 2 to 6
(:func:`check_game`), then games in which hypothesis chooses every move, chance
outcomes included (so chance is adversarial), with the insects game's own
invariants on top of ``check``: all 150 components (126 deck cards and 24 food)
in place in every state, and every game over within ``max_moves``; and the long-game
search (every seat lowers the termination measure as little as it can) for every
variant, which must end within ``max_moves`` too, the measure falling at every step.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from picnic_rules import CHANCE, insects
from picnic_rules.insects import GAME, VARIANTS, Rules, State
from picnic_rules.testing import check_game, play_out, setups
from picnic_rules.testing.harness import check_long_game

HYPOTHESIS = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
EVERY = 50  # the harness's expensive checks every 50th step: a game has about 200


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_check_game_every_variant(count: int) -> None:
    report = check_game(GAME, games=1, players=count, seed=17 * count, every=EVERY)
    assert report.games == len(VARIANTS)
    assert report.skipped == ()
    assert report.steps > report.chance_steps > 0
    assert set(report.reasons) <= set(insects.REASONS)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_long_game_search_ends_within_max_moves(name: str) -> None:
    rules = VARIANTS[name]
    report = check_long_game(GAME, players=2, rules=rules, variant=name, seed=3)
    assert report.games == 1 and report.skipped == ()
    assert report.steps - report.chance_steps <= insects.max_moves(2, rules)


def _components(state: State) -> None:
    """Every card of the deck and every food card is somewhere: 126 + 24 by default."""
    cards = sum(state.deck) + sum(map(sum, state.hands)) + sum(map(sum, state.scored))
    cards += sum(len(pile) for pile in state.piles)
    food = sum(state.food) + sum(state.captured) + state.food_out
    assert cards == state.rules.deck_size
    assert food == state.rules.food
    if state.rules == Rules():
        assert cards + food == 150


def _bounded(count: int, rules: Rules) -> Any:
    tally = {"chance": 0, "decisions": 0}

    def on_move(state: State, move: Any, new: State) -> None:
        kind = "chance" if insects.to_move(state) is CHANCE else "decisions"
        tally[kind] += 1
        assert tally["decisions"] <= insects.max_moves(count, rules)
        assert tally["chance"] <= insects.max_chance_steps(count, rules)

    return on_move


@given(st.data(), setups(GAME))
@settings(HYPOTHESIS, max_examples=6)
def test_components_conserved_and_games_end_when_hypothesis_deals(
    data: st.DataObject, setup: tuple[int, Rules]
) -> None:
    count, rules = setup
    final = play_out(
        GAME,
        data,
        players=count,
        rules=rules,
        every=60,
        on_state=_components,
        on_move=_bounded(count, rules),
    )
    assert insects.is_over(final)
    assert insects.result(final).reason in insects.REASONS
