"""The sandwich game's computer player: a greedy look-ahead with a hand-made evaluation."""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Final

import attrs

from ..agents.arguments import checked_call
from ..agents.ismcts import SearchAgent
from ..agents.search import win_shares
from ..errors import PicnicError
from ..game import AnyGame
from .cards import Card, Sandwich
from .engine import apply_legal, legal_moves, result
from .moves import Discard, End, Move
from .predicates import bread_may_close, covered_by_fly, is_finished
from .state import Phase, SandwichId, State, View
from .views import determinize

__all__ = [
    "SEARCH_DEPTH",
    "SEARCH_ITERATIONS",
    "ComputerAgent",
    "evaluate",
    "playout",
    "playout_step",
    "search_agent",
    "value",
]

BREAD, PEANUT_BUTTER, JELLY, ANT, FLY = Card
_ACT, _OVER = Phase.ACT, Phase.OVER  # looked up once: an enum's member costs a class lookup

# What a card in hand is worth: less than what playing it adds to the table,
# so parts are played as soon as they fit, while ants wait for a steal worth
# one. A first fly is worth more than covering one finished sandwich of the
# random opponent (who moves the token again soon enough): it is kept for the
# covers that matter -- uncovering our own sandwich to win, stopping an
# opponent one card from winning, or uncovering ours onto theirs at once; a
# spare fly is spent more freely. (Measured with benchmarks/agent_strength.py:
# spending flies freely wins ~75% against random play, keeping them ~91%.)
_KEEP = (6.0, 4.0, 4.0, 10.0, 130.0)
_KEEP_MORE = (6.0, 4.0, 4.0, 10.0, 60.0)  # each further copy of a kind

# The worth of one sandwich: finished and counting, finished under the fly,
# and open (growing) by progress -- bare bread, one spread kind, closable.
_FINISHED = 100.0
_FINISHED_COVERED = 30.0
_OPEN = (20.0, 40.0, 65.0)
_COVERED_OPEN = 0.2  # an unfinished sandwich under the fly is worth this share
_BUFFER = 2.0  # each spread beyond the second: one card an ant may take for free

_OPPONENT = 0.8  # how much an opponent's table counts against ours
_THREAT = 60.0  # an opponent one counting sandwich short of winning
_THREAT_CLOSABLE = 40.0  # ... who also holds a closable open sandwich

_WIN = 1e9

_WORTHS_KEPT: Final = 1 << 14
"""The most rows of sandwiches whose worth :func:`evaluate` remembers."""


def _closable_open(sandwiches: Sequence[Sandwich], fly: SandwichId | None, seat: int) -> bool:
    return any(
        not covered_by_fly(fly, seat, i) and not is_finished(s) and bread_may_close(s)
        for i, s in enumerate(sandwiches)
    )


def evaluate(
    table: Sequence[Sequence[Sandwich]],
    fly: SandwichId | None,
    hand: Sequence[int],
    seat: int,
    to_win: int,
) -> float:
    """How good the table is for ``seat`` holding ``hand`` (higher is better).

    Every sandwich is worth something to its owner (a counting one most, an
    open one by how close it is to closing, one under the fly little); the
    opponents' worth counts against ``seat``'s, an opponent one sandwich short
    of winning counts extra, and the cards in hand add their keeping value.
    A table where ``seat`` has won scores ``1e9``, one where another seat has
    won ``-1e9``.

    >>> from picnic_rules.sandwich import Card
    >>> b, pb, j = Card.BREAD, Card.PEANUT_BUTTER, Card.JELLY
    >>> closed = ((b, pb, j, b),)
    >>> evaluate((closed, ()), None, (0,) * 5, 0, 3) > evaluate((closed, ()), (0, 0), (0,) * 5, 0, 3)
    True
    """
    score = 0.0
    for owner, sandwiches in enumerate(table):
        covered = fly[1] if fly is not None and fly[0] == owner else -1
        try:
            counting, worth = _count_and_worth(sandwiches, covered)
        except TypeError:  # rows of lists, unhashable: remembered as tuples
            counting, worth = _count_and_worth(tuple(map(tuple, sandwiches)), covered)
        if owner == seat:
            if counting >= to_win:
                return _WIN
            score += worth
        else:
            if counting >= to_win:
                return -_WIN
            score -= _OPPONENT * worth
            if counting == to_win - 1:
                score -= _THREAT
                if _closable_open(sandwiches, fly, owner):
                    score -= _THREAT_CLOSABLE
    for card, n in enumerate(hand):
        if n:
            score += _KEEP[card] + _KEEP_MORE[card] * (n - 1)
    return score


