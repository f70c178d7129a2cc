"""The game kit: counts, options, checks, the generic contract parts and define_game."""

from __future__ import annotations

import inspect
import random
import re
import typing
from collections import Counter
from fractions import Fraction
from typing import Any

import attrs
import pytest

from picnic_rules import (
    CHANCE,
    GAMES,
    IllegalMove,
    InvalidMove,
    InvalidState,
    Outcome,
    PicnicError,
    RulesError,
    sandwich,
)
from picnic_rules.game import Game, check_player_count
from picnic_rules.kit import (
    Notation,
    check_counts,
    check_fields,
    count,
    counts,
    define_game,
    expect,
    flag,
)
from picnic_rules.kit import defaults as kit_defaults
from picnic_rules.kit import spaces as kit_spaces
from picnic_rules.sandwich import Card, Draw, End, Play
from picnic_rules.testing import check_play

# ---------------------------------------------------------------- counts


def test_add_move_replace_subtract_total() -> None:
    assert counts.add((1, 2, 3), 1) == (1, 3, 3)
    assert counts.add((1, 2, 3), 2, -3) == (1, 2, 0)
    assert counts.move((2, 0), (0, 5), 0, 2) == ((0, 0), (2, 5))
    assert counts.replace((("a",), ("b",)), 0, ("c",)) == (("c",), ("b",))
    assert counts.subtract((5, 5), (1, 2)) == (4, 3)
    assert counts.total([(1, 2), (3, 4), (0, 1)]) == (4, 7)


def test_draw_is_exact_for_huge_counts() -> None:
    # random() * total would lose every digit past the 53rd bit; randrange stays exact
    rng = random.Random(5)
    huge = 10**400
    seen = Counter(counts.draw((huge, 0, huge), rng) for _ in range(400))
    assert set(seen) == {0, 2}
    assert 120 < seen[0] < 280


def test_draw_weights_each_card_equally() -> None:
    rng = random.Random(11)
    seen = Counter(counts.draw((1, 3), rng) for _ in range(4000))
    assert 800 < seen[0] < 1200  # expected 1000


def test_draw_from_nothing_is_an_error() -> None:
    with pytest.raises(ValueError, match="empty range"):
        counts.draw((0, 0), random.Random(1))


def test_pick_weighted_uses_exact_fractions() -> None:
    rng = random.Random(2)
    weights = [Fraction(1, 3), Fraction(0), Fraction(2, 3)]
    seen = Counter(counts.pick_weighted(weights, rng) for _ in range(3000))
    assert set(seen) == {0, 2}
    assert 850 < seen[0] < 1150  # expected 1000


def test_deal_conserves_cards_and_respects_sizes() -> None:
    rng = random.Random(3)
    for _ in range(50):
        hands, rest = counts.deal((4, 3, 2), [2, 0, 3], rng)
        assert [sum(h) for h in hands] == [2, 0, 3]
        assert counts.total([*hands, rest]) == (4, 3, 2)


def test_deal_is_uniform_over_cards() -> None:
    # one card from (1 bread, 3 jelly): bread one time in four
    rng = random.Random(4)
    seen = Counter(counts.deal((1, 3), [1], rng)[0][0] for _ in range(4000))
    assert 800 < seen[(1, 0)] < 1200


def test_deal_draws_each_card_as_draw_does_by_either_way() -> None:
    """A deal is its cards drawn one by one with :func:`counts.draw` -- the same hands and
    the same numbers taken from the generator -- whether it lays the cards out once (many
    drawn of a few kinds, or counts dealt from again, as a search does) or finds each kind
    by bisection (a few drawn of many)."""

    def drawn_one_by_one(
        unseen: tuple[int, ...], sizes: list[int], rng: random.Random
    ) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
        left, hands = list(unseen), []
        for size in sizes:
            hand = [0] * len(left)
            for _ in range(size):
                kind = counts.draw(left, rng)
                left[kind] -= 1
                hand[kind] += 1
            hands.append(tuple(hand))
        return tuple(hands), tuple(left)

    pools = random.Random(11)
    ways = Counter()
    for seed in range(3000):
        unseen = tuple(pools.randint(0, 9) for _ in range(pools.randint(1, 25)))
        room = sum(unseen)
        sizes = []
        while pools.random() < 0.7 and room:
            sizes.append(pools.randint(0, room))
            room -= sizes[-1]
        ways[sum(sizes) * len(unseen) >= 1.5 * sum(unseen)] += 1
        for again in range(3):  # fresh counts, then the same tuple laid out, then kept
            one, other = random.Random(seed + again), random.Random(seed + again)
            assert counts.deal(unseen, sizes, one) == drawn_one_by_one(unseen, sizes, other)
            assert one.random() == other.random()
    assert min(ways.values()) > 500  # both ways were taken, many times


