"""The JSON Schemas of the document kinds: valid schemas that accept every real document and
refuse what the codec refuses for its shape (a wrong type, a missing or unknown key, a bad enum)."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from harness_games import DICE
from jsonschema import Draft202012Validator

from picnic_rules import GAMES, DecodeError, RandomAgent, Record, codec, play, replay
from picnic_rules.client import seat_update
from picnic_rules.codec.limits import check_description
from picnic_rules.game import AnyGame
from picnic_rules.history import observe_all, seat_record

GOLDEN = Path(__file__).parent / "golden"
SANDWICH = GAMES["sandwich"]


def validator(game: AnyGame, kind: codec.Kind) -> Draft202012Validator:
    return Draft202012Validator(codec.schema(game, kind))


@pytest.fixture(scope="module")
def validators() -> dict[str, Draft202012Validator]:
    return {kind: validator(SANDWICH, kind) for kind in codec.KINDS}


def errors(check: Draft202012Validator, doc: object) -> list[str]:
    return [error.message for error in check.iter_errors(doc)]


# -------------------------------------------------------------- the schemas


@pytest.mark.parametrize("game", [*GAMES.values(), DICE], ids=lambda game: game.name)
def test_every_schema_is_a_valid_draft_2020_12_schema(game: AnyGame) -> None:
    found = codec.schemas(game)
    assert list(found) == list(codec.KINDS)
    for kind, schema in found.items():
        Draft202012Validator.check_schema(schema)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert schema["properties"]["kind"] == {"const": kind}
        assert schema["properties"]["game"] == {"const": game.name}
        assert schema["additionalProperties"] is False
        json.dumps(schema)  # plain JSON


def test_the_schema_follows_the_classes() -> None:
    schema = codec.schema("sandwich", "state")
    defs = schema["$defs"]
    state = defs["State"]
    assert state["required"] == list(state["properties"])  # every field, defaults included
    assert "played" in state["required"] and state["additionalProperties"] is False
    assert defs["Card"] == {
        "type": "string",
        "enum": ["bread", "pb", "jelly", "ant", "fly"],
        "description": 'A kind of card. str(card) is its notation name ("pb").',
    }
    assert defs["Phase"]["enum"] == ["deal", "draw", "act", "over"]
    fly = state["properties"]["fly"]["anyOf"]
    assert fly[0]["prefixItems"] == [{"$ref": "#/$defs/integer"}] * 2
    assert (fly[0]["minItems"], fly[0]["maxItems"], fly[1]) == (2, 2, {"type": "null"})
    assert defs["integer"]["exclusiveMaximum"] == 10**codec.MAX_INT_DIGITS
    update = codec.schema("sandwich", "update")["$defs"]["SeatUpdate"]["properties"]
    assert update["to_move"]["anyOf"][1] == {"enum": ["chance"]}
    observation = codec.schema("sandwich", "observation")["$defs"]["Observation"]["properties"]
    assert observation["move"]["anyOf"] == [{"$ref": "#/$defs/move"}, {"type": "null"}]
    # the docstring under each field, as plain text, for a reader of the schema
    assert observation["seat"] == {
        "$ref": "#/$defs/integer",
        "description": "The seat that observes.",
    }
    assert observation["move"]["description"] == (
        "The move, or null for a card actor received that seat cannot see."
    )
    record = codec.schema("sandwich", "record")
    assert record["required"] == [
        "format",
        "game",
        "kind",
        "players",
        "rules",
        "seed",
        "moves",
        "outcome",
    ]
    assert record["properties"]["moves"]["items"] == {"$ref": "#/$defs/move"}


def descriptions(schema: object) -> Iterator[str]:
    """Every description in a schema."""
    if type(schema) is dict:
        for key, value in schema.items():
            if key == "description" and type(value) is str:
                yield value
            else:
                yield from descriptions(value)
    elif type(schema) is list:
        for value in schema:
            yield from descriptions(value)


@pytest.mark.parametrize("game", [*GAMES.values(), DICE], ids=lambda game: game.name)
def test_descriptions_speak_json_not_python(game: AnyGame) -> None:
    """null, not None; "chance", not CHANCE; no reST; no "seat seat" left by a stripped role."""
    python = re.compile(r"\bNone\b|\bCHANCE\b|\bTrue\b|\bFalse\b|``|:[a-z]+:`|\b(\w+) \1\b")
    found = [text for schema in codec.schemas(game).values() for text in descriptions(schema)]
    assert len(found) > 20
    assert [text for text in found if python.search(text)] == []


def test_descriptions_of_the_core_classes() -> None:
    defs = codec.schema("sandwich", "update")["$defs"]
    assert defs["Observation"]["description"] == "What the seat learns from one move."
    assert defs["View"]["description"].startswith("What seat `player` may see:")
    assert defs["SeatUpdate"]["properties"]["to_move"]["description"] == (
        'Who acts next: a seat, "chance" while chance acts, or null once the game is over.'
    )
    fly = codec.schema("sandwich", "state")["$defs"]["State"]["properties"]["fly"]
    assert fly["description"].endswith("or null while it is off the table.")


@pytest.mark.parametrize("game", [*GAMES.values(), DICE], ids=lambda game: game.name)
def test_an_outcomes_reason_is_one_of_the_games(game: AnyGame) -> None:
    for kind in ("outcome", "record", "update", "history"):
        reason = codec.schema(game, kind)["$defs"]["Outcome"]["properties"]["reason"]
        assert (reason["type"], reason["enum"]) == ("string", list(game.reasons))


BAD_DESCRIPTIONS = [
    "",
    "x" * (codec.MAX_DESCRIPTION + 1),
    "two\nlines",
    "one line\n",
    "two\u2028lines",
    "seat 0 plays bread\x00",
    "\x1b[2Jyou win",
    "seat 0 plays bread\x9b",
    "\u200b",
    "seat 1 \u202eniw",
    "seat 0\u2066 wins",
    "\ufeffseat 0",
    "  \u00a0\u3000",
]


@pytest.mark.parametrize("field", ["observations", "legal_moves"])
def test_an_update_description_is_one_line_of_plain_text(
    validators: dict[str, Draft202012Validator], field: str
) -> None:
    doc = json.loads((GOLDEN / "sandwich-update.json").read_text(encoding="utf-8"))
    at = ("update", field, 0, "description")
    assert errors(validators["update"], replaced(doc, at, "x" * codec.MAX_DESCRIPTION)) == []
    for good in ("le siège 0 pose du pain", "seat 0 plays 🍞", " seat 0\u00a0ends "):
        assert errors(validators["update"], replaced(doc, at, good)) == [], repr(good)
    for bad in BAD_DESCRIPTIONS:
        assert errors(validators["update"], replaced(doc, at, bad)), repr(bad)
        with pytest.raises(DecodeError, match="description"):
            codec.decode(replaced(doc, at, bad))


def test_the_schema_refuses_the_descriptions_the_codec_refuses() -> None:
    """Every character of the Basic Multilingual Plane, alone, after a letter and before one:
    the schema's rule is the codec's (beyond it, only the codec refuses format characters)."""
    defs = codec.schema(SANDWICH, "update")["$defs"]
    rules = [defs[name]["properties"]["description"] for name in ("Observed", "LegalMove")]
    rule, other = ({k: v for k, v in r.items() if k != "description"} for r in rules)
    assert rule == other  # one rule for both descriptions
    visible, hidden = re.compile(rule["pattern"]), re.compile(rule["not"]["pattern"])
    differ = []
    for code in [*range(0xD800), *range(0xE000, 0x10000)]:
        for text in (chr(code), f"a{chr(code)}", f"{chr(code)}a"):
            schema_says = visible.search(text) is not None and hidden.search(text) is None
            if schema_says != (check_description(text) is None):
                differ.append(f"U+{code:04X} in {text!r}")
    assert differ == []
    assert check_description("seat 0\U000e0001") is not None  # a tag: the codec's alone
    assert hidden.search("seat 0\U000e0001") is None


def test_an_unknown_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown kind 'pony'"):
        codec.schema("sandwich", "pony")  # type: ignore[arg-type]


# -------------------------------------------------------------- real documents


@pytest.mark.parametrize("kind", codec.KINDS)
def test_every_golden_document_is_valid(
    validators: dict[str, Draft202012Validator], kind: codec.Kind
) -> None:
    doc = json.loads((GOLDEN / f"sandwich-{kind}.json").read_text(encoding="utf-8"))
    assert errors(validators[kind], doc) == []


def documents(game: AnyGame, record: Record, every: int) -> Iterator[dict[str, Any]]:
    """Every kind of document from one game: a state, its public view, views and updates
    every ``every`` moves, every move and observation, the record, its rules and outcome,
    each seat's history."""
    states = replay(record, game)
    yield codec.encode(record, game=game)
    yield codec.encode(record.rules, game=game)
    if record.outcome is not None:
        yield codec.encode(record.outcome, game=game)
    for i, (state, move) in enumerate(zip(states, record.moves, strict=False)):
        yield codec.encode(move, game=game)
        seen = observe_all(game, state, move)
        yield from (codec.encode(item, game=game) for item in seen)
        if i % every == 0:
            yield codec.encode(state, game=game)
            yield codec.encode(game.public_view(state), game=game)
            for seat in range(record.players):
                yield codec.encode(game.view(state, seat), game=game)
                before = game.view(state, seat)
                after = seat_update(game, game.apply(state, move), seat, (seen[seat],), before)
                yield codec.encode(after, game=game)
    yield codec.encode(states[-1], game=game)
    yield codec.encode(game.public_view(states[-1]), game=game)
    for seat in range(record.players):
        yield codec.encode(game.view(states[-1], seat), game=game)
        yield codec.encode(seat_update(game, states[-1], seat), game=game)
        yield codec.encode(seat_record(record, seat, game), game=game)


