"""What the terminal screen teaches: the picture names every number on it (the score is
worked out, the piles' numbers are explained, the deck says what it is for), the words
say which piles move down when one leaves the table, and why giving up food is the only
answer to an attack when it is."""

from __future__ import annotations

import re
from functools import cache
from itertools import pairwise

import pytest
from insects_scenario import make_state, play

from picnic_rules import RandomAgent, replay
from picnic_rules import play as play_game
from picnic_rules.insects import (
    ABOUT,
    GAME,
    Card,
    Defend,
    GiveUp,
    Phase,
    Play,
    Rules,
    State,
    Swat,
    apply,
    attacking_pile,
    describe,
    describe_move,
    legal_moves,
    move_from_str,
    observe,
    render,
    view,
)
from picnic_rules.insects.predicates import score
from picnic_rules.insects.words import pile_words

_ROW = re.compile(r"^seat (\d)(?: \(you\))? +(\d+) +(\d+) +(\d+) +(\d+) +(-?\d+)  ")
_MOVED = re.compile(r"pile (\d+) \(([a-z ]+)\) is now pile (\d+)")
_PAIR = re.compile(r"piles (\d+) and (\d+) \(([a-z ]+), ([a-z ]+)\) are now (\d+) and (\d+)")
_RANGE = re.compile(r"piles (\d+) to (\d+) are now (\d+) to \d+ \(([a-z ]+) is now pile")
WIDTH = 78  # the widest line that fits an 80-column terminal
SCORE_LEGEND = "score = 10 x (food + captured) + 2 x insects won - weapons used"
_RULES = (Rules(), Rules(match_count=True, joker_colour=True, buy=True, draw_one=True))


@cache
def _games() -> tuple[tuple[State, ...], ...]:
    """Whole random games: 2 to 6 players, with and without the variants."""
    games = []
    for seed in range(6):
        agents = [RandomAgent() for _ in range(2 + seed % 5)]
        record = play_game(GAME, agents, seed=seed, rules=_RULES[seed % 2])
        games.append(tuple(replay(record)))
    return tuple(games)


def test_the_seats_are_a_table_whose_score_is_worked_out_on_screen() -> None:
    scored = {0: "6 red fly, 2 swatter", 1: "2 blue ant", 2: "red fly, swatter"}
    state = make_state(players=3, food=(6, 0, 7), captured=(2, 1, 0), rules=Rules(buy=True),
                       hands={0: "red ant"}, scored=scored)  # fmt: skip
    text = render(view(state, 0))
    assert "             food captured insects weapons score" in text
    assert SCORE_LEGEND in text.splitlines()
    assert "seat 0 (you)    6        2       6       2    90  8 cards in hand <- to act" in text
    assert "seat 1          0        1       2       0    14  8 cards in hand (out)" in text
    assert "(out): no food left, so that player's cards are no longer played" in text


def test_every_score_on_screen_is_the_legend_worked_out() -> None:
    rows = 0
    for states in _games():
        for state in states[::7]:
            for line in render(view(state, 0)).splitlines():
                found = _ROW.match(line)
                if found is None:
                    continue
                seat, food, captured, insects, weapons, points = map(int, found.groups())
                assert (food, captured) == (state.food[seat], state.captured[seat])
                assert (insects, weapons) == (sum(state.scored[seat][:15]),
                                              sum(state.scored[seat][15:]))  # fmt: skip
                assert points == 10 * (food + captured) + 2 * insects - weapons
                rows += 1
    assert rows > 100


def test_a_give_up_says_which_piles_move_down_and_to_what() -> None:
    state = make_state(hands={1: "red ant"}, piles=["green ant", "red fly, red fly", "blue fly"],
                       turn=1, last=0, last_count=2)  # fmt: skip
    give = move_from_str("give food")
    moved = "pile 2 (blue fly) is now pile 1"
    assert describe_move(view(state, 1), give).endswith(f" - {moved}")
    for seat in (0, 1):
        assert describe(view(state, seat), observe(state, give, seat)).endswith(f" - {moved}")
    assert apply(state, give).piles[1] == state.piles[2]
    last = make_state(hands={1: "red ant"}, piles=["green ant", "red fly, red fly"], turn=1,
                      last=0, last_count=2)  # fmt: skip
    assert "now pile" not in describe_move(view(last, 1), give)


