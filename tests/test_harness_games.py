"""The harness on a tiny game with sampled chance (``harness_games.DICE``), broken versions
of it caught by the right named check, the codec checks against a lenient fake, choosing
checks by name, and the helpers for scenario tests."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import harness_games
import pytest
from harness_games import DICE, Pick, Roll, State, View
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from picnic_rules import IllegalMove, InvalidState, codec, kit, sandwich
from picnic_rules.game import CHANCE, Game
from picnic_rules.testing import (
    CHECKS,
    GameMachine,
    apply_all,
    assert_illegal,
    check_game,
    check_long_game,
    check_play,
    play_out,
    select_checks,
)
from picnic_rules.testing.documents import key_paths, without
from picnic_rules.testing.mutations import LARGE, mutants, sample

DiceGame = Game[State, View, Any, Any, Any]


# --------------------------------------------------------------------------
# the honest game passes everything


def test_dice_passes_every_check() -> None:
    report = check_game(DICE, games=3)
    assert report.games == 3 * 2 * 2  # variants default and two-d6, 2 and 3 players
    assert report.chance_steps == report.decisions  # one roll per pick
    assert report.reasons == {"rounds": 12}


@given(st.data(), st.integers(2, 3))
@settings(max_examples=10, deadline=None, database=None)
def test_dice_play_out_draws_a_seed_at_each_roll(data: st.DataObject, count: int) -> None:
    rolls: list[Roll] = []

    def on_move(state: State, move: Any, new: State) -> None:
        if DICE.to_move(state) is CHANCE:
            rolls.append(move)

    final = play_out(DICE, data, players=count, every=1, on_move=on_move)
    assert DICE.is_over(final)
    assert len(rolls) == 3 * count
    assert all(len(roll.dice) == 10 and all(1 <= d <= 1000 for d in roll.dice) for roll in rolls)


TestDiceMachine = GameMachine(DICE).TestCase
TestDiceMachine.settings = settings(
    max_examples=5, stateful_step_count=20, deadline=None, database=None
)


# --------------------------------------------------------------------------
# broken versions, each caught by its named check


def _broken(**changes: Any) -> DiceGame:
    """``DICE`` with ``changes``, its generic parts bound to the changed record."""
    game: DiceGame = attrs.evolve(DICE, **changes)
    rebound: dict[str, Any] = {
        "check_view": lambda v: kit.check_view(game, v),
        "parse_move": lambda state, text, *, seat=None: kit.parse_move(
            game, state, text, seat=seat
        ),
    }
    for key in changes:
        rebound.pop(key, None)
    return attrs.evolve(game, **rebound)


def _lists_outcomes(state: State) -> tuple[Any, ...]:
    if DICE.to_move(state) is CHANCE:
        return (DICE.sample_chance(state, random.Random(0)),)
    return DICE.legal_moves(state)


def _accepts_any_roll(state: State, move: Any) -> State:
    if state.roll is None and type(move) is Roll:
        return attrs.evolve(state, roll=move.dice)
    return DICE.apply(state, move)


def _accepts_every_view(view: View) -> None:
    return None


def _same_seed_other_roll(state: State, rng: random.Random) -> Any:
    rng.random()  # the generator is read, but the roll comes from another one
    return DICE.sample_chance(state, random.Random())


def _measure_stands_still(state: State) -> Any:
    turns = state.rules.rounds * state.players
    return (turns, turns)


def _trusts_the_roll(view: View, observation: Any) -> View:
    if type(observation.move) is Roll and view.roll is None:
        return attrs.evolve(view, roll=observation.move.dice)  # faces never checked
    return DICE.update(view, observation)


def _apply_unchecked(state: State, move: Any) -> State:
    if type(move) is Pick and state.roll is not None and type(move.die) is not int:
        scores = list(state.scores)
        scores[state.turns % state.players] += state.roll[move.die]  # TypeError for "x"
        return State(state.rules, state.players, state.turns + 1, tuple(scores), None)
    return DICE.apply(state, move)


def _apply_stores_lookalikes(state: State, move: Any) -> State:
    rules = state.rules
    if (
        type(move) is Roll
        and state.roll is None
        and len(move.dice) == rules.dice
        and all(1 <= d <= rules.faces for d in move.dice)
    ):
        return attrs.evolve(state, roll=move.dice)  # a 4.0 is kept as 4.0
    return DICE.apply(state, move)


def _parse_refuses_a_seat(state: State, text: str, *, seat: int | None = None) -> Any:
    if seat is not None:
        raise IllegalMove(text, "no seat may type")
    return kit.parse_move(DICE, state, text)


def _check_accepts_everything(state: State) -> None:
    return None


BROKEN: dict[str, tuple[dict[str, Any], str]] = {
    "more rolls than max_chance_steps": (
        {"max_chance_steps": lambda players, rules: players},
        "measure",
    ),
    "a termination measure that does not fall": ({"remaining": _measure_stands_still}, "measure"),
    "update trusts a forged roll": ({"update": _trusts_the_roll}, "forged-observations"),
    "apply crashes on an ill-typed pick": ({"apply": _apply_unchecked}, "move-values"),
    "apply stores a look-alike roll": ({"apply": _apply_stores_lookalikes}, "move-values"),
    "check accepts positions no game reaches": ({"check": _check_accepts_everything}, "closure"),
    "a sampled game lists its outcomes": ({"legal_moves": _lists_outcomes}, "chance"),
    "apply accepts an impossible supplied roll": ({"apply": _accepts_any_roll}, "chance"),
    "check_view accepts views check refuses": (
        {"check_view": _accepts_every_view},
        "forged-views",
    ),
    "sample_chance ignores its generator": ({"sample_chance": _same_seed_other_roll}, "chance"),
    "legal_moves answers a look-alike of another class": (
        {"legal_moves": harness_games.legal_moves},  # the rule as written: no kit guard
        "wrong-kind",
    ),
    "max_moves fails inside on a player count of no kind": (
        {"max_moves": harness_games.max_moves},  # as written, no kit gate: None * rounds
        "wrong-kind",
    ),
}


@pytest.mark.parametrize("name", list(BROKEN))
def test_a_broken_dice_game_fails_its_check(name: str) -> None:
    changes, check = BROKEN[name]
    # the broken parts are bare functions, without the kit's guard: 'wrong-kind' would
    # catch each of them first, so it is left out where another check is meant to
    skip = [] if check == "wrong-kind" else ["wrong-kind"]
    with pytest.raises(AssertionError, match=f"^dice: check '{check}' failed: "):
        check_game(_broken(**changes), games=2, players=2, variants=["default"], seed=3, skip=skip)


def _apply_by_equality(state: State, move: Any) -> State:
    """An ``apply`` that looks a seat's move up among the legal ones by ``==``, as a game
    without the kit's rule for what a move is would: an object equal to everything is
    taken for the first legal move."""
    legal = DICE.legal_moves(state)
    try:
        return DICE.apply(state, legal[legal.index(move)])
    except ValueError:  # not among them: the game's own refusal
        return DICE.apply(state, move)


def test_an_apply_that_takes_an_object_equal_to_everything_fails_move_values() -> None:
    broken = _broken(apply=_apply_by_equality, apply_legal=_apply_by_equality)
    message = (
        r"^dice: check 'move-values' failed: apply\(state, <always equal>\) of an object "
        r"that compares equal to everything was accepted: a move is a value of one of the "
        r"game's move classes\n"
    )
    with pytest.raises(AssertionError, match=message):
        check_play(broken, players=2, seed=3, only=["move-values"])
    check_play(DICE, players=2, seed=3, only=["move-values"])  # the kit's rule holds


def _observes_anything(state: State, move: Any, seat: int) -> Any:
    """An ``observe`` as written, without the kit's move gate: it takes any value."""
    return harness_games.Observation(seat, move)