def test_deal_refuses_too_many_cards() -> None:
    with pytest.raises(ValueError, match=r"cannot deal hands of \[2, 2\] from \(1, 2\)"):
        counts.deal((1, 2), [2, 2], random.Random(1))


# ---------------------------------------------------------------- options


@attrs.frozen
class _Options:
    cards: int = count(10, minimum=1, maximum=99)
    strict: bool = flag(False)


@pytest.mark.parametrize(
    ("kwargs", "field", "message"),
    [
        ({"cards": 0}, "cards", "cards must be at least 1, not 0"),
        ({"cards": 100}, "cards", "cards must be at most 99, not 100"),
        ({"cards": 10**400}, "cards", "cards must be at most 99, not a larger number$"),
        ({"cards": -(10**400)}, "cards", "cards must be at least 1, not a larger negative"),
        ({"cards": True}, "cards", "cards must be an int, not bool"),
        ({"cards": 2.0}, "cards", "cards must be an int, not float"),
        ({"strict": 1}, "strict", "strict must be a bool, not int"),
    ],
)
def test_options_refuse_bad_values_naming_the_field(
    kwargs: dict[str, Any], field: str, message: str
) -> None:
    with pytest.raises(RulesError, match=message) as info:
        _Options(**kwargs)
    assert info.value.field == field
    assert info.value.reason.startswith(f"{field} must be")


def test_options_accept_their_bounds() -> None:
    assert _Options(cards=1).cards == 1
    assert _Options(cards=99, strict=True) == _Options(99, True)


def test_a_count_default_outside_its_bounds_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match=r"the default 5 is outside 0\.\.3"):
        count(5, maximum=3)


# ---------------------------------------------------------------- checks


@attrs.frozen
class _Inner:
    kind: Card
    size: int


@attrs.frozen
class _Outer:
    hands: tuple[tuple[int, ...], ...]
    pair: tuple[int, bool]
    inner: _Inner
    owner: int | None
    tags: frozenset[str]


def _outer(**changes: Any) -> _Outer:
    good = _Outer(((1, 2), ()), (3, False), _Inner(Card.BREAD, 2), None, frozenset({"a"}))
    return attrs.evolve(good, **changes)


def test_check_fields_accepts_a_well_typed_object() -> None:
    check_fields(_outer())
    check_fields(_outer(owner=3))


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"hands": ((1, True),)}, r"hands\[0\]\[1\] must be an int, not bool"),
        ({"hands": [(1,)]}, "hands must be a tuple, not list"),
        ({"pair": (3,)}, "pair must hold 2 items, not 1"),
        ({"pair": (3, 0)}, r"pair\[1\] must be a bool, not int"),
        ({"inner": _Inner(1, 2)}, "inner.kind must be a Card, not 1"),  # type: ignore[arg-type]
        ({"owner": "0"}, "owner must be an int, not str"),
        ({"tags": frozenset({1})}, "tags member must be a str, not int"),
    ],
)
def test_check_fields_names_the_path_of_the_bad_value(
    changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidState, match=message):
        check_fields(_outer(**changes))


def test_expect_and_check_counts() -> None:
    expect(True, "never")
    with pytest.raises(InvalidState, match=r"^the pile is empty$"):
        expect(0, "the pile is empty")
    check_counts("the hand", (0, 2), 2)
    with pytest.raises(InvalidState, match=r"the hand must be a tuple of 2 counts, got \(1,\)"):
        check_counts("the hand", (1,), 2)
    with pytest.raises(InvalidState, match="the hand holds -1, not a count"):
        check_counts("the hand", (1, -1), 2)


# ---------------------------------------------------------------- outcome and players


def test_outcome_from_scores_equal_leaders_all_win() -> None:
    assert Outcome.from_scores([1, 4, 4, 0], "stuck") == Outcome((1, 4, 4, 0), (1, 2), "stuck")
    assert Outcome.from_scores((0, 0), "x").winners == (0, 1)


