"""Bad input: forged moves, impossible rules, forged states.

design.md: "apply with an illegal move: IllegalMove saying which move and why ... Never
another exception type, never a half-changed state."; "Invalid combinations raise
RulesError at construction, with the reason."; "check(state) raises InvalidState if an
invariant is broken (card conservation, token uniqueness ...)".
"""

from __future__ import annotations

import copy
import random

import attrs
import pytest
from sandwich_scenario import ANT, BREAD, FLY, JELLY, PB, make_state

from picnic_rules import IllegalMove, InvalidState, RulesError
from picnic_rules.sandwich import (
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
    Play(card=2.0, onto=0),
    Play(JELLY, onto=-1),
    Play(JELLY, onto=1),
    Play(JELLY, onto=99),
    Play(JELLY, onto=True),
    Play(JELLY, onto="0"),
    Play(JELLY, onto=0.0),
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
    with pytest.raises(IllegalMove) as info:
        apply(state, move)
    assert info.value.move is move
    assert info.value.reason
    assert state == before
    check(state)


def test_draw_in_the_act_phase_names_the_reason():
    with pytest.raises(IllegalMove) as info:
        apply(_act(), Draw(BREAD))
    assert "not chance" in info.value.reason


@pytest.mark.parametrize(
    "move",
    [
        End(),
        Play(BREAD),
        Play(PB, 0),
        Discard(PB),
        Ant(1, 0, 0),
        Fly(0, 0),
        Draw(99),
        Draw(-1),
        Draw("bread"),
        Draw(None),
        None,
    ],
    ids=repr,
)
def test_only_real_draws_at_a_chance_node(move):
    state = make_state(
        hands={0: "pb ant fly"}, table={0: ["bread"], 1: ["bread jelly"]}, phase=Phase.DRAW
    )
    before = copy.deepcopy(state)
    with pytest.raises(IllegalMove):
        apply(state, move)
    assert state == before


@pytest.mark.parametrize("move", [End(), Draw(BREAD), Play(BREAD), Play(99), None], ids=repr)
def test_any_move_after_the_game_is_over(move):
    state = make_state(table={0: [DONE, DONE, DONE]}, phase=Phase.OVER, reason="three-sandwiches")
    with pytest.raises(IllegalMove) as info:
        apply(state, move)
    assert "over" in info.value.reason


# ---------------------------------------------------------------- rules


@pytest.mark.parametrize("field", [field.name for field in attrs.fields(Rules)])
@pytest.mark.parametrize("value", [-1, True, False, "3", 2.0, None])
def test_rules_reject_negative_and_non_int_values(field, value):
    with pytest.raises(RulesError) as info:
        Rules(**{field: value})
    assert field in str(info.value)


@pytest.mark.parametrize("field", ["action_limit", "sandwiches_to_win"])
def test_rules_reject_a_zero_limit(field):
    with pytest.raises(RulesError, match=field):
        Rules(**{field: 0})


@pytest.mark.parametrize("field", ["bread", "peanut_butter", "jelly", "ants", "flies"])
def test_rules_accept_zero_cards_of_a_kind(field):
    assert getattr(Rules(**{field: 0}), field) == 0


@pytest.mark.parametrize("players", [0, 1, 5, 6, -2, True, "2", 2.0, None])
def test_two_to_four_players(players):
    with pytest.raises(RulesError):
        new_game(players)


@pytest.mark.parametrize(("players", "first"), [(2, 2), (2, 3), (3, 3), (4, 4)])
def test_the_first_player_must_be_a_seat(players, first):
    with pytest.raises(RulesError, match="first_player"):
        new_game(players, Rules(first_player=first))
    new_game(players, Rules(first_player=players - 1))


def test_the_deal_must_fit_the_deck():
    with pytest.raises(RulesError):
        new_game(4, Rules(hand_size=14))
    new_game(2, Rules(hand_size=27))


# ---------------------------------------------------------------- forged states


def _good():
    state = make_state(hands={0: "pb"}, table={0: ["bread jelly"]})
    assert state.draw_pile == (15, 11, 11, 8, 6)
    return state


def _forged(**changes):
    return make_state(validate=False, **changes)


FORGED_STATES = {
    "a lost card": lambda: attrs.evolve(_good(), draw_pile=(14, 11, 11, 8, 6)),
    "an extra card": lambda: attrs.evolve(_good(), discard_pile=(0, 0, 1, 0, 0)),
    "a negative count": lambda: attrs.evolve(
        _good(), hands=((-1, 1, 0, 0, 0), (0, 0, 0, 0, 0)), draw_pile=(16, 11, 11, 8, 6)
    ),
    "a hand of the wrong shape": lambda: attrs.evolve(_good(), hands=((0, 1, 0, 0), (0,) * 5)),
    "a list for a hand": lambda: attrs.evolve(_good(), hands=([0, 1, 0, 0, 0], (0,) * 5)),
    "a card that is an int": lambda: attrs.evolve(_good(), table=(((0, 1),), ())),
    "two breads in the middle": lambda: _forged(table={0: ["bread bread pb"]}),
    "bread in the middle": lambda: _forged(table={0: ["bread pb bread jelly"]}),
    "pb on pb": lambda: _forged(table={0: ["bread pb pb"]}),
    "jelly on jelly": lambda: _forged(table={0: ["bread pb jelly jelly bread"]}),
    "a sandwich starting with a spread": lambda: _forged(table={0: ["pb jelly"]}),
    "closed without jelly": lambda: _forged(table={0: ["bread pb bread"]}),
    "closed with nothing": lambda: _forged(table={0: ["bread bread"]}),
    "an ant on the table": lambda: _forged(table={0: ["bread ant"]}),
    "an empty sandwich": lambda: _forged(table={0: [""]}),
    "the fly on a missing sandwich": lambda: _forged(table={0: ["bread"]}, fly=(1, 0)),
    "the fly on a missing index": lambda: _forged(table={0: ["bread"]}, fly=(0, 1)),
    "the fly on a missing seat": lambda: _forged(table={0: ["bread"]}, fly=(2, 0)),
    "a won game still running": lambda: _forged(table={0: [DONE, DONE, DONE]}),
    "a stuck game still running": lambda: _forged(
        table={0: ["bread pb"], 1: ["bread pb"]},
        draw="pb",
        discard="",
        hands={0: "pb"},
        rules=Rules(bread=2, peanut_butter=4, jelly=0, ants=0, flies=0),
    ),
    "over without a reason": lambda: _forged(phase=Phase.OVER),
    "a reason while running": lambda: _forged(reason="stuck"),
    "an unknown reason": lambda: _forged(phase=Phase.OVER, reason="boredom"),
    "the action limit reached while running": lambda: _forged(actions=60),
    "actions beyond the limit": lambda: _forged(
        phase=Phase.OVER, reason="sixty-actions", actions=61
    ),
    "negative actions": lambda: _forged(actions=-1),
    "a turn that is no seat": lambda: _forged(turn=2),
    "a draw from an empty pile": lambda: _forged(phase=Phase.DRAW, draw="", hands={0: "pb"}),
    "played during a draw": lambda: _forged(phase=Phase.DRAW, played=True),
    "five players": lambda: _forged(players=5),
}


CAUGHT_BY = {
    "a card that is an int": "not bread or a spread",
    "a draw from an empty pile": "draw pile is empty",
    "a hand of the wrong shape": "hand",
    "a list for a hand": "hand",
    "a lost card": "conserved",
    "a negative count": "not a count",
    "a reason while running": "does not fit",
    "a sandwich starting with a spread": "start with bread",
    "a stuck game still running": "goes on",
    "a turn that is no seat": "not a seat",
    "a won game still running": "has won",
    "actions beyond the limit": "actions",
    "an ant on the table": "not bread or a spread",
    "an empty sandwich": "non-empty",
    "an extra card": "conserved",
    "an unknown reason": "does not fit",
    "bread in the middle": "bread in the middle",
    "closed with nothing": "closed without both",
    "closed without jelly": "closed without both",
    "five players": "2 to 4",
    "jelly on jelly": "jelly sitting on jelly",
    "negative actions": "actions",
    "over without a reason": "does not fit",
    "pb on pb": "pb sitting on pb",
    "played during a draw": "played",
    "the action limit reached while running": "action limit",
    "the fly on a missing index": "no sandwich on the table",
    "the fly on a missing sandwich": "no sandwich on the table",
    "the fly on a missing seat": "no sandwich on the table",
    "two breads in the middle": "bread in the middle",
}
"""Key words of the message that names the broken invariant (not some other one)."""


@pytest.mark.parametrize("name", sorted(FORGED_STATES))
def test_check_rejects_forged_states(name):
    state = FORGED_STATES[name]()
    with pytest.raises(InvalidState) as info:
        check(state)
    assert CAUGHT_BY[name] in str(info.value)


REASON_WITHOUT_GROUNDS = {
    # no seat has three counting sandwiches (the third is under the fly)
    "three-sandwiches": {"table": {0: [DONE, DONE, DONE]}, "fly": (0, 2)},
    # the action counter is far from the limit
    "sixty-actions": {"actions": 3},
    # seat 0 could still start a sandwich with its bread
    "stuck": {"hands": {0: "bread"}},
}


@pytest.mark.parametrize("reason", sorted(REASON_WITHOUT_GROUNDS))
def test_check_rejects_an_end_reason_the_position_does_not_support(reason):
    # a forged "game over" document: the reason is a stable string, but nothing caused it
    state = _forged(phase=Phase.OVER, reason=reason, **REASON_WITHOUT_GROUNDS[reason])
    with pytest.raises(InvalidState):
        check(state)


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
