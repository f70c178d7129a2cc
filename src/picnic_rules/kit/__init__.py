"""The game kit: what every game is built from, so that a game module holds only its rules.

* :func:`define_game` checks a game module's contract functions and classes
  and bundles them into its :class:`~picnic_rules.Game` record, supplying the
  generic parts (:func:`parse_move`, :func:`sample_chance`,
  :func:`random_move`, :func:`check_view`, :func:`describe_move`) unless the
  game defines its own;
* :mod:`picnic_rules.kit.counts`: multisets of card kinds (add, move, exact
  weighted draws, dealing the unseen cards for ``determinize``);
* :mod:`picnic_rules.kit.options`: ``Rules`` fields that validate themselves
  (:func:`count`, :func:`flag`) and raise :class:`~picnic_rules.RulesError`
  naming the field;
* :mod:`picnic_rules.kit.checks`: :func:`expect`, :func:`fail` and
  :func:`check_fields` for a game's ``check``;
* :func:`ill_typed`: whether a move's fields hold the types its class
  declares (a game's ``apply`` refuses an ill-typed move with
  :class:`~picnic_rules.IllegalMove`);
* :func:`builder`: a fast positional constructor for a frozen ``State``, for
  the engine's hot path (the state-cost policy of the design page).

See :doc:`/kit` for a whole game written with it.
"""

from __future__ import annotations

from ..typecheck import ill_typed
from . import counts
from .build import builder
from .checks import check_counts, check_fields, expect, fail
from .counts import Counts
from .defaults import check_view, describe_move, parse_move, random_move, sample_chance
from .define import define_game
from .options import MAX_COUNT, count, flag

__all__ = [
    "MAX_COUNT",
    "Counts",
    "builder",
    "check_counts",
    "check_fields",
    "check_view",
    "count",
    "counts",
    "define_game",
    "describe_move",
    "expect",
    "fail",
    "flag",
    "ill_typed",
    "parse_move",
    "random_move",
    "sample_chance",
]
