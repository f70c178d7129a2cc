"""Bad input: forged moves and impossible rules.

design.md: "apply with an illegal move: IllegalMove saying which move and why ... Never
another exception type, never a half-changed state."; "Invalid combinations raise
RulesError at construction, with the reason." Forged states: test_sandwich_check.py.
"""

from __future__ import annotations

import copy
import random
import re

import attrs
import pytest
from sandwich_scenario import ANT, BREAD, FLY, JELLY, PB, make_state

from picnic_rules import IllegalMove, RulesError
from picnic_rules.sandwich import (
    GAME,
    Ant,
    Card,
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
    legal_moves,
    new_game,
    sample_chance,
)

DONE = "bread pb jelly bread"

# ---------------------------------------------------------------- forged moves


def _act():
    return make_state(
        hands={0: "bread pb jelly ant fly"},
        table={0: ["bread pb"], 1: ["bread jelly", DONE]},
        fly=(1, 1),
    )


FORGED_IN_ACT = [
    Play(card=99),
    Play(card=-1),
    Play(card=5),
    Play(card=None),
    Play(card="pb", onto=0),
    Play(card=True),
    Play(JELLY, onto=-1),
    Play(JELLY, onto=1),
    Play(JELLY, onto=99),
    Play(JELLY, onto=True),
    Play(JELLY, onto="0"),
    Play(ANT, 0),  # an ant is not a sandwich part
    Play(FLY),
    Ant(seat=-1, sandwich=0, onto=0),
    Ant(seat=2, sandwich=0, onto=0),
    Ant(seat=1, sandwich=-1, onto=0),
    Ant(seat=1, sandwich=5, onto=0),
    Ant(seat=1, sandwich=0, onto=-1),
    Ant(seat=1, sandwich=0, onto=3),
    Ant(seat="1", sandwich=0, onto=0),
    Ant(seat=1, sandwich=None, onto=0),
    Ant(seat=1, sandwich=0, onto=[0]),
    Fly(seat=-1, sandwich=0),
    Fly(seat=2, sandwich=0),
    Fly(seat=1, sandwich=2),
    Fly(seat=0, sandwich=-1),
    Fly(seat=1, sandwich=True),
    Fly(seat=(1,), sandwich=0),
    Discard(card=99),
    Discard(card=None),
    Draw(BREAD),
    Draw(card=99),
    None,
    "end",
    42,
    End,  # the class, not a move
]


@pytest.mark.parametrize("move", FORGED_IN_ACT, ids=repr)
def test_forged_moves_raise_illegal_move_and_change_nothing(move):
    state = _act()
    before = copy.deepcopy(state)
    with pytest.raises(IllegalMove, match=f"^illegal move {re.escape(repr(str(move)))}: .") as info:
        apply(state, move)
    assert info.value.move is move
    assert state == before
    check(state)


def test_draw_in_the_act_phase_names_the_reason():
    with pytest.raises(IllegalMove, match=r"seat 0 is to act, not chance$"):
        apply(_act(), Draw(BREAD))


CHANCE_ACTS = "chance acts now: only a draw can happen"


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        (End(), CHANCE_ACTS),
        (Play(BREAD), CHANCE_ACTS),
        (Play(PB, 0), CHANCE_ACTS),
        (Discard(PB), CHANCE_ACTS),
        (Ant(1, 0, 0), CHANCE_ACTS),
        (Fly(0, 0), CHANCE_ACTS),
        (Draw(99), "not a move of sandwich: its card is 99, not a Card"),
        (Draw(-1), "not a move of sandwich: its card is -1, not a Card"),
        (Draw("bread"), "not a move of sandwich: its card is 'bread', not a Card"),
        (Draw(None), "not a move of sandwich: its card is None, not a Card"),
        (None, "not a move of sandwich: it is a NoneType, not a move"),
    ],
    ids=repr,
)
def test_only_real_draws_at_a_chance_node(move, reason):
    state = make_state(
        hands={0: "pb ant fly"}, table={0: ["bread"], 1: ["bread jelly"]}, phase=Phase.DRAW
    )
    before = copy.deepcopy(state)
    with pytest.raises(IllegalMove, match=re.escape(reason) + "$"):
        apply(state, move)
    assert state == before


@pytest.mark.parametrize("move", [End(), Draw(BREAD), Play(BREAD)], ids=repr)
def test_any_move_after_the_game_is_over(move):
    state = make_state(table={0: [DONE, DONE, DONE]}, phase=Phase.OVER, reason="three-sandwiches")
    with pytest.raises(IllegalMove, match=r": the game is over \(three-sandwiches\)$"):
        apply(state, move)


