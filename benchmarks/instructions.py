"""Instructions per random-playout step of two source trees of picnic_rules, side by side.

Timings on a shared machine swing by 10-20% between runs; the instructions a step
executes do not. This runs the same seeded random playouts (``throughput.py``'s loop)
of each game under ``valgrind --tool=callgrind`` with each tree, twice -- ``--games``
and four times as many -- and prints the *marginal* instructions per step (the
difference of the two runs over the difference of their steps), so imports, the lazy
loading of a game and anything built once on first use drop out.

    python benchmarks/instructions.py                      # every game, 2-3 players
    python benchmarks/instructions.py --game ants --games 20
    python benchmarks/instructions.py --before OLD/src --after NEW/src
    python benchmarks/instructions.py --before main~5     # a git revision (default HEAD)

Needs valgrind (``apt-get install valgrind``). A measurement, never a test.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from trees import NoTree, source_tree

from picnic_rules.registry import BUILTIN  # the names only: no game is imported here

HERE = Path(__file__).resolve().parent

_CHILD = """
import random, sys
from picnic_rules import CHANCE, GAMES
name, games, players = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
game = GAMES[name]
to_move, legal_moves, sample_chance, apply = game.to_move, game.legal_moves, game.sample_chance, game.apply
rules, rng, steps = game.Rules(), random.Random(7), 0
for _ in range(games):
    state = game.new_game(players, rules)
    while (actor := to_move(state)) is not None:
        move = sample_chance(state, rng) if actor is CHANCE else rng.choice(legal_moves(state))
        state = apply(state, move)
        steps += 1
print("steps", steps)
"""


def measure(src: Path, game: str, games: int, players: int) -> tuple[int, int]:
    """The instructions and the steps of ``games`` playouts with the package in ``src``."""
    env = dict(os.environ, PYTHONPATH=str(src), PYTHONHASHSEED="0")
    done = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            "-c",
            _CHILD,
            game,
            str(games),
            str(players),
        ],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    instructions = re.search(r"Collected : (\d+)", done.stderr)
    steps = re.search(r"steps (\d+)", done.stdout)
    if instructions is None or steps is None:
        raise SystemExit(f"no count from valgrind:\n{done.stderr[-500:]}")
    return int(instructions.group(1)), int(steps.group(1))


def per_step(src: Path, game: str, games: int, players: int) -> float:
    """The marginal instructions per step of ``game`` in ``src``."""
    small, small_steps = measure(src, game, games, players)
    large, large_steps = measure(src, game, 4 * games, players)
    return (large - small) / (large_steps - small_steps)


def main(argv: Sequence[str] | None = None) -> int:
    """Print the table; the exit status is 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default="HEAD", help="a folder or a git revision (HEAD)")
    parser.add_argument("--after", default=str(HERE.parent / "src"), help="(this checkout)")
    parser.add_argument("--game", action="append", help="only these games")
    parser.add_argument("--games", "-n", type=int, default=10, help="games in the small run")
    parser.add_argument("--players", "-p", type=int, default=3)
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        parser.error("valgrind is not installed (apt-get install valgrind)")
    try:
        trees = source_tree(args.before), source_tree(args.after)
    except NoTree as exc:
        parser.error(str(exc))
    games = args.game or [module.rpartition(".")[2] for module in BUILTIN]  # the registry's
    print(f"{'game':10} {'before':>10} {'after':>10} {'change':>8}   instructions per step")
    for game in games:
        players = 2 if game == "sandwich" and args.players > 4 else args.players
        before = per_step(trees[0], game, args.games, players)
        after = per_step(trees[1], game, args.games, players)
        print(f"{game:10} {before:10.0f} {after:10.0f} {(after / before - 1) * 100:+7.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
