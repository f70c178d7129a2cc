"""A tournament of the agents of every game: win rates with 95% intervals, Elo, plots.

Every agent plays every other, per game, 2 players, ``--games`` games a pairing with
the seats rotated (game ``i`` seats the first agent at ``i % 2``, seed ``--seed + i``,
so both agents of a pairing see the same deals). A win counts 1, a shared win 1/2;
the win rate of a pairing comes with its 95% Wilson interval, and a Bradley-Terry fit
of all the pairings of a game gives each agent an Elo rating (``random`` = 0; half a
win and half a loss are added to every pairing, so a clean sweep gets a finite
rating). Each agent's thinking is timed per decision (its mean and its longest).

The agents (``--agents``): ``random``, ``computer`` (the game's heuristic agent),
``ismcts`` (the game's own ``make_agent(game, "ismcts")`` -- its ``search_agent``: playouts
by the computer, cut and scored by the game's ``value`` -- with ``--iterations``),
``ismcts-plain`` (:class:`~picnic_rules.agents.ISMCTSAgent` with ``--iterations``, random
playouts to the end), ``ismcts-cut`` (the same with playouts cut after ``--depth``
moves and scored by the game's evaluator in :data:`EVALUATORS`), ``ismcts-prior`` (the
cut search with the computer's move tried first, progressive bias) and
``ismcts-computer`` (the cut search with playouts by the computer agent),
``ismcts-parallel`` (the game's own search with ``workers=2``: its iterations split
between two trees, root-parallel -- in the tournament's worker processes, which may start
none of their own, the two parts run one after the other, so the same choices are
timed as the CPU time of both);
``search/KEY=VALUE/...`` is a :class:`~picnic_rules.agents.ismcts.SearchAgent` with those
options
(``search/depth=0/prior=computer/prior_weight=2``; a ``depth`` brings the game's ``value``
unless ``evaluate`` names another function of the game's agent module, as ``stop`` and
``step`` do: ``search/rollout=computer/depth=4/evaluate=value_as_it_stands/stop=round_over/
step=playout_step`` is the ants search, ``ismcts``, with its 1,000 iterations).

    python benchmarks/strength.py --games 40 --iterations 200 --jobs 2
    python benchmarks/strength.py --games 1000 --iterations 1000 --jobs 2 \\
        --plots docs/strength --table docs/strength_table.txt

``--plots DIR`` saves one PNG per game (needs matplotlib: ``pip install matplotlib``),
``--table FILE`` writes the reST table the docs include. ``--save FILE`` keeps the
results of every chunk of games (its seeds and tally) as JSON, rewritten after every
chunk (a run interrupted, with Ctrl-C say, keeps the chunks it finished), and
``--merge FILE ...`` plays nothing: it adds up saved runs -- of other seeds, other games or other pairings,
played at other times or on other machines -- into one report, table and set of plots,
refusing runs of different search options and any game counted twice:

    python benchmarks/strength.py -n 250 --seed 1 --save /tmp/part1.json
    python benchmarks/strength.py -n 250 --seed 251 --save /tmp/part2.json
    python benchmarks/strength.py --merge /tmp/part1.json /tmp/part2.json \\
        --plots docs/strength --table docs/strength_table.txt

This is a measurement, never a test.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import json
import math
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

from picnic_rules import GAMES, play
from picnic_rules.agents import RandomAgent, make_agent
from picnic_rules.agents.ismcts import SearchAgent
from picnic_rules.game import Agent
from picnic_rules.registry import BUILTIN

BUILT_IN = tuple(module.rpartition(".")[2] for module in BUILTIN)  # the registry's list
AGENTS = (
    "random",
    "computer",
    "ismcts",
    "ismcts-plain",
    "ismcts-cut",
    "ismcts-prior",
    "ismcts-computer",
    "ismcts-parallel",
)
Z95 = 1.959963984540054


# ---------------------------------------------------------------- evaluators


def _evaluators() -> dict[str, Callable[[Any], tuple[float, ...]]]:
    from picnic_rules.ants.agent import value as ants_value
    from picnic_rules.insects.agent import value as insects_value
    from picnic_rules.poultry.agent import value as poultry_value
    from picnic_rules.sandwich.agent import value as sandwich_value

    return {
        "sandwich": sandwich_value,
        "insects": insects_value,
        "poultry": poultry_value,
        "ants": ants_value,
    }


EVALUATORS: dict[str, Callable[[Any], tuple[float, ...]]] = _evaluators()
"""Each built-in game's evaluator of an unfinished state (a playout cut short): the
game's own ``value`` (``picnic_rules.<game>.agent.value``)."""


