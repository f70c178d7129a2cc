"""render: a text picture of one seat's view (issue 6).

The picture holds a header (whose turn, dealing, drawing, or how the game ended), the
seat's own hand, every seat's sandwiches (finished ones and the fly marked, the reader's
seat marked "you"), the hand sizes -- never another seat's cards --, the piles, the scores
against ``sandwiches_to_win`` and the actions against ``action_limit``. ``markup=True``
adds rich tags only: stripping them gives the plain picture.
"""

from __future__ import annotations

import re

import pytest
from sandwich_scenario import make_state

from picnic_rules import RandomAgent, play
from picnic_rules.history import follow, seat_record
from picnic_rules.sandwich import (
    VARIANTS,
    Card,
    Draw,
    End,
    Phase,
    Play,
    Rules,
    State,
    apply,
    new_game,
    render,
    view,
)
from picnic_rules.sandwich.picture import WIDTH

DONE = "bread pb jelly bread"


def _state(**changes: object) -> State:
    base: dict[str, object] = {
        "hands": {0: "bread bread jelly", 1: "ant fly pb", 2: "", 3: "jelly"},
        "table": {
            0: [DONE, "bread pb"],
            1: [DONE, "bread jelly", "bread pb jelly pb"],
            2: ["bread"],
            3: [DONE, DONE],
        },
        "players": 4,
        "fly": (1, 1),
        "discard": "ant fly pb jelly",
        "draw": None,
        "turn": 1,
        "played": True,
        "actions": 7,
    }
    base.update(changes)
    return make_state(**base)  # type: ignore[arg-type]


def _line(picture: str, start: str) -> str:
    """The one line of ``picture`` that starts with ``start``."""
    found = [line for line in picture.splitlines() if line.startswith(start)]
    assert len(found) == 1, (start, picture)
    return found[0]


def test_the_picture_of_a_four_seat_table():
    picture = render(view(_state(), 0))
    assert picture.splitlines()[0] == "Seat 1's turn: seat 1 has played a card"
    assert _line(picture, "Your hand:") == "Your hand: bread x2, jelly"
    assert _line(picture, "Seat 0 (you)") == "Seat 0 (you): 3 cards in hand, score 1 of 3"
    assert _line(picture, "Seat 1:") == "Seat 1: 3 cards in hand, score 1 of 3"
    assert _line(picture, "Seat 2:") == "Seat 2: 0 cards in hand, score 0 of 3"
    assert _line(picture, "Seat 3:") == "Seat 3: 1 card in hand, score 2 of 3"
    assert _line(picture, "  0.0") == "  0.0 finished   0.1 bread pb"
    assert (
        _line(picture, "  1.0") == "  1.0 finished   1.1 bread jelly (fly)   1.2 bread pb jelly pb"
    )
    assert _line(picture, "  2.0") == "  2.0 bread"
    assert _line(picture, "Draw pile:").endswith("; discard pile: pb, jelly, ant, fly")
    assert _line(picture, "Actions") == "Actions without a finished sandwich: 7 of 60"
    assert max(map(len, picture.splitlines())) <= WIDTH


def test_every_seat_sees_itself_as_you_and_its_own_hand():
    state = _state()
    for seat, hand in enumerate(["bread x2, jelly", "pb, ant, fly", "empty", "jelly"]):
        picture = render(view(state, seat))
        assert _line(picture, "Your hand:") == f"Your hand: {hand}"
        assert _line(picture, f"Seat {seat} (you): ")
        assert picture.count("(you)") == 1


