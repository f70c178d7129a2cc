"""Versioned JSON for every object a game sends or stores, and the JSON Schema of each document.

Every document is a JSON object that names its format version, its game and
its kind, followed by the payload::

    {"format": 1, "game": "sandwich", "kind": "move", "move": "play pb on 0"}
    {"format": 1, "game": "sandwich", "kind": "state", "state": {...}}
    {"format": 1, "game": "sandwich", "kind": "record",
     "players": 2, "rules": {...}, "seed": 7, "moves": ["draw pb", ...], "outcome": {...}}

The kinds (:data:`KINDS`) are

* ``"state"``, ``"view"``, ``"move"``, ``"rules"`` and ``"outcome"``: a
  game's objects (an :class:`~picnic_rules.Outcome` is encoded with
  ``game=``);
* ``"record"``: a :class:`~picnic_rules.Record`, every move of a game;
* ``"observation"``: what one seat learned from one move (the game's
  ``Observation``; sandwich writes a card hidden from the seat as
  ``"move": null``);
* ``"update"``: a :class:`~picnic_rules.client.SeatUpdate`, all a seat's
  client needs after a move -- its view, ``"to_move"`` (a seat,
  ``"chance"`` or ``null``), its legal moves as objects
  ``{"move", "notation", "description", "card", "target"}``, its
  observations since the last update as objects ``{"observation",
  "description"}``, and the outcome;
* ``"history"``: a :class:`~picnic_rules.history.SeatRecord`, a game as one
  seat observed it (safe to send to that seat mid-game).
* ``"public"``: the game's ``PublicView``, what every seat sees alike (a
  spectator's table: no hand, only the hidden parts' sizes); a decoded one
  has the field types its class declares, and a state it holds (ants) passes
  ``check``.

A record or history spreads its fields at the top level; every other kind
holds its object under the key named by its kind. Moves (inside records,
states, observations and updates too) are written in the game's notation,
``str(move)``. :func:`schema` gives the JSON Schema (draft 2020-12) of each
kind of a game's documents, generated from its classes.

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
* a record's (or history's) ``players`` and ``rules`` must be accepted by
  ``game.new_game``, and it may hold no more moves (observations) than
  ``max_moves + max_chance_steps``;
* an update's view must be its seat's and pass ``check_view``, its
  ``to_move`` must be who the view says is to act (``null`` exactly when
  an outcome is given), its outcome the view's own, and its legal moves
  exactly the view's, in the game's order, with their notation, click
  groups and descriptions; the observations of an update or history must
  be of its seat, by seats of its game
  (:mod:`picnic_rules.codec.updates`).

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
* a record's moves and a history's observations are bounded by its game's
  ``max_moves`` and ``max_chance_steps`` (and a game's ``Rules`` bound
  every count), and so are an update's observations; an update's legal
  moves are bounded by the game's, and every description (of a legal move
  or an observation) is one line of plain text -- no control or format
  character -- of at most :data:`MAX_DESCRIPTION` (400) characters;
* an error quotes at most :data:`MAX_ECHO` (80) characters of any piece of
  the input, and a reason is at most :data:`MAX_REASON` (240) characters.

Games are found through :data:`picnic_rules.GAMES` when a document is read or
written, so this module imports no game itself.
"""

from __future__ import annotations

from .decoding import decode, loads
from .documents import FORMAT, KINDS, Kind, dumps, encode
from .enums import SpellingClash
from .json_schema import schema, schemas
from .limits import (
    MAX_DEPTH,
    MAX_DESCRIPTION,
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
    "MAX_DESCRIPTION",
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
    "schema",
    "schemas",
]
