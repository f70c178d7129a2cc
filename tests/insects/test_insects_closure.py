"""``check`` is closed under play: a position it accepts is over or has a legal move, and
every legal move (every card chance may draw) leads to a position it accepts again.

Found by changing reachable states at one place (``mutants``): the positions below were
accepted before and broke the game once played on.
"""

from __future__ import annotations

import random

import attrs
import pytest
from insects_scenario import make_state

from picnic_rules import CHANCE, InvalidState
from picnic_rules.insects import (
    VARIANTS,
    Buy,
    Card,
    Phase,
    Rules,
    State,
    apply,
    check,
    check_view,
    determinize,
    is_over,
    legal_moves,
    new_game,
    sample_chance,
    to_move,
    view,
)
from picnic_rules.testing.mutations import sample

DEPTH = 3


def _positions(name: str, players: int, seed: int, every: int) -> list[State]:
    rng = random.Random(seed)
    state = new_game(players, VARIANTS[name])
    found = []
    step = 0
    while not is_over(state):
        if step % every == 0:
            found.append(state)
        moves = legal_moves(state)
        state = apply(state, rng.choice(moves))
        step += 1
    found.append(state)
    return found


def _closed(state: State, depth: int, rng: random.Random) -> None:
    """``state`` (accepted by check) is over or has moves, and every move leads to a state
    check accepts; then the same from one child, ``depth`` times."""
    moves = legal_moves(state)
    assert is_over(state) or moves, f"no legal move in an unfinished accepted state {state}"
    if not moves or depth == 0:
        return
    if to_move(state) is CHANCE:
        sample_chance(state, rng)
    children = []
    for move in moves:
        child = apply(state, move)
        check(child)
        children.append(child)
    _closed(rng.choice(children), depth - 1, rng)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_accepted_mutant_of_a_reachable_state_plays_on(name: str) -> None:
    rng = random.Random(name)
    players = 2 + len(name) % 3
    for state in _positions(name, players, len(name), every=29):
        for mutant in sample(state, 60, rng):
            try:
                check(mutant)
            except InvalidState:
                continue
            _closed(mutant, DEPTH, rng)


def test_a_refill_never_goes_past_the_hand_size() -> None:
    # seat 1 holds 7 and the last 2 cards of the deck are to be drawn: 9 cards in hand
    state = make_state(hands={0: "8 spray", 1: "red fly, 6 boots"}, filler=(), deck="2 swatter",
                       phase=Phase.DRAW, turn=1, draws=2, checked=False)  # fmt: skip
    with pytest.raises(InvalidState, match="would draw past 8 cards"):
        check(state)
    check(attrs.evolve(state, draws=1, deck=state.deck))
    # draw-one: one card after any play, so a full hand never draws
    rules = Rules(draw_one=True)
    full = make_state(hands={0: "8 spray", 1: "red fly, 7 boots"}, filler=(), rules=rules,
                      phase=Phase.DRAW, turn=1, draws=1, checked=False)  # fmt: skip
    with pytest.raises(InvalidState, match="would draw past 8 cards"):
        check(full)
    check(make_state(hands={0: "8 spray", 1: "red fly, 6 boots"}, filler=(), rules=rules,
                     phase=Phase.DRAW, turn=1, draws=1))  # fmt: skip


def test_a_normal_turn_for_a_seat_with_no_legal_play_is_refused() -> None:
    # the deck is empty and seat 0's hand went to seat 1: house rule, seat 0 is passed over
    state = make_state(hands={1: "red fly"}, deck="", filler=(), piles=["blue ant"], checked=False)
    check(attrs.evolve(state, turn=1))
    with pytest.raises(InvalidState, match="no legal play"):
        check(state)
    # a hand of weapons with no one-card pile of their insect is no play either
    with pytest.raises(InvalidState, match="no legal play"):
        make_state(hands={0: "spray", 1: "red fly"}, deck="", filler=(), piles=["blue fly"])
    # under attack giving up food is always open
    check(attrs.evolve(state, turn=0, piles=((Card.BLUE_ANT,) * 2,), last=1, last_count=1,
                       scored=(*state.scored[:1], _less(state.scored[1], Card.BLUE_ANT))))  # fmt: skip


def _less(counts: tuple[int, ...], card: Card) -> tuple[int, ...]:
    return tuple(n - (kind == card) for kind, n in enumerate(counts))


def test_the_attackers_refill_is_not_a_purchase() -> None:
    rules = Rules(buy=True)
    drawing = dict(piles=["2 red fly"], rules=rules, turn=0, last=0, last_count=1)
    check(make_state(**drawing, hands={0: "5 boots"}, filler=(), phase=Phase.DRAW, draws=3,
                     bought=True))  # fmt: skip
    with pytest.raises(InvalidState, match="refill"):
        make_state(**drawing, hands={0: "5 boots"}, filler=(), phase=Phase.DRAW, draws=3,
                   again=True, bought=True)  # fmt: skip
    # the attacked seat may buy before it answers: its bought cards come in
    attacked = make_state(piles=["2 red fly"], rules=rules, turn=1, last=0, last_count=1)
    bought = apply(attacked, Buy())
    check(bought)
    assert bought.phase is Phase.DRAW and bought.again and bought.bought


def test_cards_out_only_when_nobody_with_food_can_play() -> None:
    over = dict(deck="", filler=(), phase=Phase.OVER, checked=False)
    stuck = make_state(hands={0: "spray"}, piles=["red fly"], **over)
    check(attrs.evolve(stuck, reason="cards-out"))
    playable = make_state(hands={0: "swatter"}, piles=["red fly"], **over)
    with pytest.raises(InvalidState, match="cards-out"):
        check(attrs.evolve(playable, reason="cards-out"))


def test_a_hidden_seat_to_act_is_dealt_a_hand_with_a_play() -> None:
    # seat 1 sees seat 0 to act; of the 18 cards it cannot see only the spray is a play
    state = make_state(
        hands={0: "spray, 7 boots", 1: "red fly, 7 swatter"},
        deck="5 boots, 5 swatter",
        filler=(),
        piles=["blue ant"],
    )
    seen = view(state, 1)
    check_view(seen)
    for seed in range(20):
        guess = determinize(seen, random.Random(seed))
        check(guess)
        assert guess.hands[0][Card.SPRAY] == 1
