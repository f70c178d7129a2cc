"""Build small hand-made insects positions for scenario tests.

``make_state`` takes hands and piles written in words ("2 red fly, joker fly,
swatter"), fills every hand up to the hand size with filler cards (boots, then
spray, by default; ``filler=()`` for none) and puts every card not named anywhere into the deck, then runs
``check`` so that a scenario that breaks an invariant fails loudly instead of
testing nonsense.

>>> s = make_state(hands={0: "2 red fly, swatter"}, piles=["red ant"])
>>> s.hands[0][Card.RED_FLY], sum(s.hands[0]), s.piles, sum(s.deck)
(2, 8, ((Card.RED_ANT,),), 109)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pytest

from picnic_rules import IllegalMove
from picnic_rules.insects import (
    KINDS,
    Card,
    Move,
    Phase,
    Rules,
    State,
    apply,
    check,
    legal_moves,
    move_from_str,
)

__all__ = ["apply_all", "cards", "counts", "illegal", "make_state", "moves", "play"]


def cards(text: str) -> list[Card]:
    """``"2 red fly, joker fly, swatter"`` as a list of cards."""
    found: list[Card] = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        words = part.split()
        n = 1
        if words[0].isdigit():
            n, words = int(words[0]), words[1:]
        name = " ".join(words)
        card = next(c for c in Card if str(c) == name)
        found += [card] * n
    return found


def counts(text: str) -> tuple[int, ...]:
    """``"2 red fly, swatter"`` as counts per card kind."""
    values = [0] * KINDS
    for card in cards(text):
        values[card] += 1
    return tuple(values)


def make_state(
    *,
    hands: Mapping[int, str] | None = None,
    piles: Iterable[str] = (),
    players: int = 2,
    rules: Rules | None = None,
    food: tuple[int, ...] | None = None,
    captured: tuple[int, ...] | None = None,
    scored: Mapping[int, str] | None = None,
    turn: int = 0,
    phase: Phase = Phase.TURN,
    last: int | None = None,
    last_count: int = 0,
    draws: int = 0,
    again: bool = False,
    bought: bool = False,
    food_out: int | None = None,
    filler: tuple[Card, ...] = (Card.BOOTS, Card.SPRAY),
    deck: str | None = None,
    checked: bool = True,
) -> State:
    """A position; unnamed cards go to the deck. With ``deck`` given the deck is exactly
    that, and the cards left over go into the last seat's score pile."""
    rules = rules or Rules()
    hands = hands or {}
    scored = scored or {}
    each = rules.food_for(players)
    named = [cards(hands.get(seat, "")) for seat in range(players)]
    spare = {c: rules.deck[c] - sum(h.count(c) for h in named) for c in filler}
    hand_counts = []
    for held in named:
        for card in filler:
            while len(held) < rules.hand_size and spare[card] > 0:
                held.append(card)
                spare[card] -= 1
        hand_counts.append(tuple(held.count(c) for c in Card))
    pile_cards = tuple(tuple(cards(p)) for p in piles)
    score_counts = tuple(counts(scored.get(seat, "")) for seat in range(players))
    left = list(rules.deck)
    for c in (*hand_counts, *score_counts):
        for kind, n in enumerate(c):
            left[kind] -= n
    for pile in pile_cards:
        for card in pile:
            left[card] -= 1
    if deck is not None:
        wanted = counts(deck)
        assert all(w <= n for w, n in zip(wanted, left, strict=True)), "deck cards used elsewhere"
        # the rest of the deck leaves through a spare score pile: the last seat's
        extra = tuple(n - w for n, w in zip(left, wanted, strict=True))
        score_counts = (
            *score_counts[:-1],
            tuple(a + b for a, b in zip(score_counts[-1], extra, strict=True)),
        )
        left = list(wanted)
    assert all(n >= 0 for n in left), f"more cards named than the deck holds: {left}"
    food = food if food is not None else (each,) * players
    captured = captured if captured is not None else (0,) * players
    out = food_out if food_out is not None else rules.food - sum(food) - sum(captured)
    state = State(
        rules=rules,
        hands=tuple(hand_counts),
        deck=tuple(left),
        piles=pile_cards,
        food=food,
        captured=captured,
        scored=score_counts,
        food_out=out,
        phase=phase,
        turn=turn,
        draws=draws,
        again=again,
        bought=bought,
        last=last,
        last_count=last_count,
        reason=None,
    )
    if checked:
        check(state)
    return state


def play(state: State, text: str) -> State:
    """``state`` after the move written ``text`` (which must be legal)."""
    move = move_from_str(text)
    assert move in legal_moves(state), (
        f"{text!r} is not legal: {[str(m) for m in legal_moves(state)]}"
    )
    return apply(state, move)


def apply_all(state: State, texts: Iterable[str]) -> State:
    """``state`` after each move in turn, checking every state on the way."""
    for text in texts:
        state = play(state, text)
        check(state)
    return state


def moves(state: State) -> list[str]:
    """The legal moves, in notation."""
    return [str(m) for m in legal_moves(state)]


def illegal(state: State, text: str, match: str) -> None:
    """``text`` is refused in ``state`` with a reason matching ``match``."""
    move: Move = move_from_str(text)
    with pytest.raises(IllegalMove, match=match):
        apply(state, move)
