"""describe: one sentence per move, as each seat saw it (issue 6).

The observer is "you", the other seats "seat N"; a sandwich is named as in notation.
The issue's own example: "seat 1's ant takes your jelly from sandwich 0.1". What a move
leads to follows a dash: the end of the game with its winners (using the real
``sandwiches_to_win`` and ``action_limit``), or the discard pile turned over.
"""

from __future__ import annotations

import re

import pytest
from sandwich_scenario import deck_rules, make_state

from picnic_rules import IllegalMove, PicnicError, RandomAgent, play, replay
from picnic_rules.history import follow, seat_record
from picnic_rules.sandwich import (
    GAME,
    VARIANTS,
    Ant,
    Card,
    Discard,
    Draw,
    End,
    Fly,
    Observation,
    Phase,
    Play,
    Rules,
    State,
    apply,
    describe,
    legal_moves,
    new_game,
    observe,
    view,
)
from picnic_rules.sandwich.engine import SIXTY_ACTIONS
from picnic_rules.sandwich.words import card_name, ending, move_group, number

DONE = "bread pb jelly bread"


def said(state: State, move: object, seat: int) -> str:
    """What ``seat`` is told when ``move`` is made in ``state``."""
    return describe(view(state, seat), observe(state, move, seat))  # type: ignore[arg-type]


def said_to_all(state: State, move: object) -> list[str]:
    return [said(state, move, seat) for seat in range(state.players)]


# ---------------------------------------------------------------- cards received


def test_a_dealt_card_is_named_to_its_receiver_only():
    state = new_game(3)
    assert said_to_all(state, Draw(Card.JELLY)) == [
        "you are dealt a jelly",
        "seat 0 is dealt a card",
        "seat 0 is dealt a card",
    ]


def test_a_drawn_card_is_named_to_its_receiver_only():
    state = apply(make_state(hands={0: "pb"}, table={0: ["bread"]}, played=True), End())
    assert state.phase is Phase.DRAW and state.turn == 1
    assert said_to_all(state, Draw(Card.ANT)) == ["seat 1 draws a card", "you draw an ant"]


# ---------------------------------------------------------------- plays


def test_a_new_sandwich_is_named_by_its_new_index():
    state = make_state(
        hands={1: "bread"}, table={1: [DONE, "bread pb"]}, fly=(1, 1), turn=1, actions=3
    )
    assert said_to_all(state, Play(Card.BREAD)) == [
        "seat 1 starts sandwich 1.2 with bread",
        "you start sandwich 1.2 with bread",
    ]


def test_a_spread_names_the_spread_and_the_sandwich():
    state = make_state(hands={0: "pb jelly"}, table={0: ["bread", "bread jelly"]}, fly=(0, 0))
    assert said_to_all(state, Play(Card.PEANUT_BUTTER, 1)) == [
        "you spread peanut butter on sandwich 0.1",
        "seat 0 spreads peanut butter on sandwich 0.1",
    ]


def test_closing_bread_names_the_closed_sandwich():
    state = make_state(hands={1: "bread"}, table={1: ["bread pb jelly"]}, turn=1)
    assert said_to_all(state, Play(Card.BREAD, 0)) == [
        "seat 1 closes sandwich 1.0 with bread",
        "you close sandwich 1.0 with bread",
    ]


# ---------------------------------------------------------------- ants


def test_an_ant_names_thief_stolen_card_victim_and_destination_for_every_seat():
    state = make_state(
        hands={1: "ant"},
        table={0: [DONE, "bread pb jelly"], 1: ["bread pb"]},
        players=3,
        turn=1,
    )
    assert said_to_all(state, Ant(0, 1, 0)) == [
        "seat 1's ant takes your jelly from sandwich 0.1 to sandwich 1.0",
        "your ant takes seat 0's jelly from sandwich 0.1 to sandwich 1.0",
        "seat 1's ant takes seat 0's jelly from sandwich 0.1 to sandwich 1.0",
    ]