def _groups_anything(move: Any) -> tuple[str, str]:
    """A ``move_group`` as written, without the kit's move gate: it groups any value."""
    return "move", str(move)


def _describes_anything(view: View, move: Any) -> str:
    """A ``describe_move`` as written, without the kit's move gate."""
    return f"a move: {move}"


@pytest.mark.parametrize(
    ("changes", "call"),
    [
        ({"observe": _observes_anything}, r"observe\(state, <always equal>, 0\)"),
        (
            {"describe_move": _describes_anything},
            r"describe_move\(view\(state, 0\), <always equal>\)",
        ),
        ({"move_group": _groups_anything}, r"move_group\(<always equal>\)"),
    ],
)
def test_a_part_that_takes_an_object_equal_to_everything_fails_move_values(
    changes: dict[str, Any], call: str
) -> None:
    """Issue 39: the kit's one rule for what a move is holds for every function of the
    record that takes a move, and the harness checks each (``observe``, ``describe_move``
    and ``move_group`` once took such an object in sandwich and poultry)."""
    message = (
        f"^dice: check 'move-values' failed: {call} of an object that compares equal to "
        r"everything was accepted: a move is a value of one of the game's move classes\n"
    )
    with pytest.raises(AssertionError, match=message):
        check_play(_broken(**changes), players=2, seed=3, only=["move-values"])


