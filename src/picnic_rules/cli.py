"""The ``picnic`` command line: ``play``, ``simulate``, ``replay`` and ``rules``.

::

    picnic simulate sandwich -n 1000 --jobs 4     # computer (seat 0) vs random
    picnic play sandwich --agents computer,random --seed 7 --json > game.json
    picnic replay game.json
    picnic rules sandwich

Errors of the library (an unknown game or agent, a bad record file ...) are
printed as ``picnic: error: ...`` on stderr with exit status 2.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import sys
from collections.abc import Sequence
from typing import Any, TextIO

import attrs

from . import codec
from .agents import agent_names
from .errors import PicnicError
from .game import CHANCE, AnyGame, Outcome
from .match import Record, play, replay
from .registry import get_game

__all__ = ["main"]


def _agents_list(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(f"expected comma-separated agent names, not {text!r}")
    return names


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, not {value}")
    return value


def _non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected at least 0, not {value}")
    return value


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="picnic", description="Play, simulate and replay the picnic_rules games."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def seating(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("game", metavar="GAME", help="the game's name, e.g. sandwich")
        sub.add_argument(
            "--agents",
            type=_agents_list,
            metavar="A,B,...",
            help="agent names, one per seat (default: computer, then random in the other seats)",
        )
        sub.add_argument(
            "--players", type=_positive, metavar="P", help="number of seats (default: 2)"
        )
        sub.add_argument(
            "--variant", metavar="NAME", help="a named rules variant (see `picnic rules GAME`)"
        )

    sim = commands.add_parser("simulate", help="play many games and print statistics")
    seating(sim)
    sim.add_argument(
        "-n",
        "--games",
        type=_non_negative,
        default=100,
        metavar="N",
        help="number of games (default: 100)",
    )
    sim.add_argument(
        "--seed", type=int, default=0, metavar="S", help="game i uses seed S+i (default: 0)"
    )
    sim.add_argument("--rotate", action="store_true", help="rotate the seats from game to game")
    sim.add_argument(
        "--jobs", type=_positive, default=1, metavar="J", help="worker processes (default: 1)"
    )

    one = commands.add_parser("play", help="play one game and print its moves")
    seating(one)
    one.add_argument("--seed", type=int, default=0, metavar="S", help="the seed (default: 0)")
    one.add_argument("--json", action="store_true", help="print the record as JSON instead")

    rep = commands.add_parser("replay", help="replay a record JSON file")
    rep.add_argument(
        "file",
        metavar="FILE",
        help="a record written by `picnic play --json` (- for standard input)",
    )

    rules = commands.add_parser("rules", help="print a game's rules options and variants")
    rules.add_argument("game", metavar="GAME", help="the game's name, e.g. sandwich")
    return parser


def _seats(game: AnyGame, agents: list[str] | None, players: int | None) -> list[str]:
    if agents is None:
        count = players if players is not None else max(2, game.min_players)
        first = "computer" if "computer" in game.agents else "random"
        agents = [first] + ["random"] * (count - 1)
    elif players is not None and players != len(agents):
        raise PicnicError(f"--players {players} but {len(agents)} agents were named")
    game.check_players(len(agents))
    known = agent_names(game)
    for name in agents:
        if name not in known:
            raise PicnicError(
                f"unknown agent {name!r} for {game.name} (available: {', '.join(known)})"
            )
    return agents


def _variant(game: AnyGame, name: str | None) -> Any:
    if name is None:
        return None
    if name not in game.variants:
        known = ", ".join(game.variants)
        raise PicnicError(f"unknown variant {name!r} for {game.name} (variants: {known})")
    return game.variants[name]


def _format_outcome(outcome: Outcome | None) -> str:
    if outcome is None:
        return "the game is not over"
    winners = " and ".join(f"seat {seat}" for seat in outcome.winners) or "nobody"
    scores = ", ".join(str(score) for score in outcome.scores)
    verb = "wins" if len(outcome.winners) == 1 else "win"
    return f"{winners} {verb} ({outcome.reason}); scores: {scores}"


def _print_moves(game: AnyGame, record: Record[Any, Any], out: TextIO) -> None:
    states = replay(record)
    for index, (state, move) in enumerate(zip(states, record.moves, strict=False)):
        actor = game.to_move(state)
        who = "chance" if actor is CHANCE else f"seat {actor}"
        print(f"{index + 1:>4}. {who:<8} {move}", file=out)
    print(_format_outcome(record.outcome), file=out)


def _simulate(args: argparse.Namespace, out: TextIO) -> int:
    from .simulate import simulate

    game = get_game(args.game)
    seats = _seats(game, args.agents, args.players)
    rules = _variant(game, args.variant)
    if args.jobs > 1:
        with concurrent.futures.ProcessPoolExecutor(args.jobs) as executor:
            summary = simulate(
                game,
                seats,
                args.games,
                seed=args.seed,
                rules=rules,
                executor=executor,
                rotate=args.rotate,
            )
    else:
        summary = simulate(game, seats, args.games, seed=args.seed, rules=rules, rotate=args.rotate)
    print(summary.format(), file=out)
    return 0


def _play(args: argparse.Namespace, out: TextIO) -> int:
    from .agents import make_agent

    game = get_game(args.game)
    seats = _seats(game, args.agents, args.players)
    record = play(
        game,
        [make_agent(game, name) for name in seats],
        seed=args.seed,
        rules=_variant(game, args.variant),
    )
    if args.json:
        print(codec.dumps(record), file=out)
        return 0
    print(
        f"{game.title}: " + ", ".join(f"seat {i} {name}" for i, name in enumerate(seats)), file=out
    )
    _print_moves(game, record, out)
    return 0


def _replay(args: argparse.Namespace, out: TextIO) -> int:
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as file:
                text = file.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise PicnicError(f"cannot read {args.file}: {exc}") from None
    record = codec.loads(text, kind="record")
    assert isinstance(record, Record)
    game = get_game(record.game)
    seed = "no seed" if record.seed is None else f"seed {record.seed}"
    print(f"{game.title}: {record.players} players, {seed}", file=out)
    _print_moves(game, record, out)
    return 0


def _rules(args: argparse.Namespace, out: TextIO) -> int:
    game = get_game(args.game)
    print(f"{game.title} ({game.name}), {game.min_players}-{game.max_players} players", file=out)
    print("", file=out)
    print("rules options (defaults):", file=out)
    default = game.Rules()
    for field in attrs.fields(type(default)):
        print(f"  {field.name} = {getattr(default, field.name)!r}", file=out)
    print("", file=out)
    print("variants:", file=out)
    for name, rules in game.variants.items():
        changed = [
            f"{field.name}={getattr(rules, field.name)!r}"
            for field in attrs.fields(type(rules))
            if getattr(rules, field.name) != getattr(default, field.name)
        ]
        print(f"  {name}: {', '.join(changed) or '(the defaults)'}", file=out)
    print("", file=out)
    print(f"agents: {', '.join(agent_names(game))}", file=out)
    return 0


_COMMANDS = {"simulate": _simulate, "play": _play, "replay": _replay, "rules": _rules}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``picnic`` command with ``argv`` (default: ``sys.argv[1:]``); return the exit status."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, or a usage error (argparse printed it)
        return exc.code if isinstance(exc.code, int) else 2
    try:
        return _COMMANDS[args.command](args, sys.stdout)
    except PicnicError as exc:
        print(f"picnic: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `picnic play ... | head`
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
