"""A generic Information-Set Monte Carlo Tree Search agent: :class:`ISMCTSAgent`.

It is built only on the :class:`~picnic_rules.Game` record and sees only its seat's
view: every iteration deals the hidden cards at random with ``determinize(view, rng)``,
walks the shared tree with UCB1 among the moves legal in that deal (the
"single-observer" ISMCTS of Cowling, Powley and Whitehouse, 2012), expands one move,
finishes the game with a playout policy and credits each move with its mover's share
of the win (:mod:`picnic_rules.agents.search` is the search itself). So it plays every
game of the library, cannot cheat, and gets stronger with more iterations.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any, Final, Self

import attrs

from ..errors import PicnicError, kind_of
from ..game import Agent, AnyGame, Game, GenericPart
from .arguments import checked_call
from .parallel import WorkerPool, can_fork, split_search
from .search import Evaluator, Node, Policy, Step, search

__all__ = ["ISMCTSAgent", "SearchAgent", "game_agent", "heuristic_policy"]


_WHOLE: Final = frozenset({"iterations", "depth", "workers"})
"""The options that count (an int); the others are measures (an int or a float)."""


def _number(attribute: attrs.Attribute[Any], value: Any) -> None:
    """Refuse a ``value`` of the wrong kind for its option: a bool, a str, NaN, infinity."""
    if attribute.name in _WHOLE:
        if type(value) is not int:
            raise PicnicError(f"{attribute.name} must be an int, not {value!r}")
    elif type(value) not in (int, float) or not math.isfinite(value):
        raise PicnicError(f"{attribute.name} must be a finite number, not {value!r}")


def _a_game(instance: object, attribute: attrs.Attribute[Any], game: object) -> None:
    if not isinstance(game, Game):
        raise PicnicError(f"the game searched must be a Game (GAMES[name]), not {kind_of(game)}")


def _positive(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is None:
        return
    _number(attribute, value)
    if value <= 0:
        raise PicnicError(f"{attribute.name} must be positive, not {value!r}")


def _not_negative(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is None:
        return
    _number(attribute, value)
    if value < 0:
        raise PicnicError(f"{attribute.name} must not be negative, not {value!r}")


def _workers(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    _number(attribute, value)  # None too: there is always a number of workers
    _positive(instance, attribute, value)
    if value > 1 and not can_fork():
        raise PicnicError(
            f"workers={value} needs worker processes started by forking (Linux, macOS), "
            "which this platform lacks: use workers=1"
        )


def _policy_name(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is None or callable(value):
        return
    allowed = ("random", "computer") if attribute.name == "rollout" else ("computer",)
    if not isinstance(value, str) or value not in allowed:
        names = " or ".join(repr(name) for name in allowed)
        shown = repr(value) if isinstance(value, str) else kind_of(value)  # never hashed
        raise PicnicError(f"{attribute.name} must be {names} or a policy, not {shown}")


@attrs.frozen
class ISMCTSAgent:
    """An agent for any game: ``ISMCTSAgent(GAMES["sandwich"], iterations=1000)``.

    ``iterations`` bounds the iterations per decision and ``seconds`` (if set) the
    thinking time, whichever ends first; ``exploration`` is the UCB1 constant. Playouts
    are uniformly random and go on to the end of the game; :class:`SearchAgent` takes
    the other options of the search. The agent draws every random choice from the
    ``rng`` it is given, so with ``seconds`` unset a seeded match is reproducible. It
    returns the most visited legal move at the root; with a single legal move it does
    not search.

    ``workers=2`` (or more) splits each decision's iterations into that many parts,
    each searching its own tree from the view with a seed drawn from ``rng``, and adds
    up their roots' statistics (root parallelization,
    :mod:`picnic_rules.agents.parallel`): about half the wall time on two free cores,
    as reproducible. The parts run in worker processes, at most the CPUs there are and
    the iterations (:func:`~picnic_rules.agents.parallel.worker_processes`), started at
    the first decision and ended by :meth:`close` (or a ``with`` block, Ctrl-C during a
    decision, when the agent is gone, or when this process dies).
    """

    game: AnyGame = attrs.field(validator=_a_game)
    """The game searched."""
    iterations: int = attrs.field(default=200, validator=_positive)
    """The most iterations (deals searched) per decision."""
    seconds: float | None = attrs.field(default=None, validator=_positive)
    """The most thinking time per decision, or ``None`` for no time bound."""
    exploration: float = attrs.field(default=0.7, validator=_positive)
    """The UCB1 exploration constant."""
    workers: int = attrs.field(default=1, kw_only=True, validator=_workers)
    """The processes that share a decision's iterations (1: this one alone)."""
    _workers_pool: WorkerPool = attrs.field(
        factory=WorkerPool, init=False, eq=False, repr=False, alias="_workers_pool"
    )

    @checked_call()
    def __call__(self, view: Any, legal_moves: tuple[Any, ...], rng: random.Random) -> Any:
        """Search from ``view`` and return the most visited of ``legal_moves``."""
        if len(legal_moves) == 1:
            return legal_moves[0]
        root, _ = self.search(view, rng)
        best = None
        most = -1
        for move in legal_moves:
            child = root.children.get(move)
            if child is not None and child.visits > most:
                best, most = move, child.visits
        return rng.choice(legal_moves) if best is None else best

    def search(self, view: Any, rng: random.Random) -> tuple[Node, int]:
        """Search from ``view`` (its seat is to act): the root of the tree and the number
        of iterations done (fewer than :attr:`iterations` when :attr:`seconds` ran out).
        With :attr:`workers` above 1 the root is the parts' roots merged, without the tree
        below it (:func:`~picnic_rules.agents.parallel.split_search`)."""
        if self.workers > 1:
            return split_search(self, view, rng)
        return self.search_once(view, rng, self.iterations)

    def search_once(self, view: Any, rng: random.Random, iterations: int) -> tuple[Node, int]:
        """One tree's search from ``view``, of at most ``iterations`` iterations, in this
        process (:meth:`search` with one worker; each part of a parallel one)."""
        return search(
            self.game.engine,
            view,
            rng,
            iterations=iterations,
            seconds=self.seconds,
            exploration=self.exploration,
            **self._options(),
        )

    def pool(self) -> WorkerPool:
        """The agent's worker processes, started if they are not up (:attr:`workers`)."""
        return self._workers_pool.start(self)

    def close(self) -> None:
        """End the agent's worker processes, if any are up (a later decision starts them
        again); nothing to do with one worker."""
        self._workers_pool.close()

    def __enter__(self) -> Self:
        """``with ISMCTSAgent(game, workers=2) as agent:`` ends its workers at the end."""
        return self

    def __exit__(self, *exc_info: object) -> None:
        """End the worker processes (:meth:`close`)."""
        self.close()

    def _options(self) -> dict[str, Any]:
        """The keyword options of :func:`~picnic_rules.agents.search.search` (none here)."""
        return {}


