"""The check ``wrong-kind``: the contract refuses a position that is not the game's own.

A front end holding several games, or a codec's caller, can hand a game a position of
another game (or of another version of the same one). Its fields may well fit -- every
game's state has a ``phase`` and a ``turn`` -- and a function that only reads them then
answers about a game it is not playing: ``insects.legal_moves`` of an ants state once
listed insects draws. The check hands the game a **look-alike** of the state it is at --
an object of another class holding the same fields, so every field read answers as the
state's own -- and asks each function of the contract that takes a state; each must
refuse it with :class:`~picnic_rules.InvalidState`, not answer and not fail otherwise.

It then hands every function of the :class:`~picnic_rules.Game` record (and its methods)
a value of no game's kind -- ``None``, a huge int, a str, a float, a bool, an empty
container, a bare object, from :data:`GARBAGE` -- in each argument in turn, the others
good (:data:`ARGUMENTS` says what each takes). Each must answer, or refuse with a
:class:`~picnic_rules.PicnicError`: a ``TypeError`` or an ``AttributeError`` from inside
means a caller's slip reaches the game's code unchecked.
"""

from __future__ import annotations

import math
import random
import types
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

import attrs

from ..errors import InvalidState, PicnicError
from ..game import CHANCE
from ..typevars import M, R, S, V

if TYPE_CHECKING:
    from .context import Context

__all__ = ["ARGUMENTS", "GARBAGE", "garbage", "look_alike", "wrong_kind"]

_TAKE_VIEWS = frozenset({"render", "determinize", "check_view"})


def look_alike(state: object) -> object:
    """An object of another class with every field of ``state`` (an attrs class's fields, or
    its ``__slots__`` and ``__dict__``): whatever a function reads of it answers as
    ``state`` does, and only a test of its class tells them apart."""
    cls = type(state)
    if attrs.has(cls):
        names = [field.name for field in attrs.fields(cls)]
    else:
        names = [n for k in cls.__mro__ for n in getattr(k, "__slots__", ())]
        names += list(getattr(state, "__dict__", {}))
    twin = type("LookAlike", (types.SimpleNamespace,), {"__module__": "picnic_rules.testing"})
    return twin(**{name: getattr(state, name) for name in names})


def wrong_kind(checker: Context[S, V, M, R], state: S, legal: tuple[M, ...]) -> None:
    """Every function of the contract that takes a state refuses a look-alike of ``state``
    with ``InvalidState``, and every one that takes a view a look-alike of seat 0's."""
    game = checker.game
    twin: Any = look_alike(state)
    move = legal[0] if legal else None
    calls: dict[str, Callable[[], object]] = {
        "to_move": lambda: game.to_move(twin),
        "legal_moves": lambda: game.legal_moves(twin),
        "is_over": lambda: game.is_over(twin),
        "remaining": lambda: game.remaining(twin),
        "check": lambda: game.check(twin),
        "view": lambda: game.view(twin, 0),
        "result": lambda: game.result(twin),
        "sample_chance": lambda: game.sample_chance(twin, random.Random(0)),
    }
    seen: Any = look_alike(game.view(state, 0))
    calls["render"] = lambda: game.render(seen)
    calls["determinize"] = lambda: game.determinize(seen, random.Random(0))
    calls["check_view"] = lambda: game.check_view(seen)
    if game.chance == "explicit":
        calls["chance_outcomes"] = lambda: game.chance_outcomes(twin)
    if move is not None:
        calls["apply"] = lambda: game.apply(twin, move)
        calls["apply_legal"] = lambda: game.apply_legal(twin, move)
    for name, call in calls.items():
        what = "seat 0's view" if name in _TAKE_VIEWS else "the state"
        try:
            answer = call()
        except InvalidState:
            checker.ok()
            continue
        except AssertionError:
            raise
        except Exception as exc:
            checker.fail(
                "wrong-kind",
                f"{name} of a look-alike of {what} (another class, the same fields) "
                f"raised {type(exc).__name__}: {exc}, not InvalidState",
                state,
                exc,
            )
        checker.fail(
            "wrong-kind",
            f"{name} answered {answer!r:.80} for a look-alike of {what} (another class, "
            "the same fields): a position that is not the game's must be refused with "
            "InvalidState",
            state,
        )
    garbage(checker, state, legal)


