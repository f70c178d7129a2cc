"""Moves are values, and text has one way in: ill-typed moves, look-alikes, the text path.

Check ``move-values``: at the expensive steps, ``apply`` -- and every other function of
the record that takes a move: ``observe``, ``describe_move``, ``move_group`` -- must
refuse with :class:`~picnic_rules.IllegalMove` an object that compares equal to
everything (:class:`AlwaysEqual`, which ``in legal_moves(state)`` finds): what each takes
is a value of one of the game's move classes, the same in every game (the kit's gate,
:func:`picnic_rules.kit.gates.not_a_move`). And the harness takes a few
legal moves (and, at a sampled chance node, a sampled outcome) and builds

* **ill-typed** copies -- one field given a value of the wrong type: a str,
  ``None``, a list for a tuple, a float that equals no int, an enum's raw
  value, an object. ``apply`` must refuse each with
  :class:`~picnic_rules.IllegalMove` and ``Game.move_as`` with
  :class:`~picnic_rules.InvalidMove` or ``IllegalMove`` -- never
  ``TypeError``, ``AttributeError`` or an ``assert``;
* **look-alikes** -- copies that compare equal to the move although a field
  holds another type (``3.0`` for ``3``, ``True`` for ``1``). ``apply`` must
  treat each exactly as the listed move (the same state, the same JSON: no
  look-alike stored in it), and ``move_as`` must return the move in the
  game's own form (equal to the listed one, and as well typed).

Check ``text-path``: for the seat to act, ``move_as(state, seat, str(move))``
is the listed move (in its own form); every text ``parse_move`` accepts (the notation, its
leading words, other capitalisations -- where the game reads shorthands)
``move_as`` accepts as the same move; and the reason ``move_as`` gives for
an illegal move is the same in the real state and in a determinization of
the seat's view, so it cannot depend on a card the seat cannot see.
"""

from __future__ import annotations

import enum
import random
from typing import TYPE_CHECKING, Any

import attrs

from .. import codec
from ..errors import IllegalMove, InvalidMove, PicnicError
from ..game import Actor
from ..typecheck import ill_typed
from ..typevars import M, R, S, T, V
from . import mutations
from .text import notation

if TYPE_CHECKING:
    from .context import Context

__all__ = ["AlwaysEqual", "ill_typed_copies", "lookalikes", "move_values", "text_path"]


class _Stranger:
    """An object of no type any move declares."""

    def __repr__(self) -> str:
        return "<stranger>"


class AlwaysEqual:
    """An object that compares equal to everything: a move of no game, which a game that
    looks its moves up by ``==`` (``legal.index(move)``) would find among them."""

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    def __hash__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return "<always equal>"


def _wrong_values(value: object) -> list[object]:
    out: list[object] = ["x", None, _Stranger()]
    if type(value) is tuple:
        out.append(list(value))
    if type(value) is int:
        out.append(value + 0.5)
    if isinstance(value, enum.Enum) and not isinstance(value, int):
        out.append(value.value)
    return out


def ill_typed_copies(move: T) -> list[T]:
    """Copies of the attrs value ``move``, each with one field of a wrong type."""
    if not attrs.has(type(move)):
        return []
    out: list[T] = []
    instance: Any = move
    for name, alias, _ in mutations._fields(type(move)):
        for wrong in _wrong_values(getattr(move, name)):
            try:
                out.append(attrs.evolve(instance, **{alias: wrong}))
            except Exception:  # the class itself refuses the value
                continue
    return out


def _equal_values(value: object, depth: int = 0) -> list[object]:
    """Values equal to ``value`` but of another type (or holding one)."""
    if depth > 3:
        return []
    if type(value) is bool:
        return [int(value)]
    if type(value) is int:
        return [float(value), *([bool(value)] if value in (0, 1) else [])]
    if type(value) is tuple:
        out: list[object] = []
        for i, item in enumerate(value[:4]):
            out.extend(
                (*value[:i], other, *value[i + 1 :]) for other in _equal_values(item, depth + 1)
            )
        return out
    if attrs.has(type(value)):
        return list(lookalikes(value, depth + 1))
    return []


