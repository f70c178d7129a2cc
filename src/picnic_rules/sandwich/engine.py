"""The sandwich game's round: what may be played now, and what playing it does.

The rules themselves are the named predicates of
:mod:`picnic_rules.sandwich.predicates` (:func:`~.predicates.is_finished`,
:func:`~.predicates.continues`, :func:`~.predicates.ant_may_steal`,
:func:`~.predicates.is_stuck` ...); :func:`legal_moves` and :func:`apply` are
built from them. The move generator, the hottest code of a playout, inlines a
few of them; each copy is marked with its rule's name, and a test compares
the generator with one written from the named rules alone. Every step names
the fields it changes (:func:`picnic_rules.kit.evolver`). Everything is pure:
no function mutates its arguments or keeps state, and the only tables
(interned moves) are fixed in size.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final

from ..errors import IllegalMove, InvalidState, PicnicError, with_article
from ..game import CHANCE, Actor, Measure, Outcome
from ..kit import evolve, evolver
from ..kit.counts import add, replace, take
from ..typecheck import ill_typed
from .cards import CARDS, EMPTY, SPREADS, Card, Counts, Sandwich
from .moves import MOVE_TYPES, Ant, Discard, Draw, End, Fly, Move, Play
from .predicates import (
    ant_may_steal,
    bread_may_close,
    counting_sandwiches,
    covered_by_fly,
    fly_may_land,
    has_won,
    is_finished,
    is_stuck,
    may_start_new_sandwich,
    open_sandwiches,
    spread_may_sit_on,
    starts_a_sandwich,
)
from .rules import PLAYERS, Rules
from .state import Phase, SandwichId, State, View

__all__ = [
    "INTERNED",
    "REASONS",
    "apply",
    "apply_legal",
    "chance_outcomes",
    "is_over",
    "legal_moves",
    "max_chance_steps",
    "max_moves",
    "must_discard",
    "new_game",
    "remaining",
    "result",
    "sample_chance",
    "to_move",
]

BREAD, PEANUT_BUTTER, JELLY, ANT, FLY = Card
_DEAL, _DRAW, _ACT, _OVER = Phase.DEAL, Phase.DRAW, Phase.ACT, Phase.OVER
_LONG = {
    BREAD: "bread",
    PEANUT_BUTTER: "peanut butter",
    JELLY: "jelly",
    ANT: "ant",
    FLY: "fly",
}

THREE_SANDWICHES = "three-sandwiches"
STUCK = "stuck"
SIXTY_ACTIONS = "sixty-actions"
REASONS = (THREE_SANDWICHES, STUCK, SIXTY_ACTIONS)
"""The stable end reasons (``sixty-actions`` names the rule whatever ``action_limit`` is)."""

INTERNED: Final = 16
"""Moves naming sandwiches below this index are interned (built once, handed out again).

