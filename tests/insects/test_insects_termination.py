"""Termination: the measure ``remaining`` falls at every step, so no game outlasts
``max_moves`` -- not in random play, not when the seats try to make the game long.

House rule (termination): under ``buy`` one food card can be spent twice -- given up,
then sold by the player who captured it -- so a game lasts at most deck + 2 x food
decisions (174 with the standard box), not deck + food (150). A legal 2-player game of
171 decisions (the most there can be: every card played one at a time, 45 food moves)
plays through ``play``, is written and read back by the codec and replays.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from insects_scenario import make_state

from picnic_rules import CHANCE, codec, play, replay
from picnic_rules.insects import (
    GAME,
    VARIANTS,
    Buy,
    Defend,
    GiveUp,
    Move,
    Play,
    Rules,
    Swat,
    View,
    apply,
    check,
    legal_moves,
    max_chance_steps,
    max_moves,
    new_game,
    remaining,
    to_move,
)
from picnic_rules.testing import check_long_game, check_play

LAW = ["measure", "max-moves", "max-chance-steps"]
EVERY = 10**6
"""No step is deep: the expensive checks run only at the first and last states."""


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_measure_falls_at_every_step_of_random_and_long_games(name: str) -> None:
    rules = VARIANTS[name]
    for players in (2, 4, 6):
        check_play(
            GAME, players=players, rules=rules, seed=players, variant=name, only=LAW, every=EVERY
        )
        check_long_game(
            GAME, players=players, rules=rules, seed=players, variant=name, only=LAW, every=EVERY
        )


def test_the_bounds_are_the_deck_and_the_food_spent_once_or_twice() -> None:
    assert max_moves(2, Rules()) == 150
    assert max_moves(2, Rules(buy=True)) == 174
    assert max_chance_steps(3, Rules()) == 126
    assert remaining(new_game(2, Rules(buy=True))) == (174, 126)
    assert remaining(new_game(3, Rules(buy=True))) == (126 + 2 * 24, 126)


def test_every_decision_spends_one_unit_at_least() -> None:
    rules = Rules(buy=True)
    state = make_state(
        hands={0: "red fly", 1: "swatter"},
        piles=["red fly"],
        rules=rules,
        food=(11, 12),
        captured=(1, 0),
    )
    before = remaining(state)
    for move in legal_moves(state):
        assert remaining(apply(state, move)).moves <= before.moves - 1, move
    # giving up food moves one own food (two units) to a captor (one unit)
    attacked = make_state(piles=["2 red fly"], rules=rules, turn=1, last=0, last_count=1)
    given = apply(attacked, GiveUp())
    assert remaining(given).moves == remaining(attacked).moves - 1
    # selling own food spends both its units at once
    assert remaining(apply(attacked, Buy())).moves == remaining(attacked).moves - 2


def _pieces(move: Move) -> int:
    if type(move) is Play:
        return move.cards
    if type(move) is Defend:
        return move.weapons
    return 1


def long_agent(v: View, legal: Sequence[Move], rng: random.Random) -> Move:
    """A seat that makes the game long, from its view alone: it always buys with captured
    food, gives up food when attacked while it has some to spare, and otherwise spends one
    card at a time -- attacking while both seats have food to give, then swatting and
    starting new piles rather than attacking."""
    if Buy(True) in legal:
        return Buy(True)
    me = v.player
    if v.last is not None:  # under attack
        if v.food[me] > 1 or not sum(v.hand):
            return GiveUp()
        if Defend(1) in legal:
            return Defend(1)
        ones = [m for m in legal if type(m) is Play and m.cards == 1]
        return rng.choice(ones) if ones else GiveUp()
    singles = [m for m in legal if type(m) is not Buy and _pieces(m) == 1]
    attacks = [m for m in singles if type(m) is Play and m.onto is not None]
    if max(v.food) > 1 and v.food[(me + 1) % v.players] > 1 and attacks:
        return rng.choice(attacks)
    for quiet in (
        [m for m in singles if type(m) is Swat],
        [m for m in singles if type(m) is Play and m.onto is None and m.colour is not None],
        [m for m in singles if m not in attacks],
    ):
        if quiet:
            return rng.choice(quiet)
    return rng.choice(singles)


LONGEST_SEED = 246
"""The first seed (from 0) whose game between two long agents lasts 171 decisions."""


def test_a_171_decision_game_under_buy_plays_is_stored_and_replays() -> None:
    rules = Rules(buy=True)
    record = play(GAME, [long_agent, long_agent], seed=LONGEST_SEED, rules=rules)
    states = replay(record, GAME)
    decisions = sum(1 for state in states[:-1] if to_move(state) is not CHANCE)
    assert decisions == 171 > 150
    assert decisions <= max_moves(2, rules) == 174
    text = codec.dumps(record)
    assert codec.loads(text) == record
    again = replay(codec.loads(text), GAME)
    assert again[-1] == states[-1]
    for state in states[::10]:
        check(state)
    final = states[-1]
    assert final.reason == "one-left" and sum(final.deck) == 0
    assert not any(map(any, final.hands))  # every card played, one at a time
