"""What a seat may see (:func:`view`) and full states consistent with it (:func:`determinize`).

A seat sees its own hand and commitment and everything public: the discard
pile, every seat's captured poultry and grain, the yards and the bag, the
cards on the table once revealed. Of the other seats it sees only how many
cards they hold and, before the reveal, how many they committed face down.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Collection, Sequence
from typing import Any, Final

import attrs

from ..errors import InvalidState
from ..kit import evolver
from ..kit.counts import draw, subtract, total
from ..kit.memo import last_answer
from .cards import Card, Counts, card_key, kinds
from .predicates import legal_pair
from .state import Phase, Public, PublicView, State, View

__all__ = [
    "determinize",
    "hidden",
    "public",
    "public_fields",
    "unseen",
    "view",
    "with_hidden",
]

_PUBLIC: Final = tuple(field.name for field in attrs.fields(Public))


def public_fields(position: State | View | PublicView) -> dict[str, Any]:
    """The :class:`~picnic_rules.poultry.state.Public` fields of a state or a view, by name."""
    return {name: getattr(position, name) for name in _PUBLIC}


def hidden(phase: Phase) -> bool:
    """Whether other seats' commitments lie face down in ``phase`` (until the reveal)."""
    return phase is Phase.COMMIT or phase is Phase.REVEAL


def view(state: State, player: int) -> View:
    """What seat ``player`` may see."""
    hands = state.hands
    played = state.played
    if hidden(state.phase):
        face_down = tuple(0 if s == player else len(c) for s, c in enumerate(played))
        played = tuple(c if s == player else () for s, c in enumerate(played))
    else:
        face_down = (0,) * len(hands)
    return View(
        player=player,
        rules=state.rules,
        hand=hands[player],
        hand_sizes=tuple(sum(h) for h in hands),
        deck_size=sum(state.deck),
        discard=state.discard,
        played=played,
        face_down=face_down,
        **public_fields(state),
    )


def public(v: View) -> PublicView:
    """What every seat sees alike in view ``v``: the view less its own hand and its own
    face-down commitment, which become a count like the others' (a spectator's table).

    Raises :class:`~picnic_rules.InvalidState` for a view whose seat it does not seat.
    """
    played, face_down = v.played, v.face_down
    if type(v.player) is not int or not 0 <= v.player < len(played) == len(face_down):
        raise InvalidState(f"there is no seat {v.player!r} in this view's game")
    if hidden(v.phase) and v.played[v.player]:
        seat = v.player
        face_down = tuple(len(played[seat]) if s == seat else n for s, n in enumerate(face_down))
        played = tuple(() if s == seat else cards for s, cards in enumerate(played))
    return PublicView(
        rules=v.rules,
        hand_sizes=v.hand_sizes,
        deck_size=v.deck_size,
        discard=v.discard,
        played=played,
        face_down=face_down,
        **public_fields(v),
    )


def unseen(v: View) -> Counts:
    """The cards seat ``v.player`` cannot see (other hands, the deck, face-down cards):
    the deck less its hand, the discard pile, the cards on the table and the stocks.
    Raises :class:`~picnic_rules.InvalidState` for a card on the table of another deck."""
    rules = v.rules
    index = rules.index
    table = [0] * len(index)
    for cards in v.played:
        for card in cards:
            kind = index.get(card)
            if kind is None:
                raise InvalidState(f"there is no {card} card in this game")
            table[kind] += 1
    return subtract(rules.deck, total([v.hand, v.discard, *v.stocks, tuple(table)]))


def with_hidden(
    v: View, hands: tuple[Counts, ...], deck: Counts, played: tuple[tuple[Card, ...], ...]
) -> State:
    """The state that shows view ``v``'s public part with these hands, deck and commitments."""
    return State(
        rules=v.rules, hands=hands, deck=deck, discard=v.discard, played=played, **public_fields(v)
    )


def _pick(pool: list[int], allowed: Collection[int] | None, rng: random.Random) -> int:
    """A card drawn from ``pool`` among the kinds ``allowed`` (``None``: any), taken out."""
    weights = pool if allowed is None else [n if k in allowed else 0 for k, n in enumerate(pool)]
    if not any(weights):
        raise InvalidState("no cards the rules allow can fill the face-down commitments")
    k = draw(weights, rng)
    pool[k] -= 1
    return k


