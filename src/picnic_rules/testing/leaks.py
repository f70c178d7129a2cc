"""The checks of one state's views: ``view``/``check_view``, the leak test, forged views."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import InvalidState
from ..game import Actor
from ..typevars import M, R, S, V
from . import documents, mutations
from .text import short

if TYPE_CHECKING:
    from .context import Context

__all__ = ["forged_views", "views"]

FORGED_VIEWS = 4
"""How many forged views :func:`forged_views` tries per deep step."""


def views(checker: Context[S, V, M, R], state: S, actor: Actor, legal: tuple[M, ...]) -> None:
    """Every seat's view: accepted by ``check_view``, stable, hashable, round-tripping, and not
    leaking (``view(determinize(v), seat) == v`` with the same actor and legal moves).

    One seat's view per step, in turn, also goes through the ``documents`` check.
    """
    game = checker.game
    for seat in range(checker.players):
        v = checker.call("view", f"view(state, {seat})", state, game.view, state, seat)
        if checker.on("view"):
            checker.call("view", f"check_view(view(state, {seat}))", state, game.check_view, v)
            again = checker.call("view", f"view(state, {seat})", state, game.view, state, seat)
            if again != v:
                checker.fail("view", f"view(state, {seat}) gave two different answers", state)
            try:
                hash(v)
            except TypeError as exc:
                checker.fail("view", f"view(state, {seat}) is not hashable: {exc}", state, exc)
            checker.ok()
        if checker.on("leak"):
            _no_leak(checker, state, seat, v, actor, legal)
        what = f"the view of seat {seat}"
        if checker.on("codec"):
            documents.round_trip(checker, v, what, state)
        if checker.on("documents") and seat == checker.step % checker.players:
            documents.strict(checker, v, what, state)  # one seat a step: they share a shape


def _no_leak(
    checker: Context[S, V, M, R], state: S, seat: int, v: V, actor: Actor, legal: tuple[M, ...]
) -> None:
    game = checker.game
    fingerprint = hash(v)
    det = checker.call(
        "leak", f"determinize(view(state, {seat}), rng)", state, game.determinize, v, checker.rng
    )
    if hash(v) != fingerprint:
        checker.fail("apply-pure", f"determinize changed the view of seat {seat}", state)
    checker.call("leak", f"check(determinize(view(state, {seat})))", det, game.check, det)
    seen = checker.call("leak", f"view(determinized, {seat})", det, game.view, det, seat)
    if seen != v:
        checker.fail(
            "leak",
            f"view(determinize(view(state, {seat})), {seat}) differs from view(state, {seat}): "
            f"the view shows what it should hide, or determinize loses what it shows\n"
            f"  view:             {short(v, 1500)}\n"
            f"  after determinize: {short(seen, 1500)}",
            state,
        )
    det_actor = checker.call("leak", "to_move(determinized)", det, game.to_move, det)
    if det_actor != actor:
        checker.fail(
            "leak",
            f"to_move of seat {seat}'s determinized state is {det_actor!r}, not {actor!r}",
            state,
        )
    if seat == actor:
        det_legal = checker.call("leak", "legal_moves(determinized)", det, game.legal_moves, det)
        if det_legal != legal:
            checker.fail(
                "leak",
                f"seat {seat} acts, but its legal moves differ in a determinized state "
                f"({det_legal!r} instead of {legal!r}): they depend on hidden cards",
                state,
            )
    checker.ok()


def forged_views(checker: Context[S, V, M, R], state: S) -> None:
    """Views changed at one place: ``check_view`` refuses them with InvalidState, or
    ``determinize`` makes of them a state that ``check`` accepts and that shows that view.

    One seat per deep step, in turn, and :data:`FORGED_VIEWS` mutants of its view.
    """
    game = checker.game
    seat = checker.step % checker.players
    v = checker.call("forged-views", f"view(state, {seat})", state, game.view, state, seat)
    for forged in mutations.sample(v, FORGED_VIEWS, checker.rng):
        _forged(checker, state, seat, forged)


def _forged(checker: Context[S, V, M, R], state: S, seat: int, forged: V) -> None:
    game = checker.game
    try:
        game.check_view(forged)
    except InvalidState:
        checker.ok()
        return
    except Exception as exc:
        checker.fail(
            "forged-views",
            f"check_view of a forged view of seat {seat} raised {type(exc).__name__}: {exc} "
            f"(only InvalidState is allowed)\n  forged view: {short(forged, 1500)}",
            state,
            exc,
        )
    shown = f"\n  forged view: {short(forged, 1500)}"
    det = checker.call(
        "forged-views",
        f"determinize(forged view) that check_view accepts{shown}",
        state,
        game.determinize,
        forged,
        checker.rng,
    )
    try:
        game.check(det)
    except Exception as exc:
        checker.fail(
            "forged-views",
            f"check_view accepts a forged view of seat {seat}, but check refuses its "
            f"determinization: {exc}{shown}",
            state,
            exc,
        )
    owner = getattr(forged, "player", seat)
    seen = checker.call(
        "forged-views", f"view(determinized forged view, {owner})", det, game.view, det, owner
    )
    if seen != forged:
        checker.fail(
            "forged-views",
            f"check_view accepts a forged view of seat {seat}, but its determinization shows "
            f"another view{shown}\n  after determinize: {short(seen, 1500)}",
            state,
        )
    checker.ok()
