"""The public view (what every seat sees alike, a spectator's table) as a JSON document of
kind ``"public"``: for every game, no hidden card in it, a strict decoder, a valid schema."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from harness_games import DICE
from jsonschema import Draft202012Validator

from picnic_rules import GAMES, DecodeError, InvalidState, codec
from picnic_rules.game import AnyGame
from picnic_rules.testing import random_step

sys.path.insert(0, str(Path(__file__).parents[1] / "examples" / "keep_or_swap"))
import keep_or_swap

EVERY_GAME = [*GAMES.values(), keep_or_swap.GAME, DICE]
HIDDEN_KEYS = {"hand", "hands", "deck", "draw_pile", "player"}
"""Keys that hold a seat's hidden cards in a state or view: never in a public document
(Keep or Swap's ``hands`` is every hand at the showdown, all ``null`` before it)."""


def _states(game: AnyGame, players: int, seed: int) -> list[Any]:
    rng = random.Random(seed)
    state, found = game.new_game(players), []
    while not game.is_over(state) and len(found) < 400:
        found.append(state)
        state = random_step(game, state, rng)
    return [*found, state]


def _keys(doc: object) -> set[str]:
    if isinstance(doc, dict):
        return set(doc) | {key for value in doc.values() for key in _keys(value)}
    if isinstance(doc, list):
        return {key for value in doc for key in _keys(value)}
    return set()


@pytest.mark.parametrize("game", EVERY_GAME, ids=lambda game: game.name)
def test_the_public_document_holds_no_hidden_card(game: AnyGame) -> None:
    check = Draft202012Validator(codec.schema(game, "public"))
    rng = random.Random(1)
    for state in _states(game, 2, seed=3)[::3]:
        table = game.public_view(state)
        doc = codec.encode(table, game=game)
        assert doc["kind"] == "public" and list(check.iter_errors(doc)) == []
        inner = doc["public"]
        found = _keys(inner) & HIDDEN_KEYS
        if game.name == "keep-or-swap":
            assert found <= {"hands"}
            assert all(hand is None for hand in inner.get("hands", [])) or game.is_over(state)
        elif game.name != "ants":  # an ants state hides nothing: it has no hands
            assert not found, found
        # the same document whichever seat's view it is made from, and for a re-deal
        for seat in range(state.players):
            again = codec.encode(game.public(game.view(state, seat)), game=game)
            assert again == doc
            dealt = game.determinize(game.view(state, seat), rng)
            assert codec.encode(game.public_view(dealt), game=game) == doc
        assert codec.loads(json.dumps(doc), kind="public", game=game) == table


def test_poultry_shows_face_down_commitments_as_counts() -> None:
    game = GAMES["poultry"]
    committed = [
        state
        for state in _states(game, 3, seed=2)
        if state.phase.value == "commit" and sum(map(len, state.played)) >= 2
    ]
    assert committed
    for state in committed:
        table = game.public_view(state)
        assert table.played == ((),) * 3  # nothing face up yet
        assert table.face_down == tuple(map(len, state.played))
        assert table.hand_sizes == tuple(map(sum, state.hands))


def test_a_public_document_is_read_strictly() -> None:
    game = GAMES["sandwich"]
    state = _states(game, 2, seed=4)[30]
    doc = codec.encode(game.public_view(state), game=game)
    with pytest.raises(DecodeError, match=r"\$\.public\.hand: unknown field"):
        codec.decode({**doc, "public": {**doc["public"], "hand": [1, 0, 0, 0, 0]}})
    with pytest.raises(DecodeError, match=r"\$\.public\.draw_size"):
        codec.decode({**doc, "public": {**doc["public"], "draw_size": "ten"}})
    missing = dict(doc["public"])
    del missing["hand_sizes"]
    with pytest.raises(DecodeError, match=r"\$\.public\.hand_sizes: required field missing"):
        codec.decode({**doc, "public": missing})
    with pytest.raises(DecodeError, match="expected a view document, not 'public'"):
        codec.decode(doc, kind="view")


def test_an_ants_public_document_holds_a_checked_state() -> None:
    game = GAMES["ants"]
    state = _states(game, 2, seed=1)[20]
    doc = codec.encode(game.public_view(state), game=game)
    forged = json.loads(json.dumps(doc))
    forged["public"]["state"]["turn"] = 7  # no seat 7 in a 2-player game
    with pytest.raises(DecodeError, match=r"^\$\.public: not a valid public view"):
        codec.decode(forged)


def test_public_refuses_what_is_not_a_view() -> None:
    for game in EVERY_GAME:
        state = game.new_game(2)
        with pytest.raises(InvalidState, match="public takes"):
            game.public(state)