# ---------------------------------------------------------------- agents


@attrs.frozen
class Options:
    """What the tournament's searching agents are given."""

    iterations: int
    seconds: float | None
    depth: int
    exploration: float | None
    """The UCB1 constant, or ``None``: each search's own (``ismcts``: the game's choice)."""
    prior_weight: float


def make(game_name: str, name: str, options: Options) -> Agent[Any, Any]:
    """A fresh agent ``name`` of the game ``game_name``."""
    game = GAMES[game_name]
    if name == "random":
        return RandomAgent()
    if name == "computer":
        return game.agents["computer"]()
    common: dict[str, Any] = {
        "iterations": options.iterations,
        "seconds": options.seconds,
        "exploration": 0.7 if options.exploration is None else options.exploration,
    }
    cut: dict[str, Any] = {"depth": options.depth, "evaluate": EVALUATORS[game_name]}
    if name == "ismcts":  # the game's own search, with the tournament's budget
        agent = make_agent(game, "ismcts")
        assert isinstance(agent, SearchAgent)
        if options.exploration is None:  # the game's own constant
            del common["exploration"]
        return attrs.evolve(agent, **common)
    if name == "ismcts-parallel":  # the game's own search split in two (root-parallel)
        return attrs.evolve(make(game_name, "ismcts", options), workers=2)
    if name == "ismcts-plain":
        return SearchAgent(game, **common)
    if name == "ismcts-cut":
        return SearchAgent(game, **common, **cut)
    if name == "ismcts-prior":
        return SearchAgent(
            game, **common, **cut, prior="computer", prior_weight=options.prior_weight
        )
    if name == "ismcts-computer":
        return SearchAgent(game, **common, **cut, rollout="computer")
    if name.startswith("search/"):
        return SearchAgent(game, **{**common, **_custom(game_name, name)})
    raise SystemExit(f"strength.py: error: unknown agent {name!r} ({', '.join(AGENTS)})")


def _custom(game_name: str, name: str) -> dict[str, Any]:
    """The options of a custom search ``search/depth=4/prior=computer/prior_weight=2``
    (``depth`` brings the game's evaluator unless ``evaluate`` names one; ``evaluate``,
    ``stop`` and ``step`` name functions of the game's agent module; numbers are read as
    numbers)."""
    options: dict[str, Any] = {}
    for part in name.split("/")[1:]:
        key, _, text = part.partition("=")
        value: Any = text
        for number in (int, float):
            try:
                value = number(text)
                break
            except ValueError:
                continue
        options[key] = value
    for key in _FROM_AGENT:  # a function of the game's agent module, by its name
        if key in options:
            module = importlib.import_module(f"picnic_rules.{game_name}.agent")
            found = getattr(module, str(options[key]), None)
            if not callable(found):
                raise SystemExit(f"strength.py: error: {module.__name__} has no {options[key]!r}")
            options[key] = found
    if "depth" in options and "evaluate" not in options:
        options["evaluate"] = EVALUATORS[game_name]
    return options


_FROM_AGENT: Final = ("evaluate", "stop", "step")
"""The options of a custom search that name a function of the game's agent module
(``search/depth=6/evaluate=value_as_it_stands/stop=round_over``)."""


@attrs.define
class Timed:
    """An agent whose decisions are timed (CPU time of this process)."""

    agent: Agent[Any, Any]
    decisions: int = 0
    seconds: float = 0.0
    longest: float = 0.0

    def __call__(self, view: Any, legal: tuple[Any, ...], rng: Any) -> Any:
        """Decide with the wrapped agent, timing it."""
        start = time.process_time()
        move = self.agent(view, legal, rng)
        spent = time.process_time() - start
        self.decisions += 1
        self.seconds += spent
        self.longest = max(self.longest, spent)
        return move


