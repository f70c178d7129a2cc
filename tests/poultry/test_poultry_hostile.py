"""Hostile input (issue 16): ill-typed and look-alike moves, positions no game reaches,
forged observations. Each is refused with the documented error, or played exactly as the
legal move it equals."""

from __future__ import annotations

import random
from functools import cache

import attrs
import pytest
from poultry_scenario import cards, play, table

from picnic_rules import GAMES, IllegalMove, InvalidState, RandomAgent, replay
from picnic_rules import play as play_game
from picnic_rules.history import follow, seat_record
from picnic_rules.poultry import (
    Allot,
    Card,
    Colour,
    Commit,
    Draw,
    Grain,
    Move,
    Observation,
    Phase,
    Roll,
    Rules,
    State,
    Supply,
    apply,
    check,
    check_view,
    legal_moves,
    observe,
    update,
    view,
)
from picnic_rules.testing.mutations import mutants, sample

GAME = GAMES["poultry"]


@cache
def reached(players: int = 2, seed: int = 3) -> tuple[State, ...]:
    """Every state of one random game."""
    return tuple(replay(play_game(GAME, [RandomAgent()] * players, seed=seed)))


def first(phase: Phase, players: int = 2) -> State:
    """The first state of a random game in ``phase``."""
    return next(state for state in reached(players) if state.phase is phase)


# ---------------------------------------------------------------- moves are values


@pytest.mark.parametrize(
    ("phase", "move"),
    [
        (Phase.COMMIT, Commit(cards=10)),  # type: ignore[arg-type]
        (Phase.COMMIT, Commit(cards=[Card(Colour.BLUE, 6)])),  # type: ignore[arg-type]
        (Phase.SUPPLY, Supply(grain="blue")),  # type: ignore[arg-type]
        (Phase.SUPPLY, Supply(grain=0)),  # type: ignore[arg-type]
        (Phase.DEAL, Draw(card=[1])),  # type: ignore[arg-type]
        (Phase.DEAL, Draw(Card(Colour.BLUE, [6]))),  # type: ignore[arg-type]
        (Phase.DUEL, Roll(value=None)),  # type: ignore[arg-type]
        (Phase.DUEL, Roll(value="3")),  # type: ignore[arg-type]
        (Phase.HAGGLE, Allot("green", 0)),  # type: ignore[arg-type]
    ],
    ids=[
        "commit-an-int",
        "commit-a-list",
        "grain-a-str",
        "grain-an-int",
        "draw-a-list",
        "draw-a-card-valued-by-a-list",
        "roll-none",
        "roll-a-str",
        "allot-a-str",
    ],
)
def test_an_ill_typed_move_is_an_illegal_move(phase: Phase, move: object) -> None:
    state = first(phase) if phase is not Phase.HAGGLE else _haggle()
    with pytest.raises(IllegalMove, match="not a move of poultry: its"):
        apply(state, move)  # type: ignore[arg-type]
    assert str(move)  # and it can be shown


def _haggle() -> State:
    return play(table(4, {0: "red 5", 2: "red 3"}, {"red": (1, 1, 0)}))


def test_a_roll_equal_to_a_legal_roll_is_that_roll() -> None:
    state = play(
        table(3, {0: "duck 6", 1: "duck 5"}, {"blue": (0, 2, 0)}, rules=Rules(haggling=False))
    )
    assert state.phase is Phase.DUEL
    after = apply(state, Roll(value=3.0))  # type: ignore[arg-type]
    assert after == apply(state, Roll(3))
    assert after.duel is not None and [type(roll) for roll in after.duel.rolls] == [int]
    assert observe(state, Roll(value=3.0), 1).move == Roll(3)  # type: ignore[arg-type]
    assert type(observe(state, Roll(value=3.0), 1).move.value) is int  # type: ignore[arg-type, union-attr]


def test_a_commitment_of_look_alike_cards_stores_the_real_cards() -> None:
    state = table(4, {}, {}, hands={0: "duck 6"}, phase=Phase.COMMIT)
    alike = Commit((Card(Colour.BLUE, 6.0, 0),))  # type: ignore[arg-type]
    after = apply(state, alike)
    assert after == apply(state, Commit(cards("duck 6")))
    (card,) = after.played[0]
    assert (type(card.value), type(card.fox)) == (int, bool)
    check(after)


def test_an_allot_to_a_look_alike_seat_is_the_listed_allot() -> None:
    state = _haggle()
    after = apply(state, Allot(Grain.GREEN, 2.0))  # type: ignore[arg-type]
    assert after == apply(state, Allot(Grain.GREEN, 2))


# ---------------------------------------------------------------- check is closed under play


def test_a_drawn_hand_with_an_extra_card_from_the_deck_is_refused() -> None:
    state = first(Phase.DRAW)
    check(state)
    k = next(k for k, n in enumerate(state.deck) if n)
    deck, hand = list(state.deck), list(state.hands[0])
    deck[k] -= 1
    hand[k] += 1
    forged = attrs.evolve(state, deck=tuple(deck), hands=(tuple(hand), *state.hands[1:]))
    with pytest.raises(InvalidState, match=r"seat 0 holds \d+ cards, more than"):
        check(forged)


