"""Review a record: the game as one seat saw it, each of its decisions rated by the search.

``picnic review game.json --seat 1`` lists every move as seat 1 saw it, in words (others'
hidden cards stay hidden), and under each of the seat's decisions the search's verdict,
searched from the seat's view at the time and nothing else
(:func:`~picnic_rules.analysis.review`): the seat's estimated chance to win there, and for
a move other than the search's favourite the share of a win it gave away; a loss of at
least :data:`~picnic_rules.analysis.MISTAKE_LOSS` is marked ``MISTAKE`` with the better
move in words. A forced move (the only legal one) is not rated. The last line sums the
review up. ``--seat`` defaults to 0; ``--iterations`` and ``--seed`` set the search
(the same seed gives the same review), ``--workers`` the processes sharing the decisions.
A game ``picnic play`` kept may be named by its file's name alone, as for ``picnic replay``.
"""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from ..analysis import DEFAULT_ITERATIONS, Budget, Decision, review
from ..errors import PicnicError, not_a_seat, shorten
from ..match import replay
from ..registry import get_game
from .common import format_outcome, non_negative, positive
from .hints import percent
from .play import played_folder, saves_folder
from .records import add_file_argument, locate, read_record
from .screen import Screen

__all__ = ["HELP", "add_arguments", "run"]

HELP = "a record as one seat saw it, each of its decisions rated by the search"
"""The line ``picnic --help`` shows for this command."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The command's arguments."""
    add_file_argument(parser)
    parser.add_argument(
        "--seat", type=non_negative, default=0, metavar="K", help="the seat reviewed (default: 0)"
    )
    parser.add_argument(
        "--iterations",
        type=positive,
        default=DEFAULT_ITERATIONS,
        metavar="N",
        help=f"the search's iterations at each decision (default: {DEFAULT_ITERATIONS})",
    )
    parser.add_argument(
        "--seed", type=int, default=0, metavar="S", help="the search's seed (default: 0)"
    )
    parser.add_argument(
        "--workers",
        type=positive,
        default=2,
        metavar="W",
        help="processes sharing the decisions (default: 2, at most the CPUs)",
    )
    parser.add_argument("--plain", action="store_true", help="no colours, even on a terminal")


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Read the record, review the seat's decisions and list the game with them."""
    screen = Screen(out, rich=False if args.plain else None)
    path = locate(args.file, (played_folder(), saves_folder()))
    record = read_record(path)
    game = get_game(record.game)
    if args.seat >= record.players:
        raise PicnicError(not_a_seat(args.seat, record.players))
    budget = Budget(iterations=args.iterations, seed=args.seed, workers=args.workers)
    with screen.thinking(f"the search reviews seat {args.seat}'s decisions ..."):
        found = review(record, args.seat, budget, game)
    seed = "no seed" if record.seed is None else f"seed {record.seed}"
    screen.heading(f"{game.title}: {seed}, {len(record.moves)} moves")
    screen.line(
        f"{record.players} players, as seat {args.seat} saw it; each of its decisions "
        f"searched from its view then ({budget.iterations} tries)"
    )
    rated = {decision.number: decision for decision in found.decisions}
    states = replay(record, game)
    digits = len(str(max(1, len(record.moves))))
    for index, move in enumerate(record.moves):
        state = states[index]
        try:
            words = game.describe(game.view(state, args.seat), game.observe(state, move, args.seat))
        except PicnicError:
            words = shorten(move)
        mark = f"{index + 1:>{digits}}. "
        screen.line(f"  {mark}{shorten(words, 400)}", hang=4 + len(mark))
        decision = rated.get(index + 1)
        if decision is not None:
            line, style = _verdict(decision)
            screen.line(f"  {' ' * len(mark)}{line}", hang=6 + len(mark), style=style)
    if record.outcome is not None:
        screen.line(format_outcome(record.outcome, game), style="bold")
    screen.line(found.summary(), style="bold")
    return 0


def _verdict(decision: Decision) -> tuple[str, Any]:
    """The line under a decision and its style: the chance to win, and the loss."""
    best = decision.best
    if best is None:
        return "(forced: the only legal move)", "dim"
    chance = f"chance {percent(best.share)}"
    if best.move == decision.move:
        return f"{chance}, the search's choice", "dim"
    if decision.loss < 0.005:
        return f"{chance}, as good as the search's choice", "dim"
    better = f"better: {best.words}"
    if decision.mistake:
        return f"{chance}, MISTAKE (-{percent(decision.loss)}), {better}", "bold red"
    return f"{chance}, -{percent(decision.loss)}, {better}", None
