"""The harness's checks of the action-space tier, ``spaces``, ``view-bounds`` and ``tensors``: the honest
example passes them with the tier the kit derives for it, and broken tiers are caught by
the right check."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

from picnic_rules.kit.spaces import ActionSpace, Family
from picnic_rules.kit.tensors import Encoding
from picnic_rules.testing import check_game, check_play

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "keep_or_swap"
sys.path.insert(0, str(EXAMPLE))
import keep_or_swap as ks  # noqa: E402  (the example is not a package of the tests)

CHECKS = ["spaces", "view-bounds", "tensors"]


def test_the_example_passes_with_the_tier_the_kit_derives() -> None:
    report = check_game(ks.GAME, games=2, only=CHECKS)
    assert report.games == 12 and report.checks > 3 * report.steps  # two a state, and more


def _moves(*families: Family) -> Any:
    return lambda players, rules: ActionSpace(families)


class _OffByOne(ActionSpace):
    """A space whose moves are numbered one way and indexed another."""

    def move(self, index: int) -> Any:
        return super().move((index + 1) % len(self))


def _bounds(**changed: int) -> Any:
    def view_bounds(players: int, rules: Any) -> dict[str, int]:
        found = {"hands": players, "hands[]": rules.ranks, "held": players, "discards": rules.ranks}
        found.update(changed)
        return {path: n for path, n in found.items() if n >= 0}

    return view_bounds


def _tensors(shift: int = 0, jitter: bool = False) -> Any:
    """The kit's encoding of the example, written ``shift`` places off, or (``jitter``)
    with a number that depends on where it is written."""

    def tensors(players: int, rules: Any) -> Encoding:
        honest = ks.GAME.tensors(players, rules)

        def write(view: Any, out: Any, at: int) -> None:
            honest.write(view, out, at + shift)
            if jitter and at:
                out[at] += 1

        return Encoding(honest.fields, write)

    return tensors


DRAWS = Family(ks.Draw, (("card", tuple(range(100))),))
BROKEN: dict[str, tuple[dict[str, Any], str, str]] = {
    "a move the space lacks": (
        {"action_space": _moves(DRAWS, Family(ks.Keep, ()))},
        "spaces",
        r"the legal move 'swap' has no index: move 'swap' has no action in this space",
    ),
    "a space numbered one way, indexed another": (
        {"action_space": lambda players, rules: _OffByOne([DRAWS, Family(ks.Keep, ())])},
        "spaces",
        r"the legal move 'keep' has index 100, whose move is Draw\(card=0\)",
    ),
    "a chance outcome the chance space lacks": (
        {"chance_space": _moves(Family(ks.Draw, (("card", (0, 1, 2)),)))},
        "spaces",
        r"the chance outcome 'draw [3-5]' has no index",
    ),
    "no chance space for explicit chance": (
        {"chance_space": None},
        "spaces",
        r"the game has an action space, but no chance space",
    ),
    "a space that is no ActionSpace": (
        {"action_space": lambda players, rules: [ks.Keep(), ks.Swap()]},
        "spaces",
        r"action_space\(2, rules\) gave \[Keep\(\), Swap\(\)\], not an ActionSpace",
    ),
    "a bound too small": (
        {"view_bounds": _bounds(**{"hands[]": 5})},
        "view-bounds",
        r"seat 0's view outgrows its bounds: hands\[\] holds 6, more than 5",
    ),
    "an encoding that writes past its place": (
        {"tensors": _tensors(shift=3)},
        "tensors",
        r"seat 0's view writes outside its \d+ numbers, at \[\d+",
    ),
    "an encoding that writes otherwise at another offset": (
        {"tensors": _tensors(jitter=True)},
        "tensors",
        r"seat 0's view is written otherwise at another offset",
    ),
    "an encoding that is no Encoding": (
        {"tensors": lambda players, rules: [0.0]},
        "tensors",
        r"tensors\(2, rules\) gave \[0\.0\], not an Encoding",
    ),
    "a bound for no tuple of the view": (
        {"view_bounds": _bounds(deck=6, held=-1)},
        "view-bounds",
        r"view_bounds\(2, rules\) names \['deck'\] that are no tuples of the view, and lacks "
        r"\['held'\]",
    ),
}


@pytest.mark.parametrize("name", list(BROKEN))
def test_a_broken_tier_fails_its_check(name: str) -> None:
    changes, check, problem = BROKEN[name]
    broken = attrs.evolve(ks.GAME, **changes)
    with pytest.raises(AssertionError, match=f"^keep-or-swap: check '{check}' failed: {problem}"):
        check_play(broken, players=2, rules=ks.Rules(), seed=1, skip=["wrong-kind"])
    check_play(broken, players=2, rules=ks.Rules(), seed=1, skip=["wrong-kind", check])


def test_a_game_without_the_tier_is_not_checked() -> None:
    bare = attrs.evolve(
        ks.GAME, action_space=None, chance_space=None, view_bounds=None, tensors=None
    )

    def checks(game: Any, only: list[str]) -> int:
        return check_play(game, players=2, rules=ks.Rules(), seed=1, only=only).checks

    assert checks(bare, CHECKS) == checks(bare, ["new-game"]) < checks(ks.GAME, CHECKS)
