"""Observations are checked, not trusted: ``update`` works out what it can from the view and
the move -- the phase, who acts next, why the game ended -- and refuses an observation
that disagrees with :class:`IllegalMove`. Only the hand-out of a normal turn depends on
hidden hands (a player with no legal play is passed over); there the observation is
believed only if the hidden hands can make it true.
"""

from __future__ import annotations

import random

import attrs
import pytest
from insects_scenario import make_state

from picnic_rules import IllegalMove, InvalidState, PicnicError, RandomAgent, play
from picnic_rules.history import SeatRecord, follow, seat_record
from picnic_rules.insects import (
    GAME,
    Buy,
    GiveUp,
    Observation,
    Phase,
    Rules,
    View,
    apply,
    check_view,
    observe,
    update,
    view,
)
from picnic_rules.testing.mutations import mutants

AFTER = 4
"""How many real observations are followed after a forged one."""


def _forged(history: SeatRecord[Rules, Observation], views: tuple[View, ...], index: int,
            forged: Observation) -> None:  # fmt: skip
    """Following the history with observation ``index`` forged is refused, or every view it
    gives is one ``check_view`` accepts (``views``: the real ones, from ``follow``)."""
    seen = views[index]
    try:
        for observation in (forged, *history.observations[index + 1 : index + 1 + AFTER]):
            seen = update(seen, observation)
            check_view(seen)
    except PicnicError as exc:  # refused: IllegalMove, or an observation of another seat
        assert isinstance(exc, IllegalMove) or "observation of seat" in str(exc)


def test_follow_refuses_a_forged_history() -> None:
    record = play(GAME, [RandomAgent()] * 2, seed=5)
    history = seat_record(record, 0, GAME)
    real = history.observations[-1]
    forged = attrs.evolve(real, reason="one-left" if real.reason != "one-left" else "cards-out")
    observations = (*history.observations[:-1], forged)
    with pytest.raises(IllegalMove, match=f"observation {len(observations)}"):
        follow(attrs.evolve(history, observations=observations), GAME)


@pytest.mark.parametrize(("players", "rules"), [(2, Rules()), (3, Rules(buy=True, draw_two=True))])
def test_every_one_field_forgery_of_a_real_history_is_refused_or_harmless(
    players: int, rules: Rules
) -> None:
    rng = random.Random(players)
    record = play(GAME, [RandomAgent()] * players, seed=players, rules=rules)
    for seat in range(players):
        history = seat_record(record, seat, GAME)
        views = follow(history, GAME)
        count = len(history.observations)
        for index in [*sorted(rng.sample(range(count), 25)), count - 1]:
            for forged in mutants(history.observations[index]):
                _forged(history, views, index, forged)


def test_an_ending_or_a_turn_the_move_does_not_give_is_refused() -> None:
    state = make_state(hands={1: "red fly"}, piles=["2 red fly"], turn=1, last=0, last_count=1)
    after = apply(state, GiveUp())  # seat 1 gives up one of its 12 food: its normal turn
    assert (after.phase, after.turn) == (Phase.TURN, 1)
    for seat in (0, 1):
        real = observe(state, GiveUp(), seat)
        assert update(view(state, seat), real) == view(after, seat)
        for forged in (
            attrs.evolve(real, phase=Phase.OVER, reason="one-left"),  # both seats hold food
            attrs.evolve(real, turn=0),  # seat 1 holds a red fly and cannot be passed over
        ):
            with pytest.raises(IllegalMove):
                update(view(state, seat), forged)


def test_the_turn_after_an_attack_is_the_attacked_seats() -> None:
    state = make_state(hands={0: "2 red fly"}, turn=0)
    move = GAME.parse_move(state, "play 2 red fly")
    real = observe(state, move, 1)
    # seat 0 refills from the deck: chance draws for seat 0 come next, publicly
    with pytest.raises(IllegalMove):
        update(view(state, 1), attrs.evolve(real, phase=Phase.TURN))
    with pytest.raises(IllegalMove):
        update(view(state, 1), attrs.evolve(real, turn=1))


def test_a_seat_passed_over_must_be_able_to_hold_no_legal_play() -> None:
    # the deck is empty; seat 1 holds one card, seat 2 two: after seat 0's swat the turn
    # may pass over seat 1 only if its hidden card can be a weapon with no pile to fit
    state = make_state(
        players=3,
        hands={0: "spray, red fly", 1: "boots", 2: "2 blue fly"},
        piles=["red ant"],
        deck="",
        filler=(),
    )
    swat = GAME.parse_move(state, "swat 0")
    after = apply(state, swat)
    assert (after.phase, after.turn) == (Phase.TURN, 2)  # seat 1's boots fit no pile
    real = observe(state, swat, 0)
    assert update(view(state, 0), real) == view(after, 0)
    check_view(update(view(state, 0), real))
    # seat 0 cannot be passed over: it holds a red fly
    with pytest.raises(IllegalMove, match="passed over"):
        update(view(state, 0), attrs.evolve(real, phase=Phase.OVER, reason="cards-out"))
    # a hidden seat with no card cannot be the one to play
    empty = make_state(
        players=3,
        hands={0: "spray, red fly", 2: "2 blue fly"},
        piles=["red ant"],
        deck="",
        filler=(),
    )
    with pytest.raises(IllegalMove, match="cannot hold a legal play"):
        update(view(empty, 0), attrs.evolve(observe(empty, swat, 0), turn=1))


def test_a_purchase_is_followed_by_its_draws() -> None:
    rules = Rules(buy=True)
    state = make_state(rules=rules, hands={0: "red fly"})
    real = observe(state, Buy(), 1)
    assert real.phase is Phase.DRAW
    with pytest.raises(IllegalMove):
        update(view(state, 1), attrs.evolve(real, phase=Phase.TURN))
    with pytest.raises(InvalidState):
        check_view(attrs.evolve(view(state, 1), reason="one-left"))
