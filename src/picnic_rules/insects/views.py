"""What one seat sees (:func:`view`) and a full state consistent with it (:func:`determinize`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ..errors import PicnicError
from ..kit import evolver
from ..kit.counts import deal, pick_weighted, replace, subtract, total
from ..kit.memo import last_answer
from ..kit.visibility import Visibility
from .cards import KINDS, Card, Counts, Pile
from .predicates import has_normal_play
from .state import Phase, State, View

__all__ = [
    "SEEN",
    "PublicView",
    "determinize",
    "playable_kinds",
    "public",
    "unseen",
    "view",
    "with_hidden",
]


def unseen(v: View) -> Counts:
    """The cards seat ``v.player`` cannot see (other hands and the deck), as counts: the deck
    less its own hand, the piles and the score piles; a negative count means no state has
    this view."""
    on_table = [0] * KINDS
    for pile in v.piles:
        for card in pile:
            on_table[card] += 1
    return subtract(v.rules.deck, total([v.hand, tuple(on_table), *v.scored]))


SEEN = Visibility(State, View, unseen)
"""The hidden-information rule, from the declarations of :class:`State`'s fields: each seat
sees its own hand, the sizes of the others and of the deck, and the whole
:class:`~picnic_rules.insects.Table` (piles, score piles and food)."""

view = SEEN.view
view.__doc__ = """What seat ``player`` sees: its own hand, the sizes of every hand and of the
deck, and the whole :class:`~picnic_rules.insects.Table` (piles, score piles and food).
The record's ``GAME.view`` (the kit's gate) refuses a seat the game does not have."""


def with_hidden(v: View, hands: tuple[Counts, ...], deck: Counts) -> State:
    """The state with view ``v`` whose other hands are ``hands`` (``v.player``'s own is kept)
    and whose deck is ``deck``."""
    return SEEN.with_hidden(v, hands=hands, deck=deck)


def determinize(v: View, rng: random.Random) -> State:
    """A state with view ``v``: the cards the seat cannot see dealt at random into the other
    hands (of their sizes) and the deck.

    Raises :class:`~picnic_rules.PicnicError` when the view's cards cannot add up to the deck.
    """
    left, sizes, checked, blank = _dealing(v)
    try:
        if not checked:  # every deal agrees with the hand-out: the first one is kept
            hands, deck = deal(left, sizes, rng)
        else:
            for _ in range(_TRIES):
                hands, deck = deal(left, sizes, rng)
                if _consistent(v, hands):
                    break
            else:
                hands, deck = _constrained_deal(v, left, sizes, rng)
    except ValueError as exc:
        raise PicnicError(str(exc)) from None
    # with_hidden(v, hands, deck), the rest of the state taken from the one made for v
    return _DEALT(blank, hands=replace(hands, v.player, v.hand), deck=deck)


_DEALT: Final = evolver(State, "hands", "deck")
"""The state with its hands and deck dealt anew."""


@last_answer  # a search deals from one view at every iteration
def _dealing(v: View) -> tuple[Counts, tuple[int, ...], bool, State]:
    """What every deal from view ``v`` needs (:func:`_hidden`), whether a deal must be checked
    against the hand-out (:func:`_consistent`: some hidden seat must or must not hold a
    play), and the state of ``v`` with no hidden card, which a deal fills in."""
    left, sizes = _hidden(v)
    checked = _must_play(v) is not None or bool(_stuck(v))
    empty = (0,) * KINDS
    return left, sizes, checked, with_hidden(v, (empty,) * len(sizes), empty)


def _hidden(v: View) -> tuple[Counts, tuple[int, ...]]:
    """The cards seat ``v.player`` cannot see and the sizes of the hands they are dealt
    into (its own 0), checked to add up: :class:`~picnic_rules.PicnicError` if not."""
    if len(v.hand) != KINDS or len(v.hand_sizes) != len(v.food) or not 0 <= v.player < len(v.food):
        raise PicnicError("the view's seats or counts have the wrong shape")
    left = unseen(v)
    sizes = tuple(0 if seat == v.player else n for seat, n in enumerate(v.hand_sizes))
    if any(n < 0 for n in left) or any(n < 0 for n in sizes):
        raise PicnicError("the view holds more cards of a kind than the deck")
    if sum(left) != sum(sizes) + v.deck_size or v.hand_sizes[v.player] != sum(v.hand):
        raise PicnicError("the view's card counts do not add up to the deck")
    return left, sizes


def playable_kinds(piles: Sequence[Pile]) -> tuple[bool, ...]:
    """Per card kind, whether a card of it alone is a legal play in a normal turn: every
    insect, and the weapon of each insect that lies on a one-card pile (the rule
    :func:`~picnic_rules.insects.has_normal_play` card by card)."""
    return tuple(
        kind < Card.SPRAY or any(len(p) == 1 and p[0] // 5 == kind - Card.SPRAY for p in piles)
        for kind in range(KINDS)
    )


_TRIES = 8
"""Random deals tried before a consistent one is built card by card."""


def _must_play(v: View) -> int | None:
    """The hidden seat that must hold a legal play: the one handed a normal turn."""
    if v.phase is Phase.TURN and v.last is None and v.turn != v.player:
        return v.turn
    return None


def _stuck(v: View) -> list[int]:
    """The hidden seats that must hold no legal play: every one with food at ``cards-out``."""
    if v.phase is not Phase.OVER or v.reason != "cards-out":
        return []
    return [seat for seat, food in enumerate(v.food) if food and seat != v.player]


def _consistent(v: View, hands: tuple[Counts, ...]) -> bool:
    """Whether hidden ``hands`` agree with how the turn was handed out: the seat to act in a
    normal turn can play (the others are passed over), and nobody with food can at
    ``cards-out``."""
    actor = _must_play(v)
    if actor is not None and not has_normal_play(hands[actor], v.piles):
        return False
    return not any(has_normal_play(hands[seat], v.piles) for seat in _stuck(v))


def _constrained_deal(
    v: View, left: Counts, sizes: Sequence[int], rng: random.Random
) -> tuple[tuple[Counts, ...], Counts]:
    """A deal that agrees with the hand-out by construction: one playable card to the seat to
    act, only unplayable cards to the seats stuck at ``cards-out``, the rest at random."""
    playable = playable_kinds(v.piles)
    pool, rest = list(left), list(sizes)
    fixed = [[0] * KINDS for _ in sizes]
    actor = _must_play(v)
    live = [n if playable[kind] else 0 for kind, n in enumerate(pool)]
    if actor is not None and rest[actor] and any(live):
        kind = pick_weighted(live, rng)
        fixed[actor][kind] += 1
        pool[kind] -= 1
        rest[actor] -= 1
    stuck = _stuck(v)
    dead = [0 if playable[kind] else n for kind, n in enumerate(pool)]
    if stuck and sum(rest[seat] for seat in stuck) <= sum(dead):
        dealt, _ = deal(tuple(dead), [rest[seat] for seat in stuck], rng)
        for seat, hand in zip(stuck, dealt, strict=True):
            for kind, n in enumerate(hand):
                fixed[seat][kind] += n
                pool[kind] -= n
            rest[seat] = 0
    hands, deck = deal(tuple(pool), rest, rng)
    full = tuple(
        tuple(a + b for a, b in zip(mine, hand, strict=True))
        for mine, hand in zip(fixed, hands, strict=True)
    )
    return full, deck


PublicView = SEEN.public_class
PublicView.__module__ = __name__  # where pickle and the docs find it
"""What every seat sees alike (a spectator's table): every hand's size, the deck's size and the whole table; derived by the kit from the
declarations of :class:`State`'s fields (a ``View`` less its seat and its hand)."""

public = SEEN.public_of
