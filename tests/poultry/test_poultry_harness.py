"""The invariant harness (:mod:`picnic_rules.testing`) run on the poultry game.

Random play over every player count and variant (:func:`check_game`, sparse
expensive checks to stay inside the CI budget), hypothesis-driven games in
which hypothesis picks every move and chance outcome, with the poultry game's
own conservation laws on top of ``check``, and games under adversarial chance:
dice that tie whenever they can, still ending within the declared bounds.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from picnic_rules import CHANCE
from picnic_rules.poultry import (
    GAME,
    VARIANTS,
    Phase,
    Roll,
    Rules,
    State,
    apply,
    chance_outcomes,
    legal_moves,
    new_game,
    to_move,
)
from picnic_rules.testing import check_game, play_out

HYPOTHESIS = settings(
    deadline=None,
    max_examples=3,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_check_game_every_player_count_with_and_without_haggling(count: int) -> None:
    variants = ["default", "no-haggling"]
    report = check_game(GAME, games=1, players=count, variants=variants, every=60, seed=count)
    assert report.games == 2 and report.reasons == {"grain-out": 2}
    assert report.steps > report.chance_steps > 0


@pytest.mark.parametrize("count", [2, 5])
def test_check_game_every_variant(count: int) -> None:
    names = [name for name in VARIANTS if name != "default"]
    report = check_game(GAME, games=1, players=count, variants=names, every=40, seed=7)
    assert report.games == len(names) and report.skipped == ()


def _conserved(state: State) -> None:
    """60 cards and 78 grains (under the default rules) wherever they lie."""
    cards = sum(state.deck) + sum(state.discard) + sum(map(sum, state.hands))
    cards += sum(map(sum, state.stocks)) + sum(map(len, state.played))
    grain = sum(state.bag) + sum(map(sum, state.yards)) + sum(map(sum, state.grain))
    assert (cards, grain) == (state.rules.total_cards, state.rules.total_grain)


@given(st.data(), st.sampled_from([2, 3, 6]))
@HYPOTHESIS
def test_hypothesis_games_conserve_cards_and_grain(data: st.DataObject, count: int) -> None:
    rules = Rules()
    assert (rules.total_cards, rules.total_grain) == (60, 78)
    final = play_out(GAME, data, players=count, every=80, on_state=_conserved)
    assert final.phase is Phase.OVER


def _tying_roll(state: State) -> Roll:
    """The roll that makes this contestant tie the best total so far (or a 1)."""
    duel = state.duel
    assert duel is not None
    if not duel.rolls:
        return Roll(1)
    best = max(v + r for v, r in zip(duel.values, duel.rolls, strict=False))
    need = best - duel.values[len(duel.rolls)]
    return Roll(need if 1 <= need <= 6 else 6)


@pytest.mark.parametrize("haggling", [True, False])
def test_games_end_under_dice_that_always_tie(haggling: bool) -> None:
    rules = Rules(haggling=haggling)
    ties = 0
    for seed in range(3):
        rng = random.Random(seed)
        players = 3 + seed
        state = new_game(players, rules)
        moves = chance = 0
        while to_move(state) is not None:
            if state.phase is Phase.DUEL:
                move = _tying_roll(state)
                ties += state.duel is not None and state.duel.ties > 0
            elif to_move(state) is CHANCE:
                outcomes = chance_outcomes(state)
                move = outcomes[rng.randrange(len(outcomes))][0]
            else:
                move = rng.choice(legal_moves(state))
            if to_move(state) is CHANCE:
                chance += 1
            else:
                moves += 1
            state = apply(state, move)
        assert moves <= GAME.max_moves(players, rules)
        assert chance <= GAME.max_chance_steps(players, rules)
    assert ties > 0  # the dice did tie, and the tie rule ended every duel
