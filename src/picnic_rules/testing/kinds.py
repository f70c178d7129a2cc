"""The check ``wrong-kind``: the contract refuses a position that is not the game's own.

A front end holding several games, or a codec's caller, can hand a game a position of
another game (or of another version of the same one). Its fields may well fit -- every
game's state has a ``phase`` and a ``turn`` -- and a function that only reads them then
answers about a game it is not playing: ``insects.legal_moves`` of an ants state once
listed insects draws. The check hands the game a **look-alike** of the state it is at --
an object of another class holding the same fields, so every field read answers as the
state's own -- and asks each function of the contract that takes a state; each must
refuse it with :class:`~picnic_rules.InvalidState`, not answer and not fail otherwise.
"""

from __future__ import annotations

import random
import types
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from ..errors import InvalidState
from ..typevars import M, R, S, V

if TYPE_CHECKING:
    from .context import Context

__all__ = ["look_alike", "wrong_kind"]

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
