"""PettingZoo environments of the games (extra ``rl``: ``pip install 'picnic-rules[rl]'``).

``env(game_name, players=2, **rules_options)`` is an AEC environment of the game: agents
``player_0`` ... , a fixed action space (:mod:`~picnic_rules.pettingzoo.spaces`; an action
mask in every observation), observations encoded from the seat's view alone
(:mod:`~picnic_rules.pettingzoo.observations`), chance drawn inside the environment from
its seed, rewards from the result (:mod:`~picnic_rules.pettingzoo.rewards`). The action
spaces and the encoder serve :mod:`picnic_rules.openspiel` too. See :doc:`/train`.

``import picnic_rules`` never imports this package, and this package imports numpy,
gymnasium and pettingzoo only when an environment is made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .environment import PicnicEnv

__all__ = ["env", "raw_env"]


def raw_env(game_name: str, players: int = 2, render_mode: str | None = None,
            **rules_options: Any) -> PicnicEnv:  # fmt: skip
    """The environment of ``game_name`` with ``players`` seats and ``game.Rules(**rules_options)``,
    without PettingZoo's checking wrappers."""
    from .environment import PicnicEnv

    return PicnicEnv(game_name, players, render_mode, **rules_options)


def env(game_name: str, players: int = 2, render_mode: str | None = None,
        **rules_options: Any) -> Any:  # fmt: skip
    """The environment of ``game_name``, in PettingZoo's order-enforcing wrapper (which
    refuses a step before ``reset``, as every PettingZoo classic environment does).

    Raises :class:`~picnic_rules.RulesError` for a bad player count or rules option and
    :class:`ImportError` naming ``pip install 'picnic-rules[rl]'`` without the extra.
    """
    environment = raw_env(game_name, players, render_mode, **rules_options)
    from pettingzoo.utils import wrappers

    return wrappers.OrderEnforcingWrapper(environment)
