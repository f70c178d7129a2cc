"""Which moves are legal: the generator (:func:`legal_moves`) and the judge of one move
(:func:`illegal_reason`), plus the chance outcomes.

The judge states each rule through the named predicates of
:mod:`picnic_rules.insects.predicates`. The generator is on the hot path of every
playout, so it inlines the same predicates (each inlined test names its predicate in
a comment); ``tests/insects/test_insects_legality.py`` compares it with a generator
built from the predicates alone.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from itertools import accumulate
from typing import Any, Final

from ..errors import IllegalMove, PicnicError, move_text
from ..kit import ill_typed
from .cards import CARDS, COLOURS, INSECTS, WEAPONS, Card, Colour, Counts, Insect, Pile, insect_of
from .moves import MOVE_TYPES, Buy, Defend, Draw, GiveUp, Move, Play, Swat
from .predicates import (
    attacking_pile,
    continuation_is_big_enough,
    defence_weapons,
    may_buy,
    may_start_pile,
    may_swat,
    normal_play_shape_allowed,
    pile_colour,
    play_may_join,
)
from .rules import Rules
from .state import Phase, State

__all__ = ["admitted", "chance_outcomes", "illegal_reason", "legal_moves", "sample_chance"]

DRAWS: Final = tuple(Draw(card) for card in CARDS)
"""The chance move of each card kind, interned."""
_GIVE_UP: Final = GiveUp()
_BUYS: Final = (Buy(False), Buy(True))
_SWATS: dict[int, Swat] = {}
_DEFENDS: dict[int, Defend] = {}
_PLAYS: dict[tuple[int, int | None, int, int, int | None], Play] = {}
_INTERNED: Final = 20_000  # the most interned plays kept (the table is cleared when full)


def _play(insect: int, colour: int | None, count: int, jokers: int, onto: int | None) -> Play:
    """The interned ``Play`` (building an attrs instance costs more than a dict lookup)."""
    key = (insect, colour, count, jokers, onto)
    move = _PLAYS.get(key)
    if move is None:
        if len(_PLAYS) >= _INTERNED:
            _PLAYS.clear()
        move = _PLAYS[key] = Play(
            INSECTS[insect], None if colour is None else COLOURS[colour], count, jokers, onto
        )
    return move


def _swat(pile: int) -> Swat:
    move = _SWATS.get(pile)
    if move is None:
        move = Swat(pile)
        if len(_SWATS) < _INTERNED:
            _SWATS[pile] = move
    return move


def _defend(weapons: int) -> Defend:
    move = _DEFENDS.get(weapons)
    if move is None:
        move = Defend(weapons)
        if len(_DEFENDS) < _INTERNED:
            _DEFENDS[weapons] = move
    return move


def chance_outcomes(state: State) -> tuple[tuple[Move, int], ...]:
    """At a deal or draw: every card kind left in the deck, weighted by its count."""
    if state.phase is not Phase.DEAL and state.phase is not Phase.DRAW:
        return ()
    return tuple((DRAWS[kind], n) for kind, n in enumerate(state.deck) if n)


def sample_chance(state: State, rng: random.Random) -> Move:
    """The card dealt or drawn, each card of the deck equally likely (``rng.randrange``)."""
    if state.phase is not Phase.DEAL and state.phase is not Phase.DRAW:
        raise PicnicError("chance does not act now")
    bounds = list(accumulate(state.deck))
    return DRAWS[bisect_right(bounds, rng.randrange(bounds[-1]))]


def _continuations(rules: Rules, hand: Counts, pile: Pile, onto: int, last_count: int,
                   moves: list[Move]) -> None:  # fmt: skip
    insect = pile[0] // 5
    base = 5 * insect
    jokers = hand[base + 4]
    current = pile_colour(pile)
    joker_colour = rules.joker_colour
    # continuation_is_big_enough
    need = last_count if rules.match_count else 0
    for colour in range(4):
        have = hand[base + colour]
        if not have:
            continue
        # play_may_join: the pile's colour, a colourless pile, or (joker-colour variant)
        # any colour onto a joker: the pile's top card or one of the play's own
        plain = current is None or current == colour or (joker_colour and pile[-1] % 5 == 4)
        if not plain and not joker_colour:
            continue
        first = 0 if plain else 1
        for count in range(1, have + 1):
            for j in range(first, jokers + 1):
                if count + j >= need:
                    moves.append(_play(insect, colour, count, j, onto))
    for j in range(1, jokers + 1):
        if j >= need:
            moves.append(_play(insect, None, 0, j, onto))


_NORMAL: dict[tuple[object, ...], tuple[Move, ...]] = {}  # interned, bounded like _PLAYS


def _normal_plays(rules: Rules, hand: Counts, piles: tuple[Pile, ...], moves: list[Move]) -> None:
    # outside an attack every pile is one card: its index and colour (4: a colourless
    # joker), per insect type; the plays of one type depend only on these and the hand's
    # cards of that type, so they are looked up in a bounded table
    found: list[list[tuple[int, int]]] = [[], [], []]
    for index, pile in enumerate(piles):
        card = pile[0]
        found[card // 5].append((index, card % 5))
    joker_colour = rules.joker_colour
    for insect in range(3):
        base = 5 * insect
        cards = hand[base : base + 5]
        if not any(cards):
            continue
        key = (insect, cards, tuple(found[insect]), joker_colour)
        plays = _NORMAL.get(key)
        if plays is None:
            plays = _type_plays(insect, cards, found[insect], joker_colour)
            if len(_NORMAL) >= _INTERNED:
                _NORMAL.clear()
            _NORMAL[key] = plays
        moves.extend(plays)


def _type_plays(insect: int, cards: Counts, mine: list[tuple[int, int]],
                joker_colour: bool) -> tuple[Move, ...]:  # fmt: skip
    """The normal-turn plays of one insect type, from the hand's ``cards`` of that type
    (four colours and the joker) and the piles of that type, ``(index, colour)``."""
    moves: list[Move] = []
    jokers = cards[4]
    indices = [i for i, _ in mine]
    for colour in range(4):
        have = cards[colour]
        if not have:
            continue
        # play_may_join (a matching or colourless pile); may_start_pile (none of those)
        fits: list[int | None] = [i for i, c in mine if c == 4 or c == colour]
        plain = fits or [None]
        # with the joker-colour variant a play with a joker may also join every other pile
        # of its type: a choice more, the new pile stays open as it is without the joker
        joined: list[int | None] = list(indices) if joker_colour else list(fits)
        if not fits:
            joined.append(None)
        for count in range(1, have + 1):
            for onto in plain:
                moves.append(_play(insect, colour, count, 0, onto))
            for j in range(1, jokers + 1):
                for onto in joined:
                    moves.append(_play(insect, colour, count, j, onto))
    if jokers:  # normal_play_shape_allowed: a lone joker, onto any pile of its type or new
        for i in indices:
            moves.append(_play(insect, None, 0, 1, i))
        moves.append(_play(insect, None, 0, 1, None))
    return tuple(moves)


LAST: list[Any] = [(None, ())]
"""A one-entry memo, replaced whole (so threads never see half of one): the last state
:func:`legal_moves` answered for in a turn and its moves; ``apply`` trusts a move that is
one of those very objects."""


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move of the actor, in a stable order (at a chance node, the cards).

    In a normal turn: insect plays, weapons on one-card piles, then buying. Under
    attack: the defence, the continuations, giving up food, then buying.
    """
    phase = state.phase
    if phase is Phase.OVER:
        return ()
    if phase is not Phase.TURN:
        return tuple(DRAWS[kind] for kind, n in enumerate(state.deck) if n)
    rules, seat, piles = state.rules, state.turn, state.piles
    hand = state.hands[seat]
    moves: list[Move] = []
    if state.last is None:
        _normal_plays(rules, hand, piles, moves)
        for index, pile in enumerate(piles):
            # may_swat: a one-card pile (every pile, outside an attack) of the weapon's type
            if hand[15 + pile[0] // 5]:
                moves.append(_swat(index))
    else:
        attack = attacking_pile(piles)
        if attack is None:
            raise PicnicError("an attacker with no attacking pile: the state is not valid")
        pile = piles[attack]
        need = len(pile) - 1  # defence_weapons
        if hand[15 + pile[0] // 5] >= need:
            moves.append(_defend(need))
        _continuations(rules, hand, pile, attack, state.last_count, moves)
        moves.append(_GIVE_UP)
    if rules.buy and not state.bought:
        deck = sum(state.deck)
        for buy in _BUYS:
            if may_buy(rules, False, deck, state.food[seat], state.captured[seat], buy.captured):
                moves.append(buy)
    listed = tuple(moves)
    LAST[0] = (state, listed)
    return listed


def admitted(state: State, move: object) -> Move:
    """``move`` as ``apply`` plays it, or :class:`~picnic_rules.IllegalMove` naming the rule.

    Moves are values: a well-typed legal move is played as it is, a look-alike that equals
    a legal move (a count of ``1.0`` or ``True`` where ``1`` is listed) is played as the
    listed move -- so no caller's object ends up in a state --, and any other ill-typed
    object is refused before a rule looks at it.
    """
    problem = (
        ill_typed(move)
        if type(move) in MOVE_TYPES
        else f"it is {type(move).__name__}, not an insects move"
    )
    if problem is None:
        why = illegal_reason(state, move)  # type: ignore[arg-type]
        if why is None:
            return move  # type: ignore[return-value]
        raise IllegalMove(move, why)
    legal = legal_moves(state)
    try:
        return legal[legal.index(move)]
    except Exception:  # not among them, or it fails even to compare
        raise IllegalMove(move, f"not a move of insects: {problem}") from None


def illegal_reason(state: State, move: Move) -> str | None:
    """``None`` if ``move`` is legal in ``state``, else the rule that forbids it, in words."""
    phase = state.phase
    if phase is Phase.OVER:
        return f"the game is over ({state.reason})"
    kind = type(move)
    if phase is not Phase.TURN:
        if kind is not Draw:
            return "chance deals or draws a card now"
        card = move.card  # type: ignore[union-attr]
        if card.__class__ is not Card and type(card) is not int:
            return f"{card!r} is not a card"
        if not 0 <= card < len(CARDS):
            return f"{card!r} is not a card"
        return None if state.deck[card] else f"no {CARDS[card]} is left in the deck"
    if kind is Draw:
        return "no card is drawn now"
    seat = state.turn
    hand = state.hands[seat]
    attack = None if state.last is None else attacking_pile(state.piles)
    if isinstance(move, Play):
        return _play_reason(state, move, hand, attack)
    if isinstance(move, Swat):
        return _swat_reason(state, move, hand, attack)
    if isinstance(move, Defend):
        if attack is None:
            return "nobody attacks you: there is nothing to defend"
        pile = state.piles[attack]
        need = defence_weapons(pile)
        weapon = WEAPONS[insect_of(pile[0])]
        if type(move.weapons) is not int or move.weapons != need:
            return f"defending pile {attack} takes exactly {need} {weapon} (all but one insect)"
        return (
            None
            if hand[weapon] >= need
            else f"you hold {hand[weapon]} {weapon}, and defending takes {need}"
        )
    if kind is GiveUp:
        return (
            None if attack is not None else "nobody attacks you: food is given up only under attack"
        )
    if isinstance(move, Buy):
        return _buy_reason(state, move)
    return f"not an insects move: {move_text(move)}"


def _buy_reason(state: State, move: Buy) -> str | None:
    seat, rules = state.turn, state.rules
    if type(move.captured) is not bool:
        return "buy takes own or captured food"
    if may_buy(
        rules, state.bought, sum(state.deck), state.food[seat], state.captured[seat], move.captured
    ):
        return None
    if not rules.buy:
        return "buying cards is a variant these rules do not use"
    if state.bought:
        return "cards may be bought once a turn"
    if not sum(state.deck):
        return "the deck is empty"
    if move.captured:
        return "you have no captured food"
    return "the last own food cannot be sold"


def _swat_reason(state: State, move: Swat, hand: Counts, attack: int | None) -> str | None:
    if attack is not None:
        return f"pile {attack} attacks you: defend, continue or give food"
    if type(move.pile) is not int or not 0 <= move.pile < len(state.piles):
        return f"there is no pile {move.pile}"
    pile = state.piles[move.pile]
    weapon = WEAPONS[insect_of(pile[0])]
    if not hand[weapon]:
        return f"you hold no {weapon} for pile {move.pile}"
    return None if may_swat(pile, weapon) else "a weapon goes only on a one-card pile"


def _play_reason(state: State, move: Play, hand: Counts, attack: int | None) -> str | None:
    rules, piles = state.rules, state.piles
    insect, colour, count, jokers, onto = (
        move.insect,
        move.colour,
        move.count,
        move.jokers,
        move.onto,
    )
    if type(insect) is not Insect:
        return f"{insect!r} is not an insect"
    if colour is not None and type(colour) is not Colour:
        return f"{colour!r} is not a colour"
    if type(count) is not int or type(jokers) is not int or count < 0 or jokers < 0:
        return "a play holds a number of cards"
    if (colour is None) != (count == 0) or count + jokers == 0:
        return "a play holds coloured insects of one colour (with a count), and jokers"
    base = 5 * insect
    if colour is not None and hand[base + colour] < count:
        return f"you hold {hand[base + colour]} {CARDS[base + colour]}"
    if hand[base + 4] < jokers:
        return f"you hold {hand[base + 4]} {CARDS[base + 4]}"
    if onto is not None and (type(onto) is not int or not 0 <= onto < len(piles)):
        return f"there is no pile {onto}"
    if attack is not None:
        if onto != attack:
            return f"pile {attack} attacks you: continue it, defend or give food"
        if not play_may_join(rules, piles[attack], insect, colour, jokers):
            return f"{_what(move)} cannot join pile {attack}: it is not its colour"
        if not continuation_is_big_enough(rules, state.last_count, count + jokers):
            return f"the attack must be continued with at least {state.last_count} cards"
        return None
    if not normal_play_shape_allowed(count, jokers):
        return "several jokers alone may only continue an attack"
    if onto is None:
        if may_start_pile(piles, insect, colour):
            return None
        fits = [
            str(i)
            for i, pile in enumerate(piles)
            if play_may_join(rules, pile, insect, colour, jokers)
        ]
        return f"{_what(move)} must join a pile that fits it: add 'on {' or '.join(fits)}'"
    if play_may_join(rules, piles[onto], insect, colour, jokers):
        return None
    if insect_of(piles[onto][0]) != insect:
        return f"pile {onto} holds {insect_of(piles[onto][0])}s, not {insect}s"
    return f"{_what(move)} cannot join pile {onto}: it is not its colour"


def _what(move: Play) -> str:
    return f"{move.colour} {move.insect}" if move.colour is not None else f"joker {move.insect}"
