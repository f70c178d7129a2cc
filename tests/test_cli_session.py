"""The game behind ``picnic play``: chance and the computer are fixed by the position, so
undo never re-deals; a resumed record plays on exactly as the saved game would have."""

from __future__ import annotations

import attrs
import pytest

from picnic_rules import CHANCE, GAMES, IllegalMove, OutOfTurn, PicnicError, play
from picnic_rules.host import Table
from picnic_rules.sandwich import Draw, End

GAME = GAMES["sandwich"]


def session(seed: int = 5, moves: tuple[object, ...] = ()) -> Table:
    return Table(GAME, players=2, rules=None, seed=seed, agents={1: "computer"}, moves=moves)


def test_advance_stops_at_the_persons_decision() -> None:
    game = session()
    made = game.advance()
    assert made == len(game.moves) == 5  # four cards dealt, then seat 0's draw
    assert all(type(move) is Draw for move in game.moves)
    assert game.to_move == 0 and game.humans == (0,)
    assert game.advance() == 0  # nothing to do until the person decides


def test_undo_takes_back_to_the_same_decision_and_the_same_cards_come_again() -> None:
    game = session(seed=5)
    game.advance()
    hand = GAME.view(game.state, 0).hand
    menu = GAME.legal_moves(game.state)
    game.choose(0, menu[0])
    game.advance()
    after = list(game.moves)
    taken = game.undo(0)
    assert taken == len(after) - 5
    assert game.moves == after[:5]
    assert GAME.view(game.state, 0).hand == hand and GAME.legal_moves(game.state) == menu
    game.choose(0, menu[0])
    game.advance()
    assert game.moves == after  # the same draws, and the computer answers the same way


def test_undo_keeps_the_dealt_cards_even_after_another_choice() -> None:
    game = session(seed=5)
    game.advance()
    first = GAME.legal_moves(game.state)
    game.choose(0, first[0])
    game.advance()
    dealt = [
        move
        for state, move in zip(game.states, game.moves, strict=False)
        if GAME.to_move(state) is CHANCE
    ]
    game.undo(0)
    game.choose(0, first[-1])  # another answer this time
    game.advance()
    again = [
        move
        for state, move in zip(game.states, game.moves, strict=False)
        if GAME.to_move(state) is CHANCE
    ]
    # the next draws are the kept ones wherever the pile still holds them
    assert again[: len(dealt)][:6] == dealt[:6]


def test_undo_before_any_decision_changes_nothing() -> None:
    game = session()
    game.advance()
    moves = list(game.moves)
    assert game.undo(0) == 0
    assert game.moves == moves


def test_choose_refuses_with_the_rule_and_changes_nothing() -> None:
    game = session()
    game.advance()
    moves = list(game.moves)
    held = GAME.view(game.state, 0).hand
    missing = next(
        card
        for card in ("bread", "pb", "jelly")
        if held[GAME.move_from_str(f"play {card}").card] == 0
    )
    with pytest.raises(IllegalMove, match="holds no"):
        game.choose(0, f"play {missing}")
    with pytest.raises(PicnicError, match="played by the computer"):
        game.choose(1, "end")
    assert game.moves == moves


def test_out_of_turn_is_refused() -> None:
    hot = Table(GAME, players=2, rules=None, seed=5, agents={}, moves=())
    hot.advance()
    with pytest.raises(OutOfTurn):
        hot.choose(1, "end")


def test_resume_plays_on_as_the_saved_game_would_have() -> None:
    game = session(seed=9)
    game.advance()
    game.choose(0, GAME.legal_moves(game.state)[0])
    game.advance()
    record = game.record()
    resumed = session(seed=9, moves=record.moves)
    assert resumed.state == game.state and resumed.moves == game.moves
    for both in (game, resumed):
        both.choose(0, GAME.legal_moves(both.state)[0])
        both.advance()
    assert resumed.moves == game.moves


def test_a_bad_resumed_move_is_named_by_its_number() -> None:
    moves = (*play("sandwich", ["random", "random"], seed=1).moves[:6], End())
    with pytest.raises(IllegalMove, match=r"^illegal move 'end': move 7: "):
        session(moves=moves)


def test_at_a_real_table_chance_is_told_not_drawn() -> None:
    rules = attrs.evolve(GAME.Rules(), flies=0)
    table = Table(GAME, players=2, rules=rules, seed=1, agents={1: "computer"}, real_table=True)
    assert table.advance() == 0 and table.to_move is CHANCE  # it waits to be told
    with pytest.raises(IllegalMove):
        table.tell("draw fly")  # this deck has no fly
    assert table.moves == []
    assert table.tell("draw jelly") == GAME.move_from_str("draw jelly")
    for card in ("pb", "bread", "ant", "pb"):  # dealt to 1, 0, 1, then seat 0's draw
        table.tell(f"draw {card}")
    assert table.advance() == 0 and table.to_move == 0
    hand = GAME.view(table.state, 0).hand
    assert sorted(str(move).split()[1] for move in table.moves[::2]) == ["bread", "jelly", "pb"]
    assert sum(hand) == 3
    with pytest.raises(PicnicError, match="chance does not act now"):
        table.tell("draw pb")


def test_at_a_real_table_undo_keeps_what_the_table_dealt() -> None:
    table = Table(GAME, players=2, rules=None, seed=1, agents={1: "random"}, real_table=True)
    for card in ("bread", "jelly", "pb", "ant", "bread"):
        table.tell(f"draw {card}")
    table.choose(0, "end")
    assert table.advance() == 0 and table.to_move is CHANCE  # seat 1's draw: the table tells
    table.tell("draw jelly")
    table.advance()
    assert table.to_move is CHANCE  # seat 0's next draw
    told = list(table.moves)
    assert table.undo(0) == len(told) - 5  # back to seat 0's end, the 6th move
    table.choose(0, "end")
    table.advance()  # seat 1's draw, kept from before, is not asked again
    assert table.moves == told and table.to_move is CHANCE