@attrs.frozen
class SearchAgent(ISMCTSAgent):
    """:class:`ISMCTSAgent` with every option of the search, as keywords:
    ``SearchAgent(game, iterations=1000, rollout="computer", widening=2.0)``.

    * ``rollout``: who plays the playouts -- ``"random"`` (uniform legal moves, the
      default and the fastest), ``"computer"`` (the game's heuristic agent, given the
      view of the seat to act in the deal) or a
      :data:`~picnic_rules.agents.search.Policy`;
    * ``prior``: ``"computer"`` (or a policy) to try the heuristic agent's move first at
      every new information set and give it a bonus of ``prior_weight / (visits + 1)``
      in UCB1 (progressive bias); ``None`` (the default) for none;
    * ``depth`` and ``evaluate``: stop a playout after ``depth`` moves of the seats and
      credit the state reached with ``evaluate(state)``, each seat's share of a win
      (:data:`~picnic_rules.agents.search.Evaluator`); without ``evaluate`` a playout
      goes on to the end;
    * ``widening``: progressive widening, a node holds at most
      ``ceil(widening * sqrt(visits + 1))`` children (``None``: every move is tried);
    * ``stop``: with ``evaluate``, an iteration also stops at a state after the root where
      ``stop(state)`` is true (the end of an ants round), and that state is credited;
    * ``blind``: in the tree, another seat to act where ``blind(state)`` is true moves by
      the playout policy, without a node (a face-down commitment made beside the
      searcher's, which it cannot know);
    * ``deal``: deals each iteration (``deal(view, rng)``) instead of ``determinize``;
    * ``step``: plays the seats' moves of the playouts (``step(state, rng)``, the state
      after the move) instead of ``rollout``, which it must match
      (:data:`~picnic_rules.agents.search.Step`: a policy that knows its choice without
      listing the legal moves).

    Every choice, the heuristic agent's included, is drawn from the ``rng`` the agent is
    given, so with ``seconds`` unset a seeded match is reproducible.
    """

    rollout: str | Policy = attrs.field(default="random", kw_only=True, validator=_policy_name)
    """Who plays the playouts: ``"random"``, ``"computer"`` or a policy."""
    prior: str | Policy | None = attrs.field(default=None, kw_only=True, validator=_policy_name)
    """The move tried first at a new information set: ``"computer"``, a policy or ``None``."""
    prior_weight: float = attrs.field(default=0.0, kw_only=True, validator=_not_negative)
    """The UCB1 bonus of the prior's move, shrinking as ``1 / (visits + 1)``."""
    depth: int | None = attrs.field(default=None, kw_only=True, validator=_not_negative)
    """The most moves of the seats in a playout cut short for ``evaluate``."""
    evaluate: Evaluator | None = attrs.field(default=None, kw_only=True, repr=False)
    """Each seat's share of a win in a state where a playout was cut short."""
    widening: float | None = attrs.field(default=None, kw_only=True, validator=_positive)
    """Progressive widening: at most ``ceil(widening * sqrt(visits + 1))`` children."""
    stop: Callable[[Any], bool] | None = attrs.field(default=None, kw_only=True, repr=False)
    """Where an iteration stops for ``evaluate`` (the end of a round), or ``None``."""
    blind: Callable[[Any], bool] | None = attrs.field(default=None, kw_only=True, repr=False)
    """Where another seat's choice is simultaneous with the searcher's (played by the
    playout policy, outside the tree), or ``None``."""
    deal: Callable[[Any, random.Random], Any] | None = attrs.field(
        default=None, kw_only=True, repr=False
    )
    """How an iteration deals the hidden cards (``deal(view, rng)``), or ``None`` for the
    game's ``determinize``."""
    step: Step | None = attrs.field(default=None, kw_only=True, repr=False)
    """How a playout plays a seat's move (``step(state, rng)``: the state after the move
    ``rollout`` would choose, or after the chance that follows it too, sampled as the
    search samples it), or ``None`` to list the legal moves and ask ``rollout``."""

    def _options(self) -> dict[str, Any]:
        return {
            "policy": heuristic_policy(self.game, self.rollout),
            "prior": heuristic_policy(self.game, self.prior),
            "prior_weight": self.prior_weight,
            "depth": self.depth,
            "evaluate": self.evaluate,
            "widening": self.widening,
            "stop": self.stop,
            "blind": self.blind,
            "deal": self.deal,
            "step": self.step,
        }


