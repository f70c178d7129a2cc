"""OpenSpiel games of the library (extra ``rl``: ``pip install 'picnic-rules[rl]'``).

Importing this package registers with OpenSpiel, as a Python game, every game of
:data:`~picnic_rules.GAMES` that has an action space -- the built-in games and every
installed one that declares its spaces or gets the kit's (:mod:`picnic_rules.kit.spaces`)
-- so ``pyspiel.load_game("python_picnic_sandwich")`` loads one (:data:`SHORT_NAMES`). The
parameters are ``players`` (2 by default), each int or bool option of the game's ``Rules``
by name, ``rules`` (a rules document of :mod:`picnic_rules.codec` for the other options;
empty: the defaults) and, for a game whose chance is sampled, ``rng_seed``. The actions
are the games' fixed action spaces, the observations the view encoding of
:mod:`picnic_rules.pettingzoo.observations`. See :doc:`/train`.

``import picnic_rules`` never imports this package (nor pyspiel).
"""

from __future__ import annotations

from .games import SHORT_NAMES, register_all

__all__ = ["SHORT_NAMES"]

register_all()
