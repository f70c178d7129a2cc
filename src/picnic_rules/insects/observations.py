"""What each seat learns from a move (:func:`observe`) and how its view follows (:func:`update`).

Every move is public except a card dealt or drawn to another seat: of that a
seat learns only that a card went to that seat. An observation also says who
is to act next (or why the game ended), because handing out a normal turn
passes over players with no legal play -- which the others see at the table,
but cannot work out from their own cards. So
``update(view(s, k), observe(s, m, k)) == view(apply(s, m), k)`` for every
reachable state ``s``, move ``m`` and seat ``k``.
"""

from __future__ import annotations

import attrs

from ..errors import IllegalMove, PicnicError
from .cards import KINDS, WEAPONS, Card, Counts, insect_of
from .engine import apply, legal_moves
from .moves import MOVE_TYPES, Defend, Draw, Move, Play, Swat
from .predicates import attacking_pile
from .state import Phase, State, View
from .views import unseen, view, with_hidden

__all__ = ["Observation", "observe", "update"]


@attrs.frozen
class Observation:
    """What seat :attr:`seat` learns from one move.

    Building one checks what it says on its own: :class:`~picnic_rules.PicnicError`
    for a seat or actor that is not a seat number, a move of another game, a card
    of the observer's own shown as hidden, or another seat's card shown in full.
    """

    seat: int
    """The seat that observes."""
    actor: int
    """The seat that made the move, or that the card was dealt or drawn to."""
    move: Move | None
    """The move, or ``None`` for a card dealt or drawn to another seat."""
    phase: Phase
    """The phase after the move."""
    turn: int
    """The seat dealt to, drawing or to act after the move."""
    reason: str | None
    """Why the game ended with this move, or ``None``."""

    def __attrs_post_init__(self) -> None:
        for name in ("seat", "actor", "turn"):
            value = getattr(self, name)
            if type(value) is not int or value < 0:
                raise PicnicError(f"an observation's {name} is a seat number, not {value!r}")
        move = self.move
        if move is None:
            if self.actor == self.seat:
                raise PicnicError("a seat sees the cards it receives itself: move cannot be null")
            return
        if type(move) not in MOVE_TYPES:
            raise PicnicError(f"not an insects move: {type(move).__name__}")
        if type(move) is Draw:
            if move.card.__class__ is not Card:
                raise PicnicError(f"{move.card!r} is not a card")
            if self.actor != self.seat:
                raise PicnicError(
                    f"seat {self.seat} cannot see the card seat {self.actor} receives: "
                    "move must be null"
                )


def observe(state: State, move: Move, seat: int) -> Observation:
    """What seat ``seat`` learns when ``move`` is made in ``state``.

    Raises :class:`~picnic_rules.IllegalMove` for a move that is not legal,
    :class:`~picnic_rules.PicnicError` for a seat the game does not have.

    >>> from picnic_rules.insects import new_game, Draw, Card
    >>> observe(new_game(2), Draw(Card.RED_FLY), 1)
    Observation(seat=1, actor=0, move=None, phase=Phase.DEAL, turn=1, reason=None)
    """
    view(state, seat)
    after = apply(state, move)
    hidden = type(move) is Draw and state.turn != seat
    return Observation(
        seat, state.turn, None if hidden else move, after.phase, after.turn, after.reason
    )


def _needed(v: View, move: Move | None) -> Counts:
    """The cards the actor's hand must hold for ``move`` (another seat's hidden hand)."""
    need = [0] * KINDS
    if type(move) is Play:
        base = 5 * move.insect
        if move.count > 0 and move.colour is not None:
            need[base + move.colour] += move.count
        if move.jokers > 0:
            need[base + 4] += move.jokers
    elif type(move) is Swat:
        if type(move.pile) is int and 0 <= move.pile < len(v.piles):
            need[WEAPONS[insect_of(v.piles[move.pile][0])]] += 1
    elif type(move) is Defend:
        attack = attacking_pile(v.piles)
        if attack is not None and type(move.weapons) is int and move.weapons > 0:
            need[WEAPONS[insect_of(v.piles[attack][0])]] += move.weapons
    return tuple(need)


