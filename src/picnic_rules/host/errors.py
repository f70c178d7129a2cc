"""What a host refuses: a table it does not have, a credential of no seat, a stale move.

Each is a :class:`~picnic_rules.PicnicError` (so a ``ValueError``) with a short
reason, and carries the HTTP status a web server answers it with and a short name for its
kind (:attr:`HostError.status`, :attr:`HostError.name`), so a server answers every one
alike.
"""

from __future__ import annotations

from typing import ClassVar

from ..errors import PicnicError, shorten

__all__ = [
    "HintsOff",
    "HostError",
    "NoHint",
    "NoSuchTable",
    "NotASeat",
    "NotChance",
    "NotOver",
    "SeatTaken",
    "StaleMove",
    "UndoOff",
]


class HostError(PicnicError):
    """Something a host refuses; :attr:`reason` says what."""

    status: ClassVar[int] = 409
    """The HTTP status a web server answers it with (409: the table's state refuses it)."""
    name: ClassVar[str] = "host"
    """A short name for its kind: the ``error`` of a web server's answer."""

    def __init_subclass__(cls, *, status: int | None = None, name: str | None = None) -> None:
        """A kind of refusal, with its own status and name when given
        (``class NotASeat(HostError, status=401, name="token")``)."""
        super().__init_subclass__()
        if status is not None:
            cls.status = status
        if name is not None:
            cls.name = name

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


class NoSuchTable(HostError, status=404, name="game"):
    """No table has that id (or it was never stored)."""


class NotASeat(HostError, status=401, name="token"):
    """The credential (or invite) belongs to no seat of the table."""


class NotChance(HostError, status=409, name="not-chance"):
    """A chance outcome told when chance is not to act, or at a table that draws chance
    itself (one not played at a real table)."""


class SeatTaken(HostError, status=409, name="taken"):
    """The invite's seat was taken already, by someone who joined with it first."""


class UndoOff(HostError, status=403, name="undo-off"):
    """The table's undo policy does not allow taking moves back (by default, when more
    than one person plays: no one takes back what another has seen)."""


class HintsOff(HostError, status=403, name="hints-off"):
    """The table's hint policy refuses hints (by default, when more than one person plays,
    unless the table was opened with hints allowed)."""


class NoHint(HostError, status=409, name="no-hint"):
    """A hint asked for when the seat is not to decide."""


class NotOver(HostError, status=409, name="not-over"):
    """A review asked for before the game is over."""


class StaleMove(HostError, status=409, name="stale"):
    """The move was made against a table that has moved on: the client saw ``seen`` moves,
    the table has ``version`` (another seat, or another server, moved first). The message
    shows ``seen`` shortened (a client may send any number)."""

    def __init__(self, seen: int, version: int) -> None:
        self.seen = seen
        self.version = version
        super().__init__(f"the table moved on: {version} moves made, not {shorten(seen)}")
