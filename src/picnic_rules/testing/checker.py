"""The per-step checks of the harness (:class:`Report` and the private checker)."""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NoReturn

import attrs

from .. import codec
from ..errors import IllegalMove, InvalidMove, RulesError
from ..game import CHANCE, AnyGame
from ..match import Record

if TYPE_CHECKING:
    pass

CHECKS: tuple[str, ...] = (
    "new-game",
    "check",
    "to-move",
    "legal-moves",
    "chance",
    "apply-pure",
    "legal-applies",
    "illegal-raises",
    "notation",
    "codec",
    "view",
    "leak",
    "max-moves",
    "max-steps",
    "result",
    "replay",
    "determinism",
)
"""The names of the checks, as failures name them (``check 'leak' failed``)."""

_POOL_SIZE = 512
_HISTORY = 12


def default_max_steps(game: AnyGame, players: int, rules: Any) -> int:
    """The default bound on all moves of a game, chance included: ``10 * max_moves + 1000``.

    A game must end within ``game.max_moves(players, rules)`` non-chance moves;
    this bound also catches a game that loops on chance (re-rolling ties
    forever). Pass ``max_steps`` to the checks for a game whose chance moves
    per decision are many more.
    """
    return 10 * game.max_moves(players, rules) + 1000


def _frozen_counts(counts: Mapping[str, int]) -> Mapping[str, int]:
    return dict(sorted(counts.items()))


@attrs.frozen
class Report:
    """What a harness run did: counts of games, steps and checks, and the end reasons seen.

    Reports add up: ``report_a + report_b`` sums the counts.
    """

    game: str
    """The name of the game checked."""
    games: int = 0
    """Games played to the end."""
    steps: int = 0
    """Moves applied, chance outcomes included."""
    chance_steps: int = 0
    """Chance outcomes applied."""
    checks: int = 0
    """Individual checks that passed."""
    reasons: Mapping[str, int] = attrs.field(factory=dict, converter=_frozen_counts, hash=False)
    """How many games ended for each ``result(...).reason``."""
    skipped: tuple[str, ...] = ()
    """Variant/player-count combinations the rules refuse (``RulesError``), with the reason."""

    @property
    def decisions(self) -> int:
        """Non-chance moves applied."""
        return self.steps - self.chance_steps

    def __add__(self, other: Report) -> Report:
        """The sum of two reports of the same game."""
        if not isinstance(other, Report):
            return NotImplemented
        reasons = Counter(self.reasons)
        reasons.update(other.reasons)
        return Report(
            game=self.game,
            games=self.games + other.games,
            steps=self.steps + other.steps,
            chance_steps=self.chance_steps + other.chance_steps,
            checks=self.checks + other.checks,
            reasons=dict(reasons),
            skipped=self.skipped + other.skipped,
        )

    def __str__(self) -> str:
        reasons = ", ".join(f"{name} {n}" for name, n in self.reasons.items()) or "none"
        text = (
            f"{self.game}: {self.games} games, {self.steps} steps "
            f"({self.chance_steps} chance), {self.checks} checks passed; reasons: {reasons}"
        )
        if self.skipped:
            text += f"; skipped: {'; '.join(self.skipped)}"
        return text


# --------------------------------------------------------------------------
# the per-step checker


def _short(obj: object, limit: int = 600) -> str:
    text = repr(obj)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _notation(move: object) -> str:
    try:
        return str(move)
    except Exception:
        return repr(move)


def _registered(game: AnyGame) -> bool:
    """Whether ``game`` is the very record :data:`picnic_rules.GAMES` holds under its name."""
    from ..registry import GAMES  # at call time: the registry imports every game

    return GAMES.get(game.name) is game


def _codec_works(game: AnyGame) -> bool:
    """Whether the codec can encode this game's objects (it finds games through the registry)."""
    from ..registry import GAMES  # at call time: the registry imports every game

    known = GAMES.get(game.name)
    return (
        known is not None
        and known.State is game.State
        and known.View is game.View
        and known.Rules is game.Rules
        and tuple(known.move_types) == tuple(game.move_types)
    )


