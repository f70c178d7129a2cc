"""Audit scenarios: rule edges the other sandwich test files do not pin down on their own.

Each test quotes the sentence it checks. Sources: the fan rulebook's house rules and the
"sandwich" section of house-rules.md.
"""

from __future__ import annotations

from sandwich_scenario import ANT, BREAD, JELLY, PB, apply_all, deck_rules, illegal, make_state

from picnic_rules.sandwich import (
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
    is_stuck,
    legal_moves,
    must_discard,
    new_game,
    result,
    to_move,
)

DONE = "bread pb jelly bread"
EMPTY = (0, 0, 0, 0, 0)


def _stuck(state):
    return is_stuck(state.hands, state.draw_pile, state.discard_pile, state.table, state.fly)


# ---------------------------------------------------------------- stuck: "some player"


def test_the_robbed_player_s_possible_steal_back_keeps_the_game_going():
    # "no ant in the pool could make a legal steal for some player": after seat 0's ant
    # takes 1.0's pb, the only card left is that ant (now discarded). Seat 0 cannot use it
    # (1.0's lone bread cannot close 0.0), but seat 1, the robbed player, could steal the
    # pb back onto its lone bread, so the game is not stuck.
    rules = deck_rules(bread=2, pb=1, ants=1)
    state = make_state(hands={0: "ant"}, table={0: ["bread"], 1: ["bread pb"]}, rules=rules)
    robbed = apply(state, Ant(1, 0, 0))
    check(robbed)
    assert robbed.table == (((BREAD, PB),), ((BREAD,),))
    assert robbed.discard_pile == (0, 0, 0, 1, 0)
    assert not _stuck(robbed)
    assert robbed.phase is Phase.ACT and robbed.reason is None
    assert legal_moves(robbed) == (End(),)
    # the ant comes back to seat 1 through the refilled draw pile, and the steal is legal
    turn = apply(robbed, End())
    assert turn.phase is Phase.DRAW and turn.turn == 1
    assert turn.draw_pile == (0, 0, 0, 1, 0) and turn.discard_pile == EMPTY
    drawn = apply(turn, Draw(ANT))
    assert legal_moves(drawn) == (Ant(0, 0, 0), End())
    back = apply(drawn, Ant(0, 0, 0))
    check(back)
    assert back.table == (((BREAD,),), ((BREAD, PB),))


def test_a_steal_only_a_player_who_is_not_to_move_can_make_keeps_the_game_going():
    # 3 players: seat 0 closes its only sandwich with the last bread; the only card left is
    # an ant in the draw pile. Seat 0 has no open sandwich (no thief), seat 1 cannot close
    # with 2.0's lone bread, but seat 2 can steal 1.0's pb onto its lone bread.
    rules = deck_rules(bread=4, pb=2, jelly=1, ants=1)
    state = make_state(
        hands={0: "bread"},
        table={0: ["bread pb jelly"], 1: ["bread pb"], 2: ["bread"]},
        players=3,
        rules=rules,
    )
    new = apply(state, Play(BREAD, 0))
    check(new)
    assert new.draw_pile == (0, 0, 0, 1, 0)
    assert new.phase is Phase.ACT
    assert not _stuck(new)
    assert legal_moves(new) == (End(),)


def test_the_same_steal_under_the_fly_does_not_keep_the_game_going():
    # the control of the test above: with 1.0 covered, nobody can steal, so it is stuck
    # (the fly card that put the token there lies on the discard pile)
    rules = deck_rules(bread=4, pb=2, jelly=1, ants=1, flies=1)
    state = make_state(
        hands={0: "bread"},
        table={0: ["bread pb jelly"], 1: ["bread pb"], 2: ["bread"]},
        players=3,
        fly=(1, 0),
        draw="ant",
        rules=rules,
    )
    new = apply(state, Play(BREAD, 0))
    check(new)
    assert new.phase is Phase.OVER
    assert new.reason == "stuck"
    assert result(new).scores == (1, 0, 0)
    assert result(new).winners == (0,)


def test_a_pb_only_the_other_player_can_steal_keeps_the_game_going():
    # seat 0 plays its last pb: 0.0 = bread pb, 1.0 = bread. The only card left is an ant:
    # seat 0 could only steal a bread that cannot close 0.0; seat 1 could steal the pb.
    rules = deck_rules(bread=2, pb=1, ants=1)
    state = make_state(hands={0: "pb"}, table={0: ["bread"], 1: ["bread"]}, rules=rules)
    new = apply(state, Play(PB, 0))
    check(new)
    assert new.phase is Phase.ACT
    assert legal_moves(new) == (End(),)


def test_a_bread_that_can_only_close_keeps_the_game_going():
    # "no card kind in the pool could legally be played now by some player on that player's
    # own sandwiches": after seat 0's last pb only a bread is left. Nobody may start a new
    # sandwich (both seats have an open one), but the bread closes 0.0, so it is not stuck.
    rules = deck_rules(bread=3, pb=2, jelly=1)
    state = make_state(
        hands={0: "pb bread"}, table={0: ["bread jelly"], 1: ["bread pb"]}, rules=rules
    )
    new = apply(state, Play(PB, 0))
    check(new)
    assert not _stuck(new)
    assert new.phase is Phase.ACT
    assert legal_moves(new) == (Play(BREAD, 0), End())


