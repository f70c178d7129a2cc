"""The poultry game's rules in motion: :func:`new_game`, :func:`legal_moves`, :func:`apply` ...

A round: chance supplies one grain per yard, left to right; the seats commit
their cards face down, seat by seat; a forced ``reveal`` turns them up; each
yard with cards is resolved by a forced ``resolve`` step, left to right
(foxes, the fleeing bird, lone birds, haggling and duels, built from the
predicates of :mod:`picnic_rules.poultry.predicates`); the played cards go to
the discard pile and chance draws the new cards. The round in which the bag
can no longer supply every yard is the last. Everything here is pure.
"""

from __future__ import annotations

import functools
import random
from bisect import bisect_right
from itertools import accumulate, combinations_with_replacement, compress, repeat
from operator import is_
from typing import TypeVar

from ..errors import IllegalMove, PicnicError
from ..game import CHANCE, Actor
from ..kit import evolve, evolver, ill_typed
from ..kit.counts import add, draw, replace
from ..kit.memo import last_answer
from .cards import COLOURS, GRAINS, YARDS, Card, Counts, Grain, GrainCounts, kinds
from .moves import (
    Accept,
    Allot,
    Commit,
    Draw,
    Move,
    NoDeal,
    Reject,
    Resolve,
    Reveal,
    Roll,
    Supply,
    listed,
)
from .predicates import (
    DIE,
    MAX_TIES,
    animals,
    birds_at,
    duel_leaders,
    flees,
    is_last_round,
    legal_pair,
    settle_by_card,
)
from .rules import PLAYERS, Rules
from .scoring import GRAIN_OUT
from .state import Duel, Haggle, Phase, State, View

__all__ = [
    "apply",
    "chance_outcomes",
    "commit_options",
    "is_over",
    "legal_moves",
    "new_game",
    "sample_chance",
    "stake",
    "to_move",
]


_DEAL, _SUPPLY, _COMMIT, _REVEAL = Phase.DEAL, Phase.SUPPLY, Phase.COMMIT, Phase.REVEAL
_RESOLVE, _HAGGLE, _DUEL, _DRAW, _OVER = (
    Phase.RESOLVE,
    Phase.HAGGLE,
    Phase.DUEL,
    Phase.DRAW,
    Phase.OVER,
)
_M = TypeVar("_M", bound=Move)
_NONE: GrainCounts = (0, 0, 0)
_SUPPLIES = tuple(Supply(grain) for grain in GRAINS)
_REVEAL_MOVE = Reveal()
_RESOLVES = tuple(Resolve(colour) for colour in COLOURS)
_ROLLS = tuple(Roll(n) for n in range(1, DIE + 1))
_ROLL_OUTCOMES = tuple((roll, 1) for roll in _ROLLS)
_ALLOTS = tuple(tuple(Allot(grain, seat) for seat in range(PLAYERS[1])) for grain in GRAINS)
_NO_DEAL, _ACCEPT, _REJECT = NoDeal(), Accept(), Reject()

# the named updates of the hottest steps (:func:`picnic_rules.kit.evolver`)
_DEALT = evolver(State, "hands", "deck", "discard", "dealt")
_DEALT_ALL = evolver(State, "hands", "deck", "discard", "phase", "round", "dealt")
_SUPPLIED = evolver(State, "bag", "yards", "yard")
_SUPPLIED_ALL = evolver(State, "bag", "yards", "phase", "turn", "yard")
_COMMITTED = evolver(State, "hands", "played", "phase", "turn")
_AT_YARD = evolver(State, "played", "stocks", "yards", "grain", "phase", "yard", "haggle", "duel")
_ROUND_END = evolver(
    State,
    "discard",
    "played",
    "stocks",
    "yards",
    "grain",
    "phase",
    "round",
    "yard",
    "haggle",
    "duel",
    "reason",
)
_HAGGLING = evolver(State, "haggle")
_DUELLING = evolver(State, "duel")
_ALLOTTED = evolver(Haggle, "allotted")
_ANSWERED = evolver(Haggle, "accepted")
_ROLLED = evolver(Duel, "rolls")


