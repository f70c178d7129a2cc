"""What each seat learns from a move (:func:`observe`) and how its view follows (:func:`update`).

A seat sees every move of the game except the cards dealt or drawn to the
other seats: of those it learns only that a card went to that seat. So an
:class:`Observation` is the move itself, or ``None`` in its place for a
hidden card, and ``update(view(s, k), observe(s, m, k)) == view(apply(s, m), k)``
for every reachable state ``s``, move ``m`` and seat ``k`` (the test harness
checks it). An app at a real table that knows only its own seat's cards can
follow the game from the observations alone.
"""

from __future__ import annotations

import attrs

from ..errors import IllegalMove, PicnicError
from ..kit.counts import add, fill, replace
from ..kit.observed import check_observed
from ..typecheck import ill_typed
from .cards import CARDS, EMPTY, Card
from .engine import _end_turn, _plays, apply, legal_moves
from .moves import MOVE_TYPES, Ant, Discard, Draw, End, Fly, Move, Play
from .state import Phase, State, View
from .views import hidden_sizes, seated, unseen, view, with_hidden

__all__ = ["Observation", "observe", "update"]


@attrs.frozen
class Observation:
    """What seat :attr:`seat` learns from one move.

    ``move`` is the move itself -- a card dealt or drawn to ``seat`` included
    -- or ``None`` for a card dealt or drawn to another seat, which ``seat``
    does not see (in a client document: ``"move": null``).

    Building one checks what it says on its own, whatever the game:
    :class:`~picnic_rules.PicnicError` for a seat or actor that is not a
    non-negative int, a move of another kind, a move whose fields do not hold
    their types (a card that is not a :class:`~picnic_rules.sandwich.Card`, a
    sandwich number that is not an int), a card of the observer's own shown
    as hidden, or another seat's card shown in full.
    """

    seat: int
    """The seat that observes."""
    actor: int
    """The seat that made the move, or that the card was dealt or drawn to."""
    move: Move | None
    """The move, or ``None`` for a card ``actor`` received that ``seat`` cannot see."""

    def __attrs_post_init__(self) -> None:
        if not check_observed(self, "sandwich", MOVE_TYPES):
            return
        move = self.move
        problem = ill_typed(move)
        if problem is not None:
            raise PicnicError(f"not a sandwich move: {problem}")
        if type(move) is Draw and self.actor != self.seat:
            raise PicnicError(
                f"seat {self.seat} cannot see the card seat {self.actor} receives: move must be null"
            )

    @property
    def hidden(self) -> bool:
        """Whether this is another seat's card that the observer cannot see."""
        return self.move is None


def observe(state: State, move: Move, seat: int) -> Observation:
    """What seat ``seat`` learns when ``move`` is made in ``state``.

    Everything is public except a card dealt or drawn to another seat: of
    that, ``seat`` learns only that the card went to that seat. Raises
    :class:`~picnic_rules.IllegalMove` for a move that is not legal in
    ``state`` (and changes nothing); the record's ``GAME.observe`` (the kit's gate)
    raises :class:`~picnic_rules.PicnicError` for a seat the game does not have.

    >>> from picnic_rules.sandwich import new_game, Draw, Card
    >>> state = new_game(2)
    >>> observe(state, Draw(Card.JELLY), 0)
    Observation(seat=0, actor=0, move=Draw(card=Card.JELLY))
    >>> observe(state, Draw(Card.JELLY), 1)
    Observation(seat=1, actor=0, move=None)
    """
    move = _listed(state, move)  # the legal move itself, for a look-alike (Play(True, 0))
    if type(move) is Draw and state.turn != seat:
        return Observation(seat, state.turn, None)
    return Observation(seat, state.turn, move)


def _listed(state: State, move: Move) -> Move:
    """The member of ``legal_moves(state)`` equal to ``move``; :class:`~picnic_rules.IllegalMove`
    with the rule's reason if there is none."""
    legal = legal_moves(state)
    try:
        return legal[legal.index(move)]
    except Exception:  # not among them, or fails even to compare
        pass
    apply(state, move)  # raises IllegalMove with the rule's reason
    raise IllegalMove(move, "not legal now")


