"""The seat documents: observations, client updates and seat records (histories).

Round trips come from real games; every refusal edits one field of a real
document, so it would load if the rule it tests were missing.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import attrs
import pytest

from picnic_rules import CHANCE, GAMES, DecodeError, RandomAgent, Record, codec, play, replay
from picnic_rules.client import LegalMove, SeatUpdate, seat_update
from picnic_rules.history import SeatRecord, follow, observe_all, seat_record
from picnic_rules.sandwich import Card, End, Observation, Play, State, View

GAME = GAMES["sandwich"]


@pytest.fixture(scope="module")
def record() -> Record:
    return play(GAME, [GAME.agents["computer"](), RandomAgent()], seed=5)


@pytest.fixture(scope="module")
def states(record: Record) -> tuple[State, ...]:
    return replay(record)


def acting(states: tuple[State, ...], seat: int, played: bool = False) -> State:
    """The first state of the fixture game in which ``seat`` acts (having played a card or not)."""
    for state in states:
        if GAME.to_move(state) == seat and state.played == played:
            return state
    raise AssertionError(f"seat {seat} never acts with played={played}")


def offering(states: tuple[State, ...], *notations: str) -> State:
    """The first state of the fixture game in which seat 0 may make moves starting so."""
    for state in states:
        if GAME.to_move(state) == 0:
            legal = [str(move) for move in GAME.legal_moves(state)]
            if all(any(text.startswith(n) for text in legal) for n in notations):
                return state
    raise AssertionError(f"seat 0 is never offered {notations}")


def update_doc(
    state: State, seat: int, observations: tuple[Any, ...] = (), before: View | None = None
) -> dict[str, Any]:
    return codec.encode(seat_update(GAME, state, seat, observations, before))


def refused(doc: object, path: str, reason: str) -> DecodeError:
    with pytest.raises(DecodeError, match=reason) as info:
        codec.decode(doc)
    assert info.value.path == path, info.value
    with pytest.raises(DecodeError, match=reason) as again:
        codec.loads(json.dumps(doc))
    assert again.value.path == path
    return info.value


def edited(doc: dict[str, Any], *keys: str | int, value: Any) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    target: Any = out
    for key in keys[:-1]:
        target = target[key]
    target[keys[-1]] = value
    return out


def without(doc: dict[str, Any], *keys: str | int) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    target: Any = out
    for key in keys[:-1]:
        target = target[key]
    del target[keys[-1]]
    return out


# -------------------------------------------------------------- the kinds


def test_the_new_kinds_are_listed() -> None:
    assert codec.KINDS[-4:] == ("observation", "update", "history", "public")
    for kind in ("observation", "update", "history", "public"):
        assert f"``{kind}``" in (codec.__doc__ or "") or f'"{kind}"' in (codec.__doc__ or "")


# -------------------------------------------------------------- observations


def test_every_observation_of_a_game_round_trips(record: Record, states: tuple[State, ...]) -> None:
    hidden = 0
    for state, move in zip(states, record.moves, strict=False):
        for observation in observe_all(GAME, state, move):
            hidden += observation.move is None
            text = codec.dumps(observation)
            back = codec.loads(text, kind="observation", game=GAME)
            assert back == observation
            assert codec.decode(codec.encode(observation, game="sandwich")) == observation
    assert hidden > 0  # the game had draws hidden from the other seat


def test_observation_document_shapes() -> None:
    shown = codec.encode(Observation(1, 0, Play(Card.PEANUT_BUTTER, 0)))
    assert shown == {
        "format": 1,
        "game": "sandwich",
        "kind": "observation",
        "observation": {"seat": 1, "actor": 0, "move": "play pb on 0"},
    }
    hidden = codec.encode(Observation(0, 1, None))
    assert hidden["observation"] == {"seat": 0, "actor": 1, "move": None}


@pytest.mark.parametrize(
    ("value", "path", "reason"),
    [
        ({"seat": 4, "actor": 0, "move": None}, "$.observation.seat", "sandwich seats at most 4"),
        ({"seat": 0, "actor": 4, "move": "end"}, "$.observation.actor", "sandwich seats at most 4"),
        ({"seat": -1, "actor": 0, "move": None}, "$.observation", "seat is a seat number, not -1"),
        ({"seat": 0, "actor": 0, "move": "dance"}, "$.observation.move", "expected one of"),
        ({"seat": 0, "actor": 0, "move": 3}, "$.observation.move", "expected a move"),
        ({"seat": 0, "actor": "1", "move": None}, "$.observation.actor", "not a string"),
        ({"seat": True, "actor": 1, "move": None}, "$.observation.seat", "not a boolean"),
        ({"seat": 0, "actor": 1}, "$.observation.move", "required field missing"),
        ({"seat": 0, "actor": 1, "move": None, "x": 1}, "$.observation.x", "unknown field"),
        ([0, 1, None], "$.observation", "expected an object"),
    ],
)
def test_bad_observations(value: object, path: str, reason: str) -> None:
    doc = {"format": 1, "game": "sandwich", "kind": "observation", "observation": value}
    refused(doc, path, reason)


# -------------------------------------------------------------- updates


def test_updates_round_trip_at_every_state_for_every_seat(
    record: Record, states: tuple[State, ...]
) -> None:
    """Decoding checks the legal moves against the view: it must accept every real update."""
    kinds = set()
    for i, state in enumerate(states):
        previous = states[i - 1] if i else None
        for seat in range(state.players):
            if previous is None:
                update = seat_update(GAME, state, seat)
            else:
                seen = (GAME.observe(previous, record.moves[i - 1], seat),)
                update = seat_update(GAME, state, seat, seen, GAME.view(previous, seat))
            kinds.add("chance" if update.to_move is CHANCE else bool(update.legal_moves))
            back = codec.loads(codec.dumps(update), kind="update", game=GAME)
            assert back == update
            assert type(back) is SeatUpdate
            assert all(type(entry) is LegalMove for entry in back.legal_moves)
    assert kinds == {"chance", True, False}
    final = seat_update(GAME, states[-1], 1)
    assert final.to_move is None and final.outcome == record.outcome
    assert codec.decode(codec.encode(final)) == final


def test_update_document_shape(states: tuple[State, ...]) -> None:
    doc = update_doc(offering(states, "end"), 0)
    assert list(doc) == ["format", "game", "kind", "update"]
    update = doc["update"]
    assert list(update) == [
        *("seat", "view", "to_move", "legal_moves", "observations", "outcome"),
        *("picture", "figures"),
    ]
    assert update["to_move"] == 0 and update["outcome"] is None
    view = codec.decode({"format": 1, "game": "sandwich", "kind": "view", "view": update["view"]})
    assert update["picture"] == GAME.render(view)
    assert update["figures"] == GAME.figures(GAME.public(view))
    assert update["figures"]["scores"] == [0, 0]
    assert update["figures"]["finished"] == [[], []] and update["figures"]["counts"] == [[], []]
    entry = update["legal_moves"][-1]
    assert list(entry) == ["move", "notation", "description", "card", "target"]
    assert (entry["move"], entry["notation"], entry["card"], entry["target"]) == (
        "end",
        "end",
        "end",
        "",
    )
    assert update_doc(states[0], 1)["update"]["to_move"] == "chance"


def test_encoding_an_update_finds_its_game_from_its_view(states: tuple[State, ...]) -> None:
    update = seat_update(GAME, states[10], 0)
    assert codec.encode(update) == codec.encode(update, game=GAME)
    foreign = attrs.evolve(update, view="not a view")
    with pytest.raises(TypeError, match="the update's view is not a view of any registered game"):
        codec.encode(foreign)


def test_bad_update_fields(states: tuple[State, ...]) -> None:
    good = update_doc(acting(states, 0), 0)
    codec.decode(good)  # the unedited document loads
    refused(edited(good, "update", value=[]), "$.update", "expected an object")
    refused(edited(good, "update", "colour", value=1), "$.update.colour", "unknown field")
    for key in good["update"]:
        refused(without(good, "update", key), f"$.update.{key}", "required field missing")
    refused(edited(good, "update", "seat", value=1), "$.update.seat", "the view is seat 0's")
    refused(edited(good, "update", "seat", value=False), "$.update.seat", "not a boolean")
    refused(
        edited(good, "update", "view", "hand_sizes", 0, value=40),
        "$.update.view",
        "not a valid view",
    )


@pytest.mark.parametrize(
    ("to_move", "reason"),
    [
        ("chance", "the view has seat 0 to act, not chance"),
        (1, "the view has seat 0 to act, not seat 1"),
        (2, "seat 2 is not a seat of this 2-player game"),
        ("CHANCE", "expected a seat, \"chance\" or null, not 'CHANCE'"),
        (True, 'expected a seat, "chance" or null, not a boolean'),
        (0.0, 'expected a seat, "chance" or null, not a number'),
    ],
)
def test_to_move_is_the_views(states: tuple[State, ...], to_move: object, reason: str) -> None:
    doc = edited(update_doc(acting(states, 0), 0), "update", "to_move", value=to_move)
    if to_move in ("chance", 1):
        doc["update"]["legal_moves"] = []  # only the seat to act lists moves
    refused(doc, "$.update.to_move", re.escape(reason))


def test_to_move_is_null_exactly_when_the_game_is_over(
    record: Record, states: tuple[State, ...]
) -> None:
    going = update_doc(states[0], 0)
    over = update_doc(states[-1], 0)
    outcome = over["update"]["outcome"]
    refused(edited(going, "update", "to_move", value=None), "$.update.outcome", "null, but")
    refused(
        edited(going, "update", "outcome", value=outcome),
        "$.update.to_move",
        "chance is to act, but the game is over",
    )
    refused(
        edited(over, "update", "to_move", value=0),
        "$.update.to_move",
        "seat 0 is to act, but the game is over",
    )
    refused(
        edited(over, "update", "outcome", "scores", value=[0, 0, 3]),
        "$.update.outcome.scores",
        "expected 2 scores, one per seat, not 3",
    )


def test_the_outcome_is_the_views_own(record: Record, states: tuple[State, ...]) -> None:
    """A forged outcome -- other scores, winners to match, or another reason -- is refused."""
    over = update_doc(states[-1], 0)
    outcome = over["update"]["outcome"]
    assert record.outcome is not None and outcome["reason"] == record.outcome.reason
    other_reason = next(reason for reason in GAME.reasons if reason != outcome["reason"])
    best = max(outcome["scores"])
    inflated = [score + 1 if score == best else score for score in outcome["scores"]]
    for field, value in (("reason", other_reason), ("scores", inflated)):
        forged = edited(over, "update", "outcome", field, value=value)
        alone = {"format": 1, "game": "sandwich", "kind": "outcome"}
        codec.decode(alone | {"outcome": forged["update"]["outcome"]})  # a valid outcome by itself
        error = refused(forged, "$.update.outcome", "the view's game ended with scores")
        assert repr(outcome["reason"]) in error.reason


def test_only_the_seat_to_act_has_legal_moves(states: tuple[State, ...]) -> None:
    state = acting(states, 0)
    mine = update_doc(state, 0)["update"]["legal_moves"]
    other = update_doc(state, 1)
    codec.decode(other)
    assert other["update"]["legal_moves"] == []
    refused(
        edited(other, "update", "legal_moves", value=mine),
        "$.update.legal_moves",
        "only the seat to act has legal moves: seat 0 is to act, not seat 1",
    )
    chance = update_doc(states[0], 0)
    refused(
        edited(chance, "update", "legal_moves", value=mine),
        "$.update.legal_moves",
        "chance is to act, not seat 0",
    )


def test_the_legal_moves_are_exactly_the_views(states: tuple[State, ...]) -> None:
    good = update_doc(acting(states, 0, played=True), 0)
    moves = good["update"]["legal_moves"]
    assert len(moves) >= 2
    path = "$.update.legal_moves"
    refused(
        edited(good, "update", "legal_moves", value=moves[:-1]),
        path,
        f"the view has {len(moves)} legal moves, not {len(moves) - 1}",
    )
    refused(
        edited(good, "update", "legal_moves", value=[moves[1], moves[0], *moves[2:]]),
        f"{path}[0].move",
        re.escape(f"expected {moves[0]['move']!r} here"),
    )
    refused(
        edited(good, "update", "legal_moves", value=[*moves, moves[0]]),
        f"{path}[{len(moves)}].move",
        "is listed twice",
    )
    illegal = {"move": "fly 3.3", "notation": "fly 3.3", "description": "x", "card": "fly"}
    illegal["target"] = "3.3"
    refused(
        edited(good, "update", "legal_moves", 0, value=illegal),
        f"{path}[0].move",
        "'fly 3.3' is not a legal move of the view",
    )


def test_each_legal_move_is_strict(states: tuple[State, ...]) -> None:
    good = update_doc(acting(states, 0), 0)
    first = good["update"]["legal_moves"][0]
    at = "$.update.legal_moves[0]"

    def bad(key: str, value: object, path: str, reason: str) -> None:
        refused(edited(good, "update", "legal_moves", 0, key, value=value), path, reason)

    bad("notation", "end", f"{at}.notation", f"the move is written {first['move']!r}, not 'end'")
    bad("card", "ant", f"{at}.card", f"is {first['card']!r}, not 'ant'")
    bad("target", "9", f"{at}.target", f"is {first['target']!r}, not '9'")
    bad("description", 5, f"{at}.description", "expected a string")
    bad("description", "you win", f"{at}.description", f"{first['move']!r} is described")
    other = good["update"]["legal_moves"][-1]["description"]  # another move's real sentence
    bad("description", other, f"{at}.description", re.escape(repr(first["description"])))
    bad("move", "dance", f"{at}.move", "expected one of")
    bad("move", None, f"{at}.move", "expected a move in notation")
    bad("colour", "red", f"{at}.colour", "unknown field")
    for key in first:
        refused(without(good, "update", "legal_moves", 0, key), f"{at}.{key}", "missing")
    refused(edited(good, "update", "legal_moves", value={}), "$.update.legal_moves", "an array")
    refused(edited(good, "update", "legal_moves", 0, value="end"), at, "expected an object")


def test_a_legal_move_may_be_written_in_any_notation_the_game_reads(
    states: tuple[State, ...],
) -> None:
    """``move`` is read as notation (like a record's moves); ``notation`` is the canonical one."""
    good = update_doc(offering(states, "play pb"), 0)
    entries = good["update"]["legal_moves"]
    index = next(i for i, e in enumerate(entries) if e["move"].startswith("play pb"))
    spelled = entries[index]["move"].replace("pb", "peanut-butter")
    doc = edited(good, "update", "legal_moves", index, "move", value=spelled)
    assert codec.decode(doc) == codec.decode(good)


def test_an_update_holds_only_its_seats_observations(
    record: Record, states: tuple[State, ...]
) -> None:
    mine = GAME.observe(states[0], record.moves[0], 1)
    other = GAME.observe(states[0], record.moves[0], 0)
    good = update_doc(states[1], 1, (mine,), GAME.view(states[0], 1))
    assert [item.observation for item in codec.decode(good).observations] == [mine]
    refused(
        edited(
            good,
            "update",
            "observations",
            0,
            "observation",
            value=codec.encode(other)["observation"],
        ),
        "$.update.observations[0].observation.seat",
        "an observation of seat 0, not of seat 1",
    )
    refused(
        edited(good, "update", "observations", value=None),
        "$.update.observations",
        "expected an array",
    )


def test_an_updates_observations_carry_their_words(
    record: Record, states: tuple[State, ...]
) -> None:
    seen = tuple(GAME.observe(states[i], record.moves[i], 1) for i in range(4))
    good = update_doc(states[4], 1, seen, GAME.view(states[0], 1))
    entry = good["update"]["observations"][0]
    assert entry == {
        "observation": {"seat": 1, "actor": 0, "move": None},
        "description": "seat 0 is dealt a card",
    }
    back = codec.decode(good)
    assert [item.observation for item in back.observations] == list(seen)


def test_each_observation_of_an_update_is_strict(record: Record, states: tuple[State, ...]) -> None:
    good = update_doc(
        states[1], 1, (GAME.observe(states[0], record.moves[0], 1),), GAME.view(states[0], 1)
    )
    at = "$.update.observations[0]"

    def bad(value: object, path: str, reason: str, *keys: str) -> None:
        refused(edited(good, "update", "observations", 0, *keys, value=value), path, reason)

    bare = good["update"]["observations"][0]["observation"]  # an observation without its words
    bad(bare, f"{at}.observation", "required field missing")
    bad("seat 0 is dealt a card", at, "expected an object")
    bad(1, f"{at}.colour", "unknown field", "colour")
    for key in ("observation", "description"):
        refused(without(good, "update", "observations", 0, key), f"{at}.{key}", "missing")
    description = f"{at}.description"
    bad(5, description, "expected a string", "description")
    bad("", description, "empty", "description")
    bad("  ", description, "empty", "description")
    bad("seat 0 is dealt a card\nand wins", description, "more than one line", "description")
    bad("seat 0 is dealt a card\n", description, "more than one line", "description")
    longest = "x" * codec.MAX_DESCRIPTION
    codec.decode(edited(good, "update", "observations", 0, "description", value=longest))
    bad(longest + "x", description, "401 characters, more than the limit of 400", "description")
    bad(
        2,
        f"{at}.observation.actor",
        "seat 2 is not a seat of this 2-player game",
        "observation",
        "actor",
    )


# A description a client may not print as it is: what is wrong with it, the error's words.
HIDDEN_DESCRIPTIONS = [
    ("seat 0 plays bread\x00", r"control character U\+0000 at index 18"),
    ("\x1b[2Jyou win", r"control character U\+001B at index 0"),
    ("seat 0 plays\tbread", r"control character U\+0009"),
    ("seat 0 plays bread\x85", "more than one line"),  # NEL: a line break too
    ("seat 0 plays bread\x9b2J", r"control character U\+009B"),  # the C1 escape
    ("\u200b", r"format character U\+200B at index 0"),
    ("\u200b\u200c\u2060", r"format character U\+200B"),  # zero-width only
    ("seat 1 \u202eniw", r"format character U\+202E at index 7"),  # right-to-left override
    ("seat 0\u2066 wins\u2069", r"format character U\+2066"),  # a bidirectional isolate
    ("\ufeffseat 0 plays bread", r"format character U\+FEFF at index 0"),
    ("seat 0 plays bread\U000e0001", r"format character U\+E0001"),  # a tag, beyond the BMP
    ("\u00a0 \u3000", "empty"),  # spaces only
]

VISIBLE_DESCRIPTIONS = ["x", "le siège 0 pose du pain", "seat 0 plays 🍞", " seat 0\u00a0ends "]


@pytest.mark.parametrize(("text", "reason"), HIDDEN_DESCRIPTIONS)
def test_a_description_is_plain_text_for_players(
    record: Record, states: tuple[State, ...], text: str, reason: str
) -> None:
    """No control or format character, and a visible one, in an observation's words or a legal
    move's: a client prints them as they are."""
    observed = update_doc(
        states[1], 1, (GAME.observe(states[0], record.moves[0], 1),), GAME.view(states[0], 1)
    )
    at = "$.update.observations[0].description"
    refused(edited(observed, "update", "observations", 0, "description", value=text), at, reason)
    offered = update_doc(acting(states, 0), 0)
    at = "$.update.legal_moves[0].description"
    refused(edited(offered, "update", "legal_moves", 0, "description", value=text), at, reason)


def test_a_visible_description_is_read(record: Record, states: tuple[State, ...]) -> None:
    good = update_doc(
        states[1], 1, (GAME.observe(states[0], record.moves[0], 1),), GAME.view(states[0], 1)
    )
    for text in VISIBLE_DESCRIPTIONS:
        doc = edited(good, "update", "observations", 0, "description", value=text)
        assert codec.decode(doc).observations[0].description == text


def test_an_update_holds_no_more_observations_than_a_game_can_last(
    record: Record, states: tuple[State, ...]
) -> None:
    good = update_doc(
        states[1], 1, (GAME.observe(states[0], record.moves[0], 1),), GAME.view(states[0], 1)
    )
    entry = good["update"]["observations"][0]
    limit = GAME.max_moves(2, record.rules) + GAME.max_chance_steps(2, record.rules)
    codec.decode(edited(good, "update", "observations", value=[entry] * limit))  # not replayed
    refused(
        edited(good, "update", "observations", value=[entry] * (limit + 1)),
        "$.update.observations",
        f"{limit + 1} observations, more than the {limit} moves",
    )


# -------------------------------------------------------------- histories


@pytest.mark.parametrize("seat", [0, 1])
def test_seat_records_round_trip_and_follow(record: Record, seat: int) -> None:
    history = seat_record(record, seat)
    text = codec.dumps(history)
    back = codec.loads(text, kind="history", game=GAME)
    assert back == history and type(back) is SeatRecord
    assert follow(back) == follow(history)
    partial = attrs.evolve(history, observations=history.observations[:9], outcome=None)
    assert codec.decode(codec.encode(partial)) == partial


def test_history_document_shape(record: Record) -> None:
    doc = codec.encode(seat_record(record, 1))
    assert list(doc) == [
        "format",
        "game",
        "kind",
        "players",
        "rules",
        "seat",
        "observations",
        "outcome",
    ]
    assert doc["observations"][0] == {"seat": 1, "actor": 0, "move": None}  # seat 0's first card


def test_bad_histories(record: Record) -> None:
    good = codec.encode(seat_record(record, 1))
    for key in ("players", "rules", "seat", "observations", "outcome"):
        refused(without(good, key), f"$.{key}", "required field missing")
    refused(edited(good, "game_name", value="x"), "$.game_name", "unknown field")
    refused(edited(good, "seat", value=2), "$.seat", "seat 2 is not a seat of this 2-player game")
    refused(edited(good, "seat", value="1"), "$.seat", "not a string")
    refused(edited(good, "players", value=5), "$.players", "2 to 4 players")
    refused(edited(good, "rules", "ants", value=-1), "$.rules.ants", "at least 0")
    assert good["observations"][5] == {"seat": 1, "actor": 0, "move": "discard jelly"}
    refused(
        edited(good, "observations", 5, "seat", value=0),
        "$.observations[5].seat",
        "an observation of seat 0, not of seat 1",
    )
    refused(
        edited(good, "observations", 5, "actor", value=2),
        "$.observations[5].actor",
        "seat 2 is not a seat of this 2-player game",
    )
    refused(
        edited(good, "observations", 3, "move", value="draw cheese"),
        "$.observations[3].move",
        "not a card",
    )
    refused(edited(good, "outcome", "winners", value=[]), "$.outcome.winners", "top score")
    refused(edited(good, "outcome", "scores", value=[1]), "$.outcome.scores", "expected 2 scores")


def test_a_history_is_no_longer_than_a_game_can_last(record: Record) -> None:
    history = seat_record(record, 0)
    doc = codec.encode(history)
    rules = history.rules
    limit = GAME.max_moves(2, rules) + GAME.max_chance_steps(2, rules)
    longest = edited(doc, "observations", value=[doc["observations"][0]] * limit)
    codec.decode(longest)  # not replayed: follow() refuses it
    refused(
        edited(doc, "observations", value=[doc["observations"][0]] * (limit + 1)),
        "$.observations",
        f"{limit + 1} observations, more than the {limit} moves",
    )


def test_encoding_a_history_of_another_game_is_a_type_error(record: Record) -> None:
    history = attrs.evolve(seat_record(record, 0), game="chess")
    with pytest.raises(TypeError, match="the history is of 'chess', not 'sandwich'"):
        codec.encode(history, game=GAME)


# -------------------------------------------------------------- types


def test_loads_keeps_the_games_types(record: Record, states: tuple[State, ...]) -> None:
    observation = codec.loads(codec.dumps(Observation(0, 0, End())), kind="observation", game=GAME)
    update = codec.loads(codec.dumps(seat_update(GAME, states[3], 0)), kind="update", game=GAME)
    history = codec.loads(codec.dumps(seat_record(record, 0)), kind="history", game=GAME)
    assert type(observation) is Observation
    assert type(update.view) is View
    assert all(type(item) is Observation for item in history.observations)


def test_the_picture_and_figures_are_the_views_own(states: tuple[State, ...]) -> None:
    """An update's picture and figures are its view's: a forged one is refused."""
    final = states[-1]
    update = seat_update(GAME, final, 1)
    good = codec.encode(update)
    assert good["update"]["figures"]["scores"] == list(GAME.result(final).scores)
    assert good["update"]["picture"] == GAME.render(GAME.view(final, 1))
    assert codec.decode(good) == update
    refused(
        edited(good, "update", "picture", value=update.picture + "!"),
        "$.update.picture",
        "not the picture of the view",
    )
    refused(edited(good, "update", "picture", value=3), "$.update.picture", "an integer")
    for bad in (0, 1.0):  # equal to false and 1 in Python, not in JSON
        mixed = edited(good, "update", "figures", "finished", 0, 0, value=bad)
        refused(mixed, "$.update.figures", "not the figures of the view")
    refused(
        edited(good, "update", "figures", "scores", 1, value=1),
        "$.update.figures",
        "not the figures of the view",
    )
