"""Hosting games for front ends: one place that runs a table of any game.

* :class:`Table` (:mod:`.table`): one game at one table -- which seats are
  people and which agents, chance and the agents advanced, a person's move
  checked for its seat, undo under the table's policy, each seat's client
  document, the record that saves and resumes. ``picnic play`` runs on it.
* :class:`Host` (:mod:`.host`): every table of a server -- credentials for
  the seats, invites for open seats, moves stored before they are
  acknowledged, stale moves refused, chance's outcomes typed in by the seats at a
  real table (:meth:`Host.tell`, judged from the teller's view alone: :mod:`.told`),
  hints under the table's hint policy (:meth:`Host.hint`) and each seat's review,
  computed once and stored, after the game (:meth:`Host.review`) --
  kept in a :class:`Store`: in memory
  (:class:`MemoryStore`) or in a database through SQLAlchemy
  (:class:`~picnic_rules.host.sql.SqlStore`, ``pip install
  'picnic-rules[host]'``; :func:`open_store` takes a URL).
* The errors a host raises (:mod:`.errors`), and what it checks of its callers' input
  before anything is stored (:mod:`.inputs`).
"""

from __future__ import annotations

from .errors import (
    HintsOff,
    HostError,
    NoHint,
    NoSuchTable,
    NotASeat,
    NotChance,
    NotOver,
    SeatTaken,
    StaleMove,
    UndoOff,
)
from .host import Answer, Host, Opened, Public, Saved
from .inputs import BadInput
from .store import MemoryStore, Store, open_store
from .table import Table

__all__ = [
    "Answer",
    "BadInput",
    "HintsOff",
    "Host",
    "HostError",
    "MemoryStore",
    "NoHint",
    "NoSuchTable",
    "NotASeat",
    "NotChance",
    "NotOver",
    "Opened",
    "Public",
    "Saved",
    "SeatTaken",
    "StaleMove",
    "Store",
    "Table",
    "UndoOff",
    "open_store",
]
