"""The 'public-view' check: the public view is what every seat's view has in common.

At every step, ``public(view(s, k))`` is the same for every seat ``k`` -- so it holds
nothing that only some seats see, a hand's cards above all -- and at the expensive
steps it is unchanged when the hidden cards are dealt again: for each seat ``k``, in
``d = determinize(view(s, k))`` (a state that seat cannot tell from ``s``), the public
view of every seat's view of ``d`` is that of ``s``. The public view also goes
through the ``codec`` and ``documents`` checks (one document a step).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..typevars import M, R, S, V
from . import documents
from .text import short

if TYPE_CHECKING:
    from .context import Context

__all__ = ["CHECK", "check"]

CHECK = "public-view"
"""The name of this check in :data:`~picnic_rules.testing.CHECKS`."""


def _table(checker: Context[S, V, M, R], state: S, of: str) -> Any:
    """The public view of every seat's view of ``state`` (``of`` names it), checked to be one."""
    game = checker.game
    found: Any = None
    for seat in range(checker.players):
        v = checker.call(CHECK, f"view({of}, {seat})", state, game.view, state, seat)
        table = checker.call(CHECK, f"public(view({of}, {seat}))", state, game.public, v)
        if type(table) is not game.PublicView:
            checker.fail(
                CHECK,
                f"public(view({of}, {seat})) is a {type(table).__name__}, not the game's "
                "PublicView",
                state,
            )
        if seat and table != found:
            checker.fail(
                CHECK,
                f"public(view({of}, {seat})) differs from public(view({of}, 0)): the public "
                f"view shows what not every seat sees\n  seat 0:    {short(found, 1500)}\n"
                f"  seat {seat}: {short(table, 1500)}",
                state,
            )
        found = table
    try:
        hash(found)
    except TypeError as exc:
        checker.fail(CHECK, f"the public view of {of} is not hashable: {exc}", state, exc)
    return found


def check(checker: Context[S, V, M, R], state: S, deep: bool) -> None:
    """Check the public view of ``state``: one for every seat, and at a ``deep`` step the same
    in a determinization of each seat's view (with its codec round trip and strict document)."""
    game = checker.game
    table = _table(checker, state, "state")
    checker.ok()
    if not deep:
        return
    for seat in range(checker.players):
        v = game.view(state, seat)
        det = checker.call(
            CHECK, f"determinize(view(state, {seat}), rng)", state, game.determinize, v, checker.rng
        )
        again = _table(checker, det, f"determinize(view(state, {seat}))")
        if again != table:
            checker.fail(
                CHECK,
                f"the public view changes when the cards seat {seat} cannot see are dealt "
                f"again (determinize(view(state, {seat}))): it depends on hidden cards\n"
                f"  public view: {short(table, 1500)}\n  after determinize: {short(again, 1500)}",
                state,
            )
        checker.ok()
    what = "the public view"
    if checker.on("codec"):
        documents.round_trip(checker, table, what, state)
    if checker.on("documents"):
        documents.strict(checker, table, what, state)