@attrs.frozen
class Tally:
    """The results of some games of one pairing, for its first agent, and both agents'
    thinking time."""

    wins: int = 0
    ties: int = 0
    losses: int = 0
    decisions: tuple[int, int] = (0, 0)
    seconds: tuple[float, float] = (0.0, 0.0)
    longest: tuple[float, float] = (0.0, 0.0)

    def __add__(self, other: Tally) -> Tally:
        def pair(a: tuple[Any, Any], b: tuple[Any, Any], f: Callable[..., Any]) -> Any:
            return (f(a[0], b[0]), f(a[1], b[1]))

        add = float.__add__
        return Tally(
            self.wins + other.wins,
            self.ties + other.ties,
            self.losses + other.losses,
            (self.decisions[0] + other.decisions[0], self.decisions[1] + other.decisions[1]),
            pair(self.seconds, other.seconds, add),
            pair(self.longest, other.longest, max),
        )

    @property
    def games(self) -> int:
        """The games played."""
        return self.wins + self.ties + self.losses

    @property
    def score(self) -> float:
        """Wins plus half the shared wins."""
        return self.wins + 0.5 * self.ties


def play_games(game_name: str, first: str, second: str, seeds: range, options: Options) -> Tally:
    """Play the games of ``seeds`` between ``first`` and ``second``, seats rotated."""
    tally = Tally()
    for seed in seeds:
        a, b = Timed(make(game_name, first, options)), Timed(make(game_name, second, options))
        seat = seed % 2
        record = play(game_name, [a, b] if seat == 0 else [b, a], seed=seed)
        assert record.outcome is not None
        winners = record.outcome.winners
        won = seat in winners
        shared = won and len(winners) > 1
        tally = tally + Tally(
            int(won and not shared),
            int(shared),
            int(not won),
            (a.decisions, b.decisions),
            (a.seconds, b.seconds),
            (a.longest, b.longest),
        )
    return tally


# ---------------------------------------------------------------- statistics


def wilson(score: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate of ``score`` in ``games`` (95% by default).

    >>> [round(x, 3) for x in wilson(45, 50)]
    [0.786, 0.957]
    """
    if games == 0:
        return (0.0, 1.0)
    p = score / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def elo(names: Sequence[str], results: dict[tuple[str, str], Tally]) -> dict[str, float]:
    """Bradley-Terry ratings on the Elo scale from every pairing's score (``random`` is 0,
    or else the first name; half a win and half a loss are added to each pairing)."""
    strength = {name: 1.0 for name in names}
    wins = {name: 0.0 for name in names}
    meetings: dict[tuple[str, str], float] = {}
    for (a, b), tally in results.items():
        wins[a] += tally.score + 0.5
        wins[b] += tally.games - tally.score + 0.5
        meetings[a, b] = meetings.get((a, b), 0.0) + tally.games + 1
    for _ in range(2000):
        updated = {}
        for name in names:
            denominator = sum(
                n / (strength[a] + strength[b]) for (a, b), n in meetings.items() if name in (a, b)
            )
            updated[name] = wins[name] / denominator if denominator else strength[name]
        strength = updated
    anchor = strength["random" if "random" in strength else names[0]]
    return {name: 400 * math.log10(strength[name] / anchor) for name in names}


# ---------------------------------------------------------------- output


def plot(game_name: str, results: dict[tuple[str, str], Tally], folder: Path) -> Path:
    """Save the win rates of ``game_name``'s pairings with their intervals as a PNG."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise SystemExit(
            "strength.py: error: --plots needs matplotlib: pip install matplotlib"
        ) from None
    labels, rates, lows, highs = [], [], [], []
    for (a, b), tally in results.items():
        rate = tally.score / tally.games
        low, high = wilson(tally.score, tally.games)
        labels.append(f"{a}\nvs {b}")
        rates.append(rate)
        # the interval holds the rate; at 0% or 100% rounding may leave it a hair outside
        lows.append(max(0.0, rate - low))
        highs.append(max(0.0, high - rate))
    figure, axes = plt.subplots(figsize=(max(6.0, 1.3 * len(labels)), 4.0))
    axes.bar(range(len(labels)), rates, yerr=[lows, highs], capsize=4, color="#6a9f58")
    axes.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    axes.set_xticks(range(len(labels)), labels, fontsize=8)
    axes.set_ylim(0, 1)
    axes.set_ylabel("win rate of the first agent (95% Wilson interval)")
    games = {t.games for t in results.values()}
    axes.set_title(f"{game_name}: 2 players, {'/'.join(map(str, sorted(games)))} games a pairing")
    figure.tight_layout()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"strength_{game_name}.png"
    figure.savefig(path, dpi=100)
    plt.close(figure)
    return path


