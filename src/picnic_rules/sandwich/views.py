"""What a seat may see (:func:`view`) and full states consistent with it (:func:`determinize`)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..errors import InvalidState
from ..kit.build import make
from ..kit.counts import deal, subtract, total
from ..kit.shared import public_part
from .cards import Card, Counts, Sandwich
from .state import Public, State, View

__all__ = [
    "determinize",
    "hidden_sizes",
    "seated",
    "table_counts",
    "unseen",
    "view",
    "with_hidden",
]


def view(state: State, player: int) -> View:
    """What seat ``player`` may see: its own hand, the table and discard pile, and only
    the sizes of the other hands and of the draw pile (the package's ``view``, the kit's
    gate, refuses a seat the game does not have)."""
    hands = state.hands
    return make(
        View,
        player=player,
        rules=state.rules,
        hand=hands[player],
        hand_sizes=tuple(sum(hand) for hand in hands),
        draw_size=sum(state.draw_pile),
        **public_part(Public, state),
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
    return subtract(v.rules.deck, total([v.hand, v.discard_pile, tuple(table_counts(v.table))]))


def hidden_sizes(v: View) -> list[int]:
    """The sizes of the hands seat ``v.player`` cannot see, in seat order (its own left out)."""
    return [size for seat, size in enumerate(v.hand_sizes) if seat != v.player]


def seated(v: View, others: Sequence[Counts]) -> tuple[Counts, ...]:
    """Every seat's hand: ``others`` (in seat order) with seat ``v.player``'s own put in."""
    hands = list(others)
    hands.insert(v.player, v.hand)
    return tuple(hands)


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
    dealt, draw_pile = deal(pool, hidden_sizes(v), rng)
    return with_hidden(v, seated(v, dealt), draw_pile)


def with_hidden(v: View, hands: tuple[Counts, ...], draw_pile: Counts) -> State:
    """The state that shows view ``v``'s public part, with these hands and draw pile."""
    return make(State, rules=v.rules, hands=hands, draw_pile=draw_pile, **public_part(Public, v))
