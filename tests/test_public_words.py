"""A spectator's words (issue 42): every move in the game's words told to no seat --
``describe_public`` of the observation of a seat the move shows no more than the others
(:func:`~picnic_rules.client.public_words`). The harness checks, at every move of every game
it plays, that the sentence says "you" to nobody and is the same from every such seat, and
catches a game whose spectator's words break either law."""

from __future__ import annotations

import random
import re
from typing import Any

import attrs
import pytest

from picnic_rules import CHANCE, GAMES
from picnic_rules.client import public_words, spectator_seat
from picnic_rules.kit import to_no_seat
from picnic_rules.testing import check_play

YOU = re.compile(r"\b(you|your|yourself)\b", re.IGNORECASE)


def whole_game(name: str, players: int, seed: int) -> list[tuple[object, object]]:
    """Every (state, move) of a seeded game of random moves."""
    game = GAMES[name]
    rng, state = random.Random(seed), game.new_game(players)
    steps = []
    while not game.is_over(state):
        actor = game.to_move(state)
        move = (
            game.sample_chance(state, rng)
            if actor is CHANCE
            else rng.choice(game.legal_moves(state))
        )
        steps.append((state, move))
        state = game.apply(state, move)
    return steps


@pytest.mark.parametrize("name", ["sandwich", "insects", "poultry", "ants"])
def test_a_spectator_reads_every_move_in_words_with_no_hidden_card(name: str) -> None:
    game = GAMES[name]
    for state, move in whole_game(name, 3, seed=1):
        line = public_words(game, state, move)
        assert line and not YOU.search(line), line
        seat = spectator_seat(game, state, move)
        # told from a seat the move hides nothing from that the others see: a card dealt
        # to a seat, a commitment face down, is told as "a card"
        hidden = [k for k in range(3) if getattr(game.observe(state, move, k), "move", 1) is None]
        assert seat == (hidden[0] if hidden else 0)
        if hidden:
            assert line == game.describe_public(
                game.view(state, hidden[-1]), game.observe(state, move, hidden[-1])
            )


def test_the_words_of_a_card_dealt_name_no_card() -> None:
    game = GAMES["sandwich"]
    dealt = [public_words(game, s, m) for s, m in whole_game("sandwich", 2, seed=3)[:4]]
    assert dealt == ["seat 0 is dealt a card", "seat 1 is dealt a card"] * 2


def test_a_view_told_to_no_seat_has_a_reader_at_none() -> None:
    game = GAMES["poultry"]
    view = game.view(game.new_game(4), 2)
    assert to_no_seat(view).player == 4 and to_no_seat(view).hand == view.hand


def test_the_harness_catches_a_spectator_told_you() -> None:
    sandwich = GAMES["sandwich"]
    broken = attrs.evolve(sandwich, describe_public=sandwich.describe)  # a seat's words
    with pytest.raises(AssertionError, match=r'check .describe. failed: .*says "you" to nobody'):
        check_play(broken, players=2, seed=1, only=["describe"])


def test_the_harness_catches_a_spectators_words_that_show_a_seats_own_cards() -> None:
    insects = GAMES["insects"]
    told = insects.describe_public

    def leaky(view: Any, observation: object) -> str:
        return f"{told(view, observation)} (it holds {sum(view.hand)} cards)"

    broken = attrs.evolve(insects, describe_public=leaky)
    with pytest.raises(
        AssertionError, match=r"check .describe. failed: .*depends on the seat it is told from"
    ):
        check_play(broken, players=3, seed=2, only=["describe"])
    assert check_play(insects, players=3, seed=2, only=["describe"]).steps > 0
