"""The ``computer`` agent: a heuristic player of the ants game.

It tosses its biggest-ant dice first at the card where it can most likely
win (its own ants there against the best rival's, favouring cards that help
its Scoring cards), keeps every landing, settles a die on the card where it
leads, and places each card where its plates score most (the current
points of its colony with the card placed, tried at every legal place).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from .cards import DIE_KINDS, DieKind, PicnicCard, RoundCard
from .colony import plates
from .moves import Keep, Move, Place, Play, Retoss, Settle, Toss
from .scoring import score_table
from .state import Placed, Spot, State, View

__all__ = ["ComputerAgent", "card_value"]


def _totals(state: State, position: int) -> list[int]:
    totals = [0] * state.players
    for seat, own in enumerate(state.dice):
        for die in own:
            if die.spot is Spot.AREA and position in die.cards:
                totals[seat] += die.face
    return totals


def _points(state: State, seat: int, colony: tuple[Placed, ...]) -> int:
    colonies = [plates(c) for c in state.colonies]
    colonies[seat] = plates(colony)
    return score_table(
        colonies, state.scoring, state.rewards, state.majority or (0,) * 6, state.rules.tie_token
    )[seat]


def card_value(state: State, seat: int, card: PicnicCard) -> float:
    """How much ``seat`` wants ``card``: the points its colony gains with it at its best place
    (roughly: a plate beside the colony), plus a little for any card."""
    colony = state.colonies[seat]
    base = _points(state, seat, colony)
    if not colony:
        return 1.0 + _points(state, seat, (Placed(card, 0, 0, 0),)) - base
    best = max(
        (_points(state, seat, (*colony, Placed(card, x, y, 0))) for x, y in _free_spots(colony)),
        default=base,
    )
    return 1.0 + best - base


def _target(move: Move) -> int:
    return (
        move.target if isinstance(move, Retoss) else move.position if isinstance(move, Play) else -1
    )


def _free_spots(colony: tuple[Placed, ...]) -> list[tuple[int, int]]:
    taken = set(plates(colony))
    spots = {(p.x + dx, p.y + dy) for p in colony for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1))}
    return sorted(spots - taken)[:8]


@attrs.frozen
class ComputerAgent:
    """The heuristic ``computer`` player (see the module's text)."""

    def __call__(self, view: View, moves: tuple[Move, ...], rng: random.Random) -> Move:
        """Pick one of ``moves`` for seat ``view.player``."""
        state, me = view.state, view.player
        first = moves[0]
        if isinstance(first, Toss) or any(isinstance(m, Toss) for m in moves):
            return self._toss(state, me, moves)
        if isinstance(first, Keep):
            return self._after(state, me, moves)
        if isinstance(first, Settle):
            return max(moves, key=lambda m: self._lead(state, me, m))
        if isinstance(first, Place):
            return self._place(state, me, moves)
        return rng.choice(moves)

    def _after(self, state: State, me: int, moves: Sequence[Move]) -> Move:
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
        target = self._best_target(state, me, kind)
        return next((m for m in again if _target(m) == target), again[0])

    @staticmethod
    def _lead(state: State, me: int, move: Move) -> int:
        if not isinstance(move, Settle):  # only settles are asked about
            return 0
        totals = _totals(state, move.card)
        return totals[me] - max(t for s, t in enumerate(totals) if s != me)

    def _toss(self, state: State, me: int, moves: Sequence[Move]) -> Move:
        plays = [m for m in moves if isinstance(m, Play)]
        for play in plays:
            if play.card in (RoundCard.DOUBLE_TIME, RoundCard.HEAD_START, RoundCard.SECOND_WIND):
                return play
        useful = [p for p in plays if self._play_worth(state, me, p) > 0]
        if useful:
            return max(useful, key=lambda p: self._play_worth(state, me, p))
        tosses = [m for m in moves if isinstance(m, Toss)]
        order = {DieKind.WORKER: 0, DieKind.SOLDIER: 1, DieKind.SCOUT: 2}
        kind = min({m.die for m in tosses}, key=lambda k: order[k])
        target = self._best_target(state, me, kind)
        mine = [m for m in tosses if m.die is kind]
        return next((m for m in mine if m.target == target), mine[0])

    @staticmethod
    def _play_worth(state: State, me: int, play: Play) -> float:
        """Honey where it turns a card, Stomp on the die that beats me on a card, others never."""
        if play.card is RoundCard.HONEY:
            card = state.area[play.position]
            totals = _totals(state, play.position)
            rival = max(t for s, t in enumerate(totals) if s != me)
            if (
                card is None
                or not totals[me]
                or not rival <= totals[me] + 2
                or totals[me] > rival + 2
            ):
                return 0.0
            return card_value(state, me, card)
        if play.card is RoundCard.STOMP and play.seat != me:
            die = state.dice[play.seat][play.die]
            best = 0.0
            for position in die.cards:
                card = state.area[position]
                totals = _totals(state, position)
                if card is not None and totals[me] and totals[play.seat] - die.face <= totals[me]:
                    best = max(best, card_value(state, me, card))
            return best
        return 0.0

    def _best_target(self, state: State, me: int, kind: DieKind) -> int:
        mean = sum(state.rules.faces(kind)) / len(state.rules.faces(kind))

        rivals_home = max(
            sum(d.spot is Spot.HOME for d in state.dice[s]) for s in range(state.players) if s != me
        )

        def worth(position: int) -> float:
            card = state.area[position]
            if card is None:
                return -10.0
            totals = _totals(state, position)
            mine = totals[me]
            rival = max(t for s, t in enumerate(totals) if s != me)
            gain = card_value(state, me, card)
            if mine > rival + 2:
                return 0.1 * gain  # already well ahead: another die there is wasted
            if mine + mean > rival:
                return gain * (0.9 if not rivals_home else 0.6) - 0.01 * rival
            return gain * 0.15

        targets = [p for p, card in enumerate(state.area) if card is not None]
        return max(targets, key=worth) if targets else state.target

    @staticmethod
    def _place(state: State, me: int, moves: Sequence[Move]) -> Move:
        colony = state.colonies[me]

        def worth(move: Move) -> tuple[int, int]:
            if not isinstance(move, Place):  # only placements are asked about
                return (-1, 0)
            placed = (*colony, Placed(move.card, move.x, move.y, move.turn, move.planner))
            return _points(state, me, placed), -move.planner

        return max(moves, key=worth)