def lookalikes(move: T, depth: int = 0) -> list[T]:
    """Copies of the attrs value ``move`` equal to it, one field holding another type."""
    if not attrs.has(type(move)):
        return []
    out: list[T] = []
    instance: Any = move
    for name, alias, _ in mutations._fields(type(move)):
        for other in _equal_values(getattr(move, name), depth):
            try:
                copy = attrs.evolve(instance, **{alias: other})
            except Exception:
                continue
            if copy == move:
                out.append(copy)
    return out


def move_values(checker: Context[S, V, M, R], state: S, actor: Actor, legal: tuple[M, ...]) -> None:
    """An object equal to everything, then ill-typed copies and look-alikes of a few moves
    of ``state`` (see the module)."""
    game = checker.game
    _always_equal(checker, state)
    if actor is None:
        return
    if checker.sampled_chance(actor):
        moves = [game.sample_chance(state, checker.rng)]
    else:
        count = len(legal) if checker.thorough else min(1, len(legal))
        moves = checker.rng.sample(list(legal), count)
    for move in moves:
        for copy in ill_typed_copies(move):
            _refused(checker, state, actor, legal, copy)
        expected = game.apply(state, move)
        for copy in lookalikes(move):
            _as_listed(checker, state, actor, legal, move, copy, expected)


def _always_equal(checker: Context[S, V, M, R], state: S) -> None:
    """``apply``, ``observe``, ``describe_move`` and ``move_group`` each refuse an
    :class:`AlwaysEqual` with ``IllegalMove``: it is no move."""
    game = checker.game
    seat = 0
    stranger: Any = AlwaysEqual()
    calls: list[tuple[str, Any]] = [
        ("apply(state, <always equal>)", lambda: game.apply(state, stranger)),
        (f"observe(state, <always equal>, {seat})", lambda: game.observe(state, stranger, seat)),
        (
            f"describe_move(view(state, {seat}), <always equal>)",
            lambda: game.describe_move(game.view(state, seat), stranger),
        ),
        ("move_group(<always equal>)", lambda: game.move_group(stranger)),
    ]
    for call, make in calls:
        call += " of an object that compares equal to everything"
        try:
            make()
        except IllegalMove:
            checker.ok()
            continue
        except Exception as exc:
            checker.fail(
                "move-values",
                f"{call} raised {type(exc).__name__}: {exc} (only IllegalMove is allowed)",
                state,
                exc,
            )
        checker.fail(
            "move-values",
            f"{call} was accepted: a move is a value of one of the game's move classes",
            state,
        )


def _refused(
    checker: Context[S, V, M, R], state: S, actor: Actor, legal: tuple[M, ...], copy: M
) -> None:
    game = checker.game
    try:
        if copy in legal:
            return
    except Exception:
        pass
    shown = repr(copy) if len(repr(copy)) < 300 else repr(copy)[:297] + "..."
    try:
        game.apply(state, copy)
    except IllegalMove:
        pass
    except Exception as exc:
        checker.fail(
            "move-values",
            f"apply(state, {shown}) of an ill-typed move raised {type(exc).__name__}: {exc} "
            f"(only IllegalMove is allowed)",
            state,
            exc,
        )
    else:
        checker.fail("move-values", f"apply accepted the ill-typed move {shown}", state)
    if type(actor) is int:
        try:
            game.move_as(state, actor, copy)
        except (InvalidMove, IllegalMove):
            pass
        except Exception as exc:
            checker.fail(
                "move-values",
                f"move_as(state, {actor}, {shown}) of an ill-typed move raised "
                f"{type(exc).__name__}: {exc} (only InvalidMove or IllegalMove is allowed)",
                state,
                exc,
            )
        else:
            checker.fail("move-values", f"move_as accepted the ill-typed move {shown}", state)
    checker.ok()


