"""The sandwich computer agent: legal, deterministic, sensible in key spots, and strong."""

from __future__ import annotations

import random
from typing import cast

import pytest

from picnic_rules import CHANCE
from picnic_rules import sandwich as sw
from picnic_rules.sandwich import Ant, Card, ComputerAgent, Fly, Phase, Play, Rules, State

B, PB, J, ANT, FLY = Card


def _sandwich(text: str) -> tuple[Card, ...]:
    return tuple({"B": B, "p": PB, "j": J}[c] for c in text)


def _state(
    mine: tuple[str, ...],
    theirs: tuple[str, ...],
    hand: tuple[int, int, int, int, int],
    fly: tuple[int, int] | None = None,
    their_hand: tuple[int, int, int, int, int] = (0, 1, 1, 0, 0),
) -> State:
    """Seat 0 to act (nothing played yet) in a 2-player game; the rest of the deck is the draw pile."""
    rules = Rules()
    table = (tuple(map(_sandwich, mine)), tuple(map(_sandwich, theirs)))
    used = [hand[c] + their_hand[c] for c in Card]
    for sandwiches in table:
        for s in sandwiches:
            for card in s:
                used[card] += 1
    draw = cast(sw.Counts, tuple(total - n for total, n in zip(rules.deck, used, strict=True)))
    # every card on the table was one action (no pile was discarded to), and at least one
    # move was made: check() refuses an action count the position contradicts
    actions = max(1, sum(len(s) for sandwiches in table for s in sandwiches))
    state = State(
        rules=rules,
        hands=(hand, their_hand),
        draw_pile=draw,
        discard_pile=(0,) * 5,
        table=table,
        fly=fly,
        phase=Phase.ACT,
        turn=0,
        actions=actions,
        dealt=4,
    )
    sw.check(state)
    return state


def _choose(state: State, agent: ComputerAgent | None = None, seed: int = 0) -> sw.Move:
    agent = agent or ComputerAgent()
    legal = sw.legal_moves(state)
    move = agent(sw.view(state, state.turn), legal, random.Random(seed))
    assert move in legal
    return move


def random_agent(v: sw.View, legal: tuple[sw.Move, ...], rng: random.Random) -> sw.Move:
    return rng.choice(legal)


def _play(seed: int, agents: list[object], rules: Rules = Rules()) -> tuple[State, list[sw.Move]]:
    """Play a whole game; every agent's choice is checked to be legal."""
    rng = random.Random(seed)
    state = sw.new_game(len(agents), rules)
    moves: list[sw.Move] = []
    while (actor := sw.to_move(state)) is not None:
        if actor is CHANCE:
            move = sw.sample_chance(state, rng)
        else:
            assert isinstance(actor, int)
            legal = sw.legal_moves(state)
            move = agents[actor](sw.view(state, actor), legal, rng)  # type: ignore[operator]
            assert move in legal, (seed, state, move)
        moves.append(move)
        state = sw.apply(state, move)
    return state, moves


# ---------------------------------------------------------------- basics


def test_repr_is_evaluable_and_registered() -> None:
    for agent in (ComputerAgent(), ComputerAgent(depth=2)):
        assert eval(repr(agent), {"ComputerAgent": ComputerAgent}) == agent
    assert sw.GAME.agents["computer"]() == ComputerAgent()


def test_always_legal_against_random() -> None:
    computer = ComputerAgent()
    for seed in range(24):
        seats: list[object] = [computer, random_agent]
        if seed % 2:
            seats.reverse()
        _play(seed, seats)


@pytest.mark.parametrize("variant", sorted(sw.VARIANTS))
def test_always_legal_in_every_variant_and_seat_count(variant: str) -> None:
    rules = sw.VARIANTS[variant]
    for players in (2, 3, 4):
        if rules.first_player >= players:
            continue
        agents: list[object] = [ComputerAgent(), random_agent, ComputerAgent(depth=2), random_agent]
        _play(100 + players, agents[:players], rules)


def test_deterministic_for_a_fixed_seed() -> None:
    agents: list[object] = [ComputerAgent(), random_agent]
    assert _play(7, agents)[1] == _play(7, agents)[1]
    state = _state(("BpjB", "Bp"), ("BjpB", "Bj"), (1, 1, 1, 1, 1))
    assert len({_choose(state, seed=3) for _ in range(5)}) == 1


def test_computer_vs_computer_finishes_with_a_winner() -> None:
    state, _ = _play(11, [ComputerAgent(), ComputerAgent()])
    outcome = sw.result(state)
    assert outcome.reason == "three-sandwiches"
    assert len(outcome.winners) == 1 and outcome.scores[outcome.winners[0]] == 3


# ---------------------------------------------------------------- key spots


def test_takes_the_winning_closing_bread() -> None:
    state = _state(("BpjB", "BjpB", "Bpj"), ("Bp",), (1, 1, 0, 1, 1))
    assert _choose(state) == Play(B, 2)


def test_steals_bread_with_an_ant_to_win() -> None:
    state = _state(("BpjB", "BjpB", "Bpj"), ("B",), (0, 0, 0, 1, 0))
    assert _choose(state) == Ant(1, 0, 2)