@functools.lru_cache(maxsize=64)
def _draws(poultry: tuple[int, ...], foxes: tuple[int, ...]) -> tuple[Draw, ...]:
    return tuple(Draw(card) for card in kinds(poultry, foxes))


# ---------------------------------------------------------------- set-up


def new_game(players: int = 2, rules: Rules = Rules()) -> State:
    """The state before the deal: chance deals every hand, one card at a time.

    >>> state = new_game(3)
    >>> state.phase, sum(state.deck), state.bag
    (Phase.DEAL, 60, (26, 26, 26))

    Raises :class:`~picnic_rules.RulesError` for a player count the rules cannot seat.
    """
    n = rules.check_players(players)
    empty = (0,) * len(rules.kinds)
    return State(
        rules=rules,
        hands=(empty,) * n,
        deck=rules.deck,
        discard=empty,
        played=((),) * n,
        stocks=(empty,) * n,
        bag=rules.grain,
        yards=(_NONE,) * YARDS,
        grain=(_NONE,) * n,
        phase=_DEAL,
        round=0,
        turn=0,
        dealt=0,
        yard=0,
        haggle=None,
        duel=None,
        rolled=(),
        reason=None,
    )


# ---------------------------------------------------------------- who acts


def stake(state: State | View) -> GrainCounts:
    """The grain at the yard being resolved."""
    return state.yards[state.yard]


def _haggler(haggle: Haggle, at_stake: GrainCounts) -> int:
    if sum(map(sum, haggle.allotted)) < sum(at_stake):
        return haggle.seats[haggle.proposer]
    others = [seat for i, seat in enumerate(haggle.seats) if i != haggle.proposer]
    return others[haggle.accepted]


def to_move(state: State | View) -> Actor:
    """The seat to commit or haggle, :data:`~picnic_rules.CHANCE`, or ``None`` at the end."""
    phase = state.phase
    if phase is _COMMIT:
        return state.turn
    if phase is _HAGGLE:
        return _haggler(_haggle_of_state(state), state.yards[state.yard])
    return None if phase is _OVER else CHANCE


def is_over(state: State) -> bool:
    """Whether the game has ended."""
    return state.phase is _OVER


# ---------------------------------------------------------------- moves


def chance_outcomes(state: State) -> tuple[tuple[Move, int], ...]:
    """Chance's outcomes and their weights: a card by its count in the deck (the discard
    pile when the deck is empty), a grain by its count in the bag, a roll 1 each, and the
    one outcome of a forced step."""
    phase = state.phase
    if phase is _DEAL or phase is _DRAW:
        pile = state.deck if any(state.deck) else state.discard
        draws = _draws(state.rules.poultry, state.rules.foxes)
        return tuple((draws[k], n) for k, n in enumerate(pile) if n)
    if phase is _SUPPLY:
        return tuple((_SUPPLIES[g], n) for g, n in enumerate(state.bag) if n)
    if phase is _DUEL:
        return _ROLL_OUTCOMES
    if phase is _REVEAL:
        return ((_REVEAL_MOVE, 1),)
    if phase is _RESOLVE:
        return ((_RESOLVES[state.yard], 1),)
    return ()


@functools.lru_cache(maxsize=64)
def _commit_table(
    poultry: tuple[int, ...], foxes: tuple[int, ...]
) -> tuple[tuple[Commit, ...], tuple[tuple[Commit | None, ...], ...]]:
    """Every single commitment, and every pair ``[a][b]`` (``a <= b``; ``None`` for a poultry
    and a fox of one colour), built once per deck so the move generator only looks them up."""
    cards = kinds(poultry, foxes)
    singles = tuple(Commit((card,)) for card in cards)
    pairs = tuple(
        tuple(
            Commit((cards[a], cards[b])) if a <= b and legal_pair(cards[a], cards[b]) else None
            for b in range(len(cards))
        )
        for a in range(len(cards))
    )
    return singles, pairs