def test_a_draw_count_moved_back_is_refused() -> None:
    state = next(s for s in reached() if s.phase is Phase.DRAW and s.dealt == 2)
    with pytest.raises(InvalidState, match="more than"):
        check(attrs.evolve(state, dealt=0))


def test_two_cards_left_of_a_commitment_are_a_legal_pair_at_every_yard() -> None:
    state = play(table(2, {0: "duck 6 + red 3", 1: "red 4 + green 3"}, {"red": (1, 0, 0)}))
    assert state.phase is Phase.HAGGLE
    index = state.rules.index
    deck = list(state.deck)
    deck[index[cards("red 3")[0]]] += 1
    deck[index[cards("blue fox 4")[0]]] -= 1
    forged = attrs.evolve(
        state, deck=tuple(deck), played=(cards("blue 6 + blue fox 4"), state.played[1])
    )
    with pytest.raises(InvalidState, match="a poultry and a fox of one colour"):
        check(forged)


def test_mutated_states_that_check_accepts_play_on_into_states_it_accepts() -> None:
    rng = random.Random(16)
    tried = 0
    for state in reached(3, seed=5)[::29]:
        for mutant in sample(state, 40, rng):
            try:
                check(mutant)
            except InvalidState:
                continue
            tried += 1
            for _ in range(2):
                if mutant.phase is Phase.OVER:
                    break
                moves = legal_moves(mutant)
                assert moves, mutant
                for move in moves:
                    check(apply(mutant, move))
                mutant = apply(mutant, rng.choice(moves))
    assert tried > 10


# ---------------------------------------------------------------- observations are checked


def test_a_forged_one_card_commitment_of_a_seat_holding_no_lone_card_is_refused() -> None:
    # Seat 1 holds two poultry: it commits both. Every fox lies face up on the discard pile,
    # so no hidden hand can hold the poultry-and-fox pair that alone lets it commit one card.
    rules = Rules(poultry=(3,), foxes=(4,), hand_sizes=(3, 3, 3, 3, 3))
    state = table(
        2, {}, {}, rules=rules, hands={0: "yellow 3 + blue 3 + purple 3", 1: "black 3 + red 3"},
        phase=Phase.COMMIT,
    )  # fmt: skip
    foxes = tuple(n if card.fox else 0 for card, n in zip(rules.kinds, state.deck, strict=True))
    deck = tuple(n - f for n, f in zip(state.deck, foxes, strict=True))
    state = attrs.evolve(state, deck=deck, discard=foxes)
    state = apply(state, Commit(cards("yellow 3 + blue 3")))
    check(state)
    before = view(state, 0)
    check_view(before)
    real = observe(state, Commit(cards("black 3 + red 3")), 0)
    check_view(update(before, real))
    forged = attrs.evolve(real, cards=1)
    with pytest.raises(IllegalMove, match="commits one of two cards"):
        update(before, forged)


def test_a_forged_reveal_of_an_illegal_pair_is_refused() -> None:
    state = table(2, {0: "duck 6 + red 3", 1: "red 4 + green 3"}, {})
    real = observe(state, _reveal(state), 0)
    assert real.revealed is not None
    forged = attrs.evolve(real, revealed=(real.revealed[0], cards("green 3 + green fox 4")))
    with pytest.raises(IllegalMove, match="cannot have committed"):
        update(view(state, 0), forged)


def _reveal(state: State) -> Move:
    (move,) = legal_moves(state)
    return move


def test_an_observation_of_another_seat_is_an_illegal_move() -> None:
    state = first(Phase.COMMIT)
    real = observe(state, legal_moves(state)[0], 1)
    with pytest.raises(IllegalMove, match="an observation of seat 2"):
        update(view(state, 1), attrs.evolve(real, seat=2))


@pytest.mark.parametrize("players", [2, 4])
def test_forged_histories_are_refused_or_lead_to_views_check_view_accepts(players: int) -> None:
    rng = random.Random(players)
    record = play_game(GAME, [RandomAgent()] * players, seed=players)
    seat = players - 1
    history = seat_record(record, seat)
    observations = history.observations
    refused = 0
    for index in sorted(rng.sample(range(len(observations)), 6)):
        for forged in mutants(observations[index]):
            if forged == observations[index]:
                continue
            changed = (*observations[:index], forged, *observations[index + 1 :])
            try:
                views = follow(attrs.evolve(history, observations=changed, outcome=None))
            except IllegalMove:
                refused += 1
                continue
            for later in views[index + 1 :]:
                check_view(later)
    assert refused > 0


def test_a_hidden_observation_built_by_hand_is_checked() -> None:
    state = first(Phase.COMMIT, players=2)
    before = view(state, 1)
    with pytest.raises(IllegalMove):
        update(before, Observation(1, 0, None, 1, None))  # two cards are due, not one
