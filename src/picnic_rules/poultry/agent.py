"""The poultry game's computer player: sensible commitments and fair haggling.

It commits the cards with the best estimated gain: a bird where much grain
lies and few cards of that colour are likely to join it, the fleeing bird
where a lone meal is likely (and a fox, if one comes, only catches -2), a fox
where poultry is likely (the more so where a rich meal lies, which its catch
keeps from an opponent); two birds (or two foxes) at one yard count once. In
a haggle it proposes the whole yard for itself, and accepts a share worth at
least its expected duel value (the chance of winning the duel, reckoned
exactly over the dice, times the points at stake).
"""

from __future__ import annotations

import functools
import itertools
import operator
import random
from collections.abc import Sequence
from itertools import accumulate, compress
from typing import Final

from ..agents.arguments import checked_call
from ..agents.ismcts import SearchAgent
from ..agents.search import win_shares
from ..errors import PicnicError
from ..game import AnyGame
from ..kit import evolve
from ..kit.memo import last_answer
from .cards import COLOURS, GRAINS, Card, Colour, Counts, GrainCounts, kinds
from .engine import apply, legal_moves, to_move
from .moves import Accept, Allot, Commit, Move, Reject
from .predicates import DIE, birds_at, fleeing
from .rules import Rules
from .scoring import score
from .state import Phase, State, View
from .views import determinize, unseen

__all__ = [
    "SEARCH_CARELESS",
    "SEARCH_DEPTH",
    "SEARCH_EXPLORATION",
    "SEARCH_ITERATIONS",
    "SEARCH_PRIOR_WEIGHT",
    "ComputerAgent",
    "duel_chance",
    "modelled_deal",
    "playout",
    "round_over",
    "simultaneous",
    "search_agent",
    "value",
]

_FOX_CATCH = 14.0
"""What a fox expects from a yard where poultry is sure to come, beside the meal it spoils.
Far above the 4 points a captured bird is worth on average (3, 3, 4, 4, 5, 6, -2): a fox
kept in hand is a card that eats nothing, and the computer played foxes too seldom (its
win rate against random play rose from 85% to 95%, 2,000 games, as this rose from 4)."""
_SPOILED_MEAL = 0.5
"""How much of the grain at its yard a fox counts in its favour: the meal of the bird it
catches, which stays in the yard instead of going to an opponent."""
_COMMIT, _HAGGLE, _DRAW, _OVER = Phase.COMMIT, Phase.HAGGLE, Phase.DRAW, Phase.OVER
_ACCEPT: Final = Accept()
_REJECT: Final = Reject()
_SHARE = 0.45  # what a bird expects from a crowded yard, before the value of its card
_OPPONENT_GAIN = 0.5  # how much an opponent's gain counts against ours


def duel_chance(values: Sequence[int], me: int) -> float:
    """The chance that contestant ``me`` wins a duel of d6 + card ``values`` (ties re-rolled,
    which with independent rolls is the chance of a strict win over the decided outcomes).

    >>> round(duel_chance([6, 5], 0), 3)
    0.677
    """
    return _duel_chance(tuple(values), me)


@functools.lru_cache(maxsize=4096)
def _duel_chance(values: tuple[int, ...], me: int) -> float:
    """:func:`duel_chance`, worked out once for each duel (the playouts of a search haggle
    over the same few again and again, and listing the rolls is most of a haggle)."""
    n = len(values)
    if n > 4:  # too many outcomes to list: the value order decides most of it
        better = sum(v > values[me] for v in values)
        return max(0.05, (1.0 / n) * (1.5 - better / n))
    wins = decided = 0
    for rolls in itertools.product(range(1, DIE + 1), repeat=n):
        totals = [v + r for v, r in zip(values, rolls, strict=True)]
        best = max(totals)
        if totals.count(best) == 1:
            decided += 1
            wins += totals[me] == best
    return wins / decided if decided else 1.0 / n


@functools.lru_cache(maxsize=64)
def _by_colour(
    poultry: tuple[int, ...], foxes: tuple[int, ...]
) -> tuple[tuple[Colour, int, int, int], ...]:
    """For each colour, where its kinds lie in a :data:`~picnic_rules.poultry.cards.Counts`
    (of the deck with these values): its poultry kinds from ``start`` to ``middle``, its fox
    kinds from ``middle`` to ``end`` (the kinds go by colour, poultry first:
    :func:`~picnic_rules.poultry.cards.card_key`)."""
    cards = kinds(poultry, foxes)
    spans = []
    start = 0
    for colour in COLOURS:
        birds = sum(1 for card in cards if card.colour is colour and not card.fox)
        foxes_ = sum(1 for card in cards if card.colour is colour and card.fox)
        spans.append((colour, start, start + birds, start + birds + foxes_))
        start += birds + foxes_
    return tuple(spans)


