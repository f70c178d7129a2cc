"""Agents: anything called as ``agent(view, legal_moves, rng) -> move``.

:class:`RandomAgent` plays every game, :class:`ISMCTSAgent` searches any game
(:class:`SearchAgent` with rollout policies, priors, cut playouts and widening) and
:class:`HumanAgent` asks a person; each game registers its own agents in
``GAME.agents`` (``"computer"`` is its heuristic opponent), and
:func:`make_agent` builds one by name::

    >>> from picnic_rules import GAMES
    >>> from picnic_rules.agents import agent_names, make_agent
    >>> make_agent(GAMES["sandwich"], "random")
    RandomAgent()
    >>> agent_names(GAMES["sandwich"])
    ('computer', 'human', 'ismcts', 'random')

:func:`~picnic_rules.play` and :func:`~picnic_rules.simulate.simulate` take an agent in
any of three forms (:data:`AgentSpec`): a name, a factory, or the agent itself;
:func:`resolve_agent` turns each into an agent.
"""

from __future__ import annotations

from .human import HumanAgent
from .ismcts import ISMCTSAgent, SearchAgent
from .named import agent_names, make_agent
from .random_agent import RandomAgent
from .spec import AgentSpec, agent_label, check_agent, resolve_agent

__all__ = [
    "AgentSpec",
    "HumanAgent",
    "ISMCTSAgent",
    "RandomAgent",
    "SearchAgent",
    "agent_label",
    "agent_names",
    "check_agent",
    "make_agent",
    "resolve_agent",
]
