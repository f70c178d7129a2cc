"""The end of the game: three counting sandwiches, a stuck picnic, sixty actions; the result.

Rulebook: "Be the first to build three sandwiches." and "A finished sandwich with the fly on
it does not count."
House rules: "If no remaining card can add a sandwich part or make a legal ant steal, the
picnic ends. More counting sandwiches wins; a tie stays a tie. Fly cards do not prolong a
stuck game. Sixty actions without a finished sandwich also end it, so passing, discarding,
and trading parts cannot loop forever." and (shared) "Win: the moment a player has three
counting sandwiches ... they win (three-sandwiches)"; "Stuck: checked after every move.
Pool = hands + draw pile + discard pile ..."; "every non-chance move is an action".
"""

from __future__ import annotations

import pytest
from sandwich_scenario import BREAD, JELLY, PB, deck_rules, illegal, make_state, sandwich

from picnic_rules import Outcome, PicnicError
from picnic_rules.sandwich import (
    GAME,
    Ant,
    Discard,
    Draw,
    End,
    Fly,
    Phase,
    Play,
    Rules,
    apply,
    check,
    is_over,
    is_stuck,
    legal_moves,
    new_game,
    result,
    to_move,
)

DONE = "bread pb jelly bread"


def _over(state, reason):
    check(state)
    assert state.phase is Phase.OVER
    assert is_over(state)
    assert to_move(state) is None
    assert legal_moves(state) == ()
    assert state.reason == reason
    assert result(state).reason == reason
    return result(state)


# ---------------------------------------------------------------- three sandwiches


def test_the_third_counting_sandwich_wins_at_once():
    state = make_state(
        hands={0: "bread jelly pb", 1: "bread"},
        table={0: [DONE, DONE, "bread jelly pb"], 1: [DONE, DONE, "bread"]},
    )
    new = apply(state, Play(BREAD, 2))
    outcome = _over(new, "three-sandwiches")
    assert outcome.winners == (0,)
    assert outcome.scores == (3, 2)
    assert new.hands[0] == (0, 1, 1, 0, 0)  # the rest of the turn never happens


def test_a_covered_finished_sandwich_does_not_count_towards_three():
    state = make_state(hands={0: "bread"}, table={0: [DONE, DONE, "bread jelly pb"]}, fly=(0, 1))
    new = apply(state, Play(BREAD, 2))
    check(new)
    assert new.phase is Phase.ACT
    assert new.reason is None
    assert new.actions == 0


def test_a_fourth_sandwich_wins_when_one_of_the_others_is_covered():
    state = make_state(
        hands={0: "bread"}, table={0: [DONE, DONE, DONE, "bread pb jelly"]}, fly=(0, 0)
    )
    new = apply(state, Play(BREAD, 3))
    outcome = _over(new, "three-sandwiches")
    assert outcome.scores == (3, 0)
    assert outcome.winners == (0,)


def test_sandwiches_to_win_is_an_option():
    rules = Rules(sandwiches_to_win=2)
    state = make_state(hands={1: "bread"}, table={1: [DONE, "bread pb jelly"]}, turn=1, rules=rules)
    outcome = _over(apply(state, Play(BREAD, 1)), "three-sandwiches")
    assert outcome.winners == (1,)
    assert outcome.scores == (0, 2)


def test_the_winning_move_beats_the_action_limit():
    state = make_state(hands={0: "bread"}, table={0: [DONE, DONE, "bread pb jelly"]}, actions=59)
    _over(apply(state, Play(BREAD, 2)), "three-sandwiches")


# ---------------------------------------------------------------- stuck


def test_stuck_when_only_peanut_butter_is_left_and_every_open_sandwich_has_it_on_top():
    rules = deck_rules(bread=2, pb=4, jelly=1)
    state = make_state(
        hands={0: "pb pb"}, table={0: ["bread jelly"], 1: ["bread pb"]}, draw="pb", rules=rules
    )
    assert not is_stuck(state.hands, state.draw_pile, state.discard_pile, state.table, state.fly)
    new = apply(state, Play(PB, 0))
    outcome = _over(new, "stuck")
    assert new.table == ((sandwich("bread jelly pb"),), (sandwich("bread pb"),))
    assert outcome.scores == (0, 0)
    assert outcome.winners == (0, 1)  # a tie stays a tie


