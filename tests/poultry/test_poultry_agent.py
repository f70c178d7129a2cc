"""The computer agent: legal, sensible choices, and better than random play (a smoke test;
benchmarks give the full win rate)."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
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


def test_the_search_deals_the_others_commitments_as_the_computer_would(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from picnic_rules.poultry import agent, apply
    from picnic_rules.poultry.agent import modelled_deal

    monkeypatch.setattr(agent, "SEARCH_CARELESS", 0.0)  # every other seat is the computer
    for seed in range(6):
        rng = random.Random(seed)
        state = simulate_to_second_commitment(rng)
        v = view(state, 1)
        for deal in range(3):
            dealt = modelled_deal(v, random.Random(deal))
            assert view(dealt, 1) == v  # only what seat 1 cannot see was dealt
            hand = list(dealt.hands[0])
            for card in dealt.played[0]:
                hand[dealt.rules.index[card]] += 1
            before = attrs.evolve(dealt, hands=(tuple(hand), dealt.hands[1]), turn=0,
                                  played=((), dealt.played[1]))  # fmt: skip
            chosen = ComputerAgent()(view(before, 0), legal_moves(before), random.Random(0))
            assert apply(before, chosen).played[0] == dealt.played[0]


def test_the_search_deals_a_careless_seat_s_commitment_at_random(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from picnic_rules.poultry import agent, determinize
    from picnic_rules.poultry.agent import modelled_deal

    state = simulate_to_second_commitment(random.Random(1))
    v = view(state, 1)
    monkeypatch.setattr(agent, "SEARCH_CARELESS", 1.0)  # every other seat commits at random
    for deal in range(5):
        assert modelled_deal(v, random.Random(deal)) == determinize(v, random.Random(deal))

    def kept(careless: float) -> float:  # the share of deals left as determinize dealt them
        monkeypatch.setattr(agent, "SEARCH_CARELESS", careless)
        plain = [modelled_deal(v, random.Random(d)) == determinize(v, random.Random(d))
                 for d in range(200)]  # fmt: skip
        return sum(plain) / len(plain)

    assert kept(0.0) < 0.15 < 0.2 < kept(0.3) < 0.45  # (the computer's may match by chance)


def test_the_playouts_commit_at_random_as_often_as_a_careless_seat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from picnic_rules.poultry import agent

    playout = agent.playout
    commit = simulate_to_second_commitment(random.Random(2))
    moves = legal_moves(commit)
    computer = ComputerAgent()(view(commit, 1), moves, random.Random(0))
    monkeypatch.setattr(agent, "SEARCH_CARELESS", 0.0)
    assert {playout(commit, moves, random.Random(s)) for s in range(20)} == {computer}
    monkeypatch.setattr(agent, "SEARCH_CARELESS", 1.0)
    for s in range(20):
        rng, twin = random.Random(s), random.Random(s)
        twin.random()  # the draw that chose to be careless
        assert playout(commit, moves, rng) == moves[int(twin.random() * len(moves))]
    monkeypatch.setattr(agent, "SEARCH_CARELESS", 0.3)
    chosen = [playout(commit, moves, random.Random(s)) for s in range(400)]
    assert 0.15 < sum(move != computer for move in chosen) / 400 < 0.3  # random ones, less
    # the few that happen to be the computer's own choice
    haggle = play(table(4, {0: "red 5", 1: "red 4"}, {"red": (1, 0, 1)}))
    monkeypatch.setattr(agent, "SEARCH_CARELESS", 1.0)  # only commitments are careless
    assert playout(haggle, legal_moves(haggle), random.Random(0)) == Allot(Grain.YELLOW, 0)


def simulate_to_second_commitment(rng: random.Random) -> Any:
    """A 2-player state where seat 0 has committed (as the computer) and seat 1 is to."""
    from picnic_rules.poultry import apply, new_game, sample_chance

    state = new_game(2)
    while state.phase is not Phase.COMMIT:
        state = apply(state, sample_chance(state, rng))
    return apply(state, ComputerAgent()(view(state, 0), legal_moves(state), rng))


def test_the_search_counts_a_lead_for_more_the_nearer_the_end() -> None:
    from picnic_rules.poultry import new_game
    from picnic_rules.poultry.agent import value

    start = new_game(2)
    ahead = attrs.evolve(start, grain=((0, 0, 3), (1, 0, 0)), phase=Phase.DRAW)  # 9 to 1
    early, late = attrs.evolve(ahead, round=2), attrs.evolve(ahead, round=12)
    assert 0.5 < value(early)[0] < value(late)[0] < 1.0
    assert value(late)[0] > 0.85  # one round to go: an 8-point lead is nearly a win
    assert value(early)[0] < 0.75  # eleven to go: far from one