def test_the_player_range_is_enforced_in_one_place() -> None:
    assert sandwich.GAME.players == sandwich.PLAYERS == (2, 4)
    assert sandwich.GAME.check_players(3) == 3
    for bad in (1, 5, True, "2"):
        with pytest.raises(RulesError, match=f"sandwich takes 2 to 4 players, not {bad!r}"):
            sandwich.GAME.check_players(bad)
    with pytest.raises(RulesError, match="sandwich takes 2 to 4 players, not 5"):
        sandwich.GAME.new_game(5)
    assert check_player_count("x", (1, 1), 1) == 1


# ---------------------------------------------------------------- the generic parts


def _dealt(players: int = 2) -> sandwich.State:
    state = sandwich.new_game(players)
    while sandwich.to_move(state) is CHANCE:
        state = sandwich.apply(state, Draw(Card.BREAD))
    return state


def test_parse_move_checks_syntax_then_seat_then_legality() -> None:
    state = _dealt()  # seat 0 acts, holding breads
    with pytest.raises(InvalidMove, match="expected one of"):
        sandwich.parse_move(state, "jump", seat=1)  # syntax comes first
    with pytest.raises(IllegalMove, match="seat 1 may not move now: seat 0 is to act"):
        sandwich.parse_move(state, "play jelly on 7", seat=1)  # then the seat
    with pytest.raises(IllegalMove, match=r"there is no sandwich 0\.7"):
        sandwich.parse_move(state, "play bread on 7", seat=0)  # then apply's reason
    assert sandwich.parse_move(state, "play bread", seat=0) == Play(Card.BREAD)


def test_parse_move_from_a_seat_at_a_chance_node() -> None:
    state = sandwich.new_game(2)
    with pytest.raises(IllegalMove, match="seat 0 may not move now: chance is to act"):
        sandwich.parse_move(state, "draw bread", seat=0)
    assert sandwich.parse_move(state, "draw bread") == Draw(Card.BREAD)


def test_generic_sample_chance_follows_the_exact_weights() -> None:
    state = sandwich.new_game(2, sandwich.Rules(bread=1, peanut_butter=0, jelly=3))
    rng = random.Random(9)
    seen = Counter(kit_defaults.sample_chance(sandwich.GAME, state, rng) for _ in range(4000))
    assert seen.keys() == {Draw(Card.BREAD), Draw(Card.JELLY), Draw(Card.ANT), Draw(Card.FLY)}
    total = 1 + 3 + 8 + 6
    assert abs(seen[Draw(Card.JELLY)] / 4000 - 3 / total) < 0.03


def test_generic_sample_chance_refuses_when_chance_does_not_act() -> None:
    with pytest.raises(PicnicError, match=r"chance does not act now \(seat 0 is to act\)"):
        kit_defaults.sample_chance(sandwich.GAME, _dealt(), random.Random(1))


def test_random_move_builds_every_move_type() -> None:
    rng = random.Random(1)
    state = _dealt()
    kinds = {type(sandwich.random_move(state, rng)) for _ in range(300)}
    assert kinds == set(sandwich.MOVE_TYPES)


def test_generic_check_view_refuses_a_view_no_state_has() -> None:
    state = _dealt()
    view = sandwich.view(state, 0)
    sandwich.check_view(view)
    with pytest.raises(
        InvalidState, match="check_view takes a sandwich View, not a sandwich State"
    ):
        sandwich.check_view(state)  # type: ignore[arg-type]
    with pytest.raises(InvalidState, match="expected a sandwich View, not State"):
        kit_defaults.check_view(GAMES["sandwich"], state)  # the generic part itself
    with pytest.raises(InvalidState, match="draw_size must be an int, not bool"):
        sandwich.check_view(attrs.evolve(view, draw_size=True))
    with pytest.raises(InvalidState, match="the view's card counts do not add up to the deck"):
        sandwich.check_view(attrs.evolve(view, draw_size=view.draw_size + 1))


# ---------------------------------------------------------------- define_game


def _namespace() -> dict[str, Any]:
    return {key: getattr(sandwich, key) for key in dir(sandwich)}