@functools.lru_cache(maxsize=8192)
def _commit_options(
    poultry: tuple[int, ...], foxes: tuple[int, ...], hand: Counts, per: int
) -> tuple[Commit, ...]:
    """:func:`commit_options` of a deck: the pairs of kinds held, in the order of the kinds
    (two of one kind where two are held), worked out once for each hand."""
    singles, table = _commit_table(poultry, foxes)
    held = list(compress(range(len(hand)), hand))  # the kinds held
    if per == 1:
        return tuple(singles[k] for k in held)
    pairs = tuple(
        pair
        for a, b in combinations_with_replacement(held, 2)
        if (pair := table[a][b]) is not None  # never a poultry and a fox of one colour
        and (a != b or hand[a] >= 2)
    )
    return pairs or tuple(singles[k] for k in held)


def commit_options(rules: Rules, hand: Counts, players: int) -> tuple[Commit, ...]:
    """What a seat holding ``hand`` may commit: one card, or with 2-3 players two cards
    that are not a poultry and a fox of one colour -- one card only when no such pair exists
    (house rule)."""
    return _commit_options(rules.poultry, rules.foxes, hand, rules.per_round(players))


def _haggle_of_state(state: State | View) -> Haggle:
    """The haggle in progress (a haggle phase without one is no state the rules reach)."""
    haggle = state.haggle
    if haggle is None:
        raise PicnicError("the haggle phase holds no haggle")
    return haggle


def _duel_of_state(state: State) -> Duel:
    """The duel in progress (a duel phase without one is no state the rules reach)."""
    duel = state.duel
    if duel is None:
        raise PicnicError("the duel phase holds no duel")
    return duel


def _haggle_moves(state: State) -> tuple[Move, ...]:
    haggle = _haggle_of_state(state)
    return _haggle_options(state.yards[state.yard], haggle.allotted, haggle.seats)


