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

__all__ = ["InformationObserver", "ViewObserver", "make_observer"]


def make_observer(
    encoder: ObservationEncoder, iig_obs_type: Any = None, params: dict[str, Any] | None = None
) -> ViewObserver | InformationObserver:
    """The observer OpenSpiel asks for: a seat's own observation (public and private), with
    perfect recall (:class:`InformationObserver`, a string only) or without
    (:class:`ViewObserver`, the view)."""
    if params:
        raise ValueError(f"the observer takes no parameters, not {sorted(params)}")
    if iig_obs_type is not None and (
        not iig_obs_type.public_info
        or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
    ):
        raise ValueError("only a seat's own observation (public and private) is offered")
    if iig_obs_type is not None and iig_obs_type.perfect_recall:
        return InformationObserver()
    return ViewObserver(encoder)


class InformationObserver:
    """OpenSpiel's ``PyObserver`` of a seat's information state: a string only (the seat's
    observations so far, :meth:`PicnicState.information
    <picnic_rules.openspiel.games.PicnicState.information>`); its tensor is empty."""

    def __init__(self) -> None:
        self.tensor: npt.NDArray[np.float32] = np.zeros(0, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {}

    def set_from(self, state: Any, player: int) -> None:
        """Nothing: the information state has no tensor."""

    def string_from(self, state: Any, player: int) -> str:
        """``player``'s information state in ``state``."""
        return str(state.information(player))


class ViewObserver:
    """OpenSpiel's ``PyObserver`` of a seat's view: ``tensor`` is the view's encoding,
    ``dict`` holds it as ``{"view": tensor}``, and the string is the view's JSON document.
    The view already holds everything public a seat learned, and its own cards."""

    def __init__(self, encoder: ObservationEncoder) -> None:
        self.encoder = encoder
        self.tensor: npt.NDArray[np.float32] = np.zeros(encoder.size, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {"view": self.tensor}

    def set_from(self, state: Any, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s view of ``state``."""
        self.tensor[:] = self.encoder.encode(state.view(player))

    def string_from(self, state: Any, player: int) -> str:
        """``player``'s view of ``state`` as the codec's JSON document."""
        return dumps(state.view(player))
