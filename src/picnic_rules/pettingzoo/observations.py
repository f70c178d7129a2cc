"""Views as fixed-length numpy vectors: a game's encoding (:mod:`picnic_rules.kit.tensors`)
with numpy around it.

Each game declares how its views become numbers in its ``tensors.py`` (the field-by-field
list is on that module's page); a game that declares none gets the kit's default, read
from the annotations of its ``View`` and its view bounds
(:func:`picnic_rules.kit.tensors.structure`). :class:`ObservationEncoder` gives the
vector as a float32 numpy array. The encoding reads only the view, so the vector holds
exactly what the seat may see and nothing of another seat's hidden cards.
:attr:`ObservationEncoder.layout` names the slice each field occupies.

>>> from picnic_rules import GAMES
>>> game = GAMES["sandwich"]
>>> encoder = ObservationEncoder.for_game(game, 2, game.Rules())
>>> [entry for entry in encoder.layout if entry[0] in {"hand", "phase"}]
[('hand', 2, 5), ('phase', 304, 4)]
>>> encoder.encode(game.view(game.new_game(2), 0))[2:7].tolist()   # nothing dealt yet
[0.0, 0.0, 0.0, 0.0, 0.0]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import PicnicError
from ..game import AnyGame
from ..kit.tensors import Encoding, structure
from ._extra import missing

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as error:  # pragma: no cover - the extra is installed in CI
    raise missing("numpy", "picnic_rules.pettingzoo") from error

__all__ = ["ObservationEncoder"]


class ObservationEncoder:
    """The fixed-length float32 vector of a view of one game, players and rules."""

    def __init__(self, encoding: Encoding) -> None:
        self.encoding = encoding
        """The game's :class:`~picnic_rules.kit.tensors.Encoding`."""
        self.size: int = encoding.size
        """How many numbers a vector holds."""
        self.layout: tuple[tuple[str, int, int], ...] = tuple(
            (field.name, field.start, field.size) for field in encoding.fields
        )
        """Each field of the encoding: ``(name, start, size)`` in the vector."""

    @classmethod
    def for_game(cls, game: AnyGame, players: int, rules: object) -> ObservationEncoder:
        """The encoder of ``game``'s views with ``players`` seats under ``rules``: its
        ``tensors`` (its own, or the kit's default)."""
        if game.tensors is None:
            raise PicnicError(f"the game {game.name!r} has no encoding of its views")
        return cls(game.tensors(players, rules))

    @classmethod
    def structural(
        cls, view_class: type[Any], sizes: Mapping[str, int], reasons: tuple[str, ...]
    ) -> ObservationEncoder:
        """The kit's default encoder of ``view_class`` (:func:`~picnic_rules.kit.tensors.structure`)."""
        return cls(structure(view_class, sizes, reasons))

    def encode(self, view: object) -> npt.NDArray[np.float32]:
        """The vector of ``view``."""
        out = np.zeros(self.size, dtype=np.float32)
        self.encoding.write(view, out, 0)
        return out