def test_stuck_most_counting_sandwiches_win():
    rules = deck_rules(bread=4, pb=5, jelly=2)
    state = make_state(
        hands={0: "pb pb"},
        table={0: ["bread jelly"], 1: [DONE, "bread pb"]},
        draw="pb",
        rules=rules,
    )
    outcome = _over(apply(state, Play(PB, 0)), "stuck")
    assert outcome.scores == (0, 1)
    assert outcome.winners == (1,)


def test_stuck_when_only_flies_are_left():
    rules = deck_rules(bread=2, pb=1, jelly=1, flies=2)
    state = make_state(
        hands={0: "bread fly"}, table={0: ["bread pb jelly"]}, draw="fly", rules=rules
    )
    new = apply(state, Play(BREAD, 0))
    outcome = _over(new, "stuck")
    assert outcome.scores == (1, 0)
    assert outcome.winners == (0,)
    assert new.actions == 0


def test_a_possible_ant_steal_keeps_the_game_going():
    rules = deck_rules(bread=2, pb=2, jelly=1, ants=1)
    state = make_state(
        hands={0: "pb ant"}, table={0: ["bread"], 1: ["bread pb jelly"]}, draw="", rules=rules
    )
    new = apply(state, Play(PB, 0))
    check(new)
    assert new.phase is Phase.ACT  # only the ant is left, but it can steal 1.0's jelly
    assert legal_moves(new) == (Ant(1, 0, 0), End())
    stolen = apply(new, Ant(1, 0, 0))
    check(stolen)
    assert stolen.phase is Phase.ACT  # the discarded ant can still steal pb back onto jelly


def test_an_ant_that_cannot_steal_does_not_keep_the_game_going():
    rules = deck_rules(bread=2, pb=2, jelly=1, ants=1)
    state = make_state(
        hands={0: "pb ant"}, table={0: ["bread"], 1: ["bread jelly pb"]}, draw="", rules=rules
    )
    outcome = _over(apply(state, Play(PB, 0)), "stuck")
    assert outcome.winners == (0, 1)


def test_a_card_only_another_player_can_use_keeps_the_game_going():
    rules = deck_rules(bread=2, pb=1, jelly=2)
    state = make_state(
        hands={0: "jelly"}, table={0: ["bread jelly"], 1: ["bread pb"]}, draw="", rules=rules
    )
    assert legal_moves(state) == (Discard(JELLY),)
    new = apply(state, Discard(JELLY))
    check(new)
    assert new.phase is Phase.DRAW and new.turn == 1
    assert new.draw_pile == (0, 0, 1, 0, 0)  # the discard pile refilled the draw pile
    drawn = apply(new, Draw(JELLY))
    assert legal_moves(drawn) == (Play(JELLY, 0), End())


def test_a_bread_keeps_the_game_going_only_for_a_player_who_may_start_a_sandwich():
    # pool: bread and pb; every open sandwich has pb on top and no jelly, so no bread closes
    rules = deck_rules(bread=4, pb=3)
    state = make_state(
        hands={0: "pb pb"}, table={0: ["bread"], 1: ["bread pb"]}, draw="bread*2", rules=rules
    )
    new = apply(state, Play(PB, 0))
    outcome = _over(new, "stuck")  # both seats have an open sandwich: no new one, no close
    assert outcome.winners == (0, 1)
    freed = make_state(
        hands={0: "pb pb"},
        table={0: ["bread"], 1: ["bread pb"]},
        fly=(1, 0),
        draw="bread*2",
        rules=deck_rules(bread=4, pb=3, flies=1),  # the fly card lies on the discard pile
    )
    new = apply(freed, Play(PB, 0))
    check(new)
    assert new.phase is Phase.ACT  # seat 1's only sandwich is covered: it may start a new one


