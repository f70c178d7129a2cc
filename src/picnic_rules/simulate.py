"""Play many games between agents and summarise them (:func:`simulate`).

>>> from picnic_rules.simulate import simulate
>>> summary = simulate("sandwich", ["computer", "random"], 10, seed=1)
>>> summary.games, sum(summary.wins) >= 10
(10, True)

Game ``i`` is played with seed ``seed + i``, so a summary is reproducible and
the same whether the games run here or through an executor. With an
:class:`concurrent.futures.Executor` the games are submitted in chunks. The
agents are given as for :func:`~picnic_rules.play`
(:data:`~picnic_rules.agents.AgentSpec`): names and factories build a fresh
agent for every game, inside the worker; an agent instance is used as it is,
shared by every game of the run (and every thread). Through a
:class:`~concurrent.futures.ProcessPoolExecutor` each spec is pickled, so a
factory or an instance must pickle (an agent class or a function defined at
module level, a :func:`functools.partial` of one ...), and each worker plays
with its own copy of an instance.
"""

from __future__ import annotations

import collections
import concurrent.futures
import functools
import pickle
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Final

from .agents.human import HumanAgent
from .agents.spec import AgentSpec, agent_label, check_agent, resolve_agent
from .errors import InvalidState, PicnicError
from .game import Agent, AnyGame
from .match import _get_game as get_game
from .match import _play
from .registry import GAMES
from .summary import GameStat, Summary, Tally, summarize

__all__ = [
    "DEFAULT_IN_FLIGHT",
    "AgentSpec",
    "GameStat",
    "Interrupted",
    "Summary",
    "Tally",
    "agent_label",
    "default_chunk_size",
    "simulate",
    "summarize",
]

DEFAULT_IN_FLIGHT: Final = 16
"""The most chunks of games :func:`simulate` has submitted to an executor and not yet
collected, unless told otherwise: memory stays bounded however many games are asked for."""


