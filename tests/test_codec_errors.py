"""A DecodeError places a refused value by the parts its error carries, not by re-validating."""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest

from picnic_rules import GAMES, DecodeError, RulesError, codec
from picnic_rules.codec.failures import first_failure
from picnic_rules.kit.options import count

GAME = GAMES["sandwich"]


@attrs.frozen
class PickyRules:
    """Rules whose refusals name their field only in the exception."""

    low: int = count(1, maximum=9)
    high: int = count(5, maximum=9)
    label: str = attrs.field(default="x", validator=attrs.validators.in_(("x", "y")))

    def __attrs_post_init__(self) -> None:
        if self.high < self.low:
            raise RulesError(f"high {self.high} is below low {self.low}", field="high")
        if self.low == self.high == 9:
            raise RulesError("nine and nine cannot be played together")


PICKY = attrs.evolve(GAME, Rules=PickyRules)


def rules_doc(**fields: Any) -> dict[str, Any]:
    rules = {"low": 1, "high": 5, "label": "x", **fields}
    return {"format": 1, "game": "sandwich", "kind": "rules", "rules": rules}


def refused(doc: dict[str, Any], path: str, reason: str) -> None:
    with pytest.raises(DecodeError, match=f"^{re.escape(path)}: {re.escape(reason)}$"):
        codec.decode(doc, game=PICKY)


def test_a_good_rules_document_loads() -> None:
    assert codec.decode(rules_doc(low=2), game=PICKY) == PickyRules(low=2)


def test_a_count_refusal_is_placed_at_its_field() -> None:
    refused(rules_doc(low=10), "$.rules.low", "low must be at most 9, not 10")


def test_the_field_a_combination_names_is_the_one_reported() -> None:
    """``high`` is valid alone: only the RulesError's field can place the failure there."""
    refused(rules_doc(low=4, high=3), "$.rules.high", "high 3 is below low 4")


def test_a_combination_without_a_field_is_placed_at_the_rules() -> None:
    refused(rules_doc(low=9, high=9), "$.rules", "nine and nine cannot be played together")


def test_an_attrs_validator_is_placed_by_its_attribute() -> None:
    with pytest.raises(DecodeError, match=r"^\$\.rules\.label: 'label' must be in") as info:
        codec.decode(rules_doc(label="long"), game=PICKY)
    assert info.value.path == "$.rules.label"


def test_sandwich_rules_errors_carry_their_field() -> None:
    doc = codec.encode(GAME.new_game(2))
    doc["state"]["rules"]["flies"] = 1001
    with pytest.raises(DecodeError, match="flies must be at most 1000, not 1001") as info:
        codec.decode(doc)
    assert info.value.path == "$.state.rules.flies"


def test_first_failure_splits_the_path_from_any_reason() -> None:
    """A reason may contain " @ " (cattrs' separator) without breaking the path."""
    assert first_failure(ValueError("a @ b"), "$.x[1]") == ("$.x[1]", "a @ b")
    assert first_failure(RulesError("too many", field="n"), "$") == ("$", "too many")