def heuristic_policy(game: AnyGame, choice: str | Policy | None) -> Policy | None:
    """The playout policy ``choice`` names: ``None`` for ``None`` and ``"random"`` (the
    search's own uniform choice), the game's ``computer`` agent for ``"computer"`` (it
    gets the view of the seat to act in the deal), a policy as it is.

    Raises :class:`~picnic_rules.PicnicError` for a game without a ``computer`` agent.
    """
    if choice is None or choice == "random":
        return None
    if not isinstance(choice, str):
        return choice
    factory = game.agents.get("computer")
    if factory is None:
        raise PicnicError(f"{game.name} has no computer agent to guide the search")
    agent = factory()
    engine = game.engine  # the search hands these only states and seats the game made
    view, to_move = engine.view, engine.to_move

    def computer(state: Any, moves: tuple[Any, ...], rng: random.Random) -> Any:
        seat: Any = to_move(state)  # a seat: the search asks only where a seat is to act
        return agent(view(state, seat), moves, rng)

    return computer


def game_agent(factory: Callable[[AnyGame], Agent[Any, Any]]) -> Callable[[], Agent[Any, Any]]:
    """``factory(game)`` as an entry of ``define_game(agents=...)``: called with the
    :class:`~picnic_rules.Game` record that holds it (a copy made with ``attrs.evolve``
    passes itself). A game registers its own search this way::

        agents={"computer": ComputerAgent, "ismcts": game_agent(search_agent)}
    """
    return GenericPart(factory, None)