@functools.lru_cache(maxsize=4096)
def _haggle_options(
    here: GrainCounts, allotted: tuple[GrainCounts, ...], seats: tuple[int, ...]
) -> tuple[Move, ...]:
    """The moves of a haggle over the grain ``here`` with ``allotted`` given so far to the
    ``seats`` in it: accept or reject a whole proposal, else allot a grain still left to
    any of them (or no-deal before the first); worked out once for each, as a playout's
    haggles go over the same proposals again and again."""
    given = [sum(a[g] for a in allotted) for g in range(3)]
    if sum(given) == sum(here):
        return (_ACCEPT, _REJECT)
    moves: list[Move] = [] if sum(given) else [_NO_DEAL]
    for g in range(3):
        if here[g] > given[g]:
            moves.extend(_ALLOTS[g][seat] for seat in seats)
    return tuple(moves)


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move, in a fixed order (chance's outcomes at a chance node)."""
    phase = state.phase
    if phase is _COMMIT:
        rules = state.rules
        hand = state.hands[state.turn]
        return _commit_options(rules.poultry, rules.foxes, hand, rules.per_round(len(state.hands)))
    if phase is _HAGGLE:
        return _haggle_moves(state)
    return tuple(move for move, _ in chance_outcomes(state))


# ---------------------------------------------------------------- apply


def sample_chance(state: State, rng: random.Random) -> Move:
    """One chance outcome, drawn with exactly the weights of :func:`chance_outcomes` (a card
    by its count, a grain by its count, a fair die), without listing the outcomes."""
    phase = state.phase
    if phase is _DEAL or phase is _DRAW:
        pile = state.deck if any(state.deck) else state.discard
        rules = state.rules
        cumulative = list(accumulate(pile))  # each card equally likely: exact integer draw
        return _draws(rules.poultry, rules.foxes)[
            bisect_right(cumulative, rng.randrange(cumulative[-1]))
        ]
    if phase is _SUPPLY:
        return _SUPPLIES[draw(state.bag, rng)]
    if phase is _DUEL:
        return _ROLLS[rng.randrange(DIE)]
    if phase is _REVEAL:
        return _REVEAL_MOVE
    if phase is _RESOLVE:
        return _RESOLVES[state.yard]
    raise PicnicError(f"chance does not act now (seat {to_move(state)} is to act)")


def apply(state: State, move: Move) -> State:
    """The state after ``move``; :class:`~picnic_rules.IllegalMove` (naming the rule) if it is
    not legal. ``state`` is left unchanged.

    A move is a value: one equal to a legal move (``Roll(3.0)`` for ``roll 3``) is applied
    as that listed move, and anything else -- a move of ill-typed fields included -- is
    refused with an ``IllegalMove``.
    """
    phase = state.phase
    if phase is _COMMIT:
        return _commit(state, move)
    if phase is _HAGGLE:
        return _haggle(state, move)
    if phase is _DEAL or phase is _DRAW:
        k = _drawn(state, move)
        if k is None:
            k = state.rules.index[_listed(state, move, Draw).card]
        return _draw(state, k)
    if phase is _SUPPLY:
        if type(move) is not Supply or type(move.grain) is not Grain:
            move = _listed(state, move, Supply)
        g = move.grain.index
        if not state.bag[g]:
            raise IllegalMove(move, _why_not(state, move))
        return _supply(state, g)
    if phase is _DUEL:
        if type(move) is not Roll or type(move.value) is not int or not 1 <= move.value <= DIE:
            move = _listed(state, move, Roll)
        return _roll(state, move.value)
    if phase is _REVEAL:
        if move is not _REVEAL_MOVE:
            _listed(state, move, Reveal)
        return _next_yard(state, 0, state.played, state.stocks, state.yards, state.grain)
    if phase is _RESOLVE:
        if move is not _RESOLVES[state.yard]:
            _listed(state, move, Resolve)
        return _resolve(state)
    raise IllegalMove(move, _why_not(state, move))


def _drawn(state: State, move: object) -> int | None:
    """The kind index of the card ``move`` draws, if it is a draw of a card left to draw."""
    if type(move) is not Draw:
        return None
    try:
        k = state.rules.index.get(move.card)
    except TypeError:  # an unhashable look-alike of a card: not a card of this game
        return None
    pile = state.deck if any(state.deck) else state.discard
    return k if k is not None and pile[k] else None


def _listed(state: State, move: object, kind: type[_M]) -> _M:
    """The legal move equal to ``move`` (a look-alike is played as the listed move);
    :class:`~picnic_rules.IllegalMove` if there is none."""
    found = listed(legal_moves(state), move)
    if type(found) is not kind:
        raise IllegalMove(move, _why_not(state, move))
    return found


def _why_not(state: State, move: object) -> str:
    """Why ``move`` is not legal in ``state``: first whether it is a move at all."""
    problem = ill_typed(move)
    if problem is not None:
        return f"not a move of poultry: {problem}"
    phase = state.phase
    if phase is _OVER:
        return "the game is over"
    if phase is _COMMIT:
        if type(move) is not Commit:
            return f"seat {state.turn} commits its cards now"
        rules, hand = state.rules, state.hands[state.turn]
        options = commit_options(rules, hand, len(state.hands))
        return _why_not_commit(rules, hand, move, options, state.turn)
    if phase is _HAGGLE:
        return _why_not_haggle(state, _haggle_of_state(state), move)
    return _why_not_chance(state, move)


def _why_not_chance(state: State, move: object) -> str:
    phase = state.phase
    expected = {
        _DEAL: "a card is dealt now",
        _DRAW: "a card is drawn now",
        _SUPPLY: "a grain is drawn from the bag now",
        _REVEAL: "the cards are revealed now",
        _RESOLVE: f"the {COLOURS[state.yard]} yard is resolved now",
        _DUEL: "a die is rolled now (1 to 6)",
    }[phase]
    if phase in (_DEAL, _DRAW) and type(move) is Draw:
        return f"no {move.card} is left to draw"
    if phase is _SUPPLY and type(move) is Supply:
        return f"no {move.grain} grain is left in the bag"
    return f"only chance acts: {expected}"


def _draw(state: State, k: int) -> State:
    deck, discard = state.deck, state.discard
    if not any(deck):  # "if the face-down draw deck runs out, the discard pile is shuffled"
        deck, discard = discard, (0,) * len(discard)
    deck = add(deck, k, -1)
    players = len(state.hands)
    seat = state.dealt % players  # round robin from seat 0
    hands = replace(state.hands, seat, add(state.hands[seat], k))
    dealt = state.dealt + 1
    rules = state.rules
    if state.phase is _DEAL:
        done = dealt == players * rules.hand_size(players)
    else:
        done = dealt == players * rules.per_round(players) or not (any(deck) or any(discard))
    if done:  # the next round begins with its supply
        return _DEALT_ALL(
            state,
            hands=hands,
            deck=deck,
            discard=discard,
            phase=_SUPPLY,
            round=state.round + 1,
            dealt=0,
        )
    return _DEALT(state, hands=hands, deck=deck, discard=discard, dealt=dealt)


def _supply(state: State, g: int) -> State:
    yard = state.yard
    bag = add(state.bag, g, -1)
    yards = replace(state.yards, yard, add(state.yards[yard], g))
    if yard + 1 < YARDS:
        return _SUPPLIED(state, bag=bag, yards=yards, yard=yard + 1)
    first = _next_committer(state.hands, 0)
    phase = _REVEAL if first is None else _COMMIT
    return _SUPPLIED_ALL(state, bag=bag, yards=yards, phase=phase, turn=first or 0, yard=0)


def _next_committer(hands: tuple[Counts, ...], start: int) -> int | None:
    """The first seat from ``start`` on holding a card ("a player with no cards commits nothing")."""
    for seat in range(start, len(hands)):
        if any(hands[seat]):
            return seat
    return None


def _commit(state: State, move: Move) -> State:
    turn = state.turn
    rules = state.rules
    hand = state.hands[turn]
    options = _commit_options(rules.poultry, rules.foxes, hand, rules.per_round(len(state.hands)))
    if type(move) is Commit and True in map(is_, options, repeat(move)):
        commit = move  # the listed object itself, found by identity
    else:  # not the listed object: the listed commitment equal to it, or an IllegalMove
        commit = _listed(state, move, Commit)
    index = rules.index
    left = list(hand)
    for card in commit.cards:
        left[index[card]] -= 1
    hands = replace(state.hands, turn, tuple(left))
    played = replace(state.played, turn, commit.cards)
    following = _next_committer(hands, turn + 1)
    phase = _REVEAL if following is None else _COMMIT
    return _COMMITTED(state, hands=hands, played=played, phase=phase, turn=following or 0)


def _why_not_commit(
    rules: Rules, hand: Counts, move: Commit, options: tuple[Commit, ...], seat: int
) -> str:
    cards = move.cards
    left = list(hand)
    for card in cards:
        k = rules.index.get(card)
        if k is None:
            return f"there is no {card} card in this game"
        if not left[k]:
            more = "another" if hand[k] else "a"
            return f"seat {seat} does not hold {more} {card}"
        left[k] -= 1
    want = len(options[0].cards)
    if len(cards) != want:
        return f"seat {seat} must commit {'two cards' if want == 2 else 'one card'}"
    if len(cards) == 2 and not legal_pair(*cards):
        return "a poultry and a fox of one colour may not be committed together"
    return "not legal now"


# ---------------------------------------------------------------- resolving yards


def _next_yard(
    state: State,
    start: int,
    played: tuple[tuple[Card, ...], ...],
    stocks: tuple[Counts, ...],
    yards: tuple[GrainCounts, ...],
    grain: tuple[GrainCounts, ...],
) -> State:
    """Go on to the next yard with cards, left to right; after the last, end the round."""
    present = _animals(played)
    for yard in range(start, YARDS):
        if COLOURS[yard] in present:  # the yard has cards: resolve it
            return _AT_YARD(
                state,
                played=played,
                stocks=stocks,
                yards=yards,
                grain=grain,
                phase=_RESOLVE,
                yard=yard,
                haggle=None,
                duel=None,
            )
    return _end_round(state, played, stocks, yards, grain)


def _end_round(
    state: State,
    played: tuple[tuple[Card, ...], ...],
    stocks: tuple[Counts, ...],
    yards: tuple[GrainCounts, ...],
    grain: tuple[GrainCounts, ...],
) -> State:
    """The played cards go to the discard pile; then draw, or end the game after the last round."""
    rules = state.rules
    discard = list(state.discard)
    for cards in played:
        for card in cards:
            discard[rules.index[card]] += 1
    pile = tuple(discard)
    bare = ((),) * len(played)
    phase, round_, reason = _DRAW, state.round, None
    if is_last_round(state.bag):
        phase, reason = _OVER, GRAIN_OUT
    elif not (any(state.deck) or any(pile)):  # nothing to draw: straight to the next supply
        phase, round_ = _SUPPLY, round_ + 1
    return _ROUND_END(
        state,
        discard=pile,
        played=bare,
        stocks=stocks,
        yards=yards,
        grain=grain,
        phase=phase,
        round=round_,
        yard=0,
        haggle=None,
        duel=None,
        reason=reason,
    )


_animals = last_answer(animals)
"""The :func:`~picnic_rules.poultry.predicates.animals` of the cards on the table, kept for
the table of the yards that a round resolves one by one (read, never changed, here)."""


def _capture(
    rules: Rules,
    played: tuple[tuple[Card, ...], ...],
    stocks: tuple[Counts, ...],
    fox: int,
    yard: int,
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Counts, ...]]:
    """ "A fox that arrives without any other foxes present snatches up all the poultry there.\""""
    colour = COLOURS[yard]
    stock = list(stocks[fox])
    kept = []
    for cards in played:
        for card in cards:
            if card.colour is colour and not card.fox:
                stock[rules.index[card]] += 1
        kept.append(tuple(c for c in cards if c.colour is not colour or c.fox))
    return tuple(kept), replace(stocks, fox, tuple(stock))


