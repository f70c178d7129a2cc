"""The same module API in every built-in game, and the kit's gates with one message each.

A game package is its :class:`~picnic_rules.Game` record's functions under their own
names: this test walks the record's fields and each package, so that a front end may
call ``poultry.describe_move`` as it calls ``insects.describe_move``, and so that a
wrong rules object, a seat of no one or a result asked too early read the same in
every game.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from types import ModuleType
from typing import Any

import attrs
import pytest

from picnic_rules import CHANCE, PicnicError, RulesError
from picnic_rules.game import Game

GAMES = ("sandwich", "insects", "poultry", "ants")

CLASSES = ("Rules", "State", "View", "PublicView", "Observation")
"""The classes of the record, exported by their own names."""


def _functions(game: Game[Any, Any, Any, Any, Any]) -> tuple[str, ...]:
    """The names of the record's callable fields (not its classes)."""
    return tuple(
        field.name
        for field in attrs.fields(Game)
        if callable(getattr(game, field.name)) and not isinstance(getattr(game, field.name), type)
    )


FUNCTIONS = _functions(importlib.import_module("picnic_rules.sandwich").GAME)
"""The record's callable fields: every game package has each under the same name."""
CONTRACT = frozenset(
    {*CLASSES, *FUNCTIONS, "GAME", "VARIANTS", "PLAYERS", "REASONS", "MOVE_TYPES", "Move"}
    | {"apply_as", "ComputerAgent", "NOTATION", "MAX_NOTATION"}
)
"""What every game package exports (its ``__all__``), whatever its rules: the record's
classes and functions, its facts, its computer player and its notation (a
:class:`~picnic_rules.kit.Notation`)."""
SHARED_BY_CHANCE = frozenset(
    {"Card", "CARDS", "Colour", "COLOURS", "Counts", "Play", "Reveal", "Keep", "Phase", "Draw"}
    | {"score", "scores", "card_from_str", "MAX_NUMBER"}
)
"""Names that several games, not all, export, each for a thing of its own rules (a
``Card`` of sandwich is not a ``Card`` of poultry)."""


def _package(name: str) -> ModuleType:
    return importlib.import_module(f"picnic_rules.{name}")


def _missing(name: str) -> set[str]:
    package = _package(name)
    return {part for part in FUNCTIONS if not hasattr(package, part)}


@pytest.mark.parametrize("name", GAMES)
def test_every_function_of_the_record_is_the_package_attribute_of_its_name(name: str) -> None:
    package = _package(name)
    game = package.GAME
    assert _functions(game) == FUNCTIONS
    assert set(FUNCTIONS) >= {"new_game", "observe", "describe_move", "render", "parse_move"}
    assert not _missing(name), f"{name} lacks {sorted(_missing(name))}"
    for part in FUNCTIONS:
        assert getattr(package, part) is getattr(game, part), f"{name}.{part} is not GAME.{part}"
    for cls in CLASSES:
        assert getattr(package, cls) is getattr(game, cls)


@pytest.mark.parametrize("name", GAMES)
def test_every_package_exports_the_contract(name: str) -> None:
    exported = set(_package(name).__all__)
    assert exported >= CONTRACT, f"{name} does not export {sorted(CONTRACT - exported)}"
    assert all(hasattr(_package(name), public) for public in exported)


def test_no_name_is_exported_by_some_games_and_not_the_others() -> None:
    exported = {name: set(_package(name).__all__) for name in GAMES}
    counts: dict[str, int] = {}
    for names in exported.values():
        for public in names:
            counts[public] = counts.get(public, 0) + 1
    shared = {public for public, n in counts.items() if 1 < n < len(GAMES)}
    drift = shared - SHARED_BY_CHANCE - CONTRACT  # the contract's own test names those
    assert not drift, {
        public: sorted(g for g in GAMES if public in exported[g]) for public in drift
    }


@pytest.mark.parametrize("name", GAMES)
def test_every_rules_class_checks_its_players(name: str) -> None:
    rules = _package(name).Rules
    assert callable(vars(rules).get("check_players")), f"{name}.Rules has no check_players"
    low, high = _package(name).PLAYERS
    assert rules().check_players(low) in (low, None)
    with pytest.raises(RulesError, match=f"^{name} takes {low} to {high} players, not {high + 1}$"):
        rules().check_players(high + 1)


# ---------------------------------------------------------------- the gates


def _said(call: Callable[[], object]) -> tuple[str, str]:
    """The error type and message ``call`` raises."""
    with pytest.raises(PicnicError) as caught:
        call()
    return type(caught.value).__name__, str(caught.value)


def _ours(name: str, message: str) -> str:
    """``message`` with the game's name (and its article) written the same for every game."""
    return re.sub(rf"\ban? {name}\b", "a GAME", message).replace(name, "GAME")


def _messages(name: str) -> dict[str, tuple[str, str]]:
    """What each gate says in game ``name``."""
    package = _package(name)
    game = package.GAME
    state = game.new_game(2)
    while game.to_move(state) is CHANCE and game.legal_moves(state):
        state = game.apply(state, game.legal_moves(state)[0])
    move = (game.legal_moves(state) or (None,))[0]
    other = _package("ants" if name == "sandwich" else "sandwich").Rules()
    said = {
        "new_game rules": _said(lambda: package.new_game(2, "default")),
        "new_game other rules": _said(lambda: package.new_game(2, rules=other)),
        "max_moves rules": _said(lambda: package.max_moves(2, None)),
        "max_chance_steps rules": _said(lambda: package.max_chance_steps(2, 3)),
        "new_game players": _said(lambda: package.new_game(game.players[1] + 1)),
        "new_game bool players": _said(lambda: package.new_game(True)),
        "view seat": _said(lambda: package.view(state, 2)),
        "view bool seat": _said(lambda: package.view(state, True)),
        "result": _said(lambda: package.result(state)),
    }
    if move is not None:
        said["observe seat"] = _said(lambda: package.observe(state, move, -1))
    return {gate: (kind, _ours(name, message)) for gate, (kind, message) in said.items()}


def test_the_gates_say_the_same_in_every_game() -> None:
    messages = {name: _messages(name) for name in GAMES}
    first = messages["sandwich"]
    assert first == {
        "new_game rules": ("RulesError", "rules must be a GAME Rules, not a str"),
        "new_game other rules": ("RulesError", "rules must be a GAME Rules, not an ants Rules"),
        "max_moves rules": ("RulesError", "rules must be a GAME Rules, not None"),
        "max_chance_steps rules": ("RulesError", "rules must be a GAME Rules, not an int"),
        "new_game players": ("RulesError", "GAME takes 2 to 4 players, not 5"),
        "new_game bool players": ("RulesError", "GAME takes 2 to 4 players, not True"),
        "view seat": ("PicnicError", "seat 2 is not a seat of this 2-player game"),
        "view bool seat": ("PicnicError", "seat True is not a seat of this 2-player game"),
        "result": ("PicnicError", "the game is not over yet, so it has no result"),
        "observe seat": ("PicnicError", "seat -1 is not a seat of this 2-player game"),
    }
    for name, said in messages.items():
        low, high = _package(name).PLAYERS
        expected = {**first, "new_game other rules": said["new_game other rules"]}
        expected["new_game players"] = (
            "RulesError",
            f"GAME takes {low} to {high} players, not {high + 1}",
        )
        expected["new_game bool players"] = (
            "RulesError",
            f"GAME takes {low} to {high} players, not True",
        )
        if "observe seat" not in said:
            del expected["observe seat"]
        assert said == expected, name
        assert said["new_game other rules"][1].startswith("rules must be a GAME Rules, not a")