The tables are fixed, so no position -- however large or forged -- can grow
them; a move naming a sandwich past them is built afresh (equal all the same).
"""

_DRAWS = tuple(Draw(card) for card in CARDS)
_DISCARDS = tuple(Discard(card) for card in CARDS)
_PLAYS = tuple(tuple(Play(card, i) for i in range(INTERNED)) for card in CARDS)
_FLIES = tuple(tuple(Fly(seat, j) for j in range(INTERNED)) for seat in range(PLAYERS[1]))
_ANTS = tuple(
    tuple(tuple(Ant(seat, j, i) for i in range(INTERNED)) for j in range(INTERNED))
    for seat in range(PLAYERS[1])
)
_END = End()
_NEW_SANDWICH = Play(BREAD)


def _ant(seat: int, sandwich: int, onto: int) -> Ant:
    if seat < PLAYERS[1] and sandwich < INTERNED and onto < INTERNED:
        return _ANTS[seat][sandwich][onto]
    return Ant(seat, sandwich, onto)


# ---------------------------------------------------------------- the moves of a turn


def _plays(state: State) -> list[Move]:
    """Every card the seat to act may play now (no discard or end), in stable order."""
    seat = state.turn
    hand = state.hands[seat]
    table = state.table
    fly = state.fly
    mine = table[seat]
    opens = open_sandwiches(table, fly, seat)
    moves: list[Move] = []
    append = moves.append
    # The hottest loop of a playout (see benchmarks/): plain loops, no comprehensions
    # (Python 3.11 builds a function for each), the predicates and the interned-move
    # lookups inlined where marked.
    if not opens:
        if hand[BREAD]:  # may_start_new_sandwich: no open sandwich
            append(_NEW_SANDWICH)
    else:
        if hand[BREAD]:
            row = _PLAYS[BREAD]
            for i in opens:
                sandwich = mine[i]
                if PEANUT_BUTTER in sandwich and JELLY in sandwich:  # bread_may_close
                    append(row[i] if i < INTERNED else Play(BREAD, i))  # interned
        for spread in SPREADS:
            if hand[spread]:
                row = _PLAYS[spread]
                for i in opens:
                    if mine[i][-1] is not spread:  # spread_may_sit_on
                        append(row[i] if i < INTERNED else Play(spread, i))  # interned
        if hand[ANT]:
            for victim in range(len(table)):
                if victim != seat:
                    theirs = table[victim]
                    for j in open_sandwiches(table, fly, victim):
                        top = theirs[j][-1]
                        for i in opens:
                            thief = mine[i]
                            # ant_may_steal(theirs[j], thief): continues(top, thief)
                            if (
                                (PEANUT_BUTTER in thief and JELLY in thief)
                                if top is BREAD
                                else thief[-1] is not top
                            ):
                                append(_ant(victim, j, i))
    if hand[FLY]:
        for owner, sandwiches in enumerate(table):
            covered = fly[1] if fly is not None and fly[0] == owner else -1  # fly_may_land
            flies = _FLIES[owner] if owner < len(_FLIES) else ()
            for j in range(len(sandwiches)):
                if j != covered:
                    append(flies[j] if j < len(flies) else Fly(owner, j))  # interned
    return moves


def must_discard(state: State, plays: Sequence[Move] | None = None) -> bool:
    """Discard only when stuck: nothing played this turn, a card in hand, and no legal play.

    ``plays`` are the seat's legal plays, for a caller that has listed them already.
    """
    if plays or state.played or not any(state.hands[state.turn]):
        return False
    return plays is not None or not _has_play(state)


def _has_play(state: State) -> bool:
    """Whether the seat to act has any legal play (cheaper than listing them)."""
    seat = state.turn
    hand = state.hands[seat]
    table = state.table
    opens = open_sandwiches(table, state.fly, seat)
    if not opens:
        if hand[BREAD]:  # may_start_new_sandwich
            return True
    else:
        mine = table[seat]
        for spread in SPREADS:
            if hand[spread]:
                for i in opens:
                    if spread_may_sit_on(spread, mine[i]):
                        return True
    return bool(_plays(state))


# ---------------------------------------------------------------- the game


def new_game(players: int = 2, rules: Rules = Rules()) -> State:
    """The state before any card is dealt: a chance node that deals the opening hands.

    The record's ``GAME.new_game`` (the kit's gate) refuses ``rules`` of another type and
    a player count that :meth:`Rules.check_players` refuses, before this runs.

    >>> state = new_game(3)
    >>> to_move(state) is CHANCE, state.phase
    (True, Phase.DEAL)
    """
    hands: tuple[Counts, ...] = (EMPTY,) * players
    table: tuple[tuple[Sandwich, ...], ...] = ((),) * players
    state = State(
        rules=rules,
        hands=hands,
        draw_pile=rules.deck,
        discard_pile=EMPTY,
        table=table,
        fly=None,
        phase=_DEAL,
        turn=rules.first_player,
    )
    if is_stuck(hands, rules.deck, EMPTY, table, None):
        return evolve(state, phase=_OVER, reason=STUCK)
    if rules.hand_size == 0:
        return _start_turn(state, hands, rules.deck, EMPTY, rules.first_player, 0, 0)
    return state


def to_move(state: State | View) -> Actor:
    """The seat to act, :data:`~picnic_rules.CHANCE` while cards are dealt or drawn, ``None`` when over.

    A :class:`~picnic_rules.sandwich.View` works too, so a client holding only
    its view knows whose turn it is.
    """
    phase = state.phase
    if phase is _ACT:
        return state.turn
    if phase is _OVER:
        return None
    return CHANCE


def is_over(state: State) -> bool:
    """Whether the game has ended."""
    return state.phase is _OVER


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move of the actor in a stable order; at a chance node, the cards that may be drawn.

    A turn offers every legal play, then ``end`` -- or, when the player
    :func:`must_discard` (no legal play, nothing played yet, a card in hand),
    only the discards. ``end`` is legal whenever a discard is not.
    """
    phase = state.phase
    if phase is _ACT:
        moves = _plays(state)
        if not moves and must_discard(state, moves):
            hand = state.hands[state.turn]
            return tuple([_DISCARDS[card] for card in CARDS if hand[card]])  # rare
        moves.append(_END)
        return tuple(moves)
    if phase is _OVER:
        return ()
    pile = state.draw_pile
    return tuple([_DRAWS[card] for card in CARDS if pile[card]])


