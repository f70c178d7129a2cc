"""The ants engine's speed changes nothing: games played with every cache, remembered answer
and interned value of :mod:`picnic_rules.ants.fast` cleared at each step reach the same legal
moves and states as normal play."""

from __future__ import annotations

import random

import attrs
import pytest

from picnic_rules import CHANCE
from picnic_rules.ants import (
    VARIANTS,
    Phase,
    State,
    apply,
    is_over,
    legal_moves,
    new_game,
    to_move,
)
from picnic_rules.ants.agent import value, value_as_it_stands
from picnic_rules.ants.fast import clear_caches
from picnic_rules.ants.toss import sample_chance


def _game(seed: int, players: int, variant: str, clear: bool) -> list[object]:
    """Every state and legal-move list of a seeded random game, clearing the caches at each
    step when ``clear``."""
    rng = random.Random(seed)
    state = new_game(players, VARIANTS[variant])
    seen: list[object] = [state]
    while not is_over(state):
        if clear:
            clear_caches()
        if to_move(state) is CHANCE:
            move = sample_chance(state, rng)
        else:
            moves = legal_moves(state)
            seen.append(moves)
            move = rng.choice(moves)
        if clear:
            clear_caches()
        state = apply(state, move)
        seen.append(state)
    return seen


@pytest.mark.parametrize(
    ("seed", "players", "variant"),
    [
        (1, 2, "default"),
        (2, 3, "default"),
        (3, 4, "default"),
        (4, 2, "short"),
        (5, 4, "short"),
        (6, 3, "majority-only"),
    ],
)
def test_games_with_caches_cleared_at_each_step_are_the_same(
    seed: int, players: int, variant: str
) -> None:
    normal = _game(seed, players, variant, clear=False)
    cleared = _game(seed, players, variant, clear=True)
    assert len(normal) == len(cleared)
    for step, (a, b) in enumerate(zip(normal, cleared, strict=True)):
        assert a == b, step


def test_a_colony_grown_by_a_placement_has_the_spots_of_the_same_colony_built_anew() -> None:
    from picnic_rules.ants import CARD_KINDS, fast
    from picnic_rules.ants.colony import cell_of
    from picnic_rules.ants.state import Placed

    rng = random.Random(5)
    for game in range(8):
        grown: tuple[Placed, ...] = ()
        for size in range(10):
            if size == 5 and game % 2:  # the colonies it grew from are forgotten
                clear_caches()
            spots = fast.spots_of(grown)  # from the colony it grew from, by identity
            anew = tuple(list(grown))  # the same cards, another tuple: worked out by value
            assert anew is not grown or not grown
            fast._spots.cache_clear()
            assert spots == fast._spots(anew), (game, size)
            if not spots and grown:
                break
            code = rng.choice(spots) if grown else rng.randrange(4)
            x, y = cell_of(code >> 2)
            grown = fast.colony_with(grown, Placed(rng.choice(CARD_KINDS), x, y, code & 3))


def test_where_a_seats_dice_are_is_that_of_the_dice_asked_about_not_the_last() -> None:
    from ants_scenario import PUDDLE, loose, on, table

    from picnic_rules.ants import fast
    from picnic_rules.ants.toss import sample_landing

    before = table(dice={0: {1: on(4, face=3)}, 1: {0: on(3, 4, face=2)}})
    after = table(
        dice={0: {1: loose(3), 2: PUDDLE}, 1: {0: on(4, face=2), 4: on(4, face=1)}}, round=2
    )
    ants = [0] * 9
    # the ants on each position, the dice on cards, how many at home and on the Puddle
    assert fast.seat_dice(before.dice[0]) == (
        (*ants[:4], 3, *ants[5:]),
        ((1, before.dice[0][1]),),
        5,
        0,
    )
    assert fast.seat_dice(before.dice[1]) == (
        (*ants[:3], 2, 2, *ants[5:]),
        ((0, before.dice[1][0]),),
        5,
        0,
    )
    # seat 0's dice after: none on cards; seat 1's: two dice on card 4 only
    assert fast.seat_dice(after.dice[0]) == (tuple(ants), (), 4, 1)
    assert fast.seat_dice(after.dice[1]) == (
        (*ants[:4], 3, *ants[5:]),
        ((0, after.dice[1][0]), (4, after.dice[1][4])),
        4,
        0,
    )
    # a landing on card 4 drawn just after the dice before were asked about knocks and
    # touches the dice there now, as with every answer forgotten; so does the computer's
    # value of the area as it stands
    for seed in range(40):
        fast.seat_dice(before.dice[0])
        fast.seat_dice(before.dice[1])
        landing = sample_landing(tossed(after), random.Random(seed))
        judged = value_as_it_stands(after)  # card 4 to seat 1, three ants to none
        clear_caches()
        assert landing == sample_landing(tossed(after), random.Random(seed)), seed
        assert judged == value(attrs.evolve(after, won=((), (after.area[4],))))


def tossed(state: State) -> State:
    """``state`` with seat 0's Soldier in the air, tossed at card 4."""
    return attrs.evolve(state, phase=Phase.LAND, tossing=0, target=4)


def test_the_mean_throw_is_that_of_the_rules_asked_about_not_the_last() -> None:
    from picnic_rules.ants import DieKind, Rules, fast

    plain, heavy = Rules(), Rules(worker_faces=(3, 3, 4, 4, 5, 5))
    assert fast.mean_throw(plain, DieKind.WORKER) == 17 / 6  # 1, 2, 3, 3, 4, 4
    assert fast.mean_throw(heavy, DieKind.WORKER) == 4.0
    assert fast.mean_throw(plain, DieKind.WORKER) == 17 / 6
    assert fast.mean_throw(plain, DieKind.SCOUT) == 2.0  # 1, 1, 2, 2, 3, 3
