"""Small positions for the poultry scenario tests, built from a few words.

``table(players, {seat: "duck 6 + red fox 5"}, {"blue": (1, 0, 2)})`` is the
moment before the reveal: those cards committed, that grain in those yards,
every other card in the deck; the grain the test does not name is put in a
yard without cards (or eaten by nobody's stock otherwise) so that the bag fits
round 1 and :func:`~picnic_rules.poultry.check` accepts the state.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs

from picnic_rules import CHANCE
from picnic_rules.poultry import (
    COLOURS,
    YARDS,
    Card,
    Colour,
    Move,
    Phase,
    Rules,
    State,
    apply,
    card_from_str,
    chance_outcomes,
    check,
    legal_moves,
    move_from_str,
    new_game,
    to_move,
)


def cards(text: str) -> tuple[Card, ...]:
    """``"duck 6 + red fox 5"`` as cards."""
    return tuple(card_from_str(part) for part in text.split("+") if part.strip())


def table(
    players: int,
    played: Mapping[int, str],
    yards: Mapping[str, tuple[int, int, int]],
    *,
    rules: Rules | None = None,
    hands: Mapping[int, str] | None = None,
    phase: Phase = Phase.REVEAL,
) -> State:
    """The state before the reveal of round 1 with these commitments and yards (with
    ``phase=Phase.COMMIT`` and no commitments: seat 0 or the first seat with cards to commit)."""
    rules = rules or Rules()
    state = new_game(players, rules)
    index = rules.index
    deck = list(rules.deck)
    commitments: list[tuple[Card, ...]] = [()] * players
    for seat, text in played.items():
        commitments[seat] = tuple(sorted(cards(text), key=lambda c: index[c]))
        for card in commitments[seat]:
            deck[index[card]] -= 1
    held = []
    for seat in range(players):
        hand = [0] * len(deck)
        for card in cards((hands or {}).get(seat, "")):
            hand[index[card]] += 1
            deck[index[card]] -= 1
        held.append(tuple(hand))
    grain = [[0, 0, 0] for _ in range(YARDS)]
    for name, triple in yards.items():
        grain[Colour(name).index] = list(triple)
    supplied = sum(map(sum, grain))
    rounds = max(1, -(-supplied // YARDS))
    spare = rounds * YARDS - supplied
    used = {card.colour for cs in commitments for card in cs}
    free = [
        y for y, colour in enumerate(COLOURS) if colour not in used and colour.value not in yards
    ]
    assert free or not spare, "no free yard for the spare grain"
    if spare:
        grain[free[0]][0] += spare
    bag = tuple(total - sum(g[i] for g in grain) for i, total in enumerate(rules.grain))
    state = attrs.evolve(
        state,
        hands=tuple(held),
        deck=tuple(deck),
        played=tuple(commitments),
        bag=bag,
        yards=tuple(tuple(g) for g in grain),
        phase=phase,
        round=rounds,
        turn=next((s for s in range(players) if any(held[s])), 0) if phase is Phase.COMMIT else 0,
    )
    check(state)
    return state


def play(state: State, *moves: str | Move, rolls: Iterable[int] = ()) -> State:
    """Apply ``moves`` (notation or moves) in order, checking every state; forced steps
    (one outcome) are taken on the way, and a duel's rolls come from ``rolls``."""
    pending = list(moves)
    dice = list(rolls)
    while True:
        actor = to_move(state)
        if actor is CHANCE and len(chance_outcomes(state)) == 1:
            state = apply(state, chance_outcomes(state)[0][0])
        elif state.phase is Phase.DUEL and dice:
            state = apply(state, move_from_str(f"roll {dice.pop(0)}"))
        elif pending:
            move = pending.pop(0)
            move = move_from_str(move) if isinstance(move, str) else move
            assert move in legal_moves(state), (str(move), [str(m) for m in legal_moves(state)])
            state = apply(state, move)
        else:
            break
        check(state)
    assert not dice, f"rolls left over: {dice}"
    return state


def stock_cards(state: State, seat: int) -> list[str]:
    """The poultry seat ``seat`` captured, in notation."""
    kinds = state.rules.kinds
    return [str(kinds[k]) for k, n in enumerate(state.stocks[seat]) for _ in range(n)]