class _Odds:
    """For one commitment: the chance that another card of each colour joins a yard (a bird,
    a fox), from the cards the seat cannot see (``pool``, counts per kind) and how many
    cards the ``others`` still commit, and the values of the cards weighed so far."""

    def __init__(self, rules: Rules, pool: Sequence[int], others: int) -> None:
        size = max(1, sum(pool))
        self.birds: dict[Colour, float] = {}
        self.foxes: dict[Colour, float] = {}
        running = list(accumulate(pool, initial=0))  # the cards of kinds [a:b]: [b] - [a]
        for colour, start, middle, end in _by_colour(rules.poultry, rules.foxes):
            birds = running[middle] - running[start]
            foxes = running[end] - running[middle]
            self.birds[colour] = 1 - (1 - birds / size) ** others
            self.foxes[colour] = 1 - (1 - foxes / size) ** others
        self.values: dict[int, float] = {}
        """The worth of each card weighed, by its ``id`` (the moves weighed hold the cards,
        so no id is reused; hashing a card is many times slower)."""
        self.grain_values = rules.grain_values
        """What each grain scores (read once for every card weighed)."""
        self.green_value = rules.green_value
        """What a green grain scores."""


def _view_odds(v: View) -> _Odds:
    """The :class:`_Odds` of seat ``v.player``'s commitment: the cards it cannot see
    (:func:`~picnic_rules.poultry.views.unseen`), and the cards the seats after it commit
    besides those already face down."""
    rules = v.rules
    others = sum(
        min(size, rules.per_round(v.players))
        for seat, size in enumerate(v.hand_sizes)
        if seat != v.player and seat >= v.turn
    ) + sum(v.face_down)
    return _Odds(rules, unseen(v), others)


def _state_odds(state: State, seat: int) -> _Odds:
    """:func:`_view_odds` of ``view(state, seat)`` for the seat to commit in ``state``, read
    from the full state without building the view (a playout commits for another seat at
    nearly every iteration): what that seat cannot see is the deck, the other hands and
    the other seats' face-down cards, and the seats after it commit up to a round's cards."""
    rules = state.rules
    hands, played = state.hands, state.played
    per = rules.per_round(len(hands))
    pool = list(state.deck)
    face_down = later = 0
    for other, hand in enumerate(hands):
        if other != seat:
            pool = list(map(operator.add, pool, hand))
            face_down += len(played[other])
            if other > seat:
                later += min(sum(hand), per)
    if face_down:
        index = rules.index
        for other, cards in enumerate(played):
            if other != seat:
                for card in cards:
                    pool[index[card]] += 1
    return _Odds(rules, pool, later + face_down)


def _best_commitment(yards: tuple[GrainCounts, ...], odds: _Odds, moves: tuple[Move, ...]) -> Move:
    """The first of the best of ``moves`` (as ``max`` finds it) by what committing a move's
    cards is worth: the sum of each card's worth (:meth:`ComputerAgent._worth`, weighed once
    for each card with these ``odds`` and kept by its ``id``), but two cards at one yard
    count once, as the better; only commitments are offered in the commit phase (another
    move is worth nothing)."""
    worth = odds.values
    weigh = ComputerAgent._worth
    best: Move | None = None
    best_value = 0.0
    for move in moves:
        if not isinstance(move, Commit):
            value = float("-inf")
        else:
            cards = move.cards
            for card in cards:
                if id(card) not in worth:
                    worth[id(card)] = weigh(yards, card, odds)
            if len(cards) != 2:
                value = sum(worth[id(card)] for card in cards)
            else:
                first, second = cards
                value = worth[id(first)] + worth[id(second)]
                if first.colour is second.colour:  # they act as one, as the better
                    value -= min(worth[id(first)], worth[id(second)])
        if best is None or value > best_value:
            best, best_value = move, value
    return moves[0] if best is None else best


