"""State and View share one declaration of the public fields (the ``Table``), and keep the
field order their JSON documents were written in."""

from __future__ import annotations

import random

import attrs

from picnic_rules.insects import State, View, apply, is_over, legal_moves, new_game, view
from picnic_rules.insects.state import TABLE, Table

PUBLIC = ("piles", "food", "captured", "scored", "food_out", "phase", "turn", "draws", "again",
          "bought", "last", "last_count", "reason")  # fmt: skip


def test_state_and_view_extend_the_table_and_keep_their_field_order() -> None:
    assert TABLE == PUBLIC
    assert issubclass(State, Table) and issubclass(View, Table)
    assert [f.name for f in attrs.fields(State)] == ["rules", "hands", "deck", *PUBLIC]
    assert [f.name for f in attrs.fields(View)] == [
        "player", "rules", "hand", "hand_sizes", "deck_size", *PUBLIC,
    ]  # fmt: skip


def test_a_view_shows_the_whole_table_of_its_state() -> None:
    rng = random.Random(3)
    state = new_game(3)
    while not is_over(state):
        for seat in range(3):
            seen = view(state, seat)
            assert all(getattr(seen, name) == getattr(state, name) for name in TABLE)
        state = apply(state, rng.choice(legal_moves(state)))
