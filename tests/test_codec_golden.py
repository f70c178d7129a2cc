"""Golden documents pin each game's wire format: today's objects encode to exactly these files.

The objects come from one short sandwich game played move by move through
``parse_move`` and ``apply`` (so every position is reachable), never from an
agent or a seed. If a change alters a document on purpose, bump
:data:`picnic_rules.codec.FORMAT` or explain why old documents still read,
then rewrite the files with ``python tests/test_codec_golden.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from picnic_rules import GAMES, Outcome, Record, codec
from picnic_rules.client import seat_update
from picnic_rules.history import seat_record
from picnic_rules.sandwich import Move, Rules, State

GOLDEN = Path(__file__).parent / "golden"
GAME = GAMES["sandwich"]
RULES = Rules(action_limit=40, sandwiches_to_win=1)
GAME_MOVES = (
    "draw bread, draw bread, draw pb, draw jelly, "  # the deal
    "draw jelly, play bread, play pb on 0, play jelly on 0, end, "
    "draw ant, play bread, ant 0.0 to 0, end, "
    "draw bread, discard bread, "
    "draw fly, fly 0.0, end, "
    "draw bread, play bread, "  # BUSY: the fly is out, a card discarded, seat 0 has played
    "end, draw pb, play pb on 0, end, draw jelly, play jelly on 1, end, "
    "draw bread, play bread on 0"  # seat 1 closes its sandwich and wins
)
BUSY = 20
"""How many moves lead to the position of the state and view documents."""


def played() -> tuple[tuple[Move, ...], tuple[State, ...]]:
    state = GAME.new_game(2, RULES)
    moves: list[Move] = []
    states = [state]
    for text in GAME_MOVES.split(", "):
        move = GAME.parse_move(state, text)
        state = GAME.apply(state, move)
        moves.append(move)
        states.append(state)
    return tuple(moves), tuple(states)


def golden_objects() -> dict[str, object]:
    """The object of each golden document, by kind."""
    moves, states = played()
    outcome = GAME.result(states[-1])
    record = Record("sandwich", 2, RULES, 7, moves, outcome)
    # seat 0 has drawn a bread, after seat 1 ended its turn: it may play it or end
    # (the descriptions are the game's words: the codec checks a legal move's against the view)
    seen = tuple(GAME.observe(states[i], moves[i], 0) for i in (BUSY - 3, BUSY - 2))
    update = seat_update(GAME, states[BUSY - 1], 0, seen, GAME.view(states[BUSY - 3], 0))
    return {
        "state": states[BUSY],
        "view": GAME.view(states[BUSY], 1),
        "move": moves[11],  # ant 0.0 to 0
        "rules": RULES,
        "record": record,
        "outcome": outcome,
        "observation": GAME.observe(states[13], moves[13], 1),  # seat 0's draw, hidden from seat 1
        "update": update,
        "history": seat_record(record, 1),
        "public": GAME.public_view(states[BUSY]),  # the table of the state document, no hand
    }


def golden_text(obj: object) -> str:
    return codec.dumps(obj, game=GAME, indent=2) + "\n"


def test_the_golden_game_is_a_real_game() -> None:
    moves, states = played()
    assert GAME.is_over(states[-1])
    assert GAME.result(states[-1]) == Outcome((0, 1), (1,), "three-sandwiches")
    busy = states[BUSY]
    assert busy.fly == (0, 0) and busy.played and any(busy.discard_pile)
    assert str(moves[11]) == "ant 0.0 to 0"
    objects = golden_objects()
    assert objects["observation"] == GAME.Observation(1, 0, None)
    update: Any = objects["update"]
    assert update.to_move == 0 and [str(e.move) for e in update.legal_moves] == [
        "play bread",
        "end",
    ]
    observed = [item.observation.move for item in update.observations]
    assert observed == list(moves[BUSY - 3 : BUSY - 1])
    history: Any = objects["history"]
    assert any(item.move is None for item in history.observations)
    table: Any = objects["public"]
    assert table.table == busy.table and table.hand_sizes == tuple(map(sum, busy.hands))


@pytest.mark.parametrize("kind", codec.KINDS)
def test_encoding_gives_exactly_the_golden_document(kind: codec.Kind) -> None:
    obj = golden_objects()[kind]
    assert golden_text(obj) == (GOLDEN / f"sandwich-{kind}.json").read_text(encoding="utf-8")


@pytest.mark.parametrize("kind", codec.KINDS)
def test_decoding_the_golden_document_gives_the_object(kind: codec.Kind) -> None:
    text = (GOLDEN / f"sandwich-{kind}.json").read_text(encoding="utf-8")
    decoded = codec.loads(text, kind=kind, game="sandwich")
    assert decoded == golden_objects()[kind]
    assert type(decoded) is type(golden_objects()[kind])


def write() -> None:
    """Rewrite the golden documents from today's objects."""
    GOLDEN.mkdir(exist_ok=True)
    for kind, obj in golden_objects().items():
        (GOLDEN / f"sandwich-{kind}.json").write_text(golden_text(obj), encoding="utf-8")


if __name__ == "__main__":
    write()
    sys.exit(0)