def chance_outcomes(state: State) -> tuple[tuple[Move, int], ...]:
    """At a chance node, each card kind that may be drawn with its count as the weight."""
    if state.phase is not _DEAL and state.phase is not _DRAW:
        return ()
    pile = state.draw_pile
    return tuple((_DRAWS[card], pile[card]) for card in CARDS if pile[card])


def sample_chance(state: State, rng: random.Random) -> Move:
    """Draw one card at random from the draw pile (each card equally likely).

    The draw is exact whatever the counts: the same as ``rng.randrange(total)``.
    """
    pile = state.draw_pile
    if state.phase is not _DEAL and state.phase is not _DRAW:
        raise PicnicError(f"chance does not act in phase {state.phase.value!r}")
    # kit.counts.draw, inlined: randrange(total) is this rejection loop on getrandbits
    total = sum(pile)
    bits = total.bit_length()
    getrandbits = rng.getrandbits
    pick = getrandbits(bits)
    while pick >= total:
        pick = getrandbits(bits)
    for card in CARDS:
        pick -= pile[card]
        if pick < 0:
            return _DRAWS[card]
    raise AssertionError("unreachable: the draw pile is never empty at a chance node")


def result(state: State) -> Outcome:
    """Scores (counting sandwiches), winners and the end reason of a finished game.

    After ``stuck`` or ``sixty-actions`` the most counting sandwiches win and
    equal leaders all win: a tie stays a tie.
    """
    table, fly = state.table, state.fly
    scores = tuple(counting_sandwiches(table, fly, seat) for seat in range(len(table)))
    return Outcome.from_scores(scores, state.reason or STUCK)


def max_chance_steps(players: int, rules: Rules) -> int:
    """A bound on the chance steps of any game: the deal, then at most one draw per turn.

    Every turn but the last ends with a non-chance move (``end`` or a
    discard), so there are at most ``max_moves + 1`` turns.
    """
    return players * rules.hand_size + max_moves(players, rules) + 1


