"""OpenSpiel games of the library (extra ``rl``: ``pip install 'picnic-rules[rl]'``).

Importing this package registers every built-in game with OpenSpiel as a Python game, so
``pyspiel.load_game("python_picnic_sandwich")`` (and ``..._insects``, ``..._poultry``,
``..._ants``) loads it. The parameters are ``players`` (2 by default), each int or bool
option of the game's ``Rules`` by name, ``rules`` (a rules document of
:mod:`picnic_rules.codec` for the other options; empty: the defaults) and, for ants,
``rng_seed``.
The actions are the fixed action spaces of :mod:`picnic_rules.pettingzoo.spaces`, the
observations the view encoding of :mod:`picnic_rules.pettingzoo.observations`. See
:doc:`/train`.

``import picnic_rules`` never imports this package (nor pyspiel).
"""

from __future__ import annotations

from .games import SHORT_NAMES, register_all

__all__ = ["SHORT_NAMES"]

register_all()