def _lone(v: View, seat: int) -> bool:
    """Whether ``seat`` committed one card of the two it held (two or three players): then it
    held a poultry and a fox of one colour, and the card left in its hand is fixed."""
    return v.face_down[seat] == 1 and v.rules.per_round(v.players) == 2 and v.hand_sizes[seat] == 1


def _face_down(
    v: View, pool: list[int], rng: random.Random
) -> tuple[dict[int, tuple[Card, ...]], dict[int, Counts]]:
    """Others' face-down commitments dealt from ``pool`` as the commitment rules allow: a pair
    is never a poultry and a fox of one colour; a lone card (2-3 players) means its seat had no
    pair, so the one card left in its hand, if any, is the other kind of the same colour.
    Returns the commitments and the hands those lone cards fix.

    The lone cards are dealt first; a deal that leaves a later seat nothing it may commit is
    dealt afresh (up to :data:`_TRIES` times), so the view of a real state is always filled.
    """
    order = sorted((s for s, n in enumerate(v.face_down) if n), key=lambda s: not _lone(v, s))
    for _ in range(_TRIES):
        trial = list(pool)
        try:
            dealt = _deal_face_down(v, trial, order, rng)
        except InvalidState:
            continue
        pool[:] = trial
        return dealt
    raise InvalidState("no cards the rules allow can fill the face-down commitments")


_TRIES = 50
"""How often :func:`determinize` deals the face-down commitments afresh before it gives up."""


def _deal_face_down(
    v: View, pool: list[int], order: list[int], rng: random.Random
) -> tuple[dict[int, tuple[Card, ...]], dict[int, Counts]]:
    """One deal of :func:`_face_down`, seat by seat in ``order``."""
    rules = v.rules
    cards = rules.kinds
    partners, opposites = _partners(rules.poultry, rules.foxes)
    out: dict[int, tuple[Card, ...]] = {}
    fixed: dict[int, Counts] = {}
    for seat in order:
        if _lone(v, seat):
            pairs = {
                k for k, n in enumerate(pool) if n and any(pool[j] for j in opposites[k])
            }  # a card whose other kind of its colour is left for the hand
            first = _pick(pool, pairs, rng)
            out[seat] = (cards[first],)
            hand = [0] * len(pool)
            hand[_pick(pool, opposites[first], rng)] = 1
            fixed[seat] = tuple(hand)
            continue
        if v.face_down[seat] == 1:
            out[seat] = (cards[_pick(pool, None, rng)],)
            continue
        first = _pick(pool, _firsts(rules.poultry, rules.foxes, tuple(pool)), rng)
        out[seat] = (cards[first], cards[_pick(pool, partners[first], rng)])
    return out, fixed


@functools.lru_cache(maxsize=64)
def _partners(
    poultry: tuple[int, ...], foxes: tuple[int, ...]
) -> tuple[tuple[frozenset[int], ...], tuple[frozenset[int], ...]]:
    """For each card of the deck, the kinds it may be paired with (:func:`legal_pair`) and
    the kinds it may not (the other kind of its colour: a poultry's foxes, a fox's
    poultry), by their index in a :data:`~picnic_rules.poultry.cards.Counts`."""
    cards = kinds(poultry, foxes)
    return (
        tuple(frozenset(j for j, other in enumerate(cards) if legal_pair(c, other)) for c in cards),
        tuple(
            frozenset(j for j, other in enumerate(cards) if not legal_pair(c, other)) for c in cards
        ),
    )


@functools.lru_cache(maxsize=256)
def _firsts(poultry: tuple[int, ...], foxes: tuple[int, ...], pool: Counts) -> frozenset[int]:
    """The kinds in ``pool`` that can start a pair with another card left in it (every
    deal of one view asks this of the same pool)."""
    partners = _partners(poultry, foxes)[0]
    return frozenset(
        k for k, n in enumerate(pool) if n and any(pool[j] > (j == k) for j in partners[k])
    )