def test_starts_a_sandwich_rather_than_ending_the_turn() -> None:
    state = _state((), (), (1, 0, 0, 0, 0))
    assert _choose(state) == Play(B)


def _turn(state: State) -> State:
    """Let the computer play seat 0's whole turn; the state when the turn is over."""
    agent = ComputerAgent()
    rng = random.Random(0)
    while sw.to_move(state) == 0:
        legal = sw.legal_moves(state)
        move = agent(sw.view(state, 0), legal, rng)
        assert move in legal
        state = sw.apply(state, move)
    return state


@pytest.mark.parametrize(
    ("theirs", "flies"),
    [
        (("BpjB", "BjpB", "Bpj"), 1),  # one bread from winning: the only fly goes
        (("BpjB", "BjpB", "Bp"), 2),  # one sandwich from winning: a spare fly goes
    ],
)
def test_covers_an_opponent_one_sandwich_from_winning(theirs: tuple[str, ...], flies: int) -> None:
    state = _state(("Bp",), theirs, (0, 0, 1, 0, flies))
    after = _turn(state)
    assert after.fly in ((1, 0), (1, 1))
    assert after.table[0] == (_sandwich("Bpj"),)  # and it still played its jelly


def test_keeps_its_only_fly_while_the_opponent_is_far_from_winning() -> None:
    state = _state(("Bp",), ("BpjB", "Bp"), (0, 0, 0, 0, 1))
    assert _choose(state) == sw.End()


def test_uncovers_its_own_finished_sandwich_to_win() -> None:
    state = _state(("BpjB", "BjpB", "BpjB"), ("BpjB",), (0, 1, 0, 0, 1), fly=(0, 1))
    move = _choose(state)
    assert isinstance(move, Fly) and move.seat == 1, move


def test_uncovers_its_own_finished_sandwich_onto_the_opponents() -> None:
    state = _state(("BpjB", "Bp"), ("BjpB", "B"), (0, 1, 0, 0, 2), fly=(0, 0))
    assert _choose(state) == Fly(1, 0)


def test_discards_a_spare_spread_before_bread() -> None:
    # Its open sandwich is covered and it holds no bread: stuck, so it must discard.
    state = _state(("Bpj",), ("BjpB",), (0, 2, 1, 0, 0), fly=(0, 0))
    legal = sw.legal_moves(state)
    assert all(isinstance(m, sw.Discard) for m in legal)
    assert _choose(state) == sw.Discard(PB)


# ---------------------------------------------------------------- strength


def test_beats_the_random_agent() -> None:
    """A smoke test of strength (the full measurement is benchmarks/agent_strength.py).

    Fixed seeds, so it is deterministic; the agent wins about 91% over thousands of games.
    """
    computer = ComputerAgent()
    wins = 0
    for seed in range(100):
        seat = seed % 2
        seats: list[object] = [random_agent, random_agent]
        seats[seat] = computer
        state, _ = _play(seed, seats)
        if sw.result(state).winners == (seat,):
            wins += 1
    assert wins >= 70


@pytest.mark.parametrize("depth", [0, 3, 1.0, True, "1"])
def test_an_impossible_depth_is_refused(depth: object) -> None:
    from picnic_rules import PicnicError

    with pytest.raises(PicnicError, match="depth must be 1 or 2"):
        ComputerAgent(depth=depth)  # type: ignore[arg-type]


# ---------------------------------------------------------------- what the search remembers


def test_the_playout_remembers_choices_apart_near_the_action_limit() -> None:
    """Behind on sandwiches, the computer spreads while the game goes on, but ends the turn
    rather than make the sixtieth action that would end the game lost; the playout's
    remembered choices keep the action count only where it matters."""
    import attrs

    from picnic_rules.sandwich.agent import playout

    behind = _state(("BpjB", "B"), ("BpjB", "BpjB"), (0, 1, 0, 0, 0))
    limit = behind.rules.action_limit
    for actions, expected in ((10, Play(PB, 1)), (limit - 1, sw.End()), (11, Play(PB, 1))):
        state = attrs.evolve(behind, actions=actions)
        legal = sw.legal_moves(state)
        assert _choose(state) == expected, actions
        assert playout(state, legal, random.Random(0)) == expected, actions


def test_evaluate_takes_rows_of_lists_and_of_plain_numbers() -> None:
    """evaluate remembers the worth of rows of sandwiches: rows of lists (unhashable) are
    worked out as tuples, and a row of plain card numbers is worth what the cards are."""
    from picnic_rules.sandwich.agent import evaluate

    closed, spread = _sandwich("BpjB"), _sandwich("Bp")
    expected = evaluate(((closed, spread), ()), None, (0, 1, 0, 0, 0), 0, 3)
    as_lists = [[list(closed), list(spread)], []]
    assert evaluate(as_lists, None, [0, 1, 0, 0, 0], 0, 3) == expected  # type: ignore[arg-type]
    numbers = ((tuple(map(int, closed)), tuple(map(int, spread))), ())
    assert evaluate(numbers, None, (0, 1, 0, 0, 0), 0, 3) == expected  # type: ignore[arg-type]
    assert evaluate(((closed, spread), ()), None, (0, 1, 0, 0, 0), 0, 3) == expected