def table_rst(rows: list[tuple[str, str, str, Tally, float, float]], command: str) -> str:
    """The reST table of every pairing: game, agents, games, win rate and interval, Elo of
    both, seconds per decision of the first agent."""
    lines = [
        ".. list-table::",
        "   :header-rows: 1",
        "",
        "   * - game",
        "     - agent",
        "     - opponent",
        "     - games",
        "     - win rate (95% interval)",
        "     - Elo (agent, opponent)",
        "     - agent's s/move (mean, longest)",
    ]
    for game_name, a, b, tally, elo_a, elo_b in rows:
        low, high = wilson(tally.score, tally.games)
        mean = tally.seconds[0] / max(tally.decisions[0], 1)
        lines += [
            f"   * - {game_name}",
            f"     - {a}",
            f"     - {b}",
            f"     - {tally.games}",
            f"     - {tally.score / tally.games:.0%} ({low:.0%}-{high:.0%})",
            f"     - {elo_a:+.0f}, {elo_b:+.0f}",
            f"     - {mean:.3f}, {tally.longest[0]:.2f}",
        ]
    return "\n".join(lines) + f"\n\nMade with ``{command}``.\n"


Chunk = tuple[str, str, str, range, Tally]
"""One chunk of a tournament: the game, the two agents, the seeds played and the tally."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the tournament (or merge saved ones) and print (and save) its results."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", "-n", type=int, default=100, help="games a pairing (100)")
    parser.add_argument("--iterations", type=int, default=1000, help="ISMCTS iterations (1000)")
    parser.add_argument(
        "--seconds", type=float, help="also bound each search's time (not reproducible)"
    )
    parser.add_argument("--depth", type=int, default=6, help="moves before a cut playout (6)")
    parser.add_argument(
        "--exploration", type=float, help="UCB1 constant (0.7; ismcts: the game's own)"
    )
    parser.add_argument("--prior-weight", type=float, default=2.0, help="prior bonus (2.0)")
    parser.add_argument("--jobs", "-j", type=int, default=1, help="worker processes (1)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed (1)")
    parser.add_argument("--game", choices=BUILT_IN, action="append", help="(default: all four)")
    parser.add_argument(
        "--agents",
        default="random,computer,ismcts",
        help="comma-separated, from: " + ", ".join(AGENTS),
    )
    parser.add_argument("--pairs", help="only these pairings: a:b,c:d (default: every pair)")
    parser.add_argument("--plots", type=Path, help="a folder for one PNG per game")
    parser.add_argument("--table", type=Path, help="a file for the reST table")
    parser.add_argument("--save", type=Path, help="a JSON file for the results of every chunk")
    parser.add_argument(
        "--merge", type=Path, nargs="+", help="add up these saved runs instead of playing"
    )
    args = parser.parse_args(argv)
    options = Options(
        args.iterations, args.seconds, args.depth, args.exploration, args.prior_weight
    )
    if args.merge:
        searched, chunks = merge(args.merge)
        names: list[str] = []
        for _g, a, b, _seeds, _tally in chunks:
            names += [n for n in (a, b) if n not in names]
        games = [g for g in BUILT_IN if any(chunk[0] == g for chunk in chunks)]
    else:
        names = args.agents.split(",")
        unknown = [n for n in names if n not in AGENTS and not n.startswith("search/")]
        if unknown or len(names) < 2:
            parser.error(f"--agents: two or more of {', '.join(AGENTS)}")
        if args.games < 1 or args.iterations < 1 or args.jobs < 1:
            parser.error("--games, --iterations and --jobs must be at least 1")
        games = args.game or list(BUILT_IN)
        chunks = tournament(args, options, names, games)
        searched = dict.fromkeys(games, options)
        if args.save:
            save(args.save, options, chunks)
            print(f"saved: {args.save}", file=sys.stderr)
    command = "python benchmarks/strength.py " + " ".join(argv or sys.argv[1:])
    seeds = sorted({seed for chunk in chunks for seed in chunk[3]})
    played = sorted({chunk[4].games for chunk in chunks})
    print(
        f"strength, 2 players, seats rotated, {len(seeds)} seeds from {seeds[0]} to "
        f"{seeds[-1]} (Python {sys.version.split()[0]}; {len(chunks)} chunks of "
        f"{'/'.join(map(str, played))} games)"
    )
    rows = []
    for g in games:
        results: dict[tuple[str, str], Tally] = {}
        for tg, a, b, _seeds, tally in chunks:
            if tg == g:
                results[a, b] = results.get((a, b), Tally()) + tally
        ratings = elo(sorted({n for pair in results for n in pair}, key=names.index), results)
        print(f"\n{g}: Elo " + ", ".join(f"{n} {r:+.0f}" for n, r in ratings.items()))
        print(f"  searched with {_searched(g, searched[g], [n for pair in results for n in pair])}")
        for (a, b), tally in results.items():
            low, high = wilson(tally.score, tally.games)
            means = [s / max(d, 1) for s, d in zip(tally.seconds, tally.decisions, strict=True)]
            print(
                f"  {a:>15} vs {b:<15} {tally.wins:>4}-{tally.ties}-{tally.losses:<4} "
                f"{tally.score / tally.games:6.1%} ({low:.1%}-{high:.1%})  s/move "
                f"{means[0]:.3f} (max {tally.longest[0]:.2f}) vs {means[1]:.3f} "
                f"(max {tally.longest[1]:.2f})"
            )
            rows.append((g, a, b, tally, ratings[a], ratings[b]))
        if args.plots:
            print(f"  plot: {plot(g, results, args.plots)}")
    if args.table:
        args.table.parent.mkdir(parents=True, exist_ok=True)
        args.table.write_text(table_rst(rows, command), encoding="utf-8")
        print(f"table: {args.table}")
    return 0


def tournament(
    args: argparse.Namespace, options: Options, names: list[str], games: list[str]
) -> list[Chunk]:
    """Play every pairing of ``names`` (or ``--pairs``) in ``games``, in chunks of seeds
    spread over ``--jobs`` worker processes."""
    pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]
    if args.pairs:
        pairs = [tuple(p.split(":", 1)) for p in args.pairs.split(",")]
    chunk = max(1, args.games // (4 * args.jobs))
    tasks = [
        (g, a, b, range(start, min(start + chunk, args.seed + args.games)))
        for g in games
        for a, b in pairs
        for start in range(args.seed, args.seed + args.games, chunk)
    ]
    run = functools.partial(_task, options=options)
    done: list[Chunk] = []
    try:
        with multiprocessing.get_context("fork").Pool(args.jobs, _ignore_interrupts) as pool:
            for task, tally in zip(tasks, pool.imap(run, tasks), strict=True):
                done.append((*task, tally))
                if args.save:  # after every chunk: a run cut short keeps what it played
                    save(args.save, options, done)
                print(
                    f"  {len(done)}/{len(tasks)} {task[0]} {task[1]} vs {task[2]}",
                    file=sys.stderr,
                )
    except KeyboardInterrupt:
        kept = f"; the {len(done)} chunks played are in {args.save}" if args.save else ""
        raise SystemExit(
            f"strength.py: interrupted after {len(done)} of {len(tasks)} chunks{kept}"
        ) from None
    return done


def _ignore_interrupts() -> None:
    """A worker leaves Ctrl-C to the tournament, which ends the pool and keeps the chunks."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


