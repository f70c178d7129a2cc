"""``check`` is closed under play: what it accepts, the rules can play on from.

Issue 16: for a state that ``check`` accepts, the game is over or has a legal
move, and every legal move (every card chance may draw) gives a state that
``check`` accepts, for several steps. The states probed are one-place
mutations (:func:`picnic_rules.testing.mutations.sample`) of states reached in
real games, so they are near the edge of what ``check`` lets in. The probe
itself is shown to find the gap in a ``check`` that forgets a rule.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
import pytest

from picnic_rules import InvalidState
from picnic_rules.sandwich import (
    VARIANTS,
    State,
    apply,
    check,
    is_over,
    legal_moves,
    new_game,
)
from picnic_rules.testing.mutations import sample

Check = Callable[[State], None]


def _accepts(check_: Check, state: State) -> bool:
    try:
        check_(state)
    except InvalidState:
        return False
    return True


def _gap(check_: Check, state: State, rng: random.Random, steps: int = 3) -> str | None:
    """Why play from ``state`` (which ``check_`` accepts) leaves what ``check_`` accepts, or None."""
    if is_over(state):
        return None
    legal = legal_moves(state)
    if not legal:
        return "the game goes on but nothing is legal"
    for move in legal:
        try:
            _follow(check_, state, move, rng, steps)
        except (AssertionError, LookupError, TypeError, ValueError) as error:
            return f"{move}: {type(error).__name__}: {error}"
    return None


def _follow(check_: Check, state: State, move: object, rng: random.Random, steps: int) -> None:
    """Play ``move``, then ``steps`` random moves; every state on the way must pass ``check_``."""
    child = apply(state, move)  # type: ignore[arg-type]
    for step in range(steps + 1):
        assert _accepts(check_, child), f"check refuses the state {step} steps after it"
        if is_over(child):
            return
        more = legal_moves(child)
        assert more, "the game goes on but nothing is legal"
        child = apply(child, rng.choice(more))


def _reached(players: int, variant: str, rng: random.Random, count: int) -> list[State]:
    state = new_game(players, VARIANTS[variant])
    states = [state]
    while not is_over(state):
        state = apply(state, rng.choice(legal_moves(state)))
        states.append(state)
    return rng.sample(states, min(count, len(states)))


def _probe(check_: Check, seed: int, games: int = 1) -> tuple[int, list[str]]:
    """Mutants accepted and the gaps found, over every variant and seat count."""
    rng = random.Random(seed)
    accepted, gaps = 0, []
    for variant in VARIANTS:
        for players in (2, 3, 4):
            for _ in range(games):
                for state in _reached(players, variant, rng, 8):
                    for mutant in sample(state, 12, rng):
                        if mutant == state or not _accepts(check_, mutant):
                            continue
                        accepted += 1
                        why = _gap(check_, mutant, rng)
                        if why is not None:
                            gaps.append(f"{variant}, {players} players: {why}\n  {mutant}")
    return accepted, gaps


@pytest.mark.parametrize("seed", [1, 2])
def test_play_from_any_state_check_accepts_stays_within_check(seed: int) -> None:
    accepted, gaps = _probe(check, seed)
    assert accepted > 100  # the mutants reach past shapes into positions check must judge
    assert gaps == []


def _forgets_the_deal(state: State) -> None:
    """A check that forgets what the deal shows: a seat given an extra card passes."""
    if state.phase.value != "deal":
        check(state)
        return
    # everything else of check, on a state whose deal counter agrees with the hands
    dealt = sum(map(sum, state.hands))
    check(attrs.evolve(state, dealt=dealt, turn=(state.rules.first_player + dealt) % state.players))


def test_the_probe_finds_the_gap_of_a_check_that_forgets_a_rule() -> None:
    _, gaps = _probe(_forgets_the_deal, 1, games=2)
    assert gaps, "the probe should find the states that a loose check lets in"