def test_a_parse_move_that_refuses_the_seat_to_act_fails_text_path() -> None:
    broken = _broken(parse_move=_parse_refuses_a_seat)
    with pytest.raises(AssertionError, match=r"^dice: check 'text-path' failed: "):
        check_play(broken, players=2, seed=3, skip=["apply-as"])


def test_max_chance_steps_is_checked_without_the_measure_too() -> None:
    broken = _broken(max_chance_steps=lambda players, rules: players)
    with pytest.raises(AssertionError, match=r"^dice: check 'max-chance-steps' failed: "):
        check_play(broken, players=2, seed=3, skip=["measure"])


def test_the_long_game_search_plays_the_whole_game() -> None:
    report = check_long_game(DICE, players=3, seed=2)
    assert report.games == 1
    assert report.decisions == 3 * 3


def test_the_message_names_the_forged_view() -> None:
    broken = _broken(check_view=_accepts_every_view)
    with pytest.raises(
        AssertionError, match=r"(?s)check refuses its determinization.*forged view: View\("
    ):
        check_play(broken, players=2, seed=0, only=["forged-views"])


# --------------------------------------------------------------------------
# the codec checks against a lenient codec


def _finished() -> State:
    state = DICE.new_game(3, DICE.Rules(rounds=1))
    for _ in range(3):
        state = apply_all(DICE, state, Roll((1,) * 10), Pick(0))
    return state


def _lenient(decode: Callable[..., object]) -> Callable[..., object]:
    """A codec.decode that fills a missing ``format`` with 1, as a lenient codec would."""

    def fake(doc: dict[str, Any], kind: Any = None, game: Any = None) -> object:
        return decode({"format": 1, **doc}, kind=kind, game=game)

    return fake


def test_documents_refuses_a_codec_that_fills_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(codec, "decode", _lenient(codec.decode))
    with pytest.raises(
        AssertionError, match=r"check 'documents' failed: the rules decodes without \$\.format"
    ):
        check_play(DICE, players=2, only=["documents"])


def test_documents_refuses_other_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    def crashes(doc: dict[str, Any], kind: Any = None, game: Any = None) -> object:
        raise KeyError("format")

    monkeypatch.setattr(codec, "decode", crashes)
    with pytest.raises(AssertionError, match=r"raised KeyError: 'format' \(only DecodeError"):
        check_play(DICE, players=2, only=["documents"])


def test_documents_passes_on_a_strict_codec() -> None:
    report = check_play(DICE, players=3, only=["documents"])
    # the first document of each kind loses each of its keys, one at a time
    state = DICE.new_game(3)
    firsts = (DICE.Rules(), state, DICE.view(state, 0), Pick(0), DICE.result(_finished()))
    keys = sum(len(list(key_paths(codec.encode(obj, game=DICE)))) for obj in firsts)
    assert report.checks >= keys > 30


def test_codec_refuses_a_lossy_round_trip(monkeypatch: pytest.MonkeyPatch) -> None:
    loads = codec.loads

    def lossy(text: Any, **kwargs: Any) -> object:
        obj = loads(text, **kwargs)
        return attrs.evolve(obj, turns=obj.turns + 1) if isinstance(obj, State) else obj

    monkeypatch.setattr(codec, "loads", lossy)
    with pytest.raises(AssertionError, match="check 'codec' failed: the state does not round-trip"):
        check_play(DICE, players=2, only=["codec"])


def test_key_paths_and_without() -> None:
    doc = {"a": 1, "b": [{"c": 2}, 3], "d": {"e": {"f": 4}}}
    assert list(key_paths(doc)) == [
        ("a",),
        ("b",),
        ("b", 0, "c"),
        ("d",),
        ("d", "e"),
        ("d", "e", "f"),
    ]
    assert without(doc, ("b", 0, "c")) == {"a": 1, "b": [{}, 3], "d": {"e": {"f": 4}}}
    assert without(doc, ("d", "e", "f"))["d"] == {"e": {}}
    assert doc["b"] == [{"c": 2}, 3] and doc["d"] == {"e": {"f": 4}}  # left as it was


# --------------------------------------------------------------------------
# mutations


