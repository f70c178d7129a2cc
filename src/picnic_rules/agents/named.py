"""Agents by name: :func:`agent_names` and :func:`make_agent`."""

from __future__ import annotations

from typing import Any

from ..errors import PicnicError, kind_of
from ..game import Agent, AnyGame
from .human import HumanAgent
from .ismcts import ISMCTSAgent
from .random_agent import RandomAgent

__all__ = ["agent_names", "make_agent"]

_GENERIC = ("human", "ismcts", "random")


def agent_names(game: AnyGame) -> tuple[str, ...]:
    """The names :func:`make_agent` accepts for ``game``, sorted.

    ``"random"``, ``"ismcts"`` (:class:`~picnic_rules.agents.ISMCTSAgent` with its
    default budget) and ``"human"`` (:class:`~picnic_rules.agents.HumanAgent` at the
    terminal) are always among them, beside the game's own (``"computer"`` ...).
    """
    return tuple(sorted({*_GENERIC, *game.agents}))


def make_agent(game: AnyGame, name: str) -> Agent[Any, Any]:
    """A new agent of ``game`` by name: one of ``game.agents``, ``"random"``, ``"ismcts"``
    or ``"human"``.

    Raises :class:`~picnic_rules.PicnicError` listing the available names for an unknown one.
    """
    if not isinstance(name, str):
        raise PicnicError(
            f"an agent's name is a str ({', '.join(agent_names(game))}), not {kind_of(name)}"
        )
    factory = game.agents.get(name)
    if factory is not None:
        return factory()
    if name == "random":
        return RandomAgent()
    if name == "ismcts":
        return ISMCTSAgent(game)
    if name == "human":
        return HumanAgent(game)
    available = ", ".join(agent_names(game))
    raise PicnicError(f"unknown agent {name!r} for {game.name} (available: {available})")
