"""The action space of an environment: :class:`picnic_rules.kit.spaces.ActionSpace` with the
action mask, the one part that needs numpy.

A game's space is numbered by the game itself (its ``action_space``, or the one the kit
derives: :mod:`picnic_rules.kit.spaces`); this class only adds :meth:`ActionSpace.mask`.

>>> import attrs
>>> @attrs.frozen
... class Pick:
...     card: int
>>> space = ActionSpace([Family(Pick, (("card", (1, 2, 3, 4)),))])
>>> space.mask([Pick(4), Pick(2)]).tolist()
[0, 1, 0, 1]
"""

from __future__ import annotations

from collections.abc import Iterable

from ..kit.spaces import ActionSpace as Numbered
from ..kit.spaces import Family
from ._extra import missing

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as error:  # pragma: no cover - the extra is installed in CI
    raise missing("numpy", "picnic_rules.pettingzoo") from error

__all__ = ["ActionSpace", "Family"]


class ActionSpace(Numbered):
    """A game's :class:`~picnic_rules.kit.spaces.ActionSpace`, and :meth:`mask`: a tuple of
    legal moves as the 0/1 vector of their indexes."""

    @classmethod
    def of(cls, space: Numbered) -> ActionSpace:
        """``space`` with the mask (the same numbers: the same families)."""
        return space if isinstance(space, cls) else cls(space.families)

    def mask(self, moves: Iterable[object]) -> npt.NDArray[np.int8]:
        """A vector of ``len(space)`` zeros with a 1 at the index of every move of ``moves``."""
        out = np.zeros(len(self), dtype=np.int8)
        out[self.indexes(moves)] = 1
        return out
