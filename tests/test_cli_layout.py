"""``picnic play`` laid out for a terminal of 80x24 (issue 20): words wrap at spaces, never
inside a word; a long menu is grouped by the game's ``move_group`` and keeps every move's
number and notation; the story since one's last move is told whole, grouped by kind of move,
so poultry's reveal is never cut.

Each fault the issue names has a test here that fails on the command as it was before
(commit 75e96f3): the reveal cut behind "type history" (16 moves at most), the 15-entry
commit menu pushing the table off the screen, and rows folded by the terminal mid-word.
"""

from __future__ import annotations

import io
import itertools
import random
import re
from pathlib import Path
from typing import Any

import pytest
from games import BUILT_IN
from hypothesis import given
from hypothesis import strategies as st
from pty_play import ROWS, Terminal, said, squeeze, states

from picnic_rules import GAMES, codec
from picnic_rules.cli import main
from picnic_rules.cli.play import _once, menu_groups
from picnic_rules.cli.screen import PLAIN_WIDTH, group_rows, numbered_rows, spans, wrap
from picnic_rules.poultry import Reveal

# --------------------------------------------------------------------------
# wrapping: at spaces, to the width, the rest indented


WORDS = st.lists(st.text("abcdefgh-:;()", min_size=1, max_size=12), min_size=1, max_size=40)


@given(WORDS, st.integers(20, 100), st.integers(0, 4), st.one_of(st.none(), st.integers(0, 6)))
def test_wrap_breaks_only_at_spaces_and_keeps_every_word(
    words: list[str], width: int, indent: int, hang: int | None
) -> None:
    line = " " * indent + " ".join(words)
    rows = wrap(line, width, hang)
    assert all(len(row) <= width for row in rows)
    assert squeeze(" ".join(rows)) == squeeze(line)  # nothing lost, nothing added
    kept = [word for row in rows for word in row.split()]
    assert kept == line.split()  # no word cut: every word of a row is a word of the line
    assert len(spans(line, width, hang)) == len(rows)


def test_wrap_cuts_only_a_word_longer_than_a_row() -> None:
    assert wrap("see " + "x" * 30, 12) == ["see", "  xxxxxxxxxx", "  xxxxxxxxxx", "  xxxxxxxxxx"]
    assert wrap("fits exactly", 12) == ["fits exactly"]


def test_a_numbered_move_goes_on_under_its_words() -> None:
    [(line, hang)] = numbered_rows([("commit blue 6", "commit face down: " + "word " * 20)])
    rows = wrap(line, 60, hang)
    assert rows[0].startswith("  1. commit blue 6  commit face down:")
    assert all(row.startswith(" " * hang) and row[hang] != " " for row in rows[1:])


# --------------------------------------------------------------------------
# the story: whole, grouped by kind of move


def test_sentences_of_one_kind_are_said_once() -> None:
    said_ = ["seat 1 draws a card", "you draw a black 4", "seat 1 draws a card", "you draw a red 5"]
    assert _once(said_) == "seat 1 draws a card (twice); you draw a black 4 and a red 5"
    falls = ["a blue grain falls at Gackelwack", "a green grain falls at the Pheasantry"]
    assert _once(falls) == "; ".join(falls)  # they differ from their second word
    yards = ["at the Waddling Pond: you take 1 blue grain", "at the Pheasantry: seat 1 takes"]
    assert _once(yards) == "; ".join(yards)  # "at the" is no shared beginning
    assert _once(["seat 1 commits", "seat 1 commits", "seat 1 commits"]) == (
        "seat 1 commits (3 times)"
    )


