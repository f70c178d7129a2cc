"""The PettingZoo AEC environment of a game (:class:`PicnicEnv`).

The environment keeps the game's state. Chance never appears as an agent: after
``reset`` and after every step, chance outcomes are drawn with the environment's own
``random.Random`` (seeded by ``reset(seed=...)``) until a seat is to act or the game is
over. Every agent observes a dict: ``"observation"``, its view encoded by
:class:`~picnic_rules.pettingzoo.observations.ObservationEncoder`, and ``"action_mask"``,
1 at the index of each of its legal moves in the game's fixed action space
(:mod:`picnic_rules.pettingzoo.spaces`; all zeros when it is not to act). Rewards come at
the end, from the result (:func:`~picnic_rules.pettingzoo.rewards.returns`); no game is
truncated (every game ends within its declared bounds).
"""

from __future__ import annotations

import random
from typing import Any

from ..errors import PicnicError, kind_of
from ..game import CHANCE, AnyGame
from ..options_text import rules_from_values
from ..registry import GAMES
from ._extra import missing
from .actions import ActionSpace
from .observations import ObservationEncoder
from .rewards import returns
from .spaces import player_space

try:
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as error:  # pragma: no cover - the extra is installed in CI
    raise missing(error.name or "pettingzoo", "picnic_rules.pettingzoo") from error

__all__ = ["LIMIT", "PicnicEnv", "rules_from_options"]

LIMIT = float(2**20)
"""Every number of an observation lies in ``[-LIMIT, LIMIT]`` (the rules' counts are far
smaller)."""

Observation = dict[str, npt.NDArray[Any]]


def rules_from_options(game: AnyGame, options: dict[str, Any]) -> Any:
    """The ``Rules`` that the environment's keyword arguments give, read as the command line
    and the lobby read theirs (:func:`~picnic_rules.options_text.rules_from_values`: a name
    by its value or member name, a set's names in any order); a name that is no option, or
    a value not of its option's form, is a :class:`~picnic_rules.RulesError`."""
    return rules_from_values(game, None, options)


def _game(name: str) -> AnyGame:
    if name not in GAMES:
        raise PicnicError(f"no game is called {name!r} ({', '.join(GAMES)})")
    return GAMES[name]


def _seed(seed: object) -> int:
    """``seed`` as an int: an int or a numpy integer, never a bool, a float or a str, and
    never negative (``random.Random(-k)`` would deal the game of ``k``; numpy and
    gymnasium refuse a negative seed too)."""
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
        raise PicnicError(f"seed must be an int or None, not {kind_of(seed)}")
    if seed < 0:
        raise PicnicError(f"seed must be at least 0, not {int(seed)}")
    return int(seed)


class PicnicEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]
    """One game of the library as a PettingZoo AEC environment; agents ``player_0`` ...

    Build it with :func:`picnic_rules.pettingzoo.env`. ``space`` is the fixed action space
    (an index is a move: ``space.move(action)``), ``encoder`` the observation encoder and
    ``current`` the game's state now.
    """

    def __init__(self, game_name: str, players: int = 2, render_mode: str | None = None,
                 **rules_options: Any) -> None:  # fmt: skip
        super().__init__()
        game = _game(game_name)
        rules = rules_from_options(game, rules_options)
        self.current: Any = game.new_game(players, rules)  # refuses a bad player count
        self.game: AnyGame = game
        """The game played."""
        self.rules: Any = rules
        """Its rules."""
        self.players: int = players
        """How many seats play."""
        self.space: ActionSpace = player_space(game, players, rules)
        """The fixed action space: ``space.move(action)`` is an action's move."""
        self.encoder: ObservationEncoder = ObservationEncoder.for_game(game, players, rules)
        """The encoder of the seats' views."""
        self.metadata: dict[str, Any] = {
            "render_modes": ["ansi"],
            "is_parallelizable": False,
            "name": f"picnic_{game.name}_v0",
        }
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise PicnicError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = list(self.possible_agents)
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.action_spaces = {a: spaces.Discrete(len(self.space)) for a in self.possible_agents}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        -LIMIT, LIMIT, (self.encoder.size,), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, (len(self.space),), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._rng: random.Random | None = None
        self._legal: tuple[Any, ...] = ()
        self.reset()

    def _seat(self, agent: object) -> int:
        """The seat of ``agent``; :class:`~picnic_rules.PicnicError` for no agent of the game."""
        seat = self._seats.get(agent) if isinstance(agent, str) else None
        if seat is None:
            shown = repr(agent) if isinstance(agent, str) and len(agent) <= 40 else kind_of(agent)
            agents = ", ".join(self.possible_agents)
            raise PicnicError(f"no agent {shown} in this game (the agents are {agents})")
        return seat

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every time)."""
        return self.observation_spaces[self.possible_agents[self._seat(agent)]]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(len(space))``."""
        return self.action_spaces[self.possible_agents[self._seat(agent)]]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` seeds chance (kept across resets without one).

        A seed is an int of at least 0 (a numpy integer too) or ``None``; anything else,
        a negative seed included, is refused with :class:`~picnic_rules.PicnicError`,
        before the game is touched.
        """
        if seed is not None:
            seed = _seed(seed)
        if seed is not None or self._rng is None:
            self._rng = random.Random(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._settle(self.game.new_game(self.players, self.rules))

    def _settle(self, state: Any) -> None:
        """Play chance from ``state`` until a seat acts or the game ends; select that seat."""
        game, rng = self.game, self._rng
        assert rng is not None
        actor = game.to_move(state)
        while actor is CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
            actor = game.to_move(state)
        self.current = state
        if actor is None:
            self._legal = ()
            for agent, reward in zip(
                self.possible_agents, returns(game.result(state)), strict=True
            ):
                self.rewards[agent] = reward
                self.terminations[agent] = True
            self.agent_selection = self.agents[0] if self.agents else ""
        else:
            self._legal = game.legal_moves(state)
            self.agent_selection = self.possible_agents[actor]

    def observe(self, agent: str) -> Observation:
        """``agent``'s encoded view and its action mask."""
        seat = self._seat(agent)
        view = self.game.view(self.current, seat)
        if agent == self.agent_selection and self._legal:
            mask = self.space.mask(self._legal)
        else:
            mask = np.zeros(len(self.space), dtype=np.int8)
        return {"observation": self.encoder.encode(view), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Make the selected agent's move ``action`` (an index of ``space``), then play chance.

        An action that is not one of the agent's legal moves raises
        :class:`~picnic_rules.IllegalMove` (or :class:`~picnic_rules.PicnicError` for an
        index outside the space) and changes nothing.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise PicnicError(f"{agent} is to act: None is no action")
        move = self.space.move(action)
        try:
            move = self._legal[self._legal.index(move)]  # the listed move itself
        except ValueError:  # the game's own refusal, with its reason
            move = self.game.move_as(self.current, self._seats[agent], move)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._settle(self.game.apply(self.current, move))
        self._accumulate_rewards()

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the selected seat's view as text."""
        if self.render_mode is None:
            return None
        seat = self._seats.get(self.agent_selection, 0)
        return self.game.render(self.game.view(self.current, seat))

    def close(self) -> None:
        """Nothing to release."""
