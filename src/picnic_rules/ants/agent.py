"""The ``computer`` agent: a heuristic player of the ants game.

It tosses its biggest-ant dice first at the card where it can most likely
win (its own ants there against the best rival's, favouring cards that help
its Scoring cards), keeps every landing, settles a die on the card where it
leads, and places each card where its plates score most (the current
points of its colony with the card placed, tried at every legal place).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from operator import is_
from typing import Final, TypeVar

import attrs

from ..agents.arguments import checked_call
from ..agents.ismcts import SearchAgent
from ..agents.search import win_shares
from ..game import AnyGame
from ..kit.build import evolver
from .cards import DIE_KINDS, DieKind, PicnicCard, RoundCard, ScoringCard
from .colony import Cell, plates
from .engine import apply_legal, legal_moves, toss_die
from .fast import SeatDice, mean_throw, seat_dice
from .legal import targets
from .moves import Keep, Move, Place, Play, Retoss, Settle, Toss
from .scoring import Plates, majority_counts, measure, score_table
from .state import CATEGORIES, Die, Phase, Placed, Spot, State, View
from .tally import ANYWHERE, Tally

__all__ = [
    "PLATE_WORTH",
    "PUDDLE_DIE",
    "SEARCH_DEPTH",
    "SEARCH_ITERATIONS",
    "TEMPERATURE_PER_ROUND",
    "VALUE_TEMPERATURE",
    "ComputerAgent",
    "card_value",
    "projected_plates",
    "round_over",
    "playout_step",
    "search_agent",
    "value",
    "value_as_it_stands",
]


_K = TypeVar("_K")
_V = TypeVar("_V")

_AT_HOME: Final = Spot.HOME


def _totals(state: State, position: int) -> list[int]:
    totals = [0] * state.players
    for seat, own in enumerate(state.dice):
        for die in own:
            if die.spot is Spot.AREA and position in die.cards:
                totals[seat] += die.face
    return totals


def _seats(state: State) -> list[SeatDice]:
    """Where each seat's dice are (:func:`~picnic_rules.ants.fast.seat_dice`, worked out once
    for the same dice): first, its ants on each area position (:func:`_totals` of every
    position at once, by seat)."""
    return [seat_dice(own) for own in state.dice]


class _Scorer:
    """The final points seat ``me`` would have with a colony, every other colony as it is.

    Made once for one decision: the other seats' measures under each Scoring card and the
    Majority card are worked out once, and the points of each colony tried once, so a
    decision that weighs many cards at many places scores each candidate by measuring one
    colony (the same points as :func:`~picnic_rules.ants.scoring.score_table`).
    """

    def __init__(self, state: State, me: int) -> None:
        scoring = state.scoring
        others = [_tally_of(c, scoring) for seat, c in enumerate(state.colonies) if seat != me]
        self._cards = [
            (card, token, _best(other.base[card] for other in others))
            for card, token in zip(scoring, state.rewards, strict=True)
        ]
        self._placed_cards = [entry for entry in self._cards if entry[0] not in ANYWHERE]
        self._anywhere_cards = [entry for entry in self._cards if entry[0] in ANYWHERE]
        self._majority = [
            (index, token, _best(other.counts[index] for other in others))
            for index, token in enumerate(state.majority or (0,) * len(CATEGORIES))
        ]
        self._colony = state.colonies[me]
        self._scoring = scoring
        self._tally = _tally_of(self._colony, scoring)
        self._plates = self._tally.plates
        self._base: int | None = None
        self._tie = state.rules.tie_token
        self._known: dict[tuple[PicnicCard, int, int], int] = {}
        self._anywhere: dict[PicnicCard, int] = {}
        self._values: dict[PicnicCard, float] = {}
        self._area_values: tuple[tuple[PicnicCard | None, ...], list[float | None]] = ((), [])
        """The last area :meth:`values_at` answered for and its answer (one pair, replaced
        whole, so threads sharing the scorer never see one area with another's values)."""
        self._projections: dict[tuple[PicnicCard, ...], Plates] = {}

    def _award(self, mine: int, token: int, best_other: int) -> int:
        """What seat ``me`` takes of one Reward token, measuring ``mine`` against the best
        other seat's ``best_other`` (:func:`~picnic_rules.ants.scoring.award` for one seat)."""
        if mine < 1 or mine < best_other:
            return 0
        return token if mine > best_other else self._tie

    def points_with(self, card: PicnicCard, x: int, y: int) -> int:
        """Seat ``me``'s points with ``card`` placed on cell ``x, y`` of its colony (its turn
        and the Planner change no plate, so they are not asked for)."""
        key = (card, x, y)
        known = self._known.get(key)
        if known is None:
            if (x, y) in self._plates:
                known = self.score({**self._plates, (x, y): card})
            else:
                anywhere = self._anywhere.get(card)
                if anywhere is None:
                    anywhere = self._anywhere[card] = self._points_anywhere(self._tally, card)
                known = anywhere + self._points_placed(self._tally, card, (x, y))
            if len(self._known) >= _KNOWN:
                self._known.clear()
            self._known[key] = known
        return known

    def score(self, mine: Plates) -> int:
        """Seat ``me``'s points with the plates ``mine`` (every other colony as it is)."""
        return self._points(
            [measure(card, mine) for card, _, _ in self._cards], majority_counts(mine)
        )

    def _points(self, measures: Sequence[int], counts: Sequence[int]) -> int:
        """Seat ``me``'s points with a colony measuring ``measures`` under each Scoring card
        (in the order of the state's) and counting ``counts`` for the Majority card."""
        total = sum(
            self._award(mine, token, other)
            for mine, (_, token, other) in zip(measures, self._cards, strict=True)
        )
        return total + sum(
            self._award(counts[i], token, other) for i, token, other in self._majority
        )

    def _points_anywhere(self, tally: Tally, card: PicnicCard) -> int:
        """The part of :meth:`score` of the plates of ``tally`` with ``card`` added that does
        not depend on where it goes: the Scoring cards of
        :data:`~picnic_rules.ants.tally.ANYWHERE` and the Majority card."""
        total = sum(
            self._award(tally.count_with(scoring, card), token, other)
            for scoring, token, other in self._anywhere_cards
        )
        counts = tally.majority_with(card)
        return total + sum(
            self._award(counts[i], token, other) for i, token, other in self._majority
        )

    def _points_placed(self, tally: Tally, card: PicnicCard, cell: Cell) -> int:
        """The rest of :meth:`score` of the plates of ``tally`` with ``card`` on the free
        ``cell``: the Scoring cards that look at where it lies."""
        return sum(
            self._award(tally.measure_with(scoring, card, cell), token, other)
            for scoring, token, other in self._placed_cards
        )

    def projected(self, won: tuple[PicnicCard, ...]) -> Plates:
        """Seat ``me``'s plates with the cards ``won`` placed (see :func:`projected_plates`),
        worked out once for each set of cards won."""
        known = self._projections.get(won)
        if known is not None:
            return known
        mine = dict(self._plates)
        for card in sorted(won, key=lambda c: -self.value(c)):
            if not mine:
                mine[0, 0] = card
                continue
            spots = _free_cells(mine)
            if len(mine) == len(self._plates):  # none placed yet: :meth:`value` scored these
                best = max(spots, key=lambda cell: self.points_with(card, *cell))
            else:  # the best cell is where the points that depend on the cell are the most
                tally = Tally(mine, self._scoring)
                best = max(spots, key=lambda cell: self._points_placed(tally, card, cell))
            mine[best] = card
        self._projections[won] = mine
        return mine

    def values_at(self, area: tuple[PicnicCard | None, ...]) -> list[float | None]:
        """:meth:`value` of the card at each position of ``area`` (``None`` at a gap), for the
        last area asked about (the same through a round's tosses)."""
        last, values = self._area_values
        if area is not last:
            values = [None if card is None else self.value(card) for card in area]
            self._area_values = (area, values)
        return values

    def value(self, card: PicnicCard) -> float:
        """How much seat ``me`` wants ``card`` (see :func:`card_value`)."""
        known = self._values.get(card)
        if known is not None:
            return known
        base = self._base
        if base is None:  # the colony as it is: its tally measured it
            tally = self._tally
            base = self._base = self._points(
                [tally.base[card] for card, _, _ in self._cards], tally.counts
            )
        if not self._colony:
            value = 1.0 + self.points_with(card, 0, 0) - base
        else:
            spots = _free_spots(self._colony)
            best = max((self.points_with(card, x, y) for x, y in spots), default=base)
            value = 1.0 + best - base
        self._values[card] = value
        return value


def _best(measures: Iterable[int]) -> int:
    """The best of the other seats' measures (0 with none)."""
    return max(measures, default=0)


_KNOWN: Final = 4096
"""The most colonies one scorer remembers the points of."""


_SCORERS: Final[dict[tuple[object, ...], _Scorer]] = {}
"""The scorers made lately, by the colonies and cards they score and their seat."""
_SCORERS_KEPT: Final = 64
"""The most scorers remembered (the oldest go first)."""


_TALLIES: Final[dict[tuple[object, ...], Tally]] = {}
"""The tallies :func:`_tally_of` made lately, by the plates and Scoring cards they measure."""
_TALLIES_KEPT: Final = 4096
"""The most tallies remembered (then all are forgotten at once)."""


def _tally_of(colony: tuple[Placed, ...], scoring: tuple[ScoringCard, ...]) -> Tally:
    """The :class:`~picnic_rules.ants.tally.Tally` of ``colony``'s plates under ``scoring``:
    made once for each set of plates and shared, read only, by every scorer that measures
    it -- its own seat's and the others' (a tally is never changed once made)."""
    key = (_plate_key(colony), scoring)
    found = _TALLIES.get(key)
    if found is None:
        found = _remember(_TALLIES, _TALLIES_KEPT, (key,), Tally(plates(colony), scoring))
    return found


def _remember(cache: dict[_K, _V], kept: int, keys: Iterable[_K], answer: _V) -> _V:
    """Keep ``answer`` in ``cache`` under each of ``keys`` -- forgetting everything first
    once ``cache`` holds ``kept`` answers -- and return it."""
    if len(cache) >= kept:
        cache.clear()
    for key in keys:
        cache[key] = answer
    return answer


def scorer_for(state: State, me: int) -> _Scorer:
    """The scorer of seat ``me`` in ``state``: made once for the colonies and scoring cards
    the state has -- the same until a card is placed, so one scorer serves every toss of a
    round -- then remembered (at most :data:`_SCORERS_KEPT`), and the last one of each seat
    found again by the very objects it was made for (:data:`_LAST_SCORERS`)."""
    colonies, scoring, rewards, majority, rules = (
        state.colonies,
        state.scoring,
        state.rewards,
        state.majority,
        state.rules,
    )
    last = _LAST_SCORERS.get(me)
    if (
        last is not None
        and last[0] is colonies
        and last[1] is scoring
        and last[2] is rewards
        and last[3] is majority
        and last[4] is rules
    ):
        return last[5]
    key = (colonies, scoring, rewards, majority, rules, me)
    found = _SCORERS.get(key)
    if found is None:
        if len(_SCORERS) >= _SCORERS_KEPT:
            del _SCORERS[next(iter(_SCORERS))]
        found = _SCORERS[key] = _Scorer(state, me)
    _LAST_SCORERS[me] = (colonies, scoring, rewards, majority, rules, found)
    return found


_LAST_SCORERS: Final[dict[int, tuple[object, object, object, object, object, _Scorer]]] = {}
"""Per seat, the last scorer :func:`scorer_for` gave with the objects of its key: a
playout's tosses ask for the same colonies and cards one after another, found here by
identity without hashing them (each entry is replaced whole)."""


def card_value(state: State, seat: int, card: PicnicCard) -> float:
    """How much ``seat`` wants ``card``: the points its colony gains with it at its best place
    (roughly: a plate beside the colony), plus a little for any card."""
    return scorer_for(state, seat).value(card)


_TOSS_ORDER: Final = {DieKind.WORKER: 0, DieKind.SOLDIER: 1, DieKind.SCOUT: 2}
"""The dice the computer tosses first: the Workers, then the Soldier, then the Scouts."""
_TOSS_INDEXES: Final = tuple(sorted(range(len(DIE_KINDS)), key=lambda i: _TOSS_ORDER[DIE_KINDS[i]]))
"""The die indexes in the order :data:`_TOSS_ORDER` tosses their kinds."""


def _first_to_toss(kinds: Iterable[DieKind]) -> DieKind | None:
    """The kind of ``kinds`` (of dice on the anthill) the computer tosses first
    (:data:`_TOSS_ORDER`), or ``None`` for none."""
    return min(kinds, key=_TOSS_ORDER.__getitem__, default=None)


def _first_die_home(dice: tuple[Die, ...]) -> int:
    """The die of ``dice`` (a seat's six) the computer tosses first, or -1 with none on the
    anthill: the first die of :func:`_first_to_toss`'s kind on the anthill (the die a toss of
    that kind tosses), read in one pass in the order they are tossed."""
    for i in _TOSS_INDEXES:
        if dice[i].spot is _AT_HOME:
            return i
    return -1


def _target(move: Move) -> int:
    return (
        move.target if isinstance(move, Retoss) else move.position if isinstance(move, Play) else -1
    )


def _free_spots(colony: tuple[Placed, ...]) -> list[tuple[int, int]]:
    """The first eight free cells beside ``colony``'s plates."""
    return _free_cells(plates(colony))


def _free_cells(taken: Plates) -> list[tuple[int, int]]:
    """The first eight free cells beside the plates ``taken``."""
    steps = ((1, 0), (0, 1), (-1, 0), (0, -1))
    return sorted({(x + dx, y + dy) for x, y in taken for dx, dy in steps} - set(taken))[:8]


@attrs.frozen
class ComputerAgent:
    """The heuristic ``computer`` player (see the module's text)."""

    @checked_call(View)
    def __call__(self, view: View, moves: tuple[Move, ...], rng: random.Random) -> Move:
        """Pick one of ``moves`` for seat ``view.player``."""
        state, me = view.state, view.player
        first = moves[0]
        if isinstance(first, Toss) or any(isinstance(m, Toss) for m in moves):
            return self._toss(state, me, moves, scorer_for(state, me))
        if isinstance(first, Keep):
            return self._after(state, me, moves, scorer_for(state, me))
        if isinstance(first, Settle):
            return max(moves, key=lambda m: self._lead(state, me, m))
        if isinstance(first, Place):
            return self._place(state, me, moves, scorer_for(state, me))
        return rng.choice(moves)

    def _after(self, state: State, me: int, moves: Sequence[Move], scorer: _Scorer) -> Move:
        die = state.dice[me][state.tossing]
        if die.cards:
            totals = _totals(state, die.cards[0])
            if totals[me] > max(t for s, t in enumerate(totals) if s != me):
                return moves[0]  # it helps where it lies: keep it
        again: list[Move] = [m for m in moves if isinstance(m, Retoss)]
        if not again:
            again = [m for m in moves if isinstance(m, Play)] if not die.cards else []
        if not again:
            return moves[0]
        kind = DIE_KINDS[state.tossing]
        target = self._best_target(state, me, kind, scorer)
        return next((m for m in again if _target(m) == target), again[0])

    @staticmethod
    def _lead(state: State, me: int, move: Move) -> int:
        if not isinstance(move, Settle):  # only settles are asked about
            return 0
        totals = _totals(state, move.card)
        return totals[me] - max(t for s, t in enumerate(totals) if s != me)

    def _toss(self, state: State, me: int, moves: Sequence[Move], scorer: _Scorer) -> Move:
        seats: list[SeatDice] | None = None
        tosses: Sequence[Move] = moves
        plays = [m for m in moves if isinstance(m, Play)]
        if plays:  # Round cards to play besides
            for play in plays:
                if play.card in (
                    RoundCard.DOUBLE_TIME,
                    RoundCard.HEAD_START,
                    RoundCard.SECOND_WIND,
                ):
                    return play
            seats = _seats(state)
            worths = [(self._play_worth(state, me, p, scorer, seats), p) for p in plays]
            useful = [(w, p) for w, p in worths if w > 0]
            if useful:
                return max(useful, key=lambda wp: wp[0])[1]
            tosses = [m for m in moves if isinstance(m, Toss)]
        kind = _first_to_toss(m.die for m in tosses if isinstance(m, Toss))
        assert kind is not None  # ``_toss`` is asked only when a toss is listed
        target = self._best_target(state, me, kind, scorer, seats)
        first: Move | None = None
        for toss in tosses:
            if isinstance(toss, Toss) and toss.die is kind:
                if toss.target == target:
                    return toss
                if first is None:
                    first = toss
        assert first is not None  # ``kind`` is the die of one of the tosses
        return first

    @staticmethod
    def _play_worth(
        state: State, me: int, play: Play, scorer: _Scorer, seats: list[SeatDice]
    ) -> float:
        """Honey where it turns a card, Stomp on the die that beats me on a card, others never."""
        if play.card is RoundCard.HONEY:
            card = state.area[play.position]
            totals = [seat[0][play.position] for seat in seats]
            rival = max(t for s, t in enumerate(totals) if s != me)
            if (
                card is None
                or not totals[me]
                or not rival <= totals[me] + 2
                or totals[me] > rival + 2
            ):
                return 0.0
            return scorer.value(card)
        if play.card is RoundCard.STOMP and play.seat != me:
            die = state.dice[play.seat][play.die]
            best = 0.0
            for position in die.cards:
                card = state.area[position]
                totals = [seat[0][position] for seat in seats]
                if card is not None and totals[me] and totals[play.seat] - die.face <= totals[me]:
                    best = max(best, scorer.value(card))
            return best
        return 0.0

    @staticmethod
    def _best_target(
        state: State,
        me: int,
        kind: DieKind,
        scorer: _Scorer,
        seats: list[SeatDice] | None = None,
    ) -> int:
        """The area card a die of ``kind`` is best tossed at (the first of the best): one
        worth winning where a die of mean throw would take the lead, less where the rivals
        still hold dice at home to answer it; little where ``me`` is well ahead already or
        hopelessly behind. ``seats`` is :func:`_seats` of ``state``, if worked out."""
        mean = mean_throw(state.rules, kind)
        if seats is None:
            seats = _seats(state)
        mine_at = seats[me][0]
        rival_at: Sequence[int]
        if len(seats) == 2:
            other = seats[1 - me]
            rival_at, home = other[0], other[2]  # its ants on each position, dice on its anthill
        else:
            rivals = seats[:me] + seats[me + 1 :]
            rival_at = list(map(max, *[r[0] for r in rivals]))  # the most of another seat
            home = sum([r[2] for r in rivals])
        contested = 0.6 if home else 0.9
        best, best_worth = state.target, -math.inf
        for position, gain in enumerate(scorer.values_at(state.area)):
            if gain is None:
                continue
            mine, rival = mine_at[position], rival_at[position]
            if mine > rival + 2:
                worth = 0.1 * gain  # already well ahead: another die there is wasted
            elif mine + mean > rival:
                worth = gain * contested - 0.01 * rival
            else:
                worth = gain * 0.15
            if worth > best_worth:
                best, best_worth = position, worth
        return best

    @staticmethod
    def _place(state: State, me: int, moves: Sequence[Move], scorer: _Scorer) -> Move:
        def worth(move: Move) -> tuple[int, int]:
            if not isinstance(move, Place):  # only placements are asked about
                return (-1, 0)
            return scorer.points_with(move.card, move.x, move.y), -move.planner

        return max(moves, key=worth)


VALUE_TEMPERATURE: Final = 2.0
"""The lead in points that makes a seat ``e`` times as likely to win at the last round's
end (:func:`value`)."""
TEMPERATURE_PER_ROUND: Final = 1.0
"""What each round still to come adds to :data:`VALUE_TEMPERATURE`: a lead is surer late."""
PLATE_WORTH: Final = 1.0
"""What each plate of a colony (its cards won this round included) adds to its seat's
points in :func:`value` while rounds are to come: a plate is a chance at every Reward."""
PUDDLE_DIE: Final = 0.5
"""What each die on the Puddle takes from its seat's points in :func:`value` while rounds
are to come: it cannot be tossed next round."""


def value(state: State) -> tuple[float, ...]:
    """Each seat's share of a win in the unfinished ``state`` (the end of a round's tosses,
    :func:`round_over`, or a playout cut before it with the area's cards given out by
    :func:`value_as_it_stands`): the points each colony would
    score with its cards won this round placed where each scores most
    (:func:`projected_plates`), while rounds are to come plus :data:`PLATE_WORTH` a plate
    and less :data:`PUDDLE_DIE` a die on the Puddle, as shares of a win
    (:func:`~picnic_rules.agents.search.win_shares` at :data:`VALUE_TEMPERATURE` plus
    :data:`TEMPERATURE_PER_ROUND` for each round to come). The values of the round ends
    lately reached are remembered: the iterations of a decision reach few of them.

    >>> from picnic_rules.ants import new_game
    >>> value(new_game(2))
    (0.5, 0.5)
    """
    to_come = max(0, state.rules.rounds - state.round)
    puddles = tuple(sum(die.spot is Spot.PUDDLE for die in own) for own in state.dice)
    rest = (state.won, state.scoring, state.rewards, state.majority, state.rules, to_come, puddles)
    key = (state.colonies, *rest)
    known = _VALUES.get(key)
    if known is not None:
        return known
    # colonies that differ only in how their cards are turned have the same plates, and the
    # same value: a card placed turned four ways is judged once
    plated = (tuple(map(_plate_key, state.colonies)), *rest)
    known = _VALUES.get(plated)
    if known is not None:
        return _remember(_VALUES, _VALUES_KEPT, (key,), known)
    colonies = [projected_plates(state, seat) for seat in range(state.players)]
    points = score_table(
        colonies,
        state.scoring,
        state.rewards,
        state.majority or (0,) * len(CATEGORIES),
        state.rules.tie_token,
    )
    totals = [
        float(p) + (PLATE_WORTH * len(colony) - PUDDLE_DIE * puddle if to_come else 0.0)
        for p, colony, puddle in zip(points, colonies, puddles, strict=True)
    ]
    shares = win_shares(totals, VALUE_TEMPERATURE + TEMPERATURE_PER_ROUND * to_come)
    return _remember(_VALUES, _VALUES_KEPT, (key, plated), shares)


def value_as_it_stands(state: State) -> tuple[float, ...]:
    """:func:`value` of ``state`` with the round's tosses stopped where they are: each area
    card goes to the seat whose dice on it show the most ants (to none on a tie, or where
    no die shows an ant), as if the round ended now. How the search (:func:`search_agent`)
    judges its playouts, cut after :data:`SEARCH_DEPTH` moves in the middle of a round,
    where :func:`value` would see only the cards already won; the dice still on the
    anthills, honey and the ties that more or bigger dice would break are not weighed.

    >>> from picnic_rules.ants import new_game
    >>> value_as_it_stands(new_game(2))
    (0.5, 0.5)
    """
    won = [list(cards) for cards in state.won]
    seats = _seats(state)
    ants = zip(*[seat[0] for seat in seats], strict=True)
    for card, totals in zip(state.area, ants, strict=True):
        if card is not None:
            top = max(totals)
            if top > 0 and totals.count(top) == 1:
                won[totals.index(top)].append(card)
    standing = (tuple(map(tuple, won)), tuple([seat[3] for seat in seats]))  # dice on the Puddle
    judged = _judged_this_round(state)
    known = judged.get(standing)
    if known is None:
        known = judged[standing] = value(_WITH_WON(state, standing[0]))
    return known


_WITH_WON: Final = evolver(State, "won")


_JUDGED: Final[list[tuple[tuple[object, ...], dict[object, tuple[float, ...]]]]] = [((), {})]
"""What :func:`value_as_it_stands` worked out in the round last asked about: the objects
the round's :func:`value` depends on besides the cards won and the Puddle (the colonies,
the Scoring cards, Reward tokens, Majority card, rules and round), and by the cards won and
the dice on the Puddle, the value. A cut playout asks again and again about the same
round, found here by identity without hashing its colonies (the pair is replaced whole)."""
_JUDGED_KEPT: Final = 50_000
"""The most standings remembered for a round (then all are forgotten at once)."""


def _judged_this_round(state: State) -> dict[object, tuple[float, ...]]:
    """The values :data:`_JUDGED` holds for the round of ``state`` (a new, empty table if it
    holds another round's, or too many)."""
    round_of = (
        state.round,
        state.colonies,
        state.scoring,
        state.rewards,
        state.majority,
        state.rules,
    )
    last, judged = _JUDGED[0]
    if (
        last
        and last[0] == round_of[0]
        and all(map(is_, last[1:], round_of[1:]))
        and len(judged) < _JUDGED_KEPT
    ):
        return judged
    judged = {}
    _JUDGED[0] = (round_of, judged)
    return judged


def _plate_key(colony: tuple[Placed, ...]) -> tuple[tuple[int, int, PicnicCard], ...]:
    """The plates of ``colony`` (each card's cell, not its turn), in the order placed: all
    :func:`value` looks at."""
    return tuple([(placed.x, placed.y, placed.card) for placed in colony])


_VALUES: Final[dict[tuple[object, ...], tuple[float, ...]]] = {}
"""The values :func:`value` worked out lately, by what they depend on: by the colonies and,
so that a colony that differs only in how a card is turned finds it too, by their plates."""
_VALUES_KEPT: Final = 50_000
"""The most values remembered (then all are forgotten at once)."""


def projected_plates(state: State, seat: int) -> Plates:
    """Seat ``seat``'s plates with its cards won this round placed one by one, the most
    wanted first (:func:`card_value`), each on the free cell beside the colony where it
    scores most against the other colonies as they are (rotations and the ants a plate
    must cover are not looked at: an estimate, for :func:`value`)."""
    won = state.won[seat]
    if not won:
        return plates(state.colonies[seat])
    return scorer_for(state, seat).projected(won)


SEARCH_ITERATIONS: Final = 1000
"""The iterations per decision of the game's ``"ismcts"`` agent (:func:`search_agent`)."""
SEARCH_DEPTH: Final = 4
"""The most moves of the seats a playout of :func:`search_agent` plays before it is judged
by :func:`value_as_it_stands` (fewer if the :func:`round_over` comes first). Playouts to
the round's end (40 moves at most) won 92.2% of 1,000 games against the computer at 4,362
iterations a second; cut after 4 they won 90.1%, the intervals overlapping, at 2.6 times
the speed (docs/agents.rst)."""

_SEND: Final = Phase.SEND

_ROUND_ENDS: Final = frozenset({Phase.PLACE, Phase.FILL, Phase.ROLLOFF, Phase.ROUND_CARD})
"""The phases from the placing of the cards won to a new round's first toss."""


def round_over(state: State) -> bool:
    """Whether the tosses of the round are over (the cards won are placed, or a new round
    is dealt): where the search stops an iteration (:func:`search_agent`) if its
    playout has not been cut before, and :func:`value` judges the colonies and the cards
    won. Past it the computer's choices
    weigh every card at every free place of a colony, which made the playouts that
    reached it most of a decision's time (up to 3 s at 1,000 iterations); the search's
    own tree still chooses among the placements at a decision to place a card."""
    return state.phase in _ROUND_ENDS


_PLAYER: Final = ComputerAgent()
"""The computer that plays the playouts."""


def playout_step(state: State, rng: random.Random) -> State:
    """The state after the computer's choice in ``state`` (a seat to act): how the search
    plays its playouts (:func:`search_agent`). A toss of a seat that holds no Round card,
    the commonest choice, is worked out and made without listing the legal moves: the
    kind of die the computer tosses first (:data:`_TOSS_ORDER`) at its best target, or the
    first target if that is none; any other choice is the computer's as it makes it.
    """
    me = state.turn
    if state.phase is _SEND and not state.held[me]:
        die = _first_die_home(state.dice[me])
        if die >= 0:  # a die on the anthill (a seat to send out has one)
            at = targets(state)
            target = ComputerAgent._best_target(state, me, DIE_KINDS[die], scorer_for(state, me))
            return toss_die(state, die, target if target in at else at[0])
    return apply_legal(state, _PLAYER(View(me, state), legal_moves(state), rng))


def search_agent(game: AnyGame) -> SearchAgent:
    """The game's ``"ismcts"`` agent: :class:`~picnic_rules.agents.ismcts.SearchAgent` with
    :data:`SEARCH_ITERATIONS` iterations, playouts by the ``computer`` agent
    (:func:`playout_step`) cut after :data:`SEARCH_DEPTH` moves or when the
    :func:`round_over`, and scored by :func:`value_as_it_stands` (the area's cards given to
    the most ants on them, as the round stands). It sees only its seat's view and draws
    every choice from the ``rng`` it is given (reproducible from a seed).
    """
    return SearchAgent(
        game,
        iterations=SEARCH_ITERATIONS,
        rollout="computer",
        depth=SEARCH_DEPTH,
        evaluate=value_as_it_stands,
        stop=round_over,
        step=playout_step,
    )
