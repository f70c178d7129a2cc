"""Agents: anything called as ``agent(view, legal_moves, rng) -> move``.

:class:`RandomAgent` plays every game; each game registers its own agents in
``GAME.agents`` (``"computer"`` is its heuristic opponent), and
:func:`make_agent` builds one by name::

    >>> from picnic_rules import GAMES
    >>> from picnic_rules.agents import agent_names, make_agent
    >>> make_agent(GAMES["sandwich"], "random")
    RandomAgent()
    >>> "computer" in agent_names(GAMES["sandwich"])
    True
"""

from __future__ import annotations

from ..errors import PicnicError
from ..game import Agent, AnyGame
from .ismcts import ISMCTSAgent
from .random_agent import RandomAgent

__all__ = ["ISMCTSAgent", "RandomAgent", "agent_names", "make_agent"]

_GENERIC = ("ismcts", "random")


def agent_names(game: AnyGame) -> tuple[str, ...]:
    """The names :func:`make_agent` accepts for ``game``, sorted.

    ``"random"`` and ``"ismcts"`` (:class:`ISMCTSAgent` with its default budget)
    are always among them.
    """
    return tuple(sorted({*_GENERIC, *game.agents}))


def make_agent(game: AnyGame, name: str) -> Agent:
    """A new agent of ``game`` by name: one of ``game.agents``, ``"random"`` or ``"ismcts"``.

    Raises :class:`~picnic_rules.PicnicError` listing the available names for an unknown one.
    """
    factory = game.agents.get(name)
    if factory is not None:
        return factory()
    if name == "random":
        return RandomAgent()
    if name == "ismcts":
        return ISMCTSAgent(game)
    available = ", ".join(agent_names(game))
    raise PicnicError(f"unknown agent {name!r} for {game.name} (available: {available})")
