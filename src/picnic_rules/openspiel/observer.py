"""The OpenSpiel observer of a picnic game: the seat's view, as a tensor and as JSON text."""

from __future__ import annotations

from typing import Any

from ..codec import dumps
from ..pettingzoo._extra import missing
from ..pettingzoo.observations import ObservationEncoder

try:
    import numpy as np
    import numpy.typing as npt
    import pyspiel
except ImportError as error:  # pragma: no cover - the extra is installed in CI
    raise missing(error.name or "open_spiel", "picnic_rules.openspiel") from error

__all__ = ["ViewObserver"]


class ViewObserver:
    """OpenSpiel's ``PyObserver`` for one game: ``tensor`` is the view's encoding,
    ``dict`` holds it as ``{"view": tensor}``.

    Only the observation of one seat without perfect recall is offered (what that seat sees
    now, its own cards included): the view already holds everything public a seat learned.
    """

    def __init__(self, encoder: ObservationEncoder, iig_obs_type: Any = None,
                 params: dict[str, Any] | None = None) -> None:  # fmt: skip
        if params:
            raise ValueError(f"the observer takes no parameters, not {sorted(params)}")
        if iig_obs_type is not None and (
            iig_obs_type.perfect_recall
            or not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError("only a seat's own observation without perfect recall is offered")
        self.encoder = encoder
        self.tensor: npt.NDArray[np.float32] = np.zeros(encoder.size, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {"view": self.tensor}

    def set_from(self, state: Any, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s view of ``state``."""
        self.tensor[:] = self.encoder.encode(state.view(player))

    def string_from(self, state: Any, player: int) -> str:
        """``player``'s view of ``state`` as the codec's JSON document."""
        return dumps(state.view(player))
