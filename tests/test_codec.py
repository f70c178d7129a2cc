"""The JSON codec: exact round trips of every kind, and strict refusal of bad documents."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from picnic_rules import (
    GAMES,
    DecodeError,
    Outcome,
    PicnicError,
    RandomAgent,
    Record,
    codec,
    play,
    replay,
)
from picnic_rules.sandwich import (
    Ant,
    Card,
    Discard,
    Draw,
    End,
    Fly,
    Phase,
    Play,
    Rules,
    State,
    View,
)

GAME = GAMES["sandwich"]


@pytest.fixture(scope="module")
def record() -> Record:
    return play(GAME, [GAME.agents["computer"](), RandomAgent()], seed=3)


@pytest.fixture(scope="module")
def states(record: Record) -> tuple[State, ...]:
    return replay(record)


@pytest.fixture(scope="module")
def busy_state(states: tuple[State, ...]) -> State:
    """A state with sandwiches on the table, the fly placed and cards everywhere."""
    for state in states:
        if state.fly is not None and all(state.table) and sum(state.discard_pile) > 0:
            return state
    raise AssertionError("no busy state in the fixture game")


def roundtrip(obj: object, **kw: Any) -> object:
    text = codec.dumps(obj, **kw)
    doc = json.loads(text)
    assert doc["format"] == codec.FORMAT
    assert doc["game"] == "sandwich"
    assert codec.decode(codec.encode(obj, **kw)) == obj
    return codec.loads(text)


# -------------------------------------------------------------- round trips


def test_every_state_and_view_of_a_game_round_trips(states: tuple[State, ...]) -> None:
    for state in states:
        assert roundtrip(state) == state
        for seat in range(state.players):
            view = GAME.view(state, seat)
            assert roundtrip(view) == view


def test_every_move_round_trips(record: Record) -> None:
    moves = [*record.moves, Play(Card.JELLY, 3), Ant(1, 0, 2), Fly(0, 1), Discard(Card.ANT), End()]
    for move in moves:
        decoded = roundtrip(move)
        assert decoded == move
        assert type(decoded) is type(move)


def test_rules_round_trip() -> None:
    for rules in [*GAME.variants.values(), Rules(bread=0, action_limit=1)]:
        assert roundtrip(rules) == rules


def test_record_round_trips(record: Record) -> None:
    decoded = roundtrip(record)
    assert decoded == record
    assert isinstance(decoded, Record)
    assert replay(decoded) == replay(record)


def test_unfinished_record_without_seed_round_trips(record: Record) -> None:
    partial = Record("sandwich", 2, Rules(first_player=1), None, record.moves[:10], None)
    assert roundtrip(partial) == partial


def test_outcome_round_trips_with_its_game(record: Record) -> None:
    assert record.outcome is not None
    assert roundtrip(record.outcome, game="sandwich") == record.outcome
    assert roundtrip(record.outcome, game=GAME) == record.outcome
    with pytest.raises(TypeError, match="needs the game"):
        codec.encode(record.outcome)


def test_document_shapes(busy_state: State) -> None:
    move = codec.encode(Play(Card.PEANUT_BUTTER, 0))
    assert move == {"format": 1, "game": "sandwich", "kind": "move", "move": "play pb on 0"}
    doc = codec.encode(busy_state)
    assert list(doc) == ["format", "game", "kind", "state"]
    assert doc["state"]["phase"] in {"deal", "draw", "act", "over"}
    names = {card for sandwiches in doc["state"]["table"] for s in sandwiches for card in s}
    assert names <= {"bread", "pb", "jelly"}
    assert doc["state"]["hands"] == [list(hand) for hand in busy_state.hands]
    assert json.loads(json.dumps(doc)) == doc  # plain JSON types only


def test_expected_kind_and_game() -> None:
    text = codec.dumps(End())
    assert codec.loads(text, kind="move", game="sandwich") == End()
    assert codec.loads(text, kind="move", game=GAME) == End()
    with pytest.raises(DecodeError, match="expected a state document, not 'move'") as info:
        codec.loads(text, kind="state")
    assert info.value.path == "$.kind"


def test_encoding_a_foreign_object_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="int is not a state, view, move or rules"):
        codec.encode(42)
    with pytest.raises(TypeError, match="dict is not a state, view, move or rules"):
        codec.dumps({"not": "a game object"})


# -------------------------------------------------------------- bad documents


def _bad(doc: Any, path: str, reason: str) -> DecodeError:
    with pytest.raises(DecodeError, match=re.escape(reason)) as info:
        codec.decode(doc)
    assert info.value.path == path, info.value
    with pytest.raises(DecodeError, match=re.escape(reason)) as again:
        codec.loads(json.dumps(doc))
    assert again.value.path == path
    assert again.value.reason == info.value.reason
    return info.value


def _state_doc(state: State) -> dict[str, Any]:
    return codec.encode(state)


Edit = Callable[[dict[str, Any]], None]


def _setter(*keys: str | int, value: Any) -> Edit:
    def edit(doc: dict[str, Any]) -> None:
        target: Any = doc
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = value

    return edit


@pytest.mark.parametrize(
    ("edit", "path", "reason"),
    [
        (_setter("state", "hands", 1, 0, value=True), "$.state.hands[1][0]", "not a boolean"),
        (_setter("state", "hands", 1, 0, value=1.0), "$.state.hands[1][0]", "not a number"),
        (_setter("state", "hands", 1, 0, value="1"), "$.state.hands[1][0]", "not a string"),
        (_setter("state", "hands", 1, 0, value=None), "$.state.hands[1][0]", "not null"),
        # Counts is tuple[int, ...]: its length is the game's check's to refuse
        (_setter("state", "hands", 1, value=[0, 0, 0, 0]), "$.state", "hand must be a tuple of 5"),
        (_setter("state", "hands", 1, value=[0] * 6), "$.state", "hand must be a tuple of 5"),
        (_setter("state", "hands", 1, value="00000"), "$.state.hands[1]", "expected an array"),
        (_setter("state", "hands", value={"0": 1}), "$.state.hands", "expected an array"),
        (_setter("state", "draw_pile", 0, value=-1), "$.state", "not a valid state"),
        (_setter("state", "draw_pile", 0, value=100), "$.state", "not a valid state"),
        (_setter("state", "turn", value=7), "$.state", "not a valid state"),
        (_setter("state", "turn", value=False), "$.state.turn", "not a boolean"),
        (_setter("state", "played", value=0), "$.state.played", "expected a boolean"),
        (_setter("state", "reason", value=3), "$.state.reason", "expected a string"),
        (_setter("state", "phase", value="dance"), "$.state.phase", "not a Phase"),
        (_setter("state", "phase", value="DEAL"), "$.state.phase", "not a Phase"),
        (_setter("state", "phase", value=0), "$.state.phase", "expected a string"),
        (_setter("state", "fly", value=[0]), "$.state.fly", "2 items"),
        (_setter("state", "fly", value="0.0"), "$.state.fly", "expected an array"),
        (_setter("state", "fly", value=[0, True]), "$.state.fly[1]", "not a boolean"),
        (_setter("state", "table", 0, 0, 0, value="peanut"), "$.state.table[0][0][0]", "Card"),
        (_setter("state", "table", 0, 0, 0, value=0), "$.state.table[0][0][0]", "Card"),
        (_setter("state", "table", 0, 0, 0, value="BREAD"), "$.state.table[0][0][0]", "Card"),
        (_setter("state", "table", 0, 0, value=["bread"] * 7), "$.state", "not a valid state"),
        (_setter("state", "rules", "bread", value=-1), "$.state.rules.bread", "at least 0"),
        (_setter("state", "rules", "bread", value=17), "$.state", "not a valid state"),
        (
            _setter("state", "rules", "action_limit", value=0),
            "$.state.rules.action_limit",
            "at least 1",
        ),
        (_setter("state", "rules", "jelly", value=12.0), "$.state.rules.jelly", "not a number"),
        (_setter("state", "rules", "colour", value="red"), "$.state.rules.colour", "unknown"),
        (_setter("state", "extra", value=1), "$.state.extra", "unknown field"),
        (_setter("state", value=[]), "$.state", "expected an object"),
        (_setter("state", value=None), "$.state", "expected an object"),
        (_setter("extra", value=1), "$.extra", "unknown field"),
        (_setter("format", value=2), "$.format", "unsupported format version 2"),
        (_setter("format", value="1"), "$.format", "expected an integer"),
        (_setter("format", value=True), "$.format", "expected an integer"),
        (_setter("game", value="chess"), "$.game", "unknown game 'chess'"),
        (_setter("game", value=None), "$.game", "expected a string"),
        (_setter("kind", value="pony"), "$.kind", "unknown kind"),
        (_setter("kind", value="view"), "$.view", "required field missing"),
    ],
)
def test_bad_state_documents(busy_state: State, edit: Edit, path: str, reason: str) -> None:
    doc = copy.deepcopy(_state_doc(busy_state))
    codec.decode(copy.deepcopy(doc))  # the unedited document is fine
    edit(doc)
    _bad(doc, path, reason)


@pytest.mark.parametrize("key", ["format", "game", "kind", "state"])
def test_missing_top_level_key(busy_state: State, key: str) -> None:
    doc = _state_doc(busy_state)
    del doc[key]
    _bad(doc, f"$.{key}", "required field missing")


@pytest.mark.parametrize("key", [field.name for field in attrs.fields(State)])
def test_missing_state_field(busy_state: State, key: str) -> None:
    """Every field must be present, those with a default (played, actions, dealt, reason) too."""
    doc = _state_doc(busy_state)
    del doc["state"][key]
    _bad(doc, f"$.state.{key}", "required field missing")


@pytest.mark.parametrize("key", [field.name for field in attrs.fields(Rules)])
def test_missing_rules_field(busy_state: State, key: str) -> None:
    """Rules fields all have defaults; a document must still give every one."""
    doc = _state_doc(busy_state)
    del doc["state"]["rules"][key]
    _bad(doc, f"$.state.rules.{key}", "required field missing")
    rules = codec.encode(Rules())
    del rules["rules"][key]
    _bad(rules, f"$.rules.{key}", "required field missing")


def test_rules_document_with_one_field_is_refused() -> None:
    doc = {"format": 1, "game": "sandwich", "kind": "rules", "rules": {"bread": 16}}
    _bad(doc, "$.rules.peanut_butter", "required field missing")


@pytest.mark.parametrize("key", [field.name for field in attrs.fields(View)])
def test_missing_view_field(states: tuple[State, ...], key: str) -> None:
    doc = codec.encode(GAME.view(states[40], 1))
    del doc["view"][key]
    _bad(doc, f"$.view.{key}", "required field missing")


@pytest.mark.parametrize("key", ["scores", "winners", "reason"])
def test_missing_outcome_field(record: Record, key: str) -> None:
    doc = codec.encode(record)
    del doc["outcome"][key]
    _bad(doc, f"$.outcome.{key}", "required field missing")
    alone = codec.encode(record.outcome, game=GAME)
    del alone["outcome"][key]
    _bad(alone, f"$.outcome.{key}", "required field missing")


@pytest.mark.parametrize("key", ["players", "rules", "seed", "moves", "outcome"])
def test_missing_record_field(record: Record, key: str) -> None:
    doc = codec.encode(record)
    del doc[key]
    _bad(doc, f"$.{key}", "required field missing")


def test_forged_view_is_refused(states: tuple[State, ...]) -> None:
    view = GAME.view(states[-1], 0)
    doc = codec.encode(view)
    doc["view"]["hand_sizes"][0] += 1  # no longer the size of its own hand
    _bad(doc, "$.view", "not a valid view")
    doc = codec.encode(view)
    doc["view"]["player"] = 5
    _bad(doc, "$.view", "not a valid view")


@pytest.mark.parametrize(
    ("move", "path", "reason"),
    [
        ("fly x", "$.move", "SEAT.SANDWICH"),
        ("play peanut", "$.move", "not a card"),
        ("dance", "$.move", "expected one of"),
        ("", "$.move", "empty move"),
        (5, "$.move", "expected a move in notation"),
        (None, "$.move", "expected a move in notation"),
        (["play", "pb"], "$.move", "expected a move in notation"),
    ],
)
def test_bad_move_documents(move: Any, path: str, reason: str) -> None:
    _bad({"format": 1, "game": "sandwich", "kind": "move", "move": move}, path, reason)


def test_bad_record_documents(record: Record) -> None:
    good = codec.encode(record)

    def bad(path: str, reason: str, *keys: str | int, value: Any) -> None:
        doc = copy.deepcopy(good)
        _setter(*keys, value=value)(doc)
        _bad(doc, path, reason)

    bad("$.moves[3]", "not a card", "moves", 3, value="draw cheese")
    bad("$.moves[0]", "expected a move", "moves", 0, value=7)
    bad("$.moves", "expected an array", "moves", value="end")
    bad("$.players", "not a boolean", "players", value=True)
    bad("$.players", "2 to 4 players", "players", value=9)
    bad("$.seed", "not a number", "seed", value=1.5)
    bad("$.seed", "not a string", "seed", value="3")
    bad("$.rules.flies", "at least 0", "rules", "flies", value=-6)
    bad(
        "$.outcome.scores",
        "expected 2 scores, one per seat, not 3",
        "outcome",
        "scores",
        value=[1, 2, 3],
    )
    bad("$.outcome.winners", "seats with the top score", "outcome", "winners", value=[4])
    bad("$.outcome.winners", "seats with the top score", "outcome", "winners", value=[1, 1])
    bad("$.outcome.reason", "expected a string", "outcome", "reason", value=None)
    bad("$.outcome.points", "unknown field", "outcome", "points", value=1)
    bad("$.state", "unknown field", "state", value={})
    doc = copy.deepcopy(good)
    del doc["moves"]
    _bad(doc, "$.moves", "required field missing")
    doc = copy.deepcopy(good)
    doc["outcome"] = None  # an unfinished record is allowed
    assert codec.decode(doc) == Record(
        record.game, record.players, record.rules, record.seed, record.moves, None
    )


def test_bad_rules_and_outcome_documents() -> None:
    rules = codec.encode(Rules())
    rules["rules"]["first_player"] = -1
    _bad(rules, "$.rules.first_player", "at least 0")
    outcome = codec.encode(Outcome((1, 2), (1,), "stuck"), game="sandwich")
    outcome["outcome"]["winners"] = [2]
    _bad(outcome, "$.outcome.winners", "top score, [1], not [2]")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "Expecting value"),
        ("{", "Expecting property name"),
        ("{'format': 1}", "Expecting property name"),
        ("NaN", "NaN is not valid JSON"),
        ('{"format": Infinity}', "Infinity is not valid JSON"),
        ('{"format": 1, "format": 1}', "duplicate key 'format'"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ("[" * 33 + "]" * 33, "nested more than 32 deep"),
        (b"\xff\xfe{", "can't decode byte"),
    ],
)
def test_malformed_json(text: str | bytes, reason: str) -> None:
    with pytest.raises(DecodeError, match=reason) as info:
        codec.loads(text)
    assert info.value.path == "$"


@pytest.mark.parametrize("doc", [[], "state", 1, None, True, 1.5])
def test_document_must_be_an_object(doc: Any) -> None:
    _bad(doc, "$", "expected an object")


def test_loads_refuses_non_text() -> None:
    with pytest.raises(DecodeError, match=r"^\$: expected JSON text, not int$"):
        codec.loads(42)  # type: ignore[arg-type]


def test_hand_built_objects_round_trip() -> None:
    """Seat 0 drew jelly, played bread and pb, ended; seat 1 likewise; seat 0 drew bread."""
    rules = Rules()
    state = State(
        rules=rules,
        hands=((1, 0, 1, 0, 0), (0, 1, 0, 0, 0)),
        draw_pile=(13, 10, 10, 8, 6),
        discard_pile=(0, 0, 0, 0, 0),
        table=(((Card.BREAD, Card.PEANUT_BUTTER),), ((Card.BREAD, Card.JELLY),)),
        fly=None,
        phase=Phase.ACT,
        turn=0,
        played=False,
        actions=6,
        dealt=4,
        reason=None,
    )
    assert roundtrip(state) == state
    view = View(
        player=0,
        rules=rules,
        hand=(1, 0, 1, 0, 0),
        hand_sizes=(2, 1),
        draw_size=47,
        discard_pile=(0,) * 5,
        table=state.table,
        fly=None,
        phase=Phase.ACT,
        turn=0,
        played=False,
        actions=6,
        dealt=4,
        reason=None,
    )
    assert roundtrip(view) == view
    assert roundtrip(Draw(Card.FLY)) == Draw(Card.FLY)


# -------------------------------------------------------------- fuzzing

_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(["", "bread", "pb", "jelly", "fly", "act", "end", "draw pb", "1"]),
    lambda children: (
        st.lists(children, max_size=6)
        | st.dictionaries(st.sampled_from(["a", "bread", "hands", "x"]), children, max_size=3)
    ),
    max_leaves=12,
)


def _locations(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _locations(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _locations(item, (*path, index))
    return found


@pytest.fixture(scope="module")
def sample_docs(record: Record, states: tuple[State, ...]) -> list[dict[str, Any]]:
    docs = [codec.encode(record), codec.encode(Rules())]
    docs += [codec.encode(state) for state in states[::15]]
    docs += [codec.encode(GAME.view(state, 1)) for state in states[::15]]
    docs += [codec.encode(move) for move in record.moves[:12]]
    return docs


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_mutated_documents_decode_or_raise_decode_error(
    sample_docs: list[dict[str, Any]], data: st.DataObject
) -> None:
    doc = copy.deepcopy(data.draw(st.sampled_from(sample_docs)))
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_locations(doc)))
        new = data.draw(_JSON)
        if not path:
            doc = new
            continue
        parent: Any = doc
        for key in path[:-1]:
            parent = parent[key]
        if data.draw(st.booleans()) or not isinstance(parent, dict | list):
            parent[path[-1]] = new
        else:
            del parent[path[-1]]
    try:
        obj = codec.decode(doc)
    except DecodeError as exc:
        assert exc.path.startswith("$")
        assert len(exc.path) <= 100
        assert len(exc.reason) <= codec.MAX_REASON
        return
    game = "sandwich" if isinstance(obj, Outcome) else None
    assert codec.loads(codec.dumps(obj, game=game)) == obj


def test_unregistered_game_passed_explicitly(busy_state: State) -> None:
    """A Game that is not in the registry (a user's copy) reads and writes its documents."""
    mine = attrs.evolve(GAME, title="my copy")
    text = codec.dumps(busy_state, game=mine)
    assert codec.loads(text, game=mine) == busy_state
    with pytest.raises(DecodeError, match="unknown game 'chess'") as info:
        codec.loads(text, game="chess")
    assert info.value.path == "game"
    with pytest.raises(PicnicError, match="unknown game"):
        codec.encode(Record("chess", 2, Rules(), None, (), None))
