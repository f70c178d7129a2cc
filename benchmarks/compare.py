"""Side-by-side random-playout speed of two source trees of picnic_rules, interleaved.

Runs the same random playouts (``throughput.py``'s loop: uniform legal moves,
chance from ``sample_chance``) of one game against two trees -- by default the
last commit (``HEAD``) and this checkout's ``src`` (either a folder or a git revision:
see ``trees.py``) -- each
round in fresh subprocesses, alternating which tree goes first, and prints
every round, then the minimum and the median µs per step of each tree and the
change. Time is the child's CPU time (``time.process_time``), so waiting for
a busy machine's cores does not count; interleaving matters all the same on a
shared machine (caches, clock speed): both trees see the same load.

    python benchmarks/compare.py                          # 5 rounds x 400 games
    python benchmarks/compare.py --rounds 7 --games 600 --players 3
    python benchmarks/compare.py --before OLD/src --after NEW/src
    python benchmarks/compare.py --before main~5 --after main

This is a measurement, never a test: nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from trees import NoTree, source_tree

HERE = Path(__file__).resolve().parent

# Run in a fresh interpreter whose import path starts with one tree's ``src``.
_CHILD = """
import json, random, sys, time
import picnic_rules
from picnic_rules import CHANCE, GAMES

name, games, players, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
game = GAMES[name]
to_move, legal_moves = game.to_move, game.legal_moves
sample_chance, apply, new_game = game.sample_chance, game.apply, game.new_game
rules = game.Rules()

def run(n):
    rng = random.Random(seed)
    choice = rng.choice
    steps = 0
    for _ in range(n):
        state = new_game(players, rules)
        while True:
            actor = to_move(state)
            if actor is None:
                break
            move = sample_chance(state, rng) if actor is CHANCE else choice(legal_moves(state))
            state = apply(state, move)
            steps += 1
    return steps

run(max(1, games // 10))  # warm up
start = time.process_time()
steps = run(games)
seconds = time.process_time() - start
print(json.dumps({"file": picnic_rules.__file__, "steps": steps, "seconds": seconds}))
"""


def run_tree(src: Path, game: str, games: int, players: int, seed: int) -> dict[str, float]:
    """Play ``games`` random games with the package found in ``src``; return the measurement."""
    env = dict(os.environ, PYTHONPATH=str(src), PYTHONHASHSEED="0")
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, game, str(games), str(players), str(seed)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    result: dict[str, float] = json.loads(out.splitlines()[-1])
    if not str(result["file"]).startswith(str(src)):
        raise SystemExit(f"{src}: imported picnic_rules from {result['file']} instead")
    return result


def main(argv: Sequence[str] | None = None) -> int:
    """Run the interleaved rounds and print the table; the exit status is 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default="HEAD", help="a folder or a git revision (HEAD)")
    parser.add_argument("--after", default=str(HERE.parent / "src"), help="(this checkout)")
    parser.add_argument("--game", default="sandwich")
    parser.add_argument("--rounds", "-r", type=int, default=5)
    parser.add_argument("--games", "-n", type=int, default=400, help="games per run")
    parser.add_argument("--players", "-p", type=int, default=2)
    parser.add_argument("--seed", "-s", type=int, default=1)
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.games < 1:
        parser.error("--rounds and --games must be at least 1")
    try:
        trees = {"before": source_tree(args.before), "after": source_tree(args.after)}
    except NoTree as exc:
        parser.error(str(exc))

    print(
        f"{args.game}, {args.players} players, {args.rounds} rounds x {args.games} games, "
        f"seed {args.seed} (Python {sys.version.split()[0]})"
    )
    for label, src in trees.items():
        print(f"  {label:<6} {src}")
    times: dict[str, list[float]] = {label: [] for label in trees}
    for r in range(args.rounds):
        order = list(trees) if r % 2 == 0 else list(reversed(trees))
        line = []
        for label in order:
            res = run_tree(trees[label], args.game, args.games, args.players, args.seed + r)
            us = res["seconds"] / res["steps"] * 1e6
            times[label].append(us)
            line.append(f"{label} {us:6.2f} µs/step ({res['steps'] / args.games:.1f} steps/game)")
        print(f"round {r + 1}: " + ", ".join(line))
    print(f"{'':<8} {'min µs/step':>12} {'median µs/step':>15}")
    for label in trees:
        print(f"{label:<8} {min(times[label]):>12.2f} {statistics.median(times[label]):>15.2f}")
    for what, pick in (("min", min), ("median", statistics.median)):
        before, after = pick(times["before"]), pick(times["after"])
        print(f"change ({what}): {(after - before) / before * 100:+.1f}%")
    # Each round's two runs saw about the same load: the median of their ratios is the
    # steadiest figure when the load drifts between rounds.
    ratios = [a / b for a, b in zip(times["after"], times["before"], strict=True)]
    print(f"change (median of the rounds' ratios): {(statistics.median(ratios) - 1) * 100:+.1f}%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