def max_moves(players: int, rules: Rules) -> int:
    """A bound on the non-chance moves of any game.

    A finished sandwich stays finished and holds two breads for good, so at
    most ``bread // 2`` sandwiches are ever finished, and between two of them
    (and after the last) at most ``action_limit`` actions happen.
    """
    return (rules.bread // 2 + 1) * rules.action_limit


def remaining(state: State) -> Measure:
    """The termination measure: what is left of :func:`max_moves` and :func:`max_chance_steps`.

    ``moves`` is ``action_limit`` for every sandwich still to be finished (at
    most ``bread // 2`` ever are, and finished ones stay on the table) plus what
    is left of the action limit now: a play that finishes a sandwich uses up
    the rest of the limit and resets it, every other action uses one. ``chance``
    is the cards still to deal, plus a pending draw (a deal is followed by the
    first turn's), plus one draw for every non-chance move still to come (only
    ``end`` or a discard starts a turn, with at most one draw).

    >>> remaining(new_game(2)) == (max_moves(2, Rules()), max_chance_steps(2, Rules()))
    True
    """
    phase = state.phase
    if phase is _OVER:
        return Measure(0, 0)
    rules = state.rules
    finished = 0
    for sandwiches in state.table:
        for sandwich in sandwiches:
            if len(sandwich) > 1 and sandwich[-1] is BREAD:  # is_finished, inlined
                finished += 1
    limit = rules.action_limit
    moves = (rules.bread // 2 - finished) * limit + limit - state.actions
    if phase is _ACT:
        return Measure(moves, moves)
    to_deal = len(state.hands) * rules.hand_size - state.dealt
    return Measure(moves, to_deal + 1 + moves)


# ---------------------------------------------------------------- apply


def apply(state: State, move: Move) -> State:
    """The state after ``move``; raises :class:`~picnic_rules.IllegalMove` and changes nothing if illegal.

    A move is a value: an object equal to a legal move (``Play(True, 0)`` for
    ``Play(Card.PEANUT_BUTTER, 0)``) is applied as that legal move, and any
    other move whose fields do not hold their declared types is refused as
    not a move of the game, before a rule looks at it.

    >>> from picnic_rules.sandwich import Draw, Card
    >>> state = apply(new_game(), Draw(Card.BREAD))
    >>> state.hands[0]
    (1, 0, 0, 0, 0)
    """
    try:
        phase = state.phase
        if phase is _ACT:
            handler = _ACT_HANDLERS.get(type(move))
            if handler is not None:
                return handler(state, move)
        elif type(move) is Draw and (phase is _DEAL or phase is _DRAW):
            return _apply_draw(state, move)
    except Exception as error:  # the slow path: an illegal or ill-typed move
        return _apply_odd(state, move, error)
    return _apply_odd(state, move, None)


def apply_legal(state: State, move: Move) -> State:
    """:func:`apply` of a move :func:`legal_moves` listed for ``state``, checking nothing.

    What playing a move does is worked out by the same functions, so the state is the
    same; only the checks that refuse an illegal move are left out. For code that takes
    its moves from ``legal_moves`` itself, a search say: given an illegal move of the
    game's types it returns a state no game reaches (or fails), and anything else goes
    to :func:`apply`, which refuses it with :class:`~picnic_rules.IllegalMove`.

    >>> state = apply(new_game(), Draw(Card.BREAD))
    >>> apply_legal(new_game(), Draw(Card.BREAD)) == state
    True
    """
    if type(move) is Play:
        return _play(state, move.card, move.onto)
    if type(move) is End:
        return _end_turn(state, state.hands, state.discard_pile)
    if type(move) is Draw:
        return _draw(state, move.card)
    if type(move) is Fly:
        return _land(state, move.seat, move.sandwich)
    if type(move) is Ant:
        return _steal(state, move.seat, move.sandwich, move.onto)
    if type(move) is Discard:
        return _discard(state, move.card)
    return apply(state, move)  # no move of the game's own types: apply refuses it


def _apply_odd(state: State, move: object, error: Exception | None) -> State:
    """A move the fast path refused (``error``) or has no handler for (``None``): a look-alike
    of a legal move is applied as that move; anything else is refused with the reason."""
    if not isinstance(state, State):
        shown = "None" if state is None else with_article(type(state).__name__)
        raise InvalidState(f"apply takes a sandwich State, not {shown}")
    if type(move) not in MOVE_TYPES:
        raise IllegalMove(
            move, f"not a move of sandwich: it is {with_article(type(move).__name__)}, not a move"
        )
    problem = ill_typed(move)
    if problem is not None:
        listed = _listed(state, move)
        if listed is not None:
            return apply(state, listed)
        raise IllegalMove(move, f"not a move of sandwich: {problem}") from None
    if error is not None:  # the rule's IllegalMove (anything else would be a bug: shown as it is)
        raise error
    phase = state.phase
    if phase is _OVER:
        raise IllegalMove(move, f"the game is over ({state.reason})")
    if phase is _ACT:
        raise IllegalMove(move, f"seat {state.turn} is to act, not chance")
    raise IllegalMove(move, "chance acts now: only a draw can happen")


def _listed(state: State, move: object) -> Move | None:
    """The legal move equal to ``move`` (a look-alike with fields of other types), or ``None``."""
    try:
        legal = legal_moves(state)
        return legal[legal.index(move)]
    except Exception:  # not among them, or fails even to compare
        return None


def _card(move: Move, card: object) -> Card:
    if card.__class__ is Card:
        return card
    if type(card) is int and 0 <= card < len(Card):
        return Card(card)
    raise IllegalMove(move, f"{card!r} is not a card")


def _index(move: Move, value: object, size: int, owner: int | None = None) -> int:
    """``value`` if it numbers one of ``size`` seats -- or, given their ``owner``, one of
    ``size`` sandwiches -- else ``move`` is refused (the message is built only then)."""
    if type(value) is not int or not 0 <= value < size:
        what = "seat " if owner is None else f"sandwich {owner}."
        raise IllegalMove(move, f"there is no {what}{value!r}")
    return value


def _check_held(move: Move, hand: Counts, card: Card, seat: int) -> None:
    """Refuse ``move`` unless seat ``seat``'s ``hand`` holds the ``card`` it plays."""
    if not hand[card]:
        raise IllegalMove(move, f"seat {seat} holds no {_LONG[card]}")


def _spent(state: State, card: Card) -> tuple[Counts, ...]:
    """The hands once the seat to act has given up one ``card``.

    ``replace(hands, seat, add(hands[seat], card, -1))`` in plain list steps, without
    their two calls: every card played or discarded leaves its hand here."""
    hands = state.hands
    seat = state.turn
    hand = list(hands[seat])
    hand[card] -= 1
    held = list(hands)
    held[seat] = tuple(hand)
    return tuple(held)


_DRAWN: Final = evolver(State, "hands", "draw_pile", "phase")
"""A draw: the card joins the seat's hand, which then acts."""
_DEALT: Final = evolver(State, "hands", "draw_pile", "turn", "dealt")
"""A card of the deal: it joins the seat's hand, and the next seat is dealt to."""
_TURN: Final = evolver(
    State, "hands", "draw_pile", "discard_pile", "phase", "turn", "played", "actions", "dealt"
)
"""A turn starts."""
_PLAYED: Final = evolver(
    State, "hands", "discard_pile", "table", "fly", "phase", "played", "actions", "reason"
)
"""A card is played."""


def _apply_draw(state: State, move: Draw) -> State:
    card = move.card
    if card.__class__ is not Card:
        card = _card(move, card)
    if not state.draw_pile[card]:
        raise IllegalMove(move, f"the draw pile holds no {_LONG[card]}")
    return _draw(state, card)


def _draw(state: State, card: Card) -> State:
    """A ``card`` of the draw pile is dealt or drawn to the seat ``turn`` names."""
    seat = state.turn
    hands, pile = take(state.hands, seat, state.draw_pile, card)  # from the draw pile to the hand
    if state.phase is _DRAW:
        return _DRAWN(state, hands=hands, draw_pile=pile, phase=_ACT)
    dealt = state.dealt + 1
    players = len(hands)
    rules = state.rules
    if dealt < players * rules.hand_size:
        return _DEALT(state, hands=hands, draw_pile=pile, turn=(seat + 1) % players, dealt=dealt)
    return _start_turn(state, hands, pile, EMPTY, rules.first_player, 0, dealt)


def _start_turn(
    state: State,
    hands: tuple[Counts, ...],
    draw_pile: Counts,
    discard_pile: Counts,
    seat: int,
    actions: int,
    dealt: int,
) -> State:
    """A turn starts with a draw; an empty draw pile is refilled from the discard pile first.

    If both are empty, no card is drawn and the player acts at once.
    """
    phase = _DRAW
    if not any(draw_pile):
        draw_pile, discard_pile = discard_pile, EMPTY
        if not any(draw_pile):
            phase = _ACT
    return _TURN(
        state,
        hands=hands,
        draw_pile=draw_pile,
        discard_pile=discard_pile,
        phase=phase,
        turn=seat,
        played=False,
        actions=actions,
        dealt=dealt,
    )


def _after_play(
    state: State,
    hands: tuple[Counts, ...],
    discard_pile: Counts,
    table: tuple[tuple[Sandwich, ...], ...],
    fly: SandwichId | None,
    finished: bool,
    scored: int | None,
) -> State:
    """After a card is played: the win, stuck and sixty-action checks, in that order.

    ``scored`` is the seat whose counting sandwiches may have grown (or ``None``).
    """
    rules = state.rules
    actions = 0 if finished else state.actions + 1
    reason = None
    if scored is not None and has_won(table, fly, scored, rules):
        reason = THREE_SANDWICHES
    elif is_stuck(hands, state.draw_pile, discard_pile, table, fly):
        reason = STUCK
    elif actions >= rules.action_limit:
        reason = SIXTY_ACTIONS
    return _PLAYED(
        state,
        hands=hands,
        discard_pile=discard_pile,
        table=table,
        fly=fly,
        phase=_ACT if reason is None else _OVER,
        played=True,
        actions=actions,
        reason=reason,
    )


def _end_turn(state: State, hands: tuple[Counts, ...], discard_pile: Counts) -> State:
    """A turn ends (``end`` or a discard): the next seat's turn starts, unless this
    action reached the action limit."""
    actions = state.actions + 1
    if actions >= state.rules.action_limit:
        return evolve(
            state,
            hands=hands,
            discard_pile=discard_pile,
            phase=_OVER,
            actions=actions,
            reason=SIXTY_ACTIONS,
        )
    seat = (state.turn + 1) % len(hands)
    return _start_turn(state, hands, state.draw_pile, discard_pile, seat, actions, state.dealt)


def _check_open(
    move: Move,
    sandwich: Sandwich,
    fly: SandwichId | None,
    seat: int,
    i: int,
    finished: str = "is already finished",
) -> None:
    """Refuse a move onto (or from) sandwich ``seat.i`` unless it is open."""
    if is_finished(sandwich):
        raise IllegalMove(move, f"sandwich {seat}.{i} {finished}")
    if covered_by_fly(fly, seat, i):
        raise IllegalMove(move, f"the fly covers sandwich {seat}.{i}")


def _apply_play(state: State, move: Play) -> State:
    card = move.card
    if card.__class__ is not Card:
        card = _card(move, card)
    seat = state.turn
    if not card.is_part:
        raise IllegalMove(
            move, f"an {_LONG[card]} is played as '{_LONG[card]} ...', not onto a sandwich"
        )
    _check_held(move, state.hands[seat], card, seat)
    table, fly = state.table, state.fly
    if move.onto is None:
        if not starts_a_sandwich(card):
            raise IllegalMove(move, "a new sandwich starts with bread")
        if not may_start_new_sandwich(table, fly, seat):
            first = open_sandwiches(table, fly, seat)[0]
            raise IllegalMove(
                move,
                f"sandwich {seat}.{first} is unfinished and free of the fly: "
                "finish it before starting a new one",
            )
    else:
        mine = table[seat]
        onto = _index(move, move.onto, len(mine), seat)
        sandwich = mine[onto]
        _check_open(move, sandwich, fly, seat, onto)
        if card is BREAD:
            if not bread_may_close(sandwich):
                raise IllegalMove(
                    move,
                    f"bread closes sandwich {seat}.{onto} only once it holds "
                    "peanut butter and jelly",
                )
        elif not spread_may_sit_on(card, sandwich):
            raise IllegalMove(move, f"{_LONG[card]} cannot sit on {_LONG[card]}")
    return _play(state, card, move.onto)


def _play(state: State, card: Card, onto: int | None) -> State:
    """The seat to act puts a part on its sandwich ``onto`` (bread there closes it), or
    starts a new sandwich with bread (``onto`` is ``None``)."""
    seat = state.turn
    table = state.table
    mine = table[seat]
    grown = (*mine, (BREAD,)) if onto is None else replace(mine, onto, (*mine[onto], card))
    finished = card is BREAD and onto is not None
    return _after_play(
        state,
        _spent(state, card),
        state.discard_pile,
        replace(table, seat, grown),
        state.fly,
        finished,
        seat if finished else None,
    )


def _apply_ant(state: State, move: Ant) -> State:
    seat = state.turn
    _check_held(move, state.hands[seat], ANT, seat)
    table, fly = state.table, state.fly
    victim = _index(move, move.seat, len(table))
    if victim == seat:
        raise IllegalMove(move, "an ant steals from another player's sandwich")
    theirs = table[victim]
    j = _index(move, move.sandwich, len(theirs), victim)
    _check_open(move, theirs[j], fly, victim, j, "is finished, and finished sandwiches are safe")
    mine = table[seat]
    i = _index(move, move.onto, len(mine), seat)
    _check_open(move, mine[i], fly, seat, i)
    robbed = theirs[j]
    top = robbed[-1]
    if not ant_may_steal(robbed, mine[i]):
        why = (
            f"the stolen bread cannot close sandwich {seat}.{i} before it holds peanut butter and jelly"
            if top is BREAD
            else f"{_LONG[top]} cannot sit on {_LONG[top]}"
        )
        raise IllegalMove(move, why)
    return _steal(state, victim, j, i)


def _steal(state: State, victim: int, j: int, i: int) -> State:
    """An ant of the seat to act takes the top card of seat ``victim``'s sandwich ``j``
    onto its own sandwich ``i``."""
    seat = state.turn
    table, fly = state.table, state.fly
    theirs, mine = table[victim], table[seat]
    robbed = theirs[j]
    top = robbed[-1]
    if len(robbed) == 1:  # a sandwich robbed of its only card is gone (a house rule)
        theirs = (*theirs[:j], *theirs[j + 1 :])
        if fly is not None and fly[0] == victim and fly[1] > j:
            fly = (victim, fly[1] - 1)
    else:
        theirs = replace(theirs, j, robbed[:-1])
    new_table = list(table)
    new_table[victim] = theirs
    new_table[seat] = replace(mine, i, (*mine[i], top))
    finished = top is BREAD
    return _after_play(
        state,
        _spent(state, ANT),
        add(state.discard_pile, ANT),
        tuple(new_table),
        fly,
        finished,
        seat if finished else None,
    )


def _apply_fly(state: State, move: Fly) -> State:
    seat = state.turn
    _check_held(move, state.hands[seat], FLY, seat)
    table = state.table
    owner = _index(move, move.seat, len(table))
    j = _index(move, move.sandwich, len(table[owner]), owner)
    if not fly_may_land(state.fly, owner, j):
        raise IllegalMove(move, f"the fly already covers sandwich {owner}.{j}")
    return _land(state, owner, j)


def _land(state: State, owner: int, j: int) -> State:
    """A fly of the seat to act moves the fly token onto seat ``owner``'s sandwich ``j``."""
    uncovered = state.fly[0] if state.fly is not None else None
    return _after_play(
        state,
        _spent(state, FLY),
        add(state.discard_pile, FLY),
        state.table,
        (owner, j),
        False,
        uncovered,
    )


def _apply_discard(state: State, move: Discard) -> State:
    card = _card(move, move.card)
    seat = state.turn
    _check_held(move, state.hands[seat], card, seat)
    plays = _plays(state)
    if not must_discard(state, plays):
        if state.played:
            raise IllegalMove(move, "a discard is only allowed before anything is played this turn")
        raise IllegalMove(
            move, f"no card may be discarded while one can be played (e.g. '{plays[0]}')"
        )
    return _discard(state, card)


def _discard(state: State, card: Card) -> State:
    """The seat to act discards a ``card``, which ends the turn."""
    return _end_turn(state, _spent(state, card), add(state.discard_pile, card))


def _apply_end(state: State, move: End) -> State:
    if must_discard(state):
        raise IllegalMove(move, "a player with no legal play must discard a card")
    return _end_turn(state, state.hands, state.discard_pile)


_ACT_HANDLERS: dict[type, Callable[[State, Any], State]] = {
    Play: _apply_play,
    End: _apply_end,
    Ant: _apply_ant,
    Fly: _apply_fly,
    Discard: _apply_discard,
}
