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
from collections.abc import Callable, Sequence
from itertools import accumulate, compress
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

__all__ = [
    "GIVE_UP",
    "admitted",
    "chance_outcomes",
    "defence_of",
    "illegal_reason",
    "kind_drawn",
    "legal_moves",
    "play_of",
    "sample_chance",
    "swat_onto",
    "swats",
    "type_plays",
]

DRAWS: Final = tuple(Draw(card) for card in CARDS)
"""The chance move of each card kind, interned."""
GIVE_UP: Final = GiveUp()
"""Giving up food, the one move of its kind."""
_DEAL, _DRAW, _TURN, _OVER = Phase.DEAL, Phase.DRAW, Phase.TURN, Phase.OVER
_BUYS: Final = (Buy(False), Buy(True))
_INTERNED: Final = 16
"""Moves with counts, jokers and pile numbers below this are interned (built once, handed
out again); the tables are fixed in size, so no position, however large or forged, grows
them: a move past them is built afresh (equal all the same)."""
_SWATS: Final = tuple(Swat(pile) for pile in range(_INTERNED))
_DEFENDS: Final = tuple(Defend(weapons) for weapons in range(_INTERNED))


class _Row(dict[int | None, Play]):
    """The plays of one card kind, count and number of jokers, by the pile they go onto
    (``None``: a new pile), each built on first use."""

    __slots__ = ("colour", "count", "insect", "jokers")

    def __init__(self, kind: int, count: int, jokers: int) -> None:
        super().__init__()
        insect, colour = divmod(kind, 5)
        self.insect = INSECTS[insect]
        self.colour = None if colour == 4 else COLOURS[colour]
        self.count = count
        self.jokers = jokers

    def __missing__(self, onto: int | None) -> Play:
        move = Play(self.insect, self.colour, self.count, self.jokers, onto)
        if onto is None or onto < _INTERNED:
            self[onto] = move
        return move


_ROWS: Final[dict[tuple[int, int, int], _Row]] = {}
"""The interned rows of plays, by their kind (the coloured card, or the joker of a play of
jokers alone), count and jokers."""


def _row(kind: int, count: int, jokers: int) -> _Row:
    """The plays of ``count`` cards of ``kind`` with ``jokers`` jokers, by the pile they go
    onto: interned while the count and the jokers are below :data:`_INTERNED`."""
    key = (kind, count, jokers)
    row = _ROWS.get(key)
    if row is None:
        row = _Row(kind, count, jokers)
        if count < _INTERNED and jokers < _INTERNED:
            _ROWS[key] = row
    return row


def play_of(insect: int, colour: int | None, count: int, jokers: int, onto: int | None) -> Play:
    """``Play(insect, colour, count, jokers, onto)``, interned while its numbers are below
    :data:`_INTERNED` (building an attrs instance costs more than a dict lookup)."""
    return _row(5 * insect + (4 if colour is None else colour), count, jokers)[onto]


def defence_of(weapons: int) -> Defend:
    """``Defend(weapons)``, interned below :data:`_INTERNED`."""
    return _DEFENDS[weapons] if weapons < _INTERNED else Defend(weapons)


def chance_outcomes(state: State) -> tuple[tuple[Move, int], ...]:
    """At a deal or draw: every card kind left in the deck, weighted by its count."""
    if state.phase is not Phase.DEAL and state.phase is not Phase.DRAW:
        return ()
    return tuple((DRAWS[kind], n) for kind, n in enumerate(state.deck) if n)


def sample_chance(state: State, rng: random.Random) -> Move:
    """The card dealt or drawn, each card of the deck equally likely (``rng.randrange``)."""
    phase = state.phase
    if phase is not _DEAL and phase is not _DRAW:
        raise PicnicError("chance does not act now")
    # kind_drawn(state.deck, rng.getrandbits), inlined: half of a random game's steps
    bounds = list(accumulate(state.deck))
    total = bounds[-1]
    if total <= 0:
        raise ValueError(f"empty range: {state.deck} hold no card to draw")
    bits = total.bit_length()  # kit.counts.below (randrange on getrandbits), inlined
    getrandbits = rng.getrandbits
    pick = getrandbits(bits)
    while pick >= total:
        pick = getrandbits(bits)
    return DRAWS[bisect_right(bounds, pick)]


