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

from ..errors import IllegalMove, PicnicError, move_text
from ..kit import evolve, ill_typed
from ..kit.counts import add, fill, subtract
from ..kit.observed import check_observed
from .cards import KINDS, WEAPONS, Card, Counts, insect_of
from .engine import apply, legal_moves
from .moves import MOVE_TYPES, Defend, Draw, GiveUp, Move, Play, Swat
from .predicates import attacking_pile, has_normal_play
from .state import Phase, State, View
from .views import playable_kinds, unseen, view, with_hidden

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
        if not check_observed(self, "insects", MOVE_TYPES, ("seat", "actor", "turn")):
            return
        move = self.move
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

    Raises :class:`~picnic_rules.IllegalMove` for a move that is not legal; the record's
    ``GAME.observe`` (the kit's gate) raises :class:`~picnic_rules.PicnicError` for a seat the
    game does not have.

    >>> from picnic_rules.insects import new_game, Draw, Card
    >>> observe(new_game(2), Draw(Card.RED_FLY), 1)
    Observation(seat=1, actor=0, move=None, phase=Phase.DEAL, turn=1, reason=None)
    """
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
    need = _needed(v, move) if actor != v.player else (0,) * KINDS
    pool = subtract(unseen(v), need)
    drawn = move.card if type(move) is Draw else None
    if drawn is not None:
        pool = add(pool, drawn, -1)
    if any(n < 0 for n in pool) or sum(need) > v.hand_sizes[actor]:
        raise IllegalMove(shown, f"no hand of seat {actor} can hold the cards of this move")
    sizes = [0 if seat == v.player else size for seat, size in enumerate(v.hand_sizes)]
    start = [need if seat == actor else (0,) * KINDS for seat in range(v.players)]
    filled = fill(pool, sizes, start)
    if filled is None:
        raise IllegalMove(shown, "the other hands cannot be filled")
    hands, deck = filled
    if drawn is not None:
        deck = add(deck, drawn, 1)
    return with_hidden(v, hands, deck)


def update(v: View, observation: Observation) -> View:
    """Seat ``v.player``'s next view, after it observed ``observation`` in view ``v``.

    Built from the view alone: the unseen cards are laid out in a stand-in
    state and the move is applied there by the rules themselves, which give
    the phase, the next actor and the end -- the observation must say the
    same. Only when a normal turn is handed out (players with no legal play
    are passed over, which depends on hidden hands) is the next actor taken
    from the observation, and then only if the hidden hands can make it true:
    the seats passed over can hold no legal play and the seat to act one.
    Raises :class:`~picnic_rules.PicnicError` for an observation of another
    seat and :class:`~picnic_rules.IllegalMove` for one that cannot follow
    ``v``.
    """
    seat = v.player
    if type(observation) is not Observation:
        raise PicnicError(f"expected an insects Observation, not {type(observation).__name__}")
    if observation.seat != seat:
        raise PicnicError(f"an observation of seat {observation.seat}, not of seat {seat}")
    move = observation.move
    shown = "a hidden card" if move is None else move_text(move)
    problem = None if move is None else ill_typed(move)
    if problem is not None:
        raise IllegalMove(shown, f"not a move of insects: {problem}")
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
    observed = (observation.phase, observation.turn, observation.reason)
    due = _handed_out_from(v, move, after)
    if due is None:  # what comes next is public: it must be what the rules give
        if observed != (after.phase, after.turn, after.reason):
            raise IllegalMove(shown, "the observed next turn cannot follow this move")
        return view(after, seat)
    why = _hand_out_problem(after, seat, due, observation)
    if why is not None:
        raise IllegalMove(shown, why)
    after = evolve(after, phase=observation.phase, turn=observation.turn, reason=observation.reason)
    return view(after, seat)


def _handed_out_from(v: View, move: Move, after: State) -> int | None:
    """The seat from which a normal turn was handed out after ``move`` (the only step whose
    outcome depends on hidden hands: players with no legal play are passed over), or
    ``None`` when what follows the move is public."""
    if after.phase is Phase.DEAL or after.phase is Phase.DRAW or after.reason == "one-left":
        return None
    if after.phase is Phase.TURN and after.last is not None:
        return None  # the attack goes to the next player with food
    players = v.players
    if v.phase is Phase.DEAL:
        return 0
    if v.phase is Phase.DRAW:
        if v.again and v.bought:
            return None  # the bought cards are in: the same turn goes on
        return v.turn if v.again else (v.turn + 1) % players
    if type(move) is GiveUp:
        return v.turn  # the deprived player's normal turn
    return (v.turn + 1) % players


def _hand_out_problem(after: State, seat: int, due: int, observation: Observation) -> str | None:
    """Why the observed next turn cannot be the hand-out from seat ``due`` in ``after`` (whose
    hidden hands are a stand-in), or ``None``: the seats passed over must be able to hold no
    legal play, and the seat to act one."""
    food, piles, own = after.food, after.piles, after.hands[seat]
    players = len(food)
    sizes = [sum(hand) for hand in after.hands]
    if observation.phase is Phase.OVER:
        if observation.reason != "cards-out":
            return "the game ends here only when nobody with food can play ('cards-out')"
        stuck = [s for s in range(players) if food[s]]
    elif observation.phase is Phase.TURN:
        actor = observation.turn
        if observation.reason is not None or not food[actor]:
            return f"seat {actor} cannot take a normal turn now"
        stuck = [s for s in ((due + step) % players for step in range(players)) if food[s]]
        stuck = stuck[: stuck.index(actor)] if actor in stuck else stuck
        if actor == seat and not has_normal_play(own, piles):
            return "you have no legal play, so the turn cannot be yours"
        playable = playable_kinds(piles)
        pool = unseen(view(after, seat))
        if actor != seat and not (
            sizes[actor] and any(n for k, n in enumerate(pool) if playable[k])
        ):
            return f"seat {actor} cannot hold a legal play"
    else:
        return "the observed next turn cannot follow this move"
    if seat in stuck and has_normal_play(own, piles):
        return "you have a legal play and cannot be passed over"
    playable = playable_kinds(piles)
    dead = sum(n for k, n in enumerate(unseen(view(after, seat))) if not playable[k])
    if sum(sizes[s] for s in stuck if s != seat) > dead:
        return "the players passed over cannot all be without a legal play"
    return None
