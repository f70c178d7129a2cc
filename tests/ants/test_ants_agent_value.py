"""The search's judge of a round's end (:func:`~picnic_rules.ants.agent.value`): the
cards won this round count as placed, plates and free dice count while rounds are to
come, and a lead counts for more in the last round."""

from __future__ import annotations

import attrs
import pytest

from picnic_rules.ants import (
    Category,
    Phase,
    ScoringCard,
    Spot,
    State,
    agent,
    card_from_str,
    new_game,
)
from picnic_rules.ants.agent import projected_plates, value
from picnic_rules.ants.cards import PicnicCard
from picnic_rules.ants.state import Die, Placed


def _round_end(round_: int, won: tuple[str, ...] = (), puddle: int = 0) -> State:
    """Two seats with one blue cookie each at the end of round ``round_``'s tosses; seat 0
    won the cards ``won`` and has ``puddle`` dice on the Puddle."""
    state = new_game(2)
    first = Placed(card_from_str("blue-cookie"), 0, 0, 0)
    dice = tuple(Die(Spot.PUDDLE) if i < puddle else Die(Spot.HOME) for i in range(6))
    return attrs.evolve(
        state,
        scoring=(ScoringCard.FOOD_SETS, ScoringCard.COOKIE_GROUP, ScoringCard.FOOD_ROWS),
        rewards=(5, 5, 5),
        majority=tuple(4 for _ in Category),
        colonies=((first,), (first,)),
        won=(tuple(card_from_str(name) for name in won), ()),
        dice=(dice, state.dice[1]),
        phase=Phase.PLACE,
        round=round_,
    )


def test_equal_colonies_are_an_even_game() -> None:
    shares = value(_round_end(3))
    assert shares[0] == shares[1] == 0.5


def test_a_card_won_counts_as_placed_where_it_scores_most() -> None:
    state = _round_end(3, won=("green-cookie",))
    mine = projected_plates(state, 0)
    assert len(mine) == 2 and card_from_str("green-cookie") in mine.values()
    assert projected_plates(state, 1) == {(0, 0): card_from_str("blue-cookie")}
    assert value(state)[0] > 0.5


def test_dice_on_the_puddle_cost_while_rounds_are_to_come() -> None:
    assert value(_round_end(3, puddle=2))[0] < 0.5
    assert value(_round_end(6, puddle=2))[0] == 0.5  # the last round: no next round to toss in


def test_a_lead_counts_for_more_in_the_last_round() -> None:
    early = value(_round_end(2, won=("green-cookie",)))[0]
    late = value(_round_end(6, won=("green-cookie",)))[0]
    assert 0.5 < early < late


def _with_plate(state: State, name: str, x: int, y: int, turn: int) -> State:
    """``state`` with seat 0's colony holding one more plate, ``name`` on ``x, y``."""
    placed = Placed(card_from_str(name), x, y, turn)
    return attrs.evolve(state, colonies=(state.colonies[0] + (placed,), state.colonies[1]))


def _fresh_value(state: State) -> tuple[float, ...]:
    agent._VALUES.clear()
    agent._SCORERS.clear()
    return value(state)


