"""The built-in games number their actions exactly as they did when each game's spaces
moved into its own folder (``numbering.json``, recorded from the builders of
``pettingzoo/spaces.py`` and ``pettingzoo/bounds.py`` before the move): a trained policy's
action ``i`` is the same move, and an observation the same layout, after every release."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from rl_games import NAMES, cases

from picnic_rules import GAMES
from picnic_rules.pettingzoo.spaces import chance_space, player_space, view_bounds

RECORDED: dict[str, dict[str, Any]] = json.loads(
    (Path(__file__).parent / "numbering.json").read_text(encoding="utf-8")
)


def _digest(space: Any) -> list[Any] | None:
    """The size of ``space`` and the hash of its moves' ``repr`` in index order (every
    101st of a space of more than 20,000), as ``numbering.json`` records them."""
    if space is None:
        return None
    stride = 1 if len(space) <= 20_000 else 101
    digest = hashlib.sha256()
    for index in range(0, len(space), stride):
        digest.update(repr(space.move(index)).encode() + b"\n")
    return [len(space), digest.hexdigest()[:32]]


@pytest.mark.parametrize("name", NAMES)
def test_the_numbering_and_the_bounds_are_the_recorded_ones(name: str) -> None:
    game = GAMES[name]
    found = {
        f"{name}/{variant}/{players}": {
            "moves": _digest(player_space(game, players, rules)),
            "chance": _digest(chance_space(game, players, rules)),
            "bounds": view_bounds(game, players, rules),
        }
        for variant, players, rules in cases(name)
    }
    assert found == {key: value for key, value in RECORDED.items() if key.startswith(f"{name}/")}


def test_the_record_covers_every_case_of_every_built_in_game() -> None:
    keys = {f"{name}/{variant}/{players}" for name in NAMES for variant, players, _ in cases(name)}
    assert keys == set(RECORDED) and len(keys) == 92


def test_a_changed_numbering_is_noticed() -> None:
    """The digest sees a move numbered otherwise: two families swapped."""
    game = GAMES["sandwich"]
    space = player_space(game, 2, game.Rules())
    swapped = type(space)((space.families[1], space.families[0], *space.families[2:]))
    assert len(swapped) == len(space) and _digest(swapped) != _digest(space)
    assert _digest(space) == RECORDED["sandwich/default/2"]["moves"]
