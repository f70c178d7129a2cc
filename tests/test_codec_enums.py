"""The JSON spelling of enum members: one explicit rule, and clashes found at build time."""

from __future__ import annotations

import enum

import attrs
import pytest

from picnic_rules import GAMES, codec, kit
from picnic_rules.codec import SpellingClash
from picnic_rules.codec.enums import enums_in, spelling
from picnic_rules.sandwich import Card, Phase, Rules, State, View

GAME = GAMES["sandwich"]


class Custom(kit.IntEnum):
    LOW = 0
    HIGH = 1

    def __str__(self) -> str:
        return {0: "lo", 1: "hi"}[self.value]


class Valued(enum.Enum):
    RED = "crimson"
    BLUE = "navy"


class Numbered(enum.Enum):
    ONE = 1
    TWO = 2


class Intlike(enum.IntEnum):
    ONE = 1
    TWO = 2


class Stringy(enum.StrEnum):
    UP = "north"
    DOWN = "south"


class Clash(kit.Enum):
    A = "x"
    B = "y"

    def __str__(self) -> str:
        return "same"


class MixedCase(enum.Enum):
    Big = 1
    BIG = 2


@pytest.mark.parametrize(
    ("cls", "names"),
    [
        (Custom, ["lo", "hi"]),  # a kit enum with its own __str__
        (Card, ["bread", "pb", "jelly", "ant", "fly"]),
        (Valued, ["crimson", "navy"]),  # a string value
        (Phase, ["deal", "draw", "act", "over"]),
        # an enum of another base is written as the kit's base would write it
        (Stringy, ["north", "south"]),  # a string value
        (Numbered, ["one", "two"]),  # otherwise the lower-case name
        (Intlike, ["one", "two"]),
    ],
)
def test_the_spelling_rule(cls: type[enum.Enum], names: list[str]) -> None:
    assert list(spelling(cls)) == names
    assert list(spelling(cls).values()) == list(cls)


@pytest.mark.parametrize(
    ("cls", "message"),
    [
        (Clash, "Clash.A and Clash.B are both written 'same' in JSON"),
        (MixedCase, "MixedCase.Big and MixedCase.BIG are both written 'big' in JSON"),
    ],
)
def test_two_members_spelled_alike_are_a_type_error(cls: type[enum.Enum], message: str) -> None:
    with pytest.raises(SpellingClash, match=message):
        spelling(cls)
    assert issubclass(SpellingClash, TypeError)


def test_enums_in_finds_every_enum_of_a_game() -> None:
    assert enums_in(State, View, Rules) == {Card, Phase}


@attrs.frozen
class ClashingRules:
    mode: MixedCase = MixedCase.Big


def test_a_clash_in_a_game_fails_when_its_converter_is_built() -> None:
    """Not silently, and not as a DecodeError: the first encode or decode raises it."""
    broken = attrs.evolve(GAME, Rules=ClashingRules)
    with pytest.raises(SpellingClash, match="both written 'big'"):
        codec.encode(GAME.new_game(2), game=broken)
    doc = {"format": 1, "game": "sandwich", "kind": "move", "move": "end"}
    with pytest.raises(SpellingClash, match="both written 'big'"):
        codec.decode(doc, game=broken)