@functools.lru_cache(maxsize=_WORTHS_KEPT)
def _count_and_worth(sandwiches: tuple[Sandwich, ...], covered: int) -> tuple[int, float]:
    """How many of one seat's ``sandwiches`` count (finished, not under the fly, which
    covers the one at index ``covered``, or -1) and what they are worth to their owner: a
    finished one :data:`_FINISHED` (:data:`_FINISHED_COVERED` under the fly), an open one
    by its progress (:data:`_OPEN`: bare bread, one spread kind, closable -- plus
    :data:`_BUFFER` for each spread beyond the second), times :data:`_COVERED_OPEN` under
    the fly. One pass with the predicates inlined (``is_finished``, ``covered_by_fly``),
    remembered (at most :data:`_WORTHS_KEPT` rows of sandwiches): :func:`evaluate` is much
    of a playout's time, and the sandwiches of a seat not moving are the same in every
    move the computer weighs.
    """
    counting = 0
    worth: float = 0  # from the int 0, as sum() adds: the same floats
    for i, sandwich in enumerate(sandwiches):
        if len(sandwich) > 1 and sandwich[-1] == BREAD:  # is_finished (== remembers 0 as bread)
            if i == covered:
                worth += _FINISHED_COVERED
            else:
                worth += _FINISHED
                counting += 1
            continue
        pb, jelly = PEANUT_BUTTER in sandwich, JELLY in sandwich
        if pb and jelly:
            value = _OPEN[2] + _BUFFER * (len(sandwich) - 3)
        elif pb or jelly:
            value = _OPEN[1]
        else:
            value = _OPEN[0]
        worth += value * _COVERED_OPEN if i == covered else value
    return counting, worth


def _final(state: State, seat: int) -> float:
    """The score of a finished game for ``seat``: a win, a shared win or a loss."""
    winners = result(state).winners
    if seat not in winners:
        return -_WIN
    return _WIN if len(winners) == 1 else 0.0


def _score(state: State, seat: int) -> float:
    if state.phase is _OVER:
        return _final(state, seat)
    return evaluate(state.table, state.fly, state.hands[seat], seat, state.rules.sandwiches_to_win)


def _discard_choice(hand: Sequence[int], legal: tuple[Move, ...]) -> Move:
    """The card least worth keeping: the kind held most often, cheaper kinds first."""

    def cost(move: Move) -> tuple[float, int]:
        card = move.card  # type: ignore[union-attr]
        return (_KEEP[card] / hand[card], card)

    return min(legal, key=cost)


def _one_or_two(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value not in (1, 2) or type(value) is not int:
        raise PicnicError(f"depth must be 1 or 2, not {value!r}")


@attrs.frozen
class ComputerAgent:
    """A greedy player: plays the move whose result :func:`evaluate` likes best, ends the
    turn when no move improves on the table as it stands.

    It plays every part that fits (starting, spreading and closing sandwiches),
    takes any move that wins at once (a closing bread, an ant stealing bread,
    a fly uncovering its own sandwich), steals with ants when the steal is
    worth the card, keeps its flies for covers that matter (see ``_KEEP``), and
    when stuck discards the kind it holds most of, spreads before bread.

    With ``depth=2`` each move is judged by the best follow-up move of the same
    turn as well (or by ending the turn there), so a pair such as "steal a
    spread, then close" is seen as one; against random play it measured no
    stronger and a few times slower, so 1 is the default. It simulates moves
    on a state determinized from its view (hidden cards never change a move's
    effect on the table, so it cannot cheat), and it is deterministic given
    ``rng``.

    >>> ComputerAgent()
    ComputerAgent(depth=1)
    """

    depth: int = attrs.field(default=1, validator=_one_or_two)
    """How many moves of its own turn it looks ahead (1 or 2)."""

    @checked_call(View)
    def __call__(self, v: View, legal: tuple[Move, ...], rng: random.Random) -> Move:
        """Choose one of ``legal`` for the seat of view ``v``."""
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], Discard):
            return _discard_choice(v.hand, legal)
        return _choose(determinize(v, rng), v.player, legal, self.depth)[0]


def _choose(
    state: State, seat: int, legal: tuple[Move, ...], depth: int
) -> tuple[Move, State | None]:
    """The computer's choice among ``legal`` (not discards) for ``seat`` in ``state``, and
    the state it leads to (``None`` for the last move, which it does not try: ``end``)."""
    best: Move = legal[-1]
    best_after = None
    best_score = _score(state, seat)
    for move in legal:
        if isinstance(move, End):
            continue
        after = apply_legal(state, move)
        score = _score(after, seat)
        if depth > 1 and after.phase is _ACT:
            for follow in legal_moves(after):
                if not isinstance(follow, End):
                    score = max(score, _score(apply_legal(after, follow), seat))
        if score > best_score:
            best, best_after, best_score = move, after, score
    return best, best_after


