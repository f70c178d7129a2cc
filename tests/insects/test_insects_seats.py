"""What each seat sees and learns: views, observations and ``update``, words and pictures,
the click groups, and the computer agent."""

from __future__ import annotations

import random
import re

import pytest
from insects_scenario import make_state, play

from picnic_rules import CHANCE, IllegalMove, PicnicError, RandomAgent
from picnic_rules import play as play_game
from picnic_rules.history import follow, seat_record
from picnic_rules.insects import (
    GAME,
    Card,
    ComputerAgent,
    Draw,
    Observation,
    Phase,
    Rules,
    Swat,
    apply,
    describe,
    describe_move,
    determinize,
    is_over,
    legal_moves,
    move_from_str,
    move_group,
    new_game,
    observe,
    render,
    result,
    sample_chance,
    to_move,
    update,
    view,
)


def test_a_view_shows_the_own_hand_and_only_sizes_of_the_rest() -> None:
    state = make_state(hands={0: "2 red fly", 1: "joker ant"}, piles=["blue spider"],
                       scored={1: "red ant, spray"})  # fmt: skip
    seen = view(state, 0)
    assert seen.hand == state.hands[0]
    assert seen.hand_sizes == (8, 8) and seen.deck_size == sum(state.deck)
    assert seen.piles == state.piles and seen.scored == state.scored and seen.food == state.food
    assert not hasattr(seen, "deck") and not hasattr(seen, "hands")
    again = determinize(seen, random.Random(3))
    assert view(again, 0) == seen and again.hands[0] == state.hands[0]


def test_a_draw_is_seen_by_the_drawer_only() -> None:
    state = play(make_state(hands={0: "red fly", 1: "red ant"}), "play red fly")
    mine, theirs = observe(state, Draw(Card.SWATTER), 0), observe(state, Draw(Card.SWATTER), 1)
    assert mine.move == Draw(Card.SWATTER) and theirs.move is None
    assert describe(view(state, 0), mine) == "you draw a swatter"
    assert describe(view(state, 1), theirs) == "seat 0 draws a card"
    with pytest.raises(PicnicError, match="cannot see the card"):
        Observation(1, 0, Draw(Card.SWATTER), Phase.TURN, 1, None)


def test_the_observation_tells_who_is_passed_over() -> None:
    state = make_state(hands={0: "red fly, blue fly", 1: "8 spray"}, deck="", filler=())
    seen = view(state, 1)
    move = move_from_str("play red fly")
    obs = observe(state, move, 1)
    assert (obs.phase, obs.turn) == (Phase.TURN, 0)  # seat 1 has no play: passed over
    assert update(seen, obs) == view(apply(state, move), 1)


def test_update_refuses_what_cannot_follow() -> None:
    state = make_state(hands={0: "red fly"})
    seen = view(state, 1)
    with pytest.raises(IllegalMove, match="no card is drawn now"):
        update(seen, Observation(1, 0, None, Phase.TURN, 1, None))
    with pytest.raises(IllegalMove, match="seat 0 acts"):
        update(seen, Observation(1, 1, move_from_str("play red ant"), Phase.DRAW, 1, None))
    with pytest.raises(PicnicError, match="not of seat 1"):
        update(seen, Observation(0, 0, move_from_str("play red fly"), Phase.DRAW, 0, None))


def test_words_for_the_moves() -> None:
    state = make_state(hands={0: "red ant", 1: "3 swatter, red fly"},
                       piles=["red fly, joker fly, red fly"], turn=1, last=0, last_count=1)  # fmt: skip
    seen = view(state, 1)
    words = {str(m): describe_move(seen, m) for m in legal_moves(state)}
    assert words["defend 2"] == "you defend against pile 0 with 2 swatters and score 2 insects"
    assert words["give food"] == (
        "you give up a food card to seat 0, who takes the 3 insects of pile 0"
    )
    assert words["play red fly on 0"] == "you play a red fly onto pile 0"
    obs = observe(state, move_from_str("play red fly on 0"), 0)
    assert describe(view(state, 0), obs) == "seat 1 plays a red fly onto pile 0 - an attack on you"


def test_words_start_in_lower_case_end_without_a_full_stop_and_agree_in_number() -> None:
    rules = Rules(buy=True)
    state = make_state(hands={0: "red ant", 1: "swatter, red fly"}, piles=["red fly, red fly"],
                       turn=1, last=0, last_count=1, rules=rules, captured=(0, 1),
                       food=(12, 11))  # fmt: skip
    seen = view(state, 1)
    words = {str(m): describe_move(seen, m) for m in legal_moves(state)}
    assert words["defend 1"] == "you defend against pile 0 with a swatter and score 1 insect"
    assert words["buy"] == "you buy up to 4 cards for 1 food card"
    assert words["buy captured"] == "you buy up to 4 cards for 1 captured food card"
    record = play_game(GAME, [RandomAgent(), RandomAgent()], seed=3, rules=rules)
    history = seat_record(record, 0, GAME)
    for before, observation in zip(follow(history, GAME), history.observations, strict=False):
        text = describe(before, observation)
        assert text[0].islower() and not text.endswith("."), text
        assert not re.search(r"(?<!seat )(?<!pile )\b1 [a-z]+s\b", text), text
    last = make_state(hands={0: "red ant", 1: "swatter"}, deck="red fly", filler=(),
                      checked=False)  # fmt: skip
    assert "deck: 1 card\n" in render(view(last, 0)) + "\n"
    assert "1 card in hand" in render(view(last, 0))
    with pytest.raises(PicnicError, match="not an insects move"):
        describe_move(seen, Swat("0"))  # type: ignore[arg-type]


def test_render_plain_and_with_markup() -> None:
    state = make_state(hands={0: "red ant", 1: "2 swatter"}, piles=["red fly, red fly"], turn=1,
                       last=0, last_count=2)  # fmt: skip
    text = render(view(state, 1))
    assert "insects - you to act, attacked by pile 0" in text
    assert "0: red fly, red fly  <- attack by seat 0 on seat 1" in text
    assert "your hand: spray, 5 pairs of boots, 2 swatters" in text
    rich = render(view(state, 1), markup=True)
    assert "[red]red fly[/red]" in rich and "[bold]seat 1 (you)" in rich


def test_click_groups_tell_the_moves_apart() -> None:
    state = make_state(hands={0: "2 red fly, joker fly, swatter"}, piles=["red fly"])
    groups = GAME.group_moves(legal_moves(state))
    assert groups["red fly"]["pile 0"] == move_from_str("play red fly on 0")
    assert groups["weapon"]["pile 0"] == move_from_str("swat 0")
    assert move_group(move_from_str("give food")) == ("give food", "")


def test_the_computer_beats_random_play() -> None:
    wins = 0
    agent, other = ComputerAgent(), RandomAgent()
    for game in range(20):
        rng = random.Random(game)
        state, seat = new_game(2), game % 2
        while not is_over(state):
            actor = to_move(state)
            if actor is CHANCE:
                move = sample_chance(state, rng)
            else:
                chooser = agent if actor == seat else other
                move = chooser(view(state, actor), legal_moves(state), rng)
            state = apply(state, move)
        wins += result(state).winners == (seat,)
    assert wins >= 16
