"""Observations are checked, not trusted: a forged one is refused or leads to a view that can be.

Issue 16: ``update`` works out the next view from the view and the observed
move alone (the seat to act, the phase, the end and its reason, the counts),
so an observation that disagrees with the view is refused. Over real
histories, every one-place forgery of one observation
(:func:`picnic_rules.testing.mutations.mutants`: another seat or actor, a
card swapped, a sandwich number moved, a hidden card shown or a shown move
hidden) is refused with the documented errors, or gives a view that
``check_view`` accepts; and ``follow`` refuses a forged history with
:class:`~picnic_rules.IllegalMove`.
"""

from __future__ import annotations

import attrs
import pytest

from picnic_rules import IllegalMove, InvalidState, PicnicError, RandomAgent, play
from picnic_rules.history import follow, seat_record
from picnic_rules.sandwich import (
    VARIANTS,
    Card,
    End,
    Observation,
    Play,
    View,
    check_view,
    update,
)
from picnic_rules.testing.mutations import mutants

GAMES = [
    ("default", 2, 1),
    ("ant-swarm", 3, 2),
    ("small-deck", 4, 3),
    ("short-limit", 2, 4),
    ("second-player-starts", 3, 5),
]


def _history(variant: str, players: int, seed: int, seat: int) -> tuple[tuple[View, ...], tuple]:
    record = play(
        "sandwich", [RandomAgent() for _ in range(players)], rules=VARIANTS[variant], seed=seed
    )
    history = seat_record(record, seat)
    return follow(history), history.observations


@pytest.mark.parametrize(("variant", "players", "seed"), GAMES)
def test_every_forged_observation_is_refused_or_leads_to_a_possible_view(
    variant: str, players: int, seed: int
) -> None:
    refused = followed = 0
    for seat in range(players):
        views, observations = _history(variant, players, seed, seat)
        for before, observation in zip(views, observations, strict=False):
            for forged in mutants(observation):
                if forged == observation:
                    continue
                try:
                    after = update(before, forged)
                except PicnicError:  # IllegalMove, or an observation of another seat
                    refused += 1
                    continue
                followed += 1
                try:
                    check_view(after)
                except InvalidState as error:
                    pytest.fail(f"{observation} forged as {forged} gives a view: {error}")
    assert refused > followed > 0


def test_a_forged_actor_is_refused() -> None:
    views, observations = _history("default", 2, 1, 0)
    for before, observation in zip(views, observations, strict=False):
        try:
            other = attrs.evolve(observation, actor=1 - observation.actor)
        except PicnicError:  # a card shown to a seat that cannot see it: no observation at all
            continue
        with pytest.raises(IllegalMove, match=r"(is to act|a card goes to seat \d), not seat"):
            update(before, other)


def test_a_forged_history_is_refused_by_follow() -> None:
    record = play("sandwich", [RandomAgent(), RandomAgent()], seed=8)
    history = seat_record(record, 0)
    number = next(
        i for i, o in enumerate(history.observations) if isinstance(o.move, End) and o.actor == 0
    )
    forged = (
        *history.observations[:number],
        Observation(0, 0, Play(Card.JELLY, 5)),
        *history.observations[number + 1 :],
    )
    with pytest.raises(
        IllegalMove, match=f"^illegal move 'play jelly on 5': observation {number + 1}: "
    ):
        follow(attrs.evolve(history, observations=forged))