def test_define_game_builds_the_sandwich_record() -> None:
    game = define_game(_namespace(), name="copy", title="Copy", players=(2, 3))
    assert game.players == (2, 3)
    assert game.chance == "explicit" and game.face_down_moves is False
    assert game.variants == sandwich.VARIANTS  # the module's own, by name
    assert game.reasons == sandwich.REASONS
    assert set(game.move_types) == set(sandwich.MOVE_TYPES)
    assert game.max_chance_steps(2, sandwich.Rules()) == 4 + 540 + 1


@pytest.mark.parametrize("key", ["apply", "State", "REASONS", "remaining"])
def test_define_game_names_what_is_missing(key: str) -> None:
    namespace = _namespace()
    del namespace[key]
    with pytest.raises(TypeError, match=f"copy: the game module does not define {key}$"):
        define_game(namespace, name="copy", title="Copy", players=(2, 4))


def test_define_game_takes_the_modules_facts_by_name_unless_given() -> None:
    """A keyword left out is the module's constant of that name in capitals; one given
    wins; a module without the constant gets the kit's default."""
    game = define_game(_namespace(), name="copy", title="Copy")
    assert game.players == sandwich.PLAYERS and game.variants == sandwich.VARIANTS
    assert game.about == sandwich.ABOUT and game.score_word == sandwich.SCORE_WORD
    assert game.reason_words == sandwich.GAME.reason_words
    given = define_game(
        _namespace(), name="copy", title="Copy", about="A copy.", score_word="Points"
    )
    assert given.about == "A copy." and given.score_word == "Points"
    namespace = _namespace()
    for key in ("VARIANTS", "ABOUT", "REASON_WORDS", "SCORE_WORD"):
        del namespace[key]
    bare = define_game(namespace, name="copy", title="Copy")
    assert bare.variants == {"default": sandwich.Rules()}
    assert bare.about == "" and bare.score_word == "Scores"
    assert bare.reason_words["three-sandwiches"] == "three sandwiches"


def test_define_game_derives_what_follows_from_the_rules_tier() -> None:
    """``is_over``, ``max_moves``, ``max_chance_steps`` and ``move_from_str`` default to
    what ``to_move``, the termination measure at the new game and ``NOTATION`` give."""
    namespace = _namespace()
    for key in ("is_over", "max_moves", "max_chance_steps", "move_from_str"):
        del namespace[key]
    game = define_game(namespace, name="copy", title="Copy", players=(2, 4))
    rules = sandwich.Rules()
    start = sandwich.new_game(3, rules)
    assert game.max_moves(3, rules) == sandwich.remaining(start).moves
    assert game.max_chance_steps(3, rules) == sandwich.remaining(start).chance
    assert game.is_over(start) is False and game.as_written("is_over")(start) is False
    assert "is_over" not in namespace  # the module's names are left as they are
    assert game.move_from_str("play jelly on 0") == sandwich.Play(sandwich.Card.JELLY, 0)
    with pytest.raises(RulesError):
        game.max_moves(3, "rules")  # the kit's gate holds for the derived parts too


def test_define_game_refuses_a_mis_wired_function() -> None:
    namespace = _namespace()
    namespace["apply"] = sandwich.view
    with pytest.raises(TypeError, match="copy: apply's argument 'player' is annotated"):
        define_game(namespace, name="copy", title="Copy", players=(2, 4))
    namespace = _namespace()
    namespace["legal_moves"] = sandwich.view
    with pytest.raises(TypeError, match="copy: legal_moves must take 1 positional argument"):
        define_game(namespace, name="copy", title="Copy", players=(2, 4))
    namespace = _namespace()

    def determinize(view: sandwich.View, rng: random.Random) -> sandwich.View:
        return view

    namespace["determinize"] = determinize
    with pytest.raises(TypeError, match="copy: determinize is annotated to return"):
        define_game(namespace, name="copy", title="Copy", players=(2, 4))


def test_define_game_checks_capabilities() -> None:
    with pytest.raises(TypeError, match="a game with sampled chance must define sample_chance"):
        namespace = _namespace()
        del namespace["sample_chance"]
        define_game(namespace, name="c", title="C", players=(2, 4), chance="sampled")
    with pytest.raises(TypeError, match="chance must be 'explicit' or 'sampled', not 'dice'"):
        define_game(_namespace(), name="c", title="C", players=(2, 4), chance="dice")  # type: ignore[arg-type]
    namespace = _namespace()
    namespace["MOVE_TYPES"] = (Draw, End)
    with pytest.raises(TypeError, match="MOVE_TYPES and the Move union list different classes"):
        define_game(namespace, name="c", title="C", players=(2, 4))
    with pytest.raises(ValueError, match=r"players must be a \(fewest, most\) pair"):
        define_game(_namespace(), name="c", title="C", players=(3, 2))


