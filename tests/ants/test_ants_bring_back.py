"""Bring back the food: Puddle and loose dice home, settling, each card to the highest total
(ties: more dice, then the biggest die, else nobody), winners' dice to the Puddle but the Soldier."""

from __future__ import annotations

import attrs
from ants_scenario import HOME, PUDDLE, loose, on, table

from picnic_rules.ants import GAME, Landing, Phase, Settle, Spot, State, apply, check, legal_moves
from picnic_rules.testing import assert_illegal

SOLDIER, W1, W2, W3, S1, S2 = range(6)


def last_toss(dice: dict[int, dict[int, object]], players: int = 2, **changes: object) -> State:
    """Seat 1's last die (scout2) is in the air; every other die is where ``dice`` puts it
    (dice not named lie loose, showing 1). Its landing ends the send out."""
    full = {
        seat: {i: dice.get(seat, {}).get(i, loose(1)) for i in range(6)} for seat in range(players)
    }
    full[1][S2] = HOME
    state = table(players, dice=full, turn=1, **changes)
    state = attrs.evolve(state, phase=Phase.LAND, tossing=S2, target=3)
    check(state)
    return state


LOOSE_TOUCHING = Landing(1, (), touched=True)  # scout2 lands loose after touching dice: no re-toss


def test_highest_total_wins_losers_go_home_winners_to_the_puddle_soldier_home() -> None:
    state = last_toss({0: {SOLDIER: on(4, face=1), W1: on(4, face=4)}, 1: {W1: on(4, face=4)}})
    card = state.area[4]
    after = apply(state, LOOSE_TOUCHING)
    assert after.phase is Phase.PLACE and after.turn == 0
    assert after.won == ((card,), ())
    assert after.area[4] is None
    assert after.dice[0][SOLDIER].spot is Spot.HOME  # a winning Soldier goes home
    assert after.dice[0][W1].spot is Spot.PUDDLE  # a winning Worker goes to the Puddle
    assert after.dice[1][W1].spot is Spot.HOME  # the loser's die goes home
    # every loose die went home
    assert all(d.spot is not Spot.LOOSE for own in after.dice for d in own)


def test_a_tied_total_goes_to_more_dice() -> None:
    state = last_toss({0: {W1: on(4, face=4)}, 1: {S1: on(4, face=2), W1: on(4, face=2)}})
    after = apply(state, LOOSE_TOUCHING)
    assert after.won[1] == (state.area[4],)
    assert after.dice[1][S1].spot is Spot.PUDDLE and after.dice[0][W1].spot is Spot.HOME


def test_then_the_biggest_die() -> None:
    # 3 ants on one die each: seat 0 a Soldier, seat 1 a Worker -> the Soldier is bigger
    state = last_toss({0: {SOLDIER: on(4, face=3)}, 1: {W1: on(4, face=3)}})
    after = apply(state, LOOSE_TOUCHING)
    assert after.won[0] == (state.area[4],)
    assert after.dice[0][SOLDIER].spot is Spot.HOME


def test_still_tied_nobody_wins_and_every_die_goes_home() -> None:
    state = last_toss({0: {W1: on(4, face=3)}, 1: {W1: on(4, face=3)}})
    after = apply(state, LOOSE_TOUCHING)
    assert after.area[4] == state.area[4]
    assert after.won == ((), ())
    assert after.dice[0][W1].spot is Spot.HOME and after.dice[1][W1].spot is Spot.HOME


def test_a_total_of_zero_can_win() -> None:
    state = last_toss({0: {SOLDIER: on(5, face=0)}})
    after = apply(state, LOOSE_TOUCHING)
    assert after.won[0] == (state.area[5],)


def test_dice_on_the_puddle_and_loose_dice_go_home_first() -> None:
    # round 2: seat 0's worker has sat on the Puddle since round 1
    state = last_toss({0: {W3: PUDDLE}}, round=2, colonies={0: ["green-cookie at 0,0 turn 0"]})
    after = apply(state, LOOSE_TOUCHING)
    assert after.dice[0][W3].spot is Spot.HOME
    assert all(d.spot is Spot.HOME for own in after.dice for d in own)


def test_dice_touching_two_cards_are_settled_by_their_owners_in_turn_order() -> None:
    state = last_toss(
        {0: {W1: on(4, 5, face=4)}, 1: {W1: on(3, 4, face=2), W2: on(5, face=3)}},
        starter=1,
        round=2,
    )
    after = apply(state, LOOSE_TOUCHING)
    assert after.phase is Phase.SETTLE and after.turn == 1  # the starter first
    assert legal_moves(after) == (Settle(W1, 3), Settle(W1, 4))
    assert_illegal(GAME, after, Settle(W1, 5), "does not touch")
    after = apply(after, Settle(W1, 3))
    assert after.phase is Phase.SETTLE and after.turn == 0
    after = apply(after, Settle(W1, 5))
    # card 5: seat 0 has 4, seat 1 has 3 -> seat 0; card 3: seat 1 alone
    assert after.won == ((state.area[5],), (state.area[3],))


def test_honey_adds_two_for_a_player_with_a_die_there() -> None:
    from picnic_rules.ants import RoundCard

    dice = {0: {W1: on(4, face=3)}, 1: {W1: on(4, face=4)}}
    plain = last_toss(dice)
    assert apply(plain, LOOSE_TOUCHING).won[1] == (plain.area[4],)
    sweet = last_toss(
        dice,
        honey=((0, 4), (1, 7)),
        held=((), ()),
        used=(RoundCard.HONEY,),
        round=2,
        colonies={0: ["green-cookie at 0,0 turn 0"]},
    )
    after = apply(sweet, LOOSE_TOUCHING)
    assert after.won[0] == (sweet.area[4],)  # 3 + 2 beats 4
    assert after.area[7] is not None  # honey alone (no die of seat 1 there) wins nothing
