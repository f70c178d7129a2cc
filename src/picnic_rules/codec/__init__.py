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

Decoding is strict and never trusts its input:

* an int must be a JSON integer (not ``true``, ``1.0`` or ``"1"``);
* every field must be present, whatever its default in Python (a state
  without ``played`` or a rules object with one field is refused: a default
  is never filled in), and no unknown key may be;
* fixed-size arrays must have their exact size, and enums must name a member;
* a decoded state must pass the game's ``check``, a view its ``check_view``;
* an outcome must be one the game can give: a reason of ``game.reasons``,
  one score per seat (the record's ``players`` inside a record), and as
  winners exactly the seats with the top score (equal leaders all win);
* a record's ``players`` and ``rules`` must be accepted by ``game.new_game``,
  and it may hold no more moves than ``max_moves + max_chance_steps``.

Every failure, whatever its cause, raises :class:`~picnic_rules.DecodeError`
carrying the path of the bad field (``$.state.hands[1][0]``, or
``$.rules.bread`` for the field a :class:`~picnic_rules.RulesError` names)
and a short reason. Nothing here uses pickle.

**Enums** are written by one explicit rule (:mod:`picnic_rules.codec.enums`):
``str(member)`` if the game's enum defines ``__str__`` (the sandwich
``Card.PEANUT_BUTTER`` is ``"pb"``), else its value if it is a string
(``Phase.DEAL`` is ``"deal"``), else its lower-case name. Two members
spelled alike raise :class:`SpellingClash` when the game's converter is
first built; golden documents in the test suite pin each game's format.

**Limits.** Untrusted text costs bounded time and memory:

* :func:`loads` refuses text longer than :data:`MAX_DOCUMENT_BYTES` (1 MiB)
  before parsing it, so a document costs at most about a second;
* arrays and objects may nest at most :data:`MAX_DEPTH` (32) deep, and an
  integer has at most :data:`MAX_INT_DIGITS` (40) digits;
* a move longer than :data:`MAX_NOTATION` (200) characters is refused before
  the game's ``move_from_str`` sees it (a game may bound its notation more
  tightly itself);
* a record's moves are bounded by its game's ``max_moves`` and
  ``max_chance_steps`` (and a game's ``Rules`` bound every count);
* an error quotes at most :data:`MAX_ECHO` (80) characters of any piece of
  the input, and a reason is at most :data:`MAX_REASON` (240) characters.

Games are found through :data:`picnic_rules.GAMES` when a document is read or
written, so this module imports no game itself.
"""

from __future__ import annotations

from .decoding import decode, loads
from .documents import FORMAT, KINDS, Kind, dumps, encode
from .enums import SpellingClash
from .limits import (
    MAX_DEPTH,
    MAX_DOCUMENT_BYTES,
    MAX_ECHO,
    MAX_INT_DIGITS,
    MAX_NOTATION,
    MAX_REASON,
)

__all__ = [
    "FORMAT",
    "KINDS",
    "MAX_DEPTH",
    "MAX_DOCUMENT_BYTES",
    "MAX_ECHO",
    "MAX_INT_DIGITS",
    "MAX_NOTATION",
    "MAX_REASON",
    "Kind",
    "SpellingClash",
    "decode",
    "dumps",
    "encode",
    "loads",
]
