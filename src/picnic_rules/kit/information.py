"""A seat's information state as a vector of numbers: its view, and the last moves it saw.

A view holds everything a seat may see *now*; what it saw happen -- who moved, which
move, when a move was hidden from it -- is its information state's part beyond the view.
:class:`Information` lays out both in one fixed-length vector, as OpenSpiel's
``information_state_tensor`` (:mod:`picnic_rules.openspiel`) gives it:

* ``view``: the game's own encoding of the seat's view (:mod:`picnic_rules.kit.tensors`);
* ``steps``: the number of steps (moves and chance) so far;
* ``history``: the last ``window`` steps, the latest first, each in ``players + 3 +
  units + outcomes`` numbers: who acted, one-hot over the seats counted from the seat of
  the view, then chance; 1 when the step was hidden from the seat (another seat's card
  drawn, a card committed face down); the move's units in the action space's heads (:class:`~picnic_rules.kit.spaces.Heads`),
  when the seat saw a seat's move; the chance outcome, one-hot over the chance space,
  when it saw one (a game with sampled chance has none); and 1 when the slot holds a step
  at all (the slots before the first step of the game are zeros).

The vector is a function of the seat's information alone: a step enters it as the seat
observed it (:meth:`Game.observe <picnic_rules.Game.observe>`), a move it did not see as
"hidden". Older steps than ``window`` are summed up by the view only: the vector is the
information state cut to a window, not the whole history (which has no fixed length).

This module imports no game and no numpy.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from .spaces import ActionSpace, Heads
from .tensors import Encoding, Layout

__all__ = ["Information", "Step"]


@attrs.frozen
class Step:
    """One step as a seat saw it: ``actor`` (a seat, or ``None`` for chance), ``hidden``
    when the seat did not see the move, and the move's index in the action space
    (``move``) or in the chance space (``outcome``) when it saw it and has one."""

    actor: int | None
    hidden: bool
    move: int | None = None
    outcome: int | None = None


class Information:
    """The information-state vector of a game's seats (see the module's notes)."""

    def __init__(
        self,
        encoding: Encoding,
        players: int,
        moves: ActionSpace,
        chance: ActionSpace | None,
        window: int,
    ) -> None:
        self.encoding = encoding
        self.players = players
        self.heads = Heads(moves)
        self.window = window
        self.chance = Heads(chance) if chance is not None else None
        outcomes = self.chance.units if self.chance is not None else 0
        self.slot = players + 1 + 1 + self.heads.units + outcomes + 1
        layout = Layout()
        for field in encoding.fields:
            layout.add(f"view.{field.name}", field.size, field.doc)
        self._steps = layout.add("steps", 1, "the steps (moves and chance) so far")
        self._history = layout.add(
            "history",
            window * self.slot,
            f"the last {window} steps, the latest first: actor (seats from the view's, "
            "chance), hidden, move units, chance outcome units, there",
        )
        self.fields = tuple(layout.fields)
        """The fields: the view's (``view.NAME``), ``steps``, ``history``."""
        self.size: int = layout.size
        """How many numbers a vector holds."""
        self._units = players + 2
        self._outcomes = players + 2 + self.heads.units
        self._there = self.slot - 1

    def write(
        self, view: Any, player: int, count: int, steps: Sequence[Step], out: Any, at: int
    ) -> None:
        """Write the vector of seat ``player`` whose view is ``view``, after ``count`` steps
        of which ``steps`` are the latest (the latest first; at most ``window`` are read),
        into ``out[at : at + size]``, which holds zeros."""
        self.encoding.write(view, out, at)
        out[at + self._steps] = count
        players = self.players
        place = at + self._history
        units_of = self.heads.units_of
        for step in steps[: self.window]:
            actor = players if step.actor is None else (step.actor - player) % players
            out[place + actor] = 1
            if step.hidden:
                out[place + players + 1] = 1
            elif step.move is not None:
                for unit in units_of(step.move):
                    out[place + self._units + unit] = 1
            elif step.outcome is not None and self.chance is not None:
                for unit in self.chance.units_of(step.outcome):
                    out[place + self._outcomes + unit] = 1
            out[place + self._there] = 1
            place += self.slot

    def tensor(self, view: Any, player: int, count: int, steps: Sequence[Step]) -> list[float]:
        """The vector as a new list of floats."""
        out = [0.0] * self.size
        self.write(view, player, count, steps, out, 0)
        return [float(value) for value in out]
