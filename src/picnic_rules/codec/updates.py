"""The documents of one seat: ``observation``, ``update`` and ``history``.

A server sends these to a seat's client, so they hold only what that seat
may know. Decoding checks them against the game without trusting them:

* an observation of a game whose ``Observation`` has a ``seat`` field is of
  a seat the game can have -- and inside an update or a history, of exactly
  the document's seat; one with an ``actor`` field names a seat the game
  can have (inside an update or a history: of its player count); the
  game's own ``Observation`` constructor checks the rest (sandwich's
  refuses a seat's own card shown hidden, for one);
* an update's view passes ``check_view`` and is the view of the update's
  ``seat``; ``to_move`` is a seat of the view's game, ``"chance"`` or
  ``null``, ``null`` exactly when an outcome is given, and the seat the view
  says is to act; the outcome is the view's own, ``game.result`` of ``det =
  game.determinize(view, Random(0))``; its legal moves are listed only when
  the update's seat is to act, and then they are exactly the view's legal
  moves in the game's order (``game.legal_moves(det)``: a seat's legal
  moves are a function of its view), each with ``notation == str(move)``,
  the ``card`` and ``target`` of ``game.move_group(move)`` and the
  ``description`` ``game.describe_move(view, move)``;
* an update's ``picture`` is ``game.render(view)`` and its ``figures`` are the game's
  figures of the view's public part (:func:`~picnic_rules.client.figures_of`);
* an update's observations are objects ``{"observation", "description"}``,
  no more of them than ``max_moves + max_chance_steps`` of the view's
  players and rules (when the view has ``rules``). They are not replayed,
  nor their words checked: the document holds no view before them;
* every description, a legal move's or an observation's, is plain text for
  players (:func:`~.limits.check_description`): one line of at most
  :data:`~.limits.MAX_DESCRIPTION` characters with a visible one, and no
  control or format character (Unicode categories ``Cc`` and ``Cf``: NUL,
  terminal escapes, zero-width and bidirectional marks);
* a history's ``players`` and ``rules`` are accepted by ``game.new_game``,
  its seat is one of them, and it holds no more observations than
  ``max_moves + max_chance_steps``; they are not replayed here:
  :func:`picnic_rules.history.follow` does that.

Outcomes are validated as everywhere (:mod:`.records`), with one score per
seat of the view (update) or of ``players`` (history)."""

from __future__ import annotations

import json
import random
import typing
from typing import Any, Final

import cattrs

from ..errors import DecodeError, not_a_seat, shorten
from ..game import CHANCE, Actor, AnyGame, Outcome
from .enums import written
from .failures import check_keys, checked, json_type, structure
from .limits import check_description
from .records import decode_final_outcome, decode_outcome, decode_players_rules, max_steps

__all__ = [
    "HISTORY_FIELDS",
    "LEGAL_MOVE_FIELDS",
    "OBSERVED_FIELDS",
    "UPDATE_FIELDS",
    "decode_history",
    "decode_observation",
    "decode_update",
    "encode_history",
    "encode_update",
]

UPDATE_FIELDS: Final = (
    "seat",
    "view",
    "to_move",
    "legal_moves",
    "observations",
    "outcome",
    "picture",
    "figures",
)
"""The keys of an update object, in the order they are written."""

OBSERVED_FIELDS: Final = ("observation", "description")
"""The keys of each observation of an update, in the order they are written."""

LEGAL_MOVE_FIELDS: Final = ("move", "notation", "description", "card", "target")
"""The keys of each legal move of an update, in the order they are written."""

HISTORY_FIELDS: Final = ("players", "rules", "seat", "observations", "outcome")
"""The payload keys of a history document (spread at its top level, like a record's)."""

CHANCE_SPELLING: Final = written(type(CHANCE))[CHANCE]
"""How :data:`~picnic_rules.CHANCE` is written as an update's ``to_move``: ``"chance"``."""


# --------------------------------------------------------------------------
# encoding


def _actor(actor: Actor) -> int | str | None:
    return CHANCE_SPELLING if actor is CHANCE else actor


