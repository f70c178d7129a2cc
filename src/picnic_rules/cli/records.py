"""Reading and writing record files for ``picnic play`` and ``picnic replay``.

A record file is read only up to :data:`~picnic_rules.codec.MAX_DOCUMENT_BYTES`
(1 MiB): a larger file is refused before it is parsed. Moves are numbered
from 1 in every message, as in listings.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

from .. import codec
from ..errors import DecodeError, PicnicError, shorten
from ..match import Record

__all__ = ["BadMove", "add_file_argument", "locate", "read_record", "read_text", "write_record"]

_MOVE_PATH = re.compile(r"^\$\.moves\[(\d+)\]")


def add_file_argument(parser: argparse.ArgumentParser) -> None:
    """The ``FILE`` argument of the commands that read a record (``replay``, ``review``)."""
    parser.add_argument(
        "file",
        metavar="FILE",
        help="a record saved by `picnic play` (- for standard input; at most 1 MiB)",
    )


class BadMove(PicnicError):
    """A record whose move number :attr:`number` (from 1) cannot be read; :attr:`prefix` is
    the record of the moves before it, which can be shown."""

    def __init__(self, message: str, number: int, prefix: Record[Any, Any]) -> None:
        self.number = number
        self.prefix = prefix
        super().__init__(message)


def locate(path: str, folders: Sequence[Path]) -> str:
    """``path`` itself, unless it is a bare name (no folder in it) that names no file here
    but a file of one of ``folders`` (the saved games'): then that file's path.

    >>> locate("no-such-game.json", [])
    'no-such-game.json'
    """
    if path == "-" or os.path.dirname(path) or os.path.exists(path):
        return path
    for folder in folders:
        found = folder / path
        if found.is_file():
            return str(found)
    return path


def read_text(path: str) -> str:
    """The text of ``path`` (``-``: standard input), refusing more than 1 MiB or bad UTF-8."""
    limit = codec.MAX_DOCUMENT_BYTES
    name = "standard input" if path == "-" else shorten(path)
    try:
        if path == "-":
            data = sys.stdin.buffer.read(limit + 1)
        else:
            with open(path, "rb") as file:
                data = file.read(limit + 1)
    except OSError as exc:
        raise PicnicError(f"cannot read {name}: {shorten(exc.strerror or exc, 200)}") from None
    if len(data) > limit:
        raise PicnicError(f"{name} is larger than {limit} bytes, the most a record may be")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PicnicError(f"{name} is not UTF-8 text (byte {exc.start})") from None


def read_record(path: str) -> Record[Any, Any]:
    """The record in file ``path`` (``-``: standard input), checked by the codec.

    A move that cannot be read raises :class:`BadMove` with the moves before it;
    any other fault is a :class:`~picnic_rules.PicnicError` naming the file and the field.
    """
    name = "standard input" if path == "-" else shorten(path)
    text = read_text(path)
    try:
        record = codec.loads(text, kind="record")
    except DecodeError as exc:
        found = _MOVE_PATH.match(exc.path)
        if found is None:
            raise PicnicError(f"{name}: {shorten(exc.path)}: {shorten(exc.reason, 300)}") from None
        index = int(found.group(1))
        message = f"{name}: move {index + 1}: {shorten(exc.reason, 300)}"
        try:
            prefix = _prefix(text, index)
        except (PicnicError, ValueError, LookupError, TypeError):  # the rest is faulty too
            raise PicnicError(message) from None
        raise BadMove(message, index + 1, prefix) from None
    return cast("Record[Any, Any]", record)  # kind="record" decodes only a Record


def _prefix(text: str, count: int) -> Record[Any, Any]:
    """The record of ``text`` cut to its first ``count`` moves (they were read without fault)."""
    document = json.loads(text)
    document["moves"] = document["moves"][:count]
    document["outcome"] = None
    return cast("Record[Any, Any]", codec.loads(json.dumps(document), kind="record"))


def write_record(record: Record[Any, Any], path: str) -> None:
    """Write ``record`` to ``path`` as JSON, whole or not at all (a temporary file is renamed)."""
    folder = os.path.dirname(os.path.abspath(path))
    try:
        handle, temporary = tempfile.mkstemp(prefix=".picnic-", suffix=".json", dir=folder)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(codec.dumps(record) + "\n")
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError as exc:
        raise PicnicError(
            f"cannot write {shorten(path)}: {shorten(exc.strerror or exc, 200)}"
        ) from None