def test_define_game_takes_the_seat_range_from_players_or_the_modules_players() -> None:
    namespace = {**_namespace(), "PLAYERS": (2, 3)}
    assert define_game(namespace, name="c", title="C").players == (2, 3)
    namespace.pop("PLAYERS")
    with pytest.raises(TypeError, match=r"^c: give players=\(fewest, most\) or define PLAYERS$"):
        define_game(namespace, name="c", title="C")
    with pytest.raises(ValueError, match=r"players must be a \(fewest, most\) pair"):
        define_game({**namespace, "PLAYERS": (3, 2)}, name="c", title="C")


def test_a_move_class_without_attrs_is_made_a_frozen_attrs_class_by_its_notation() -> None:
    notation = Notation()

    @notation.move("pass")
    class Pass:
        """Pass."""

    assert attrs.has(Pass) and Pass() == Pass() and hash(Pass()) == hash(Pass())
    assert str(Pass()) == "pass" and notation.read("pass") == Pass()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        Pass().x = 1  # type: ignore[attr-defined]


def test_a_game_pickles_as_its_registered_name() -> None:
    import pickle

    assert pickle.loads(pickle.dumps(sandwich.GAME)) is sandwich.GAME


def test_game_is_typed_for_mypy(tmp_path: Any) -> None:
    """mypy sees the sandwich types through GAME, and refuses a mis-wired Game."""
    mypy_api = pytest.importorskip("mypy.api")
    good = tmp_path / "good.py"
    good.write_text(
        "from picnic_rules import sandwich, play, replay, RandomAgent\n"
        "s = sandwich.GAME.new_game(2)\n"
        "reveal_type(s)\n"
        "reveal_type(sandwich.GAME.legal_moves(s))\n"
        "record = play(sandwich.GAME, [RandomAgent(), RandomAgent()], seed=1)\n"
        "reveal_type(record.rules)\n"
        "reveal_type(replay(record, sandwich.GAME))\n"
        "from picnic_rules import codec\n"
        "reveal_type(codec.loads('{}', kind='view', game=sandwich.GAME))\n"
    )
    bad = tmp_path / "bad.py"
    bad.write_text(
        "from picnic_rules import sandwich\n"
        "from picnic_rules.game import Game\n"
        "import attrs\n"
        "g = attrs.evolve(sandwich.GAME, apply=sandwich.view)\n"
        "h: Game[sandwich.State, sandwich.View, sandwich.Move, sandwich.Rules,\n"
        "        sandwich.Observation] = Game(\n"
        "    name='x', title='x', players=(2, 2), Rules=sandwich.Rules, State=sandwich.State,\n"
        "    View=sandwich.View, Observation=sandwich.Observation,\n"
        "    move_types=sandwich.MOVE_TYPES, new_game=sandwich.new_game,\n"
        "    to_move=sandwich.to_move, legal_moves=sandwich.legal_moves, apply=sandwich.view,\n"
        "    chance_outcomes=sandwich.chance_outcomes, sample_chance=sandwich.sample_chance,\n"
        "    is_over=sandwich.is_over, result=sandwich.result, view=sandwich.view,\n"
        "    determinize=sandwich.determinize, parse_move=sandwich.parse_move,\n"
        "    move_from_str=sandwich.move_from_str, check=sandwich.check,\n"
        "    check_view=sandwich.check_view, max_moves=sandwich.max_moves,\n"
        "    max_chance_steps=sandwich.max_chance_steps, random_move=sandwich.random_move,\n"
        "    observe=sandwich.observe, update=sandwich.update, describe=sandwich.describe,\n"
        "    render=sandwich.render, move_group=sandwich.move_group, reasons=sandwich.REASONS)\n"
    )
    cache = str(tmp_path / "cache")
    out, _, status = mypy_api.run(["--strict", "--cache-dir", cache, str(good)])
    assert 'Revealed type is "picnic_rules.sandwich.state.State"' in out
    assert "tuple[picnic_rules.sandwich.moves.Draw | picnic_rules.sandwich.moves.Play" in out
    assert 'Revealed type is "picnic_rules.sandwich.rules.Rules"' in out
    assert "tuple[picnic_rules.sandwich.state.State, ...]" in out
    assert 'Revealed type is "picnic_rules.sandwich.state.View"' in out
    out, _, status = mypy_api.run(["--strict", "--cache-dir", cache, str(bad)])
    assert status == 1
    assert 'Argument "apply" to "Game" has incompatible type' in out
    assert '"render"' not in out  # the Render protocol takes the view positionally