def _run(argv: list[str], typed: str, capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.stdin", io.StringIO(typed))
        assert main(argv) == 0
    return capsys.readouterr().out


def test_the_poultry_reveal_is_told_before_the_next_commitment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A three-seat round is about 20 moves; before, the story was cut at 16 and the cards
    turned up were behind "type history"."""
    path = tmp_path / "g.json"
    argv = ["play", "poultry", "--seed", "4", "--players", "3", "--save", str(path)]
    out = _run(argv, "6\n", capsys)
    record = codec.loads(path.read_text(), kind="record")
    turn = out.split("seat 0> 6\n", 1)[1]
    reveal = next(n for n, move in enumerate(record.moves) if isinstance(move, Reveal))
    seats = [GAMES["poultry"].to_move(state) for state in states(record)[:reveal]]
    own = max(n for n, seat in enumerate(seats) if seat == 0)  # seat 0's commitment
    assert said(record, own, 0) in squeeze(turn)
    assert said(record, reveal, 0) in squeeze(turn)
    assert "type history" not in turn
    # every move from one's own on is told once, in order: 25-27, 28, 29-33, ...
    story = turn.split("From your last move on:")[1].split("Your move, seat 0:")[0]
    told = re.findall(r"^ +(\d+)(?:-(\d+))?\. ", story, re.M)
    ranges = [(int(a), int(b or a)) for a, b in told]
    assert ranges[0][0] == own + 1 and ranges[-1][1] == len(record.moves)
    assert all(b + 1 == c for (_, b), (c, _) in itertools.pairwise(ranges))


def test_no_line_is_longer_than_80_columns_off_a_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Before, a poultry commitment was one line of 130 characters."""
    out = _run(["play", "poultry", "--seed", "4", "--players", "3"], "6\n1\nquit\n", capsys)
    long = [line for line in out.splitlines() if len(line) > PLAIN_WIDTH]
    assert [line for line in long if "picnic play --resume" not in line] == []
    assert "  1. commit " in out  # off a terminal every move is listed, one a line


# --------------------------------------------------------------------------
# menus grouped by move_group


def _positions(name: str, count: int) -> list[Any]:
    """States of a seeded random game where a seat (not chance) has 2 moves or more."""
    game = GAMES[name]
    rng = random.Random(7)
    found, state = [], game.new_game(3 if name != "sandwich" else 2, game.Rules())
    while not game.is_over(state) and len(found) < count:
        actor = game.to_move(state)
        legal = game.legal_moves(state)
        if isinstance(actor, int) and len(legal) > 1:
            found.append(state)
        move = rng.choice(legal) if legal else game.sample_chance(state, rng)
        state = game.apply(state, move)
    return found


@pytest.mark.parametrize("name", BUILT_IN)
def test_a_grouped_menu_shows_every_move_once_under_its_number(name: str) -> None:
    game = GAMES[name]
    for state in _positions(name, 25):
        legal = game.legal_moves(state)
        verb, rows = menu_groups(game, legal)
        shown = {number: (label, item) for label, items in rows for number, item in items}
        assert sorted(shown) == list(range(1, len(legal) + 1))  # each number once
        for number, (label, item) in shown.items():  # the row's words are the notation
            assert " ".join(part for part in (verb, label, item) if part) == str(legal[number - 1])


def test_poultry_commitments_are_grouped_by_first_card_then_second() -> None:
    game = GAMES["poultry"]
    state = _positions("poultry", 1)[0]
    legal = game.legal_moves(state)
    firsts = [str(move.cards[0]) for move in legal]
    verb, rows = menu_groups(game, legal)
    assert verb == "commit"
    labelled = [label for label, _ in rows if label]
    assert labelled == [f"{card} +" for card in dict.fromkeys(firsts) if firsts.count(card) > 1]
    for label, items in rows:  # a card with one partner left is listed whole, last
        for number, item in items:
            move = legal[number - 1]
            assert item == (str(move.cards[1]) if label else str(move)[len("commit ") :])


@pytest.mark.parametrize("name", BUILT_IN)
def test_a_grouped_menu_never_splits_a_moves_notation_at_an_odd_word(name: str) -> None:
    """Issue 42: insects' compact menu read "play joker  13. fly on 4" and "swat  16. 4": a
    row's label and an item make a move only where the item is the move's target (the
    last part of its notation, as ``move_group`` says); any other move is listed whole."""
    game = GAMES[name]
    for state in _positions(name, 40):
        legal = game.legal_moves(state)
        verb, rows = menu_groups(game, legal)
        for label, items in rows:
            for number, item in items:
                move = legal[number - 1]
                if label:
                    assert game.move_group(move)[1] == item, (label, item, str(move))
                else:
                    assert " ".join(part for part in (verb, item) if part) == str(move)


def test_insects_late_menu_lists_each_move_whole() -> None:
    """The menu of the trial: seventeen moves, jokers among them."""
    game = GAMES["insects"]
    texts = [
        "play red fly on 4", "play red fly+joker on 4", "play yellow fly on 6",
        "play 2 yellow fly on 6", "play green fly", "play joker fly on 4", "play joker fly on 6",
        "play joker fly", "swat 4", "swat 6",
    ]  # fmt: skip
    legal = [game.move_from_str(text) for text in texts]
    verb, rows = menu_groups(game, legal)
    assert verb == ""
    assert rows == [("", [(n, text) for n, text in enumerate(texts, start=1)])]
    lines = [line for line, _ in group_rows(rows, 79)]
    assert all(len(line) <= 79 for line in lines)
    assert "play joker" not in [line.split("  ")[1] for line in lines if "  " in line]
    for number, text in enumerate(texts, start=1):  # each move whole on one row
        assert any(f"{number}. {text}" in line for line in lines)


def test_a_tied_duel_is_told_in_the_order_it_was_rolled() -> None:
    """Issue 42: poultry's grouped story of a tied duel read "you roll a 4 (total 7) and a 3
    (total 6); seat 1 rolls a 1 (total 7) -- a tie: you and seat 1 roll again and a 2 (total
    8) -- seat 1 takes 2 blue grains": a sentence with a consequence is told whole, in place.
    """
    said = [
        "you roll a 4 (total 7)",
        "seat 1 rolls a 1 (total 7) -- a tie: you and seat 1 roll again",
        "you roll a 3 (total 6)",
        "seat 1 rolls a 2 (total 8) -- seat 1 takes 2 blue grains",
    ]
    assert _once(said) == "; ".join(said)
    assert _once(said, in_order=True) == "; ".join(said)
    # the consequences of the other games' words: a dash, two, or an em dash
    assert _once(["you draw a bread", "seat 1 plays - an attack", "you draw a jelly"]) == (
        "you draw a bread; seat 1 plays - an attack; you draw a jelly"
    )


def test_a_tied_duel_in_a_played_game(capsys: pytest.CaptureFixture[str]) -> None:
    """The trial's game: commit purple 6 + black 4, then yellow 3 + blue 3, allot blue to 0
    and to 1, reject; the story of the next question tells each roll in its order."""
    out = squeeze(
        _run(["play", "poultry", "--seed", "707456631"], "13\n2\n2\n2\n2\nquit\n", capsys)
    )
    assert "you roll a 4 (total 7) and a 3 (total 6)" not in out
    assert (
        "you roll a 4 (total 7); seat 1 rolls a 1 (total 7) -- a tie: you and seat 1 roll "
        "again; you roll a 3 (total 6); seat 1 rolls a 2 (total 8)"
    ) in out


# --------------------------------------------------------------------------
# the same in a terminal of 80x24


def test_the_commit_menu_and_the_table_fit_the_screen(tmp_path: Path) -> None:
    """Before, the 15 commitments took two rows each: the table was off the screen, and
    rows were folded mid-word (``Gackelw`` / ``ack``)."""
    term = Terminal(tmp_path, "play", "poultry", "--seed", "4", "--players", "3")
    try:
        assert term.question()
        assert term.broken_words() == []
        menu = _menu_rows(term)
        assert len(menu) <= 1 + 8  # the title and at most a third of the screen
        term.type("board")  # the table and the moves again
        term.expect("Your move, seat 0:")
        term.expect("seat 0>")
        game = GAMES["poultry"]
        view = game.view(states(term.record())[-1], 0)
        table = squeeze(game.render(view))
        assert table in term.shown()  # the whole table is on screen with the moves
        assert _menu_rows(term) == menu
        assert term.broken_words() == []
        assert len(term.rows()) == ROWS
    finally:
        term.close()


def test_a_number_or_the_notation_still_chooses_at_a_grouped_menu(tmp_path: Path) -> None:
    term = Terminal(tmp_path, "play", "poultry", "--seed", "4")
    game = GAMES["poultry"]
    try:
        assert term.question()
        assert "type moves to see each in words" in term.shown()  # grouped
        before = term.record()
        legal = game.legal_moves(states(before)[-1])
        term.type(str(legal[2]))  # the notation, typed in full
        assert term.question()
        after = term.record()
        assert after.moves[len(before.moves)] == legal[2]
        legal = game.legal_moves(states(after)[-1])
        term.type("moves")  # every move, in words, numbered as in the grouped menu
        term.expect("Every move, in words:")
        term.expect("seat 0>")
        assert f"2. {legal[1]}" in term.everything()
        term.type("2")  # the number of the full list
        assert term.question()
        assert term.record().moves[len(after.moves)] == legal[1]
        term.interrupt()
    finally:
        term.close()


def _menu_rows(term: Terminal) -> list[str]:
    rows = "\n".join(row.rstrip() for row in term.rows()).rstrip("\n").split("\n")
    title = max(n for n, row in enumerate(rows) if row.startswith("Your move, seat"))
    return rows[title:-1]  # the prompt left out