def encode_update(update: Any, converter: cattrs.Converter) -> dict[str, Any]:
    """The update object of a :class:`~picnic_rules.client.SeatUpdate` (without the header)."""
    return {
        "seat": update.seat,
        "view": converter.unstructure(update.view),
        "to_move": _actor(update.to_move),
        "legal_moves": [
            {
                "move": str(entry.move),
                "notation": entry.notation,
                "description": entry.description,
                "card": entry.card,
                "target": entry.target,
            }
            for entry in update.legal_moves
        ],
        "observations": [
            {
                "observation": converter.unstructure(item.observation),
                "description": item.description,
            }
            for item in update.observations
        ],
        "outcome": None if update.outcome is None else converter.unstructure(update.outcome),
        "picture": update.picture,
        "figures": dict(update.figures),
    }


def encode_history(history: Any, game: AnyGame, converter: cattrs.Converter) -> dict[str, Any]:
    """The payload fields of a :class:`~picnic_rules.history.SeatRecord` (spread at the top level)."""
    return {
        "players": history.players,
        "rules": converter.unstructure(history.rules, game.Rules),
        "seat": history.seat,
        "observations": [converter.unstructure(item) for item in history.observations],
        "outcome": None if history.outcome is None else converter.unstructure(history.outcome),
    }


# --------------------------------------------------------------------------
# observations


def _check_seat(game: AnyGame, number: object, players: int | None, path: str) -> None:
    """Refuse an int ``number`` that is no seat of ``players`` (or of the game, if ``None``)."""
    if type(number) is not int:
        return
    if players is None:
        if not 0 <= number < game.max_players:
            raise DecodeError(
                path, f"no seat {number}: {game.name} seats at most {game.max_players}"
            )
    elif not 0 <= number < players:
        raise DecodeError(path, not_a_seat(number, players))


def decode_observation(
    game: AnyGame,
    converter: cattrs.Converter,
    value: object,
    path: str,
    seat: int | None = None,
    players: int | None = None,
) -> Any:
    """The observation at ``path``: of seat ``seat`` if given, else of any seat the game can have.

    Only an ``Observation`` with an int ``seat`` attribute is checked for
    its seat, and one with an int ``actor`` attribute for its actor: a seat
    of ``players`` if given, else of the most the game seats.
    """
    observation = structure(converter, value, game.Observation, path)
    observer = getattr(observation, "seat", None)
    if seat is not None and type(observer) is int and observer != seat:
        raise DecodeError(f"{path}.seat", f"an observation of seat {observer}, not of seat {seat}")
    _check_seat(game, observer, players, f"{path}.seat")
    _check_seat(game, getattr(observation, "actor", None), players, f"{path}.actor")
    return observation


def _observations(
    game: AnyGame,
    converter: cattrs.Converter,
    raw: object,
    path: str,
    seat: int,
    players: int,
) -> tuple[Any, ...]:
    if type(raw) is not list:
        raise DecodeError(path, f"expected an array, not {json_type(raw)}")
    return tuple(
        decode_observation(game, converter, item, f"{path}[{i}]", seat, players)
        for i, item in enumerate(raw)
    )


def _description(converter: cattrs.Converter, raw: object, path: str) -> str:
    """A description (:func:`check_description`) read from ``raw``."""
    text: str = structure(converter, raw, str, path)
    reason = check_description(text)
    if reason is not None:
        raise DecodeError(path, reason)
    return text


def _observed(
    game: AnyGame,
    converter: cattrs.Converter,
    raw: object,
    path: str,
    view: Any,
) -> tuple[Any, ...]:
    """The observations of an update, each with its description."""
    from ..client import Observed

    if type(raw) is not list:
        raise DecodeError(path, f"expected an array, not {json_type(raw)}")
    players: int = view.players
    rules = getattr(view, "rules", None)
    if rules is not None:
        limit = max_steps(game, players, rules)
        if len(raw) > limit:
            raise DecodeError(
                path,
                f"{len(raw)} observations, more than the {limit} moves "
                f"a {players}-player game of {game.name} can last",
            )
    out = []
    for i, item in enumerate(raw):
        where = f"{path}[{i}]"
        fields = check_keys(item, OBSERVED_FIELDS, where)
        observation = decode_observation(
            game, converter, fields["observation"], f"{where}.observation", view.player, players
        )
        description = _description(converter, fields["description"], f"{where}.description")
        out.append(Observed(observation, description))
    return tuple(out)


