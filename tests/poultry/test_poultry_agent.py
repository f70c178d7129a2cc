"""The computer agent: legal, sensible choices, and better than random play (a smoke test;
benchmarks give the full win rate)."""

from __future__ import annotations

import random

from poultry_scenario import play, table

from picnic_rules.poultry import (
    Accept,
    Allot,
    ComputerAgent,
    Grain,
    Phase,
    Reject,
    legal_moves,
    view,
)
from picnic_rules.simulate import simulate


def test_it_takes_the_whole_yard_for_itself_when_it_proposes() -> None:
    state = play(table(4, {0: "red 5", 1: "red 4"}, {"red": (1, 0, 1)}))
    move = ComputerAgent()(view(state, 0), legal_moves(state), random.Random(0))
    assert move == Allot(Grain.YELLOW, 0)


def test_it_accepts_a_share_worth_its_duel_and_rejects_less() -> None:
    state = play(table(4, {0: "red 5", 1: "red 4"}, {"red": (1, 0, 1)}))
    fair = play(
        state, "allot yellow to 1", "allot green to 0"
    )  # 3 of 4 points: more than its duel is worth
    assert ComputerAgent()(view(fair, 1), legal_moves(fair), random.Random(0)) == Accept()
    greedy = play(state, "allot yellow to 0", "allot green to 0")
    assert ComputerAgent()(view(greedy, 1), legal_moves(greedy), random.Random(0)) == Reject()


def test_it_sends_a_bird_to_a_rich_yard() -> None:
    state = table(4, {}, {"blue": (0, 0, 3)}, hands={0: "duck 5 + red 3"}, phase=Phase.COMMIT)
    move = ComputerAgent()(view(state, 0), legal_moves(state), random.Random(0))
    assert str(move) == "commit blue 5"


def test_it_beats_random_play() -> None:
    summary = simulate("poultry", ["computer", "random", "random"], 30, seed=3, rotate=True)
    rates = dict(summary.agent_win_rates)
    assert rates["computer"] > 0.6
