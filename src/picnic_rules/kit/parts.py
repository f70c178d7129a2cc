"""What :func:`~picnic_rules.kit.define_game` reads from a game module: :func:`read_parts`.

The module's classes and functions by the contract's names
(:mod:`picnic_rules.kit.contract`), checked (a :class:`TypeError` at import names what
is missing, not callable, of the wrong arity or annotated with another class than the
contract passes), with the parts the kit derives from the others: ``is_over`` (nobody
is to move), ``max_moves`` and ``max_chance_steps`` (the termination measure at the
new game), ``move_from_str`` (the module's ``NOTATION``), a default ``Observation``
and the public view. Nothing here checks an argument at play: that is
:mod:`~picnic_rules.kit.guards` and :mod:`~picnic_rules.kit.gates`.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from . import defaults, frontend, spaces
from .contract import (
    CLASSES,
    FRONT_END,
    OBSERVED,
    OPTIONAL,
    REQUIRED,
    check_signature,
    members,
    ordered_members,
)
from .notation import Notation

__all__ = ["Parts", "read_parts"]


@attrs.frozen
class Parts:
    """A game module's contract, read and checked: the game's classes and its functions
    as written (with those the kit derives)."""

    name: str
    """The game's name."""
    players: tuple[int, int]
    """The fewest and the most seats."""
    Rules: type[Any]
    """The options."""
    State: type[Any]
    """A whole position."""
    View: type[Any]
    """What one seat sees."""
    Observation: type[Any]
    """What one seat learns of a move (the module's, or the kit's default)."""
    move_types: tuple[type[Any], ...]
    """The move classes, in order."""
    reasons: tuple[str, ...]
    """Every end reason."""
    provides: frozenset[str]
    """The parts of the front-end tier the module defines."""
    functions: Mapping[str, Callable[..., Any]]
    """Each contract function the module defines or the kit derives, by name, unchecked."""
    PublicView: type[Any]
    """The public part of a view: the module's, its ``Visibility``'s, or the kit's default."""
    public: Callable[[Any], Any] | None
    """The module's ``public`` or its ``Visibility``'s, or ``None`` for the kit's default."""


def read_parts(
    namespace: Mapping[str, object], name: str, players: tuple[int, int] | None, chance: str
) -> Parts:
    """The :class:`Parts` of the module whose names are ``namespace`` (left unchanged)."""
    names = dict(namespace)
    if players is None:
        if "PLAYERS" not in names:
            raise TypeError(f"{name}: give players=(fewest, most) or define PLAYERS")
        players = typing.cast(tuple[int, int], names["PLAYERS"])
    names.update(_derived(names))
    missing = [key for key in (*CLASSES, *REQUIRED) if key not in names]
    if missing:
        raise TypeError(f"{name}: the game module does not define {', '.join(missing)}")
    if chance not in ("explicit", "sampled"):
        raise TypeError(f"{name}: chance must be 'explicit' or 'sampled', not {chance!r}")
    if chance == "sampled" and "sample_chance" not in names:
        raise TypeError(f"{name}: a game with sampled chance must define sample_chance")
    own = {key for key in frontend.TIER if key in names}
    own |= {key for key in spaces.TIER if names.get(key) is not None}
    if frontend.is_default(names.get("Observation")):  # the one define_game made before
        own.discard("Observation")
    observed = [key for key in OBSERVED if key in own]
    if observed and len(observed) < len(OBSERVED):
        lacking = ", ".join(key for key in OBSERVED if key not in own)
        raise TypeError(
            f"{name}: a game module that defines {', '.join(observed)} must define {lacking} "
            "too (the kit's defaults work together, on the kit's Observation)"
        )
    for key in ("Rules", "State", "View", *observed[:1]):
        if not isinstance(names[key], type):
            raise TypeError(f"{name}: {key} must be a class, not {names[key]!r}")
    rules, state, view = (typing.cast(type, names[key]) for key in ("Rules", "State", "View"))
    move_types = names.get("MOVE_TYPES") or ordered_members(names["Move"])
    if not isinstance(move_types, tuple) or not all(isinstance(t, type) for t in move_types):
        raise TypeError(f"{name}: Move must be a move class or a union of move classes")
    module = str(names.get("__name__", name))
    observation = typing.cast(
        type,
        names["Observation"]
        if "Observation" in own
        else frontend.observation_class(module, view, move_types),
    )
    _check_classes(name, names, move_types, state, view)
    kinds: dict[str, set[Any]] = {
        "S": {state},
        "V": {view},
        "M": {*move_types, names["Move"]},
        "R": {rules},
        "O": {observation},
    }
    functions: dict[str, Callable[..., Any]] = {}
    for key, spec in {**REQUIRED, **FRONT_END, **OPTIONAL}.items():
        if key in names and not (key in spaces.TIER and names[key] is None):
            check_signature(name, key, names[key], spec, kinds)
            functions[key] = typing.cast(Callable[..., Any], names[key])
    public_view, public = _public_view(name, names, view)
    return Parts(
        name=name,
        players=players,
        Rules=rules,
        State=state,
        View=view,
        Observation=observation,
        move_types=move_types,
        reasons=typing.cast(tuple[str, ...], names["REASONS"]),
        provides=frozenset(own),
        functions=functions,
        PublicView=public_view,
        public=public,
    )


