"""The checks ``spaces``, ``view-bounds`` and ``tensors``: a game's action-space tier holds
what it promises.

For a game with an action space (its own or the kit's: :mod:`picnic_rules.kit.spaces`),
at every step of every game the harness plays:

* ``spaces``: every move ``legal_moves`` lists for a seat has an index in
  ``action_space(players, rules)`` and back -- ``space.move(space.index(m)) == m`` -- and,
  with explicit chance, every chance outcome has one in ``chance_space(players, rules)``
  (a game with sampled chance has none: ``chance_space`` gives ``None``);
* ``view-bounds``: every seat's view fits ``view_bounds(players, rules)``: no tuple holds
  more items than the bound of its path, and the bounds name exactly the view's
  variable-length tuples (:func:`~picnic_rules.kit.spaces.tuple_paths`);
* ``tensors``: every seat's view, written by ``tensors(players, rules)`` (an
  :class:`~picnic_rules.kit.tensors.Encoding`) at an offset into a buffer, writes
  numbers inside its ``size`` places and nowhere else, and the same numbers there as
  at offset 0 -- so a batch of games can share one array.

So an environment built on the spaces (:mod:`picnic_rules.pettingzoo`,
:mod:`picnic_rules.openspiel`) can number every move a game lists and encode every view.
A game without the tier is not checked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import PicnicError
from ..game import CHANCE, Actor
from ..kit.spaces import ActionSpace, longest, tuple_paths
from ..kit.tensors import Encoding
from ..typevars import M, R, S, V
from .text import notation

if TYPE_CHECKING:
    from .context import Context

__all__ = ["at_state"]


class _Tier:
    """The spaces and bounds of one played game, made once (``None``: none declared)."""

    def __init__(self, moves: ActionSpace | None, chance: ActionSpace | None,
                 bounds: dict[str, int] | None, encoding: Encoding | None) -> None:  # fmt: skip
        self.moves, self.chance, self.bounds = moves, chance, bounds
        self.encoding = encoding


def _space(checker: Context[S, V, M, R], name: str, state: S) -> ActionSpace | None:
    part = getattr(checker.game, name)
    if part is None:
        return None
    what = f"{name}({checker.players}, rules)"
    found = checker.call("spaces", what, state, part, checker.players, checker.rules)
    if found is None and name == "chance_space" and checker.game.chance == "sampled":
        return None
    if not isinstance(found, ActionSpace):
        checker.fail("spaces", f"{what} gave {found!r:.80}, not an ActionSpace", state)
    return found


def _tier(checker: Context[S, V, M, R], state: S) -> _Tier:
    """The tier of ``checker``'s game, made the first time it is asked for."""
    if isinstance(checker.tier, _Tier):
        return checker.tier
    game, bounds = checker.game, None
    if checker.on("view-bounds") and game.view_bounds is not None:
        what = f"view_bounds({checker.players}, rules)"
        found = checker.call(
            "view-bounds", what, state, game.view_bounds, checker.players, checker.rules
        )
        bounds = dict(found)
        paths = set(tuple_paths(game.View))
        if set(bounds) != paths:
            missing, extra = sorted(paths - set(bounds)), sorted(set(bounds) - paths)
            checker.fail(
                "view-bounds",
                f"{what} names {extra} that are no tuples of the view, and lacks {missing}",
                state,
            )
    encoding = None
    if checker.on("tensors") and game.tensors is not None:
        what = f"tensors({checker.players}, rules)"
        encoding = checker.call(
            "tensors", what, state, game.tensors, checker.players, checker.rules
        )
        if not isinstance(encoding, Encoding):
            checker.fail("tensors", f"{what} gave {encoding!r:.80}, not an Encoding", state)
    on = checker.on("spaces")
    made = _Tier(
        _space(checker, "action_space", state) if on else None,
        _space(checker, "chance_space", state) if on else None,
        bounds,
        encoding,
    )
    if on and made.chance is None and made.moves is not None and game.chance == "explicit":
        checker.fail("spaces", "the game has an action space, but no chance space", state)
    checker.tier = made
    return made


def _numbered(checker: Context[S, V, M, R], space: ActionSpace, moves: tuple[Any, ...],
              what: str, state: S) -> None:  # fmt: skip
    """Every move of ``moves`` has an index of ``space`` and back."""
    for move in moves:
        try:
            index = space.index(move)
        except PicnicError as error:
            checker.fail("spaces", f"the {what} {notation(move)!r} has no index: {error}", state)
        back = space.move(index)
        if back != move or type(back) is not type(move):
            checker.fail(
                "spaces",
                f"the {what} {notation(move)!r} has index {index}, whose move is {back!r}",
                state,
            )
    checker.ok()


def at_state(checker: Context[S, V, M, R], state: S, actor: Actor, legal: tuple[M, ...]) -> None:
    """Check the tier at ``state``, where ``actor`` acts and ``legal`` are the legal moves."""
    tier = _tier(checker, state)
    if actor is CHANCE:
        if tier.chance is not None:
            _numbered(checker, tier.chance, legal, "chance outcome", state)
    elif tier.moves is not None:
        _numbered(checker, tier.moves, legal, "legal move", state)
    if tier.bounds is not None:
        for seat in range(checker.players):
            view = checker.game.view(state, seat)
            over = {
                path: n for path, n in longest(view, tier.bounds).items() if n > tier.bounds[path]
            }
            if over:
                shown = ", ".join(
                    f"{path} holds {n}, more than {tier.bounds[path]}" for path, n in over.items()
                )
                checker.fail(
                    "view-bounds", f"seat {seat}'s view outgrows its bounds: {shown}", state
                )
        checker.ok()
    if tier.encoding is not None:
        _encoded(checker, tier.encoding, state)


_OUTSIDE = -0.5
"""What the places around a view's encoding hold while the check writes it."""


def _encoded(checker: Context[S, V, M, R], encoding: Encoding, state: S) -> None:
    """Every seat's view is written inside its place alone, the same at any offset."""
    size = encoding.size
    for seat in range(checker.players):
        view = checker.game.view(state, seat)
        out: list[Any] = [_OUTSIDE] * size + [0] * size + [_OUTSIDE] * size
        checker.call("tensors", "write(view, out, size)", state, encoding.write, view, out, size)
        strays = [
            i - size for i in range(3 * size) if not size <= i < 2 * size and out[i] != _OUTSIDE
        ]
        if strays:
            checker.fail(
                "tensors",
                f"seat {seat}'s view writes outside its {size} numbers, at {strays[:5]}",
                state,
            )
        again = checker.call("tensors", "tensor(view)", state, encoding.tensor, view)
        if [float(x) for x in out[size : 2 * size]] != again:
            checker.fail(
                "tensors", f"seat {seat}'s view is written otherwise at another offset", state
            )
    checker.ok()
