"""Build small hand-made sandwich positions for scenario tests.

``make_state`` takes hands and a table written in notation words and puts every
card of the deck that is not named anywhere into the draw pile (or the discard
pile when the draw pile is given), then runs ``check`` so that a scenario that
breaks an invariant fails loudly instead of testing nonsense.

>>> s = make_state(hands={0: "bread pb"}, table={1: ["bread jelly"]})
>>> s.hands[0], s.table[1], sum(s.draw_pile)
((1, 1, 0, 0, 0), ((Card.BREAD, Card.JELLY),), 50)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping

import pytest

from picnic_rules import IllegalMove
from picnic_rules.sandwich import Card, Phase, Rules, State, apply, check

__all__ = [
    "ANT",
    "BREAD",
    "FLY",
    "JELLY",
    "PB",
    "apply_all",
    "counts",
    "deck_rules",
    "illegal",
    "make_state",
    "sandwich",
]

BREAD, PB, JELLY, ANT, FLY = Card


def counts(text: str) -> tuple[int, int, int, int, int]:
    """``"bread bread pb"`` -> ``(2, 1, 0, 0, 0)``; ``"pb*3"`` means three peanut butters."""
    result = [0] * 5
    for word in text.split():
        name, _, times = word.partition("*")
        result[_card(name)] += int(times) if times else 1
    return tuple(result)  # type: ignore[return-value]


def _card(word: str) -> Card:
    names = {"bread": BREAD, "pb": PB, "jelly": JELLY, "ant": ANT, "fly": FLY}
    if word not in names:
        raise ValueError(f"scenario: {word!r} is not a card name")
    return names[word]


def sandwich(text: str) -> tuple[Card, ...]:
    """``"bread pb jelly"`` -> the sandwich tuple, bottom first."""
    return tuple(_card(word) for word in text.split())


def deck_rules(
    bread: int = 0, pb: int = 0, jelly: int = 0, ants: int = 0, flies: int = 0, **options: int
) -> Rules:
    """Rules with a small deck, for positions where the pool must be exact."""
    return Rules(bread=bread, peanut_butter=pb, jelly=jelly, ants=ants, flies=flies, **options)


def make_state(
    hands: Mapping[int, str] | None = None,
    table: Mapping[int, Iterable[str]] | None = None,
    *,
    players: int = 2,
    fly: tuple[int, int] | None = None,
    draw: str | None = None,
    discard: str | None = None,
    phase: Phase = Phase.ACT,
    turn: int = 0,
    played: bool | None = None,
    actions: int | None = None,
    reason: str | None = None,
    rules: Rules | None = None,
    validate: bool = True,
) -> State:
    """A position with the given hands, table and fly; the rest of the deck fills a pile.

    With ``draw=None`` the unnamed cards form the draw pile; with ``draw`` given
    and ``discard=None`` they form the discard pile; with both given there must
    be no card left over (``check`` fails otherwise). Without ``actions``, the
    fewest actions the position shows were taken (at least one, and the whole
    limit for a ``"sixty-actions"`` end): ``check`` refuses an action count
    that the cards played contradict. Without ``played``, the seat to act has
    played a card only where the position shows it must have: a game ended by
    a play, or an empty hand although the turn's draw found a card.
    """
    rules = Rules() if rules is None else rules
    hands = hands or {}
    table = table or {}
    hand_counts = tuple(counts(hands.get(seat, "")) for seat in range(players))
    sandwiches = tuple(tuple(sandwich(s) for s in table.get(seat, ())) for seat in range(players))
    used = [sum(h[c] for h in hand_counts) for c in range(5)]
    for seat_sandwiches in sandwiches:
        for s in seat_sandwiches:
            for card in s:
                used[card] += 1
    draw_counts = counts(draw) if draw is not None else None
    discard_counts = counts(discard) if discard is not None else None
    for pile in (draw_counts, discard_counts):
        if pile is not None:
            used = [u + n for u, n in zip(used, pile, strict=True)]
    rest = tuple(total - u for total, u in zip(rules.deck, used, strict=True))
    if any(n < 0 for n in rest):
        raise ValueError(f"scenario uses more cards than the deck has: {rest}")
    if draw_counts is None:
        draw_counts = rest  # type: ignore[assignment]
        discard_counts = discard_counts or (0, 0, 0, 0, 0)
    elif discard_counts is None:
        discard_counts = rest  # type: ignore[assignment]
    if played is None:
        hand = hand_counts[turn] if turn in range(players) else ()
        played = _must_have_played(hand, draw_counts, discard_counts, phase, reason)
    if actions is None:
        actions = _fewest_actions(sandwiches, discard_counts, rules, reason)
    state = State(
        rules=rules,
        hands=hand_counts,
        draw_pile=draw_counts,
        discard_pile=discard_counts,
        table=sandwiches,
        fly=fly,
        phase=phase,
        turn=turn,
        played=played,
        actions=actions,
        dealt=players * rules.hand_size,
        reason=reason,
    )
    if validate:
        check(state)
    return state


def _must_have_played(
    hand: tuple[int, ...],
    draw: tuple[int, ...],
    discard: tuple[int, ...],
    phase: Phase,
    reason: str | None,
) -> bool:
    """Whether only a seat that played this turn can be in this position."""
    if phase is Phase.OVER:
        return reason in ("three-sandwiches", "stuck")
    return phase is Phase.ACT and not any(hand) and bool(any(draw) or any(discard))


def _fewest_actions(
    table: tuple[tuple[tuple[Card, ...], ...], ...],
    discard: tuple[int, ...],
    rules: Rules,
    reason: str | None,
) -> int:
    """One action per card played or discarded while no sandwich is finished, at least one."""
    if reason == "sixty-actions":
        return rules.action_limit
    finished = any(len(s) > 1 and s[-1] is BREAD for seat in table for s in seat)
    played = 0 if finished else sum(map(len, itertools.chain(*table))) + sum(discard)
    return max(1, played)


def illegal(state: State, move: object, *words: str) -> IllegalMove:
    """Assert that ``apply(state, move)`` raises IllegalMove whose reason holds ``words``."""
    with pytest.raises(IllegalMove) as info:
        apply(state, move)  # type: ignore[arg-type]
    reason = info.value.reason
    for word in words:
        assert word in reason, f"{word!r} not in reason {reason!r}"
    assert info.value.move is move
    return info.value


def apply_all(state: State, *moves: object) -> State:
    """Apply several moves in a row, checking every state on the way."""
    for move in moves:
        state = apply(state, move)  # type: ignore[arg-type]
        check(state)
    return state