def test_add_and_replace_refuse_an_index_outside() -> None:
    with pytest.raises(IndexError, match="kind -1 is not an index of 3 counts"):
        counts.add((1, 2, 3), -1)
    with pytest.raises(IndexError):
        counts.replace((1, 2, 3), 3, 0)


def test_define_game_takes_move_types_in_the_union_order() -> None:
    namespace = _namespace()
    del namespace["MOVE_TYPES"]
    game = define_game(namespace, name="copy", title="Copy", players=(2, 4))
    assert game.move_types == typing.get_args(sandwich.Move)


def test_define_game_needs_a_view_with_its_seat() -> None:
    namespace = _namespace()

    @attrs.frozen
    class View:
        seat: int

    namespace["View"] = View
    with pytest.raises(TypeError, match="View must be an attrs class with a 'player' field"):
        define_game(namespace, name="copy", title="Copy", players=(2, 4))


def test_check_view_refuses_a_view_of_no_seat() -> None:
    view = sandwich.view(_dealt(), 0)
    with pytest.raises(InvalidState, match="there is no seat 5 in a 2-player game"):
        sandwich.check_view(attrs.evolve(view, player=5))


def test_the_generic_parts_follow_a_copy_of_the_game() -> None:
    """attrs.evolve(GAME, ...) gives a game whose generic parts call the copy's functions."""
    calls: list[str] = []

    def legal_moves(state: sandwich.State) -> tuple[sandwich.Move, ...]:
        calls.append("copy")
        return sandwich.legal_moves(state)

    copy = attrs.evolve(sandwich.GAME, name="copy", legal_moves=legal_moves)
    state = _dealt()
    assert copy.parse_move(state, "play bread") == Play(Card.BREAD)
    assert calls == ["copy"]
    assert sandwich.GAME.parse_move(state, "play bread") == Play(Card.BREAD)
    assert calls == ["copy"]
    assert "generic picnic_rules.kit.defaults.parse_move" in repr(copy.parse_move)


def test_builder_makes_ordinary_frozen_states() -> None:
    from picnic_rules.kit import builder

    build = builder(sandwich.State)
    state = _dealt()
    fields = [getattr(state, f.name) for f in attrs.fields(sandwich.State)]
    built = build(*fields)
    assert type(built) is sandwich.State and built == state and hash(built) == hash(state)
    assert attrs.evolve(built, turn=1).turn == 1
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.turn = 1  # type: ignore[misc]
    with pytest.raises(TypeError, match="_Options must be a slotted attrs class"):
        builder(attrs.frozen(slots=False)(type("_Options", (), {"__annotations__": {}})))


@attrs.frozen(cache_hash=True)
class _Hashed:
    """A move-like value that caches its hash (as the ants placements do)."""

    card: str
    x: int


def test_built_values_that_cache_their_hash_hash_as_made_by_attrs() -> None:
    """builder, evolver and make leave a cached hash unset, so it is worked out on first use
    from the fields the value has -- never a stale one, never a missing slot."""
    from picnic_rules.kit import builder, evolver, make

    built = builder(_Hashed)("bread", 1)
    assert hash(built) == hash(_Hashed("bread", 1)) and built == _Hashed("bread", 1)
    moved = evolver(_Hashed, "x")(built, x=2)  # built's hash is cached by now
    assert hash(moved) == hash(_Hashed("bread", 2)) != hash(built)
    assert hash(make(_Hashed, card="jam", x=3)) == hash(_Hashed("jam", 3))


# ---------------------------------------------------------------- the gates