def _eat(
    yards: tuple[GrainCounts, ...], grain: tuple[GrainCounts, ...], seat: int, yard: int
) -> tuple[tuple[GrainCounts, ...], tuple[GrainCounts, ...]]:
    """ "Gobbles up all the grain laid out there": the yard's grain goes to ``seat``."""
    here, mine = yards[yard], grain[seat]
    eaten: GrainCounts = (mine[0] + here[0], mine[1] + here[1], mine[2] + here[2])
    return replace(yards, yard, _NONE), replace(grain, seat, eaten)


def _resolve(state: State) -> State:
    yard = state.yard
    colour = COLOURS[yard]
    played, stocks, yards, grain = state.played, state.stocks, state.yards, state.grain
    birds, foxes = _animals(played).get(colour) or ({}, {})
    here = yards[yard]
    for seat in birds:  # the fleeing bird sneaks away with exactly one green grain
        if flees(seat, birds, foxes) and here[0]:
            here = (here[0] - 1, here[1], here[2])
            g = grain[seat]
            grain = replace(grain, seat, (g[0] + 1, g[1], g[2]))
    if here is not yards[yard]:
        yards = replace(yards, yard, here)
    if birds and foxes:
        if len(foxes) == 1:
            (fox,) = foxes
            played, stocks = _capture(state.rules, played, stocks, fox, yard)
            return _next_yard(state, yard + 1, played, stocks, yards, grain)
        duel = Duel(seats=tuple(foxes), values=tuple(foxes.values()), rolls=(), ties=0, foxes=True)
        return evolve(state, yards=yards, grain=grain, phase=_DUEL, duel=duel)
    eaters = [seat for seat in birds if not flees(seat, birds, foxes)]
    if len(eaters) == 1:
        yards, grain = _eat(yards, grain, eaters[0], yard)
    elif len(eaters) > 1 and here[0] + here[1] + here[2]:
        seats = tuple(eaters)
        if state.rules.haggling:
            haggle = Haggle(seats=seats, proposer=0, allotted=(_NONE,) * len(seats), accepted=0)
            return evolve(state, yards=yards, grain=grain, phase=_HAGGLE, haggle=haggle)
        duel = Duel(
            seats=seats, values=tuple(birds[s] for s in seats), rolls=(), ties=0, foxes=False
        )
        return evolve(state, yards=yards, grain=grain, phase=_DUEL, duel=duel)
    return _next_yard(state, yard + 1, played, stocks, yards, grain)