def test_a_swat_says_which_piles_move_down() -> None:
    piles = ["red ant", "blue fly", "joker spider", "green ant", "yellow fly"]
    state = make_state(hands={0: "spray, swatter"}, piles=piles)
    seen = view(state, 0)
    assert describe_move(seen, move_from_str("swat 3")).endswith(
        " - pile 4 (yellow fly) is now pile 3"
    )
    assert describe_move(seen, move_from_str("swat 2")).endswith(
        " - piles 3 and 4 (green ant, yellow fly) are now 2 and 3"
    )
    assert describe_move(seen, move_from_str("swat 1")).endswith(
        " - piles 2 to 4 are now 1 to 3 (spider joker is now pile 1)"
    )
    after = play(state, "swat 1")
    assert [pile_words(pile) for pile in after.piles] == ["red ant", "spider joker",
                                                          "green ant", "yellow fly"]  # fmt: skip
    assert max(map(len, ABOUT.splitlines())) <= WIDTH
    about = " ".join(ABOUT.split())
    assert "when a pile leaves the table" in about and "the later ones move down one" in about


def _said_to_move(text: str, before: State) -> list[tuple[int, str, int]]:
    """The piles ``text`` says move: (old number, name, new number)."""
    moved = [(int(old), name, int(new)) for old, name, new in _MOVED.findall(text)]
    for one, two, name, other, new, next_new in _PAIR.findall(text):
        moved += [(int(one), name, int(new)), (int(two), other, int(next_new))]
    for first, last, new, name in _RANGE.findall(text):
        assert pile_words(before.piles[int(first)]) == name and int(new) == int(first) - 1
        moved += [(old, pile_words(before.piles[old]), old - 1)
                  for old in range(int(first), int(last) + 1)]  # fmt: skip
    return moved


def test_every_pile_that_moves_down_is_said_to_and_is_there_in_the_next_picture() -> None:
    said = 0
    for states in _games():
        for before, after in pairwise(states):
            if before.phase is not Phase.TURN or after.phase is Phase.OVER:
                continue
            move = next(m for m in legal_moves(before) if apply(before, m) == after)
            if type(move) is Swat:
                gone = move.pile
            elif type(move) is GiveUp:
                gone = attacking_pile(before.piles)
            else:
                continue
            seat = (before.turn + 1) % before.players
            text = describe(view(before, seat), observe(before, move, seat))
            moved = _said_to_move(text, before)
            assert [old for old, _, _ in moved] == list(range(gone + 1, len(before.piles))), text
            for old, name, new in moved:
                assert pile_words(before.piles[old]) == name
                assert pile_words(after.piles[new]) == name
                assert f"  {new}: {name}" in render(view(after, seat))
                said += 1
    assert said > 5


@pytest.mark.parametrize(
    ("hand", "pile", "rules", "last_count", "why"),
    [
        ("red ant", "red fly, red fly", Rules(), 1,
         "as you cannot defend (a swatter needed, you have none) or pass it on "
         "(a red fly or a fly joker needed, you have none)"),
        ("swatter, blue fly", "joker fly, red fly, red fly", Rules(), 1,
         "as you cannot defend (2 swatters needed, you have 1) or pass it on "
         "(a red fly or a fly joker needed, you have none)"),
        ("red fly", "red fly, red fly", Rules(match_count=True), 2,
         "as you cannot defend (a swatter needed, you have none) or pass it on "
         "(2 red flies or fly jokers needed, you have 1)"),
        ("spray", "spider joker, spider joker", Rules(), 2,
         "as you cannot defend (a pair of boots needed, you have none) or pass it on "
         "(a spider needed, you have none)"),
    ],
)  # fmt: skip
def test_when_giving_food_is_the_only_answer_the_words_say_why(
    hand: str, pile: str, rules: Rules, last_count: int, why: str
) -> None:
    pile = pile.replace("spider joker", "joker spider")
    filler = (Card.SPRAY, Card.SWATTER if "spider" in pile else Card.BOOTS)
    state = make_state(hands={1: hand}, piles=[pile], turn=1, last=0, last_count=last_count,
                       rules=rules, filler=filler)  # fmt: skip
    assert [str(m) for m in legal_moves(state)] == ["give food"]
    assert describe_move(view(state, 1), GiveUp()).endswith(f", {why}")


