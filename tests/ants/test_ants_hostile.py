"""Hostile input (issue 16): positions no game reaches, ill-typed and look-alike moves,
forged observations, and roll-off totals the dice cannot make.

Each test here failed on the code before the issue: ``check`` let in a Round card draw or
a roll-off in round 1, ``Toss(die=0, target=4)`` raised ``AttributeError`` while its
error was worded, ``Landing(3, [4])`` a bare ``TypeError``, look-alike moves were refused
or stored as given, and ``rolloff 6 7`` passed with dice that roll 1-4 or 9-12.
"""

from __future__ import annotations

import random
import subprocess
import sys

import attrs
import pytest
from ants_scenario import HOME, PUDDLE, card, loose, on, table

from picnic_rules import CHANCE, GAMES, IllegalMove, InvalidMove, InvalidState, play
from picnic_rules.agents import RandomAgent
from picnic_rules.ants import (
    GAME,
    DieKind,
    Keep,
    Knock,
    Landing,
    Observation,
    Phase,
    Place,
    Play,
    Retoss,
    Rolloff,
    RoundCard,
    Rules,
    Settle,
    State,
    Toss,
    apply,
    check,
    check_view,
    describe,
    legal_moves,
    move_from_str,
    move_group,
    observe,
    update,
    view,
)
from picnic_rules.history import follow, seat_record
from picnic_rules.testing.mutations import mutants

SOLDIER, W1, W2, W3, S1, S2 = range(6)


# ---------------------------------------------------------------- check


def test_round_one_has_no_round_card_draw_and_no_roll_off() -> None:
    """Seat 0 starts round 1: a Round card draw or a roll-off there is no reachable position
    (a Round card drawn from it gives a state ``check`` refuses)."""
    state = table(2)
    for phase in (Phase.ROUND_CARD, Phase.ROLLOFF):
        forged = attrs.evolve(state, phase=phase)
        if phase is Phase.ROLLOFF:
            forged = attrs.evolve(forged, tied=(0, 1))
        with pytest.raises(InvalidState, match="round 1 has no roll-off"):
            check(forged)
    with pytest.raises(InvalidState, match="seat 0 starts round 1"):
        check(attrs.evolve(state, starter=1, turn=1))
    check(attrs.evolve(table(2, round=2), phase=Phase.ROUND_CARD, used=(), turn=0))


# ---------------------------------------------------------------- moves are values


def test_an_ill_typed_toss_is_refused_with_the_documented_errors() -> None:
    state = table(2)
    bad = Toss(die=0, target=4)  # type: ignore[arg-type]
    assert str(bad) == "toss 0 at 4"  # words for the error, never an AttributeError
    with pytest.raises(InvalidMove, match="its die is 0, not a DieKind"):
        GAMES["ants"].move_as(state, state.turn, bad)
    with pytest.raises(IllegalMove, match="not a move of ants: its die is 0"):
        apply(state, bad)


@pytest.mark.parametrize(
    "move",
    [
        Landing(3, [4]),  # type: ignore[arg-type]
        Landing(3, (4,), False, [Knock(1, W1, (), 3)]),  # type: ignore[arg-type]
        Landing(3, (4,), "yes"),  # type: ignore[arg-type]
        Landing("3", (4,)),  # type: ignore[arg-type]
        Landing(3, ((4,),)),  # type: ignore[arg-type]
        Landing(3, (4,), True, (Knock(1.5, W1, (), 3),)),  # type: ignore[arg-type]
        Landing(3, (4,), True, (Knock(1, W1, [5], 3),)),  # type: ignore[arg-type]
        Landing(3, (4,), True, ("knock",)),  # type: ignore[arg-type]
    ],
)
def test_an_ill_typed_landing_is_an_illegal_move(move: Landing) -> None:
    state = apply(table(2, dice={1: {W1: on(4, face=3)}}), Toss(DieKind.WORKER, 4))
    with pytest.raises(IllegalMove) as error:
        apply(state, move)
    assert error.value.reason.startswith("not a move of ants") or "no face" in error.value.reason


def _same_and_proper(state: State, look_alike: object, proper: object) -> State:
    """``look_alike`` applies exactly as ``proper``, and the state holds only proper values."""
    got = apply(state, look_alike)  # type: ignore[arg-type]
    assert got == apply(state, proper)  # type: ignore[arg-type]
    assert repr(got) == repr(apply(state, proper))  # type: ignore[arg-type]
    check(got)
    return got


