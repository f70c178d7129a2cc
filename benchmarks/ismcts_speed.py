"""ISMCTS iterations per second, per game, for two source trees side by side.

For every game (2 players, default rules) the deal of seed ``--seed`` is played by
chance up to the first decision with more than one legal move, and
``ISMCTSAgent(game, iterations=N)`` decides it; the child's CPU time
(``time.process_time``) gives the iterations per second. Each measurement runs in a
fresh interpreter whose import path starts with one tree's ``src`` -- by default the
last commit's (``HEAD``, exported by ``trees.py``) and this checkout's ``src``
-- alternating which tree goes first, so both see the same load on a shared machine;
the median of the rounds is printed.

``--config`` adds settings of this checkout's agent to measure beside its default
(names from :data:`CONFIGS`: ``cutoff`` stops every playout after 8 moves and scores
it with the game's evaluator of ``benchmarks/strength.py``, ``computer`` plays the
playouts with the game's heuristic agent). ``ismcts`` is the game's own ``"ismcts"``
agent (``make_agent(game, "ismcts")``, the search the table plays, with ``--iterations``),
measured in both trees. ``parallel`` is that agent with ``workers=2`` (its iterations split
between two worker processes, root-parallel), timed by the wall clock, not the CPU time of
the deciding process (which only waits), after a first decision that starts the workers:
it needs two idle cores to mean anything.

``--before`` and ``--after`` name a folder or a git revision (the tree before the fast
search was 1afd950):

    python benchmarks/ismcts_speed.py --before 1afd950           # 3 rounds, 1000 iterations
    python benchmarks/ismcts_speed.py --rounds 5 --iterations 2000 --config cutoff
    python benchmarks/ismcts_speed.py --before OLD/src --after NEW/src --game sandwich
    python benchmarks/ismcts_speed.py --before main --config ismcts --rounds 5

This is a measurement, never a test: nothing asserts a speed.
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

from picnic_rules.registry import BUILTIN  # the names only: no game is imported here

HERE = Path(__file__).resolve().parent
GAMES = tuple(module.rpartition(".")[2] for module in BUILTIN)  # the registry's list
CONFIGS = ("default", "cutoff", "computer", "ismcts", "parallel")
"""The settings a run can measure (``default`` and ``ismcts`` in both trees, the others in
the new one)."""
DEFAULT_BEFORE = "HEAD"
"""The tree before the change, unless ``--before`` names another (a folder or a git
revision: see ``trees.py``): the last commit."""
BOTH_TREES = ("ismcts",)
"""The settings of :data:`CONFIGS` measured in the "before" tree too."""

# Run in a fresh interpreter whose import path starts with one tree's ``src``.
_CHILD = """
import json, random, sys, time
import picnic_rules
from picnic_rules import CHANCE, GAMES
from picnic_rules.agents import ISMCTSAgent
try:
    from picnic_rules.agents.ismcts import SearchAgent
except ImportError:
    SearchAgent = ISMCTSAgent

name, iterations, seed, config = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
game = GAMES[name]
options = {}
if config == "cutoff":
    sys.path.insert(0, sys.argv[5])
    from strength import EVALUATORS
    options = {"depth": 8, "evaluate": EVALUATORS[name]}
elif config == "computer":
    options = {"rollout": "computer"}
elif config in ("ismcts", "parallel"):
    import attrs
    from picnic_rules.agents import make_agent
    own = make_agent(game, "ismcts")
    options = {"own": own if config == "ismcts" else attrs.evolve(own, workers=2)}
rng = random.Random(seed)
state = game.new_game(2)
while game.to_move(state) is CHANCE or len(game.legal_moves(state)) < 2:
    actor = game.to_move(state)
    move = game.sample_chance(state, rng) if actor is CHANCE else game.legal_moves(state)[0]
    state = game.apply(state, move)
seat = game.to_move(state)
view, legal = game.view(state, seat), game.legal_moves(state)
# the warm-up searches the first decision of another deal: an agent that remembers what
# its playouts chose (the sandwich search) must not be timed on a decision it has seen
other = game.new_game(2)
while game.to_move(other) is CHANCE or len(game.legal_moves(other)) < 2:
    actor = game.to_move(other)
    move = game.sample_chance(other, rng) if actor is CHANCE else game.legal_moves(other)[0]
    other = game.apply(other, move)