def test_stuck_is_reported_before_the_action_limit():
    # ambiguous in the rules (both end the game with the same winners); the engine documents
    # "the win, stuck and sixty-action checks, in that order" -- pin that choice
    rules = deck_rules(bread=2, pb=4, jelly=1)
    state = make_state(
        hands={0: "pb pb"},
        table={0: ["bread jelly"], 1: ["bread pb"]},
        draw="pb",
        actions=59,
        rules=rules,
    )
    new = apply(state, Play(PB, 0))
    check(new)
    assert new.actions == 60
    assert new.reason == "stuck"


# ---------------------------------------------------------------- discard after a fly or ant


def test_no_discard_after_a_fly_play_and_end_is_legal():
    # "discard ... legal only when the player ... has neither played nor discarded this turn"
    state = make_state(hands={0: "fly pb"}, table={0: ["bread pb"], 1: ["bread jelly"]})
    assert legal_moves(state) == (Fly(0, 0), Fly(1, 0), End())
    flown = apply(state, Fly(1, 0))
    check(flown)
    assert flown.played is True
    assert not must_discard(flown)
    assert legal_moves(flown) == (End(),)  # the pb cannot be played, but no discard either
    illegal(flown, Discard(PB), "before anything is played")
    after = apply(flown, End())
    assert after.hands[0] == (0, 1, 0, 0, 0)
    assert after.turn == 1


def test_no_discard_after_an_ant_play_and_end_is_legal():
    state = make_state(hands={0: "ant jelly"}, table={0: ["bread pb"], 1: ["bread pb jelly"]})
    robbed = apply(state, Ant(1, 0, 0))
    check(robbed)
    assert legal_moves(robbed) == (End(),)  # jelly cannot sit on the stolen jelly
    illegal(robbed, Discard(JELLY), "before anything is played")


# ---------------------------------------------------------------- the fly and removed sandwiches


def test_the_fly_left_a_lone_bread_which_is_then_robbed_away():
    # the fly moves off 1.0 onto 1.1; then 1.0 (a lone bread) is stolen and disappears:
    # the token must stay on the same sandwich, now numbered 1.0
    state = make_state(
        hands={0: "fly ant"},
        table={0: ["bread pb jelly"], 1: ["bread", "bread jelly"]},
        fly=(1, 0),
    )
    new = apply_all(state, Fly(1, 1), Ant(1, 0, 0))
    assert new.table == ((tuple(map(_card, DONE.split())),), ((BREAD, JELLY),))
    assert new.fly == (1, 0)
    assert new.phase is Phase.ACT
    assert new.actions == 0  # the stolen bread closed 0.0


def _card(word):
    return {"bread": BREAD, "pb": PB, "jelly": JELLY}[word]


# ---------------------------------------------------------------- sandwiches_to_win


def test_with_four_to_win_a_third_sandwich_does_not_end_the_game():
    rules = Rules(sandwiches_to_win=4)
    state = make_state(
        hands={0: "bread*3 pb jelly"}, table={0: [DONE, DONE, "bread pb jelly"]}, rules=rules
    )
    third = apply(state, Play(BREAD, 2))
    check(third)
    assert third.phase is Phase.ACT
    assert third.reason is None
    fourth = apply_all(third, Play(BREAD), Play(PB, 3), Play(JELLY, 3), Play(BREAD, 3))
    assert fourth.phase is Phase.OVER
    assert fourth.reason == "three-sandwiches"  # the stable name, whatever the number
    assert result(fourth).scores == (4, 0)


def test_with_one_to_win_uncovering_an_opponent_s_sandwich_makes_them_win_on_my_turn():
    rules = Rules(sandwiches_to_win=1)
    state = make_state(
        hands={0: "fly"}, table={0: ["bread pb"], 1: [DONE]}, fly=(1, 0), rules=rules
    )
    new = apply(state, Fly(0, 0))
    check(new)
    assert new.phase is Phase.OVER
    assert new.reason == "three-sandwiches"
    assert result(new).winners == (1,)
    assert result(new).scores == (0, 1)


# ---------------------------------------------------------------- deal and draw edges


def test_a_deal_of_the_whole_default_deck_starts_without_a_draw():
    # "hand_size * players equals the deck": 27 each for 2 players deals all 54 cards
    state = new_game(2, Rules(hand_size=27))
    while state.phase is Phase.DEAL:
        state = apply(state, legal_moves(state)[0])
    check(state)
    assert state.phase is Phase.ACT
    assert state.turn == 0
    assert state.draw_pile == EMPTY and state.discard_pile == EMPTY
    assert sum(state.hands[0]) == 27 and sum(state.hands[1]) == 27


