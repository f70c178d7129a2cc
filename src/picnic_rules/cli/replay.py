"""Replay a record file: list its moves, or step through it, from one seat or all-seeing.

``picnic replay game.json`` lists every move, numbered from 1, all-seeing
(who moved, and the move in notation), then the outcome. ``--seat K`` lists
the game as seat ``K`` saw it, in words: others' hidden cards stay hidden.
``--step`` shows the table after each move (seat ``K``'s view, or every
seat's); on a terminal it waits for Enter between moves, and ``q`` stops the
replay there (exit status 0: the rest of the file is not read as moves). A
game ``picnic play`` kept may be named by its file's name alone: the saved
games' folders are searched for it (see :mod:`~picnic_rules.cli.play`).

The file is read up to 1 MiB (:data:`~picnic_rules.codec.MAX_DOCUMENT_BYTES`)
and checked by the codec, then move by move by the rules. At the first move
that does not fit, the moves before it are listed and the error names the
move by the same number. Text from the file is never printed raw: control
characters are escaped and long text is cut.
"""

from __future__ import annotations

import argparse
from typing import Any, TextIO

import attrs

from ..errors import IllegalMove, InvalidState, PicnicError, not_a_seat, shorten
from ..game import CHANCE, AnyGame
from ..match import Record
from ..registry import get_game
from .common import format_outcome, non_negative
from .play import played_folder, saves_folder
from .records import BadMove, add_file_argument, locate, read_record
from .screen import Screen

__all__ = ["HELP", "add_arguments", "run"]

HELP = "list or step through a record, from one seat or all-seeing"
"""The line ``picnic --help`` shows for this command."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The command's arguments."""
    add_file_argument(parser)
    parser.add_argument(
        "--seat", type=non_negative, metavar="K", help="show the game as seat K saw it"
    )
    parser.add_argument("--step", action="store_true", help="show the table after every move")
    parser.add_argument("--plain", action="store_true", help="no colours, even on a terminal")


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Read the record, then list it or step through it."""
    screen = Screen(out, rich=False if args.plain else None)
    args.file = locate(args.file, (played_folder(), saves_folder()))
    name = "standard input" if args.file == "-" else shorten(args.file)
    try:
        record = read_record(args.file)
    except BadMove as exc:
        _header(screen, get_game(exc.prefix.game), exc.prefix, args)
        _walk(screen, exc.prefix, args, name)
        raise PicnicError(str(exc)) from None
    game = get_game(record.game)
    if args.seat is not None and args.seat >= record.players:
        raise PicnicError(not_a_seat(args.seat, record.players))
    _header(screen, game, record, args)
    states = _walk(screen, record, args, name)
    if len(states) <= len(record.moves):  # stopped with q
        screen.line(f"stopped after move {len(states) - 1} of {len(record.moves)}")
        return 0
    if record.outcome is not None:
        reached = game.result(states[-1]) if game.is_over(states[-1]) else None
        if reached != record.outcome:
            said = "the game is not over" if reached is None else format_outcome(reached, game)
            raise PicnicError(
                f"{name}: the record says {format_outcome(record.outcome, game)}, "
                f"but after its {len(record.moves)} moves {said}"
            )
    screen.line(format_outcome(record.outcome, game), style="bold")
    return 0


def _header(
    screen: Screen, game: AnyGame, record: Record[Any, Any], args: argparse.Namespace
) -> None:
    seed = "no seed" if record.seed is None else f"seed {record.seed}"
    seen = "all-seeing" if args.seat is None else f"as seat {args.seat} saw it"
    screen.heading(f"{game.title}: {record.players} players, {seed}, {len(record.moves)} moves")
    changed = _changed_rules(game, record.rules)
    if changed:
        screen.line(f"rules: {changed}")
    screen.line(seen)


def _changed_rules(game: AnyGame, rules: Any) -> str:
    """The rules options that differ from the defaults, as ``key=value``."""
    default = game.Rules()
    if not attrs.has(type(rules)):
        return ""
    return ", ".join(
        f"{field.name}={shorten(getattr(rules, field.name), 40)}"
        for field in attrs.fields(type(rules))
        if getattr(rules, field.name) != getattr(default, field.name)
    )


def _walk(
    screen: Screen, record: Record[Any, Any], args: argparse.Namespace, name: str
) -> list[Any]:
    """List (or step through) the moves; return the states (fewer than the moves if a
    person stopped the steps). Raises at the first bad move."""
    game = get_game(record.game)
    states = [game.new_game(record.players, record.rules)]
    digits = len(str(max(1, len(record.moves))))
    for index, move in enumerate(record.moves):
        state = states[-1]
        actor = game.to_move(state)
        try:
            after = game.apply(state, move)
        except IllegalMove as exc:
            who = "chance" if actor is CHANCE else f"seat {actor}"
            raise PicnicError(
                f"{name}: move {index + 1} ({who}) '{shorten(move)}' cannot be played: "
                f"{shorten(exc.reason, 300)}"
            ) from None
        except InvalidState as exc:  # a game that ended already
            raise PicnicError(f"{name}: move {index + 1}: {shorten(exc, 300)}") from None
        screen.line(f"  {index + 1:>{digits}}. {_line(game, state, move, args.seat)}")
        states.append(after)
        if args.step:
            _frame(screen, game, after, record.players, args.seat)
            if screen.interactive and not _pause(screen):
                break
    return states


def _line(game: AnyGame, state: Any, move: Any, seat: int | None) -> str:
    """A move as ``seat`` saw it in words, or all-seeing: who moved, and the move."""
    actor = game.to_move(state)
    if seat is None:
        who = "chance" if actor is CHANCE else f"seat {actor}"
        return f"{who:<8} {shorten(move)}"
    try:
        return shorten(game.describe(game.view(state, seat), game.observe(state, move, seat)), 400)
    except PicnicError:
        return f"{'chance' if actor is CHANCE else f'seat {actor}'}: {shorten(move)}"


def _frame(screen: Screen, game: AnyGame, state: Any, players: int, seat: int | None) -> None:
    for shown in range(players) if seat is None else (seat,):
        if seat is None:
            screen.line(f"seat {shown}:", style="bold")
        screen.picture(game, game.view(state, shown))
    screen.line()


def _pause(screen: Screen) -> bool:
    """Wait for Enter; ``False`` to stop (``q`` or end of input)."""
    answer = screen.ask("Enter: next move, q: stop > ")
    return answer is not None and answer.lower() not in ("q", "quit")