# --------------------------------------------------------------------------
# updates


def _decode_actor(converter: cattrs.Converter, raw: object, players: int, path: str) -> Actor:
    if raw is None:
        return None
    if raw == CHANCE_SPELLING:
        return CHANCE
    if type(raw) is not int:
        shown = repr(shorten(raw)) if type(raw) is str else json_type(raw)
        raise DecodeError(path, f'expected a seat, "{CHANCE_SPELLING}" or null, not {shown}')
    seat: int = structure(converter, raw, int, path)
    if not 0 <= seat < players:
        raise DecodeError(path, not_a_seat(seat, players))
    return seat


def _who(actor: Actor) -> str:
    if actor is None:
        return "nobody (the game is over)"
    return "chance" if actor is CHANCE else f"seat {actor}"


def _legal_moves(
    game: AnyGame, converter: cattrs.Converter, raw: object, path: str
) -> tuple[Any, ...]:
    from ..client import LegalMove

    if type(raw) is not list:
        raise DecodeError(path, f"expected an array, not {json_type(raw)}")
    move_union: Any = typing.Union[tuple(game.move_types)]  # noqa: UP007
    entries = []
    seen: set[Any] = set()
    for i, item in enumerate(raw):
        where = f"{path}[{i}]"
        fields = check_keys(item, LEGAL_MOVE_FIELDS, where)
        move = structure(converter, fields["move"], move_union, f"{where}.move")
        notation, card, target = (
            structure(converter, fields[key], str, f"{where}.{key}")
            for key in ("notation", "card", "target")
        )
        description = _description(converter, fields["description"], f"{where}.description")
        if notation != str(move):
            raise DecodeError(
                f"{where}.notation", f"the move is written {str(move)!r}, not {shorten(notation)!r}"
            )
        if move in seen:
            raise DecodeError(f"{where}.move", f"{str(move)!r} is listed twice")
        seen.add(move)
        for key, got, wanted in zip(
            ("card", "target"), (card, target), game.move_group(move), strict=True
        ):
            if got != wanted:
                raise DecodeError(
                    f"{where}.{key}",
                    f"the {key} of {str(move)!r} is {wanted!r}, not {shorten(got)!r}",
                )
        entries.append(LegalMove(move, notation, description, card, target))
    return tuple(entries)


def _check_legal_moves(
    game: AnyGame, state: Any, view: Any, legal: tuple[Any, ...], path: str
) -> None:
    """Refuse legal moves that are not exactly the view's, in order, with the game's words.

    ``state`` is the view's determinization: a seat's legal moves, and what
    each would show it, are functions of its view.
    """
    expected = game.legal_moves(state)
    got = tuple(entry.move for entry in legal)
    if got != expected:
        for i, (move, wanted) in enumerate(zip(got, expected, strict=False)):
            if move not in expected:
                raise DecodeError(
                    f"{path}[{i}].move", f"{str(move)!r} is not a legal move of the view"
                )
            if move != wanted:
                raise DecodeError(
                    f"{path}[{i}].move",
                    f"expected {str(wanted)!r} here: the view's legal moves in the game's order",
                )
        raise DecodeError(path, f"the view has {len(expected)} legal moves, not {len(got)}")
    for i, entry in enumerate(legal):
        wanted = game.describe_move(view, entry.move)
        if entry.description != wanted:
            raise DecodeError(
                f"{path}[{i}].description",
                f"{str(entry.move)!r} is described {shorten(wanted)!r}, "
                f"not {shorten(entry.description)!r}",
            )


def _shown_outcome(outcome: Outcome) -> str:
    return f"scores {list(outcome.scores)}, winners {list(outcome.winners)}, {outcome.reason!r}"


