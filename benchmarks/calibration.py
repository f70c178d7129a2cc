"""Are the search's estimates calibrated? Per game: Brier score against the constant guess,
and a reliability plot.

For each game (2 players, default rules), ``--games`` games are played between mixed agents
-- the pairings of ``random`` and ``computer`` in turn (random-random, random-computer,
computer-random, computer-computer), seed ``i`` for game ``i`` -- and at ``--per-game``
decisions of each (drawn from its decisions with a choice, either seat) the seat's view is
given to :func:`picnic_rules.analysis.estimate` with ``--iterations`` (the analysis's
default budget unless told). The estimate of the mover's share of a win (its favourite's)
is set against the share it got (1 for a win, ``1/k`` for a win shared by ``k``, 0 for a
loss):

* **Brier score**: the mean squared difference; **constant**: the same for the best
  constant guess in hindsight (the mean share, about 1/2); **skill** ``1 - brier/constant``
  (above 0: better than the constant guess);
* a reliability table and plot: the estimates bucketed by tenths, against the mean share
  got in each bucket (``docs/_static/calibration.png`` with ``--plot``).

The games are spread over ``--jobs`` worker processes (the analysis's own,
:func:`picnic_rules.analysis.workers.map_decisions`). Run from the repository root::

    python benchmarks/calibration.py --games 500 --jobs 2 --plot docs/_static/calibration.png \\
        --table docs/analysis_calibration.txt
    python benchmarks/calibration.py --quick          # a few seconds: the smoke run

This is a measurement, never a test.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

from picnic_rules import GAMES, play, replay
from picnic_rules.analysis import DEFAULT_ITERATIONS, Budget, estimate
from picnic_rules.analysis.workers import map_decisions
from picnic_rules.registry import BUILTIN

NAMES = tuple(module.rpartition(".")[2] for module in BUILTIN)
PAIRINGS = (
    ("random", "random"),
    ("random", "computer"),
    ("computer", "random"),
    ("computer", "computer"),
)
BUCKETS = 10


def one_game(name: str, index: int, per_game: int, iterations: int) -> list[tuple[float, float]]:
    """The (estimate, share got) pairs at ``per_game`` decisions of game ``index``."""
    game = GAMES[name]
    record = play(name, list(PAIRINGS[index % len(PAIRINGS)]), seed=index)
    assert record.outcome is not None
    winners = record.outcome.winners
    states = replay(record)
    choices = [
        (i, actor)
        for i, state in enumerate(states[:-1])
        if isinstance(actor := game.to_move(state), int) and len(game.legal_moves(state)) > 1
    ]
    picked = random.Random(f"pick:{index}").sample(choices, min(per_game, len(choices)))
    pairs = []
    for i, seat in picked:
        found = estimate(
            game, game.view(states[i], seat), Budget(iterations, seed=index), decision=i
        )
        got = 1.0 / len(winners) if seat in winners else 0.0
        pairs.append((found.chance, got))
    return pairs


def scores(pairs: list[tuple[float, float]]) -> dict[str, Any]:
    """Brier score, the constant guess's, the skill and the reliability buckets."""
    count = len(pairs)
    brier = sum((p - y) ** 2 for p, y in pairs) / count
    base = sum(y for _, y in pairs) / count
    constant = sum((base - y) ** 2 for _, y in pairs) / count
    buckets = []
    for b in range(BUCKETS):
        inside = [(p, y) for p, y in pairs if min(int(p * BUCKETS), BUCKETS - 1) == b]
        if inside:
            mean_p = sum(p for p, _ in inside) / len(inside)
            mean_y = sum(y for _, y in inside) / len(inside)
            buckets.append((mean_p, mean_y, len(inside)))
    return {
        "pairs": count,
        "brier": brier,
        "constant": constant,
        "skill": 1.0 - brier / constant if constant else 0.0,
        "buckets": buckets,
    }


def plot(results: dict[str, dict[str, Any]], path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(5.5, 5))
    axes.plot([0, 1], [0, 1], color="grey", linestyle="--", linewidth=1, label="perfect")
    for name, found in results.items():
        xs = [b[0] for b in found["buckets"]]
        ys = [b[1] for b in found["buckets"]]
        axes.plot(xs, ys, marker="o", label=f"{name} (Brier {found['brier']:.3f})")
    axes.set_xlabel("estimated share of a win (bucketed by tenths)")
    axes.set_ylabel("share of a win got")
    axes.set_xlim(0, 1)
    axes.set_ylim(0, 1)
    axes.set_title("Calibration of the search's estimates")
    axes.legend(loc="upper left", fontsize=8)
    figure.tight_layout()
    figure.savefig(path, dpi=100)


def table(results: dict[str, dict[str, Any]], games: int, iterations: int) -> str:
    lines = [
        f"{'game':<10} {'games':>6} {'estimates':>9} {'Brier':>7} {'constant':>8} {'skill':>6}",
    ]
    for name, found in results.items():
        lines.append(
            f"{name:<10} {games:>6} {found['pairs']:>9} {found['brier']:>7.3f} "
            f"{found['constant']:>8.3f} {found['skill']:>6.2f}"
        )
    lines.append(f"({iterations} iterations per estimate)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--per-game", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--game", action="append", choices=NAMES)
    parser.add_argument("--plot", metavar="PNG")
    parser.add_argument("--table", metavar="TXT")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 4 games, 20 iterations")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.iterations = 4, 20
    results: dict[str, dict[str, Any]] = {}
    for name in args.game or NAMES:
        started = time.perf_counter()

        def work(index: int, name: str = name) -> list[tuple[float, float]]:
            return one_game(name, index, args.per_game, args.iterations)

        pairs = [pair for found in map_decisions(work, args.games, args.jobs) for pair in found]
        results[name] = found = scores(pairs)
        print(
            f"{name}: {found['pairs']} estimates, Brier {found['brier']:.3f}, "
            f"constant {found['constant']:.3f}, skill {found['skill']:.2f} "
            f"({time.perf_counter() - started:.0f} s)",
            flush=True,
        )
        for mean_p, mean_y, count in found["buckets"]:
            print(f"  estimated {mean_p:.2f}  got {mean_y:.2f}  ({count})")
    text = table(results, args.games, args.iterations)
    print(text)
    if args.table:
        Path(args.table).write_text(text + "\n")
    if args.plot:
        plot(results, args.plot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