SAVED = "picnic-strength"
"""The ``format`` of a saved run (``--save``)."""


def save(path: Path, options: Options, chunks: list[Chunk]) -> None:
    """Write the run's options and every chunk's seeds and tally to ``path`` as JSON."""
    document = {
        "format": SAVED,
        "version": 1,
        "options": attrs.asdict(options),
        "chunks": [
            {
                "game": g,
                "first": a,
                "second": b,
                "seeds": [seeds.start, seeds.stop],
                "tally": attrs.asdict(tally),
            }
            for g, a, b, seeds, tally in chunks
        ],
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(path.name + ".part")  # written whole, then renamed: never half a file
    part.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    os.replace(part, path)


def merge(paths: Sequence[Path]) -> tuple[dict[str, Options], list[Chunk]]:
    """The chunks of the saved runs at ``paths``, added up, and the search's options of
    each game: the runs of one game must share them, and no game (game, pairing, seed)
    may be counted twice."""
    options: dict[str, Options] = {}
    chunks: list[Chunk] = []
    counted: dict[tuple[str, str, str], set[int]] = {}
    for path in paths:
        try:
            document = json.loads(path.read_text(encoding="utf-8"))
            if document.get("format") != SAVED or document.get("version") != 1:
                raise ValueError(f"not a run saved by --save (format {SAVED}, version 1)")
            found = Options(**document["options"])
            for entry in document["chunks"]:
                tally = Tally(
                    entry["tally"]["wins"],
                    entry["tally"]["ties"],
                    entry["tally"]["losses"],
                    *(tuple(entry["tally"][k]) for k in ("decisions", "seconds", "longest")),
                )
                key = (entry["game"], entry["first"], entry["second"])
                seeds = range(*entry["seeds"])
                if counted.setdefault(key, set()) & set(seeds):
                    raise ValueError(f"{'/'.join(key)}: seeds {seeds.start}.. counted twice")
                known = options.setdefault(key[0], found)
                if _effective(key[0], known) != _effective(key[0], found):
                    raise ValueError(f"{key[0]} searched with {found}, not {known}")
                counted[key] |= set(seeds)
                chunks.append((*key, seeds, tally))
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise SystemExit(f"strength.py: error: --merge {path}: {error}") from None
    return options, chunks


def _searched(game_name: str, options: Options, names: Sequence[str]) -> str:
    """How the searching agents among ``names`` searched ``game_name``: the game's own
    ``ismcts`` with its own depth and exploration unless the tournament set them, the
    others with the tournament's ``options``."""
    parts = []
    if "ismcts" in names:
        own = make(game_name, "ismcts", options)
        assert isinstance(own, SearchAgent)
        parts.append(
            f"ismcts: {own.iterations} iterations, depth {own.depth}, exploration {own.exploration}"
        )
    if any(n != "ismcts" and n.startswith(("ismcts", "search/")) for n in names):
        parts.append(f"the others: {options}")
    return "; ".join(parts) or "no search"


def _effective(game_name: str, options: Options) -> tuple[Any, ...]:
    """What ``options`` search a game with: an unset ``exploration`` is 0.7, and the
    game's own constant for its ``ismcts`` agent (runs that searched alike compare equal)."""
    own = make(game_name, "ismcts", attrs.evolve(options, exploration=None))
    assert isinstance(own, SearchAgent)
    plain = 0.7 if options.exploration is None else options.exploration
    ismcts = own.exploration if options.exploration is None else options.exploration
    return (*attrs.astuple(attrs.evolve(options, exploration=plain)), ismcts)


def _task(task: tuple[str, str, str, range], options: Options) -> Tally:
    """Play one chunk of games (in a worker process)."""
    game_name, a, b, seeds = task
    return play_games(game_name, a, b, seeds, options)


if __name__ == "__main__":
    raise SystemExit(main())