@pytest.mark.parametrize(
    "mine",
    [["bread pb", "bread pb jelly"], ["bread pb jelly", "bread pb"]],
    ids=["second", "first"],
)
def test_with_two_open_sandwiches_a_bread_that_closes_either_keeps_the_game_going(mine):
    # Seat 0 started its second sandwich while the fly covered the first; the fly has
    # moved on to seat 1's finished one, so both are open. Only bread is left: it closes
    # the one holding both spreads, whichever it is, and no other sandwich anywhere.
    rules = deck_rules(bread=8, pb=3, jelly=3, flies=1)
    table = {0: mine, 1: ["bread jelly", DONE]}
    state = make_state(hands={0: "bread"}, table=table, fly=(1, 1), draw="bread*2", rules=rules)
    assert not is_stuck(state.hands, state.draw_pile, state.discard_pile, state.table, state.fly)
    closable = mine.index("bread pb jelly")
    assert legal_moves(state) == (Play(BREAD, closable), End())
    outcome = _over(apply(state, Play(BREAD, closable)), "stuck")  # now bread closes nothing
    assert outcome.scores == (1, 0)


def test_with_two_open_sandwiches_that_bread_cannot_close_only_bread_left_is_stuck():
    rules = deck_rules(bread=6, pb=2, jelly=3, flies=1)
    table = {0: ["bread", "bread jelly"], 1: ["bread jelly", DONE]}
    state = make_state(hands={0: "pb"}, table=table, fly=(1, 1), draw="bread", rules=rules)
    assert legal_moves(state) == (Play(PB, 0), Play(PB, 1), End())
    closable = apply(state, Play(PB, 1))  # 0.1 can take the bread now
    check(closable)
    assert closable.phase is Phase.ACT
    outcome = _over(apply(state, Play(PB, 0)), "stuck")  # bread closes none of 0.0, 0.1, 1.0
    assert outcome.scores == (0, 0)


def test_a_fly_move_can_make_the_game_stuck():
    rules = deck_rules(bread=3, pb=2, jelly=2, flies=1)
    state = make_state(
        hands={0: "fly"}, table={0: ["bread jelly"], 1: [DONE]}, draw="pb", rules=rules
    )
    new = apply(state, Fly(0, 0))
    outcome = _over(new, "stuck")
    assert outcome.scores == (0, 1)
    assert outcome.winners == (1,)
    assert new.discard_pile == (0, 0, 0, 0, 1)


def test_a_game_that_cannot_start_is_stuck_at_once():
    state = new_game(2, Rules(bread=0))
    check(state)
    assert state.phase is Phase.OVER
    assert result(state) == Outcome(scores=(0, 0), winners=(0, 1), reason="stuck")
    assert legal_moves(state) == ()


# ---------------------------------------------------------------- sixty actions


def test_sixty_actions_in_a_row_end_the_game():
    rules = deck_rules(bread=2, pb=40, jelly=2)
    state = make_state(
        table={0: ["bread jelly"], 1: ["bread jelly"]}, rules=rules, phase=Phase.DRAW
    )
    played = state.actions
    assert played == 4  # the four cards on the table were four actions
    ends = 0
    while not is_over(state):
        if state.phase is Phase.DRAW:
            state = apply(state, Draw(PB))
        else:
            assert state.actions == played + ends
            state = apply(state, End())
            ends += 1
        check(state)
    assert played + ends == 60
    outcome = _over(state, "sixty-actions")
    assert state.actions == 60
    assert outcome.winners == (0, 1)
    assert outcome.scores == (0, 0)