def test_a_colony_with_a_card_turned_otherwise_is_judged_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A card placed turned four ways leaves the same plates: the value of one is the value
    of all, found without judging the colonies again."""
    state = _round_end(3, won=("green-cookie",))
    turned = [_with_plate(state, "purple-cookie", 1, 0, turn) for turn in range(4)]
    judged: list[int] = []
    plain = agent.projected_plates

    def counted(state: State, seat: int) -> dict[tuple[int, int], PicnicCard]:
        judged.append(seat)
        return plain(state, seat)

    agent._VALUES.clear()
    monkeypatch.setattr(agent, "projected_plates", counted)
    shares = {value(s) for s in turned}
    assert len(shares) == 1 and judged == [0, 1]  # two seats, judged for the first turn only


def test_colonies_with_other_plates_are_judged_apart() -> None:
    """The value remembered for one colony is never another's: a plate on another cell, or
    another card on the same cell, is judged afresh."""
    state = _round_end(3, won=("green-cookie",))
    rival = state.colonies[1] + (Placed(card_from_str("blue-cookie"), 1, 0, 0),)
    state = attrs.evolve(state, colonies=(state.colonies[0], rival))  # a group of 2 to beat
    touching = _with_plate(state, "purple-cookie", 1, 0, 0)
    along = _with_plate(state, "purple-cookie", 4, 0, 0)  # another x
    across = _with_plate(state, "purple-cookie", 1, 4, 0)  # another y
    other = _with_plate(state, "purple-watermelon", 1, 0, 0)
    colonies = (touching, along, across, other)
    expected = [_fresh_value(s) for s in colonies]
    assert expected[0] not in expected[1:]  # the others are worth less than the first
    agent._VALUES.clear()
    assert [value(s) for s in colonies] == expected


def _mid_round(dice: dict[tuple[int, int], Die]) -> State:
    """:func:`_round_end`'s position in the middle of the round's tosses, a green cookie on
    area position 4 and a purple sandwich on 1, the dice ``dice`` (seat, die) in the area."""
    state = _round_end(3)
    area = [None] * 9
    area[4], area[1] = card_from_str("green-cookie"), card_from_str("purple-sandwich")
    seats = [list(own) for own in state.dice]
    for (seat, die), placed in dice.items():
        seats[seat][die] = placed
    return attrs.evolve(
        state,
        area=tuple(area),
        dice=tuple(map(tuple, seats)),
        phase=Phase.SEND,
        turn=1,
    )


def test_as_it_stands_a_card_goes_to_the_most_ants_on_it() -> None:
    """Seat 0 leads on the green cookie (5 ants against 3): judged as it stands, the card is
    seat 0's, as :func:`value` judges it won; the purple sandwich, tied at 2, is no one's."""
    state = _mid_round(
        {
            (0, 1): Die(Spot.AREA, (4,), 5),
            (1, 2): Die(Spot.AREA, (4,), 3),
            (0, 4): Die(Spot.AREA, (1,), 2),
            (1, 4): Die(Spot.AREA, (1,), 2),
        }
    )
    won = attrs.evolve(
        state,
        won=((card_from_str("green-cookie"),), ()),
        area=tuple(None if p == 4 else card for p, card in enumerate(state.area)),
    )
    assert value(state) == (0.5, 0.5)  # the cards in play are not seen
    assert agent.value_as_it_stands(state) == value(won)
    assert agent.value_as_it_stands(state)[0] > 0.5


def test_as_it_stands_is_value_where_no_die_leads() -> None:
    state = _mid_round({(0, 1): Die(Spot.AREA, (4,), 3), (1, 1): Die(Spot.AREA, (4,), 3)})
    assert agent.value_as_it_stands(state) == value(state)
    assert agent.value_as_it_stands(_round_end(3, won=("green-cookie",))) == value(
        _round_end(3, won=("green-cookie",))
    )


def test_as_it_stands_is_remembered_for_its_round_only() -> None:
    """The judged standings of a round are found again by its very colonies and cards; the
    same objects in a later round (fewer rounds to come) or with a die more on the Puddle
    are judged anew, as :func:`value` judges them."""
    dice = {(0, 1): Die(Spot.AREA, (4,), 5), (1, 2): Die(Spot.AREA, (4,), 3)}
    state = _mid_round(dice)
    first = agent.value_as_it_stands(state)
    later = attrs.evolve(state, round=state.rules.rounds)  # the last round: nothing to come
    on_puddle = (Die(Spot.PUDDLE), *state.dice[0][1:])
    puddled = attrs.evolve(state, dice=(on_puddle, state.dice[1]))
    for judged in (state, puddled, state, later):  # each right after the first
        won = attrs.evolve(judged, won=((card_from_str("green-cookie"),), ()))
        assert agent.value_as_it_stands(judged) == value(won)
    assert agent.value_as_it_stands(later) != first
    assert agent.value_as_it_stands(puddled) != first
    assert agent.value_as_it_stands(state) == first
