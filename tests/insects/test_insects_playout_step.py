"""The insects search's playout step (``agent.playout_step``) plays the computer's choice
under every variant: its normal-turn choice, made from each insect type's best play
(remembered) and the swats, is the first of the best legal moves, as
``agent.playout`` finds it among them."""

from __future__ import annotations

import random

import attrs
import pytest

from picnic_rules import CHANCE
from picnic_rules.insects import (
    KINDS,
    VARIANTS,
    Card,
    Phase,
    apply,
    apply_legal,
    legal_moves,
    new_game,
    sample_chance,
    to_move,
)
from picnic_rules.insects import agent as insects_agent
from picnic_rules.insects.state import State
from picnic_rules.kit.counts import replace


def _decisions(variant: str, players: int, games: int) -> list[State]:
    """The decisions of seeded games played half by the playout policy, half at random."""
    rules = VARIANTS[variant]
    found = []
    for seed in range(games):
        rng = random.Random(seed)
        state = new_game(players, rules)
        while (actor := to_move(state)) is not None:
            if actor is CHANCE:
                state = apply(state, sample_chance(state, rng))
                continue
            legal = legal_moves(state)
            found.append(state)
            if rng.random() < 0.5:
                state = apply(state, insects_agent.playout(state, legal, rng))
            else:
                state = apply(state, rng.choice(legal))
    return found


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_playout_step_plays_the_playouts_choice(variant: str) -> None:
    insects_agent._BEST_PLAYS.clear()  # new choices first, then the same ones remembered
    decisions = _decisions(variant, players=2 + len(variant) % 2, games=3)
    assert len(decisions) > 100
    for _ in range(2):
        for index, state in enumerate(decisions):
            rng = random.Random(index)
            expected = apply_legal(state, insects_agent.playout(state, legal_moves(state), rng))
            assert insects_agent.playout_step(state, random.Random(index)) == expected, state


def test_what_is_remembered_under_one_variant_is_not_played_under_another() -> None:
    # a red fly and a fly joker against a blue fly: together they start a pile, or, under
    # the joker-colour variant, first of equals, join the blue one
    hand = [0] * KINDS
    hand[Card.RED_FLY] = hand[Card.JOKER_FLY] = 1
    insects_agent._BEST_PLAYS.clear()
    for variant in ("default", "joker-colour", "default"):
        state = attrs.evolve(
            new_game(2, VARIANTS[variant]),
            hands=(tuple(hand), (0,) * KINDS),
            piles=((Card.BLUE_FLY,),),
            phase=Phase.TURN,
        )
        legal = legal_moves(state)
        expected = apply_legal(state, insects_agent.playout(state, legal, random.Random(0)))
        assert insects_agent.playout_step(state, random.Random(0)) == expected, variant
    assert len(insects_agent._BEST_PLAYS) == 2


def test_a_normal_turn_whose_plays_are_worth_no_more_than_a_buy_is_left_to_the_legal_moves() -> (
    None
):
    state = next(s for s in _decisions("buy", players=2, games=1) if s.last is None)
    hand = (*state.hands[state.turn][:15], 0, 0, 0)  # its weapons put away: plays alone
    state = attrs.evolve(state, hands=replace(state.hands, state.turn, hand))
    insects_agent._BEST_PLAYS.clear()
    assert insects_agent._normal_choice(state) is not None
    remembered = insects_agent._BEST_PLAYS
    assert remembered
    for key, (_, move) in remembered.items():
        remembered[key] = (-100.0, move)  # as good as a buy, listed after every play
    assert insects_agent._normal_choice(state) is None
    remembered.clear()