@pytest.mark.parametrize(
    ("hands", "table", "move"),
    [
        ({0: "jelly"}, {0: ["bread pb"]}, End()),
        ({0: "jelly"}, {0: ["bread pb"]}, Play(JELLY, 0)),
        ({0: "pb"}, {0: ["bread pb"]}, Discard(PB)),
        ({0: "bread"}, {}, Play(BREAD)),
        ({0: "ant"}, {0: ["bread pb"], 1: [DONE, "bread jelly"]}, Ant(1, 1, 0)),
        ({0: "fly"}, {0: ["bread pb"]}, Fly(0, 0)),
    ],
)
def test_the_sixtieth_action_ends_the_game(hands, table, move):
    state = make_state(hands=hands, table={1: [DONE], **table}, actions=59)
    new = apply(state, move)
    outcome = _over(new, "sixty-actions")
    assert new.actions == 60
    assert outcome.scores == (0, 1)
    assert outcome.winners == (1,)


def test_the_fifty_ninth_action_does_not_end_the_game():
    state = make_state(hands={0: "jelly"}, table={0: ["bread pb"]}, actions=58)
    new = apply(state, End())
    check(new)
    assert new.phase is Phase.DRAW
    assert new.actions == 59


@pytest.mark.parametrize(
    ("hands", "table", "move"),
    [
        ({0: "bread"}, {0: ["bread pb jelly"]}, Play(BREAD, 0)),
        ({0: "ant"}, {0: ["bread pb jelly"], 1: ["bread"]}, Ant(1, 0, 0)),
    ],
)
def test_finishing_a_sandwich_as_the_sixtieth_action_resets_the_counter(hands, table, move):
    state = make_state(hands=hands, table=table, actions=59)
    new = apply(state, move)
    check(new)
    assert new.phase is Phase.ACT
    assert new.reason is None
    assert new.actions == 0
    after = apply(new, End())
    assert after.actions == 1


def test_the_action_limit_is_an_option():
    rules = Rules(action_limit=5)
    state = make_state(hands={0: "jelly"}, table={0: ["bread pb"]}, actions=4, rules=rules)
    _over(apply(state, End()), "sixty-actions")
    state = make_state(hands={0: "jelly"}, table={0: ["bread pb"]}, actions=3, rules=rules)
    assert apply(state, End()).phase is Phase.DRAW


# ---------------------------------------------------------------- after the end


@pytest.mark.parametrize(
    "move", [End(), Play(BREAD), Play(BREAD, 0), Draw(PB), Discard(PB), Ant(1, 0, 0), Fly(0, 0)]
)
def test_no_move_after_the_game_is_over(move):
    state = make_state(hands={0: "bread"}, table={0: [DONE, DONE, "bread jelly pb"]})
    over = apply(state, Play(BREAD, 2))
    illegal(over, move, "over")


def test_a_running_game_has_no_result():
    with pytest.raises(PicnicError, match=r"^the game is not over yet, so it has no result$"):
        GAME.result(make_state())


def test_result_counts_only_uncovered_finished_sandwiches():
    state = make_state(
        table={0: [DONE, DONE, "bread"], 1: [DONE, DONE]},
        fly=(1, 0),
        phase=Phase.OVER,
        reason="sixty-actions",
        actions=60,
        hands={0: "ant"},
    )
    outcome = result(state)
    assert outcome.scores == (2, 1)
    assert outcome.winners == (0,)


def test_a_fly_in_the_pool_does_not_prolong_a_stuck_game():
    # the jelly could go on 0.0 if a later fly moved the token away, but flies are ignored
    rules = deck_rules(bread=2, pb=1, jelly=2, flies=2)
    state = make_state(
        hands={0: "fly jelly"}, table={0: ["bread pb"], 1: ["bread jelly"]}, draw="fly", rules=rules
    )
    new = apply(state, Fly(0, 0))
    outcome = _over(new, "stuck")
    assert new.fly == (0, 0)
    assert outcome.winners == (0, 1)


def test_the_win_is_checked_before_stuck():
    rules = deck_rules(bread=6, pb=3, jelly=3)
    state = make_state(
        hands={0: "bread"}, table={0: [DONE, DONE, "bread jelly pb"]}, draw="", rules=rules
    )
    new = apply(state, Play(BREAD, 2))
    assert is_stuck(new.hands, new.draw_pile, new.discard_pile, new.table, new.fly)
    outcome = _over(new, "three-sandwiches")
    assert outcome.winners == (0,)