def _stand_in(v: View, shown: str, actor: int, move: Move | None) -> State:
    """A state with view ``v`` in which ``actor``'s hidden hand holds what ``move`` needs and
    the deck the card drawn (any layout does: no rule that shapes the next view depends on
    which hidden card lies where, once the next actor is taken from the observation)."""
    pool = list(unseen(v))
    need = _needed(v, move) if actor != v.player else (0,) * KINDS
    drawn = move.card if type(move) is Draw else None
    if drawn is not None:
        pool[drawn] -= 1
    for kind, n in enumerate(need):
        pool[kind] -= n
    if any(n < 0 for n in pool) or sum(need) > v.hand_sizes[actor]:
        raise IllegalMove(shown, f"no hand of seat {actor} can hold the cards of this move")
    hands: list[Counts] = []
    for seat, size in enumerate(v.hand_sizes):
        hand = list(need) if seat == actor else [0] * KINDS
        take = 0 if seat == v.player else size - sum(hand)
        for kind in range(KINDS):
            if take <= 0:
                break
            n = min(take, pool[kind])
            hand[kind] += n
            pool[kind] -= n
            take -= n
        if take > 0:
            raise IllegalMove(shown, f"seat {seat}'s hand cannot be filled")
        hands.append(tuple(hand))
    if drawn is not None:
        pool[drawn] += 1
    return with_hidden(v, tuple(hands), tuple(pool))


def update(v: View, observation: Observation) -> View:
    """Seat ``v.player``'s next view, after it observed ``observation`` in view ``v``.

    Built from the view alone: the unseen cards are laid out in a stand-in
    state, the move is applied there by the rules themselves, and the next
    actor is taken from the observation. Raises
    :class:`~picnic_rules.PicnicError` for an observation of another seat and
    :class:`~picnic_rules.IllegalMove` for one that cannot follow ``v``.
    """
    seat = v.player
    if type(observation) is not Observation:
        raise PicnicError(f"expected an insects Observation, not {type(observation).__name__}")
    if observation.seat != seat:
        raise PicnicError(f"an observation of seat {observation.seat}, not of seat {seat}")
    move = observation.move
    shown = "a hidden card" if move is None else str(move)
    if v.phase is Phase.OVER:
        raise IllegalMove(shown, f"the game is over ({v.reason})")
    if observation.actor != v.turn:
        raise IllegalMove(
            shown, f"seat {v.turn} acts or receives a card now, not seat {observation.actor}"
        )
    chance = v.phase is not Phase.TURN
    if chance != (move is None or type(move) is Draw):
        raise IllegalMove(
            shown, "a card is dealt or drawn now" if chance else "no card is drawn now"
        )
    if observation.turn >= v.players:
        raise IllegalMove(shown, f"there is no seat {observation.turn}")
    state = _stand_in(v, shown, observation.actor, move)
    if move is None:
        kind = next((k for k, n in enumerate(state.deck) if n), None)
        if kind is None:
            raise IllegalMove(shown, "the deck is empty")
        move = Draw(Card(kind))
    if move not in legal_moves(state):
        apply(state, move)
        raise IllegalMove(shown, "not legal now")
    after = apply(state, move)
    if (after.phase is Phase.TURN or after.phase is Phase.OVER) and (
        observation.phase is Phase.TURN or observation.phase is Phase.OVER
    ):
        after = attrs.evolve(
            after, phase=observation.phase, turn=observation.turn, reason=observation.reason
        )
    if (after.phase, after.turn, after.reason) != (
        observation.phase,
        observation.turn,
        observation.reason,
    ):
        raise IllegalMove(shown, "the observed next turn cannot follow this move")
    return view(after, seat)
