"""Strength of the sandwich ``computer`` agent against a uniformly random agent.

Plays 2-player games of the sandwich game (default rules) between
:class:`~picnic_rules.sandwich.ComputerAgent` and an agent that plays
``rng.choice(legal_moves)``, with the seats alternating: game ``i`` (seed
``seed + i``) seats the computer at ``i % 2``. Each game draws chance and both
agents' choices from one ``random.Random(seed + i)``, so a run is reproducible.

Prints the computer's wins, ties (several winners, the computer among them) and
losses, overall and per seat, the end reasons, and the mean microseconds the
computer spends per decision (its own calls only, ``view`` excluded).

    python benchmarks/agent_strength.py                 # 1000 games, seed 1
    python benchmarks/agent_strength.py --games 4000 --seed 7
    python benchmarks/agent_strength.py --quick         # 100 games

This is a measurement, never a test: the test suite has its own small smoke test.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import time
from collections.abc import Sequence

from picnic_rules import CHANCE
from picnic_rules import sandwich as sw


def random_agent(v: sw.View, legal: tuple[sw.Move, ...], rng: random.Random) -> sw.Move:
    """The baseline: a uniformly random legal move."""
    return rng.choice(legal)


def play_one(seed: int, computer_seat: int, agent: sw.ComputerAgent) -> tuple[str, str, int, float]:
    """Play one game; return (``"win"``/``"tie"``/``"loss"``, end reason, computer decisions, seconds)."""
    rng = random.Random(seed)
    state = sw.new_game(2)
    decisions = 0
    spent = 0.0
    while True:
        actor = sw.to_move(state)
        if actor is None:
            break
        if actor is CHANCE:
            move = sw.sample_chance(state, rng)
        else:
            assert isinstance(actor, int)
            legal = sw.legal_moves(state)
            v = sw.view(state, actor)
            if actor == computer_seat:
                start = time.perf_counter()
                move = agent(v, legal, rng)
                spent += time.perf_counter() - start
                decisions += 1
            else:
                move = random_agent(v, legal, rng)
        state = sw.apply(state, move)
    outcome = sw.result(state)
    if computer_seat not in outcome.winners:
        verdict = "loss"
    elif len(outcome.winners) > 1:
        verdict = "tie"
    else:
        verdict = "win"
    return verdict, outcome.reason, decisions, spent


def main(argv: Sequence[str] | None = None) -> int:
    """Run the measurement and print the table."""
    parser = argparse.ArgumentParser(
        description="Sandwich computer agent vs a uniformly random agent (2 players)."
    )
    parser.add_argument("--games", "-n", type=int, default=1000, help="games (default 1000)")
    parser.add_argument("--seed", "-s", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--quick", action="store_true", help="a smoke run (at most 100 games)")
    args = parser.parse_args(argv)
    games = min(args.games, 100) if args.quick else args.games
    if games < 1:
        parser.error("--games must be at least 1")

    agent = sw.ComputerAgent()
    totals: collections.Counter[str] = collections.Counter()
    per_seat = {0: collections.Counter[str](), 1: collections.Counter[str]()}
    reasons: collections.Counter[str] = collections.Counter()
    decisions = 0
    spent = 0.0
    for i in range(games):
        seat = i % 2
        verdict, reason, n, seconds = play_one(args.seed + i, seat, agent)
        totals[verdict] += 1
        per_seat[seat][verdict] += 1
        reasons[reason] += 1
        decisions += n
        spent += seconds

    print(
        f"{agent!r} vs random, default rules, 2 players, {games} games, "
        f"seeds {args.seed}..{args.seed + games - 1}, seats alternating "
        f"(Python {sys.version.split()[0]})"
    )

    def line(name: str, counts: collections.Counter[str]) -> str:
        n = sum(counts.values()) or 1
        return f"{name:<8} games {sum(counts.values()):>6}  " + "  ".join(
            f"{k} {counts[k]:>5} ({100 * counts[k] / n:5.1f}%)" for k in ("win", "tie", "loss")
        )

    print(line("all", totals))
    print(line("seat 0", per_seat[0]))
    print(line("seat 1", per_seat[1]))
    print("end reasons: " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())))
    print(
        f"computer decisions: {decisions} ({decisions / games:.1f} per game), "
        f"{1e6 * spent / max(decisions, 1):.1f} µs per decision"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