class ComputerAgent:
    """The heuristic ``computer`` agent (``agents={"computer": ComputerAgent}``)."""

    @checked_call(View)
    def __call__(self, view: View, moves: tuple[Move, ...], rng: random.Random) -> Move:
        """Choose one of ``moves`` for seat ``view.player``."""
        if len(moves) == 1:
            return moves[0]
        if view.phase is Phase.COMMIT:
            return self._commitment(view, moves)
        if view.phase is Phase.HAGGLE:
            return self.haggle(view, view.player, moves)
        return moves[0]

    # ------------------------------------------------------------ commitments

    def _commitment(self, v: View, moves: tuple[Move, ...]) -> Move:
        """The first of the best of ``moves`` for seat ``v.player`` (:func:`_best_commitment`)."""
        return _best_commitment(v.yards, _view_odds(v), moves)

    @staticmethod
    def _worth(yards: tuple[GrainCounts, ...], card: Card, odds: _Odds) -> float:
        """What committing ``card`` is worth, with ``yards`` on the table and these ``odds``."""
        p_bird, p_fox = odds.birds[card.colour], odds.foxes[card.colour]
        here = yards[card.colour.index]
        points: int = sum(map(operator.mul, here, odds.grain_values))
        if card.fox:
            catch = _FOX_CATCH + _SPOILED_MEAL * points
            return p_bird * catch * (1 - 0.5 * p_fox) - 0.01 * card.value
        green = odds.green_value if here[0] else 0
        alone = (1 - p_bird) * (1 - p_fox)
        if fleeing(card.value):
            crowded = 1 - alone
            return points * alone + green * crowded + p_fox * -card.value * _OPPONENT_GAIN
        share = points * p_bird * (1 - p_fox) * (_SHARE + 0.03 * card.value)
        lost = p_fox * card.value * _OPPONENT_GAIN
        return points * alone + share - lost - 0.01 * card.value

    # ------------------------------------------------------------ haggling

    def haggle(self, v: View | State, me: int, moves: tuple[Move, ...]) -> Move:
        """Seat ``me``'s move of a haggle in ``v`` (a view, or the state itself: a haggle's
        table is seen alike by every seat, and only it is read)."""
        if _ACCEPT in moves:
            return _ACCEPT if self._share_ok(v, me) else _REJECT
        for grain in reversed(GRAINS):  # the whole yard, the most valuable grain first
            mine = Allot(grain, me)
            if mine in moves:
                return mine
        return moves[0]

    @staticmethod
    def _share_ok(v: View | State, me: int) -> bool:
        haggle = v.haggle
        if haggle is None or me not in haggle.seats:
            return False  # no proposal of a haggle this seat is in
        values = v.rules.grain_values
        at_stake = sum(n * value for n, value in zip(v.yards[v.yard], values, strict=True))
        mine = haggle.allotted[haggle.seats.index(me)]
        share = sum(n * value for n, value in zip(mine, values, strict=True))
        birds = birds_at(v.played, COLOURS[v.yard])
        contest = [birds[seat] for seat in haggle.seats]
        return share >= at_stake * duel_chance(contest, haggle.seats.index(me))


VALUE_TEMPERATURE: Final = 4.2
"""The lead in points that makes a seat ``e`` times as likely to win with one round to go:
between two computers the last round's points differ by 6.7 to 7.6 points (standard
deviation, 2-player games), a logistic of scale 3.7 to 4.2."""
VALUE_SPREAD: Final = 0.45
"""How the temperature grows with the rounds to go: as ``rounds ** VALUE_SPREAD``. Measured
between two computers (48,000 round ends of 4,000 2-player games, the computer of a catch
worth 4): the rest of the game's points differ by 4.2, 5.9, 8.0 and 12.1 (as logistic
scales) with 1, 2, 4 and 12 rounds to go (3.7, 5.3, 7.6 and 12.7 between today's
computers) -- slower than the square root of independent rounds, as the late rounds find
more grain."""


def _rounds_to_go(state: State) -> int:
    """How many rounds are still to be played after ``state`` (the current one included
    until its yards are all resolved), at least 1 for a game not over.

    >>> from picnic_rules.poultry import new_game
    >>> _rounds_to_go(new_game(2))
    13
    """
    rounds = state.rules.rounds - state.round
    if not (state.phase is _DRAW or state.phase is _OVER or state.round == 0):
        rounds += 1  # the round being played
    return max(1, rounds)


HELD_FOX: Final = 1.1
"""What a fox still in hand at the end of a round is worth in points to come."""
HELD_FLEEING: Final = 1.4
"""What a fleeing bird still in hand is worth in points to come."""
HELD_BIRD: Final = 0.53
"""What another bird still in hand is worth in points to come, per point of its value.

These three are the rest of the game's points that a card held at a round's end brought
between two computers (least squares over 36,000 round ends of 3,000 2-player games): a
6 is worth 3.2, a 3 is worth 1.6, a fox only 1.1 -- a fox kept back is a card that eats
nothing. With fewer than :data:`HELD_ROUNDS` rounds to go a held card counts for less."""
HELD_ROUNDS: Final = 3
"""The rounds to go from which a held card counts in full (with fewer it may not be
played at all: it counts that share of its worth)."""