class _Checker:
    """Runs the per-state and per-move checks of one game and fails with its context."""

    def __init__(
        self,
        game: AnyGame,
        players: int,
        rules: Any,
        *,
        variant: str,
        seed: int | None,
        thorough: bool,
        every: int,
        sample: int,
        rng: random.Random,
        use_codec: bool,
    ) -> None:
        if every < 1:
            raise ValueError(f"every must be at least 1, not {every}")
        self.game = game
        self.players = players
        self.rules = rules
        self.variant = variant
        self.seed = seed
        self.thorough = thorough
        self.every = every
        self.sample = sample
        self.rng = rng
        self.use_codec = use_codec
        self.pool: list[Any] = []
        self.pool_set: set[Any] = set()
        self.history: list[Any] = []
        self.step = 0
        self.decisions = 0
        self.chance_steps = 0
        self.checks = 0

    # failing -------------------------------------------------------------

    def fail(
        self,
        check: str,
        problem: str,
        state: object = None,
        cause: BaseException | None = None,
    ) -> NoReturn:
        """Raise the AssertionError that names everything needed to reproduce the failure."""
        game = self.game
        where = f"seed {self.seed}" if self.seed is not None else "moves chosen by hypothesis"
        lines = [
            f"{game.name}: check {check!r} failed: {problem}",
            f"  variant {self.variant!r}, {self.players} players, {where}, "
            f"step {self.step} ({self.decisions} non-chance moves so far)",
            f"  rules: {_short(self.rules)}",
        ]
        if self.history:
            recent = ", ".join(_notation(m) for m in self.history[-_HISTORY:])
            skipped = len(self.history) - _HISTORY
            lines.append(f"  moves: {'... ' if skipped > 0 else ''}{recent}")
        if state is not None:
            lines.append(f"  state: {_short(state, 2000)}")
        if self.seed is not None:
            registered = _registered(game)
            named = f"GAMES[{game.name!r}]" if registered else "game"
            lines.append(
                f"  reproduce: picnic_rules.testing.check_play({named}, "
                f"players={self.players}, rules={_short(self.rules)}, seed={self.seed}, "
                f"thorough={self.thorough}, every={self.every})"
            )
        error = AssertionError("\n".join(lines))
        if cause is not None:
            raise error from cause
        raise error

    def call(
        self,
        check: str,
        what: str,
        state: object,
        fn: Callable[..., Any],
        *args: Any,
        **kwargs: Any,
    ) -> Any:
        """``fn(*args, **kwargs)``, turning any exception into a failure of ``check``."""
        try:
            return fn(*args, **kwargs)
        except AssertionError:
            raise
        except Exception as exc:
            self.fail(check, f"{what} raised {type(exc).__name__}: {exc}", state, exc)

    def ok(self, n: int = 1) -> None:
        self.checks += n

    def deep(self) -> bool:
        """Whether this step runs the expensive checks (all of them when ``thorough``)."""
        return self.thorough or self.step % self.every == 0

    # one state -------------------------------------------------------------

    def visit(self, state: Any, *, force_deep: bool = False) -> tuple[Any, tuple[Any, ...]]:
        """Check one state; return its actor and legal moves."""
        game = self.game
        deep = force_deep or self.deep()
        self.call("check", "check(state)", state, game.check, state)
        self.ok()
        try:
            fingerprint = hash(state)
        except TypeError as exc:
            self.fail("apply-pure", f"the state is not hashable: {exc}", state, exc)
        snapshot = copy.deepcopy(state) if deep else None

        actor = self.call("to-move", "to_move(state)", state, game.to_move, state)
        over = self.call("to-move", "is_over(state)", state, game.is_over, state)
        if over is not (actor is None):
            self.fail("to-move", f"is_over is {over!r} but to_move is {actor!r}", state)
        if not (
            actor is None or actor is CHANCE or (type(actor) is int and 0 <= actor < self.players)
        ):
            self.fail("to-move", f"to_move returned {actor!r}, not a seat, CHANCE or None", state)
        self.ok()

        legal = self.call("legal-moves", "legal_moves(state)", state, game.legal_moves, state)
        if type(legal) is not tuple:
            self.fail("legal-moves", f"legal_moves returned a {type(legal).__name__}, not a tuple")
        if over and legal:
            self.fail("legal-moves", f"the game is over but legal_moves lists {legal!r}", state)
        if not over and not legal:
            self.fail("legal-moves", "the game goes on but legal_moves is empty", state)
        try:
            legal_set = set(legal)
        except TypeError as exc:
            self.fail("legal-moves", f"a legal move is not hashable: {exc}", state, exc)
        if len(legal_set) != len(legal):
            dupes = [m for m, n in Counter(legal).items() if n > 1]
            self.fail("legal-moves", f"legal_moves lists {dupes!r} more than once", state)
        if deep:
            again = self.call("legal-moves", "legal_moves(state)", state, game.legal_moves, state)
            if again != legal:
                self.fail("legal-moves", "legal_moves gave two different answers", state)
        self.ok()

        if actor is CHANCE:
            self.chance(state, legal, legal_set, deep)
        for move in legal:
            if len(self.pool) < _POOL_SIZE and move not in self.pool_set:
                self.pool.append(move)
                self.pool_set.add(move)

        self.legal_applies(state, legal, deep)
        self.illegal_raises(state, legal_set, deep)
        if deep:
            self.notation(state, legal)
            self.views(state, actor, legal)
            if self.use_codec:
                self.round_trip(state, "the state", state)

        if hash(state) != fingerprint or (snapshot is not None and snapshot != state):
            self.fail("apply-pure", "a call of the game's functions changed its input state", state)
        self.ok()
        return actor, legal

    def chance(self, state: Any, legal: tuple[Any, ...], legal_set: set[Any], deep: bool) -> None:
        game = self.game
        outcomes = self.call("chance", "chance_outcomes(state)", state, game.chance_outcomes, state)
        if type(outcomes) is not tuple or any(
            type(pair) is not tuple or len(pair) != 2 for pair in outcomes
        ):
            self.fail("chance", f"chance_outcomes must be a tuple of (move, weight): {outcomes!r}")
        moves = tuple(move for move, _ in outcomes)
        if moves != legal:
            self.fail(
                "chance",
                f"legal_moves {legal!r} is not the moves of chance_outcomes {moves!r}",
                state,
            )
        for move, weight in outcomes:
            if type(weight) not in (int, Fraction) or weight <= 0:
                self.fail(
                    "chance",
                    f"the weight of {_notation(move)!r} is {weight!r}, not a positive int or Fraction",
                    state,
                )
        if deep:
            for _ in range(3):
                drawn = self.call(
                    "chance",
                    "sample_chance(state, rng)",
                    state,
                    game.sample_chance,
                    state,
                    self.rng,
                )
                if drawn not in legal_set:
                    self.fail("chance", f"sample_chance returned {drawn!r}, not an outcome", state)
        self.ok()

    def legal_applies(self, state: Any, legal: tuple[Any, ...], deep: bool) -> None:
        game = self.game
        if deep or len(legal) <= self.sample:
            moves: Sequence[Any] = legal
        else:
            moves = self.rng.sample(legal, self.sample)
        for move in moves:
            child = self.call(
                "legal-applies",
                f"apply(state, {_notation(move)!r}) of a legal move",
                state,
                game.apply,
                state,
                move,
            )
            if deep:
                self.call(
                    "legal-applies",
                    f"check(apply(state, {_notation(move)!r}))",
                    state,
                    game.check,
                    child,
                )
        self.ok(len(moves))

    def illegal_raises(self, state: Any, legal_set: set[Any], deep: bool) -> None:
        game = self.game
        rng = self.rng
        candidates: list[Any] = []
        for _ in range(6 if deep else 2):
            candidates.append(
                self.call(
                    "illegal-raises", "random_move(state, rng)", state, game.random_move, state, rng
                )
            )
        if self.pool:
            if self.thorough:
                candidates.extend(self.pool)
            else:
                candidates.extend(rng.choice(self.pool) for _ in range(16 if deep else 2))
        for move in candidates:
            try:
                if move in legal_set:
                    continue
            except TypeError as exc:
                self.fail("illegal-raises", f"the move {move!r} is not hashable", state, exc)
            try:
                game.apply(state, move)
            except IllegalMove:
                pass
            except Exception as exc:
                self.fail(
                    "illegal-raises",
                    f"apply(state, {_notation(move)!r}) of a move not in legal_moves raised "
                    f"{type(exc).__name__}: {exc} (only IllegalMove is allowed)",
                    state,
                    exc,
                )
            else:
                self.fail(
                    "illegal-raises",
                    f"apply accepted {_notation(move)!r} ({move!r}), which legal_moves does not list",
                    state,
                )
            if deep:
                try:
                    game.parse_move(state, _notation(move))
                except (IllegalMove, InvalidMove):
                    pass
                except Exception as exc:
                    self.fail(
                        "illegal-raises",
                        f"parse_move(state, {_notation(move)!r}) of a move not in legal_moves "
                        f"raised {type(exc).__name__}: {exc}",
                        state,
                        exc,
                    )
                else:
                    self.fail(
                        "illegal-raises",
                        f"parse_move accepted {_notation(move)!r}, which legal_moves does not list",
                        state,
                    )
            self.ok()

    def notation(self, state: Any, legal: tuple[Any, ...]) -> None:
        game = self.game
        moves = legal if self.thorough or len(legal) <= 8 else self.rng.sample(legal, 8)
        for move in moves:
            text = self.call("notation", f"str({move!r})", state, str, move)
            parsed = self.call(
                "notation", f"parse_move(state, {text!r})", state, game.parse_move, state, text
            )
            if parsed != move:
                self.fail(
                    "notation", f"parse_move(state, {text!r}) is {parsed!r}, not {move!r}", state
                )
            bare = self.call(
                "notation", f"move_from_str({text!r})", state, game.move_from_str, text
            )
            if bare != move:
                self.fail("notation", f"move_from_str({text!r}) is {bare!r}, not {move!r}", state)
            if self.thorough and self.use_codec:
                self.round_trip(move, f"the move {text!r}", state)
        self.ok(len(moves))

    def views(self, state: Any, actor: Any, legal: tuple[Any, ...]) -> None:
        game = self.game
        for seat in range(self.players):
            v = self.call("view", f"view(state, {seat})", state, game.view, state, seat)
            self.call("view", f"check_view(view(state, {seat}))", state, game.check_view, v)
            again = self.call("view", f"view(state, {seat})", state, game.view, state, seat)
            if again != v:
                self.fail("view", f"view(state, {seat}) gave two different answers", state)
            try:
                fingerprint = hash(v)
            except TypeError as exc:
                self.fail("view", f"view(state, {seat}) is not hashable: {exc}", state, exc)
            self.ok()

            det = self.call(
                "leak",
                f"determinize(view(state, {seat}), rng)",
                state,
                game.determinize,
                v,
                self.rng,
            )
            if hash(v) != fingerprint:
                self.fail("apply-pure", f"determinize changed the view of seat {seat}", state)
            self.call("leak", f"check(determinize(view(state, {seat})))", det, game.check, det)
            seen = self.call("leak", f"view(determinized, {seat})", det, game.view, det, seat)
            if seen != v:
                self.fail(
                    "leak",
                    f"view(determinize(view(state, {seat})), {seat}) differs from view(state, {seat}): "
                    f"the view shows what it should hide, or determinize loses what it shows\n"
                    f"  view:             {_short(v, 1500)}\n"
                    f"  after determinize: {_short(seen, 1500)}",
                    state,
                )
            det_actor = self.call("leak", "to_move(determinized)", det, game.to_move, det)
            if det_actor != actor:
                self.fail(
                    "leak",
                    f"to_move of seat {seat}'s determinized state is {det_actor!r}, not {actor!r}",
                    state,
                )
            if seat == actor:
                det_legal = self.call(
                    "leak", "legal_moves(determinized)", det, game.legal_moves, det
                )
                if det_legal != legal:
                    self.fail(
                        "leak",
                        f"seat {seat} acts, but its legal moves differ in a determinized state "
                        f"({det_legal!r} instead of {legal!r}): they depend on hidden cards",
                        state,
                    )
            self.ok()
            if self.use_codec:
                self.round_trip(v, f"the view of seat {seat}", state)

    def round_trip(self, obj: Any, what: str, state: Any) -> None:
        text = self.call("codec", f"codec.dumps({what})", state, codec.dumps, obj)
        back = self.call("codec", f"codec.loads(codec.dumps({what}))", state, codec.loads, text)
        if back != obj:
            self.fail(
                "codec",
                f"{what} does not round-trip through JSON:\n  before: {_short(obj, 1500)}\n"
                f"  after:  {_short(back, 1500)}\n  json:   {text[:1500]}",
                state,
            )
        self.ok()

    # one move ---------------------------------------------------------------

    def apply(self, state: Any, move: Any, legal_set: set[Any], actor: Any) -> Any:
        """Apply a chosen legal move, checking purity; count it and bound the game."""
        game = self.game
        if move not in legal_set:
            self.fail("legal-moves", f"the chosen move {move!r} is not a legal move", state)
        fingerprint = hash(state)
        new = self.call(
            "legal-applies", f"apply(state, {_notation(move)!r})", state, game.apply, state, move
        )
        if hash(state) != fingerprint:
            self.fail("apply-pure", f"apply(state, {_notation(move)!r}) changed its input", state)
        if self.use_codec and self.deep():
            self.round_trip(move, f"the move {_notation(move)!r}", state)
        self.history.append(move)
        self.step += 1
        if actor is CHANCE:
            self.chance_steps += 1
        else:
            self.decisions += 1
        self.ok()
        return new

    def bound(self, limit: int, max_steps: int, state: Any) -> None:
        """Fail if the game has run past its bounds."""
        if self.decisions > limit:
            self.fail(
                "max-moves",
                f"the game did not end within max_moves = {limit} non-chance moves",
                state,
            )
        if self.step > max_steps:
            self.fail(
                "max-steps",
                f"the game did not end within {max_steps} moves, chance included",
                state,
            )

    def finish(self, state: Any) -> Any:
        """Check the final state's result; return it."""
        game = self.game
        outcome = self.call("result", "result(final state)", state, game.result, state)
        scores = getattr(outcome, "scores", None)
        winners = getattr(outcome, "winners", None)
        reason = getattr(outcome, "reason", None)
        if type(scores) is not tuple or len(scores) != self.players:
            self.fail("result", f"result has scores {scores!r}, not one per seat", state)
        if type(winners) is not tuple or len(set(winners)) != len(winners):
            self.fail(
                "result", f"result has winners {winners!r}, not a tuple of distinct seats", state
            )
        top = max(scores)
        for seat in winners:
            if type(seat) is not int or not 0 <= seat < self.players:
                self.fail("result", f"winner {seat!r} is not a seat", state)
            if scores[seat] != top:
                self.fail(
                    "result",
                    f"seat {seat} wins with {scores[seat]} but the top score is {top}: {outcome!r}",
                    state,
                )
        if type(reason) is not str or not reason:
            self.fail("result", f"result has reason {reason!r}, not a non-empty string", state)
        again = self.call("result", "result(final state)", state, game.result, state)
        if again != outcome:
            self.fail("result", "result gave two different answers", state)
        self.ok()
        return outcome


def _new_game(game: AnyGame, players: int, rules: Any) -> Any:
    """``game.new_game(players, rules)``; lets RulesError through, wraps the rest."""
    try:
        return game.new_game(players, rules)
    except RulesError:
        raise
    except Exception as exc:
        raise AssertionError(
            f"{game.name}: check 'new-game' failed: new_game({players}, {_short(rules)}) raised "
            f"{type(exc).__name__}: {exc}"
        ) from exc


def _replay(game: AnyGame, record: Record) -> Any:
    """The final state of ``record``, applied with ``game``'s own functions (registered or not)."""
    state = game.new_game(record.players, record.rules)
    for move in record.moves:
        state = game.apply(state, move)
    return state


def _seat_rng(seed: int, seat: int) -> random.Random:
    return random.Random(f"testing:{seed}:{seat}")