def update(v: View, observation: Observation) -> View:
    """Seat ``v.player``'s next view, after it observed ``observation`` in view ``v``.

    Built from the view alone: the cards the seat cannot see are laid out
    in a stand-in position (any layout does: no rule that shapes the next view
    depends on which hidden card lies where), the move is applied there by
    the rules themselves, and the seat's view of the result is returned.

    Raises :class:`~picnic_rules.PicnicError` for an observation of another
    seat, and :class:`~picnic_rules.IllegalMove` for one that cannot follow
    ``v`` (a move by a seat that is not to act, a card no hidden hand or pile
    can hold, a move the rules forbid).

    >>> from picnic_rules.sandwich import new_game, view, Draw, Card
    >>> state = new_game(2)
    >>> before = view(state, 1)
    >>> after = update(before, Observation(1, 0, None))
    >>> after.hand_sizes, after.draw_size == before.draw_size - 1
    ((1, 0), True)
    """
    seat = v.player
    if type(observation) is not Observation:
        raise PicnicError(f"expected a sandwich Observation, not {type(observation).__name__}")
    if observation.seat != seat:
        raise PicnicError(f"an observation of seat {observation.seat}, not of seat {seat}")
    move = observation.move
    shown = "a hidden card" if move is None else str(move)
    if v.phase is Phase.OVER:
        raise IllegalMove(shown, f"the game is over ({v.reason})")
    chance = v.phase is not Phase.ACT
    if observation.actor != v.turn:
        who = f"a card goes to seat {v.turn}" if chance else f"seat {v.turn} is to act"
        raise IllegalMove(shown, f"{who}, not seat {observation.actor}")
    if chance != (move is None or type(move) is Draw):
        raise IllegalMove(
            shown, "a card is dealt or drawn now" if chance else "no card is drawn now"
        )
    if move is None or v.turn == seat:
        held = None
    elif isinstance(move, (Play, Discard)):
        held = move.card
    elif isinstance(move, Ant):
        held = Card.ANT
    elif isinstance(move, Fly):
        held = Card.FLY
    else:
        held = None
    drawn = move.card if isinstance(move, Draw) else None
    state = _stand_in(v, shown, held, drawn)
    if v.turn != seat and isinstance(move, (End, Discard)):
        # Whether a player may end or must discard depends on its whole hand, which the
        # observer cannot see -- but whether a kind of card can be played depends only on
        # the table, so what the view rules out is refused.
        _check_end_or_discard(v, shown, move)
        hands = state.hands
        discard = state.discard_pile
        if isinstance(move, Discard):
            hands = replace(hands, v.turn, add(hands[v.turn], move.card, -1))
            discard = add(discard, move.card)
        return view(_end_turn(state, hands, discard), seat)
    if move is None:
        move = Draw(next(card for card in CARDS if state.draw_pile[card]))
    return view(apply(state, move), seat)


def _playable(v: View, shown: str, card: Card) -> bool:
    """Whether seat ``v.turn`` could play a ``card`` now (on the table the view shows)."""
    plays = _plays(_stand_in(v, shown, card, None))
    return any(_card_of(play) is card for play in plays)


def _card_of(move: Move) -> Card | None:
    if isinstance(move, Ant):
        return Card.ANT
    if isinstance(move, Fly):
        return Card.FLY
    return move.card if isinstance(move, Play) else None


def _check_end_or_discard(v: View, shown: str, move: End | Discard) -> None:
    """Refuse another seat's end or discard that the view shows the rules forbid
    (:func:`~picnic_rules.sandwich.must_discard`, seen from outside the hand)."""
    if isinstance(move, Discard) and v.played:
        raise IllegalMove(shown, "a discard is only allowed before anything is played this turn")
    if v.played or not v.hand_sizes[v.turn]:
        return  # an end after a play, or from an empty hand, is always allowed
    if isinstance(move, Discard):
        if _playable(v, shown, move.card):
            raise IllegalMove(
                shown, f"no card may be discarded while one can be played (a {move.card} can)"
            )
        return
    pool = unseen(v)
    if not any(pool[card] and _playable(v, shown, card) for card in CARDS):
        raise IllegalMove(shown, "a player with no legal play must discard a card")


def _stand_in(v: View, shown: str, held: Card | None, drawn: Card | None) -> State:
    """A state with view ``v`` in which seat ``v.turn`` holds ``held`` and the draw pile ``drawn``.

    The unseen cards (the deck less this seat's hand, the discard pile and
    the table) fill the other hands in card order (:func:`~picnic_rules.kit.counts.fill`),
    then the draw pile.
    """
    pool = unseen(v)
    if any(n < 0 for n in pool) or sum(pool) != sum(v.hand_sizes) - sum(v.hand) + v.draw_size:
        raise IllegalMove(shown, "the view's cards do not add up to the deck")
    for card, where in ((held, f"seat {v.turn}'s hand"), (drawn, "the draw pile")):
        if card is not None:
            if not pool[card]:
                raise IllegalMove(
                    shown, f"no {card.name.lower().replace('_', ' ')} can be in {where}"
                )
            pool = add(pool, card, -1)
    others = [seat for seat in range(len(v.hand_sizes)) if seat != v.player]
    start = [EMPTY] * len(others)
    if held is not None and v.turn != v.player:
        if not v.hand_sizes[v.turn]:
            raise IllegalMove(shown, f"seat {v.turn} holds no card")
        start[others.index(v.turn)] = add(EMPTY, held)
    filled = fill(pool, hidden_sizes(v), start)
    if filled is None:
        raise IllegalMove(shown, "the hidden hands cannot be filled")
    hands, draw_pile = filled
    if drawn is not None:
        draw_pile = add(draw_pile, drawn)
    return with_hidden(v, seated(v, hands), draw_pile)
