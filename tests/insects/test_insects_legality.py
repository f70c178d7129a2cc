"""The move generator against one built from the named rule predicates alone.

``legal_moves`` inlines the predicates for speed (the state-cost policy of the design
page); here a slow generator states every candidate move and keeps those the
predicates allow, and both must agree, as must ``apply``, in many random positions of
every variant.
"""

from __future__ import annotations

import random

import pytest

from picnic_rules import CHANCE, IllegalMove
from picnic_rules.insects import (
    COLOURS,
    INSECTS,
    VARIANTS,
    WEAPONS,
    Buy,
    Defend,
    GiveUp,
    Move,
    Play,
    State,
    Swat,
    apply,
    attacking_pile,
    continuation_is_big_enough,
    defence_weapons,
    insect_of,
    is_over,
    legal_moves,
    may_buy,
    may_start_pile,
    may_swat,
    new_game,
    normal_play_shape_allowed,
    play_may_join,
    sample_chance,
    to_move,
)


def _by_predicates(state: State) -> set[Move]:
    rules, seat, piles = state.rules, state.turn, state.piles
    hand = state.hands[seat]
    attack = attacking_pile(piles)
    found: set[Move] = set()
    for insect in INSECTS:
        base = 5 * insect
        for colour in (None, *COLOURS):
            counts = [0] if colour is None else range(1, hand[base + colour] + 1)
            for count in counts:
                for jokers in range(hand[base + 4] + 1):
                    if count + jokers == 0:
                        continue
                    for onto in (None, *range(len(piles))):
                        if attack is not None:
                            ok = (
                                onto == attack
                                and play_may_join(rules, piles[attack], insect, colour, jokers)
                                and continuation_is_big_enough(
                                    rules, state.last_count, count + jokers
                                )
                            )
                        elif not normal_play_shape_allowed(count, jokers):
                            ok = False
                        elif onto is None:
                            ok = may_start_pile(piles, insect, colour)
                        else:
                            ok = play_may_join(rules, piles[onto], insect, colour, jokers)
                        if ok:
                            found.add(Play(insect, colour, count, jokers, onto))
    if attack is None:
        for index, pile in enumerate(piles):
            weapon = WEAPONS[insect_of(pile[0])]
            if hand[weapon] and may_swat(pile, weapon):
                found.add(Swat(index))
    else:
        need = defence_weapons(piles[attack])
        if hand[WEAPONS[insect_of(piles[attack][0])]] >= need:
            found.add(Defend(need))
        found.add(GiveUp())
    for captured in (False, True):
        deck = sum(state.deck)
        if may_buy(rules, state.bought, deck, state.food[seat], state.captured[seat], captured):
            found.add(Buy(captured))
    return found


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_generator_follows_the_predicates(name: str) -> None:
    rng = random.Random(name)
    checked = 0
    for players in (2, 3, 5):
        state = new_game(players, VARIANTS[name])
        while not is_over(state):
            if to_move(state) is CHANCE:
                state = apply(state, sample_chance(state, rng))
                continue
            legal = legal_moves(state)
            assert len(set(legal)) == len(legal)
            assert set(legal) == _by_predicates(state)
            checked += 1
            state = apply(state, rng.choice(legal))
    assert checked > 100


def test_apply_refuses_exactly_what_the_generator_leaves_out() -> None:
    rng = random.Random(2)
    state = new_game(3, VARIANTS["official"])
    while not is_over(state):
        if to_move(state) is CHANCE:
            state = apply(state, sample_chance(state, rng))
            continue
        legal = set(legal_moves(state))
        for move in _by_predicates(state) | {Play(INSECTS[0], COLOURS[0], 1, 0, 9), Swat(0)}:
            if move in legal:
                apply(state, move)
            else:
                with pytest.raises(IllegalMove):
                    apply(state, move)
        state = apply(state, rng.choice(sorted(legal, key=str)))