def default_chunk_size(games: int) -> int:
    """The games per chunk :func:`simulate` sends an executor unless told: about a
    thirty-second of them, at least 1 and at most 100."""
    return max(1, min(100, games // 32))


class Interrupted(KeyboardInterrupt):
    """Ctrl-C (a :exc:`KeyboardInterrupt`) stopped :func:`simulate`; :attr:`summary` holds
    the games finished before it, in order, with ``summary.interrupted`` true."""

    def __init__(self, summary: Summary) -> None:
        self.summary = summary
        super().__init__(f"interrupted after {summary.games} of {summary.requested} games")


_NO_HUMANS = "the human agent plays in a terminal; simulate plays agents that decide alone"


def _is_human(spec: object) -> bool:
    """Whether ``spec`` is the human agent: its name, an instance, or its class.

    A class inside :func:`functools.partial` counts; another factory that builds one is
    only known once called, so :func:`_agents` checks what it built.
    """
    if spec == "human" if isinstance(spec, str) else isinstance(spec, HumanAgent):
        return True
    while isinstance(spec, functools.partial):
        spec = spec.func
    return isinstance(spec, type) and issubclass(spec, HumanAgent)


def _refuse_humans(specs: Mapping[int, object]) -> None:
    """Refuse a seat given the human agent (``specs`` maps seats to agents)."""
    for seat, spec in specs.items():
        if _is_human(spec):
            raise PicnicError(f"seat {seat}'s agent: {_NO_HUMANS}")


def _given(agent: Agent[Any, Any]) -> Agent[Any, Any]:
    return agent


def _agents(game: AnyGame, specs: Sequence[AgentSpec]) -> list[AgentSpec]:
    """One game's agents, seat by seat, refusing a factory that built a human agent.

    Each comes back as a factory of the agent already built, so ``_play`` checks
    it as it checks any factory's product.
    """
    agents = [resolve_agent(game, spec, seat) for seat, spec in enumerate(specs)]
    _refuse_humans(dict(enumerate(agents)))
    return [functools.partial(_given, agent) for agent in agents]


def _check_picklable(specs: Sequence[AgentSpec]) -> None:
    """Refuse, before any game, an agent that cannot travel to a worker process."""
    for seat, spec in enumerate(specs):
        if isinstance(spec, str):
            continue
        try:
            pickle.dumps(spec)
        except Exception as error:  # pickling raises several types: all mean "cannot send"
            raise PicnicError(
                f"seat {seat}'s agent {agent_label(spec)} cannot be sent to worker processes: "
                f"it does not pickle ({type(error).__name__}: {error}); give a name, or a "
                "class or function defined at module level, or use threads"
            ) from error


def _seating(agents: Sequence[AgentSpec], index: int, rotate: bool) -> tuple[int, ...]:
    """Which of ``agents`` sits in each seat in game ``index``."""
    players = len(agents)
    shift = index % players if rotate else 0
    return tuple((seat + shift) % players for seat in range(players))


def _run_chunk(
    game_ref: AnyGame | str,
    agent_specs: tuple[AgentSpec, ...],
    first: int,
    count: int,
    *,
    seed: int,
    rules: Any,
    rotate: bool,
) -> list[GameStat]:
    """Play games ``first`` .. ``first + count - 1`` (a worker's job; module level to pickle)."""
    game = get_game(game_ref)
    labels = [agent_label(spec) for spec in agent_specs]
    stats = []
    for index in range(first, first + count):
        seating = _seating(agent_specs, index, rotate)
        agents = _agents(game, [agent_specs[i] for i in seating])
        record, length = _play(game, agents, seed + index, rules)
        if record.outcome is None:  # _play plays to the end: a defect of the game
            raise InvalidState(f"{game.name}: a finished game has no outcome")
        stats.append(
            GameStat(
                seats=tuple(labels[i] for i in seating),
                winners=record.outcome.winners,
                length=length,
                steps=len(record.moves),
                reason=record.outcome.reason,
                scores=record.outcome.scores,
                index=index,
            )
        )
    return stats


def _stream(
    executor: concurrent.futures.Executor,
    job: Callable[[int, int], list[GameStat]],
    games: int,
    size: int,
    in_flight: int,
) -> Iterator[GameStat]:
    """The games' results in order, with at most ``in_flight`` chunks submitted and not yet
    collected; closing the iterator cancels the chunks not yet started."""
    pending: collections.deque[concurrent.futures.Future[list[GameStat]]] = collections.deque()
    starts = iter(range(0, games, size))
    try:
        while True:
            while len(pending) < in_flight:
                first = next(starts, None)
                if first is None:
                    break
                pending.append(executor.submit(job, first, min(size, games - first)))
            if not pending:
                return
            yield from pending.popleft().result()
    finally:
        for future in pending:
            future.cancel()


def simulate(
    game: AnyGame | str,
    agents: Sequence[AgentSpec],
    games: int,
    *,
    seed: int = 0,
    rules: Any = None,
    executor: concurrent.futures.Executor | None = None,
    rotate: bool = False,
    chunk_size: int | None = None,
    in_flight: int = DEFAULT_IN_FLIGHT,
    on_game: Callable[[GameStat], object] | None = None,
) -> Summary:
    """Play ``games`` games between ``agents`` (one per seat).

    Each agent is given as for :func:`~picnic_rules.play`
    (:data:`~picnic_rules.agents.AgentSpec`): a name of
    :func:`~picnic_rules.agents.make_agent` (``"random"``, ``"computer"``,
    ``"ismcts"`` ...) or a zero-argument factory (``RandomAgent``,
    ``functools.partial(ISMCTSAgent, game, iterations=50)``, your own class),
    which build a fresh agent for every game, or an agent instance
    (``RandomAgent()``, a function), shared by all the games -- so an instance
    that keeps state between calls carries it from game to game. The summary
    labels them with :func:`agent_label`. Game ``i`` uses seed ``seed + i``. With ``rotate``,
    game ``i`` seats the agents shifted by ``i % players``, so every agent
    plays every seat equally often.

    With an ``executor`` (a process pool, a thread pool, or a cluster's, such
    as ``dask.distributed.Client(address).get_executor()``), chunks of
    ``chunk_size`` games (by default about a thirty-second of them, at most
    100) run through it, at most ``in_flight`` chunks submitted at a time, so
    memory stays bounded however many games are asked for. The results are
    taken in game order, so the summary is the same with any executor or none.
    ``on_game`` is called with each game's :class:`GameStat` in that order (a
    progress bar, a results file). Ctrl-C raises :class:`Interrupted`, a
    :exc:`KeyboardInterrupt` carrying the summary of the games finished so
    far, after cancelling the chunks not yet started (the running ones finish
    in their workers). A process pool's workers should ignore SIGINT (the
    ``picnic`` command starts them so), or each prints its own interruption.

    Raises :class:`~picnic_rules.PicnicError` for an unknown game, an agent in
    none of the three forms or an unknown agent name (naming its seat), the
    human agent (``"human"``, a :class:`~picnic_rules.agents.HumanAgent` or
    its class: it plays in a terminal, and simulate plays agents that decide
    alone), a number of agents the game cannot seat, or -- with an executor
    other than a :class:`~concurrent.futures.ThreadPoolExecutor` -- an agent
    that does not pickle, before any game is played. A factory that builds a
    human agent is refused as soon as it has built one.
    """
    found = get_game(game)
    if isinstance(agents, str):
        raise PicnicError(f"agents must be a list with one agent per seat, not the str {agents!r}")
    specs = tuple(agents)
    found.check_players(len(specs))
    for seat, spec in enumerate(specs):
        check_agent(found, spec, seat)
        _refuse_humans({seat: spec})
    if executor is not None and not isinstance(executor, concurrent.futures.ThreadPoolExecutor):
        _check_picklable(specs)
    if type(games) is not int or games < 0:
        raise PicnicError(f"the number of games must be a non-negative integer, not {games!r}")
    if chunk_size is not None and (type(chunk_size) is not int or chunk_size < 1):
        raise PicnicError(f"chunk_size must be a positive integer, not {chunk_size!r}")
    if type(in_flight) is not int or in_flight < 1:
        raise PicnicError(f"in_flight must be a positive integer, not {in_flight!r}")
    # a registered game travels to worker processes by name
    game_ref: AnyGame | str = found.name if GAMES.get(found.name) is found else found
    tally = Tally(found.name, [agent_label(spec) for spec in specs], rotate=rotate, requested=games)
    job = functools.partial(_run_chunk, game_ref, specs, seed=seed, rules=rules, rotate=rotate)
    if executor is None:
        results: Iterator[GameStat] = (stat for index in range(games) for stat in job(index, 1))
    else:
        size = chunk_size or default_chunk_size(games)
        results = _stream(executor, job, games, size, in_flight)
    try:
        for stat in results:
            tally.add(stat)
            if on_game is not None:
                on_game(stat)
    except KeyboardInterrupt:
        if hasattr(results, "close"):
            results.close()
        raise Interrupted(tally.summary()) from None
    return tally.summary()