def test_the_reason_is_given_exactly_when_giving_food_is_the_only_answer() -> None:
    seen = {True: 0, False: 0}
    for states in _games():
        for state in states:
            if state.phase is not Phase.TURN or state.last is None:
                continue
            answers = legal_moves(state)
            alone = not any(type(m) is Defend or type(m) is Play for m in answers)
            text = describe_move(view(state, state.turn), GiveUp())
            assert ("as you cannot defend" in text) == alone, text
            seen[alone] += 1
    assert min(seen.values()) > 3


def test_the_attack_the_deck_and_the_end_are_in_words() -> None:
    state = make_state(hands={1: "red ant"}, piles=["green ant", "joker fly, red fly, red fly"],
                       turn=1, last=0, last_count=1)  # fmt: skip
    text = render(view(state, 1))
    assert "piles (when a pile leaves the table, the later ones move down one):" in text
    assert "  1: fly joker, red fly, red fly  <- attack by seat 0 on seat 1\n" in text
    assert "\n     2 swatters defend; a red fly or a fly joker passes it on\n" in text
    assert "a player who plays or defends draws back to 8 from the deck: " in text
    ends = [states[-1] for states in _games()]
    headers = {render(view(end, 0)).splitlines()[0] for end in ends}
    assert headers == {
        "insects - game over: only one player still has food",
        "insects - game over: nobody with food can play",
    }
    assert describe(view(_games()[0][-2], 0), _last_observation(_games()[0])).count("(") == 0


def _last_observation(states: tuple[State, ...]) -> object:
    before, after = states[-2], states[-1]
    move = next(m for m in legal_moves(before) if apply(before, m) == after)
    return observe(before, move, 0)


def test_no_line_is_wider_than_the_screen() -> None:
    piles = ["joker fly, red fly, red fly, red fly, red fly, red fly, red fly, red fly"]
    state = make_state(hands={1: "yellow spider, joker spider, red ant, blue ant, green fly, "
                                 "joker ant, swatter, spray"},
                       piles=piles, turn=1, last=0, last_count=1, players=3)  # fmt: skip
    for markup in (False, True):
        text = render(view(state, 1), markup=markup)
        plain = re.sub(r"\[/?[a-z]+\]", "", text)
        assert max(map(len, plain.splitlines())) <= WIDTH
    assert "  <- attack by seat 0 on seat 1" in render(view(state, 1))
    for states in _games():
        for state in states[::3]:
            for seat in range(state.players):
                assert max(map(len, render(view(state, seat)).splitlines())) <= WIDTH


def test_the_piles_and_the_hand_come_last_the_scores_lead_the_seats() -> None:
    """Issue 42: the picture comes in sections, each led by a line that reads alone, what a
    turn is decided on last (a short terminal folds the others to their first lines); the
    seats' section is led by every seat's score so far."""
    for states in _games():
        for state in states[::7]:
            for seat in range(state.players):
                parts = [part.splitlines() for part in render(view(state, seat)).split("\n\n")]
                assert parts[0][0].startswith("insects - ")
                v = view(state, seat)
                scores = ", ".join(
                    f"{'you' if k == seat else f'seat {k}'} "
                    f"{score(v.scored[k], v.captured[k], v.food[k])}"
                    for k in range(state.players)
                )
                assert parts[1][0] == f"scores so far: {scores}"
                table = parts[-1] if state.phase is not Phase.OVER else parts[-2]
                assert table[0].startswith("piles") and table[-1].startswith(("your hand", "  "))


def test_a_finished_game_works_each_final_score_out() -> None:
    for states in _games():
        over = states[-1]
        outcome = GAME.result(over)
        final = render(view(over, 0)).split("\n\n")[-1].splitlines()
        assert final[0] == "final score: 10 x (food + captured) + 2 x insects won - weapons used"
        worked = [
            re.fullmatch(
                r"  seat (\d)(?: \(you\))?: 10 x \((\d+) \+ (\d+)\) \+ 2 x (\d+) - (\d+) = (-?\d+)",
                line,
            )
            for line in final[1:]
        ]
        assert all(worked) and len(worked) == over.players
        for found in worked:
            seat, food, captured, insects, weapons, total = map(int, found.groups())  # type: ignore[union-attr]
            assert 10 * (food + captured) + 2 * insects - weapons == total == outcome.scores[seat]