def decode_update(game: AnyGame, converter: cattrs.Converter, value: object, path: str) -> Any:
    """The :class:`~picnic_rules.client.SeatUpdate` of the update object ``value`` at ``path``."""
    from ..client import SeatUpdate

    fields = check_keys(value, UPDATE_FIELDS, path)
    seat: int = structure(converter, fields["seat"], int, f"{path}.seat")
    view = structure(converter, fields["view"], game.View, f"{path}.view")
    checked(game.check_view, view, "view", f"{path}.view")
    if view.player != seat:
        raise DecodeError(f"{path}.seat", f"the view is seat {view.player}'s, not seat {seat}'s")
    players: int = view.players
    to_move = _decode_actor(converter, fields["to_move"], players, f"{path}.to_move")
    observations = _observed(game, converter, fields["observations"], f"{path}.observations", view)
    raw_outcome = fields["outcome"]
    outcome = (
        None
        if raw_outcome is None
        else decode_outcome(game, converter, raw_outcome, players, f"{path}.outcome")
    )
    if to_move is None and outcome is None:
        raise DecodeError(f"{path}.outcome", "null, but to_move is null: a finished game has one")
    if to_move is not None and outcome is not None:
        raise DecodeError(f"{path}.to_move", f"{_who(to_move)} is to act, but the game is over")
    state = game.determinize(view, random.Random(0))
    actual = game.to_move(state)
    if actual != to_move:
        raise DecodeError(
            f"{path}.to_move", f"the view has {_who(actual)} to act, not {_who(to_move)}"
        )
    if outcome is not None:
        result = game.result(state)
        if outcome != result:
            raise DecodeError(
                f"{path}.outcome",
                f"the view's game ended with {_shown_outcome(result)}, "
                f"not {shorten(_shown_outcome(outcome))}",
            )
    legal = _legal_moves(game, converter, fields["legal_moves"], f"{path}.legal_moves")
    if to_move == seat:
        _check_legal_moves(game, state, view, legal, f"{path}.legal_moves")
    elif legal:
        raise DecodeError(
            f"{path}.legal_moves",
            f"only the seat to act has legal moves: {_who(to_move)} is to act, not seat {seat}",
        )
    picture, figures = _derived(game, view, fields, path)
    return SeatUpdate(
        seat=seat,
        view=view,
        to_move=to_move,
        legal_moves=legal,
        observations=observations,
        outcome=outcome,
        picture=picture,
        figures=figures,
    )


def _canonical(value: object) -> str:
    """``value`` as JSON text with sorted keys: equal exactly when the JSON is (``0`` and
    ``false``, ``1`` and ``1.0`` differ)."""
    return json.dumps(value, sort_keys=True, allow_nan=False, default=repr)


def _derived(
    game: AnyGame, view: Any, fields: dict[str, Any], path: str
) -> tuple[str, dict[str, Any]]:
    """An update's picture and figures, which must be exactly the game's of its view."""
    from ..client import figures_of

    picture = game.render(view)
    figures = figures_of(game, game.public(view))
    if fields["picture"] != picture:
        shown = (
            repr(shorten(fields["picture"]))
            if type(fields["picture"]) is str
            else json_type(fields["picture"])
        )
        raise DecodeError(f"{path}.picture", f"not the picture of the view (game.render): {shown}")
    if _canonical(fields["figures"]) != _canonical(figures):  # 0 is not false here
        raise DecodeError(f"{path}.figures", "not the figures of the view (game.figures)")
    return picture, figures


# --------------------------------------------------------------------------
# histories


def decode_history(doc: dict[str, Any], game: AnyGame, converter: cattrs.Converter) -> Any:
    """The :class:`~picnic_rules.history.SeatRecord` of the history document ``doc``
    (its keys already checked)."""
    from ..history import SeatRecord

    players, rules = decode_players_rules(doc, game, converter)
    seat: int = structure(converter, doc["seat"], int, "$.seat")
    if not 0 <= seat < players:
        raise DecodeError("$.seat", not_a_seat(seat, players))
    raw = doc["observations"]
    limit = max_steps(game, players, rules)
    if type(raw) is list and len(raw) > limit:
        raise DecodeError(
            "$.observations",
            f"{len(raw)} observations, more than the {limit} moves "
            f"a {players}-player game of {game.name} can last",
        )
    observations = _observations(game, converter, raw, "$.observations", seat, players)
    return SeatRecord(
        game=game.name,
        players=players,
        rules=rules,
        seat=seat,
        observations=observations,
        outcome=decode_final_outcome(doc, game, converter, players),
    )
