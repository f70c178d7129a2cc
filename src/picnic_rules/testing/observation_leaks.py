"""The 'observation-leaks' check: an observation tells its seat no more than it may know.

At every expensive step with listed moves (none at a sampled chance node):

* at a chance node -- and for every move of a game that declares
  ``face_down_moves=True`` -- two moves after which a seat's view is the same
  give that seat the same observation: an observation reveals no more than
  the change of the view (a card dealt to another seat stays unseen);
* in a game with ``face_down_moves=False`` every non-chance move is public:
  its observations are the same for every seat but in the fields that hold
  the observer (a field that is ``k`` in seat ``k``'s observation), and
  every seat tells any two legal moves apart;
* for one seat ``k`` a step, in turn, in ``determinize(view(s, k))`` -- a
  state ``k`` cannot tell from ``s`` -- each move legal in both that leaves
  ``k`` the same view there as here gives ``k`` the same observation: an
  observation depends on nothing ``k`` cannot see.

Nothing here knows a game: only ``observe``, ``apply``, ``view``,
``determinize`` and the declared ``face_down_moves``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..game import CHANCE, Actor
from ..typevars import M, R, S, V
from .observations import observe
from .text import notation, short

if TYPE_CHECKING:
    from .context import Context

__all__ = ["check"]


CHECK = "observation-leaks"


def check(checker: Context[S, V, M, R], state: S, actor: Actor, legal: tuple[M, ...]) -> None:
    """Run the three parts of the check on ``state`` (nothing when no move is listed)."""
    if actor is None or not legal:
        return
    if actor is CHANCE or checker.game.face_down_moves:
        _no_more_than_the_view(checker, state, legal)
    else:
        _public(checker, state, legal)
    _nothing_unseen(checker, state, legal)
    checker.ok()


def _call_view(checker: Context[S, V, M, R], state: S, seat: int, what: str) -> V:
    return checker.call(CHECK, f"view({what}, {seat})", state, checker.game.view, state, seat)


def _apply(checker: Context[S, V, M, R], state: S, move: M, what: str = "state") -> S:
    return checker.call(
        CHECK, f"apply({what}, {notation(move)!r})", state, checker.game.apply, state, move
    )


def _no_more_than_the_view(checker: Context[S, V, M, R], state: S, legal: tuple[M, ...]) -> None:
    """Moves that leave a seat the same view give it the same observation."""
    children = [_apply(checker, state, move) for move in legal]
    for seat in range(checker.players):
        seen: list[tuple[V, M, Any]] = []
        for move, child in zip(legal, children, strict=True):
            after = _call_view(checker, child, seat, "next state")
            obs = observe(checker, CHECK, state, move, seat)
            for other_after, other, other_obs in seen:
                if other_after == after and other_obs != obs:
                    checker.fail(
                        CHECK,
                        f"seat {seat}'s view is the same after {notation(other)!r} as after "
                        f"{notation(move)!r}, but its observations differ: an observation "
                        f"reveals more than the seat's view shows\n"
                        f"  {notation(other)!r}: {short(other_obs)}\n"
                        f"  {notation(move)!r}: {short(obs)}",
                        state,
                    )
            seen.append((after, move, obs))


def _alike(checker: Context[S, V, M, R], state: S, move: M, observed: list[Any]) -> None:
    """The seats' observations of a public move differ only in fields holding the observer."""
    first = observed[0]
    seats = list(range(len(observed)))
    if attrs.has(type(first)):
        for field in attrs.fields(type(first)):
            values = [getattr(obs, field.name) for obs in observed]
            if values == seats or all(value == values[0] for value in values):
                continue
            checker.fail(
                CHECK,
                f"the public move {notation(move)!r} is observed differently by the seats, in "
                f"{field.name}: {short(values)} (face_down_moves=False: only a field holding "
                f"the observer's own seat may differ)",
                state,
            )
    elif any(obs != first for obs in observed):
        checker.fail(
            CHECK,
            f"the public move {notation(move)!r} is observed differently by the seats: "
            f"{short(observed)} (face_down_moves=False)",
            state,
        )


def _public(checker: Context[S, V, M, R], state: S, legal: tuple[M, ...]) -> None:
    """Every seat observes a public move alike, and tells any two legal moves apart."""
    told: list[list[tuple[Any, M]]] = [[] for _ in range(checker.players)]
    for move in legal:
        observed = [observe(checker, CHECK, state, move, seat) for seat in range(checker.players)]
        _alike(checker, state, move, observed)
        for seat, obs in enumerate(observed):
            for other_obs, other in told[seat]:
                if other_obs == obs:
                    checker.fail(
                        CHECK,
                        f"seat {seat} observes {notation(other)!r} and {notation(move)!r} "
                        f"alike ({short(obs)}), but the game declares face_down_moves=False: "
                        f"every non-chance move is public",
                        state,
                    )
            told[seat].append((obs, move))


def _nothing_unseen(checker: Context[S, V, M, R], state: S, legal: tuple[M, ...]) -> None:
    """In a state the seat cannot tell from this one, a move that leaves it the same view
    gives it the same observation."""
    game = checker.game
    seat = checker.step % checker.players
    v = _call_view(checker, state, seat, "state")
    other = checker.call(
        CHECK, f"determinize(view(state, {seat}), rng)", state, game.determinize, v, checker.rng
    )
    possible = checker.call(CHECK, "legal_moves(determinized)", other, game.legal_moves, other)
    for move in legal:
        if move not in possible:
            continue
        here = _call_view(checker, _apply(checker, state, move), seat, "next state")
        there_state = _apply(checker, other, move, "determinized")
        if _call_view(checker, there_state, seat, "determinized next state") != here:
            continue
        mine = observe(checker, CHECK, state, move, seat)
        theirs = observe(checker, CHECK, other, move, seat)
        if mine != theirs:
            checker.fail(
                CHECK,
                f"seat {seat} cannot tell this state from determinize(view(state, {seat})), and "
                f"{notation(move)!r} leaves it the same view in both, but its observations "
                f"differ: the observation shows what seat {seat} cannot see\n"
                f"  here:         {short(mine)}\n"
                f"  determinized: {short(theirs)}\n"
                f"  determinized state: {short(other, 1500)}",
                state,
            )