@functools.lru_cache(maxsize=64)
def _held_worth(poultry: tuple[int, ...], foxes: tuple[int, ...]) -> tuple[float, ...]:
    """The worth of each card kind held in hand (:data:`HELD_FOX`, :data:`HELD_FLEEING`,
    :data:`HELD_BIRD`), in the order of a :data:`~picnic_rules.poultry.cards.Counts`."""
    return tuple(
        HELD_FOX if card.fox else HELD_FLEEING if fleeing(card.value) else HELD_BIRD * card.value
        for card in kinds(poultry, foxes)
    )


@last_answer  # every playout of a search ends under the same rules
def _held_worth_of(rules: Rules) -> tuple[float, ...]:
    """:func:`_held_worth` of the deck of ``rules``."""
    return _held_worth(rules.poultry, rules.foxes)


def _held(hand: Counts, worth: tuple[float, ...]) -> float:
    """The worth of the cards in ``hand``: ``sum(map(operator.mul, hand, worth))``, the kinds
    not held left out (a hand holds a few of the deck's kinds; every worth is at least 0, so
    a kind not held adds exactly 0.0 to the sum and leaving it out changes no bit)."""
    held: float = sum(map(operator.mul, compress(hand, hand), compress(worth, hand)))
    return held


def value(state: State) -> tuple[float, ...]:
    """Each seat's share of a win in the unfinished ``state``, for the search to score a
    playout cut short: the points so far (grain and captured poultry,
    :func:`~picnic_rules.poultry.score`) and the worth of the cards in hand (a fox kept
    back is worth less than a good bird, :data:`HELD_BIRD`) as shares of a win
    (:func:`~picnic_rules.agents.search.win_shares`) at a temperature that grows with
    the rounds to go (:data:`VALUE_TEMPERATURE` times ``rounds ** VALUE_SPREAD``): a lead
    counts for more the nearer the end, and an early lead does not make every move look
    alike (at the fixed temperature 4, a 20-point lead in round 5 was a sure win).

    >>> from picnic_rules.poultry import new_game
    >>> value(new_game(2))
    (0.5, 0.5)
    """
    rules = state.rules
    to_go = _rounds_to_go(state)
    worth = _held_worth_of(rules)
    kept = min(1.0, to_go / HELD_ROUNDS)
    points = [
        score(rules, g, s) + kept * _held(hand, worth)
        for g, s, hand in zip(state.grain, state.stocks, state.hands, strict=True)
    ]
    return win_shares(points, VALUE_TEMPERATURE * to_go**VALUE_SPREAD)


SEARCH_ITERATIONS: Final = 1000
"""The iterations per decision of the game's ``"ismcts"`` agent (:func:`search_agent`)."""
SEARCH_EXPLORATION: Final = 0.35
"""The UCB1 constant of :func:`search_agent` (the search's default is 0.7: a round's
points, as shares of a win, differ by less than its exploration bonus)."""
SEARCH_PRIOR_WEIGHT: Final = 3.0
"""The bonus of the computer's choice in :func:`search_agent` (progressive bias: it is
tried first at every new information set and keeps ``3 / (visits + 1)`` in UCB1), so that
a few hundred iterations' noise does not move the search off the computer's choice
unless the playouts show a better one."""
SEARCH_DEPTH: Final = 40
"""The most moves of the seats a playout of :func:`search_agent` plays before :func:`value`
(a round's haggles end well before it: the playouts stop where the :func:`round_over`)."""


def round_over(state: State) -> bool:
    """Whether a round's yards are all resolved (the cards are being drawn, or the game is
    over): where the search stops an iteration and :func:`value` judges the points won.
    Cutting a playout after a few moves instead stopped it in the middle of a haggle, with
    the grain at stake counted for nobody."""
    return state.phase is _DRAW or state.phase is _OVER


def simultaneous(state: State) -> bool:
    """Whether the seat to act commits face down: its choice is made beside the others'
    face-down commitments and cannot depend on them, so the search plays it by the
    computer outside its tree (else the seat after the searcher would answer the
    searcher's hidden commitment as if it saw it)."""
    return state.phase is _COMMIT


