"""Replay a record file: list its moves and its outcome."""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from .. import codec
from ..errors import PicnicError
from ..game import CHANCE, AnyGame
from ..match import Record, replay
from ..registry import get_game
from .common import format_outcome

__all__ = ["HELP", "add_arguments", "print_moves", "run"]

HELP = "replay a record JSON file"
"""The line ``picnic --help`` shows for this command."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The command's arguments."""
    parser.add_argument(
        "file",
        metavar="FILE",
        help="a record written by `picnic play --json` (- for standard input)",
    )


def print_moves(game: AnyGame, record: Record[Any, Any], out: TextIO) -> None:
    """Every move of ``record``, numbered from 1, then its outcome."""
    states = replay(record)
    for index, (state, move) in enumerate(zip(states, record.moves, strict=False)):
        actor = game.to_move(state)
        who = "chance" if actor is CHANCE else f"seat {actor}"
        print(f"{index + 1:>4}. {who:<8} {move}", file=out)
    print(format_outcome(record.outcome), file=out)


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Read the record and list it."""
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
    print_moves(game, record, out)
    return 0
