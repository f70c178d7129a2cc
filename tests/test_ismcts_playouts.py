"""A game's playout policy (``picnic_rules.<game>.agent.playout``, the ``ismcts`` agent's
playouts) chooses what the game's ``computer`` agent would, given the view of the seat to
act: it only skips building that view (and dealing its hidden cards); a game's
``playout_step`` (sandwich, ants, insects) gives the state that choice leads to -- or
(insects) the state after the chance that follows it too, sampled as the search samples it
(:data:`~picnic_rules.agents.search.Step`). Poultry's playouts also commit at random a
share of the time (``SEARCH_CARELESS``), set to none here."""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest
from games import BUILT_IN

from picnic_rules import CHANCE, GAMES

WITH_PLAYOUT = tuple(
    name
    for name in BUILT_IN
    if hasattr(importlib.import_module(f"picnic_rules.{name}.agent"), "playout")
)

WITH_STEP = tuple(
    name
    for name in BUILT_IN
    if hasattr(importlib.import_module(f"picnic_rules.{name}.agent"), "playout_step")
)


def _decisions(name: str, games: int, players: int) -> list[tuple[Any, tuple[Any, ...]]]:
    """The decisions of seeded games played half by the computer, half at random."""
    game = GAMES[name]
    computer = game.agents["computer"]()
    found = []
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_game(players)
        steps = 0
        while (actor := game.to_move(state)) is not None and steps < 600:
            steps += 1
            if actor is CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
                continue
            legal = game.legal_moves(state)
            found.append((state, legal))
            if rng.random() < 0.5:
                move = computer(game.view(state, actor), legal, random.Random(seed))
            else:
                move = rng.choice(legal)
            state = game.apply(state, move)
    return found


def test_every_game_with_a_computer_playout_is_checked() -> None:
    assert "sandwich" in WITH_PLAYOUT
    assert {"sandwich", "ants"} <= set(WITH_STEP)


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("name", WITH_PLAYOUT)
def test_the_playout_chooses_what_the_computer_would(
    name: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = GAMES[name]
    module = importlib.import_module(f"picnic_rules.{name}.agent")
    if hasattr(module, "SEARCH_CARELESS"):  # poultry's playouts commit at random by design
        monkeypatch.setattr(module, "SEARCH_CARELESS", 0.0)  # ... and else as the computer
    playout = module.playout
    computer = game.agents["computer"]()
    decisions = _decisions(name, games=12, players=players)
    assert len(decisions) > 300
    for index, (state, legal) in enumerate(decisions):
        seat = game.to_move(state)
        expected = computer(game.view(state, seat), legal, random.Random(index))
        assert playout(state, legal, random.Random(index)) == expected, (index, state)
        assert playout(state, legal, random.Random(index)) == expected  # remembered, if it is


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("name", WITH_STEP)
def test_the_playout_step_plays_the_computers_choice(name: str, players: int) -> None:
    game = GAMES[name]
    module = importlib.import_module(f"picnic_rules.{name}.agent")
    remembered = getattr(module, "_CHOICES", None)
    if remembered is not None:
        remembered.known.clear()  # new choices first, then the same ones remembered
    computer = game.agents["computer"]()
    decisions = _decisions(name, games=12, players=players)
    for _ in range(2):
        for index, (state, legal) in enumerate(decisions):
            view = game.view(state, game.to_move(state))
            expected = game.apply_legal(state, computer(view, legal, random.Random(index)))
            got = module.playout_step(state, random.Random(index))
            if got != expected:  # the chance that follows played too, as the search plays it
                drawn = random.Random(index)
                while game.to_move(expected) is CHANCE:
                    expected = game.apply_legal(expected, game.sample_chance(expected, drawn))
            assert got == expected, (index, state)
