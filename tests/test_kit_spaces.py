"""The action-space tier of the kit (:mod:`picnic_rules.kit.spaces`): numbered spaces, the
space a notation gives, the view bounds a ``Visibility`` gives, and ``define_game``
keeping a game's own tier, or the kit's, on its record."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import attrs
import pytest
from games import BUILT_IN

from picnic_rules import GAMES, PicnicError, RulesError, kit
from picnic_rules.kit import Choice, Form, Notation, Number, Several
from picnic_rules.kit.spaces import (
    LIMIT,
    TIER,
    ActionSpace,
    Family,
    first_decision,
    hint,
    longest,
    members,
    notation_space,
    tier,
    tuple_paths,
    upto,
    visibility_bounds,
)
from picnic_rules.sandwich import Card

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "keep_or_swap"
sys.path.insert(0, str(EXAMPLE))
import keep_or_swap as ks  # noqa: E402  (the example is not a package of the tests)


class Colour(kit.Enum):
    RED = "red"
    BLUE = "blue"


NOTATION = Notation()


@NOTATION.move("play {card} on {onto}", "play {card}", onto=Number(0, 2, "pile"))
@attrs.frozen
class Play:
    card: Colour
    onto: int | None = None


@NOTATION.move(Form("buy captured", captured=True), "buy", "buy own")
@attrs.frozen
class Buy:
    captured: bool = False


@NOTATION.move("give up", "give food", "give up food")
class GiveUp:
    pass


@NOTATION.move("roll {dice}", dice=Several(Number(1, 2, "die"), 1, 2))
@attrs.frozen
class Roll:
    dice: tuple[int, ...]


# ---------------------------------------------------------------- numbered spaces


def test_a_space_numbers_its_families_in_mixed_radix_and_back() -> None:
    space = ActionSpace(
        [Family(Play, (("card", tuple(Colour)), ("onto", (None, 0, 1)))), Family(GiveUp, ())]
    )
    assert list(space) == [
        Play(Colour.RED), Play(Colour.RED, 0), Play(Colour.RED, 1),
        Play(Colour.BLUE), Play(Colour.BLUE, 0), Play(Colour.BLUE, 1), GiveUp(),
    ]  # fmt: skip
    assert [space.index(move) for move in space] == list(range(7)) == list(range(len(space)))
    assert space[1:3] == [Play(Colour.RED, 0), Play(Colour.RED, 1)]
    assert Play(Colour.RED, 2) not in space and GiveUp() in space


class _Index:
    """An integer of another library (a numpy integer): ``__index__`` only."""

    def __index__(self) -> int:
        return 6


@pytest.mark.parametrize(
    ("index", "message"),
    [
        (True, "an action is an int, not bool"),
        (1.0, "an action is an int, not float"),
        ("0", "an action is an int, not str"),
        (None, "an action is an int, not NoneType"),
        (7, r"action 7 is not in 0\.\.6"),
        (-1, r"action -1 is not in 0\.\.6"),
    ],
)
def test_a_space_refuses_an_index_of_no_action(index: Any, message: str) -> None:
    space = ActionSpace([Family(Play, (("card", tuple(Colour)), ("onto", (None, 0, 1))))])
    space = ActionSpace([*space.families, Family(GiveUp, ())])
    assert space.move(_Index()) == GiveUp()
    with pytest.raises(PicnicError, match=f"^{message}$"):
        space.move(index)
    with pytest.raises(PicnicError, match=r"^move 'buy' has no action in this space$"):
        space.index(Buy())


def test_the_helpers_of_a_builder() -> None:
    assert hint(Play, "onto") is int and hint(Roll, "dice") is int
    assert members(Play, "card") == (Colour.RED, Colour.BLUE)
    with pytest.raises(PicnicError, match=r"^Play\.onto holds no enum$"):
        members(Play, "onto")
    assert upto(2) == (0, 1, 2) and upto(6, 1) == (1, 2, 3, 4, 5, 6) and upto(0, 1) == ()
    game = ks.GAME
    start = first_decision(game.new_game(3), game.to_move, game.apply, game.sample_chance)
    assert game.to_move(start) == 0 and [sum(hand) for hand in start.hands] == [1, 1, 1]
    again = first_decision(game.new_game(3), game.to_move, game.apply, game.sample_chance)
    assert again == start  # chance played with random.Random(0): the same every time


# ---------------------------------------------------------------- the space of a notation


def test_a_notation_gives_each_form_of_each_class_once() -> None:
    made = notation_space(NOTATION, (Play, Buy, GiveUp, Roll))
    assert made is not None
    space = made(2, None)
    assert made(4, "any rules") is space  # the same space, made once
    assert [(family.kind.__name__, family.size) for family in space.families] == [
        ("Play", 6), ("Play", 2), ("Buy", 1), ("Buy", 1), ("GiveUp", 1), ("Roll", 6),
    ]  # fmt: skip
    assert [str(move) for move in space] == [
        "play red on 0", "play red on 1", "play red on 2",
        "play blue on 0", "play blue on 1", "play blue on 2",
        "play red", "play blue", "buy captured", "buy", "give up",
        "roll 1", "roll 2", "roll 1 + 1", "roll 1 + 2", "roll 2 + 1", "roll 2 + 2",
    ]  # fmt: skip
    assert [space.index(NOTATION.read(str(move))) for move in space] == list(range(len(space)))


class _Text:
    """A reader that does not say its values."""

    name = "TEXT"

    def read(self, text: str) -> str:
        return text

    def write(self, value: str) -> str:
        return value


class _Few(_Text):
    """A reader that says its values."""

    values = ("a", "b")


@pytest.mark.parametrize(
    ("reader", "size"),
    [
        (_Text(), None),
        (_Few(), 2),
        (Choice(("x", "y", "z"), "letter"), 3),
        (Number(0, LIMIT - 1), LIMIT),
        (Number(0, LIMIT), None),  # one more than the kit derives
        (Several(_Text()), None),
        (Several(Number(1, 1024), 2, 2), LIMIT),
    ],
)
def test_a_slot_without_bounded_values_gives_no_space(reader: Any, size: int | None) -> None:
    notation = Notation()

    @notation.move("say {word}", word=reader)
    @attrs.frozen
    class Say:
        word: Any

    made = notation_space(notation, (Say,))
    assert (made and len(made(2, None))) == size


def test_a_class_without_a_form_gives_no_space() -> None:
    assert notation_space(NOTATION, (Play, Card)) is None


# ---------------------------------------------------------------- the bounds of the views


def test_the_view_bounds_of_a_visibility() -> None:
    bounds = visibility_bounds(ks.SEEN, ks.new_game)
    assert bounds is not None
    assert bounds(3, ks.Rules(ranks=4)) == {"hands": 3, "hands[]": 4, "held": 3, "discards": 4}
    assert set(tuple_paths(ks.View)) == {"hands", "hands[]", "held", "discards"}


def test_a_view_with_a_tuple_the_declarations_do_not_bound_gets_none() -> None:
    @attrs.frozen(kw_only=True)
    class State:
        hands: tuple[tuple[int, ...], ...] = kit.owned(sizes="held")
        played: tuple[int, ...]  # public, and of no length the kit knows

        @property
        def players(self) -> int:
            return len(self.hands)

    seen: Any = kit.Visibility(State, deck=lambda position: (1, 1))
    assert visibility_bounds(seen, lambda players, rules: None) is None
    without_deck: Any = kit.Visibility(ks.State)
    assert visibility_bounds(without_deck, ks.new_game) is None  # counts of no known kinds


def test_the_paths_name_every_variable_tuple_as_the_built_in_bounds_do() -> None:
    for name in BUILT_IN:
        game = GAMES[name]
        assert game.view_bounds is not None
        assert set(tuple_paths(game.View)) == set(game.view_bounds(2, game.Rules())), name


@attrs.frozen
class Inner:
    cards: tuple[int, ...]


@attrs.frozen
class Nested:
    dice: tuple[tuple[Inner, ...], ...]
    pair: tuple[tuple[int, ...], int]
    hands: tuple[tuple[int, ...] | None, ...]
    rules: tuple[int, ...]


def test_longest_reads_nested_and_optional_tuples() -> None:
    view = Nested(((Inner((1, 2, 3)),), (Inner(()), Inner((1,)))), ((1, 2), 3), (None, (1,)), ())
    paths = tuple_paths(Nested)
    assert paths == ("dice", "dice[]", "dice[][].cards", "pair[0]", "hands", "hands[]")
    assert longest(view, paths) == {
        "dice": 2, "dice[]": 2, "dice[][].cards": 3, "pair[0]": 2, "hands": 2, "hands[]": 1,
    }  # fmt: skip


# ---------------------------------------------------------------- the tier on the record


def test_the_example_gets_the_whole_tier_from_the_kit() -> None:
    game = ks.GAME
    assert game.provides == frozenset()
    space = game.action_space(2, game.Rules())
    assert [str(space.move(i)) for i in (0, 99, 100, 101)] == ["draw 0", "draw 99", "keep", "swap"]
    assert game.chance_space(2, game.Rules()) is space
    assert game.view_bounds(4, game.Rules()) == {
        "hands": 4, "hands[]": 6, "held": 4, "discards": 6,
    }  # fmt: skip


def test_the_tier_functions_are_gated_like_new_game() -> None:
    game = ks.GAME
    with pytest.raises(RulesError, match=r"^keep-or-swap takes 2 to 4 players, not 5$"):
        game.action_space(5, game.Rules())
    with pytest.raises(RulesError, match=r"^rules must be a keep-or-swap Rules, not a str$"):
        game.view_bounds(2, "small-deck")
    with pytest.raises(RulesError, match=r"^4 seats need 8 cards, not 4$"):
        game.chance_space(4, game.Rules(ranks=2, copies=2))


def _defined(**changes: Any) -> Any:
    namespace = {**vars(ks), **changes}
    namespace = {key: value for key, value in namespace.items() if value is not None}
    return kit.define_game(namespace, name="copy", title="Copy", players=(2, 4))


def test_a_module_that_defines_a_part_of_the_tier_provides_it() -> None:
    def action_space(players: int, rules: ks.Rules) -> ActionSpace:
        return ActionSpace([Family(ks.Keep, ()), Family(ks.Swap, ())])

    def view_bounds(players: int, rules: ks.Rules) -> dict[str, int]:
        return {"hands": players, "hands[]": rules.ranks, "held": players, "discards": 99}

    game = _defined(action_space=action_space, view_bounds=view_bounds)
    assert game.provides == {"action_space", "view_bounds"}
    assert list(game.action_space(2, ks.Rules())) == [ks.Keep(), ks.Swap()]
    assert game.view_bounds(2, ks.Rules())["discards"] == 99
    assert len(game.chance_space(2, ks.Rules())) == 102  # still the notation's
    assert set(tier(vars(ks), chance="explicit")) == set(TIER)


def test_a_module_without_a_notation_or_visibility_gets_no_tier() -> None:
    def view(state: ks.State, seat: int) -> Any:
        return ks.view(state, seat)

    game = _defined(NOTATION=None, view=view, move_from_str=ks.NOTATION.read, PublicView=None)
    assert (game.action_space, game.chance_space, game.view_bounds) == (None, None, None)
    assert game.provides == frozenset()


def test_a_sampled_game_has_no_chance_space() -> None:
    found = tier(vars(ks), chance="sampled")
    assert found["chance_space"] is not None and found["chance_space"](2, ks.Rules()) is None
    assert found["action_space"] is not None


@pytest.mark.parametrize(
    ("part", "message"),
    [
        (lambda players: None, "action_space must take 2 positional argument"),
        ("not a function", "action_space must be a function, not str"),
    ],
)
def test_a_tier_function_of_the_wrong_shape_is_refused_at_import(part: Any, message: str) -> None:
    with pytest.raises(TypeError, match=f"^copy: {message}"):
        _defined(action_space=part)
