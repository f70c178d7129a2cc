"""Documents: their format version and kinds, the game of an object, and encoding."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final, Literal, TypeAlias, get_args

from ..errors import DecodeError
from ..game import AnyGame, Game, Outcome
from ..registry import GAMES, get_game
from .converter import converter_of
from .limits import shorten
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
            raise TypeError(f"the {spread} is of {obj.game!r}, not {wanted.name!r}")
        return get_game(obj.game), spread
    if isinstance(obj, Outcome):
        if wanted is None:
            raise TypeError("encoding an Outcome needs the game: encode(outcome, game=...)")
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
        raise TypeError(f"the update's view is not a view of {where}")
    raise TypeError(
        f"{type(obj).__qualname__} is not a state, view, move or rules of {where} "
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
    ``game`` (a :class:`~picnic_rules.Game` or its name) for it. Raises
    :class:`TypeError` for anything else.
    """
    found, kind = _identify(obj, game)
    converter = converter_of(found)
    doc: dict[str, Any] = {"format": FORMAT, "game": found.name, "kind": kind}
    if kind == "record":
        record: Any = obj
        doc["players"] = record.players
        doc["rules"] = converter.unstructure(record.rules, found.Rules)
        doc["seed"] = record.seed
        doc["moves"] = [str(move) for move in record.moves]
        doc["outcome"] = None if record.outcome is None else converter.unstructure(record.outcome)
    elif kind == "history":
        doc.update(encode_history(obj, found, converter))
    elif kind == "update":
        doc["update"] = encode_update(obj, converter)
    elif kind == "move":
        doc["move"] = str(obj)
    else:
        doc[kind] = converter.unstructure(obj)
    return doc


def dumps(obj: object, *, game: AnyGame | str | None = None, indent: int | None = None) -> str:
    """The JSON text of :func:`encode`\\ ``(obj)``; :func:`loads` reads it back."""
    return json.dumps(encode(obj, game=game), indent=indent, ensure_ascii=False)
