"""The codec's documented limits: size, nesting, notation length, and short error messages."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from picnic_rules import GAMES, DecodeError, codec
from picnic_rules.codec import (
    MAX_DEPTH,
    MAX_DOCUMENT_BYTES,
    MAX_INT_DIGITS,
    MAX_NOTATION,
    MAX_REASON,
)
from picnic_rules.sandwich import End, Rules

GAME = GAMES["sandwich"]
LIMIT = MAX_DOCUMENT_BYTES


def test_the_limits_are_the_documented_values() -> None:
    assert (MAX_DOCUMENT_BYTES, MAX_DEPTH, MAX_NOTATION) == (1 << 20, 32, 200)
    assert "MAX_DOCUMENT_BYTES" in (codec.__doc__ or "")


def padded(doc: dict[str, Any], size: int) -> str:
    """The JSON text of ``doc`` followed by spaces up to ``size`` characters."""
    text = json.dumps(doc)
    return text + " " * (size - len(text))


# -------------------------------------------------------------- document size


def test_a_document_of_exactly_the_limit_loads() -> None:
    assert codec.loads(padded(codec.encode(End()), LIMIT)) == End()
    assert codec.loads(padded(codec.encode(End()), LIMIT).encode()) == End()


def test_a_longer_text_is_refused_before_it_is_parsed() -> None:
    text = padded(codec.encode(End()), LIMIT + 1)
    message = f"the document is {LIMIT + 1} characters, more than the limit of {LIMIT} bytes"
    with pytest.raises(DecodeError, match=f"^\\$: {message}$"):
        codec.loads(text)
    with pytest.raises(DecodeError, match=f"the document is {LIMIT + 1} bytes, more than"):
        codec.loads(text.encode())
    with pytest.raises(DecodeError, match=f"the document is {LIMIT + 1} bytes, more than"):
        codec.loads(bytearray(text.encode()))


def test_the_limit_counts_utf8_bytes_not_characters() -> None:
    doc = codec.encode(End())
    doc["note"] = "é" * (LIMIT // 2)  # fewer characters than the limit, more bytes
    text = json.dumps(doc, ensure_ascii=False)
    assert len(text) < LIMIT < len(text.encode())
    size = len(text.encode())
    with pytest.raises(DecodeError, match=f"the document is {size} bytes, more than the limit"):
        codec.loads(text)


def test_a_huge_text_is_refused_without_echo() -> None:
    text = '{"format": 1, "game": "' + "x" * (20 * LIMIT) + '"}'
    with pytest.raises(DecodeError, match="more than the limit") as info:
        codec.loads(text)
    assert len(str(info.value)) < 100


# -------------------------------------------------------------- nesting


def test_nesting_up_to_the_limit_is_parsed_and_beyond_it_refused() -> None:
    deepest = "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1)
    doc = codec.encode(End())
    doc["move"] = json.loads(deepest)  # $ is one level: MAX_DEPTH in all
    with pytest.raises(DecodeError, match="expected a move in notation, not an array"):
        codec.loads(json.dumps(doc))
    doc["move"] = [doc["move"]]
    with pytest.raises(
        DecodeError, match=f"^\\$: the document is nested more than {MAX_DEPTH} deep$"
    ):
        codec.loads(json.dumps(doc))


def test_a_cyclic_python_document_is_refused() -> None:
    doc: dict[str, Any] = codec.encode(End())
    doc["move"] = [doc]
    with pytest.raises(DecodeError, match=f"nested more than {MAX_DEPTH} deep"):
        codec.decode(doc)


# -------------------------------------------------------------- notation


def move_doc(move: object) -> dict[str, Any]:
    return {"format": 1, "game": "sandwich", "kind": "move", "move": move}


def test_a_move_longer_than_max_notation_is_refused_before_parsing() -> None:
    text = "play pb on " + "9" * 5000
    reason = f"a move of {len(text)} characters, more than the limit of {MAX_NOTATION}"
    with pytest.raises(DecodeError, match=f"^\\$\\.move: {reason}$"):
        codec.decode(move_doc(text))
    record = codec.encode(codec.decode(move_doc("end")))
    assert record["move"] == "end"


def test_a_long_move_in_a_record_is_refused_at_its_index() -> None:
    doc = {
        "format": 1,
        "game": "sandwich",
        "kind": "record",
        "players": 2,
        "rules": codec.encode(Rules())["rules"],
        "seed": None,
        "moves": ["draw pb", "end " * 100],
        "outcome": None,
    }
    with pytest.raises(DecodeError, match="a move of 400 characters, more than the limit") as info:
        codec.decode(doc)
    assert info.value.path == "$.moves[1]"


def test_a_move_at_the_limit_reaches_the_game_and_its_reason_is_short() -> None:
    text = "x" * MAX_NOTATION
    with pytest.raises(DecodeError) as info:
        codec.decode(move_doc(text))
    assert info.value.path == "$.move"
    assert "limit" not in info.value.reason
    assert len(info.value.reason) <= MAX_REASON


# -------------------------------------------------------------- no long echo

LONG = "z" * 5000


def state_doc() -> dict[str, Any]:
    return codec.encode(GAME.new_game(2))


@pytest.mark.parametrize(
    ("edit", "path", "reason"),
    [
        (lambda d: d.update(game=LONG), "$.game", r"unknown game 'z{77}\.\.\.'"),
        (lambda d: d.update(kind=LONG), "$.kind", r"unknown kind 'z{77}\.\.\.'"),
        (
            lambda d: d.update(format=10**1000),
            "$.format",
            r"unsupported format version 1000{74}\.\.\.",
        ),
        (lambda d: d.update({LONG: 1}), '$."' + "z" * 76 + "...", "unknown field"),
        (lambda d: d["state"].update({LONG: 1}), '$.state."' + "z" * 76 + "...", "unknown field"),
        (lambda d: d["state"].update(phase=LONG), "$.state.phase", r"'z{77}\.\.\.' is not a Phase"),
    ],
)
def test_errors_quote_at_most_80_characters_of_the_input(edit: Any, path: str, reason: str) -> None:
    doc = state_doc()
    edit(doc)
    with pytest.raises(DecodeError, match=reason) as info:
        codec.decode(doc)
    assert info.value.path == path
    assert len(str(info.value)) < 300


def test_a_long_duplicate_key_is_not_echoed_whole() -> None:
    key = json.dumps(LONG)
    with pytest.raises(DecodeError, match=r"duplicate key 'z{77}\.\.\.'") as info:
        codec.loads("{" + key + ": 1, " + key + ": 2}")
    assert len(str(info.value)) < 150


def test_an_unusual_key_is_quoted_in_the_path() -> None:
    doc = state_doc()
    doc["state"]["a @ b"] = 1
    with pytest.raises(DecodeError, match=re.escape('$.state."a @ b": unknown field')):
        codec.decode(doc)


# -------------------------------------------------------------- integers


def record_doc(seed: object) -> dict[str, Any]:
    return {
        "format": 1,
        "game": "sandwich",
        "kind": "record",
        "players": 2,
        "rules": codec.encode(Rules())["rules"],
        "seed": seed,
        "moves": [],
        "outcome": None,
    }


def test_an_integer_of_max_int_digits_loads() -> None:
    assert MAX_INT_DIGITS == 40
    for seed in (10**MAX_INT_DIGITS - 1, -(10**MAX_INT_DIGITS) + 1, 2**128):
        assert codec.decode(record_doc(seed)).seed == seed  # type: ignore[attr-defined]


@pytest.mark.parametrize("seed", [10**MAX_INT_DIGITS, -(10**MAX_INT_DIGITS)])
def test_a_longer_integer_is_refused(seed: int) -> None:
    message = r"^\$\.seed: an integer of 41 digits, more than the limit of 40$"
    with pytest.raises(DecodeError, match=message):
        codec.loads(json.dumps(record_doc(seed)))


def test_a_huge_rules_count_is_refused_without_its_digits() -> None:
    doc = codec.encode(GAME.new_game(2))
    doc["state"]["rules"]["bread"] = 10**400
    with pytest.raises(DecodeError, match="an integer of 401 digits, more than the limit") as info:
        codec.loads(json.dumps(doc))
    assert info.value.path == "$.state.rules.bread"
    assert "0000" not in str(info.value)
