"""Multisets of card kinds, stored as tuples of counts, and exact weighted draws.

Every game stores a deck, a pile or a hand as *counts per kind*: a tuple whose
item ``k`` is how many cards of kind ``k`` it holds. These helpers add and
move cards, draw a kind at random weighted by the counts, and deal the cards
a seat cannot see into hands of given sizes (what ``determinize`` needs).

Draws use :meth:`random.Random.randrange` on exact integers, never
``random() * total``, so they stay exact and uniform however large the counts.

>>> import random
>>> hand = add((0, 2, 1), 0)
>>> hand
(1, 2, 1)
>>> move((3, 0), (0, 1), 0)
((2, 0), (1, 1))
>>> draw((0, 5, 0), random.Random(1))
1
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import accumulate, chain, repeat
from math import lcm
from operator import sub
from typing import TypeAlias

from ..typevars import T

__all__ = [
    "Counts",
    "add",
    "deal",
    "draw",
    "fill",
    "move",
    "pick_weighted",
    "replace",
    "subtract",
    "take",
    "total",
]


Counts: TypeAlias = tuple[int, ...]
"""How many cards of each kind a pile or hand holds, indexed by kind."""


def add(counts: Counts, kind: int, n: int = 1) -> Counts:
    """``counts`` with ``n`` more cards of ``kind`` (``n`` may be negative).

    Raises :class:`IndexError` for a kind that is not an index of ``counts``.
    """
    if kind < 0:  # a kind past the end fails in the list below
        raise IndexError(f"kind {kind} is not an index of {len(counts)} counts")
    values = list(counts)  # about 40% cheaper than slicing and unpacking
    values[kind] += n
    return tuple(values)


def subtract(counts: Counts, other: Sequence[int]) -> Counts:
    """``counts`` minus ``other``, kind by kind (the result may hold negative counts).

    Raises :class:`ValueError` for counts of two lengths."""
    if len(counts) != len(other):
        raise ValueError(f"{len(counts)} counts less {len(other)}: the kinds differ")
    return tuple(map(sub, counts, other))


def total(counts: Sequence[Counts]) -> Counts:
    """The kind-by-kind sum of several counts of the same length.

    >>> total([(1, 0), (2, 5)])
    (3, 5)
    """
    return tuple(map(sum, zip(*counts, strict=True)))


def move(source: Counts, target: Counts, kind: int, n: int = 1) -> tuple[Counts, Counts]:
    """Move ``n`` cards of ``kind`` from ``source`` to ``target``; return both."""
    return add(source, kind, -n), add(target, kind, n)


def replace(items: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    """``items`` with item ``index`` replaced by ``item``.

    >>> replace(("a", "b", "c"), 1, "x")
    ('a', 'x', 'c')

    Raises :class:`IndexError` for an index outside ``items``.
    """
    if index < 0:  # an index past the end fails in the list below
        raise IndexError(f"index {index} is outside {len(items)} items")
    values = list(items)
    values[index] = item
    return tuple(values)


def draw(counts: Sequence[int], rng: random.Random) -> int:
    """A kind drawn at random: each card equally likely, so kind ``k`` with weight ``counts[k]``.

    Raises :class:`ValueError` if the counts hold no card.
    """
    total = sum(counts)
    if total <= 0:
        raise ValueError(f"empty range: {tuple(counts)} hold no card to draw")
    left = _below(total, rng.getrandbits)
    for kind, n in enumerate(counts):
        left -= n
        if left < 0:
            return kind
    raise AssertionError("unreachable: randrange stays below the total")


def _below(total: int, getrandbits: Callable[[int], int]) -> int:
    """``rng.randrange(total)`` for a positive ``total``, given ``rng.getrandbits``: its
    rejection loop on ``getrandbits``, so the same numbers, without its checks (every deal
    of a search draws its hidden cards here)."""
    bits = total.bit_length()
    pick = getrandbits(bits)
    while pick >= total:
        pick = getrandbits(bits)
    return pick


def pick_weighted(weights: Sequence[int | Fraction], rng: random.Random) -> int:
    """The index of a weight drawn in proportion to the exact ``weights``.

    Integer and :class:`~fractions.Fraction` weights are put over a common
    denominator, so the draw is exact. Raises :class:`ValueError` if no
    weight is positive.

    >>> import random
    >>> from fractions import Fraction
    >>> pick_weighted([Fraction(1, 3), 0, Fraction(2, 3)], random.Random(4)) in (0, 2)
    True
    """
    if any(type(w) is Fraction for w in weights):
        scale = lcm(*(Fraction(w).denominator for w in weights))
        ints = [int(w * scale) for w in weights]
    else:
        ints = [int(w) for w in weights]
    return draw(ints, rng)


def deal(
    unseen: Counts, sizes: Sequence[int], rng: random.Random
) -> tuple[tuple[Counts, ...], Counts]:
    """Deal the ``unseen`` cards at random into hands of ``sizes``; return the hands and the rest.

    Each hand is drawn card by card without replacement, so every way of
    dealing the unseen cards is as likely as it is in a real shuffle. Raises
    :class:`ValueError` if the sizes ask for more cards than there are.

    >>> import random
    >>> hands, rest = deal((2, 1), [1, 1], random.Random(3))
    >>> total([*hands, rest])
    (2, 1)
    """
    left = list(unseen)
    remaining = sum(left)
    if sum(sizes) > remaining or min(left, default=0) < 0:
        raise ValueError(f"cannot deal hands of {list(sizes)} from {unseen}")
    getrandbits = rng.getrandbits
    hands = []
    # draw(left, rng) for each card: the card of kind k at place r of the cards laid out in
    # kind order. Laid out (once), each drawn card is taken out of the row (which stays in
    # kind order); else the kind is found by bisection each time.
    cards = _laid_out(unseen, sum(sizes) * len(left) >= 1.5 * remaining)
    for size in sizes:
        hand = [0] * len(left)
        for _ in range(size):
            pick = _below(remaining, getrandbits)
            kind = (
                cards.pop(pick) if cards is not None else bisect_right(list(accumulate(left)), pick)
            )
            left[kind] -= 1
            hand[kind] += 1
            remaining -= 1
        hands.append(tuple(hand))
    return tuple(hands), tuple(left)


def _laid_out(unseen: Counts, worth_it: bool) -> list[int] | None:
    """The cards of ``unseen`` laid out in kind order, each as its kind (a new list, for
    :func:`deal` to take the drawn cards out of), or ``None`` for :func:`deal` to find each
    drawn card's kind by bisection.

    Laying out costs a step a card, so it pays when many cards are drawn (``worth_it``) --
    or when the same counts are dealt from again and again: a search deals the cards one
    view cannot see at every iteration, from one tuple (the view's answer remembered), so
    a tuple dealt from twice in a row is laid out once and copied for every deal after
    (:data:`_LAST_LAID_OUT`, by identity, as :func:`~picnic_rules.kit.memo.last_answer`).
    """
    kept, cards = _LAST_LAID_OUT[0]
    if kept is not unseen or type(unseen) is not tuple:
        if not worth_it:
            _LAST_LAID_OUT[0] = (unseen, None)  # dealt from once: laid out if dealt from again
            return None
        cards = None
    if cards is None:
        cards = tuple(chain.from_iterable(map(repeat, range(len(unseen)), unseen)))
        _LAST_LAID_OUT[0] = (unseen, cards)
    return list(cards)


_LAST_LAID_OUT: list[tuple[object, tuple[int, ...] | None]] = [(None, None)]
"""The counts :func:`deal` dealt from last and their cards laid out (or ``None``: not yet),
one pair replaced whole (so threads never see one's counts with another's cards)."""


def fill(
    pool: Counts, sizes: Sequence[int], start: Sequence[Counts] | None = None
) -> tuple[tuple[Counts, ...], Counts] | None:
    """The deterministic twin of :func:`deal`: hands of ``sizes`` filled from ``pool`` kind by
    kind, lowest kind first (each hand starting from ``start``'s counts, which are already
    its own, not the pool's); return the hands and the rest, or ``None`` if the pool is short.

    For a stand-in state, where any placing of the hidden cards will do.

    >>> fill((1, 2, 2), [2, 1])
    (((1, 1, 0), (0, 1, 0)), (0, 0, 2))
    >>> fill((1, 0), [2], start=[(0, 1)])
    (((1, 1),), (0, 0))
    >>> fill((1, 0), [3]) is None
    True
    """
    left = list(pool)
    if any(n < 0 for n in left):
        return None
    hands = []
    for number, size in enumerate(sizes):
        hand = list(start[number]) if start is not None else [0] * len(left)
        take = size - (sum(hand) if start is not None else 0)
        for kind, n in enumerate(left):
            if take <= 0:
                break
            n = min(take, n)
            hand[kind] += n
            left[kind] -= n
            take -= n
        if take > 0:
            return None
        hands.append(tuple(hand))
    return tuple(hands), tuple(left)


def take(
    hands: tuple[Counts, ...], seat: int, pile: Counts, kind: int
) -> tuple[tuple[Counts, ...], Counts]:
    """One card of ``kind`` from ``pile`` into seat ``seat``'s hand: the hands, then the pile.

    The commonest step of a card game (a card dealt or drawn), so nothing is checked:
    the caller knows the pile holds the card.

    >>> take(((0, 1), (0, 0)), 1, (2, 3), 0)
    (((0, 1), (1, 0)), (1, 3))
    """
    hand = list(hands[seat])
    hand[kind] += 1
    held = list(hands)
    held[seat] = tuple(hand)
    left = list(pile)
    left[kind] -= 1
    return tuple(held), tuple(left)
