"""The search behind :class:`~picnic_rules.agents.ISMCTSAgent`: one tree, many deals.

Single-observer information-set Monte Carlo tree search (Cowling, Powley and
Whitehouse, 2012) over the :class:`~picnic_rules.Game` record alone. Every
iteration deals the cards the searching seat cannot see with
``determinize(view, rng)``, walks the shared tree with UCB1 among the moves legal in
that deal (counting, for each move, how often it was available), expands one move,
finishes the game with a playout policy (or stops it early and asks an evaluator),
and credits each move on the path with its mover's share of the result. Chance
(draws, dice, an ant die's landing) is sampled with the game's ``sample_chance``
wherever it comes, in the tree and in the playout, so a game whose chance outcomes
are too many to list (``chance="sampled"``) is searched like any other.

The tree is a handful of mutable, slotted nodes private to one decision; a node
keys its children by the move itself (the games' moves are small, hashable and
mostly interned), keeps the mover, visits, availability and reward as plain
attributes, and no legal-move tuple is ever copied. A node also keeps its children in
the order of the legal moves last met there: where a deal lists the same moves again
(the searcher's own choices, at the root above all), one comparison of the two tuples --
the moves are the same objects, so it is a pointer comparison each -- stands for a
dictionary lookup (a hash) of every move. The searcher's own moves are listed once, in the
first deal: its view decides them (a law :mod:`picnic_rules.testing` checks at every step:
a determinized state keeps the actor and the legal moves), so every deal after reuses the
listing. The hot functions are the
game's own, as its module wrote them (:attr:`Game.engine <picnic_rules.Game.engine>`,
an :class:`~picnic_rules.game.EngineFunctions`), not the record's checked ones: the search
only ever hands them states the game itself made, so the checks could never fire.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from itertools import repeat
from operator import is_
from typing import Any, Final

from ..game import CHANCE, EngineFunctions

__all__ = [
    "Evaluator",
    "Node",
    "Policy",
    "Step",
    "place_of",
    "search",
    "win_shares",
]

Evaluator = Callable[[Any], Sequence[float]]
"""Judges an unfinished state: one number in ``[0, 1]`` per seat, its share of a win
(``(0.7, 0.3)``: seat 0 is likely to win). A playout cut short is credited with it."""

Policy = Callable[[Any, tuple[Any, ...], random.Random], Any]
"""Chooses a playout move: ``policy(state, legal_moves, rng) -> move``. Unlike an agent it
sees the determinized state, which holds only what the deal made up."""

Step = Callable[[Any, random.Random], Any]
"""Plays a playout move: ``step(state, rng) -> state``, the state after the move a
:data:`Policy` would choose in ``state`` (for a policy that often knows its choice without
the legal moves: one that remembers its choices, say) -- or after the chance that follows
it too, sampled as the search samples it (cards drawn, say, all at once)."""


def win_shares(values: Sequence[float], temperature: float) -> tuple[float, ...]:
    """Each seat's share of a win from its ``values`` (points, an evaluation): a softmax at
    ``temperature`` -- a lead of ``temperature`` makes a seat ``e`` times as likely to win.
    The games' ``value`` functions (an :data:`Evaluator`) are made with it.

    >>> [round(share, 3) for share in win_shares([12, 2], 10.0)]
    [0.731, 0.269]
    """
    top = max(values)
    weights = [math.exp((value - top) / temperature) for value in values]
    total = sum(weights)
    return tuple(weight / total for weight in weights)


class Node:
    """One information set's statistics for one move (mutable, private to one search).

    ``mover`` made the move that leads here; ``visits`` counts the iterations through it,
    ``available`` those in which its move was legal at its parent, ``reward`` the
    mover's share of the results; ``children`` maps each move tried after it to its
    node; ``favourite`` is the move the prior policy chose here first (or ``None``);
    ``row`` holds the child (or ``None``) of each of the moves ``listed``, the legal moves
    of the last deal that came here.
    """

    __slots__ = ("available", "children", "favourite", "listed", "mover", "reward", "row", "visits")

    def __init__(self, mover: int = -1) -> None:
        self.mover = mover
        self.visits = 0
        self.available = 1
        self.reward = 0.0
        self.children: dict[Any, Node] = {}
        self.favourite: Any = None
        self.listed: tuple[Any, ...] = ()
        self.row: list[Node | None] = _NO_ROW  # never written to: a deal always lists moves


def place_of(move: Any, moves: tuple[Any, ...]) -> int:
    """The index of ``move`` among the distinct ``moves``, or -1 if it is none of them: by
    identity first (the games' moves are mostly interned: no ``__eq__`` is called), else by
    equality.

    >>> place_of("b", ("a", "b")), place_of("c", ("a", "b"))
    (1, -1)
    """
    same = list(map(is_, moves, repeat(move)))
    if True in same:
        return same.index(True)
    try:
        return moves.index(move)
    except ValueError:
        return -1


_NO_LIMIT: Final = 1 << 30
_NO_ROW: Final[list[Node | None]] = []


def search(
    fast: EngineFunctions,
    view: Any,
    rng: random.Random,
    *,
    iterations: int,
    seconds: float | None,
    exploration: float,
    policy: Policy | None = None,
    prior: Policy | None = None,
    prior_weight: float = 0.0,
    depth: int | None = None,
    evaluate: Evaluator | None = None,
    widening: float | None = None,
    stop: Callable[[Any], bool] | None = None,
    blind: Callable[[Any], bool] | None = None,
    deal: Callable[[Any, random.Random], Any] | None = None,
    step: Step | None = None,
) -> tuple[Node, int]:
    """Search from ``view`` (the seat ``view.player`` is to act) and return the root and
    the number of iterations done.

    ``iterations`` and ``seconds`` bound the work (whichever ends first; ``None`` for no
    time bound); ``exploration`` is the UCB1 constant. ``policy`` plays the playouts
    (``None``: uniformly random). ``prior`` names a move at each new information set,
    which is expanded first and keeps a bonus of ``prior_weight / (visits + 1)`` in its
    UCB1 score (progressive bias). ``depth`` cuts a playout after that many moves of the
    seats, and ``evaluate`` then credits the state it reached (without ``evaluate`` the
    playout goes on to the end). ``widening`` (progressive widening) lets a node hold at
    most ``ceil(widening * sqrt(visits + 1))`` children: a new move is tried only when a
    node has been visited often enough. ``stop`` (with ``evaluate``) ends an iteration at
    any state after the root where ``stop(state)`` is true, in the tree or in the playout
    -- the end of a round, say, past which the playout policy's choices are costly and
    little is known -- and credits that state. ``blind`` marks simultaneous choices: in the
    tree, a seat other than the searching one to act in a state where ``blind(state)`` is
    true (committing face down beside the searcher's face-down commitment, say) moves by
    ``policy`` and gets no node, so its choice cannot depend on the searcher's hidden one.
    ``deal`` (``deal(view, rng)``) deals each iteration instead of the game's
    ``determinize`` (a deal that models the other seats' hidden choices). ``step`` plays the
    seats' moves of the playouts instead of ``policy`` (which still moves a ``blind`` seat
    in the tree): ``step(state, rng)`` must be the state ``policy`` leads to (or the state
    after the chance that follows, where no ``stop`` could end the playout), drawing the
    same numbers from ``rng``, for the search to be the same.
    """
    to_move, legal_moves, apply = fast.to_move, fast.legal_moves, fast.apply
    sample_chance, winners = fast.sample_chance, fast.winners
    determinize = fast.determinize if deal is None else deal
    choose = rng.random
    log, sqrt = math.log, math.sqrt
    cut = _NO_LIMIT if depth is None or evaluate is None else depth
    halt = None if evaluate is None else stop
    deadline = None if seconds is None else time.perf_counter() + seconds
    root = Node()
    searcher: Any = None  # the seat to act at the root, found in the first deal
    done = 0
    root_moves: tuple[Any, ...] | None = None  # the searcher's moves, listed in the first deal
    while done < iterations:
        state = dealt = determinize(view, rng)
        if searcher is None:
            searcher = to_move(state)
        node = root
        path = [root]
        # selection and expansion
        while True:
            actor = to_move(state)
            if actor is None:
                break
            if halt is not None and node is not root and halt(state):
                break  # the playout below stops here too: the state is evaluated
            if actor is CHANCE:
                state = apply(state, sample_chance(state, rng))
                continue
            if state is not dealt:
                moves = legal_moves(state)
            elif root_moves is None:
                moves = root_moves = legal_moves(state)
            else:  # the searcher's moves again: its view decides them, the same in every deal
                moves = root_moves
            if blind is not None and actor != searcher and blind(state):
                if policy is None:
                    state = apply(state, moves[int(choose() * len(moves))])
                else:
                    state = apply(state, policy(state, moves, rng))
                continue  # a simultaneous choice: no node, the searcher's stays current
            children = node.children
            if prior is not None and node.favourite is None and len(moves) > 1:
                node.favourite = prior(state, moves, rng)
            favourite = node.favourite
            # the child of the prior's move, found once here rather than compared at each child
            bonus_at = -1 if not prior_weight or favourite is None else place_of(favourite, moves)
            if moves == node.listed:  # the moves met last time: their children, in order
                row = node.row
            else:
                row = node.row = list(map(children.get, moves))
                node.listed = moves
            untried = None
            best = None
            best_at = 0
            best_score = -1.0
            for at, child in enumerate(row):
                if child is None:
                    if untried is None:
                        untried = [at]
                    else:
                        untried.append(at)
                    continue
                available = child.available = child.available + 1
                visits = child.visits  # at least 1: a child is made on the path it is credited on
                score = child.reward / visits + exploration * sqrt(log(available) / visits)
                if at == bonus_at:
                    score += prior_weight / (visits + 1)
                if score > best_score:
                    best_score, best, best_at = score, child, at
            if untried is not None and (
                best is None  # a widened node none of whose children is legal in this deal
                or widening is None
                or len(children) < widening * sqrt(node.visits + 1)
            ):
                if favourite is not None and favourite in moves and favourite not in children:
                    at = moves.index(favourite)  # the moves are distinct: one place
                else:
                    at = untried[int(choose() * len(untried))]
                move = moves[at]
                child = children[move] = row[at] = Node(actor)
                state = apply(state, move)
                path.append(child)
                break
            assert best is not None  # a node with no child legal in this deal expanded above
            state = apply(state, moves[best_at])
            node = best
            path.append(node)
        # playout
        steps = 0
        actor = to_move(state)
        while actor is not None:
            if halt is not None and halt(state):
                break
            if actor is CHANCE:
                state = apply(state, sample_chance(state, rng))
            else:
                if steps >= cut:
                    break
                steps += 1
                if step is not None:
                    state = step(state, rng)
                elif policy is None:
                    moves = legal_moves(state)
                    state = apply(state, moves[int(choose() * len(moves))])
                else:
                    state = apply(state, policy(state, legal_moves(state), rng))
            actor = to_move(state)
        # backpropagation
        if actor is None:
            won = winners(state)
            share = 1.0 / len(won) if won else 0.0
            for visited in path:
                visited.visits += 1
                if visited.mover in won:
                    visited.reward += share
        else:
            assert evaluate is not None
            values = evaluate(state)
            for visited in path:
                visited.visits += 1
                if visited.mover >= 0:
                    visited.reward += values[visited.mover]
        done += 1
        if deadline is not None and time.perf_counter() > deadline:
            break
    return root, done
