"""Play a match between agents (:func:`play`) and replay its :class:`Record` (:func:`replay`).

>>> from picnic_rules import GAMES, RandomAgent, play, replay
>>> record = play("sandwich", [RandomAgent(), RandomAgent()], seed=7)
>>> record == play("sandwich", ["random", RandomAgent], seed=7)
True
>>> states = replay(record)
>>> GAMES["sandwich"].result(states[-1]) == record.outcome
True

Chance is resolved with ``random.Random(seed)`` through the game's
``sample_chance``; seat ``i``'s agent gets its own ``random.Random(f"{seed}:{i}")``,
so an agent's choices never disturb the cards that are drawn. A record lists
every move, chance outcomes included, so it replays without its seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final, Generic, overload

import attrs

from .agents.spec import AgentSpec, resolve_agent
from .errors import IllegalMove, InvalidState, PicnicError, kind_of
from .game import CHANCE, AnyGame, Game, Outcome
from .registry import get_game
from .typevars import M, R, S, V

__all__ = ["MAX_SEED", "Record", "play", "replay"]

MAX_SEED: Final = 10**39
"""Seeds lie strictly between ``-MAX_SEED`` and ``MAX_SEED`` (a 128-bit seed fits), so a
record's seed never exceeds what :mod:`picnic_rules.codec` reads back."""


def _get_game(game: AnyGame | str) -> AnyGame:
    """The :class:`~picnic_rules.Game` itself, or the registered game of that name.

    Raises :class:`~picnic_rules.PicnicError` naming the known games for an unknown name.
    """
    return get_game(game)


@attrs.frozen
class Record(Generic[M, R]):
    """Everything needed to reproduce a game: who played, under which rules, every move.

    ``moves`` lists every move in order, chance outcomes included, so
    :func:`replay` needs no seed; ``seed`` is kept for reference (``None`` for
    a game played at a real table). ``outcome`` is ``None`` for an unfinished
    game. Records round-trip through :mod:`picnic_rules.codec`.
    """

    game: str
    """The name of the game (a key of :data:`picnic_rules.GAMES`)."""
    players: int
    """The number of seats."""
    rules: R
    """The game's ``Rules`` the match was played under."""
    seed: int | None
    """The seed :func:`play` was given, or ``None``."""
    moves: tuple[M, ...]
    """Every move in order, chance outcomes included."""
    outcome: Outcome | None
    """How the game ended, or ``None`` if it did not."""


def _seat_rng(seed: int | None, seat: int) -> random.Random:
    return random.Random(f"{seed}:{seat}")


def _play(
    game: Game[S, V, M, R, Any], specs: Sequence[AgentSpec], seed: int | None, rules: R | None
) -> tuple[Record[M, R], int]:
    """Play one game; also return the number of non-chance moves."""
    if isinstance(specs, str):
        raise PicnicError(f"agents must be a list with one agent per seat, not the str {specs!r}")
    if not isinstance(specs, Sequence):
        raise PicnicError(f"agents must be a list with one agent per seat, not {kind_of(specs)}")
    players = game.check_players(len(specs))
    agents = [resolve_agent(game, spec, seat) for seat, spec in enumerate(specs)]
    if rules is None:
        rules = game.Rules()
    limit = game.max_moves(players, rules)
    chance_rng = random.Random(seed)
    rngs = [_seat_rng(seed, seat) for seat in range(players)]
    state = game.new_game(players, rules)
    moves: list[M] = []
    decisions = 0
    while not game.is_over(state):
        actor = game.to_move(state)
        if actor is CHANCE:
            move = game.sample_chance(state, chance_rng)
        else:
            if actor is None:  # to_move disagrees with is_over: a defect of the game
                raise InvalidState(f"{game.name}: nobody is to move in an unfinished game")
            decisions += 1
            if decisions > limit:
                raise InvalidState(
                    f"{game.name}: the game did not end within max_moves = {limit} non-chance moves"
                )
            legal = game.legal_moves(state)
            move = _listed(legal, agents[actor](game.view(state, actor), legal, rngs[actor]), actor)
        state = game.apply(state, move)
        moves.append(move)
    record = Record(
        game=game.name,
        players=players,
        rules=rules,
        seed=seed,
        moves=tuple(moves),
        outcome=game.result(state),
    )
    return record, decisions


