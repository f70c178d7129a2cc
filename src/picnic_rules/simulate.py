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
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from .agents.human import HumanAgent
from .agents.spec import AgentSpec, agent_label, check_agent, resolve_agent
from .errors import PicnicError
from .game import Agent, AnyGame
from .match import _get_game as get_game
from .match import _play

__all__ = ["AgentSpec", "GameStat", "Summary", "agent_label", "simulate", "summarize"]


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


def _given(agent: Agent) -> Agent:
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


@attrs.frozen
class GameStat:
    """What :func:`simulate` keeps of one game."""

    seats: tuple[str, ...]
    """The agent name in each seat."""
    winners: tuple[int, ...]
    """The winning seats."""
    length: int
    """Non-chance moves."""
    steps: int
    """All moves, chance outcomes included."""
    reason: str
    """Why the game ended."""


@attrs.frozen
class Summary:
    """The statistics of a :func:`simulate` run.

    A game won by several tied leaders counts as a win for each of them (and
    once in :attr:`ties`), so :attr:`wins` can add up to more than :attr:`games`.
    """

    game: str
    """The game's name."""
    agents: tuple[str, ...]
    """The agents' labels (names, or factory names) seat by seat, as seated in game 0."""
    rotate: bool
    """Whether the seats were rotated from game to game."""
    games: int
    """Games played."""
    wins: tuple[int, ...]
    """Games won by each seat (a shared win counts for each winner)."""
    ties: int
    """Games won by more than one seat."""
    mean_length: float
    """Mean number of non-chance moves per game."""
    mean_steps: float
    """Mean number of moves per game, chance outcomes included."""
    reasons: tuple[tuple[str, int], ...]
    """How often each end reason occurred, sorted by reason."""
    agent_wins: tuple[tuple[str, int, int], ...]
    """Per agent name, sorted: ``(name, games won, seats played)``."""

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.agents)

    @property
    def win_rate(self) -> tuple[float, ...]:
        """The share of games each seat won."""
        return tuple(w / self.games if self.games else 0.0 for w in self.wins)

    @property
    def agent_win_rates(self) -> tuple[tuple[str, float], ...]:
        """Per agent name, sorted: the share of its games it won (meaningful with ``rotate``)."""
        return tuple((name, won / seats if seats else 0.0) for name, won, seats in self.agent_wins)

    def format(self) -> str:
        """A readable table: win rates by seat (and by agent), mean length, end reasons."""
        lines = [
            f"{self.game}: {self.games} games, {self.players} players"
            + (" (seats rotated)" if self.rotate else ""),
            "",
        ]
        if self.rotate:
            lines.append(f"{'seat':<6}{'wins':>8}{'win rate':>10}")
            for seat, (won, rate) in enumerate(zip(self.wins, self.win_rate, strict=True)):
                lines.append(f"{seat:<6}{won:>8}{rate:>10.1%}")
            lines.append("")
            width = max(len("agent"), *(len(name) for name, _, _ in self.agent_wins))
            lines.append(f"{'agent':<{width}}  {'games':>6}{'wins':>8}{'win rate':>10}")
            for (name, won, seats), (_, rate) in zip(
                self.agent_wins, self.agent_win_rates, strict=True
            ):
                lines.append(f"{name:<{width}}  {seats:>6}{won:>8}{rate:>10.1%}")
        else:
            width = max(len("agent"), *(len(name) for name in self.agents))
            lines.append(f"{'seat':<6}{'agent':<{width}}  {'wins':>8}{'win rate':>10}")
            for seat, (name, won, rate) in enumerate(
                zip(self.agents, self.wins, self.win_rate, strict=True)
            ):
                lines.append(f"{seat:<6}{name:<{width}}  {won:>8}{rate:>10.1%}")
        lines.append(f"ties (shared wins): {self.ties}")
        lines.append("")
        lines.append(
            f"mean game length: {self.mean_length:.1f} moves ({self.mean_steps:.1f} "
            "steps with chance)"
        )
        lines.append("end reasons:")
        width = max((len(reason) for reason, _ in self.reasons), default=0)
        for reason, count in self.reasons:
            share = count / self.games if self.games else 0.0
            lines.append(f"  {reason:<{width}}  {count:>6}  {share:>6.1%}")
        return "\n".join(lines)


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
        assert record.outcome is not None
        stats.append(
            GameStat(
                seats=tuple(labels[i] for i in seating),
                winners=record.outcome.winners,
                length=length,
                steps=len(record.moves),
                reason=record.outcome.reason,
            )
        )
    return stats


def summarize(
    game: str, agent_names: Sequence[str], rotate: bool, stats: Sequence[GameStat]
) -> Summary:
    """The :class:`Summary` of played games (in game order)."""
    players = len(agent_names)
    wins = [0] * players
    by_name: dict[str, list[int]] = {name: [0, 0] for name in agent_names}
    reasons: collections.Counter[str] = collections.Counter()
    ties = length = steps = 0
    for stat in stats:
        for seat in stat.winners:
            wins[seat] += 1
            by_name[stat.seats[seat]][0] += 1
        for name in stat.seats:
            by_name[name][1] += 1
        ties += len(stat.winners) > 1
        length += stat.length
        steps += stat.steps
        reasons[stat.reason] += 1
    games = len(stats)
    return Summary(
        game=game,
        agents=tuple(agent_names),
        rotate=rotate,
        games=games,
        wins=tuple(wins),
        ties=ties,
        mean_length=length / games if games else 0.0,
        mean_steps=steps / games if games else 0.0,
        reasons=tuple(sorted(reasons.items())),
        agent_wins=tuple(sorted((name, won, seats) for name, (won, seats) in by_name.items())),
    )


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
    plays every seat equally often. With an ``executor``, chunks of
    ``chunk_size`` games (by default about a thirty-second of them, at most
    100) run through it; the summary is the same as without one.

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
    # a registered game travels to worker processes by name
    from .registry import GAMES

    game_ref: AnyGame | str = found.name if GAMES.get(found.name) is found else found
    if executor is None:
        stats = _run_chunk(game_ref, specs, 0, games, seed, rules, rotate)
    else:
        size = chunk_size or max(1, min(100, games // 32))
        futures = [
            executor.submit(
                _run_chunk, game_ref, specs, first, min(size, games - first), seed, rules, rotate
            )
            for first in range(0, games, size)
        ]
        stats = [stat for future in futures for stat in future.result()]
    return summarize(found.name, [agent_label(spec) for spec in specs], rotate, stats)
