"""The OpenSpiel observers of a picnic game: a seat's view as a tensor (the game's own
encoding, :mod:`picnic_rules.kit.tensors`) and as JSON text; its information state as a
tensor (the view and the last steps it saw, :mod:`picnic_rules.kit.information`) and as
text."""

from __future__ import annotations

from typing import Any

from ..codec import dumps
from ..kit.information import Information
from ..kit.tensors import Encoding
from ..pettingzoo._extra import missing

try:
    import numpy as np
    import numpy.typing as npt
    import pyspiel
except ImportError as error:  # pragma: no cover - the extra is installed in CI
    raise missing(error.name or "open_spiel", "picnic_rules.openspiel") from error

__all__ = ["InformationObserver", "ViewObserver", "make_observer"]


def make_observer(
    encoding: Encoding,
    information: Information,
    iig_obs_type: Any = None,
    params: dict[str, Any] | None = None,
) -> ViewObserver | InformationObserver:
    """The observer OpenSpiel asks for: a seat's own observation (public and private), with
    perfect recall (:class:`InformationObserver`) or without (:class:`ViewObserver`)."""
    if params:
        raise ValueError(f"the observer takes no parameters, not {sorted(params)}")
    if iig_obs_type is not None and (
        not iig_obs_type.public_info
        or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
    ):
        raise ValueError("only a seat's own observation (public and private) is offered")
    if iig_obs_type is not None and iig_obs_type.perfect_recall:
        return InformationObserver(information)
    return ViewObserver(encoding)


class InformationObserver:
    """OpenSpiel's ``PyObserver`` of a seat's information state: ``tensor`` is the view's
    encoding followed by the last steps the seat saw
    (:class:`~picnic_rules.kit.information.Information`), ``dict`` holds it as
    ``{"information": tensor}``, and the string is every observation the seat made
    (:meth:`PicnicState.information
    <picnic_rules.openspiel.games.PicnicState.information>`)."""

    def __init__(self, information: Information) -> None:
        self.information = information
        self.tensor: npt.NDArray[np.float32] = np.zeros(information.size, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {"information": self.tensor}

    def set_from(self, state: Any, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s information state in ``state``."""
        self.tensor[:] = 0
        count, steps = state.steps(player, self.information.window)
        self.information.write(state.view(player), player, count, steps, self.tensor, 0)

    def string_from(self, state: Any, player: int) -> str:
        """``player``'s information state in ``state``."""
        return str(state.information(player))


class ViewObserver:
    """OpenSpiel's ``PyObserver`` of a seat's view: ``tensor`` is the view's encoding (the
    game's ``tensors``), ``dict`` holds it as ``{"view": tensor}``, and the string is the
    view's JSON document. The view already holds everything public a seat learned, and its
    own cards."""

    def __init__(self, encoding: Encoding) -> None:
        self.encoding = encoding
        self.tensor: npt.NDArray[np.float32] = np.zeros(encoding.size, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {"view": self.tensor}

    def set_from(self, state: Any, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s view of ``state``."""
        self.tensor[:] = 0
        self.encoding.write(state.view(player), self.tensor, 0)

    def string_from(self, state: Any, player: int) -> str:
        """``player``'s view of ``state`` as the codec's JSON document."""
        return dumps(state.view(player))