def _haggle(state: State, move: Move) -> State:
    haggle = _haggle_of_state(state)
    legal = _haggle_moves(state)
    if not any(option is move for option in legal):
        found = listed(legal, move)
        if found is None:
            raise IllegalMove(move, _why_not(state, move))
        move = found
    if type(move) is Allot:
        i = haggle.seats.index(move.seat)
        allotted = replace(haggle.allotted, i, add(haggle.allotted[i], move.grain.index))
        return _HAGGLING(state, haggle=_ALLOTTED(haggle, allotted=allotted))
    if type(move) is Accept:
        if haggle.accepted + 1 < len(haggle.seats) - 1:
            return _HAGGLING(state, haggle=_ANSWERED(haggle, accepted=haggle.accepted + 1))
        grain = state.grain  # every involved seat agreed: "each receives their agreed share"
        for seat, share in zip(haggle.seats, haggle.allotted, strict=True):
            g = grain[seat]
            grain = replace(grain, seat, (g[0] + share[0], g[1] + share[1], g[2] + share[2]))
        yards = replace(state.yards, state.yard, _NONE)
        return _next_yard(state, state.yard + 1, state.played, state.stocks, yards, grain)
    # no-deal or reject: the next involved seat proposes; after the last, they duel
    proposer = haggle.proposer + 1
    if proposer < len(haggle.seats):
        fresh = evolve(haggle, proposer=proposer, allotted=(_NONE,) * len(haggle.seats), accepted=0)
        return _HAGGLING(state, haggle=fresh)
    birds = birds_at(state.played, COLOURS[state.yard])
    seats = haggle.seats
    duel = Duel(seats=seats, values=tuple(birds[s] for s in seats), rolls=(), ties=0, foxes=False)
    return evolve(state, phase=_DUEL, haggle=None, duel=duel)


