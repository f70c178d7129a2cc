"""Outcome and record documents are validated against their game."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from picnic_rules import GAMES, DecodeError, Outcome, Record, codec
from picnic_rules.sandwich import Card, Draw, End, Rules

GAME = GAMES["sandwich"]


def outcome_doc(scores: Any, winners: Any, reason: Any) -> dict[str, Any]:
    outcome = {"scores": scores, "winners": winners, "reason": reason}
    return {"format": 1, "game": "sandwich", "kind": "outcome", "outcome": outcome}


def refused(doc: object, path: str, reason: str) -> None:
    with pytest.raises(DecodeError, match=reason) as info:
        codec.decode(doc)
    assert info.value.path == path


def test_the_forged_outcome_of_the_issue_is_refused() -> None:
    refused(
        outcome_doc([-5, 9], [0], "banana"),
        "$.outcome.reason",
        r"'banana' is not an end reason of sandwich "
        r"\(one of: three-sandwiches, stuck, sixty-actions\)",
    )
    refused(
        outcome_doc([-5, 9], [0], "stuck"),
        "$.outcome.winners",
        re.escape("the winners are the seats with the top score, [1], not [0]"),
    )


@pytest.mark.parametrize("reason", GAME.reasons)
def test_every_end_reason_of_the_game_loads(reason: str) -> None:
    assert codec.decode(outcome_doc([1, 3, 0], [1], reason)) == Outcome((1, 3, 0), (1,), reason)


@pytest.mark.parametrize(
    ("scores", "winners"),
    [([2, 2], [0, 1]), ([0, 1, 1, 0], [1, 2]), ([0, 0, 0], [0, 1, 2])],
)
def test_equal_leaders_all_win(scores: list[int], winners: list[int]) -> None:
    assert codec.decode(outcome_doc(scores, winners, "stuck")) == Outcome.from_scores(
        scores, "stuck"
    )


@pytest.mark.parametrize(
    ("winners", "shown"),
    [([0], "[0]"), ([1], "[1]"), ([1, 0], "[1, 0]"), ([0, 0], "[0, 0]"), ([], "[]"), ([2], "[2]")],
)
def test_winners_must_be_exactly_the_leaders(winners: list[int], shown: str) -> None:
    refused(
        outcome_doc([2, 2], winners, "stuck"),
        "$.outcome.winners",
        re.escape(f"the seats with the top score, [0, 1], not {shown}"),
    )


@pytest.mark.parametrize("scores", [[], [3], [0, 0, 0, 0, 1]])
def test_one_score_per_seat_of_a_player_count_the_game_takes(scores: list[int]) -> None:
    refused(
        outcome_doc(scores, [0], "stuck"),
        "$.outcome.scores",
        f"one score per seat: sandwich takes 2 to 4 players, not {len(scores)}",
    )


def test_outcome_fields_are_strictly_typed() -> None:
    refused(outcome_doc([1, True], [0], "stuck"), "$.outcome.scores[1]", "not a boolean")
    refused(outcome_doc([1, 0], [0.0], "stuck"), "$.outcome.winners[0]", "not a number")
    refused(outcome_doc([1, 0], [0], 3), "$.outcome.reason", "expected a string, not an integer")


def test_a_long_forged_reason_is_not_echoed_whole() -> None:
    with pytest.raises(DecodeError, match=r"'x{77}\.\.\.' is not an end reason") as info:
        codec.decode(outcome_doc([1, 0], [0], "x" * 5000))
    assert len(str(info.value)) < 200


# -------------------------------------------------------------- records


@pytest.fixture(scope="module")
def record_doc() -> dict[str, Any]:
    moves = (Draw(Card.BREAD), Draw(Card.JELLY), Draw(Card.PEANUT_BUTTER))
    record = Record("sandwich", 2, Rules(), 5, moves, Outcome((0, 1), (1,), "stuck"))
    return codec.encode(record)


def edited(doc: dict[str, Any], key: str, value: Any) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    doc[key] = value
    return doc


def test_record_outcome_has_one_score_per_seat_of_the_record(record_doc: dict[str, Any]) -> None:
    doc = edited(record_doc, "players", 3)
    refused(doc, "$.outcome.scores", "expected 3 scores, one per seat, not 2")


def test_record_outcome_is_validated_like_an_outcome(record_doc: dict[str, Any]) -> None:
    doc = edited(record_doc, "outcome", {"scores": [0, 1], "winners": [1], "reason": "nap"})
    refused(doc, "$.outcome.reason", "'nap' is not an end reason of sandwich")
    doc = edited(record_doc, "outcome", {"scores": [4, 1], "winners": [1], "reason": "stuck"})
    refused(doc, "$.outcome.winners", re.escape("top score, [0], not [1]"))


def test_record_players_must_be_seated_by_the_game(record_doc: dict[str, Any]) -> None:
    refused(edited(record_doc, "players", 5), "$.players", "sandwich takes 2 to 4 players, not 5")
    refused(edited(record_doc, "players", 1), "$.players", "sandwich takes 2 to 4 players, not 1")


def test_record_rules_must_seat_the_players(record_doc: dict[str, Any]) -> None:
    rules = codec.encode(Rules(first_player=3))["rules"]
    refused(
        edited(record_doc, "rules", rules),
        "$.rules",
        "first_player 3 is not a seat of a 2-player game",
    )
    tiny = codec.encode(Rules(bread=1, peanut_butter=0, jelly=0, ants=0, flies=0))["rules"]
    refused(
        edited(record_doc, "rules", tiny),
        "$.rules",
        "dealing 2 cards to 2 players needs 4 cards, the deck has 1",
    )


def test_record_rules_errors_name_their_field(record_doc: dict[str, Any]) -> None:
    doc = copy.deepcopy(record_doc)
    doc["rules"]["hand_size"] = 1001
    refused(doc, "$.rules.hand_size", "hand_size must be at most 1000, not 1001")


def test_record_moves_are_bounded_by_the_length_of_a_game(record_doc: dict[str, Any]) -> None:
    rules = Rules(action_limit=1)
    limit = GAME.max_moves(2, rules) + GAME.max_chance_steps(2, rules)
    doc = edited(record_doc, "rules", codec.encode(rules)["rules"])
    doc["outcome"] = None
    doc["moves"] = ["end"] * limit
    assert codec.decode(doc).moves == (End(),) * limit  # type: ignore[attr-defined]
    doc["moves"] = ["end"] * (limit + 1)
    refused(
        doc,
        "$.moves",
        f"{limit + 1} moves, more than the {limit} a 2-player game of sandwich can last",
    )


@pytest.mark.parametrize(
    ("seed", "reason"),
    [(1.5, "expected an integer, not a number"), ("abc", "expected an integer, not a string")],
)
def test_record_seed_must_be_an_integer_or_null(
    record_doc: dict[str, Any], seed: object, reason: str
) -> None:
    """``play(..., seed="abc")`` used to write such records; they never load."""
    refused(edited(record_doc, "seed", seed), "$.seed", reason)
    assert codec.decode(edited(record_doc, "seed", None)).seed is None  # type: ignore[attr-defined]