def determinize(v: View, rng: random.Random) -> State:
    """A full state consistent with view ``v``: the cards it cannot see are dealt at random to
    the other seats' face-down commitments (as the commitment rules allow), then to their
    hands in the sizes the view shows; the rest form the deck."""
    pool = _unseen_checked(v)
    hands: list[Counts] = [v.hand] * v.players
    played = v.played
    fixed: dict[int, Counts] = {}
    if any(v.face_down):
        left = list(pool)
        committed, fixed = _face_down(v, left, rng)
        tabled = list(played)
        for seat, cards in committed.items():
            tabled[seat] = tuple(sorted(cards, key=card_key))
        played = tuple(tabled)
        for seat, hand in fixed.items():
            hands[seat] = hand
        pool = tuple(left)
    rest, sizes = _others(v)
    if fixed:  # those hands hold their one card already
        rest = tuple(s for s in rest if s not in fixed)
        sizes = tuple(v.hand_sizes[s] for s in rest)
    dealt, deck = _deal(pool, sizes, rng)
    for seat, hand in zip(rest, dealt, strict=True):
        hands[seat] = hand
    return _DEALT(_shown(v), hands=tuple(hands), deck=deck, played=played)


@last_answer  # a search deals from one view at every iteration
def _others(v: View) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seats other than ``v.player``, in order, and the sizes of their hands."""
    seats = tuple(s for s in range(v.players) if s != v.player)
    return seats, tuple(v.hand_sizes[s] for s in seats)


_DEALT: Final = evolver(State, "hands", "deck", "played")
"""A state of :func:`_shown` with the cards :func:`determinize` dealt."""


@last_answer  # a search deals from one view at every iteration
def _shown(v: View) -> State:
    """A state that shows view ``v``'s public part, its hidden cards yet to be dealt (every
    hand ``v``'s own, the deck empty, the commitments as ``v`` shows them): built once for
    the many deals of a search, which each replace those (:data:`_DEALT`)."""
    return with_hidden(v, (v.hand,) * v.players, (0,) * len(v.hand), v.played)


def _deal(
    pool: Counts, sizes: Sequence[int], rng: random.Random
) -> tuple[tuple[Counts, ...], Counts]:
    """:func:`~picnic_rules.kit.counts.deal` of the ``pool`` into hands of ``sizes``, drawing
    the same numbers and dealing the same cards: each card is drawn as its place among the
    pool's cards laid out kind by kind (:func:`_laid_out`), which is the kind the counts'
    running sums find, and taken out of the layout, which stays in kind order.

    Raises :class:`ValueError` if the sizes ask for more cards than there are."""
    cards = list(_laid_out(pool))
    remaining = len(cards)
    if sum(sizes) > remaining:
        raise ValueError(f"cannot deal hands of {list(sizes)} from {pool}")
    getrandbits = rng.getrandbits
    left = list(pool)
    hands = []
    for size in sizes:
        hand = [0] * len(left)
        for _ in range(size):
            bits = remaining.bit_length()  # rng.randrange(remaining), as kit.counts draws it
            place = getrandbits(bits)
            while place >= remaining:
                place = getrandbits(bits)
            kind = cards.pop(place)
            left[kind] -= 1
            hand[kind] += 1
            remaining -= 1
        hands.append(tuple(hand))
    return tuple(hands), tuple(left)


@last_answer  # the unseen cards of one view, dealt at every iteration of a search
def _laid_out(pool: Counts) -> tuple[int, ...]:
    """The kind of every card of ``pool``, kind by kind: ``(0, 0, 2)`` for ``(2, 0, 1)``."""
    return tuple(kind for kind, n in enumerate(pool) for _ in range(n))


@last_answer  # a search deals from one view at every iteration
def _unseen_checked(v: View) -> Counts:
    """:func:`unseen` of ``v``, which must add up to the hidden cards it counts.

    Raises :class:`~picnic_rules.InvalidState` for a view whose cards or seats disagree."""
    players = v.players
    if not 0 <= v.player < players or len(v.face_down) != players or len(v.played) != players:
        raise InvalidState("the view's seats disagree")
    pool = unseen(v)
    if any(n < 0 for n in pool):
        raise InvalidState("the view's cards do not add up to the deck")
    others = [s for s in range(players) if s != v.player]
    wanted = sum(v.hand_sizes[s] for s in others) + sum(v.face_down) + v.deck_size
    if sum(pool) != wanted:
        raise InvalidState("the view's card counts do not add up to the deck")
    return pool
