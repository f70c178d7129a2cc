"""Documents: their format version and kinds, the game of an object, and encoding."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final, Literal, TypeAlias, get_args

from ..errors import DecodeError, EncodeError, kind_of, shorten, with_article
from ..game import AnyGame, Game, Outcome
from ..registry import GAMES, get_game
from ..typecheck import ill_typed
from .converter import converter_of
from .updates import encode_history, encode_update

__all__ = [
    "FORMAT",
    "HEADER",
    "KINDS",
    "SPREAD",
    "Kind",
    "dumps",
    "encode",
    "game_named",
    "resolve_game",
]


FORMAT: Final = 1
"""The version of the document format this module writes (and the only one it reads)."""

Kind: TypeAlias = Literal[
    "state",
    "view",
    "move",
    "rules",
    "record",
    "outcome",
    "observation",
    "update",
    "history",
    "public",
]
"""The kinds of document."""

KINDS: Final[tuple[Kind, ...]] = get_args(Kind)
"""Every kind of document, in the order the format documentation lists them."""

SPREAD: Final[frozenset[Kind]] = frozenset({"record", "history"})
"""The kinds whose fields are spread at the top level (the others hold theirs under their kind)."""

HEADER: Final = ("format", "game", "kind")
"""The keys every document starts with."""


# --------------------------------------------------------------------------
# games


def _games() -> Mapping[str, AnyGame]:
    return GAMES


def game_named(name: str, path: str = "$.game") -> AnyGame:
    """The registered game ``name``; raise :class:`~picnic_rules.DecodeError` at ``path``."""
    games = _games()
    try:
        return games[name]
    except KeyError:
        known = shorten(", ".join(sorted(games)))
        raise DecodeError(path, f"unknown game {shorten(name)!r} (known: {known})") from None


def resolve_game(game: AnyGame | str | None) -> AnyGame | None:
    """The game the caller of :func:`decode` expects (an unknown name: path ``game``)."""
    if game is None or isinstance(game, Game):
        return game
    return game_named(game, "game")


def _kind_of(obj: object, game: AnyGame) -> Kind | None:
    cls = type(obj)
    if cls in game.move_types:
        return "move"
    kinds: dict[object, Kind] = {
        game.State: "state",
        game.View: "view",
        game.Rules: "rules",
        game.Observation: "observation",
        game.PublicView: "public",
    }
    return kinds.get(cls)


def _identify(obj: object, game: AnyGame | str | None) -> tuple[AnyGame, Kind]:
    """The game and kind of a game object (Outcome needs ``game``)."""
    from ..client import SeatUpdate
    from ..history import SeatRecord
    from ..match import Record

    wanted = None if game is None else get_game(game)
    if isinstance(obj, Record | SeatRecord):
        spread: Kind = "record" if isinstance(obj, Record) else "history"
        if wanted is not None and wanted.name == obj.game:
            return wanted, spread
        if wanted is not None:
            raise EncodeError(f"the {spread} is of {obj.game!r}, not {wanted.name!r}")
        return get_game(obj.game), spread
    if isinstance(obj, Outcome):
        if wanted is None:
            raise EncodeError("encoding an Outcome needs the game: encode(outcome, game=...)")
        return wanted, "outcome"
    candidates = [wanted] if wanted is not None else list(_games().values())
    for candidate in candidates:
        kind: Kind | None
        if isinstance(obj, SeatUpdate):
            kind = "update" if type(obj.view) is candidate.View else None
        else:
            kind = _kind_of(obj, candidate)
        if kind is not None:
            return candidate, kind
    where = f"the game {wanted.name!r}" if wanted is not None else "any registered game"
    if isinstance(obj, SeatUpdate):
        raise EncodeError(f"the update's view is not a view of {where}")
    raise EncodeError(
        f"{kind_of(obj)} is not a state, view, move or rules of {where} "
        "(nor an observation, public view, outcome, record, update or history)"
    )


# --------------------------------------------------------------------------
# encoding


def encode(obj: object, *, game: AnyGame | str | None = None) -> dict[str, Any]:
    """The JSON document (a dict of JSON types) of a game object.

    ``obj`` is a state, view, move, rules, observation, public view (the game's
    ``PublicView``, kind ``"public"``), :class:`~picnic_rules.Record`,
    :class:`~picnic_rules.Outcome`, :class:`~picnic_rules.client.SeatUpdate`
    (kind ``"update"``) or :class:`~picnic_rules.history.SeatRecord` (kind
    ``"history"``). The game is found from the object's class (an update's
    from its view's); an outcome belongs to no game by itself, so pass
    ``game`` (a :class:`~picnic_rules.Game` or its name) for it.

    Raises :class:`~picnic_rules.EncodeError` (a :class:`TypeError` too) for anything
    else, and for a game value whose fields do not hold their declared types (a forged
    state, a move of a number where a card belongs): what is written always has the
    shape the game's documents have. Whether a well-typed state is a position the game
    can reach is :func:`~picnic_rules.Game.check`'s question, asked when it is decoded.
    """
    found, kind = _identify(obj, game)
    for value, what in _values(obj, kind):
        problem = ill_typed(value)
        if problem is not None:
            kind_of_game = f"{found.name} {what}"
            one = (
                f"are not {kind_of_game}"
                if what == "rules"
                else f"is not {with_article(kind_of_game)}"
            )
            raise EncodeError(f"the {what} {one}: {problem}")
    converter = converter_of(found)
    doc: dict[str, Any] = {"format": FORMAT, "game": found.name, "kind": kind}
    try:
        if kind == "record":
            record: Any = obj
            doc["players"] = record.players
            doc["rules"] = converter.unstructure(record.rules, found.Rules)
            doc["seed"] = record.seed
            doc["moves"] = [str(move) for move in record.moves]
            outcome = record.outcome
            doc["outcome"] = None if outcome is None else converter.unstructure(outcome)
        elif kind == "history":
            doc.update(encode_history(obj, found, converter))
        elif kind == "update":
            doc["update"] = encode_update(obj, converter)
        elif kind == "move":
            doc["move"] = str(obj)
        else:
            doc[kind] = converter.unstructure(obj)
    except (TypeError, ValueError, AttributeError) as error:  # a forged part the check let by
        raise EncodeError(f"the {kind} cannot be written: {_short(error)}") from None
    return doc


def _values(obj: Any, kind: Kind) -> list[tuple[object, str]]:
    """The game values ``obj`` (of ``kind``) holds, each with what it is, for the type check."""
    if kind == "record":
        return [(obj.rules, "rules"), *((move, "move") for move in obj.moves)]
    if kind == "history":
        return [(obj.rules, "rules"), *((item, "observation") for item in obj.observations)]
    if kind == "update":
        return [
            (obj.view, "view"),
            *((entry.move, "move") for entry in obj.legal_moves),
            *((item.observation, "observation") for item in obj.observations),
        ]
    return [(obj, kind)]


def _short(error: Exception) -> str:
    """The message of ``error``, cut short (it may quote a huge value)."""
    text = str(error) or type(error).__name__
    return text if len(text) <= 120 else text[:117] + "..."


def dumps(obj: object, *, game: AnyGame | str | None = None, indent: int | None = None) -> str:
    """The JSON text of :func:`encode`\\ ``(obj)``; :func:`loads` reads it back.

    Raises :class:`~picnic_rules.EncodeError` as :func:`encode` does, and for a value
    JSON cannot hold (a NaN, an int of more digits than Python writes).
    """
    doc = encode(obj, game=game)
    try:
        return json.dumps(doc, indent=indent, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as error:
        raise EncodeError(f"the {doc['kind']} cannot be written as JSON: {_short(error)}") from None