@pytest.mark.parametrize("bad", ["default", None, 3, sandwich.Rules])
@pytest.mark.parametrize("name", ["new_game", "max_moves", "max_chance_steps"])
def test_the_gate_refuses_rules_of_another_type(name: str, bad: object) -> None:
    shown = {"default": "a str", None: "None", 3: "an int", sandwich.Rules: "a type"}[bad]
    function = getattr(sandwich.GAME, name)
    with pytest.raises(RulesError, match=f"^rules must be a sandwich Rules, not {shown}$"):
        function(2, bad)
    assert getattr(sandwich, name) is sandwich.GAME.as_written(name)  # the rule, unchecked
    assert getattr(sandwich, name) is not function


def test_the_gate_names_a_rules_object_of_another_game() -> None:
    from picnic_rules import insects

    with pytest.raises(RulesError, match=r"^rules must be a sandwich Rules, not an insects Rules$"):
        sandwich.GAME.new_game(2, rules=insects.Rules())
    with pytest.raises(RulesError, match=r"^rules must be an insects Rules, not a sandwich Rules$"):
        insects.GAME.new_game(rules=sandwich.Rules())


def test_the_gate_checks_the_players_then_the_rules_own_check() -> None:
    with pytest.raises(RulesError, match=r"^sandwich takes 2 to 4 players, not True$"):
        sandwich.GAME.new_game(True)
    with pytest.raises(RulesError, match=r"^first_player 3 is not a seat of a 2-player game$"):
        sandwich.GAME.new_game(2, sandwich.Rules(first_player=3))
    assert sandwich.GAME.new_game(players=3, rules=sandwich.Rules()).players == 3


@pytest.mark.parametrize("seat", [-1, 2, True, "0", None, 1.0])
def test_the_gate_refuses_a_seat_of_no_one(seat: object) -> None:
    state = _dealt()
    message = f"^seat {re.escape(repr(seat))} is not a seat of this 2-player game$"
    with pytest.raises(PicnicError, match=message):
        sandwich.GAME.view(state, seat)  # type: ignore[arg-type]
    move = sandwich.legal_moves(state)[0]
    with pytest.raises(PicnicError, match=message):
        sandwich.GAME.observe(state, move, seat)  # type: ignore[arg-type]
    with pytest.raises(PicnicError, match=message):
        sandwich.GAME.view(state, player=seat)  # type: ignore[call-arg]


def test_the_state_gate_comes_before_the_seat_gate() -> None:
    with pytest.raises(InvalidState, match="view takes a sandwich State, not a str"):
        sandwich.GAME.view("x", 9)  # type: ignore[arg-type]


def test_the_gate_refuses_a_result_before_the_end() -> None:
    with pytest.raises(PicnicError, match=r"^the game is not over yet, so it has no result$"):
        sandwich.GAME.result(_dealt())


# ---------------------------------------------------------------- the front-end tier's defaults

_TIER = (
    "Observation",
    "observe",
    "update",
    "describe",
    "describe_move",
    "describe_public",
    "render",
    "move_group",
)


def _rules_only() -> Game[Any, Any, Any, Any, Any]:
    """The sandwich game from its rules tier alone: the kit supplies the front-end tier."""
    namespace = {
        key: value
        for key, value in _namespace().items()
        if key not in _TIER and key not in kit_spaces.TIER
    }
    return define_game(namespace, name="sandwich", title="Sandwich", players=(2, 4))


def test_a_game_of_the_rules_tier_alone_passes_the_harness() -> None:
    game = _rules_only()
    assert game.provides == frozenset() and sandwich.GAME.provides >= set(_TIER) - {"describe_move"}
    report = check_play(game, players=3, seed=2, every=7)
    assert report.observations > report.steps > 0