def _check_classes(
    name: str, names: Mapping[str, object], move_types: tuple[type, ...], state: type, view: type
) -> None:
    """Raise :class:`TypeError` unless the move classes, ``View``, the seat counts and
    ``REASONS`` are what the contract says."""
    if set(move_types) != members(names["Move"]):
        raise TypeError(f"{name}: MOVE_TYPES and the Move union list different classes")
    if "player" not in {field.name for field in attrs.fields(view)} if attrs.has(view) else True:
        raise TypeError(f"{name}: View must be an attrs class with a 'player' field (its seat)")
    for cls in (state, view):
        if not hasattr(cls, "players"):
            raise TypeError(
                f"{name}: {cls.__name__} must have a 'players' property (its seat count)"
            )
    reasons = names["REASONS"]
    if not isinstance(reasons, tuple) or not reasons or not all(type(r) is str for r in reasons):
        raise TypeError(f"{name}: REASONS must be a non-empty tuple of strings")


def _derived(names: Mapping[str, Any]) -> dict[str, Callable[..., Any]]:
    """The rules tier's derived parts the module leaves out: ``is_over`` (nobody is to
    move), ``max_moves`` and ``max_chance_steps`` (the termination measure at the new
    game) and ``move_from_str`` (its ``NOTATION``'s reader)."""
    derived: dict[str, Callable[..., Any]] = {}
    to_move, remaining, new_game = (names.get(k) for k in ("to_move", "remaining", "new_game"))
    if "is_over" not in names and callable(to_move):

        def is_over(state: Any) -> bool:
            """Whether the game has ended: nobody is to move (the kit's default)."""
            return to_move(state) is None

        derived["is_over"] = is_over
    if callable(remaining) and callable(new_game):

        def max_moves(players: int, rules: Any) -> int:
            """The most non-chance moves a game can take: the termination measure's
            ``moves`` at the new game (the kit's default)."""
            return int(remaining(new_game(players, rules)).moves)

        def max_chance_steps(players: int, rules: Any) -> int:
            """The most chance steps a game can take: the termination measure's ``chance``
            at the new game (the kit's default)."""
            return int(remaining(new_game(players, rules)).chance)

        if "max_moves" not in names:
            derived["max_moves"] = max_moves
        if "max_chance_steps" not in names:
            derived["max_chance_steps"] = max_chance_steps
    notation = names.get("NOTATION")
    if "move_from_str" not in names and isinstance(notation, Notation):
        derived["move_from_str"] = notation.read
    return derived


def _public_view(
    name: str, names: Mapping[str, object], view: type
) -> tuple[type, Callable[[Any], Any] | None]:
    """The ``PublicView`` class and ``public`` function of a game: the module's own (both or
    neither), else those its :class:`~picnic_rules.kit.Visibility` derives (found on its
    ``view``), else the kit's default class, which shows only the seat count (and ``None``
    for the kit's default function)."""
    seen = getattr(names.get("view"), "visibility", None)
    if seen is not None and getattr(seen, "view_class", None) is not view:
        seen = None
    cls = names.get("PublicView")
    kits = getattr(cls, "from_the_kit", False) is True  # one the kit made before
    kits = kits or (seen is not None and cls is seen.public_class)
    own = [key for key in ("PublicView", "public") if key in names and not kits]
    if len(own) == 1:
        lacking = "public" if own == ["PublicView"] else "PublicView"
        raise TypeError(f"{name}: a game module that defines {own[0]} must define {lacking} too")
    if own:
        if not isinstance(cls, type) or not attrs.has(cls):
            raise TypeError(f"{name}: PublicView must be an attrs class, not {cls!r}")
        if "player" in {field.name for field in attrs.fields(cls)}:
            raise TypeError(f"{name}: PublicView has a 'player' field: it is nobody's view")
        return cls, typing.cast(Callable[[Any], Any], names["public"])
    if seen is not None:
        return typing.cast(type, seen.public_class), seen.public_of
    return defaults.public_view_class(str(names.get("__name__", name))), None
