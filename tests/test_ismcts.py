"""The generic ISMCTS agent: legal, deterministic, validated, and stronger than random."""

from __future__ import annotations

import random

import pytest

from picnic_rules import GAMES, PicnicError, RandomAgent, play
from picnic_rules.agents import ISMCTSAgent, agent_names, make_agent
from picnic_rules.sandwich import Card, Phase, Rules, State, legal_moves, view

GAME = GAMES["sandwich"]
B, P, J, A, F = Card


def test_ismcts_is_offered_for_every_game() -> None:
    for game in GAMES.values():
        assert "ismcts" in agent_names(game)
        assert isinstance(make_agent(game, "ismcts"), ISMCTSAgent)


@pytest.mark.parametrize("bad", [{"iterations": 0}, {"seconds": -1.0}, {"exploration": 0.0}])
def test_bad_budget_is_a_picnic_error(bad: dict[str, float]) -> None:
    with pytest.raises(PicnicError, match="must be positive"):
        ISMCTSAgent(GAME, **bad)  # type: ignore[arg-type]


def test_plays_legal_moves_and_is_deterministic() -> None:
    agents = [ISMCTSAgent(GAME, iterations=20), RandomAgent()]
    first = play(GAME, agents, seed=5)
    assert first == play(GAME, agents, seed=5)
    assert first.outcome is not None


def test_takes_the_winning_bread() -> None:
    # Seat 0 has two counting sandwiches and can close a third with its bread.
    closable = (B, P, J)
    done = (B, P, J, B)
    deck = Rules().deck
    hand0 = (1, 0, 0, 0, 0)
    table = ((done, done, closable), ((B, P),))
    on_table = [0] * 5
    for seat in table:
        for sandwich in seat:
            for card in sandwich:
                on_table[card] += 1
    draw = tuple(deck[c] - on_table[c] - hand0[c] for c in range(5))
    state = State(
        rules=Rules(),
        hands=(hand0, (0,) * 5),
        draw_pile=draw,
        discard_pile=(0,) * 5,
        table=table,  # type: ignore[arg-type]
        fly=None,
        phase=Phase.ACT,
        turn=0,
        actions=1,
        dealt=4,
    )
    GAME.check(state)
    legal = legal_moves(state)
    move = ISMCTSAgent(GAME, iterations=60)(view(state, 0), legal, random.Random(0))
    assert str(move) == "play bread on 2"


def test_beats_random_most_of_the_time() -> None:
    wins = 0
    for seed in range(10):
        record = play(GAME, [ISMCTSAgent(GAME, iterations=30), RandomAgent()], seed=seed)
        assert record.outcome is not None
        wins += record.outcome.winners == (0,)
    assert wins >= 7