def test_a_stolen_bread_closes_the_thiefs_sandwich_and_the_robbed_one_is_gone():
    state = make_state(hands={1: "ant"}, table={0: [DONE, "bread"], 1: ["bread pb jelly"]}, turn=1)
    assert said_to_all(state, Ant(0, 1, 0)) == [
        "seat 1's ant takes your bread from sandwich 0.1 to sandwich 1.0 and closes it; "
        "your sandwich 0.1 is gone",
        "your ant takes seat 0's bread from sandwich 0.1 to sandwich 1.0 and closes it; "
        "sandwich 0.1 is gone",
    ]


def test_when_a_robbed_sandwich_is_gone_the_later_ones_are_renumbered():
    state = make_state(hands={1: "ant"}, table={0: ["bread", DONE], 1: ["bread pb jelly"]}, turn=1)
    after = apply(state, Ant(0, 0, 0))
    assert after.table[0] == state.table[0][1:]  # 0.1 is now 0.0 indeed
    assert said_to_all(state, Ant(0, 0, 0)) == [
        "seat 1's ant takes your bread from sandwich 0.0 to sandwich 1.0 and closes it; "
        "your sandwich 0.0 is gone, so your sandwich 0.1 is now 0.0",
        "your ant takes seat 0's bread from sandwich 0.0 to sandwich 1.0 and closes it; "
        "sandwich 0.0 is gone, so sandwich 0.1 is now 0.0",
    ]


# ---------------------------------------------------------------- the fly


def test_the_first_fly_is_put_on_a_sandwich():
    state = make_state(hands={1: "fly"}, table={0: [DONE, "bread pb"]}, turn=1)
    assert said_to_all(state, Fly(0, 1)) == [
        "seat 1 puts the fly on your sandwich 0.1",
        "you put the fly on sandwich 0.1",
    ]


def test_a_later_fly_moves_it_from_one_sandwich_to_another():
    state = make_state(
        hands={1: "fly"}, table={0: ["bread pb"], 1: ["bread jelly"]}, fly=(1, 0), turn=1
    )
    assert said_to_all(state, Fly(0, 0)) == [
        "seat 1 moves the fly from sandwich 1.0 to your sandwich 0.0",
        "you move the fly from your sandwich 1.0 to sandwich 0.0",
    ]


# ---------------------------------------------------------------- ending a turn


def test_a_forced_discard_says_the_player_had_no_play():
    state = make_state(hands={1: "jelly"}, table={1: ["bread jelly"]}, turn=1)
    assert legal_moves(state) == (Discard(Card.JELLY),)
    assert said_to_all(state, Discard(Card.JELLY)) == [
        "seat 1 has no play and discards a jelly",
        "you have no play and discard a jelly",
    ]


def test_ending_the_turn():
    state = make_state(hands={0: "pb"}, table={0: ["bread pb"]}, played=True)
    assert said_to_all(state, End()) == ["you end your turn", "seat 0 ends the turn"]


def test_the_discard_pile_turned_over_as_the_next_turn_starts():
    rules = deck_rules(bread=3, pb=2, jelly=2, ants=1, flies=1)
    state = make_state(hands={0: "pb"}, table={0: ["bread pb"]}, draw="", rules=rules, played=True)
    assert sum(state.discard_pile) == 6
    after = apply(state, End())
    assert after.phase is Phase.DRAW and after.draw_pile == state.discard_pile
    assert said_to_all(state, End()) == [
        "you end your turn — the discard pile is turned over as the new draw pile (six cards)",
        "seat 0 ends the turn — the discard pile is turned over as the new draw pile (six cards)",
    ]


def test_with_both_piles_empty_the_next_seat_plays_without_drawing():
    rules = deck_rules(bread=2, pb=2, jelly=1, ants=1)
    state = make_state(
        hands={0: "pb", 1: "bread jelly ant"},
        table={0: ["bread pb"]},
        draw="",
        discard="",
        rules=rules,
        played=True,
        actions=3,
    )
    assert apply(state, End()).phase is Phase.ACT
    assert said_to_all(state, End()) == [
        "you end your turn — both piles are empty, so seat 1 plays without drawing",
        "seat 0 ends the turn — both piles are empty, so you play without drawing",
    ]


# ---------------------------------------------------------------- the end of the game


def test_a_third_sandwich_wins():
    state = make_state(hands={1: "bread"}, table={1: [DONE, DONE, "bread jelly pb"]}, turn=1)
    assert said_to_all(state, Play(Card.BREAD, 2)) == [
        "seat 1 closes sandwich 1.2 with bread — seat 1 wins with three sandwiches",
        "you close sandwich 1.2 with bread — you win with three sandwiches",
    ]


