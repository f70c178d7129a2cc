"""The checks of one state's moves: chance, legal and illegal moves, notation, apply_as."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from ..errors import IllegalMove, InvalidMove, OutOfTurn
from ..game import Actor
from ..typevars import M, R, S, V
from . import documents, mutations
from .text import notation as _text

if TYPE_CHECKING:
    from .context import Context

__all__ = [
    "apply_as",
    "explicit_chance",
    "illegal_raises",
    "legal_applies",
    "notation",
    "sampled_chance",
]


def explicit_chance(
    checker: Context[S, V, M, R], state: S, legal: tuple[M, ...], deep: bool
) -> None:
    """``chance_outcomes`` lists exactly the legal moves with positive exact weights, and
    ``sample_chance`` draws one of them."""
    game = checker.game
    outcomes = checker.call("chance", "chance_outcomes(state)", state, game.chance_outcomes, state)
    if type(outcomes) is not tuple or any(
        type(pair) is not tuple or len(pair) != 2 for pair in outcomes
    ):
        checker.fail("chance", f"chance_outcomes must be a tuple of (move, weight): {outcomes!r}")
    moves = tuple(move for move, _ in outcomes)
    if moves != legal:
        checker.fail(
            "chance", f"legal_moves {legal!r} is not the moves of chance_outcomes {moves!r}", state
        )
    for move, weight in outcomes:
        if type(weight) not in (int, Fraction) or weight <= 0:
            checker.fail(
                "chance",
                f"the weight of {_text(move)!r} is {weight!r}, not a positive int or Fraction",
                state,
            )
    if deep:
        for _ in range(3):
            drawn = checker.call(
                "chance", "sample_chance(state, rng)", state, game.sample_chance, state, checker.rng
            )
            if drawn not in legal:
                checker.fail("chance", f"sample_chance returned {drawn!r}, not an outcome", state)
    checker.ok()


def sampled_chance(
    checker: Context[S, V, M, R], state: S, legal: tuple[M, ...], deep: bool
) -> None:
    """At a sampled chance node nothing is listed; a seed gives one outcome, which applies;
    outcomes changed field by field raise IllegalMove or apply to a state ``check`` accepts."""
    game = checker.game
    if legal:
        checker.fail(
            "chance",
            f"the game's chance is sampled, but legal_moves lists {len(legal)} outcomes "
            f"at a chance node (it must be empty)",
            state,
        )
    outcomes = checker.call("chance", "chance_outcomes(state)", state, game.chance_outcomes, state)
    if outcomes != ():
        checker.fail(
            "chance",
            f"the game's chance is sampled, but chance_outcomes is {outcomes!r}, not ()",
            state,
        )
    seed = checker.rng.randrange(2**32)
    drawn = [checker.sample_with(state, seed) for _ in range(2)]
    if drawn[0] != drawn[1]:
        checker.fail(
            "chance",
            f"sample_chance with seed {seed} drew {drawn[0]!r} and then {drawn[1]!r}",
            state,
        )
    outcome = drawn[0]
    child = checker.call(
        "chance",
        f"apply(state, {_text(outcome)!r}) of a sampled outcome",
        state,
        game.apply,
        state,
        outcome,
    )
    checker.call("chance", "check(state after a sampled outcome)", child, game.check, child)
    checker.ok()
    if deep and checker.on("notation"):
        notation(checker, state, (outcome,))
    if deep:
        count = 16 if checker.thorough else 4
        for forged in mutations.sample(outcome, count, checker.rng):
            supplied_outcome(checker, state, forged)


def supplied_outcome(checker: Context[S, V, M, R], state: S, move: M) -> None:
    """A caller-supplied outcome at a sampled chance node: IllegalMove, or a state ``check`` accepts."""
    game = checker.game
    try:
        child = game.apply(state, move)
    except IllegalMove:
        checker.ok()
        return
    except Exception as exc:
        checker.fail(
            "illegal-raises",
            f"apply(state, {_text(move)!r}) of a supplied chance outcome raised "
            f"{type(exc).__name__}: {exc} (only IllegalMove is allowed)",
            state,
            exc,
        )
    try:
        game.check(child)
    except Exception as exc:
        checker.fail(
            "chance",
            f"apply accepted the supplied outcome {_text(move)!r} ({move!r}), "
            f"but check refuses the state it gives: {exc}",
            state,
            exc,
        )
    checker.ok()


def legal_applies(checker: Context[S, V, M, R], state: S, legal: tuple[M, ...], deep: bool) -> None:
    """Every legal move applies (a sample of them when not ``deep``), ``apply_legal`` gives
    the same state, and the child passes ``check``."""
    game = checker.game
    if deep or len(legal) <= checker.sample:
        moves: Sequence[M] = legal
    else:
        moves = checker.rng.sample(legal, checker.sample)
    for move in moves:
        child = checker.call(
            "legal-applies",
            f"apply(state, {_text(move)!r}) of a legal move",
            state,
            game.apply,
            state,
            move,
        )
        if game.apply_legal is not game.apply:
            trusted = checker.call(
                "legal-applies",
                f"apply_legal(state, {_text(move)!r})",
                state,
                game.apply_legal,
                state,
                move,
            )
            if trusted != child:
                checker.fail(
                    "legal-applies",
                    f"apply_legal(state, {_text(move)!r}) differs from apply: {trusted!r}",
                    state,
                )
        if deep:
            checker.call(
                "legal-applies", f"check(apply(state, {_text(move)!r}))", state, game.check, child
            )
    checker.ok(len(moves))


def illegal_raises(
    checker: Context[S, V, M, R], state: S, actor: Actor, legal_set: set[M], deep: bool
) -> None:
    """Moves not in ``legal_moves`` (random ones, and legal moves of earlier states) raise
    IllegalMove, and parse_move refuses them; at a sampled chance node, see :func:`supplied_outcome`."""
    game = checker.game
    rng = checker.rng
    candidates: list[M] = [
        checker.call(
            "illegal-raises", "random_move(state, rng)", state, game.random_move, state, rng
        )
        for _ in range(6 if deep else 2)
    ]
    if checker.pool:
        if checker.thorough:
            candidates.extend(checker.pool)
        else:
            candidates.extend(rng.choice(checker.pool) for _ in range(16 if deep else 2))
    sampled = checker.sampled_chance(actor)
    for move in candidates:
        try:
            if move in legal_set:
                continue
        except TypeError as exc:
            checker.fail("illegal-raises", f"the move {move!r} is not hashable", state, exc)
        if sampled:
            supplied_outcome(checker, state, move)
            continue
        try:
            game.apply(state, move)
        except IllegalMove:
            pass
        except Exception as exc:
            checker.fail(
                "illegal-raises",
                f"apply(state, {_text(move)!r}) of a move not in legal_moves raised "
                f"{type(exc).__name__}: {exc} (only IllegalMove is allowed)",
                state,
                exc,
            )
        else:
            checker.fail(
                "illegal-raises",
                f"apply accepted {_text(move)!r} ({move!r}), which legal_moves does not list",
                state,
            )
        if deep:
            _parse_refuses(checker, state, move)
        checker.ok()


def _parse_refuses(checker: Context[S, V, M, R], state: S, move: M) -> None:
    try:
        checker.game.parse_move(state, _text(move))
    except (IllegalMove, InvalidMove):
        return
    except Exception as exc:
        checker.fail(
            "illegal-raises",
            f"parse_move(state, {_text(move)!r}) of a move not in legal_moves "
            f"raised {type(exc).__name__}: {exc}",
            state,
            exc,
        )
    checker.fail(
        "illegal-raises",
        f"parse_move accepted {_text(move)!r}, which legal_moves does not list",
        state,
    )


def notation(checker: Context[S, V, M, R], state: S, legal: tuple[M, ...]) -> None:
    """``parse_move(state, str(move))`` and ``move_from_str(str(move))`` give the move back."""
    game = checker.game
    moves = legal if checker.thorough or len(legal) <= 8 else checker.rng.sample(legal, 8)
    for move in moves:
        text = checker.call("notation", f"str({move!r})", state, str, move)
        parsed = checker.call(
            "notation", f"parse_move(state, {text!r})", state, game.parse_move, state, text
        )
        if parsed != move:
            checker.fail(
                "notation", f"parse_move(state, {text!r}) is {parsed!r}, not {move!r}", state
            )
        bare = checker.call("notation", f"move_from_str({text!r})", state, game.move_from_str, text)
        if bare != move:
            checker.fail("notation", f"move_from_str({text!r}) is {bare!r}, not {move!r}", state)
        if checker.thorough:
            documents.check_object(checker, move, f"the move {text!r}", state)
    checker.ok(len(moves))


def apply_as(
    checker: Context[S, V, M, R],
    state: S,
    actor: Actor,
    legal: tuple[M, ...],
    move: M,
    new: S,
    deep: bool,
) -> None:
    """``Game.apply_as`` with the move played: from the actor (as a move and as its
    notation) it gives ``new``; from every other seat it raises OutOfTurn. At an expensive
    step (``deep``), a move not in ``legal`` from the actor raises IllegalMove, not
    OutOfTurn."""
    game = checker.game
    text = _text(move)
    for seat in range(checker.players):
        if seat != actor:
            _out_of_turn(checker, state, actor, seat, move)
            continue
        for sent in (move, text):
            call = f"apply_as(state, {seat}, {sent!r})"
            got = checker.call("apply-as", call, state, game.apply_as, state, seat, sent)
            if got != new:
                checker.fail("apply-as", f"{call} differs from apply(state, {text!r})", state)
        if deep and checker.pool:
            _refused(checker, state, seat, set(legal))
    checker.ok()


def _out_of_turn(checker: Context[S, V, M, R], state: S, actor: Actor, seat: int, move: M) -> None:
    call = f"apply_as(state, {seat}, {_text(move)!r}) when {actor!r} is to act"
    try:
        checker.game.apply_as(state, seat, move)
    except OutOfTurn as exc:
        if exc.seat != seat or exc.actor != actor:
            checker.fail(
                "apply-as",
                f"{call} raised OutOfTurn with seat {exc.seat!r} and actor {exc.actor!r}",
                state,
                exc,
            )
    except Exception as exc:
        checker.fail(
            "apply-as", f"{call} raised {type(exc).__name__}: {exc}, not OutOfTurn", state, exc
        )
    else:
        checker.fail("apply-as", f"{call} was accepted: only the seat to act may move", state)


def _refused(checker: Context[S, V, M, R], state: S, seat: int, legal: set[M]) -> None:
    """A move of an earlier state that is not legal here, from the seat to act: IllegalMove."""
    move = checker.rng.choice(checker.pool)
    if move in legal:
        return
    call = f"apply_as(state, {seat}, {_text(move)!r}) of a move not in legal_moves"
    try:
        checker.game.apply_as(state, seat, move)
    except OutOfTurn as exc:
        checker.fail("apply-as", f"{call} raised OutOfTurn, but seat {seat} is to act", state, exc)
    except IllegalMove:
        return
    except Exception as exc:
        checker.fail(
            "apply-as", f"{call} raised {type(exc).__name__}: {exc}, not IllegalMove", state, exc
        )
    else:
        checker.fail("apply-as", f"{call} was accepted", state)
