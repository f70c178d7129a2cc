"""HumanAgent: a person's moves read from scripted input."""

from __future__ import annotations

import io
import random
from collections.abc import Iterable
from typing import Any

import attrs
import pytest

from picnic_rules import GAMES, PicnicError, play, replay
from picnic_rules.agents import HumanAgent, make_agent
from picnic_rules.sandwich import Card, End, Play

GAME = GAMES["sandwich"]
MENU = (
    "Your move (seat 0):\n"
    "  1. play bread   you start sandwich 0.0 with bread\n"
    "  2. end          you end your turn"
)

USAGE = (
    "expected one of: end, draw CARD, discard CARD, play CARD on SANDWICH, fly SEAT.SANDWICH, "
    "ant SEAT.SANDWICH to SANDWICH (a CARD is bread, pb, jelly, ant or fly; "
    "play CARD alone starts a sandwich)"
)
"""The sandwich game's usage line, as the kit words it."""


def _table() -> Any:
    """Seat 0 to act, holding three breads: it may play bread or end its turn."""
    state = GAME.new_game(2)
    for draw in ["draw bread", "draw jelly"] * 2 + ["draw bread"]:
        state = GAME.apply(state, GAME.move_from_str(draw))
    assert GAME.to_move(state) == 0
    assert GAME.legal_moves(state) == (Play(Card.BREAD), End())
    return state


class Script:
    """Scripted input: the lines in order, then end of input; records prompts and output."""

    def __init__(self, lines: Iterable[str]) -> None:
        self.lines = iter(lines)
        self.prompts: list[str] = []
        self.said: list[str] = []

    def input(self, prompt: str) -> str:
        self.prompts.append(prompt)
        try:
            return next(self.lines)
        except StopIteration:
            raise EOFError from None

    def ask(self, state: Any = None) -> Any:
        state = _table() if state is None else state
        human = HumanAgent(GAME, input=self.input, output=self.said.append)
        seat = GAME.to_move(state)
        return human(GAME.view(state, seat), GAME.legal_moves(state), random.Random(0))


def test_a_number_from_the_list() -> None:
    script = Script(["1"])
    assert script.ask() == Play(Card.BREAD)
    view = GAME.view(_table(), 0)
    assert script.said == [GAME.render(view), MENU]
    assert script.prompts == ["seat 0> "]
    assert Script([" 2 "]).ask() == End()


def test_a_move_in_notation() -> None:
    assert Script(["end"]).ask() == End()
    assert Script(["  play bread "]).ask() == Play(Card.BREAD)


@pytest.mark.parametrize(
    ("bad", "answer"),
    [
        (
            "xyz",
            f"invalid move 'xyz': {USAGE}",
        ),
        ("play jelly", "illegal move 'play jelly': seat 0 holds no jelly"),
        ("play bread on 3", "illegal move 'play bread on 3': there is no sandwich 0.3"),
        ("3", "there is no move 3: type a number from 1 to 2"),
        ("0", "there is no move 0: type a number from 1 to 2"),
        ("1" * 30, f"there is no move {'1' * 30}: type a number from 1 to 2"),
        ("9" * 5000, f"there is no move {'9' * 77}...: type a number from 1 to 2"),
        (
            "end\x1b[2J",
            f"invalid move 'end\\x1b[2J': {USAGE}",
        ),
        ("", "type a number from 1 to 2, a move, or ? for help"),
    ],
)
def test_bad_input_is_answered_and_asked_again(bad: str, answer: str) -> None:
    script = Script([bad, "2"])
    assert script.ask() == End()
    assert script.said[2:] == [answer]
    assert script.prompts == ["seat 0> ", "seat 0> "]


def test_notation_longer_than_the_games_limit_is_refused() -> None:
    script = Script(["play " + "x" * 200, "end"])
    assert script.ask() == End()
    assert script.said[2] == (
        f"invalid move 'play {'x' * 70}...': notation is 205 characters, more than 100"
    )


