"""``check`` refuses positions no game can reach, naming what is wrong."""

from __future__ import annotations

import attrs
import pytest
from ants_scenario import PUDDLE, card, loose, on, placed, table

from picnic_rules import InvalidState
from picnic_rules.ants import Die, Phase, RoundCard, Spot, check

SOLDIER, W1 = 0, 1


def refused(state: object, *words: str) -> None:
    with pytest.raises(InvalidState) as error:
        check(state)  # type: ignore[arg-type]
    assert all(w in error.value.reason for w in words), error.value.reason


def test_a_reachable_table_passes() -> None:
    check(table(2, dice={0: {W1: on(4, 5, face=3)}, 1: {W1: loose(2)}}))


def test_cards_must_add_up_to_the_deck() -> None:
    state = table(2)
    refused(attrs.evolve(state, deck=state.rules.deck), "do not add up")


def test_a_soldier_never_sits_on_the_puddle() -> None:
    refused(table(2, dice={0: {SOLDIER: PUDDLE}}, check_it=False), "Soldier")


def test_dice_touch_cards_that_are_there_and_show_their_faces() -> None:
    refused(table(2, dice={0: {W1: on(0, face=3)}}, check_it=False), "touches cards")
    refused(table(2, dice={0: {W1: on(4, face=9)}}, check_it=False), "face")
    refused(table(2, dice={0: {W1: Die(Spot.HOME, (), 3)}}, check_it=False), "off the area")


def test_a_colony_only_holds_legal_placements() -> None:
    state = table(2, colonies={0: ["blue-cookie at 0,0 turn 0"]}, round=2)
    bad = (placed("blue-cookie at 0,0 turn 0"), placed("green-sandwich at 0,0 turn 1"))
    refused(attrs.evolve(state, colonies=(bad, ()), deck=_minus(state, "green-sandwich")), "placed")
    first = (placed("blue-cookie at 1,0 turn 0"),)
    refused(attrs.evolve(state, colonies=(first, ())), "placed")


def _minus(state: object, name: str) -> tuple[int, ...]:
    from picnic_rules.ants import CARD_KINDS

    deck = list(state.deck)  # type: ignore[attr-defined]
    deck[CARD_KINDS.index(card(name))] -= 1
    return tuple(deck)


def test_round_cards_match_the_round() -> None:
    refused(table(2, round=3, used=(RoundCard.HONEY,), check_it=False), "Round cards drawn")
    refused(table(2, honey=((0, 4),), check_it=False), "honey")
    refused(table(2, head_start=1, check_it=False), "head start")


def test_nobody_wins_cards_in_the_first_round_before_the_bring_back() -> None:
    refused(table(2, colonies={0: ["blue-cookie at 0,0 turn 0"]}, check_it=False), "nobody has won")


def test_the_phase_matches_the_dice() -> None:
    state = table(2, check_it=False)
    refused(attrs.evolve(state, phase=Phase.SETTLE), "nothing to settle")
    refused(attrs.evolve(state, phase=Phase.LAND), "in the air")
    gone = table(2, dice={0: {i: loose(1) for i in range(6)}}, check_it=False)
    refused(gone, "no die to toss")


def test_only_the_seats_tied_for_starting_player_roll_off() -> None:
    """Seats 0 and 1 have no plate, seat 2 has one: 0 and 1 roll off, with all dice at home."""
    state = table(3, round=2, used=(), colonies={2: ["blue-cookie at 0,0 turn 0"]}, check_it=False)
    rolloff = attrs.evolve(state, phase=Phase.ROLLOFF, tied=(0, 1))
    check(rolloff)
    refused(attrs.evolve(rolloff, tied=(0, 2)), "only the seats tied")
    refused(attrs.evolve(rolloff, tied=(0, 1, 2)), "only the seats tied")
    fewer = ((Die(Spot.HOME),) * 5 + (PUDDLE,), *rolloff.dice[1:])  # seat 0 has fewer at home
    refused(attrs.evolve(rolloff, dice=fewer), "only the seats tied")
    check(attrs.evolve(rolloff, rolloffs=1))
    later = attrs.evolve(rolloff, round=3, used=(RoundCard.HEAD_START,))
    check(later)
    refused(attrs.evolve(later, head_start=1), "head start is used up")


def test_who_is_to_act_matches_the_phase() -> None:
    drawing = attrs.evolve(
        table(3, round=2, starter=2, used=(), check_it=False), phase=Phase.ROUND_CARD, turn=2
    )
    check(drawing)
    refused(attrs.evolve(drawing, turn=1), "starting player draws")
    from picnic_rules.ants import new_game

    refused(attrs.evolve(new_game(3), turn=1), "before set-up")
