"""Re-deal a record as one seat saw it: another record that the seat cannot tell from it
(the same observations, move by move), with the hidden cards dealt otherwise.

:func:`redeal` picks a move the seat could not tell from another (a card dealt to another
hand, say) and walks the record depth first from there: at that move it tries the other
possibilities first, in a random order; at every other move the recorded one first, then
every chance outcome and every move of another seat that gives the seat the observation
it had; the seat's own move always as played. At a dead end (a card played that the
re-dealt hand lacks) it backs up; after too many tries it picks another move to change.
Outcomes of sampled chance, which cannot be listed, are drawn a few times.
"""

from __future__ import annotations

import random
from typing import Any

from picnic_rules import CHANCE, replay
from picnic_rules.game import AnyGame
from picnic_rules.match import Record

SAMPLES = 4
"""The outcomes drawn at a sampled chance node, besides the recorded one."""


def redeal(
    game: AnyGame, record: Record[Any, Any], seat: int, rng: random.Random, steps: int = 3000
) -> Record[Any, Any] | None:
    """A record with ``record``'s observations for ``seat`` and other moves, or ``None``
    if none is found in ``steps`` tries from each of the first 40 moves picked."""
    states = replay(record, game)
    seen = [
        game.observe(state, move, seat) for state, move in zip(states, record.moves, strict=False)
    ]
    end = len(record.moves)
    budget = [steps]
    flip = [-1]

    def options(state: Any, index: int) -> list[Any]:
        played = record.moves[index]
        actor = game.to_move(state)
        if actor == seat:
            return [played]
        if actor is CHANCE:
            found = [move for move, _ in game.chance_outcomes(state)]
            if not found:
                found = [game.sample_chance(state, rng) for _ in range(SAMPLES)]
        else:
            found = list(game.legal_moves(state))
        others = [move for move in dict.fromkeys(found) if move != played]
        rng.shuffle(others)
        return [*others, played] if index == flip[0] else [played, *others]

    def walk(state: Any, index: int, moves: list[Any]) -> list[Any] | None:
        if index == end:
            if record.outcome is not None and game.result(state) != record.outcome:
                return None
            return moves
        for move in options(state, index):
            budget[0] -= 1
            if budget[0] < 0:
                return None
            try:
                if game.observe(state, move, seat) != seen[index]:
                    continue
                after = game.apply(state, move)
            except Exception:  # an outcome or move not possible here
                continue
            if (game.to_move(after) is None) != (index + 1 == end):
                continue
            found = walk(after, index + 1, [*moves, move])
            if found is not None:
                return found
        return None

    free = hidden_steps(game, record, seat, rng)
    for index in free[:40]:
        flip[0], budget[0] = index, steps
        moves = walk(game.new_game(record.players, record.rules), 0, [])
        if moves is not None and tuple(moves) != record.moves:
            return Record(
                record.game, record.players, record.rules, None, tuple(moves), record.outcome
            )
    return None


def hidden_steps(
    game: AnyGame, record: Record[Any, Any], seat: int, rng: random.Random
) -> list[int]:
    """The indices of ``record``'s moves that ``seat`` could not tell from another
    possibility (another seat's move or a chance outcome observed alike), in a random order."""
    states = replay(record, game)
    free = []
    for index, (state, played) in enumerate(zip(states, record.moves, strict=False)):
        actor = game.to_move(state)
        if actor == seat:
            continue
        if actor is CHANCE:
            found = [move for move, _ in game.chance_outcomes(state)]
            found = found or [game.sample_chance(state, rng) for _ in range(SAMPLES)]
        else:
            found = list(game.legal_moves(state))
        seen = game.observe(state, played, seat)
        if any(move != played and game.observe(state, move, seat) == seen for move in found):
            free.append(index)
    rng.shuffle(free)
    return free