def test_other_seats_hands_show_as_sizes_only():
    state = _state()
    picture = render(view(state, 0))
    assert [line for line in picture.splitlines() if "hand" in line] == [
        "Seat 0 (you): 3 cards in hand, score 1 of 3",
        "Seat 1: 3 cards in hand, score 1 of 3",
        "Seat 2: 0 cards in hand, score 0 of 3",
        "Seat 3: 1 card in hand, score 2 of 3",
        "Your hand: bread x2, jelly",
    ]
    # cards are named only in the reader's hand, the sandwiches and the face-up discard pile
    others = [
        line
        for line in picture.splitlines()
        if not line.startswith(("Your hand:", "  ", "Draw pile:"))
    ]
    assert not [line for line in others if re.search(r"bread|pb|jelly|ant|fly", line)]


def test_many_sandwiches_wrap_at_a_sandwich():
    long = "bread pb jelly pb jelly pb"
    state = _state(
        hands={0: "", 1: "", 2: "", 3: ""},
        table={0: [DONE, DONE, long, long], 1: [], 2: [], 3: []},
        fly=None,
        discard="",
    )
    rows = [line for line in render(view(state, 0)).splitlines() if line.startswith("  0.")]
    assert rows == [f"  0.0 finished   0.1 finished   0.2 {long}", f"  0.3 {long}"]


def test_the_fly_on_a_finished_sandwich_is_marked_and_it_does_not_count():
    picture = render(view(_state(fly=(3, 1)), 2))
    assert _line(picture, "  3.0") == "  3.0 finished   3.1 finished (fly: does not count)"
    assert _line(picture, "Seat 3:") == "Seat 3: 1 card in hand, score 1 of 3"
    assert "(fly)" not in _line(picture, "  1.0")


def test_scores_and_actions_are_shown_against_the_rules():
    rules = Rules(sandwiches_to_win=2, action_limit=12)
    state = make_state(hands={0: "pb"}, table={0: [DONE, "bread"]}, rules=rules, actions=3)
    picture = render(view(state, 1))
    assert _line(picture, "Seat 0:") == "Seat 0: 1 card in hand, score 1 of 2"
    assert _line(picture, "Actions") == "Actions without a finished sandwich: 3 of 12"
    assert _line(picture, "Seat 1 (you)") == "Seat 1 (you): 0 cards in hand, score 0 of 2"
    assert picture.splitlines()[-2] == "  no sandwiches"  # under seat 1, above the hand


def test_the_header_while_dealing_and_drawing():
    state = new_game(3)
    assert render(view(state, 2)).splitlines()[0] == "Dealing: card 1 of 6 goes to seat 0"
    assert render(view(state, 0)).splitlines()[0] == "Dealing: card 1 of 6 goes to you"
    for card in (Card.BREAD, Card.JELLY):
        state = apply(state, Draw(card))
    assert render(view(state, 0)).splitlines()[0] == "Dealing: card 3 of 6 goes to seat 2"
    drawing = apply(make_state(hands={0: "pb"}, table={0: ["bread"]}, played=True), End())
    assert drawing.phase is Phase.DRAW
    assert render(view(drawing, 0)).splitlines()[0] == "Seat 1's turn: drawing a card"
    assert render(view(drawing, 1)).splitlines()[0] == "Your turn: drawing a card"


def test_the_header_of_a_turn_before_and_after_a_play():
    state = make_state(hands={1: "bread pb"}, table={0: ["bread"]}, turn=1)
    assert render(view(state, 1)).splitlines()[0] == "Your turn"
    played = apply(state, Play(Card.BREAD))
    assert render(view(played, 1)).splitlines()[0] == "Your turn: you have played a card"
    assert render(view(played, 0)).splitlines()[0] == "Seat 1's turn: seat 1 has played a card"


def test_the_header_of_a_finished_game_says_why_and_who_won():
    state = make_state(hands={1: "bread"}, table={1: [DONE, DONE, "bread jelly pb"]}, turn=1)
    over = apply(state, Play(Card.BREAD, 2))
    assert render(view(over, 0)).splitlines()[0] == (
        "Game over — seat 1 wins with three sandwiches"
    )
    assert render(view(over, 1)).splitlines()[0] == "Game over — you win with three sandwiches"
    assert "score 3 of 3" in _line(render(view(over, 0)), "Seat 1:")


