"""Versioned JSON for the states, views, moves, rules, records and outcomes of every game.

Every document is a JSON object that names its format version, its game and
its kind, followed by the payload::

    {"format": 1, "game": "sandwich", "kind": "move", "move": "play pb on 0"}
    {"format": 1, "game": "sandwich", "kind": "state", "state": {...}}
    {"format": 1, "game": "sandwich", "kind": "record",
     "players": 2, "rules": {...}, "seed": 7, "moves": ["draw pb", ...], "outcome": {...}}

A state, view, rules or outcome document holds its object under the key named
by its kind; a record spreads its fields at the top level. Moves (also inside
records and states) are written in the game's notation, ``str(move)``.

>>> from picnic_rules import GAMES, codec
>>> game = GAMES["sandwich"]
>>> text = codec.dumps(game.new_game(2))
>>> codec.loads(text) == game.new_game(2)
True

Decoding is strict and never trusts its input: an int must be a JSON integer
(not ``true``, ``1.0`` or ``"1"``), unknown keys are refused, fixed-size
arrays must have their exact size, enums must name a member, and a decoded
state or view must pass the game's ``check`` / ``check_view``. Every failure,
whatever its cause, raises :class:`~picnic_rules.DecodeError` carrying the
path of the bad field (``$.state.hands[1][0]``) and the reason. Nothing here
uses pickle.

Games are found through :data:`picnic_rules.GAMES` when a document is read or
written, so this module imports no game itself.
"""

from __future__ import annotations

from .documents import FORMAT, KINDS, Kind, decode, dumps, encode, loads

__all__ = ["FORMAT", "KINDS", "Kind", "decode", "dumps", "encode", "loads"]