def check_documents(game: AnyGame, record: Record, every: int) -> set[str]:
    checks = {kind: validator(game, kind) for kind in codec.KINDS}
    kinds = set()
    for doc in documents(game, record, every):
        assert errors(checks[doc["kind"]], doc) == [], doc
        codec.decode(doc, game=game)  # and the codec reads it
        kinds.add(doc["kind"])
    return kinds


@pytest.mark.parametrize("variant", list(SANDWICH.variants))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_documents_of_random_games_are_valid(variant: str, players: int) -> None:
    rules = SANDWICH.variants[variant]
    record = play(SANDWICH, [RandomAgent()] * players, seed=players, rules=rules)
    moveless = {"move", "observation"} if not record.moves else set()  # no bread: over at once
    assert check_documents(SANDWICH, record, every=7) == set(codec.KINDS) - moveless


def test_documents_of_another_game_are_valid() -> None:
    """The schemas are generated for any game (here a test game with sampled chance)."""
    for rules in DICE.variants.values():
        record = play(DICE, [RandomAgent()] * 3, seed=1, rules=rules)
        assert check_documents(DICE, record, every=1) == set(codec.KINDS)


# -------------------------------------------------------------- refused documents

Path_ = tuple[str | int, ...]


def places(doc: object, path: Path_ = ()) -> Iterator[tuple[Path_, object]]:
    """Every value of a document with its path, the document itself first."""
    yield path, doc
    if type(doc) is dict:
        for key, value in doc.items():
            yield from places(value, (*path, key))
    elif type(doc) is list:
        for index, value in enumerate(doc):
            yield from places(value, (*path, index))