def _as_listed(
    checker: Context[S, V, M, R],
    state: S,
    actor: Actor,
    legal: tuple[M, ...],
    move: M,
    copy: M,
    expected: S,
) -> None:
    game = checker.game
    call = f"apply(state, {copy!r}) of a look-alike of the legal move {notation(move)!r}"
    got = checker.call("move-values", call, state, game.apply, state, copy)
    if got != expected:
        checker.fail("move-values", f"{call} gives another state than the move itself", state)
    if codec.dumps(got, game=game) != codec.dumps(expected, game=game):
        checker.fail(
            "move-values",
            f"{call} gives a state that stores the look-alike (its JSON differs)",
            state,
        )
    if type(actor) is int:
        call = f"move_as(state, {actor}, {copy!r})"
        returned = checker.call("move-values", call, state, game.move_as, state, actor, copy)
        if not _proper(returned, move):
            checker.fail(
                "move-values", f"{call} is {returned!r}, not the listed move {move!r}", state
            )
    checker.ok()


def _proper(got: object, move: object) -> bool:
    """Whether ``got`` is ``move`` in the game's own form: equal, and typed as well as it."""
    return got == move and type(got) is type(move) and ill_typed(got) == ill_typed(move)


def _candidates(text: str) -> list[str]:
    words = text.split()
    out = [" ".join(words[:k]) for k in range(1, len(words))]
    out.extend({text.upper(), text.title(), f"  {text}  "} - {text})
    return out


def text_path(checker: Context[S, V, M, R], state: S, actor: Actor, legal: tuple[M, ...]) -> None:
    """The seat to act's text goes in one way: what ``parse_move`` accepts, ``move_as``
    accepts as the listed move; reasons come from the seat's view."""
    if type(actor) is not int or not legal:
        return
    game = checker.game
    count = len(legal) if checker.thorough else min(2, len(legal))
    for move in checker.rng.sample(list(legal), count):
        text = notation(move)
        call = f"move_as(state, {actor}, {text!r})"
        got = checker.call("text-path", call, state, game.move_as, state, actor, text)
        if not _proper(got, move):
            checker.fail("text-path", f"{call} is {got!r}, not the listed move {move!r}", state)
        for candidate in _candidates(text):
            _same_way(checker, state, actor, legal, candidate)
    if checker.pool:
        _same_reason(checker, state, actor, legal, checker.rng.choice(checker.pool))
    checker.ok()


def _same_way(
    checker: Context[S, V, M, R], state: S, actor: int, legal: tuple[M, ...], text: str
) -> None:
    game = checker.game
    try:
        parsed = game.parse_move(state, text)
    except PicnicError:
        return
    except Exception as exc:
        checker.fail(
            "text-path",
            f"parse_move(state, {text!r}) raised {type(exc).__name__}: {exc}",
            state,
            exc,
        )
    call = f"move_as(state, {actor}, {text!r}) of a text parse_move reads as {notation(parsed)!r}"
    got = checker.call("text-path", call, state, game.move_as, state, actor, text)
    if got != parsed or got not in legal:
        checker.fail("text-path", f"{call} is {got!r}", state)


def _same_reason(
    checker: Context[S, V, M, R], state: S, actor: int, legal: tuple[M, ...], move: M
) -> None:
    if move in legal:
        return
    game = checker.game
    reasons: list[str | None] = []
    stand_in = game.determinize(game.view(state, actor), random.Random(checker.rng.random()))
    for position in (state, stand_in):
        try:
            game.move_as(position, actor, move)
        except (IllegalMove, InvalidMove) as exc:
            reasons.append(exc.reason)
        except Exception as exc:
            checker.fail(
                "text-path",
                f"move_as(state, {actor}, {notation(move)!r}) of a move not in legal_moves "
                f"raised {type(exc).__name__}: {exc}",
                state,
                exc,
            )
        else:
            reasons.append(None)
    if reasons[0] != reasons[1]:
        checker.fail(
            "text-path",
            f"move_as(state, {actor}, {notation(move)!r}) gives the reason {reasons[0]!r}, "
            f"but {reasons[1]!r} in a determinization of seat {actor}'s view: "
            f"the reason depends on what the seat cannot see",
            state,
        )
