"""What each seat learns from a move (:func:`observe`) and how its view follows (:func:`update`).

Every move is public except two: a card dealt or drawn to another seat (the
observer learns only that a card went to that seat) and another seat's
commitment, which lies face down (the observer learns only *that* the seat
committed, and how many cards). The forced ``reveal`` then shows every
commitment: its observation carries them all. So
``update(view(s, k), observe(s, m, k)) == view(apply(s, m), k)`` for every
reachable state ``s``, move ``m`` and seat ``k`` (the harness checks it).
"""

from __future__ import annotations

import attrs

from ..errors import IllegalMove, PicnicError, move_text
from ..game import CHANCE
from ..kit import evolve
from ..kit.counts import add, fill
from .cards import Card, card_key
from .engine import apply, legal_moves, to_move
from .moves import MOVE_TYPES, Commit, Draw, Move, Reveal, listed
from .predicates import legal_pair
from .state import Phase, State, View
from .views import unseen, view, with_hidden

__all__ = ["Observation", "observe", "update"]


@attrs.frozen
class Observation:
    """What seat :attr:`seat` learns from one move.

    ``move`` is the move, or ``None`` for one the seat cannot see: a card
    dealt or drawn to seat ``actor``, or seat ``actor``'s face-down
    commitment of ``cards`` cards. At the reveal, ``revealed`` holds every
    seat's commitment (else ``None``).

    Building one checks what it says on its own:
    :class:`~picnic_rules.PicnicError` for a seat that is not a non-negative
    int, a hidden move without its seat or with a count other than 1 or 2, a
    card received or committed by another seat shown in full, or a seat's own
    card hidden from it.
    """

    seat: int
    """The seat that observes."""
    actor: int | None
    """The seat that moved, received a card or rolled; ``None`` for the other chance steps."""
    move: Move | None
    """The move, or ``None`` when it is hidden from :attr:`seat`."""
    cards: int
    """How many cards the hidden move moved (0 when the move is shown)."""
    revealed: tuple[tuple[Card, ...], ...] | None
    """Every seat's commitment, at the reveal; else ``None``."""

    def __attrs_post_init__(self) -> None:
        if type(self.seat) is not int or self.seat < 0:
            raise PicnicError(f"an observation's seat is a seat number, not {self.seat!r}")
        actor = self.actor
        if actor is not None and (type(actor) is not int or actor < 0):
            raise PicnicError(f"an observation's actor is a seat number or null, not {actor!r}")
        if self.move is None:
            if actor is None or actor == self.seat:
                raise PicnicError("a seat sees its own cards: move cannot be null")
            if type(self.cards) is not int or self.cards not in (1, 2):
                raise PicnicError("a hidden move moves one or two cards")
            if self.revealed is not None:
                raise PicnicError("a hidden move reveals nothing")
            return
        if type(self.move) not in MOVE_TYPES:
            raise PicnicError(f"not a poultry move: {type(self.move).__name__}")
        if type(self.cards) is not int or self.cards != 0:
            raise PicnicError("a move shown in full moves no hidden cards: cards must be 0")
        if type(self.move) in (Draw, Commit) and actor != self.seat:
            raise PicnicError(
                f"seat {self.seat} cannot see another seat's cards: move must be null"
            )
        if (type(self.move) is Reveal) != (self.revealed is not None):
            raise PicnicError("the reveal, and only the reveal, shows every commitment")


def _actor(state: State | View) -> int | None:
    phase = state.phase
    players = state.players
    if phase is Phase.DEAL or phase is Phase.DRAW:
        return state.dealt % players
    if phase is Phase.DUEL:
        duel = state.duel
        if duel is None or len(duel.rolls) >= len(duel.seats):
            raise PicnicError("the duel phase holds no duel to roll in")
        return duel.seats[len(duel.rolls)]
    actor = to_move(state)
    return actor if type(actor) is int else None


