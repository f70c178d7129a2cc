"""The game-agnostic core types: :data:`CHANCE`, :class:`Outcome` and :class:`Game`.

A game is a set of pure module-level functions over immutable states. The
:class:`Game` record bundles them (plus the game's classes and a few facts
declared as data) so that agents, the match runner, the codec, the test
harness and the CLI work for every game without knowing any of them.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, Final, Literal, TypeAlias

import attrs

__all__ = ["CHANCE", "Actor", "Agent", "Game", "Outcome", "Weight"]


class _Chance(enum.Enum):
    CHANCE = "chance"

    def __repr__(self) -> str:
        return "CHANCE"


CHANCE: Final = _Chance.CHANCE
"""What ``to_move`` returns when chance acts (a draw, a roll, a toss).

Compare with ``is``: ``if game.to_move(state) is CHANCE: ...``.
"""

Actor: TypeAlias = int | Literal[_Chance.CHANCE] | None
"""The result of ``to_move``: a seat number, :data:`CHANCE`, or ``None`` when the game is over."""

Weight: TypeAlias = int | Fraction
"""An exact, non-negative weight of a chance outcome (weights need not sum to 1)."""

Agent: TypeAlias = Callable[[Any, tuple[Any, ...], random.Random], Any]
"""Anything that picks a move: ``agent(view, legal_moves, rng) -> move``.

Agents see a view, never the state, so they cannot cheat.
"""


@attrs.frozen
class Outcome:
    """How a finished game ended.

    ``scores`` has one entry per seat, ``winners`` the winning seats in order
    (several when leaders tie), ``reason`` a short stable string such as
    ``"three-sandwiches"`` or ``"stuck"``.
    """

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str


def _call(name: str) -> Any:
    return attrs.field(repr=False, eq=False, metadata={"call": name})


@attrs.frozen(eq=False)
class Game:
    """One game of the library: its pure functions, its classes and its facts.

    Every game package exposes one as ``GAME``; :data:`picnic_rules.GAMES`
    maps names to them. The callables are exactly the module-level functions
    of the game package (see each game's documentation)::

        >>> from picnic_rules import GAMES, CHANCE
        >>> game = GAMES["sandwich"]
        >>> state = game.new_game(2)
        >>> game.to_move(state) is CHANCE
        True

    Attributes beyond the functions:

    * ``Rules``, ``State``, ``View`` and ``move_types``: the game's classes
      (the codec uses them to encode and decode documents);
    * ``variants``: named :class:`Rules` the test harness plays through
      (``"default"`` always among them);
    * ``agents``: named agent factories (``"computer"`` is the heuristic player);
    * ``move_from_str``: parses notation without a state (syntax only);
    * ``random_move``: builds an arbitrary, probably illegal move, for tests;
    * ``check_view``: raises :class:`~picnic_rules.InvalidState` for an impossible view.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    Rules: type[Any]
    State: type[Any]
    View: type[Any]
    move_types: tuple[type[Any], ...]
    new_game: Callable[..., Any] = _call("new_game")
    to_move: Callable[[Any], Actor] = _call("to_move")
    legal_moves: Callable[[Any], tuple[Any, ...]] = _call("legal_moves")
    apply: Callable[[Any, Any], Any] = _call("apply")
    chance_outcomes: Callable[[Any], tuple[tuple[Any, Weight], ...]] = _call("chance_outcomes")
    sample_chance: Callable[[Any, random.Random], Any] = _call("sample_chance")
    is_over: Callable[[Any], bool] = _call("is_over")
    result: Callable[[Any], Outcome] = _call("result")
    view: Callable[[Any, int], Any] = _call("view")
    determinize: Callable[[Any, random.Random], Any] = _call("determinize")
    parse_move: Callable[..., Any] = _call("parse_move")
    move_from_str: Callable[[str], Any] = _call("move_from_str")
    check: Callable[[Any], None] = _call("check")
    check_view: Callable[[Any], None] = _call("check_view")
    max_moves: Callable[[int, Any], int] = _call("max_moves")
    random_move: Callable[[Any, random.Random], Any] = _call("random_move")
    variants: Mapping[str, Any] = attrs.field(factory=dict, repr=False, eq=False)
    agents: Mapping[str, Callable[[], Agent]] = attrs.field(factory=dict, repr=False, eq=False)

    def __repr__(self) -> str:
        return f"<Game {self.name!r}: {self.title}, {self.min_players}-{self.max_players} players>"