def _why_not_haggle(state: State, haggle: Haggle, move: object) -> str:
    actor = _haggler(haggle, state.yards[state.yard])
    if _haggle_moves(state) == (_ACCEPT, _REJECT):
        return f"seat {actor} answers the proposal now: accept or reject"
    if type(move) is NoDeal:
        return "a proposal begun must allot every grain: no-deal only before the first allot"
    if type(move) is Allot:
        if move.seat not in haggle.seats:
            return f"seat {move.seat} does not take part in this haggle"
        return f"no {move.grain} grain is left to allot"
    return f"seat {actor} proposes now: allot GRAIN to SEAT, or no-deal"


def _roll(state: State, value: int) -> State:
    duel = _duel_of_state(state)
    rolls = (*duel.rolls, value)
    if len(rolls) < len(duel.seats):
        return _DUELLING(state, duel=_ROLLED(duel, rolls=rolls))
    state = evolve(state, rolled=rolls)  # the finished roll-off stays on record
    leaders = duel_leaders(duel.values, rolls)
    winner: int | None = None
    if len(leaders) == 1:
        winner = duel.seats[leaders[0]]
    elif duel.ties + 1 < MAX_TIES:  # "if several players arrive at the same result, they repeat"
        again = evolve(
            duel,
            seats=tuple(duel.seats[i] for i in leaders),
            values=tuple(duel.values[i] for i in leaders),
            rolls=(),
            ties=duel.ties + 1,
        )
        return _DUELLING(state, duel=again)
    else:
        best = settle_by_card(duel.values, leaders)
        winner = None if best is None else duel.seats[best]
    played, stocks, yards, grain = state.played, state.stocks, state.yards, state.grain
    if winner is not None:
        if duel.foxes:
            played, stocks = _capture(state.rules, played, stocks, winner, state.yard)
        else:
            yards, grain = _eat(yards, grain, winner, state.yard)
    elif duel.foxes:  # nobody wins: the poultry cards there are discarded with the rest
        pass
    return _next_yard(state, state.yard + 1, played, stocks, yards, grain)
