"""The poultry picture for a terminal of 80x24 (issue 42): in sections, each led by a line
that reads alone, the yards last and two to a line where they fit; every seat's points so
far on the seats' first line; at the end each score counted out as the rules count it."""

from __future__ import annotations

import random
import re

import pytest

from picnic_rules import CHANCE
from picnic_rules.poultry import (
    GAME,
    apply,
    is_over,
    legal_moves,
    new_game,
    render,
    sample_chance,
    score,
    to_move,
    view,
)
from picnic_rules.poultry.cards import COLOURS

WIDTH = 78


def _game(players: int, seed: int) -> list[object]:
    """Every state of a seeded random game."""
    rng = random.Random(seed)
    state = new_game(players)
    states = [state]
    while not is_over(state):
        chance = to_move(state) is CHANCE
        move = sample_chance(state, rng) if chance else rng.choice(legal_moves(state))
        state = apply(state, move)
        states.append(state)
    return states


@pytest.mark.parametrize("players", [2, 3, 6])
def test_sections_points_yards_and_width(players: int) -> None:
    for state in _game(players, players)[::5]:
        for seat in range(players):
            v = view(state, seat)  # type: ignore[arg-type]
            picture = render(v)
            assert max(len(line) for line in picture.splitlines()) <= WIDTH
            parts = [part.splitlines() for part in picture.split("\n\n")]
            points = ", ".join(
                f"{'you' if k == seat else f'seat {k}'} {score(v.rules, v.grain[k], v.stocks[k])}"
                for k in range(players)
            )
            assert parts[1][0] == f"points so far: {points}"
            assert parts[2][0].startswith("your hand: ")
            named = " ".join(parts[3])
            for colour in COLOURS:  # every yard, left to right, with its colour
                assert f"{colour.yard.removeprefix('the ')} ({colour}): " in named
            order = [named.index(f"({colour}): ") for colour in COLOURS]
            assert order == sorted(order)


def test_two_short_yards_share_a_line() -> None:
    state = new_game(2)
    picture = render(view(state, 0))
    yards = picture.split("\n\n")[3].splitlines()
    assert yards == [
        "Gackelwack (yellow): none               Waddling Pond (blue): none",
        "Pheasantry (purple): none               turkey farm (black): none",
        "goose green (red): none                 guinea-fowl run (green): none",
    ]


@pytest.mark.parametrize("players", [2, 4])
def test_a_finished_game_counts_each_score_out(players: int) -> None:
    over = _game(players, 10 + players)[-1]
    outcome = GAME.result(over)
    final = render(view(over, 0)).split("\n\n")[-1].splitlines()  # type: ignore[arg-type]
    assert final[0].startswith("final score: each grain scores its colour's value")
    lines = final[2:]
    assert len(lines) == players
    for seat, line in enumerate(lines):
        found = re.fullmatch(r"  (you|seat \d): (.+) = (-?\d+)", line)
        assert found, line
        assert found.group(1) == ("you" if seat == 0 else f"seat {seat}")
        terms = re.findall(r"([+-]?) ?(\d+)(?: x (\d+))?", found.group(2).replace("(", ""))
        total = sum(
            (-1 if sign == "-" else 1) * int(n) * int(value or 1) for sign, n, value in terms
        )
        assert total == int(found.group(3)) == outcome.scores[seat]