def test_the_winning_count_is_the_rules_target():
    rules = Rules(sandwiches_to_win=2)
    state = make_state(hands={1: "bread"}, table={1: [DONE, "bread jelly pb"]}, turn=1, rules=rules)
    assert said(state, Play(Card.BREAD, 1), 0) == (
        "seat 1 closes sandwich 1.1 with bread — seat 1 wins with two sandwiches"
    )


def test_a_fly_moved_off_a_finished_sandwich_can_hand_another_seat_the_win():
    state = make_state(
        hands={1: "fly"}, table={0: [DONE, DONE, DONE], 1: ["bread"]}, fly=(0, 2), turn=1
    )
    assert said_to_all(state, Fly(1, 0)) == [
        "seat 1 moves the fly from your sandwich 0.2 to sandwich 1.0 — you win with three sandwiches",
        "you move the fly from sandwich 0.2 to your sandwich 1.0 — seat 0 wins with three sandwiches",
    ]


def test_a_stuck_game_names_the_leader():
    rules = deck_rules(bread=2, pb=1, jelly=1)
    state = make_state(hands={0: "bread"}, table={0: ["bread pb jelly"]}, rules=rules)
    assert said_to_all(state, Play(Card.BREAD, 0)) == [
        "you close sandwich 0.0 with bread — the game is stuck: you win with one sandwich",
        "seat 0 closes sandwich 0.0 with bread — the game is stuck: seat 0 wins with one sandwich",
    ]


def test_a_stuck_game_with_equal_leaders_is_a_tie():
    rules = deck_rules(bread=4, pb=2, jelly=2)
    state = make_state(
        hands={1: "bread"}, table={0: [DONE], 1: ["bread pb jelly"]}, rules=rules, turn=1, players=3
    )
    assert said_to_all(state, Play(Card.BREAD, 0)) == [
        "seat 1 closes sandwich 1.0 with bread — the game is stuck: "
        "you and seat 1 tie with one sandwich each",
        "you close sandwich 1.0 with bread — the game is stuck: "
        "you and seat 0 tie with one sandwich each",
        "seat 1 closes sandwich 1.0 with bread — the game is stuck: "
        "seats 0 and 1 tie with one sandwich each",
    ]


@pytest.mark.parametrize(("limit", "words"), [(60, "sixty actions"), (12, "twelve actions")])
def test_the_action_limit_ends_the_game_and_the_leader_wins(limit, words):
    rules = Rules(action_limit=limit)
    state = make_state(
        hands={1: "jelly"},
        table={0: [DONE], 1: ["bread pb"]},
        turn=1,
        actions=limit - 1,
        rules=rules,
    )
    assert said(state, End(), 0) == (
        f"seat 1 ends the turn — {words} without a finished sandwich end the game: "
        "you win with one sandwich"
    )


def test_a_limit_of_one_action_ends_the_game_in_the_singular():
    record = play("sandwich", [RandomAgent(), RandomAgent()], rules=Rules(action_limit=1), seed=0)
    last = view(replay(record)[-1], 0)
    assert last.reason == SIXTY_ACTIONS
    assert ending(last).startswith("one action without a finished sandwich ends the game: ")


def test_ending_refuses_a_game_that_goes_on():
    with pytest.raises(PicnicError, match="not over"):
        ending(view(new_game(2), 0))


# ---------------------------------------------------------------- small words and bad input


def test_card_names_and_articles():
    assert [card_name(card, article=True) for card in Card] == [
        "a bread",
        "a peanut butter",
        "a jelly",
        "an ant",
        "a fly",
    ]


@pytest.mark.parametrize(
    ("n", "text"),
    [
        (0, "no sandwiches"),
        (1, "one sandwich"),
        (3, "three sandwiches"),
        (21, "twenty-one sandwiches"),
        (60, "sixty sandwiches"),
        (100, "100 sandwiches"),
    ],
)
def test_numbers_in_words(n, text):
    assert number(n, "sandwich", "sandwiches") == text