def test_look_alike_moves_are_applied_as_the_proper_move() -> None:
    state = table(2, dice={1: {W1: on(4, face=3)}})
    _same_and_proper(state, Toss(DieKind.WORKER, 4.0), Toss(DieKind.WORKER, 4))  # type: ignore[arg-type]
    listed = GAME.move_as(state, 0, Toss(DieKind.WORKER, 4.0))  # type: ignore[arg-type]
    assert listed in legal_moves(state) and type(listed.target) is int  # type: ignore[union-attr]
    tossed = apply(state, Toss(DieKind.WORKER, 4))
    landed = _same_and_proper(
        tossed,
        Landing(3.0, (4.0, 5), 1, (Knock(True, 1.0, (5.0,), 4.0),)),  # type: ignore[arg-type]
        Landing(3, (4, 5), True, (Knock(1, 1, (5,), 4),)),
    )
    assert type(landed.dice[0][W1].face) is int and type(landed.dice[1][W1].cards[0]) is int
    scout = apply(table(2), Toss(DieKind.SCOUT, 4))
    after = apply(scout, Landing(1, ()))
    assert after.phase is Phase.AFTER
    _same_and_proper(after, Retoss(4.0), Retoss(4))  # type: ignore[arg-type]


def test_look_alike_settles_places_and_plays() -> None:
    settle = attrs.evolve(
        table(2, round=2, dice={0: {W2: on(4, 5, face=2)}}, check_it=False),
        phase=Phase.SETTLE,
        dice=((HOME, HOME, on(4, 5, face=2), HOME, HOME, HOME), (HOME,) * 6),
    )
    check(settle)
    _same_and_proper(settle, Settle(2.0, 5), Settle(2, 5))  # type: ignore[arg-type]
    with pytest.raises(IllegalMove, match="not a move of ants"):
        apply(settle, Settle("worker2", 5))  # type: ignore[arg-type]
    honey = table(2, round=2, held=((RoundCard.HONEY,), ()), used=())
    _same_and_proper(
        honey,
        Play(RoundCard.HONEY, -1.0, -1, 4.0),  # type: ignore[arg-type]
        Play(RoundCard.HONEY, -1, -1, 4),
    )
    place = _placing()
    move = legal_moves(place)[0]
    assert isinstance(move, Place)
    look_alike = Place(
        attrs.evolve(move.card, ants=float(move.card.ants)),
        float(move.x),
        move.y,
        move.turn,
        0,  # type: ignore[arg-type]
    )
    assert look_alike == move
    got = _same_and_proper(place, look_alike, move)
    assert type(got.colonies[0][0].card.ants) is int and got.colonies[0][0].planner is False
    with pytest.raises(IllegalMove, match="not a move of ants"):
        apply(place, Place([move.card], 0, 0, 0))  # type: ignore[arg-type]


def _placing() -> State:
    """Seat 0 won card 4 in round 1 and is to place it."""
    state = table(
        2, dice={0: {i: loose(1) for i in range(1, 6)}, 1: {i: loose(1) for i in range(6)}}
    )
    state = apply(state, Toss(DieKind.SOLDIER, 4))
    state = apply(state, Landing(3, (4,)))
    assert state.phase is Phase.PLACE and state.turn == 0
    return state


def test_a_place_is_checked_without_assert() -> None:
    """Under ``python -O`` (asserts gone) an ill-typed or foreign move is still refused."""
    code = (
        "from picnic_rules.ants import *\n"
        "from picnic_rules import IllegalMove\n"
        "import random\n"
        "s = new_game(2); r = random.Random(0)\n"
        "while to_move(s) is not None and s.phase is not Phase.PLACE:\n"
        "    s = apply(s, sample_chance(s, r) if s.phase.value in "
        "('setup','fill','land','rolloff','round-card') else r.choice(legal_moves(s)))\n"
        "for m in (Place(0, 0, 0, 0), Keep(), Place(s.won[s.turn][0], 0, 0, 7)):\n"
        "    try:\n"
        "        apply(s, m)\n"
        "    except IllegalMove:\n"
        "        pass\n"
        "print('refused')\n"
    )
    done = subprocess.run(
        [sys.executable, "-O", "-c", code], capture_output=True, text=True, timeout=60
    )
    assert done.stdout.strip() == "refused", done.stderr


def test_moves_with_ill_typed_fields_still_have_words() -> None:
    for move in (
        Toss(0, 4),  # type: ignore[arg-type]
        Play("honey"),  # type: ignore[arg-type]
        Play([1]),  # type: ignore[arg-type]
        Knock("a", "b", "c", "d"),  # type: ignore[arg-type]
        Landing(1, 2, 3, 4),  # type: ignore[arg-type]
        Rolloff(5),  # type: ignore[arg-type]
        Settle(None, None),  # type: ignore[arg-type]
    ):
        assert isinstance(str(move), str)


def test_notation_raises_only_the_documented_errors() -> None:
    state = table(2)
    for text in ("toss worker at 4.0", "land 3 on 4,", "rolloff", "place x at 1,1 turn 0"):
        with pytest.raises((InvalidMove, IllegalMove)):
            GAME.parse_move(state, text)
    with pytest.raises(InvalidMove):
        move_from_str(4)  # type: ignore[arg-type]