def test_mutants_change_one_place() -> None:
    state = DICE.apply(DICE.new_game(2), Roll((5,) * 10))
    v = DICE.view(state, 0)
    found = mutants(v)
    assert v not in found
    assert attrs.evolve(v, player=1) in found
    assert attrs.evolve(v, scores=(0,)) in found  # an item dropped
    assert attrs.evolve(v, scores=(0, 0, 0)) in found  # an item duplicated
    assert attrs.evolve(v, roll=None) in found  # None toggled off
    assert attrs.evolve(v, roll=(5,) * 9 + (5 + LARGE,)) in found
    assert attrs.evolve(v, rules=attrs.evolve(v.rules, rounds=4)) in found  # nested record
    assert all(
        sum(
            a != b
            for a, b in zip(
                attrs.astuple(v, recurse=False), attrs.astuple(m, recurse=False), strict=True
            )
        )
        == 1
        for m in found
    )


def test_mutants_skip_what_the_class_refuses() -> None:
    found = mutants(DICE.Rules())
    assert DICE.Rules(dice=11) in found
    assert all(m.dice >= 1 and m.faces >= 2 for m in found)  # Rules' validators refuse the rest


def test_sample_builds_only_the_count_asked() -> None:
    v = DICE.view(DICE.new_game(3), 2)
    chosen = sample(v, 5, random.Random(1))
    assert len(chosen) == 5
    assert all(m != v for m in chosen)
    assert sample(v, 5, random.Random(1)) == chosen  # the generator decides


def test_sample_toggles_none_on() -> None:
    v = DICE.view(DICE.new_game(2), 0)
    assert attrs.evolve(v, roll=()) in sample(v, 100, random.Random(0))


# --------------------------------------------------------------------------
# choosing checks by name


def test_select_checks() -> None:
    assert select_checks() == frozenset(CHECKS)
    assert select_checks(only="leak") == {"leak"}
    assert select_checks(skip=["leak", "view"]) == set(CHECKS) - {"leak", "view"}
    with pytest.raises(
        ValueError, match=r"skip: unknown check 'leaks' \(the checks: new-game, check"
    ):
        select_checks(skip=["leaks"])


def test_only_runs_the_checks_named() -> None:
    everything = check_play(DICE, players=2, seed=4)
    one = check_play(DICE, players=2, seed=4, only=["check"])
    assert one.steps == everything.steps
    # check(state) at every state (the last one twice) and each move counted as applied
    assert one.checks == 2 * one.steps + 2
    assert everything.checks > 10 * one.checks


def test_skip_lets_a_broken_part_through() -> None:
    broken = _broken(check_view=_accepts_every_view)
    report = check_game(broken, games=1, players=2, skip=["forged-views", "wrong-kind"])
    assert report.games == 2


def test_unknown_check_names_fail_early() -> None:
    with pytest.raises(ValueError, match="only: unknown check 'lek'"):
        check_game(DICE, only=["lek"])
    with pytest.raises(ValueError, match="skip: unknown check 'x'"):
        GameMachine(DICE, skip=["x"])

    @given(st.data())
    @settings(
        max_examples=1,
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    def run(data: st.DataObject) -> None:
        play_out(DICE, data, players=2, only=["notation", "Leak"])

    with pytest.raises(ValueError, match="only: unknown check 'Leak'"):
        run()


# --------------------------------------------------------------------------
# helpers for scenario tests


def test_assert_illegal_pins_the_reason() -> None:
    state = DICE.new_game(2)
    error = assert_illegal(DICE, state, Roll((0,) * 10), "faces from 1 to 1000")
    assert isinstance(error, IllegalMove)
    with pytest.raises(AssertionError, match="which lacks 'sixes'"):
        assert_illegal(DICE, state, Roll((0,) * 10), "faces", "sixes")
    with pytest.raises(AssertionError, match=r"apply accepted roll 1 1 1 1 1 1 1 1 1 1 "):
        assert_illegal(DICE, state, Roll((1,) * 10))
    board = sandwich.new_game(2)
    assert_illegal(sandwich.GAME, board, sandwich.End(), "chance")


def test_apply_all_checks_each_state() -> None:
    state = apply_all(DICE, DICE.new_game(2), Roll((4,) * 10), Pick(0), Roll((6,) * 10))
    assert state.scores == (4, 0) and state.roll == (6,) * 10
    with pytest.raises(IllegalMove, match="pick one of the dice"):
        apply_all(DICE, DICE.new_game(2), Roll((4,) * 10), Pick(10))

    def lax(state: State) -> None:
        raise InvalidState("nothing is valid")

    with pytest.raises(AssertionError, match=r"after move 0 \(roll 4"):
        apply_all(_broken(check=lax), DICE.new_game(2), Roll((4,) * 10))
