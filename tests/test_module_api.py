"""The same module API in every built-in game, and the kit's gates with one message each.

A game package holds its rules under the names of its :class:`~picnic_rules.Game`
record's functions, as it wrote them (``poultry.apply`` is the rule), and the record
holds them checked: this test walks the record's fields and each package, so that a
front end may call ``poultry.describe_move`` as it calls ``insects.describe_move``, and
so that a wrong rules object, a seat of no one, a result asked too early or an object
that is no move read the same in every game's record.
"""

from __future__ import annotations

import importlib
import inspect
import re
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pytest
from games import BUILT_IN

from picnic_rules import CHANCE, PicnicError, RulesError
from picnic_rules.game import Game

GAMES = BUILT_IN

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
        own = getattr(package, part)
        assert own is game.as_written(part), f"{name}.{part} is not GAME.{part} as written"
    for cls in CLASSES:
        assert getattr(package, cls) is getattr(game, cls)


KIT_CHECKS = {
    str(Path(importlib.import_module(f"picnic_rules.kit.{module}").__file__ or ""))
    for module in ("guards", "gates")
}
"""The files of the kit's checks (the closures the record holds)."""


@pytest.mark.parametrize("name", GAMES)
def test_a_package_function_is_the_rule_as_written_and_the_record_checks_it(name: str) -> None:
    package = _package(name)
    game = package.GAME
    checked = [part for part in FUNCTIONS if getattr(game, part) is not getattr(package, part)]
    assert {"new_game", "to_move", "legal_moves", "apply", "view", "result"} <= set(checked)
    for part in FUNCTIONS:
        code = getattr(getattr(package, part), "__code__", None)
        assert code is None or code.co_filename not in KIT_CHECKS, f"{name}.{part} is a check"
    for part in checked:
        assert getattr(game, part).__code__.co_filename in KIT_CHECKS, f"GAME.{part}"


def test_the_view_of_poultry_is_its_own_source() -> None:
    from picnic_rules import poultry

    assert inspect.getsourcefile(poultry.view) == inspect.getsourcefile(
        importlib.import_module("picnic_rules.poultry.views")
    )
    assert inspect.getsourcefile(poultry.GAME.view) != inspect.getsourcefile(poultry.view)


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


class AlwaysEqual:
    """An object that compares equal to everything (a move of no game)."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0

    def __str__(self) -> str:
        return "always equal"


def _messages(name: str) -> dict[str, tuple[str, str]]:
    """What each gate of the record says in game ``name``."""
    package = _package(name)
    game = package.GAME
    state = game.new_game(2)
    while game.to_move(state) is CHANCE and game.legal_moves(state):
        state = game.apply(state, game.legal_moves(state)[0])
    move = (game.legal_moves(state) or (None,))[0]
    other = _package("ants" if name == "sandwich" else "sandwich").Rules()
    said = {
        "new_game rules": _said(lambda: game.new_game(2, "default")),
        "new_game other rules": _said(lambda: game.new_game(2, rules=other)),
        "max_moves rules": _said(lambda: game.max_moves(2, None)),
        "max_chance_steps rules": _said(lambda: game.max_chance_steps(2, 3)),
        "new_game players": _said(lambda: game.new_game(game.players[1] + 1)),
        "new_game bool players": _said(lambda: game.new_game(True)),
        "view seat": _said(lambda: game.view(state, 2)),
        "view bool seat": _said(lambda: game.view(state, True)),
        "result": _said(lambda: game.result(state)),
        "apply always equal": _said(lambda: game.apply(state, AlwaysEqual())),
        "apply text": _said(lambda: game.apply(state, "end")),
    }
    if move is not None:
        said["observe seat"] = _said(lambda: game.observe(state, move, -1))
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
        "apply always equal": (
            "IllegalMove",
            "illegal move 'always equal': not a move of GAME: it is an AlwaysEqual, not a move",
        ),
        "apply text": (
            "IllegalMove",
            "illegal move 'end': not a move of GAME: it is a str, not a move",
        ),
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