# ---------------------------------------------------------------- roll-off totals


def _rolloff(rules: Rules) -> State:
    """Round 2, seats 0 and 1 tied with a Soldier and a Worker each at home (the rest on the
    Puddle)."""
    own = (HOME, HOME, PUDDLE, PUDDLE, PUDDLE, PUDDLE)
    state = table(2, rules=rules, round=2, used=(), check_it=False)
    state = attrs.evolve(state, phase=Phase.ROLLOFF, dice=(own, own), tied=(0, 1))
    check(state)
    return state


def test_roll_off_totals_are_sums_the_dice_can_make() -> None:
    state = _rolloff(Rules(worker_faces=(1, 1, 1, 9, 9, 9)))  # Soldier 0-3 + Worker 1 or 9
    with pytest.raises(IllegalMove, match="cannot roll 6: it rolls 1 to 4 or 9 to 12"):
        apply(state, Rolloff((6, 7)))
    with pytest.raises(IllegalMove, match="seat 1's anthill cannot roll 8"):
        apply(state, Rolloff((4, 8)))
    assert apply(state, Rolloff((4, 12))).starter == 1
    rng = random.Random(0)
    for _ in range(50):  # what chance draws is always a total the dice can make
        apply(state, GAME.sample_chance(state, rng))


def test_roll_off_totals_under_the_default_faces() -> None:
    state = _rolloff(Rules())
    assert apply(state, Rolloff((1, 7))).starter == 1
    with pytest.raises(IllegalMove, match="it rolls 1 to 7"):
        apply(state, Rolloff((0, 7)))


# ---------------------------------------------------------------- observations


def test_an_observation_of_another_seat_is_an_illegal_move() -> None:
    state = table(2)
    seen = observe(state, Toss(DieKind.WORKER, 4), 0)
    with pytest.raises(IllegalMove, match="not of seat 1"):
        update(view(state, 1), seen)


def test_forged_observations_are_refused_or_harmless() -> None:
    """One field of one observation of a real history changed: ``follow`` refuses it with
    IllegalMove, or every view it yields is one ``check_view`` accepts."""
    rng = random.Random(5)
    record = play("ants", [RandomAgent(), RandomAgent()], seed=5, rules=Rules(round_cards_dealt=1))
    history = seat_record(record, 1)
    observations = history.observations
    refused = accepted = 0
    for index in sorted(rng.sample(range(len(observations)), 16)):
        for forged in mutants(observations[index]):
            if forged == observations[index]:
                continue
            changed = (*observations[:index], forged, *observations[index + 1 : index + 4])
            try:
                views = follow(attrs.evolve(history, observations=changed), GAME)
            except IllegalMove:
                refused += 1
                continue
            for seen in views[index + 1 :]:
                check_view(seen)
            accepted += 1
    assert refused > 50 and accepted > 0


def test_a_chance_node_never_takes_a_move_of_a_seat() -> None:
    state = apply(table(2), Toss(DieKind.WORKER, 4))
    assert GAME.to_move(state) is CHANCE
    for move in (Keep(), Toss(DieKind.WORKER, 4), Place(card("blue-cookie"), 0, 0, 0)):
        with pytest.raises(IllegalMove, match="chance gives the landing"):
            apply(state, move)


def test_a_look_alike_is_observed_and_described_as_the_move_it_equals() -> None:
    state = table(2, dice={1: {W1: on(4, face=3)}})
    look_alike = Toss(DieKind.WORKER, 4.0)  # type: ignore[arg-type]
    seen = observe(state, look_alike, 1)
    assert type(seen.move.target) is int  # type: ignore[union-attr]
    assert update(view(state, 1), seen) == view(apply(state, Toss(DieKind.WORKER, 4)), 1)
    settle = attrs.evolve(
        table(2, round=2, check_it=False),
        phase=Phase.SETTLE,
        dice=((HOME, HOME, on(4, 5, face=2), HOME, HOME, HOME), (HOME,) * 6),
    )
    forged = Observation(0, Settle(2.0, 5))  # type: ignore[arg-type]
    assert describe(view(settle, 0), forged) == (
        "you move your worker showing 2 ants on cards 4 and 5 onto card 5 (green cookie) only"
    )


def test_a_look_alike_is_grouped_as_the_move_it_equals() -> None:
    assert move_group(Settle(2.0, 5)) == move_group(Settle(2, 5)) == ("settle worker2", "5")  # type: ignore[arg-type]
    with pytest.raises(IllegalMove, match="not a move of ants"):
        move_group(Settle("worker2", 5))  # type: ignore[arg-type]