def test_help_lists_the_notation_and_the_moves() -> None:
    script = Script(["?", "1"])
    assert script.ask() == Play(Card.BREAD)
    assert script.said[2] == (
        f"Type the number of a move in the list, or the move in notation ({USAGE}).\n" + MENU
    )


@pytest.mark.parametrize("lines", [[], ["xyz"], ["?", "9"]])
def test_end_of_input_ends_the_match(lines: list[str]) -> None:
    script = Script(lines)
    with pytest.raises(PicnicError, match=r"^no more input: seat 0's human player chose no move$"):
        script.ask()
    assert len(script.prompts) == len(lines) + 1


def test_a_whole_game_at_the_keyboard() -> None:
    def first(view: Any, legal_moves: tuple[Any, ...], rng: random.Random) -> Any:
        return legal_moves[0]

    said: list[str] = []
    human = HumanAgent(GAME, input=lambda prompt: "1", output=said.append)
    record = play("sandwich", ["random", human], seed=3)
    assert record == play("sandwich", ["random", first], seed=3)
    decisions = sum(1 for state in replay(record) if GAME.to_move(state) == 1)
    assert decisions > 0
    assert len(said) == 2 * decisions  # a picture and a menu per decision of seat 1
    assert all(text.startswith("Your move (seat 1):\n  1. ") for text in said[1::2])


def test_by_name_it_reads_the_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("banana\nend\n"))
    human = make_agent(GAME, "human")
    state = _table()
    assert human(GAME.view(state, 0), GAME.legal_moves(state), random.Random(0)) == End()
    out = capsys.readouterr().out
    assert MENU in out
    assert "seat 0> invalid move 'banana': " in out
    assert repr(human) == f"HumanAgent(game={GAME!r})"


def test_the_menu_speaks_to_the_player_as_the_picture_does() -> None:
    script = Script(["1"])
    script.ask()
    picture, menu = script.said
    assert picture.splitlines()[0] == "Your turn"
    assert menu.splitlines()[0] == "Your move (seat 0):"
    assert "to move" not in menu


def test_every_move_in_the_menu_is_described_as_the_seat_would_be_told_it() -> None:
    """A seat with ants, flies and two sandwiches: each line is the notation, then the words."""
    record = play("sandwich", ["computer"] * 4, seed=5)
    checked: set[str] = set()
    for state in replay(record)[::7]:
        seat = GAME.to_move(state)
        if type(seat) is not int:
            continue
        script = Script(["1"])
        script.ask(state)
        menu = " ".join(script.said[1].split())  # wrapped lines joined again
        view = GAME.view(state, seat)
        for number, move in enumerate(GAME.legal_moves(state), 1):
            words = GAME.describe(view, GAME.observe(state, move, seat))
            assert f"{number}. {move} {words}" in menu
            checked.add(str(move).split()[0])
        assert max(map(len, script.said[1].splitlines())) <= 80
    assert checked == {"play", "ant", "fly", "end", "discard"}


def test_an_answer_quotes_at_most_80_characters_of_the_input() -> None:
    for bad in ["x" * 5000, "7" * 5000, "play " + "\x00" * 300, "\N{SNOWMAN}" * 5000]:
        script = Script([bad, "end"])
        assert script.ask() == End()
        answer = script.said[2]
        assert len(answer) < 200 and "\x00" not in answer and "\n" not in answer
        quoted = (
            answer.split(": ")[0].removeprefix("invalid move ").removeprefix("there is no move ")
        )
        assert len(quoted) <= 80 and quoted.endswith(("...", "...'"))


def test_a_game_that_cannot_word_its_moves_still_gets_a_menu() -> None:
    def no_words(view: Any, observation: Any) -> str:
        raise PicnicError("no words")

    game = attrs.evolve(GAME, describe=no_words)
    said: list[str] = []
    human = HumanAgent(game, input=lambda prompt: "2", output=said.append)
    state = _table()
    assert human(game.view(state, 0), game.legal_moves(state), random.Random(0)) == End()
    assert said[1] == "Your move (seat 0):\n  1. play bread\n  2. end"