def test_describe_refuses_an_observation_that_cannot_follow_the_view():
    state = new_game(2)
    with pytest.raises(PicnicError, match="of seat 1, not of seat 0"):
        describe(view(state, 0), Observation(1, 0, None))
    with pytest.raises(IllegalMove, match="a card goes to seat 0, not seat 1"):
        describe(view(state, 0), Observation(0, 1, None))


# ---------------------------------------------------------------- whole games


GAMES = [
    (players, variant, seed)
    for seed, variant in enumerate(["default", "ant-swarm", "small-deck", "short-limit"] * 2)
    for players in (2, 3, 4)
]


@pytest.mark.parametrize(("players", "variant", "seed"), GAMES)
def test_every_observation_of_a_game_is_described_for_every_seat(players, variant, seed):
    record = play(
        "sandwich", [RandomAgent() for _ in range(players)], rules=VARIANTS[variant], seed=seed
    )
    for seat in range(players):
        history = seat_record(record, seat)
        views = follow(history)
        for before, observation in zip(views, history.observations, strict=False):
            sentence = describe(before, observation)
            assert sentence.startswith(("you ", "your ", "seat "))
            assert f"seat {seat} " not in sentence and f"seat {seat}'s" not in sentence
            assert "None" not in sentence and "Card." not in sentence
        assert record.outcome is not None
        last = describe(views[-2], history.observations[-1])
        assert " — " in last and ("win" in last or "tie" in last)


def test_every_legal_move_is_described_for_the_seat_to_act():
    record = play("sandwich", [RandomAgent(), RandomAgent(), RandomAgent()], seed=5)
    for state in replay(record)[::5]:
        if state.phase is Phase.ACT:
            before = view(state, state.turn)
            for move in legal_moves(state):
                sentence = describe(before, observe(state, move, state.turn))
                assert sentence.startswith(("you ", "your "))


# ---------------------------------------------------------------- one style for the four games

_COUNTED = r"(card|sandwich|action|point)"
_ONE_WITH_PLURAL = re.compile(rf"(?<![-\w])(one|1) {_COUNTED}e?s\b")
_MANY = r"(no|zero|two|three|four|five|six|seven|eight|nine|ten|\w+teen|\w+ty(-\w+)?|[02-9]|\d\d+)"
_MANY_WITH_SINGULAR = re.compile(rf"(?<![-.\w]){_MANY} {_COUNTED}\b(?!es|s)")


def _styled(sentence: str) -> None:
    """Lower case first, no full stop at the end, numbers agreeing with their nouns."""
    assert sentence[:1].islower(), sentence
    assert not sentence.endswith("."), sentence
    assert not _ONE_WITH_PLURAL.search(sentence), sentence
    assert not _MANY_WITH_SINGULAR.search(sentence), sentence


@pytest.mark.parametrize(
    "sentence",
    ["you draw a card.", "You draw a card", "one cards are left", "two card are left"],
)
def test_the_style_check_sees_a_sentence_out_of_style(sentence):
    with pytest.raises(AssertionError):
        _styled(sentence)


@pytest.mark.parametrize(("players", "variant", "seed"), [(2, "short-limit", 1), (4, "default", 2)])
def test_every_sentence_keeps_the_shared_style(players, variant, seed):
    record = play(
        "sandwich", [RandomAgent() for _ in range(players)], rules=VARIANTS[variant], seed=seed
    )
    for seat in range(players):
        history = seat_record(record, seat)
        for before, observation in zip(follow(history), history.observations, strict=False):
            _styled(describe(before, observation))
    for state in replay(record)[::3]:
        if state.phase is Phase.ACT:
            before = view(state, state.turn)
            for move in legal_moves(state):
                _styled(GAME.describe_move(before, move))


@pytest.mark.parametrize("n", [0, 1, 2, 11, 21, 60, 101])
def test_counted_words_agree_with_their_number(n):
    for thing, plural in (("card", "cards"), ("sandwich", "sandwiches"), ("action", "actions")):
        _styled(f"you have {number(n, thing, plural)}")


@pytest.mark.parametrize("thing", [None, "end", 3, Card.BREAD], ids=repr)
def test_move_group_refuses_what_is_no_move_with_the_librarys_error(thing):
    with pytest.raises(PicnicError, match=r"^not a sandwich move: "):
        move_group(thing)
