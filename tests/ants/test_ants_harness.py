"""The invariant harness (:mod:`picnic_rules.testing`) run on the ants game.

Random play over every variant and player count (:func:`check_game`), then
hypothesis-driven games (hypothesis picks every move and the seed of every
sampled landing) with the ants invariants spelled out: 36 picnic cards and
six dice per seat conserved; and termination within the declared bounds
when the landings are adversarial (a game whose ``sample_chance`` always
lands loose Scouts that touch nothing and knocks whatever it can).
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from picnic_rules import CHANCE, ants
from picnic_rules.ants import GAME, VARIANTS, Knock, Landing, Phase, Spot, State
from picnic_rules.testing import check_game, check_long_game, play_out, players

HYPOTHESIS = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
SPARSE = 60  # the harness's expensive checks every 60th step (a game is ~150-400 steps)


@pytest.mark.parametrize("count", [2, 3, 4])
def test_check_game_every_variant(count: int) -> None:
    report = check_game(GAME, games=1, players=count, seed=100 * count, every=SPARSE, sample=1)
    assert report.games == len(VARIANTS)
    assert report.skipped == ()
    assert report.steps > report.chance_steps > 0
    assert set(report.reasons) == {"rounds"}


def _conserved(state: State) -> None:
    cards = sum(state.deck) + sum(card is not None for card in state.area)
    for seat in range(state.players):
        cards += len(state.colonies[seat]) + len(state.won[seat]) + len(state.set_aside[seat])
    assert cards == 9 * state.rules.copies
    if state.rules.copies == 4:
        assert cards == 36
    assert all(len(own) == 6 for own in state.dice)
    if state.phase in (Phase.SEND, Phase.SETUP, Phase.FILL, Phase.ROLLOFF, Phase.ROUND_CARD):
        assert all(
            d.spot in (Spot.HOME, Spot.PUDDLE, Spot.AREA, Spot.LOOSE) for o in state.dice for d in o
        )


@given(st.data(), players(GAME), st.sampled_from(["default", "majority-only"]))
@settings(HYPOTHESIS, max_examples=3)
def test_cards_and_dice_conserved(data: st.DataObject, count: int, variant: str) -> None:
    final = play_out(
        GAME, data, players=count, rules=VARIANTS[variant], every=SPARSE, on_state=_conserved
    )
    assert ants.is_over(final)


def _adversarial(state: State, rng: random.Random) -> Any:
    """Landings chosen to prolong the game: Scouts always re-tossable, every die in reach knocked."""
    if state.phase is not Phase.LAND:
        return ants.sample_chance(state, rng)
    faces = state.rules.die_faces(state.tossing)
    knocks = tuple(
        Knock(seat, i, (), die.face)
        for seat, own in enumerate(state.dice)
        for i, die in enumerate(own)
        if die.spot in (Spot.AREA, Spot.LOOSE) and (seat, i) != (state.turn, state.tossing)
    )[: ants.MAX_KNOCKS]
    loose = rng.random() < 0.5
    cards = () if loose or not ants.area_cards(state) else (rng.choice(ants.area_cards(state)),)
    others = any(
        die.spot in (Spot.AREA, Spot.LOOSE) and (seat, i) != (state.turn, state.tossing)
        for seat, own in enumerate(state.dice)
        for i, die in enumerate(own)
    )
    touched = bool(knocks) or (bool(cards) and others)  # never a re-tossable Scout on a card
    return Landing(rng.choice(faces), cards, touched, knocks if touched else ())


@pytest.mark.parametrize("count", [2, 4])
def test_adversarial_landings_end_within_the_bounds(count: int) -> None:
    game = attrs.evolve(GAME, sample_chance=_adversarial)
    rules = VARIANTS["default"]
    for seed in range(3):
        rng = random.Random(seed)
        state = ants.new_game(count, rules)
        moves = chances = 0
        while not ants.is_over(state):
            if ants.to_move(state) is CHANCE:
                move, chances = game.sample_chance(state, rng), chances + 1
            else:
                move, moves = rng.choice(ants.legal_moves(state)), moves + 1
            state = ants.apply(state, move)
        assert moves <= ants.max_moves(count, rules)
        assert chances <= ants.max_chance_steps(count, rules)
    report = check_game(
        game,
        games=1,
        players=count,
        variants=["default"],
        every=SPARSE,
        sample=1,
        skip=["wrong-kind"],  # the adversary is a bare function, without the kit's guard
    )
    assert report.games == 1


@pytest.mark.parametrize(("count", "variant"), [(2, "default"), (2, "short"), (2, "majority-only")])
def test_the_long_game_search_ends_within_the_bounds(count: int, variant: str) -> None:
    report = check_long_game(GAME, players=count, variant=variant, seed=count)
    assert report.games == 1 and set(report.reasons) == {"rounds"}
    assert report.steps - report.chance_steps <= ants.max_moves(count, VARIANTS[variant])