def test_the_default_observation_is_the_next_view_and_the_move_if_seen() -> None:
    game = _rules_only()
    state = game.new_game(2)
    assert [f.name for f in attrs.fields(game.Observation)] == ["seat", "actor", "move", "view"]
    dealt = game.observe(state, Draw(Card.JELLY), 1)  # chance: the outcome is not shown
    after = game.apply(state, Draw(Card.JELLY))
    assert dealt == game.Observation(1, None, None, game.view(after, 1))
    assert game.update(game.view(state, 1), dealt) == game.view(after, 1)
    state = _dealt()
    seen = game.observe(state, Play(Card.BREAD), 1)  # a seat's move: every seat sees it
    assert (seen.actor, seen.move) == (0, Play(Card.BREAD))
    assert game.describe(game.view(state, 1), seen) == "seat 0's move: play bread"
    assert game.describe(game.view(state, 0), seen) == "your move: play bread"
    assert game.describe(game.view(state, 0), dealt) == "chance acts"
    assert game.move_group(Play(Card.BREAD)) == ("play", "bread")
    assert game.move_group(End()) == ("end", "")
    for garbage in (None, "play bread", 3):  # the kit's one rule for what a move is
        with pytest.raises(IllegalMove, match=r": not a move of sandwich: it is an? \w+, not"):
            game.move_group(garbage)
    with pytest.raises(IllegalMove, match=r": not a move of sandwich: it is a NoneType, not"):
        game.group_moves([End(), None])


def test_the_default_observation_goes_through_the_codec() -> None:
    from picnic_rules import codec

    game = _rules_only()
    state = _dealt()
    seen = game.observe(state, Play(Card.BREAD), 1)
    assert codec.loads(codec.dumps(seen, game=game), game=game) == seen


def test_the_default_update_refuses_what_does_not_follow_the_view() -> None:
    game = _rules_only()
    state = _dealt()
    before = game.view(state, 1)
    seen = game.observe(state, Play(Card.BREAD), 1)
    with pytest.raises(IllegalMove, match="it is not seat 1's"):
        game.update(before, attrs.evolve(seen, seat=0))
    with pytest.raises(IllegalMove, match="it does not hold a view of seat 1 of this game"):
        game.update(before, attrs.evolve(seen, view=game.observe(state, Play(Card.BREAD), 0).view))
    with pytest.raises(IllegalMove, match="the observation does not follow the view: "):
        game.update(before, attrs.evolve(seen, view=attrs.evolve(seen.view, turn=7)))
    with pytest.raises(PicnicError, match=r"^update takes a sandwich Observation, not a sandwich"):
        game.update(before, sandwich.observe(state, Play(Card.BREAD), 1))  # the library's own


def test_the_default_observe_refuses_a_seat_of_no_one_and_an_illegal_move() -> None:
    game = _rules_only()
    with pytest.raises(PicnicError, match=r"^seat 2 is not a seat of this 2-player game$"):
        game.observe(_dealt(), Play(Card.BREAD), 2)
    with pytest.raises(IllegalMove):
        game.observe(_dealt(), Play(Card.JELLY, 3), 0)


def test_the_default_render_lists_the_view_fields() -> None:
    game = _rules_only()
    view = game.view(_dealt(), 0)
    picture = game.render(view)
    assert picture.splitlines()[0] == "Sandwich, seat 0"
    assert "\nplayer: 0\n" in picture and "\nturn: 0" in picture
    marked = game.render(view, markup=True)
    assert marked.startswith("[bold]Sandwich, seat 0[/bold]\n")


@pytest.mark.parametrize("markup", ["x", 1, None, 0.0])
def test_render_refuses_a_markup_that_is_not_true_or_false(markup: object) -> None:
    own = GAMES["sandwich"]  # a game's own render, then the kit's generic one
    for game in (own, _rules_only()):
        view = game.view(_dealt(), 0)
        with pytest.raises(PicnicError, match=r"^render's markup must be True or False, not "):
            game.render(view, markup=markup)  # type: ignore[arg-type]
        assert game.render(view, markup=False) == game.render(view)


@pytest.mark.parametrize(
    ("dropped", "lacking"),
    [("update", "update"), ("Observation", "Observation"), ("describe", "describe")],
)
def test_the_observation_parts_come_together(dropped: str, lacking: str) -> None:
    namespace = _namespace()
    del namespace[dropped]
    with pytest.raises(TypeError, match=f"must define {lacking} too"):
        define_game(namespace, name="copy", title="Copy", players=(2, 4))


def test_a_game_that_defines_a_part_provides_it() -> None:
    namespace = {key: value for key, value in _namespace().items() if key not in _TIER}
    namespace["render"] = sandwich.render
    game = define_game(namespace, name="copy", title="Copy", players=(2, 4))
    assert game.provides == frozenset({"render", *kit_spaces.TIER})  # sandwich's spaces too
    assert inspect.unwrap(game.render) is inspect.unwrap(sandwich.render)  # under the kit's gates