@pytest.mark.parametrize("move", [Play(99), None], ids=repr)
def test_an_ill_typed_move_is_no_move_even_after_the_game(move):
    state = make_state(table={0: [DONE, DONE, DONE]}, phase=Phase.OVER, reason="three-sandwiches")
    with pytest.raises(IllegalMove, match=r": not a move of sandwich: it"):
        apply(state, move)


# ---------------------------------------------------------------- rules


@pytest.mark.parametrize("field", [field.name for field in attrs.fields(Rules)])
@pytest.mark.parametrize("value", [-1, True, False, "3", 2.0, None])
def test_rules_reject_negative_and_non_int_values(field, value):
    with pytest.raises(RulesError, match=f"^{field} must be ") as info:
        Rules(**{field: value})
    assert info.value.field == field


@pytest.mark.parametrize("field", ["action_limit", "sandwiches_to_win"])
def test_rules_reject_a_zero_limit(field):
    with pytest.raises(RulesError, match=field):
        Rules(**{field: 0})


@pytest.mark.parametrize("field", ["bread", "peanut_butter", "jelly", "ants", "flies"])
def test_rules_accept_zero_cards_of_a_kind(field):
    assert getattr(Rules(**{field: 0}), field) == 0


@pytest.mark.parametrize("players", [0, 1, 5, 6, -2, True, "2", 2.0, None])
def test_two_to_four_players(players):
    with pytest.raises(
        RulesError, match=f"^sandwich takes 2 to 4 players, not {re.escape(repr(players))}$"
    ):
        GAME.new_game(players)


@pytest.mark.parametrize(("players", "first"), [(2, 2), (2, 3), (3, 3), (4, 4)])
def test_the_first_player_must_be_a_seat(players, first):
    with pytest.raises(RulesError, match="first_player"):
        GAME.new_game(players, Rules(first_player=first))
    GAME.new_game(players, Rules(first_player=players - 1))


def test_the_deal_must_fit_the_deck():
    with pytest.raises(
        RulesError, match=r"^dealing 14 cards to 4 players needs 56 cards, the deck"
    ):
        GAME.new_game(4, Rules(hand_size=14))
    GAME.new_game(2, Rules(hand_size=27))


@pytest.mark.parametrize(
    ("options", "most"),
    [
        ({"sandwiches_to_win": 9}, 8),  # 16 bread close at most 8 sandwiches
        ({"bread": 9, "sandwiches_to_win": 5}, 4),
        ({"jelly": 4, "sandwiches_to_win": 5}, 4),  # each finished sandwich keeps a jelly
        ({"peanut_butter": 0, "sandwiches_to_win": 4}, 0),
    ],
)
def test_a_target_no_game_can_reach_is_refused(options, most):
    target = options["sandwiches_to_win"]
    with pytest.raises(
        RulesError,
        match=f"^sandwiches_to_win {target} can never be reached: this deck finishes at most "
        f"{most} sandwiches$",
    ) as info:
        Rules(**options)
    assert info.value.field == "sandwiches_to_win"


@pytest.mark.parametrize(
    "options",
    [
        {"sandwiches_to_win": 8},  # the most the default deck finishes
        {"bread": 9, "sandwiches_to_win": 4},
        {"bread": 0},  # the no-bread variant keeps the default target (house rule)
        {"bread": 3, "peanut_butter": 1, "sandwiches_to_win": 3},
        {"bread": 0, "sandwiches_to_win": 1},
    ],
)
def test_a_target_up_to_three_or_reachable_is_accepted(options):
    rules = Rules(**options)
    assert rules.sandwiches_to_win <= max(3, rules.most_sandwiches)
    new_game(2, rules)


# ---------------------------------------------------------------- along real games

# Forged states and views are refused in test_sandwich_check.py (one table).


ODD_VALUES = (-1, 0, 1, 2, 3, 4, 5, 99, True, False, None, "0", 1.0, (0,), *Card)


@pytest.mark.parametrize("seed", range(3))
def test_odd_field_values_along_real_games(seed):
    # every move kind with odd field values, at every step of random games: apply either
    # raises IllegalMove or the move was legal (and the result passes check)
    rng = random.Random(seed)
    state = new_game(2 + seed)
    while not is_over(state):
        legal = legal_moves(state)
        for _ in range(30):
            v = [rng.choice(ODD_VALUES) for _ in range(3)]
            for move in (
                Draw(v[0]),
                Play(v[0], v[1]),
                Play(v[0]),
                Ant(*v),
                Fly(v[0], v[1]),
                Discard(v[0]),
            ):
                try:
                    after = apply(state, move)
                except IllegalMove:
                    continue
                assert move in legal
                check(after)
        if state.phase in (Phase.DEAL, Phase.DRAW):
            state = apply(state, sample_chance(state, rng))
        else:
            state = apply(state, rng.choice(legal))