def test_the_picture_comes_in_sections_the_table_and_hand_last() -> None:
    """A short terminal folds the first sections to their first lines; the last is what a
    turn is decided on: every seat's sandwiches and one's hand."""
    sections = render(view(_state(), 0)).split("\n\n")
    assert [section.splitlines()[0] for section in sections] == [
        "Seat 1's turn: seat 1 has played a card",
        "Draw pile: 18 cards; discard pile: pb, jelly, ant, fly",
        "Seat 0 (you): 3 cards in hand, score 1 of 3",
    ]
    assert sections[-1].splitlines()[-1] == "Your hand: bread x2, jelly"


def test_a_finished_game_counts_the_score_out_as_the_rules_do() -> None:
    state = make_state(
        hands={1: "bread"}, table={0: [DONE, DONE], 1: [DONE, DONE, "bread jelly pb"]}, turn=1
    )
    over = apply(state, Play(Card.BREAD, 2))
    final = render(view(over, 0)).split("\n\n")[-1].splitlines()
    assert final == [
        "Final score: each finished sandwich counts 1, unless the fly is on it",
        "  seat 0 (you): 2 finished sandwiches = 2",
        "  seat 1: 3 finished sandwiches = 3",
    ]
    spoiled = make_state(
        hands={1: "bread"},
        table={0: [DONE, DONE], 1: [DONE, DONE, "bread jelly pb"]},
        turn=1,
        fly=(0, 1),
    )
    final = render(view(apply(spoiled, Play(Card.BREAD, 2)), 1)).split("\n\n")[-1]
    assert "  seat 0: 2 finished sandwiches less 1 under the fly = 1" in final.splitlines()


def test_a_long_header_is_wrapped():
    state = make_state(
        table={0: [DONE], 1: [DONE], 2: [DONE], 3: [DONE]},
        players=4,
        turn=1,
        actions=59,
    )
    lines = render(view(apply(state, End()), 0)).splitlines()
    assert lines[:2] == [
        "Game over — sixty actions without a finished sandwich end the game: you, seat 1,",
        "  seat 2 and seat 3 tie with one sandwich each",
    ]


def _strip(marked: str) -> str:
    return re.sub(r"\[/?[a-z ]+\]", "", marked)


def test_markup_adds_styles_only():
    state = _state(fly=(3, 1))
    plain, marked = render(view(state, 0)), render(view(state, 0), markup=True)
    assert marked != plain and _strip(marked) == plain
    lines = marked.splitlines()
    assert lines[0] == "[bold]Seat 1's turn: seat 1 has played a card[/bold]"
    assert "[bold]Seat 0 (you): 3 cards in hand, score 1 of 3[/bold]" in lines
    assert "  [dim]0.0 finished[/dim]   0.1 bread pb" in lines
    assert (
        "  [dim]3.0 finished[/dim]   [dim]3.1 finished[/dim]"
        "[bold magenta] (fly: does not count)[/bold magenta]"
    ) in lines


def _views():
    """Every view of every seat in a few random games."""
    for seed, (players, variant) in enumerate([(2, "default"), (3, "ant-swarm"), (4, "default")]):
        agents = [RandomAgent() for _ in range(players)]
        record = play("sandwich", agents, rules=VARIANTS[variant], seed=seed)
        for seat in range(players):
            yield from follow(seat_record(record, seat))


def test_plain_pictures_hold_no_bracket_and_fit_the_width():
    for v in _views():
        picture = render(v)
        assert "[" not in picture
        assert max(map(len, picture.splitlines())) <= WIDTH, picture


def test_rich_reads_the_markup_back_to_the_plain_picture():
    rich_text = pytest.importorskip("rich.text")
    for v in list(_views())[::10]:
        assert rich_text.Text.from_markup(render(v, markup=True)).plain == render(v)