GARBAGE: Final[tuple[object, ...]] = (
    None, -1, 10**30, "x", 1.5, math.nan, True, (), [], {}, object(),
)  # fmt: skip
"""Values of no game's kind, handed to every argument in turn."""

_TAKING: Final[dict[tuple[str, ...], tuple[str, ...]]] = {
    ("state",): (
        "to_move", "legal_moves", "chance_outcomes", "is_over", "result", "check",
        "remaining", "public_view",
    ),
    ("state", "move"): ("apply", "apply_legal"),
    ("state", "rng"): ("sample_chance", "random_move"),
    ("state", "seat"): ("view",),
    ("state", "text"): ("parse_move",),
    ("state", "move", "seat"): ("observe",),
    ("state", "seat", "move"): ("apply_as", "move_as"),
    ("view",): ("check_view", "render", "public"),
    ("public",): ("figures",),
    ("view", "rng"): ("determinize",),
    ("view", "observation"): ("update", "describe", "describe_public"),
    ("view", "move"): ("describe_move", "illegal_reason"),
    ("players", "rules"): (
        "new_game", "max_moves", "max_chance_steps", "action_space", "chance_space",
        "view_bounds", "tensors",
    ),
    ("players",): ("check_players",),
    ("move",): ("move_group",),
    ("moves",): ("group_moves",),
    ("text",): ("move_from_str",),
    ("name",): ("as_written",),
}  # fmt: skip

ARGUMENTS: Final[dict[str, tuple[str, ...]]] = {
    name: roles for roles, names in _TAKING.items() for name in names
}
"""What each function of the record (and each method) takes, in order: the arguments the
sweep fills with good values of the state at hand, and then, one at a time, with
:data:`GARBAGE`."""


def garbage(checker: Context[S, V, M, R], state: S, legal: tuple[M, ...]) -> None:
    """Every function of :data:`ARGUMENTS` answers, or raises a ``PicnicError``, with a
    value of :data:`GARBAGE` in any one argument and good values in the others: the state,
    the seat to act's view (seat 0's when no seat acts), the first legal move, its
    notation and its observation, the view's public part, the default rules, the player
    count, a generator. It
    runs once at each kind of position (who acts, and the class of the first legal move:
    a draw, a play, an end ...), at every deep step when ``thorough``: a refusal of a
    value of no game's kind never depends on the position beyond what it offers."""
    game = checker.game
    actor = game.to_move(state)
    who = "over" if actor is None else "chance" if actor is CHANCE else "seat"
    kind = (who, type(legal[0]) if legal else None)
    if kind in checker.garbage_seen and not checker.thorough:
        return  # the refusals do not depend on the position, only on what it offers
    checker.garbage_seen.add(kind)
    seat = actor if actor is not None and actor is not CHANCE else 0
    view = game.view(state, seat)
    good: dict[str, object] = {
        "state": state,
        "view": view,
        "seat": seat,
        "rng": random.Random(0),
        "rules": game.variants["default"],
        "players": state.players,  # type: ignore[attr-defined]
        "moves": legal,
        "name": "apply",
        "public": game.public(view),
    }
    if legal:
        move = legal[0]
        good.update(move=move, text=str(move), observation=game.observe(state, move, seat))
    for name, roles in ARGUMENTS.items():
        if any(role not in good for role in roles):
            continue  # no move here: the functions of a move wait for a state with one
        function = getattr(game, name)
        if function is None:  # a part of the action-space tier the game does not have
            continue
        for at, role in enumerate(roles):
            for junk in GARBAGE:
                arguments = [junk if i == at else good[other] for i, other in enumerate(roles)]
                try:
                    function(*arguments)
                except PicnicError:
                    pass
                except AssertionError:
                    raise
                except Exception as exc:
                    checker.fail(
                        "wrong-kind",
                        f"{name} with {junk!r:.20} for its {role} raised "
                        f"{type(exc).__name__}: {exc}, not a PicnicError",
                        state,
                        exc,
                    )
                checker.ok()