warm_view, warm_legal = game.view(other, game.to_move(other)), game.legal_moves(other)
if "own" in options:
    agent = attrs.evolve(options["own"], iterations=iterations)
    # the warm-up also starts the workers of a parallel agent (as its first decision would)
    warm = agent if config == "parallel" else attrs.evolve(agent, iterations=max(1, iterations // 10))
    warm(warm_view, warm_legal, random.Random(0))
else:
    kind = SearchAgent if options else ISMCTSAgent
    agent = kind(game, iterations=iterations, **options)
    kind(game, iterations=max(1, iterations // 10), **options)(warm_view, warm_legal, random.Random(0))
clock = time.perf_counter if config == "parallel" else time.process_time  # workers: wall time
start = clock()
agent(view, legal, random.Random(seed))
seconds = clock() - start
print(json.dumps({"file": picnic_rules.__file__, "iterations": iterations, "seconds": seconds}))
"""


def run_tree(src: Path, game: str, iterations: int, seed: int, config: str) -> float:
    """One decision of ``game`` searched with the package found in ``src``: iterations/s."""
    env = dict(os.environ, PYTHONPATH=str(src), PYTHONHASHSEED="0")
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, game, str(iterations), str(seed), config, str(HERE)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    result = json.loads(out.splitlines()[-1])
    if not str(result["file"]).startswith(str(src)):
        raise SystemExit(f"{src}: imported picnic_rules from {result['file']} instead")
    return float(result["iterations"]) / max(float(result["seconds"]), 1e-9)


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", default=DEFAULT_BEFORE, help="a folder or a git revision")
    parser.add_argument("--after", default=str(HERE.parent / "src"), help="(this checkout)")
    parser.add_argument("--game", choices=GAMES, action="append", help="a game (default: all)")
    parser.add_argument("--iterations", type=int, default=1000, help="per decision (1000)")
    parser.add_argument("--rounds", type=int, default=3, help="measurements per tree (3)")
    parser.add_argument("--seed", type=int, default=1, help="the deal and the search (1)")
    parser.add_argument(
        "--config", choices=CONFIGS[1:], action="append", default=[], help="also measure"
    )
    parser.add_argument("--table", type=Path, help="also write the table as reST to this file")
    args = parser.parse_args(argv)
    if args.iterations < 1 or args.rounds < 1:
        parser.error("--iterations and --rounds must be at least 1")
    try:
        before, after = source_tree(args.before), source_tree(args.after)
    except NoTree as exc:
        parser.error(str(exc))
    columns = [("before", before, "default"), ("after", after, "default")]
    for config in args.config:
        if config in BOTH_TREES:
            columns.append((f"before {config}", before, config))
        columns.append((f"after {config}", after, config))
    print(
        f"ISMCTS iterations/s (median of {args.rounds}, CPU time"
        f"{'; parallel: wall time' if 'parallel' in args.config else ''}), {args.iterations} "
        f"iterations, first decision of seed {args.seed}, 2 players (Python "
        f"{sys.version.split()[0]})"
    )
    print(f"{'game':<10}" + "".join(f"{label:>16}" for label, _, _ in columns) + f"{'x':>8}")
    rows: list[tuple[str, dict[str, float]]] = []
    for game in args.game or GAMES:
        rates: dict[str, list[float]] = {label: [] for label, _, _ in columns}
        for round_ in range(args.rounds):
            order = columns if round_ % 2 == 0 else columns[::-1]
            for label, src, config in order:
                rates[label].append(run_tree(src, game, args.iterations, args.seed, config))
        medians = {label: statistics.median(values) for label, values in rates.items()}
        pair = ("after ismcts", "before ismcts") if "ismcts" in args.config else ("after", "before")
        ratio = medians[pair[0]] / medians[pair[1]]
        print(
            f"{game:<10}"
            + "".join(f"{medians[label]:>16,.0f}" for label, _, _ in columns)
            + f"{ratio:>7.1f}x"
        )
        rows.append((game, medians))
    if args.table:
        args.table.write_text(_table(columns, rows, args), encoding="utf-8")
        print(f"table: {args.table}")
    return 0


def _table(
    columns: list[tuple[str, Path, str]],
    rows: list[tuple[str, dict[str, float]]],
    args: argparse.Namespace,
) -> str:
    """The measurement as a reST list-table, with the command that made it."""
    labels = [label for label, _, _ in columns]
    lines = [".. list-table::", "   :header-rows: 1", "", "   * - game"]
    lines += [f"     - {label}" for label in labels]
    for game, medians in rows:
        lines.append(f"   * - {game}")
        lines += [f"     - {medians[label]:,.0f}" for label in labels]
    before = [] if args.before == DEFAULT_BEFORE else [f"--before {args.before}"]
    command = " ".join(
        ["python benchmarks/ismcts_speed.py", *before, f"--rounds {args.rounds}"]
        + [f"--iterations {args.iterations}"]
        + [f"--config {c}" for c in args.config]
    )
    return (
        "\n".join(lines)
        + "\n\nIterations per second, CPU time"
        + ("; wall time for parallel (2 workers)" if "parallel" in args.config else "")
        + f", median of {args.rounds} rounds; made with "
        + f"``{command}``.\n"
    )


if __name__ == "__main__":
    raise SystemExit(main())
