"""The long-game search for every game, every variant, the fewest and the most seats.

Random play never finds the long games (a 2-player insects game under ``buy`` lasted at
most 129 decisions at random, 171 are legal). :func:`check_long_game` plays one in which
every seat picks the move that lowers the game's termination measure least, with the
measure law and ``max_moves`` checked at every step.
"""

from __future__ import annotations

import pytest
from games import BUILT_IN

from picnic_rules import GAMES, RulesError
from picnic_rules.testing import check_long_game


def _seats(name: str, variant: str, players: int) -> bool:
    """Whether the variant seats that many (a ``first_player`` may lie beyond them)."""
    game = GAMES[name]
    try:
        game.new_game(players, game.variants[variant])
    except RulesError:
        return False
    return True


CASES = [
    pytest.param(name, variant, players, id=f"{name}-{variant}-{players}")
    for name in BUILT_IN
    for variant in GAMES[name].variants
    for players in sorted({GAMES[name].min_players, GAMES[name].max_players})
    if _seats(name, variant, players)
]


@pytest.mark.parametrize(("name", "variant", "players"), CASES)
def test_the_long_game_search_stays_within_max_moves(name: str, variant: str, players: int) -> None:
    game = GAMES[name]
    rules = game.variants[variant]
    report = check_long_game(
        game,
        players=players,
        rules=rules,
        seed=players,
        variant=variant,
        only=["check", "to-move", "legal-moves", "measure", "max-moves", "max-chance-steps"],
    )
    assert report.decisions <= game.max_moves(players, rules)
