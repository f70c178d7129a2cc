"""The fixed action spaces are complete, deterministic and numbered one way."""

from __future__ import annotations

import pytest
from rl_games import NAMES, setups, states

from picnic_rules import CHANCE, GAMES, PicnicError, RulesError
from picnic_rules.pettingzoo import raw_env
from picnic_rules.pettingzoo.actions import ActionSpace, Family
from picnic_rules.pettingzoo.spaces import (
    chance_space,
    has_spaces,
    player_space,
    supported,
    view_bounds,
)

SEEDS = {"sandwich": 4, "insects": 2, "poultry": 2, "ants": 2}


@pytest.mark.parametrize("name", NAMES)
def test_every_listed_move_has_an_action(name: str) -> None:
    game = GAMES[name]
    played = 0
    for players, rules, seed in setups(name, SEEDS[name]):
        moves, chance = player_space(game, players, rules), chance_space(game, players, rules)
        for state in states(name, players, rules, seed):
            if game.to_move(state) is CHANCE:
                if chance is not None:
                    chance.indexes(move for move, _ in game.chance_outcomes(state))
            else:
                listed = game.legal_moves(state)
                assert sorted(moves.indexes(listed)) == sorted(set(moves.indexes(listed)))
                played += 1
    assert played > 500


@pytest.mark.parametrize("name", ["sandwich", "insects", "poultry"])
def test_indexes_and_moves_round_trip(name: str) -> None:
    game = GAMES[name]
    for players in game.players:
        for space in (
            player_space(game, players, game.Rules()),
            chance_space(game, players, game.Rules()),
        ):
            assert space is not None
            moves = list(space)
            assert len(moves) == len(space) == len(set(moves))
            assert [space.index(move) for move in moves] == list(range(len(space)))


def test_the_ants_space_is_numbered_by_arithmetic() -> None:
    game = GAMES["ants"]
    space = player_space(game, 2, game.Rules())
    assert chance_space(game, 2, game.Rules()) is None  # landings are sampled
    assert len(space) == 571_719
    for index in range(0, len(space), 997):
        assert space.index(space.move(index)) == index


def test_spaces_are_the_same_every_time() -> None:
    game = GAMES["poultry"]
    first, again = player_space(game, 3, game.Rules()), player_space(game, 3, game.Rules())
    assert list(first) == list(again)


def test_a_move_outside_the_space_has_no_action() -> None:
    from picnic_rules.sandwich import Fly

    space = player_space(GAMES["sandwich"], 2, GAMES["sandwich"].Rules())
    with pytest.raises(PicnicError, match="has no action in this space"):
        space.index(Fly(2, 0))  # no seat 2 in a two-player game
    with pytest.raises(PicnicError, match=r"action 601 is not in 0\.\.600"):
        space.move(601)
    with pytest.raises(PicnicError, match="an action is an int"):
        space.move("end")  # type: ignore[arg-type]


def test_an_empty_family_takes_no_index() -> None:
    from picnic_rules.sandwich import Discard, End

    space = ActionSpace([Family(Discard, (("card", ()),)), Family(End, ())])
    assert len(space) == 1 and space.move(0) == End()


def test_a_game_without_a_space_is_refused() -> None:
    import attrs

    game = attrs.evolve(GAMES["sandwich"], name="other", action_space=None, view_bounds=None)
    assert not has_spaces(game)
    for make in (player_space, view_bounds):
        with pytest.raises(
            PicnicError, match=r"^the game .other. has no (action space|view bounds):"
        ):
            make(game, 2, game.Rules())
    with pytest.raises(PicnicError, match=r"^no game is called 'other'"):
        raw_env("other")


def test_a_tier_that_gives_no_space_is_refused() -> None:
    import attrs

    game = attrs.evolve(
        GAMES["sandwich"],
        action_space=lambda players, rules: list(GAMES["sandwich"].move_types),
        view_bounds=lambda players, rules: {"hand": "five"},
    )
    with pytest.raises(PicnicError, match=r"^sandwich's action_space gave a list, not an Action"):
        player_space(game, 2, game.Rules())
    with pytest.raises(PicnicError, match=r"^sandwich's view_bounds gave a dict, not paths to"):
        view_bounds(game, 2, game.Rules())


def test_the_spaces_check_the_player_count() -> None:
    game = GAMES["poultry"]
    with pytest.raises(RulesError, match=r"^poultry takes 2 to 6 players, not 7$"):
        player_space(game, 7, game.Rules())
    with pytest.raises(RulesError, match=r"^poultry takes 2 to 6 players, not 1$"):
        game.action_space(1, game.Rules())  # the record's own, gated by define_game
    with pytest.raises(RulesError, match=r"^rules must be a poultry Rules, not a str$"):
        game.view_bounds(2, "default")


def test_the_supported_games_are_those_with_spaces() -> None:
    found = supported()
    assert set(NAMES) <= set(found)
    assert found == tuple(name for name, game in GAMES.items() if has_spaces(game))
    for name in NAMES:
        assert {"action_space", "chance_space", "view_bounds"} <= GAMES[name].provides