def replaced(doc: dict[str, Any], path: Path_, value: object) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    target: Any = out
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return out


def removed(doc: dict[str, Any], path: Path_) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    target: Any = out
    for step in path[:-1]:
        target = target[step]
    del target[path[-1]]
    return out


# A value of another JSON type than the original, that no place of that type accepts: no field
# of the game's is a float, or a union of an int or string with a boolean or an object.
WRONG: dict[type, tuple[object, ...]] = {
    bool: (0, "true"),
    int: (True, "1", 1.5),
    str: (True, 1.5, ["x"]),
    type(None): (1.5, {"zz": 0}, False),
    list: ({}, "[]"),
    dict: ([], "{}"),
}


def mutations(doc: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """The shape mutations of ``doc``: each key removed, an unknown key added to each object,
    each value (the header's included) replaced by values of a wrong JSON type."""
    for path, value in places(doc):
        if type(value) is dict:
            yield f"{path} + zz", replaced(doc, (*path, "zz"), 0)
        if not path:
            continue
        if type(path[-1]) is str:
            yield f"{path} removed", removed(doc, path)
        for wrong in WRONG[type(value)]:
            yield f"{path} = {wrong!r}", replaced(doc, path, wrong)


ENUM_MUTATIONS: list[tuple[codec.Kind, Path_, str]] = [
    ("state", ("state", "phase"), "dance"),
    ("state", ("state", "phase"), "ACT"),
    ("view", ("view", "table", 0, 0, 0), "peanut"),
    ("view", ("view", "table", 0, 0, 1), "PB"),
    ("record", ("rules",), "default"),
    ("update", ("update", "to_move"), "CHANCE"),
    ("update", ("update", "view", "phase"), "over "),
    ("history", ("kind",), "record"),
    ("observation", ("game",), "dice"),
    ("outcome", ("outcome", "reason"), "bored"),
    ("record", ("outcome", "reason"), "Stuck"),
]


@pytest.mark.parametrize("kind", codec.KINDS)
def test_shape_mutations_are_refused_by_codec_and_schema(
    validators: dict[str, Draft202012Validator], kind: codec.Kind
) -> None:
    doc = json.loads((GOLDEN / f"sandwich-{kind}.json").read_text(encoding="utf-8"))
    count = 0
    for what, bad in mutations(doc):
        with pytest.raises(DecodeError):
            codec.decode(bad)
            pytest.fail(f"the codec accepts {what}")
        assert errors(validators[kind], bad), f"the schema accepts {what}"
        count += 1
    assert count > 10


@pytest.mark.parametrize(("kind", "path", "value"), ENUM_MUTATIONS)
def test_bad_spellings_are_refused_by_codec_and_schema(
    validators: dict[str, Draft202012Validator], kind: codec.Kind, path: Path_, value: str
) -> None:
    doc = json.loads((GOLDEN / f"sandwich-{kind}.json").read_text(encoding="utf-8"))
    bad = replaced(doc, path, value)
    with pytest.raises(DecodeError):
        codec.decode(bad)
    assert errors(validators[kind], bad)


def test_what_a_schema_cannot_say_is_the_codecs_to_refuse(
    validators: dict[str, Draft202012Validator],
) -> None:
    """Documented gaps: 1.0 is an integer to JSON Schema, and a schema checks no game rule."""
    doc = json.loads((GOLDEN / "sandwich-state.json").read_text(encoding="utf-8"))
    for bad in (replaced(doc, ("state", "turn"), 0.0), replaced(doc, ("state", "turn"), 9)):
        assert errors(validators["state"], bad) == []
        with pytest.raises(DecodeError):
            codec.decode(bad)