def test_after_a_deal_that_empties_the_deck_a_discard_is_the_next_draw():
    # seat 0 is stuck with a pb it cannot play, so it discards; seat 1's turn starts by
    # refilling the draw pile with exactly that discard
    rules = deck_rules(bread=2, pb=2)
    state = apply_all(new_game(2, rules), Draw(PB), Draw(BREAD), Draw(PB), Draw(BREAD))
    assert state.phase is Phase.ACT and state.turn == 0
    assert state.hands == ((0, 2, 0, 0, 0), (2, 0, 0, 0, 0))
    assert legal_moves(state) == (Discard(PB),)
    new = apply(state, Discard(PB))
    check(new)
    assert new.phase is Phase.DRAW and new.turn == 1
    assert new.draw_pile == (0, 1, 0, 0, 0) and new.discard_pile == EMPTY
    assert legal_moves(new) == (Draw(PB),)


def test_with_both_piles_empty_and_an_empty_hand_only_end_and_the_counter_goes_on():
    # no draw at the start of a turn when both piles are empty, and "a player with an empty
    # hand can still end"; every end is an action, and no chance move happens in between
    rules = deck_rules(bread=2, pb=2, jelly=1)
    state = make_state(
        hands={1: "jelly"},
        table={0: ["bread pb"], 1: ["bread pb"]},
        draw="",
        discard="",
        actions=10,
        rules=rules,
    )
    assert not must_discard(state)
    assert legal_moves(state) == (End(),)
    seat1 = apply(state, End())
    check(seat1)
    assert seat1.phase is Phase.ACT and to_move(seat1) == 1
    assert seat1.actions == 11
    assert legal_moves(seat1) == (Play(JELLY, 0), End())
    seat0 = apply(seat1, End())
    check(seat0)
    assert seat0.phase is Phase.ACT and to_move(seat0) == 0
    assert seat0.actions == 12
    assert seat0.hands == state.hands


# ---------------------------------------------------------------- the engine's own parts


def test_the_engines_updates_make_an_ordinary_frozen_state():
    import copy
    import pickle

    import attrs
    import pytest

    from picnic_rules.kit import evolve
    from picnic_rules.sandwich import State

    state = make_state(hands={0: "pb"}, table={0: ["bread"], 1: ["bread jelly"]}, fly=(1, 0))
    built = evolve(state, turn=state.turn)
    assert type(built) is State and built is not state
    assert built == state and hash(built) == hash(state) and repr(built) == repr(state)
    assert attrs.evolve(built, played=True).played
    assert pickle.loads(pickle.dumps(built)) == built
    assert copy.deepcopy(built) == built and type(copy.copy(built)) is State
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.turn = 1  # type: ignore[misc]
    # every state apply hands out is built this way, and is just as frozen
    after = apply(state, Play(PB, 0))
    assert type(after) is State
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        after.played = False  # type: ignore[misc]


def test_is_finished_lives_with_the_rules():
    from picnic_rules import sandwich
    from picnic_rules.sandwich import predicates

    assert sandwich.is_finished is predicates.is_finished
    assert predicates.is_finished((BREAD, PB, JELLY, BREAD))
    assert not predicates.is_finished((BREAD,))  # a lone bread is a started sandwich
    assert not predicates.is_finished((BREAD, PB, JELLY))


def test_covered_by_fly_names_one_sandwich():
    from picnic_rules.sandwich.predicates import covered_by_fly, open_sandwiches

    assert covered_by_fly((1, 2), 1, 2)
    assert not covered_by_fly((1, 2), 2, 1) and not covered_by_fly((1, 2), 1, 0)
    assert not covered_by_fly(None, 0, 0)
    table = (((BREAD, PB), (BREAD,), (BREAD, PB, JELLY, BREAD)), ())
    assert open_sandwiches(table, (0, 1), 0) == (0,)
    assert open_sandwiches(table, (1, 0), 0) == (0, 1)
    assert open_sandwiches(table, None, 1) == ()


def test_must_discard_uses_the_plays_a_caller_listed():
    stuck = make_state(hands={0: "pb"}, table={0: ["bread pb"]})
    assert must_discard(stuck) and must_discard(stuck, ())
    assert not must_discard(stuck, (Play(PB, 0),))  # told there is a play
    played = make_state(hands={0: "pb"}, table={0: ["bread pb jelly"]}, played=True)
    assert not must_discard(played, ())  # nothing to discard once a card was played


def test_moves_past_the_interned_tables_are_built_afresh():
    from picnic_rules.sandwich.engine import INTERNED

    many = ["bread"] * (INTERNED + 2)
    rules = deck_rules(bread=40, pb=1)
    state = make_state(hands={0: "pb"}, table={0: many}, rules=rules, validate=False)  # forged
    moves = legal_moves(state)
    assert moves == (*(Play(PB, i) for i in range(INTERNED + 2)), End())
    again = legal_moves(state)
    assert all(a is b for a, b in zip(moves[:INTERNED], again[:INTERNED], strict=True))
    assert moves[INTERNED] == again[INTERNED] and moves[INTERNED] is not again[INTERNED]