def observe(state: State, move: Move, seat: int) -> Observation:
    """What seat ``seat`` learns when ``move`` is made in ``state``.

    Raises :class:`~picnic_rules.IllegalMove` for a move that is not legal
    (changing nothing), :class:`~picnic_rules.PicnicError` for a seat the game
    does not have.

    >>> from picnic_rules.poultry import new_game, Draw, Card, Colour
    >>> state = new_game(2)
    >>> observe(state, Draw(Card(Colour.BLUE, 6)), 1)
    Observation(seat=1, actor=0, move=None, cards=1, revealed=None)
    """
    found = listed(legal_moves(state), move)
    if found is None:
        apply(state, move)  # raises IllegalMove with the rule's reason
        raise IllegalMove(move, "not legal now")
    move = found  # a look-alike is observed as the listed move
    actor = _actor(state)
    if type(move) is Draw and actor != seat:
        return Observation(seat, actor, None, 1, None)
    if type(move) is Commit and actor != seat:
        return Observation(seat, actor, None, len(move.cards), None)
    revealed = state.played if type(move) is Reveal else None
    return Observation(seat, actor, move, 0, revealed)


def update(v: View, observation: Observation) -> View:
    """Seat ``v.player``'s next view, after it observed ``observation`` in view ``v``.

    Built from the view alone: a hidden move changes only counts the view
    holds; any other move is applied by the rules themselves to a stand-in
    position with the view's public part (the cards the seat cannot see laid
    out in any way: nothing that shapes its next view depends on where they lie).

    Nothing of the observation is taken on trust: the seat that acts, the number of
    cards a hidden move moves, the commitments the reveal shows and the move itself
    are checked against ``v`` and the rules.

    Raises :class:`~picnic_rules.PicnicError` for what is not a poultry observation,
    :class:`~picnic_rules.IllegalMove` for one of another seat or one that cannot follow ``v``.
    """
    if type(observation) is not Observation:
        raise PicnicError(f"expected a poultry Observation, not {type(observation).__name__}")
    move = observation.move
    shown = "a hidden move" if move is None else move_text(move)
    if observation.seat != v.player:
        raise IllegalMove(shown, f"an observation of seat {observation.seat}, not of {v.player}")
    if v.phase is Phase.OVER:
        raise IllegalMove(shown, f"the game is over ({v.reason})")
    actor = _actor(v)
    if observation.actor != actor:
        raise IllegalMove(shown, f"seat {actor} acts now, not seat {observation.actor}")
    if move is None:
        if v.phase is Phase.COMMIT:
            return _hidden_commit(v, observation.cards, shown)
        if v.phase in (Phase.DEAL, Phase.DRAW) and observation.cards == 1:
            return _hidden_draw(v)
        raise IllegalMove(shown, "nothing hidden happens now")
    if to_move(v) is CHANCE and type(move) is Commit:
        raise IllegalMove(shown, "chance acts now")
    revealed = observation.revealed
    drawn = move.card if type(move) is Draw else None
    state = _stand_in(v, shown, revealed, drawn)
    return view(apply(state, move), v.player)


def _hidden_commit(v: View, n: int, shown: str) -> View:
    seat = v.turn
    per = v.rules.per_round(v.players)
    size = v.hand_sizes[seat]
    if not 1 <= n <= min(per, size) or (n < per and size > 2):
        raise IllegalMove(shown, f"seat {seat} cannot commit {n} card(s) holding {size}")
    if n < per and size == 2 and not _opposites_unseen(v):
        raise IllegalMove(
            shown, f"seat {seat} commits one of two cards only holding a poultry and a fox of "
            "one colour, and no such pair is out of sight"
        )  # fmt: skip
    sizes = list(v.hand_sizes)
    sizes[seat] -= n
    face_down = list(v.face_down)
    face_down[seat] = n
    following = next((s for s in range(seat + 1, v.players) if sizes[s]), None)
    phase = Phase.REVEAL if following is None else Phase.COMMIT
    return evolve(
        v, hand_sizes=tuple(sizes), face_down=tuple(face_down), phase=phase, turn=following or 0
    )


def _opposites_unseen(v: View) -> bool:
    """Whether the cards seat ``v.player`` cannot see hold a poultry and a fox of one colour
    (the only two cards a seat holding two commits one of)."""
    try:
        pool = unseen(v)
    except PicnicError:
        return False
    kinds = v.rules.kinds
    birds = {card.colour for card, n in zip(kinds, pool, strict=True) if n > 0 and not card.fox}
    return any(
        n > 0 and card.fox and card.colour in birds for card, n in zip(kinds, pool, strict=True)
    )


