"""The insects search's playout step (``agent.playout_step``) plays the computer's choice
under every variant: its normal-turn choice, made from each insect type's best play
(remembered) and the swats, is the first of the best legal moves, as
``agent.playout`` finds it among them; the cards the move owes are drawn with it
(``apply_drawing``), as chance would draw them card by card."""

from __future__ import annotations

import random

import attrs
import pytest

from picnic_rules import CHANCE
from picnic_rules.insects import (
    KINDS,
    VARIANTS,
    Card,
    Colour,
    GiveUp,
    Insect,
    Move,
    Phase,
    Play,
    Swat,
    apply,
    apply_legal,
    legal_moves,
    new_game,
    sample_chance,
    to_move,
)
from picnic_rules.insects import agent as insects_agent
from picnic_rules.insects.engine import apply_drawing, draw_owed
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


def _card_by_card(state: State, move: Move, rng: random.Random) -> State:
    """The state after ``move`` and the cards then drawn one at a time, as the search
    draws them: ``sample_chance`` and ``apply_legal`` while chance acts."""
    state = apply_legal(state, move)
    while to_move(state) is CHANCE:
        state = apply_legal(state, sample_chance(state, rng))
    return state


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_playout_step_plays_the_playouts_choice(variant: str) -> None:
    insects_agent._BEST_PLAYS.clear()  # new choices first, then the same ones remembered
    decisions = _decisions(variant, players=2 + len(variant) % 2, games=3)
    assert len(decisions) > 100
    for _ in range(2):
        for index, state in enumerate(decisions):
            rng = random.Random(index)
            move = insects_agent.playout(state, legal_moves(state), rng)
            expected = _card_by_card(state, move, rng)
            played = random.Random(index)
            assert insects_agent.playout_step(state, played) == expected, state
            assert played.random() == rng.random()  # the same numbers drawn


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_move_draws_the_cards_it_owes_as_chance_draws_them_one_by_one(variant: str) -> None:
    decisions = _decisions(variant, players=2 + len(variant) % 2, games=2)
    drawing = set()
    for index, state in enumerate(decisions):
        for number, move in enumerate(legal_moves(state)):
            seed = 1000 * index + number
            expected, card_by_card = apply_legal(state, move), random.Random(seed)
            if to_move(expected) is CHANCE:
                drawing.add(type(move).__name__)
                expected = _card_by_card(state, move, card_by_card)
            at_once, drawn_up = random.Random(seed), random.Random(seed)
            assert apply_drawing(state, move, at_once) == expected, (state, move)
            assert draw_owed(apply_legal(state, move), drawn_up) == expected, (state, move)
            assert at_once.random() == drawn_up.random() == card_by_card.random()
    assert {"Play", "Swat", "Defend"} <= drawing  # each way of drawing back up was taken


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
        move = insects_agent.playout(state, legal_moves(state), random.Random(0))
        expected = _card_by_card(state, move, random.Random(0))
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


def test_the_normal_turn_choice_swats_as_the_first_of_the_best_legal_moves() -> None:
    # weapons of several types against piles of every type in every order, a few insects
    # beside them: a swat is the first of the best, of equal swats the first pile's
    rng = random.Random(5)
    for _ in range(400):
        hand = [0] * KINDS
        for _ in range(rng.randint(0, 3)):
            hand[rng.randrange(15)] += 1
        for weapon in (Card.SPRAY, Card.BOOTS, Card.SWATTER):
            hand[weapon] = rng.randint(0, 4)
        piles = tuple((rng.choice(list(Card)[:15]),) for _ in range(rng.randint(0, 6)))
        state = attrs.evolve(
            new_game(2),
            hands=(tuple(hand), (0,) * KINDS),
            piles=piles,
            phase=Phase.TURN,
        )
        if not legal_moves(state):
            continue
        expected = insects_agent.playout(state, legal_moves(state), rng)
        assert insects_agent._normal_choice(state) == expected, state


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_answer_to_an_attack_is_the_first_of_the_best_legal_moves(variant: str) -> None:
    # attacking piles of every type and shape against hands of few and many of its kinds,
    # jokers and weapons (so many jokers, now and then, that giving up is as good), and
    # continuations of every size asked for: worked out, the answer is the one the playout
    # finds among the legal moves
    rng = random.Random(variant)
    kinds = list(Card)
    for _ in range(1500):
        insect = rng.randrange(3)
        pile = tuple(kinds[5 * insect + rng.choice((0, 1, 2, 3, 4, 4))] for _ in range(2, 7))
        pile = pile[: rng.randint(2, 5)]
        hand = [0] * KINDS
        for kind in range(5 * insect, 5 * insect + 5):
            hand[kind] = rng.choice((0, 0, 1, 2, 3, 5, 9))
        need = rng.randint(1, 6)
        if rng.random() < 0.2:
            hand[5 * insect + 4] = rng.randint(25, 45)
            need = rng.randint(20, 50)
        hand[15 + insect] = rng.randint(0, 6)
        for _ in range(rng.randint(0, 4)):
            hand[rng.randrange(KINDS)] += 1
        others = tuple((rng.choice(kinds[:15]),) for _ in range(rng.randint(0, 3)))
        at = rng.randint(0, len(others))
        state = attrs.evolve(
            new_game(2, VARIANTS[variant]),
            hands=(tuple(hand), (0,) * KINDS),
            piles=(*others[:at], pile, *others[at:]),
            phase=Phase.TURN,
            last=1,
            last_count=need,
        )
        expected = insects_agent.playout(state, legal_moves(state), rng)
        assert insects_agent._answer(state) == expected, state


def test_an_answer_worth_no_more_than_giving_up_food_is_played_as_first_of_equals() -> None:
    # 32 jokers alone continue a pair with the 32 cards asked for: worth 0, as giving up
    # (listed after); one fewer card asked for, the play is worth more
    hand = [0] * KINDS
    hand[Card.JOKER_ANT] = 32
    for asked, expected in ((32, Play(Insect.ANT, None, 0, 32, 0)), (33, GiveUp())):
        state = attrs.evolve(
            new_game(2, VARIANTS["match-count"]),
            hands=(tuple(hand), (0,) * KINDS),
            piles=((Card.RED_ANT, Card.RED_ANT),),
            phase=Phase.TURN,
            last=1,
            last_count=asked,
        )
        assert insects_agent.playout(state, legal_moves(state), random.Random(0)) == expected
        assert insects_agent._answer(state) == expected


def test_a_swat_worth_as_much_as_a_play_is_left_for_the_play_listed_first() -> None:
    # two red ants start an attacking pile (worth 37), as does a swat with 11 boots held
    # (worth 37): the play, listed first, is chosen; with a boot more, the swat
    hand = [0] * KINDS
    hand[Card.RED_ANT] = 2
    for boots in (11, 12):
        hand[Card.BOOTS] = boots
        state = attrs.evolve(
            new_game(2),
            hands=(tuple(hand), (0,) * KINDS),
            piles=((Card.BLUE_SPIDER,),),
            phase=Phase.TURN,
        )
        expected = insects_agent.playout(state, legal_moves(state), random.Random(0))
        assert expected == (Play(Insect.ANT, Colour.RED, 2) if boots == 11 else Swat(0))
        assert insects_agent._normal_choice(state) == expected
