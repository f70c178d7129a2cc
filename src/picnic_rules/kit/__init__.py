"""The game kit: what every game is built from, so that a game module holds only its rules.

* :func:`define_game` checks a game module's contract functions and classes
  and bundles them into its :class:`~picnic_rules.Game` record: the rules
  tier the module writes, with ``is_over``, ``max_moves``,
  ``max_chance_steps`` and ``move_from_str`` derived unless it defines
  them; the front-end tier (observations, words, pictures, buttons) from
  :mod:`picnic_rules.kit.frontend` for each part it leaves out; and the
  generic parts (:func:`parse_move`, :func:`sample_chance`,
  :func:`random_move`, :func:`check_view`, :func:`describe_move`); it gates
  rules, seats and results once for every game;
* :mod:`picnic_rules.kit.counts`: multisets of card kinds (add, move, exact
  weighted draws, dealing the unseen cards for ``determinize``);
* :mod:`picnic_rules.kit.options`: ``Rules`` fields that validate themselves
  (:func:`count`, :func:`flag`) and raise :class:`~picnic_rules.RulesError`
  naming the field;
* :mod:`picnic_rules.kit.checks`: :func:`expect`, :func:`fail` and
  :func:`check_fields` for a game's ``check``;
* :func:`listed`: the legal move a look-alike stands for, or
  :class:`~picnic_rules.IllegalMove`; :func:`check_observed`
  (:mod:`picnic_rules.kit.observed`): the common checks of an observation;
* :func:`ill_typed`: whether a move's fields hold the types its class
  declares (a game's ``apply`` refuses an ill-typed move with
  :class:`~picnic_rules.IllegalMove`);
* :func:`evolve` and :func:`evolver`: the one named fast update of a frozen
  ``State`` (``evolve(state, turn=1)``), built by :func:`builder`, a
  positional constructor (the state-cost policy of the design page);
* :func:`last_answer` (:mod:`picnic_rules.kit.memo`): a function that remembers its
  answer for the last value it was asked about (a search's one view);
* :class:`Notation` (:mod:`picnic_rules.kit.notation`): a move class declares
  its forms (``"allot {grain} to {seat}"``) and the kit writes ``__str__``,
  reads the notation, caps its length and words its errors;
* :func:`own_fields_first` and :func:`public_part`
  (:mod:`picnic_rules.kit.shared`): a ``State`` and its ``View`` declared from
  one list of public fields, their field order kept;
* :func:`owned`, :func:`sized`, :func:`face_up` and :class:`Visibility`
  (:mod:`picnic_rules.kit.visibility`): a ``State`` field says who sees it
  (its owner, or only its size; the rest is public) and the kit derives
  the ``View`` class (:func:`derive_view`), ``view``, ``with_hidden``,
  ``determinize``, a stand-in state and the public view, what every seat
  sees alike (:func:`derive_public_view`);
* :mod:`picnic_rules.kit.spaces`: the action-space tier a learning library needs --
  :class:`~picnic_rules.kit.spaces.ActionSpace` numbering every move of a game by
  :class:`~picnic_rules.kit.spaces.Family` blocks, and the view bounds -- which a game may
  write and the kit derives from its :class:`Notation` and its :class:`Visibility`;
* :class:`Enum` and :class:`IntEnum`: the one enum base (``repr`` is
  ``Cls.NAME``, ``str`` the written value, which is also the JSON spelling).

See :doc:`/kit` for a whole game written with it.
"""

from __future__ import annotations

from ..typecheck import ill_typed
from . import counts
from .build import builder, evolve, evolver, make, maker
from .checks import check_counts, check_fields, expect, fail
from .counts import Counts
from .defaults import check_view, describe_move, parse_move, random_move, sample_chance
from .define import define_game
from .enums import Enum, IntEnum
from .frontend import to_no_seat
from .lookalikes import listed
from .memo import last_answer
from .notation import Choice, Form, Notation, NotationError, Number, Reader, Several, read_value
from .observed import check_observed
from .options import MAX_COUNT, count, flag
from .shared import own_fields_first, public_part
from .visibility import Visibility, derive_public_view, derive_view, face_up, owned, sized

__all__ = [
    "MAX_COUNT",
    "Choice",
    "Counts",
    "Enum",
    "Form",
    "IntEnum",
    "Notation",
    "NotationError",
    "Number",
    "Reader",
    "Several",
    "Visibility",
    "builder",
    "check_counts",
    "check_fields",
    "check_observed",
    "check_view",
    "count",
    "counts",
    "define_game",
    "derive_public_view",
    "derive_view",
    "describe_move",
    "evolve",
    "evolver",
    "expect",
    "face_up",
    "fail",
    "flag",
    "ill_typed",
    "last_answer",
    "listed",
    "make",
    "maker",
    "own_fields_first",
    "owned",
    "parse_move",
    "public_part",
    "random_move",
    "read_value",
    "sample_chance",
    "sized",
    "to_no_seat",
]