def kind_drawn(deck: Sequence[int], getrandbits: Callable[[int], int]) -> int:
    """The kind of the card drawn from ``deck`` (counts), each card equally likely, given
    ``rng.getrandbits``: :func:`sample_chance`'s draw (the same numbers drawn), for draws
    made without a state between them -- the draw the engine's draws back up
    (:func:`~picnic_rules.insects.engine.draw_owed`) make, inlined there.

    Raises :class:`ValueError` if the deck holds no card.
    """
    bounds = list(accumulate(deck))
    total = bounds[-1]
    if total <= 0:
        raise ValueError(f"empty range: {tuple(deck)} hold no card to draw")
    bits = total.bit_length()  # kit.counts.below (randrange on getrandbits), inlined
    pick = getrandbits(bits)
    while pick >= total:
        pick = getrandbits(bits)
    return bisect_right(bounds, pick)


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
                    moves.append(play_of(insect, colour, count, j, onto))
    for j in range(1, jokers + 1):
        if j >= need:
            moves.append(play_of(insect, None, 0, j, onto))


_INSECT_KINDS: Final = tuple(range(15))
"""The insect card kinds (four colours and the joker of each type), for
:func:`itertools.compress` with a hand: the kinds it holds, in order."""
_KINDS_OF: Final = tuple(_INSECT_KINDS[base : base + 5] for base in (0, 5, 10))
"""The insect kinds of each type."""
_JOKER_OF: Final = tuple(kind - kind % 5 + 4 for kind in _INSECT_KINDS)
"""The joker of each insect kind's type (a joker's own kind for a joker)."""
_WEAPON_KIND: Final = tuple(WEAPONS[kind // 5] for kind in _INSECT_KINDS)
"""The weapon of each insect kind's type."""
_NEW_PILE: Final = (None,)
_REMEMBERED: Final = 4096
"""The most entries :data:`_JOINING` and :data:`_LONE_JOKERS` hold (each is emptied when
full)."""
_JOINING: Final[dict[tuple[object, ...], tuple[Play, ...]]] = {}
"""The plays of one coloured kind of a hand, by the kind, the count and the jokers of its
type held, the piles it may join alone and those it may join with a joker."""
_LONE_JOKERS: Final[dict[tuple[int, tuple[int, ...]], tuple[Play, ...]]] = {}
"""The plays of a lone joker, by its kind and the piles of its type."""


def _normal_turn(rules: Rules, hand: Counts, piles: tuple[Pile, ...]) -> list[Move]:
    """The moves of a normal turn but buying: the plays, kind by kind of the hand (a type's
    four colours, then its joker alone), then the weapons."""
    moves: list[Move] = _plays(rules.joker_colour, hand, piles, _INSECT_KINDS, hand)
    if hand[15] or hand[16] or hand[17]:
        moves += swats(hand, piles)
    return moves


def type_plays(rules: Rules, hand: Counts, piles: tuple[Pile, ...], insect: int) -> list[Move]:
    """The plays of ``insect``'s type in a normal turn for the seat holding ``hand``, in the
    order :func:`legal_moves` lists them (for a choice made type by type, which needs no
    other type's plays)."""
    base = 5 * insect
    return _plays(rules.joker_colour, hand, piles, _KINDS_OF[insect], hand[base : base + 5])


def _plays(
    joker_colour: bool,
    hand: Counts,
    piles: tuple[Pile, ...],
    kinds: Sequence[int],
    held: Counts,
) -> list[Move]:
    """The plays of a normal turn of those ``kinds`` the hand holds (``held``: its counts of
    them), kind by kind. Outside an attack every pile is one card, so a pile is that
    card's kind. The hottest code of an insects playout: the piles are sorted by kind once
    (by type only for a joker), the plays of each kind remembered, the predicates inlined
    where marked."""
    at: list[tuple[int, ...]] = [()] * 15  # the piles of each insect kind, by index
    for index, pile in enumerate(piles):
        at[pile[0]] += (index,)
    moves: list[Move] = []
    extend = moves.extend
    for kind in compress(kinds, held):
        joker = _JOKER_OF[kind]
        if kind == joker:  # normal_play_shape_allowed: a lone joker, onto any pile of its type
            lone = (kind, _of_type(piles, kind // 5))
            plays = _LONE_JOKERS.get(lone)
            if plays is None:
                plays = _remember(_LONE_JOKERS, lone, _lone_jokers(*lone))
            extend(plays)
            continue
        # play_may_join: a pile of its colour or a colourless one; may_start_pile: none
        fits = at[kind]
        colourless = at[joker]
        if colourless:
            fits = tuple(sorted(fits + colourless)) if fits else colourless
        plain: tuple[int | None, ...] = fits or _NEW_PILE
        joined = plain
        jokers = hand[joker]
        if jokers and joker_colour:
            # with the joker-colour variant a play with a joker may also join every other
            # pile of its type: a choice more, the new pile stays open as it is without it
            ours: tuple[int | None, ...] = _of_type(piles, kind // 5)
            joined = ours if fits else (*ours, None)
        key = (kind, hand[kind], jokers, plain, joined)
        plays = _JOINING.get(key)
        if plays is None:
            plays = _remember(_JOINING, key, _plays_of(kind, hand[kind], jokers, plain, joined))
        extend(plays)
    return moves


def swats(hand: Counts, piles: tuple[Pile, ...]) -> list[Swat]:
    """The swats of a normal turn, in the order of the ``piles`` (every pile one card)."""
    found: list[Swat] = []
    for index, pile in enumerate(piles):
        # may_swat: a one-card pile (every pile, outside an attack) of the weapon's type
        if hand[_WEAPON_KIND[pile[0]]]:
            found.append(_SWATS[index] if index < _INTERNED else Swat(index))  # swat_onto
    return found


def swat_onto(pile: int) -> Swat:
    """The swat onto pile ``pile`` (interned below :data:`_INTERNED`)."""
    return _SWATS[pile] if pile < _INTERNED else Swat(pile)


def _of_type(piles: tuple[Pile, ...], insect: int) -> tuple[int, ...]:
    """The indices of the one-card ``piles`` of ``insect``'s type (found only when a play
    asks: a joker held)."""
    return tuple([index for index, pile in enumerate(piles) if pile[0] // 5 == insect])


def _lone_jokers(kind: int, mine: tuple[int, ...]) -> tuple[Play, ...]:
    """The plays of one joker of ``kind``: onto each of the piles ``mine`` of its type, then
    onto a new pile."""
    row = _row(kind, 0, 1)
    return (*[row[index] for index in mine], row[None])


def _remember(
    table: dict[Any, tuple[Play, ...]], key: object, plays: tuple[Play, ...]
) -> tuple[Play, ...]:
    """``plays``, kept in ``table`` under ``key`` (the table is emptied when it holds
    :data:`_REMEMBERED`)."""
    if len(table) >= _REMEMBERED:
        table.clear()
    table[key] = plays
    return plays


def _plays_of(
    kind: int, have: int, jokers: int, plain: tuple[int | None, ...], joined: tuple[int | None, ...]
) -> tuple[Play, ...]:
    """The plays of 1 to ``have`` cards of a coloured ``kind``: alone onto each pile of
    ``plain``, then with 1 to ``jokers`` jokers onto each pile of ``joined``."""
    plays: list[Play] = []
    for count in range(1, have + 1):
        row = _row(kind, count, 0)
        plays.extend([row[onto] for onto in plain])
        for j in range(1, jokers + 1):
            row = _row(kind, count, j)
            plays.extend([row[onto] for onto in joined])
    return tuple(plays)


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
    if phase is not _TURN:
        if phase is _OVER:
            return ()
        return tuple(DRAWS[kind] for kind, n in enumerate(state.deck) if n)
    rules, seat, piles = state.rules, state.turn, state.piles
    hand = state.hands[seat]
    if state.last is None:
        moves = _normal_turn(rules, hand, piles)
    else:
        moves = []
        attack = attacking_pile(piles)
        if attack is None:
            raise PicnicError("an attacker with no attacking pile: the state is not valid")
        pile = piles[attack]
        need = len(pile) - 1  # defence_weapons
        if hand[15 + pile[0] // 5] >= need:
            moves.append(defence_of(need))
        _continuations(rules, hand, pile, attack, state.last_count, moves)
        moves.append(GIVE_UP)
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