def _listed(legal: tuple[M, ...], chosen: object, seat: int) -> M:
    """The legal move equal to the agent's ``chosen`` one: the record holds the game's own
    move, never the agent's object (a look-alike such as ``Roll(3.0)`` is recorded as
    ``Roll(3)``)."""
    try:
        return legal[legal.index(chosen)]
    except Exception:
        raise IllegalMove(
            chosen, f"the agent of seat {seat} chose a move that is not legal"
        ) from None


@overload
def play(
    game: Game[S, V, M, R, Any],
    agents: Sequence[AgentSpec],
    *,
    seed: int,
    rules: R | None = None,
) -> Record[M, R]: ...


@overload
def play(
    game: str, agents: Sequence[AgentSpec], *, seed: int, rules: Any = None
) -> Record[Any, Any]: ...


def play(
    game: AnyGame | str, agents: Sequence[AgentSpec], *, seed: int, rules: Any = None
) -> Record[Any, Any]:
    """Play one game between ``agents`` (one per seat) and return its :class:`Record`.

    ``game`` is a :class:`~picnic_rules.Game` or its name; ``rules`` defaults
    to the game's default ``Rules()``. Each agent is given in any form of
    :data:`~picnic_rules.agents.AgentSpec`: a name (``"computer"``, ``"random"``,
    ``"human"`` ...), a zero-argument factory (``RandomAgent``), or the agent
    itself (``RandomAgent()``, a function), which is called as
    ``agent(view, legal_moves, rng)`` with its seat's view. The same seed and
    agents give the same record.

    Raises :class:`~picnic_rules.IllegalMove` (naming the seat) if an agent
    returns a move that is not legal, :class:`~picnic_rules.InvalidState` if
    the game exceeds ``game.max_moves`` non-chance moves, and
    :class:`~picnic_rules.PicnicError` for an unknown game, ``agents`` that are not a
    list, an agent in none of the three forms (naming its seat) or a ``seed`` that is
    not an int, :class:`~picnic_rules.RulesError` for a
    number of agents the game cannot seat.
    """
    if type(seed) is not int:
        raise PicnicError(f"seed must be an int, not {type(seed).__name__}")
    if abs(seed) >= MAX_SEED:
        raise PicnicError("a seed has at most 39 digits, so that its record loads back")
    return _play(_get_game(game), agents, seed, rules)[0]


@overload
def replay(record: Record[M, R], game: Game[S, V, M, R, Any]) -> tuple[S, ...]: ...


@overload
def replay(record: Record[Any, Any], game: None = None) -> tuple[Any, ...]: ...


def replay(record: Record[Any, Any], game: AnyGame | None = None) -> tuple[Any, ...]:
    """Every state of a recorded game: the new game, then one state after each move.

    The game is the registered one the record names, or ``game`` if given
    (which must have the record's name); passing it also gives the states
    their type (``tuple[sandwich.State, ...]``).

    Raises :class:`~picnic_rules.IllegalMove` at the first move that does not
    fit (its reason names the move's index), and
    :class:`~picnic_rules.InvalidState` if the record states an outcome that
    the moves do not reach.
    """
    if not isinstance(record, Record):
        raise PicnicError(f"replay takes a Record (replay(record, game)), not {kind_of(record)}")
    if game is None:
        game = _get_game(record.game)
    elif not isinstance(game, Game):
        raise PicnicError(f"replay's game must be a Game (or none), not {kind_of(game)}")
    elif game.name != record.game:
        raise PicnicError(f"the record is of {record.game!r}, not {game.name!r}")
    state = game.new_game(record.players, record.rules)
    states = [state]
    for index, move in enumerate(record.moves):
        try:
            state = game.apply(state, move)
        except IllegalMove as exc:
            raise IllegalMove(move, f"move {index}: {exc.reason}") from exc
        states.append(state)
    if record.outcome is not None:
        if not game.is_over(state):
            raise InvalidState(
                f"the record states an outcome but the game is not over after its "
                f"{len(record.moves)} moves"
            )
        reached = game.result(state)
        if reached != record.outcome:
            raise InvalidState(
                f"the record states the outcome {record.outcome}, the moves reach {reached}"
            )
    return tuple(states)
