"""legal_moves: exactly the moves apply accepts, in a stable documented order.

design.md: "legal_moves(state) -> every legal move of the actor, in a stable order; at a
chance node the possible outcomes"; the harness demands "moves not in legal_moves ... raise
IllegalMove".
"""

from __future__ import annotations

import random

import pytest
from sandwich_scenario import ANT, BREAD, FLY, JELLY, PB, make_state

from picnic_rules import IllegalMove
from picnic_rules.sandwich import (
    Ant,
    Card,
    Discard,
    Draw,
    End,
    Fly,
    Phase,
    Play,
    apply,
    check,
    determinize,
    is_over,
    legal_moves,
    new_game,
    sample_chance,
    view,
)

DONE = "bread pb jelly bread"

UNIVERSE = (
    [Draw(c) for c in Card]
    + [Play(c) for c in Card]
    + [Play(c, i) for c in Card for i in range(4)]
    + [Ant(s, j, i) for s in range(4) for j in range(4) for i in range(4)]
    + [Fly(s, j) for s in range(4) for j in range(4)]
    + [Discard(c) for c in Card]
    + [End()]
)


def _position_a():
    return make_state(
        hands={0: "bread pb jelly ant fly"}, table={0: ["bread pb"], 1: ["bread jelly"]}
    )


def _position_b():
    return make_state(hands={0: "bread bread pb ant"}, table={1: ["bread pb"]})


def _position_c():
    return make_state(
        hands={1: "bread pb jelly ant fly"},
        table={0: ["bread", DONE], 1: ["bread pb jelly", "bread jelly"], 2: ["bread pb"]},
        fly=(2, 0),
        players=3,
        turn=1,
    )


def test_exact_moves_of_a_position_with_every_kind_of_card():
    assert legal_moves(_position_a()) == (
        Play(JELLY, 0),
        Ant(1, 0, 0),
        Fly(0, 0),
        Fly(1, 0),
        End(),
    )


def test_exact_moves_of_a_player_without_a_sandwich():
    # pb has nowhere to go, the ant has no own sandwich to carry to
    assert legal_moves(_position_b()) == (Play(BREAD), End())


def test_exact_moves_with_two_open_sandwiches():
    assert legal_moves(_position_c()) == (
        Play(BREAD, 0),
        Play(PB, 0),
        Play(PB, 1),
        Ant(0, 0, 0),
        Fly(0, 0),
        Fly(0, 1),
        Fly(1, 0),
        Fly(1, 1),
        End(),
    )


def test_exact_moves_at_a_chance_node():
    state = make_state(hands={0: "jelly*12"}, phase=Phase.DRAW)
    assert legal_moves(state) == (Draw(BREAD), Draw(PB), Draw(ANT), Draw(FLY))


def test_the_order_is_stable():
    for build in (_position_a, _position_b, _position_c):
        first = legal_moves(build())
        assert legal_moves(build()) == first
        assert len(set(first)) == len(first)
        # the order does not depend on the hidden cards of the other seats or the draw pile
        state = build()
        other = (state.turn + 1) % state.players
        hidden = sum(state.hands[other]) + sum(state.draw_pile)
        for seed in range(5):
            shuffled = determinize(view(state, state.turn), random.Random(seed))
            assert legal_moves(shuffled) == first
        assert hidden > 0


def _accepted(state):
    accepted = set()
    for move in UNIVERSE:
        try:
            apply(state, move)
        except IllegalMove:
            continue
        accepted.add(move)
    return accepted


@pytest.mark.parametrize("build", [_position_a, _position_b, _position_c])
def test_legal_moves_are_exactly_the_moves_apply_accepts(build):
    state = build()
    assert set(legal_moves(state)) == _accepted(state)


@pytest.mark.parametrize("seed", range(4))
def test_legal_moves_match_apply_through_whole_games(seed):
    rng = random.Random(seed)
    state = new_game(2 + seed % 3)
    steps = 0
    while not is_over(state) and steps < 400:
        check(state)
        moves = legal_moves(state)
        assert set(moves) == _accepted(state), state
        if state.phase in (Phase.DEAL, Phase.DRAW):
            move = sample_chance(state, rng)
            assert move in moves
        else:
            move = rng.choice(moves)
        state = apply(state, move)
        steps += 1
    check(state)


def _reference_moves(state):
    """legal_moves written again from the named rules alone, slowly, to catch any drift
    between the rules and the move generator's inlined copies of them."""
    from picnic_rules.sandwich import (
        ant_may_steal,
        bread_may_close,
        is_finished,
        may_start_new_sandwich,
        must_discard,
        spread_may_sit_on,
    )
    from picnic_rules.sandwich.predicates import covered_by_fly

    seat, hand, table, fly = state.turn, state.hands[state.turn], state.table, state.fly

    def open_ones(owner):
        return [
            i
            for i, s in enumerate(table[owner])
            if not is_finished(s) and not covered_by_fly(fly, owner, i)
        ]

    mine = open_ones(seat)
    plays = []
    if hand[BREAD]:
        if may_start_new_sandwich(table, fly, seat):
            plays.append(Play(BREAD))
        plays += [Play(BREAD, i) for i in mine if bread_may_close(table[seat][i])]
    for spread in (PB, JELLY):
        if hand[spread]:
            plays += [Play(spread, i) for i in mine if spread_may_sit_on(spread, table[seat][i])]
    if hand[ANT]:
        for victim in range(len(table)):
            for j in open_ones(victim) if victim != seat else ():
                plays += [
                    Ant(victim, j, i)
                    for i in mine
                    if ant_may_steal(table[victim][j], table[seat][i])
                ]
    if hand[FLY]:
        plays += [
            Fly(owner, j)
            for owner in range(len(table))
            for j in range(len(table[owner]))
            if not covered_by_fly(fly, owner, j)
        ]
    if must_discard(state):
        assert not plays and not state.played and any(hand)
        return tuple(Discard(card) for card in Card if hand[card])
    return (*plays, End())


@pytest.mark.parametrize(
    ("players", "rules"),
    [(2, "default"), (3, "ant-swarm"), (4, "small-deck"), (2, "short-limit")],
)
def test_the_move_generator_agrees_with_the_named_rules(players, rules):
    from picnic_rules.sandwich import VARIANTS

    rng = random.Random(players)
    seen = set()
    for _ in range(15):
        state = new_game(players, VARIANTS[rules])
        while not is_over(state):
            if state.phase is Phase.ACT:
                moves = legal_moves(state)
                assert moves == _reference_moves(state)
                seen |= {type(m) for m in moves}
                state = apply(state, rng.choice(moves))
            else:
                state = apply(state, sample_chance(state, rng))
    assert seen == {Play, Ant, Fly, Discard, End}
