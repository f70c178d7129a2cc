"""What a host refuses: a table it does not have, a credential of no seat, a stale move.

Each is a :class:`~picnic_rules.PicnicError` (so a ``ValueError``) with a short
reason; a web server maps them to HTTP statuses (400, 404, 401, 409, 403).
"""

from __future__ import annotations

from ..errors import PicnicError, shorten

__all__ = [
    "HostError",
    "NoSuchTable",
    "NotASeat",
    "NotChance",
    "SeatTaken",
    "StaleMove",
    "UndoOff",
]


class HostError(PicnicError):
    """Something a host refuses; :attr:`reason` says what."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


class NoSuchTable(HostError):
    """No table has that id (or it was never stored)."""


class NotASeat(HostError):
    """The credential (or invite) belongs to no seat of the table."""


class NotChance(HostError):
    """A chance outcome told when chance is not to act, or at a table that draws chance
    itself (one not played at a real table)."""


class SeatTaken(HostError):
    """The invite's seat was taken already, by someone who joined with it first."""


class UndoOff(HostError):
    """The table's undo policy does not allow taking moves back (by default, when more
    than one person plays: no one takes back what another has seen)."""


class StaleMove(HostError):
    """The move was made against a table that has moved on: the client saw ``seen`` moves,
    the table has ``version`` (another seat, or another server, moved first). The message
    shows ``seen`` shortened (a client may send any number)."""

    def __init__(self, seen: int, version: int) -> None:
        self.seen = seen
        self.version = version
        super().__init__(f"the table moved on: {version} moves made, not {shorten(seen)}")