def _hidden_draw(v: View) -> View:
    players, rules = v.players, v.rules
    seat = v.dealt % players
    deck, discard = v.deck_size, v.discard
    if not deck:
        deck, discard = sum(discard), (0,) * len(discard)
    if not deck:
        raise IllegalMove("a hidden card", "no card is left to draw")
    deck -= 1
    sizes = list(v.hand_sizes)
    sizes[seat] += 1
    dealt = v.dealt + 1
    if v.phase is Phase.DEAL:
        done = dealt == players * rules.hand_size(players)
    else:
        done = dealt == players * rules.per_round(players) or not (deck or any(discard))
    if done:
        return evolve(
            v,
            hand_sizes=tuple(sizes),
            deck_size=deck,
            discard=discard,
            phase=Phase.SUPPLY,
            round=v.round + 1,
            dealt=0,
        )
    return evolve(v, hand_sizes=tuple(sizes), deck_size=deck, discard=discard, dealt=dealt)


def _stand_in(
    v: View, shown: str, revealed: tuple[tuple[Card, ...], ...] | None, drawn: Card | None
) -> State:
    """A state with view ``v``: the unseen cards fill the face-down commitments (``revealed``
    ones when given), the other hands, then the deck (which holds ``drawn`` if given)."""
    rules = v.rules
    try:
        pool = list(unseen(v))
    except PicnicError as exc:
        raise IllegalMove(shown, str(exc)) from None
    played = list(v.played)
    if revealed is not None:
        if len(revealed) != v.players or revealed[v.player] != v.played[v.player]:
            raise IllegalMove(shown, "the revealed cards do not fit the table")
        for seat, cards in enumerate(revealed):
            if seat == v.player:
                continue
            if len(cards) != v.face_down[seat] or list(cards) != sorted(cards, key=card_key):
                raise IllegalMove(shown, f"seat {seat} committed {v.face_down[seat]} card(s)")
            if len(cards) == 2 and not legal_pair(*cards):
                raise IllegalMove(shown, f"seat {seat} cannot have committed {_cards(cards)}")
            for card in cards:
                _take(pool, rules.index.get(card), shown, f"seat {seat}'s commitment")
            played[seat] = cards
    else:  # any cards will do, the lowest kinds first
        seats = [seat for seat, n in enumerate(v.face_down) if n]
        filled = fill(tuple(pool), [v.face_down[seat] for seat in seats])
        if filled is None:
            raise IllegalMove(shown, "no such cards can be in the face-down commitments")
        commitments, rest = filled
        pool = list(rest)
        for seat, counts in zip(seats, commitments, strict=True):
            played[seat] = tuple(
                card for card, n in zip(rules.kinds, counts, strict=True) for _ in range(n)
            )
    if drawn is not None and v.deck_size:  # the deck keeps the card it is drawn from
        _take(pool, rules.index.get(drawn), shown, "the deck")
    others = [seat for seat in range(v.players) if seat != v.player]
    hands = fill(tuple(pool), [v.hand_sizes[seat] for seat in others])
    if hands is None:
        raise IllegalMove(shown, "the other hands cannot be filled")
    dealt, deck = hands
    held = [v.hand] * v.players
    for seat, hand in zip(others, dealt, strict=True):
        held[seat] = hand
    if drawn is not None and v.deck_size:
        deck = add(deck, rules.index[drawn])
    if sum(deck) != v.deck_size:
        raise IllegalMove(shown, "the view's cards do not add up to the deck")
    return with_hidden(v, tuple(held), deck, tuple(played))


def _cards(cards: tuple[Card, ...]) -> str:
    return " + ".join(map(str, cards))


def _take(pool: list[int], k: int | None, shown: str, where: str) -> int:
    """Take card kind ``k`` from ``pool`` (an IllegalMove if none is left there); return ``k``."""
    if k is None or pool[k] <= 0:
        raise IllegalMove(shown, f"no such card can be in {where}")
    pool[k] -= 1
    return k