def playout(state: State, legal: tuple[Move, ...], rng: random.Random) -> Move:
    """The ``computer`` agent's choice for the seat to act in ``state``, made on the state
    itself: the search's playout policy (:func:`search_agent`). The agent deals its view's
    hidden cards first, and they never change what it chooses (only the table, the fly
    and its own hand count), so this is its choice without the cost of a view and a deal.
    """
    if len(legal) == 1:
        return legal[0]
    seat = state.turn
    hand = state.hands[seat]
    if isinstance(legal[0], Discard):
        return _discard_choice(hand, legal)
    key, move = _CHOICES.recall(state)
    if move is None:
        move = _CHOICES.known[key] = _choose(state, seat, legal, 1)[0]
    return move


def playout_step(state: State, rng: random.Random) -> State:
    """The state after :func:`playout`'s choice in ``state``: how the search plays its
    playouts (:func:`search_agent`). A choice the computer remembers is made without
    listing the legal moves (a position it remembers has the same ones, two or more, and
    no discard), and a new one is played as the state it weighed.
    """
    key, move = _CHOICES.recall(state)
    if move is not None:
        return apply_legal(state, move)
    legal = legal_moves(state)
    if len(legal) == 1:
        return apply_legal(state, legal[0])
    seat = state.turn
    if isinstance(legal[0], Discard):
        return apply_legal(state, _discard_choice(state.hands[seat], legal))
    move, after = _choose(state, seat, legal, 1)
    _CHOICES.known[key] = move
    return apply_legal(state, move) if after is None else after


class _Choices:
    """The computer's choices in the playouts, remembered by what they depend on.

    A choice (:func:`_choose`) depends only on the table, the fly, the hand of the seat
    to act and -- only when the next action may reach the sixty-action limit -- the
    action count (the legal moves, the win, the stuck test and the limit follow from
    those and the rules: the cards not on the table are the rest of the deck, wherever
    they are). Whether the seat has played this turn does not count: it changes the
    legal moves only when no card can be played, and then there is no choice to make
    (``end`` alone) or the choice is a discard, never remembered. The playouts of one
    decision meet the same positions often (two choices in five), each one a move
    tried and weighed for every legal move.
    """

    __slots__ = ("known", "rules")

    KEPT: Final = 30_000
    """The most choices remembered (all are forgotten when it is reached)."""

    def __init__(self) -> None:
        self.rules: object = None
        self.known: dict[tuple[object, ...], Move] = {}

    def recall(self, state: State) -> tuple[tuple[object, ...], Move | None]:
        """The key of the choice of the seat to act in ``state`` and the choice remembered
        for it, or ``None``: a new choice is remembered by setting ``known[key]``."""
        known = self.known
        rules = state.rules
        if rules is not self.rules or len(known) >= self.KEPT:
            self.rules = rules  # held here, so its id is never another's
            known.clear()
        actions = state.actions
        if actions + 1 < rules.action_limit:
            actions = -1  # no move of this turn can reach the action limit: the count is moot
        seat = state.turn
        key = (state.table, state.fly, state.hands[seat], seat, actions)
        return key, known.get(key)


_CHOICES: Final = _Choices()


VALUE_TEMPERATURE: Final = 60.0
"""The lead in :func:`evaluate`'s points that makes a seat ``e`` times as likely to win."""


def value(state: State) -> tuple[float, ...]:
    """Each seat's share of a win in the unfinished ``state``, for the search to score a
    playout cut short: :func:`evaluate` of every seat's table and hand, as shares of a win
    (:func:`~picnic_rules.agents.search.win_shares` at :data:`VALUE_TEMPERATURE`).

    >>> from picnic_rules.sandwich import new_game
    >>> value(new_game(2))
    (0.5, 0.5)
    """
    to_win = state.rules.sandwiches_to_win
    table, fly = state.table, state.fly
    return win_shares(
        [evaluate(table, fly, hand, seat, to_win) for seat, hand in enumerate(state.hands)],
        VALUE_TEMPERATURE,
    )


SEARCH_ITERATIONS: Final = 1000
"""The iterations per decision of the game's ``"ismcts"`` agent (:func:`search_agent`)."""
SEARCH_DEPTH: Final = 6
"""The moves of the seats a playout of :func:`search_agent` plays before :func:`value`."""


def search_agent(game: AnyGame) -> SearchAgent:
    """The game's ``"ismcts"`` agent: :class:`~picnic_rules.agents.ismcts.SearchAgent` with
    :data:`SEARCH_ITERATIONS` iterations, playouts by the ``computer`` agent
    (:func:`playout`, played by :func:`playout_step`) cut after :data:`SEARCH_DEPTH` moves
    and scored by :func:`value`. It sees only its seat's view and draws every choice from
    the ``rng`` it is given (reproducible from a seed).
    """
    return SearchAgent(
        game,
        iterations=SEARCH_ITERATIONS,
        rollout=playout,
        step=playout_step,
        depth=SEARCH_DEPTH,
        evaluate=value,
    )
