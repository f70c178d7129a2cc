"""What a seat may see (:func:`view`) and full states consistent with it (:func:`determinize`)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..errors import InvalidState
from ..kit.counts import deal
from .cards import Card, Counts, Sandwich
from .state import State, View, build_state

__all__ = ["determinize", "table_counts", "unseen", "view", "with_hidden"]


def view(state: State, player: int) -> View:
    """What seat ``player`` may see: its own hand, the table and discard pile, and only
    the sizes of the other hands and of the draw pile (the package's ``view``, the kit's
    gate, refuses a seat the game does not have)."""
    hands = state.hands
    return View(
        player,
        state.rules,
        hands[player],
        tuple(sum(hand) for hand in hands),
        sum(state.draw_pile),
        state.discard_pile,
        state.table,
        state.fly,
        state.phase,
        state.turn,
        state.played,
        state.actions,
        state.dealt,
        state.reason,
    )


def table_counts(table: Sequence[Sequence[Sandwich]]) -> list[int]:
    """How many cards of each kind lie on the table, indexed by :class:`Card`."""
    counts = [0] * len(Card)
    for sandwiches in table:
        for sandwich in sandwiches:
            for card in sandwich:
                counts[card] += 1
    return counts


def unseen(v: View) -> tuple[int, ...]:
    """The cards seat ``v.player`` cannot see (the other hands and the draw pile), as counts:
    the deck less its hand, the discard pile and the table."""
    on_table = table_counts(v.table)
    return tuple(
        total - v.hand[c] - v.discard_pile[c] - on_table[c] for c, total in enumerate(v.rules.deck)
    )


def determinize(v: View, rng: random.Random) -> State:
    """A full state consistent with view ``v``: the cards it cannot see are dealt at random
    (each unseen card equally likely) to the other hands, in the sizes the view shows, and
    the rest form the draw pile."""
    sizes = v.hand_sizes
    if not 0 <= v.player < len(sizes):
        raise InvalidState(f"there is no seat {v.player} in a {len(sizes)}-player game")
    pool = unseen(v)
    if any(n < 0 for n in pool) or sum(pool) != sum(sizes) - sizes[v.player] + v.draw_size:
        raise InvalidState("the view's card counts do not add up to the deck")
    others = [size for seat, size in enumerate(sizes) if seat != v.player]
    dealt, draw_pile = deal(pool, others, rng)
    hands = list(dealt)
    hands.insert(v.player, v.hand)
    return with_hidden(v, tuple(hands), draw_pile)


def with_hidden(v: View, hands: tuple[Counts, ...], draw_pile: Counts) -> State:
    """The state that shows view ``v``'s public part, with these hands and draw pile."""
    return build_state(
        v.rules,
        hands,
        draw_pile,
        v.discard_pile,
        v.table,
        v.fly,
        v.phase,
        v.turn,
        v.played,
        v.actions,
        v.dealt,
        v.reason,
    )