def _recommitted(state: State, seat: int, rng: random.Random) -> State | None:
    """``state`` with ``seat``'s dealt face-down cards back in its hand and its commitment
    made again by the computer from that hand (``None`` if the computer would commit a
    different number of cards than the seat did)."""
    committed = state.played[seat]
    index = state.rules.index
    hand = list(state.hands[seat])
    for card in committed:
        hand[index[card]] += 1
    hands = list(state.hands)
    hands[seat] = tuple(hand)
    played = list(state.played)
    played[seat] = ()
    before = evolve(state, hands=tuple(hands), played=tuple(played), turn=seat)
    moves = legal_moves(before)
    move = _commitment_in(before, seat, moves)
    if not isinstance(move, Commit) or len(move.cards) != len(committed):
        return None
    return apply(before, move)


def modelled_deal(v: View, rng: random.Random) -> State:
    """A deal for the search from view ``v``: :func:`~picnic_rules.poultry.determinize`,
    then every other seat that has committed face down commits again as the computer
    would from the hand dealt to it, in seat order (a random commitment from a random
    hand is a poor guess at a player's choice). Only the cards ``v`` cannot see are
    moved; where the computer's commitment would not match what ``v`` saw (the number of
    cards), the plain deal is kept."""
    state = determinize(v, rng)
    if v.phase is not Phase.COMMIT or not any(v.face_down):
        return state
    dealt = state
    for seat, count in enumerate(v.face_down):
        if count and seat != v.player and rng.random() >= SEARCH_CARELESS:
            again = _recommitted(state, seat, rng)
            if again is None:
                return dealt
            state = again
    return state if state.turn == v.turn and state.phase is Phase.COMMIT else dealt


_COMPUTER: Final = ComputerAgent()
"""The computer that recommits the other seats' cards in :func:`modelled_deal`."""


SEARCH_CARELESS: Final = 0.3
"""How often the search expects another seat to commit at random rather than as the
computer would: in :func:`modelled_deal` a seat's face-down cards stay as dealt (a random
commitment) that often, and in the playouts (:func:`playout`) a commitment is a
random one that often. A search sure that every player is the computer plays badly
against anyone else."""


def playout(state: State, moves: tuple[Move, ...], rng: random.Random) -> Move:
    """Who plays the playouts of :func:`search_agent`: the computer, from the view of the
    seat to act, but a commitment is a random one with chance :data:`SEARCH_CARELESS`
    (the playouts stop at the end of the round, so every commitment in them is another
    seat's)."""
    phase = state.phase
    if phase is _COMMIT and rng.random() < SEARCH_CARELESS:
        return moves[int(rng.random() * len(moves))]
    seat = to_move(state)
    if type(seat) is not int:
        raise PicnicError("no seat is to act: a playout chooses only a seat's moves")
    if phase is _HAGGLE:  # on the table all see: no view to build
        return moves[0] if len(moves) == 1 else _COMPUTER.haggle(state, seat, moves)
    return _commitment_in(state, seat, moves)


def _commitment_in(state: State, seat: int, moves: tuple[Move, ...]) -> Move:
    """The computer's commitment of ``seat``, to commit in ``state``, among its legal
    ``moves``: what ``ComputerAgent()(view(state, seat), moves, rng)`` chooses (it draws
    nothing from ``rng``), read from the full state (:func:`_state_odds`) without building
    the view."""
    if len(moves) == 1:
        return moves[0]
    return _best_commitment(state.yards, _state_odds(state, seat), moves)


def search_agent(game: AnyGame) -> SearchAgent:
    """The game's ``"ismcts"`` agent: :class:`~picnic_rules.agents.ismcts.SearchAgent` with
    :data:`SEARCH_ITERATIONS` iterations at UCB1 constant :data:`SEARCH_EXPLORATION`,
    the computer's choice tried first with a bonus (:data:`SEARCH_PRIOR_WEIGHT`),
    playouts by :func:`playout` (the computer, careless commitments aside) that stop when
    the :func:`round_over` (or after :data:`SEARCH_DEPTH` moves) and are scored by
    :func:`value`; the other seats' face-down commitments are the computer's, outside the
    tree (:func:`simultaneous`), and dealt as the computer would commit them
    (:func:`modelled_deal`). It sees only its seat's view and draws every choice from the
    ``rng`` it is given (reproducible from a seed).
    """
    return SearchAgent(
        game,
        iterations=SEARCH_ITERATIONS,
        exploration=SEARCH_EXPLORATION,
        rollout=playout,
        prior="computer",
        prior_weight=SEARCH_PRIOR_WEIGHT,
        depth=SEARCH_DEPTH,
        evaluate=value,
        stop=round_over,
        blind=simultaneous,
        deal=modelled_deal,
    )
