"""The contract as data: what a game module defines, what each function takes and gives.

:func:`~picnic_rules.kit.define_game` reads a module by these tables and checks each
function's arity and annotations against them (:func:`check_signature`); the kinds
are the letters ``S`` (the game's ``State``), ``V`` (its ``View``), ``M`` (its moves),
``R`` (its ``Rules``), ``O`` (its ``Observation``) and ``-`` (not checked).
"""

from __future__ import annotations

import inspect
import types
import typing
from typing import Any, get_args

__all__ = [
    "CLASSES",
    "FRONT_END",
    "HOT",
    "KIND_NAMES",
    "OBSERVED",
    "OPTIONAL",
    "REQUIRED",
    "TAKES_OBSERVATION",
    "TAKES_RNG",
    "Spec",
    "check_signature",
    "members",
    "ordered_members",
]

Spec = tuple[tuple[str, ...], str]
"""A function's parameter kinds and its return kind."""

REQUIRED: dict[str, Spec] = {
    "new_game": (("-", "R"), "S"),
    "to_move": (("S",), "-"),
    "legal_moves": (("S",), "tuple[M]"),
    "apply": (("S", "M"), "S"),
    "chance_outcomes": (("S",), "-"),
    "is_over": (("S",), "-"),
    "result": (("S",), "-"),
    "view": (("S", "-"), "V"),
    "determinize": (("V", "-"), "S"),
    "check": (("S",), "-"),
    "max_moves": (("-", "R"), "-"),
    "max_chance_steps": (("-", "R"), "-"),
    "move_from_str": (("-",), "M"),
    "remaining": (("S",), "-"),
}
"""The rules tier: every module has these (some derived by the kit, see
:mod:`picnic_rules.kit.parts`)."""

FRONT_END: dict[str, Spec] = {
    "observe": (("S", "M", "-"), "O"),
    "update": (("V", "O"), "V"),
    "describe": (("V", "O"), "-"),
    "describe_public": (("V", "O"), "-"),
    "render": (("V",), "-"),
    "move_group": (("M",), "-"),
}
"""The front-end tier: a module may define each, or take the kit's default
(:mod:`picnic_rules.kit.frontend`)."""

OBSERVED = ("Observation", "observe", "update", "describe")
"""Defined together or not at all: the kit's defaults work on the kit's ``Observation``."""

OPTIONAL: dict[str, Spec] = {
    "apply_legal": (("S", "M"), "S"),
    "sample_chance": (("S", "-"), "M"),
    "parse_move": (("S", "-"), "M"),
    "random_move": (("S", "-"), "M"),
    "check_view": (("V",), "-"),
    "describe_move": (("V", "M"), "-"),
    "public": (("V",), "-"),
    "action_space": (("-", "R"), "-"),
    "chance_space": (("-", "R"), "-"),
    "view_bounds": (("-", "R"), "-"),
    "tensors": (("-", "R"), "-"),
}
"""The generic parts: the kit's (:mod:`picnic_rules.kit.defaults`) unless the module
defines its own (``apply_legal`` is ``apply`` then)."""

CLASSES = ("Rules", "State", "View", "Move", "REASONS")
"""The classes (and the one tuple) every module defines."""

KIND_NAMES = {"S": "State", "V": "View", "M": "moves", "R": "Rules", "O": "Observation"}
"""Each kind's name in a message."""

HOT = frozenset(
    {
        "to_move",
        "legal_moves",
        "apply",
        "apply_legal",
        "is_over",
        "chance_outcomes",
        "sample_chance",
        "remaining",
    }
)
"""The functions a playout calls at every step: their guard is one test of a class."""

TAKES_RNG = frozenset({"sample_chance", "determinize", "random_move"})
"""The contract functions whose second argument is the ``random.Random`` they draw from."""

TAKES_OBSERVATION = frozenset({"update", "describe", "describe_public"})
"""The front-end parts whose second argument is one of the game's observations."""


def members(hint: Any) -> set[Any]:
    """The classes a (possibly union) annotation names."""
    return set(ordered_members(hint))


def ordered_members(hint: Any) -> tuple[Any, ...]:
    """The classes a (possibly union) annotation names, in the order it names them."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return tuple(member for arg in get_args(hint) for member in ordered_members(arg))
    return (hint,)


def _unchecked(hint: Any) -> bool:
    """Whether an annotation says nothing the contract checks (none, ``Any``, a type variable)."""
    return hint is None or hint is Any or isinstance(hint, typing.TypeVar)


def check_signature(
    game: str, name: str, fn: object, spec: Spec, kinds: dict[str, set[Any]]
) -> None:
    """Raise :class:`TypeError` unless ``fn`` takes the contract's arguments and its
    annotations fit ``spec`` (``kinds``: the game's classes of each kind)."""
    if not callable(fn):
        raise TypeError(f"{game}: {name} must be a function, not {type(fn).__name__}")
    params, returns = spec
    try:
        signature = inspect.signature(fn)
    except (TypeError, ValueError):  # a builtin without a signature: take it on trust
        return
    try:
        signature.bind(*[None] * len(params))
    except TypeError as exc:
        raise TypeError(
            f"{game}: {name} must take {len(params)} positional argument(s): {exc}"
        ) from None
    try:
        hints = typing.get_type_hints(fn)
    except Exception:  # unresolvable annotations: only the arity is checked
        return
    names = list(signature.parameters)
    for position, kind in enumerate(params):
        hint = hints.get(names[position])
        if kind == "-" or _unchecked(hint):
            continue
        if not kinds[kind] & members(hint):
            raise TypeError(
                f"{game}: {name}'s argument {names[position]!r} is annotated {hint!r}, "
                f"but the contract passes the game's {KIND_NAMES[kind]}"
            )
    hint = hints.get("return")
    if returns == "-" or _unchecked(hint):
        return
    expected = returns
    if returns == "tuple[M]":
        if typing.get_origin(hint) is not tuple:
            raise TypeError(f"{game}: {name} must return a tuple of moves, not {hint!r}")
        hint, expected = get_args(hint)[0], "M"
    if not members(hint) <= kinds[expected]:
        raise TypeError(
            f"{game}: {name} is annotated to return {hint!r}, "
            f"but the contract expects the game's {KIND_NAMES[expected]}"
        )
