"""The stepping of a run of games over preallocated arrays: what each process of a
:class:`~picnic_rules.vector.VectorEnv` does with its share of the games.

A :class:`Batch` holds games ``start .. stop - 1`` of the environment: each game's state,
its chance generator, its opponents' generators and its legal moves. It reads the actions
from, and writes everything a learner reads into, :class:`Arrays` -- numpy arrays that
may lie in shared memory, so that several processes fill one batch. Nothing here
allocates per step but Python's own objects.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs

from ..errors import PicnicError
from ..game import CHANCE, Agent, AnyGame
from ..kit.spaces import ActionSpace, Heads
from ..kit.tensors import Encoding
from ..pettingzoo._extra import missing

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as error:  # pragma: no cover - the extra is installed in CI
    raise missing("numpy", "picnic_rules.vector") from error

__all__ = ["Arrays", "Batch", "Setup", "shapes"]


@attrs.frozen
class Setup:
    """What every process needs to make its games: the game, seats and rules, the seats
    the caller plays (``learner``: a seat, ``"rotate"``, or ``None`` for all), the
    opponents' agents by seat (names or picklable agents), how actions are read
    (``"flat"`` or ``"legal"``), the room for legal moves and which arrays to fill."""

    game: AnyGame
    players: int
    rules: Any
    learner: int | str | None
    opponents: tuple[Any, ...]
    actions: str
    slots: int
    mask: bool
    heads: bool


def shapes(setup: Setup, games: int, size: int, space: int, width: int) -> dict[str, Any]:
    """The shape and type of each array of :class:`Arrays` for ``games`` games whose
    observations hold ``size`` numbers, whose flat space holds ``space`` moves and whose
    moves have at most ``width`` units."""
    found: dict[str, Any] = {
        "actions": ((games,), np.int64),
        "seeds": ((games,), np.int64),
        "observations": ((games, size), np.float32),
        "seats": ((games,), np.int32),
        "legal": ((games, setup.slots), np.int32),
        "legal_count": ((games,), np.int32),
        "rewards": ((games,), np.float32),
        "seat_rewards": ((games, setup.players), np.float32),
        "terminations": ((games,), np.bool_),
        "truncations": ((games,), np.bool_),
        "learners": ((games,), np.int32),
        "episodes": ((games,), np.int64),
    }
    if setup.mask:
        found["action_mask"] = ((games, space), np.int8)
    if setup.heads:
        found["legal_units"] = ((games, setup.slots, width), np.int16)
    return found


class Arrays:
    """The arrays of a batch by name (:func:`shapes`), each a numpy array; made over given
    buffers (shared memory) or, without, allocated here."""

    def __init__(self, layout: dict[str, Any], buffers: dict[str, Any] | None = None) -> None:
        self.names = tuple(layout)
        for name, (shape, dtype) in layout.items():
            if buffers is None:
                array = np.zeros(shape, dtype)
            else:
                array = np.ndarray(shape, dtype, buffer=buffers[name])
            setattr(self, name, array)

    actions: npt.NDArray[np.int64]
    seeds: npt.NDArray[np.int64]
    observations: npt.NDArray[np.float32]
    seats: npt.NDArray[np.int32]
    legal: npt.NDArray[np.int32]
    legal_count: npt.NDArray[np.int32]
    rewards: npt.NDArray[np.float32]
    seat_rewards: npt.NDArray[np.float32]
    terminations: npt.NDArray[np.bool_]
    truncations: npt.NDArray[np.bool_]
    learners: npt.NDArray[np.int32]
    episodes: npt.NDArray[np.int64]
    action_mask: npt.NDArray[np.int8]
    legal_units: npt.NDArray[np.int16]


def _opponent(game: AnyGame, spec: Any, seat: int) -> Agent[Any, Any] | None:
    from ..agents.spec import resolve_agent

    return None if spec is None else resolve_agent(game, spec, seat)


class Batch:
    """Games ``start .. stop - 1`` of a batch, stepped over ``arrays``."""

    def __init__(
        self,
        setup: Setup,
        arrays: Arrays,
        start: int,
        stop: int,
        space: ActionSpace,
        encoding: Encoding,
        heads: Heads | None,
    ) -> None:
        self.setup = setup
        self.arrays = arrays
        self.start, self.stop = start, stop
        self.space = space
        self.encoding = encoding
        self.heads = heads
        game = setup.game
        engine = game.engine
        self._to_move = engine.to_move
        self._legal_moves = engine.legal_moves
        self._apply = engine.apply
        self._sample = engine.sample_chance
        self._view = engine.view
        self._winners = engine.winners
        self._find = space.find
        self._write = encoding.write
        self._size = encoding.size
        count = stop - start
        self.states: list[Any] = [None] * count
        self.chance: list[random.Random] = [random.Random(0)] * count
        self.seat_rngs: list[list[random.Random]] = [[] for _ in range(count)]
        self.legal: list[tuple[Any, ...]] = [()] * count
        self.indexes: list[list[int]] = [[] for _ in range(count)]
        self.lookup: list[dict[int, int] | None] = [None] * count
        self.agents: list[list[Agent[Any, Any] | None]] = [
            [_opponent(game, setup.opponents[seat], seat) for seat in range(setup.players)]
            for _ in range(count)
        ]
        self.flat = setup.actions == "flat"
        self.cells = arrays.observations.reshape(-1).data.cast("B").cast("f")
        """The observations as a flat memoryview of float32s: an encoding writes an item
        into it a third faster than into the numpy array."""
        self.used = 0
        """How many legal slots the last step filled in the widest of these games."""
        self.marked: tuple[Any, Any] = ((), ())
        """The rows and columns of the mask entries the last step set."""

    # ------------------------------------------------------------ the learner's seats

    def _learner(self, episode: int, game: int) -> int:
        learner = self.setup.learner
        if learner == "rotate":
            return (game + episode) % self.setup.players
        return -1 if learner is None else int(learner)

    # ------------------------------------------------------------ reset and step

    def reset(self) -> None:
        """Start a new game in every slot, each seeded from ``arrays.seeds``."""
        arrays = self.arrays
        lo, hi = self.start, self.stop
        arrays.rewards[lo:hi] = 0
        arrays.seat_rewards[lo:hi] = 0
        arrays.terminations[lo:hi] = False
        arrays.truncations[lo:hi] = False
        arrays.episodes[lo:hi] = 0
        game = self.setup.game
        players = self.setup.players
        for number in range(lo, hi):
            slot = number - lo
            seed = int(arrays.seeds[number])
            self.chance[slot] = random.Random(seed)
            self.seat_rngs[slot] = [random.Random(f"{seed}:{seat}") for seat in range(players)]
            arrays.learners[number] = self._learner(0, number)
        self._clear(whole=True)
        out = _Out(self)
        for number in range(lo, hi):
            self._advance(out, number, game.new_game(players, self.setup.rules), -1)
        out.flush()

    def step(self) -> None:
        """Make each game's action (``arrays.actions``), play on to the caller's next
        decision (chance, opponents, a new game after the end) and fill the arrays."""
        arrays = self.arrays
        lo, hi = self.start, self.stop
        actions = arrays.actions[lo:hi].tolist()
        arrays.rewards[lo:hi] = 0
        arrays.seat_rewards[lo:hi] = 0
        arrays.terminations[lo:hi] = False
        self._clear()
        out = _Out(self)
        apply, flat = self._apply, self.flat
        seats = arrays.seats
        for slot, action in enumerate(actions):
            number = lo + slot
            legal = self.legal[slot]
            if flat:
                lookup = self.lookup[slot]
                if lookup is None:
                    try:
                        position = self.indexes[slot].index(action)
                    except ValueError:
                        position = -1
                else:
                    position = lookup.get(action, -1)
            else:
                position = action if 0 <= action < len(legal) else -1
            if position < 0:
                raise PicnicError(self._refusal(number, action))
            state = apply(self.states[slot], legal[position])
            self._advance(out, number, state, int(seats[number]))
        out.flush()

    def _refusal(self, number: int, action: int) -> str:
        if self.flat:
            known = action in range(len(self.space))
            what = f"action {action} ({self.space.move(action)})" if known else f"action {action}"
            return f"game {number}: {what} is not a legal move there"
        count = len(self.legal[number - self.start])
        return f"game {number}: action {action} is not in 0..{count - 1} (its legal moves)"

    def _clear(self, whole: bool = False) -> None:
        """Clear what the last step wrote: the observations, and the legal moves (and their
        units and mask entries) only as far as the last step filled them (everything after
        stays cleared), or everything (``whole``: at a reset)."""
        arrays = self.arrays
        lo, hi = self.start, self.stop
        arrays.observations[lo:hi] = 0
        used = arrays.legal.shape[1] if whole else self.used
        arrays.legal[lo:hi, :used] = -1
        if self.setup.heads:
            arrays.legal_units[lo:hi, :used] = -1
        if self.setup.mask:
            if whole:
                arrays.action_mask[lo:hi] = 0
            else:
                arrays.action_mask[self.marked] = 0

    def _advance(self, out: _Out, number: int, state: Any, acted: int) -> None:
        """Play game ``number`` on from ``state`` (seat ``acted`` just moved; -1: none)
        until the caller is to act, then record it."""
        slot = number - self.start
        to_move, apply, legal_moves = self._to_move, self._apply, self._legal_moves
        arrays = self.arrays
        learner = int(arrays.learners[number])
        rng = self.chance[slot]
        while True:
            actor = to_move(state)
            if actor is CHANCE:
                state = apply(state, self._sample(state, rng))
                continue
            if actor is None:
                self._ended(number, state, acted)
                episode = int(arrays.episodes[number]) + 1
                arrays.episodes[number] = episode
                learner = self._learner(episode, number)
                arrays.learners[number] = learner
                acted = -1
                state = self.setup.game.new_game(self.setup.players, self.setup.rules)
                continue
            if learner < 0 or actor == learner:
                break
            legal = legal_moves(state)
            agent = self.agents[slot][actor]
            assert agent is not None
            chosen = agent(self._view(state, actor), legal, self.seat_rngs[slot][actor])
            try:
                move = legal[legal.index(chosen)]
            except ValueError:
                raise PicnicError(
                    f"game {number}: seat {actor}'s agent chose {chosen!r}, not a legal move"
                ) from None
            state = apply(state, move)
        self.states[slot] = state
        legal = legal_moves(state)
        self.legal[slot] = legal
        find = self._find
        found = [find(move) for move in legal]
        if None in found:
            raise PicnicError(f"game {number}: a legal move has no action in the space")
        indexes: list[int] = found  # type: ignore[assignment]
        self.indexes[slot] = indexes
        self.lookup[slot] = (
            {index: i for i, index in enumerate(indexes)} if len(indexes) > 24 else None
        )
        if len(indexes) > self.setup.slots:
            raise PicnicError(
                f"game {number}: {len(indexes)} legal moves, more than the {self.setup.slots} "
                "legal slots of the environment (make it with more legal_slots)"
            )
        arrays.seats[number] = actor
        self._write(self._view(state, actor), out.observations, number * self._size)
        out.add(number, indexes)

    def _ended(self, number: int, state: Any, acted: int) -> None:
        arrays = self.arrays
        players = self.setup.players
        winners = self._winners(state)
        share = players / len(winners) - 1.0
        row = arrays.seat_rewards[number]
        for seat in range(players):
            row[seat] = share if seat in winners else -1.0
        if acted >= 0:
            arrays.rewards[number] = row[acted]
        arrays.terminations[number] = True


class _Out:
    """What one step writes besides the observations, gathered and then written in a few
    numpy calls."""

    def __init__(self, batch: Batch) -> None:
        self.batch = batch
        self.observations = batch.cells
        self.rows: list[int] = []
        self.columns: list[int] = []
        self.values: list[int] = []
        self.counts: list[int] = []
        self.numbers: list[int] = []
        self.unit_places: list[int] = []
        self.unit_values: list[int] = []

    def add(self, number: int, indexes: Sequence[int]) -> None:
        count = len(indexes)
        self.numbers.append(number)
        self.counts.append(count)
        self.rows.extend([number] * count)
        self.columns.extend(range(count))
        self.values.extend(indexes)
        heads = self.batch.heads
        if heads is not None:
            slots, width = self.batch.setup.slots, heads.width
            base = number * slots * width
            places, values, units_of = self.unit_places, self.unit_values, heads.units_of
            for k, index in enumerate(indexes):
                units = units_of(index)
                start = base + k * width
                places.extend(range(start, start + len(units)))
                values.extend(units)

    def flush(self) -> None:
        arrays = self.batch.arrays
        rows, values = np.array(self.rows, np.int64), np.array(self.values, np.int64)
        arrays.legal[rows, self.columns] = values
        arrays.legal_count[self.numbers] = self.counts
        self.batch.used = max(self.counts, default=0)
        if self.batch.setup.mask:
            arrays.action_mask[rows, values] = 1
            self.batch.marked = (rows, values)
        if self.batch.heads is not None:
            arrays.legal_units.reshape(-1)[self.unit_places] = self.unit_values


def agents_for(
    game: AnyGame, players: int, learner: int | str | None, opponents: Any
) -> tuple[Any, ...]:
    """The agent spec of each seat (``None`` for a seat the caller plays): ``opponents``
    is one spec for every seat the caller does not play, or a sequence of one per seat."""
    if learner is None:
        if opponents is not None:
            raise PicnicError("the caller plays every seat (learner=None): no opponents")
        return (None,) * players
    if opponents is None:
        raise PicnicError("give opponents (an agent, or one per seat) for the seats you leave")
    if isinstance(opponents, str) or callable(opponents):
        specs = [opponents] * players
    elif isinstance(opponents, Sequence) and len(opponents) == players:
        specs = list(opponents)
    else:
        raise PicnicError(f"opponents: one agent, or a list of {players}, one per seat")
    if learner != "rotate":
        specs[int(learner)] = None
    for seat, spec in enumerate(specs):
        if spec is not None:
            _opponent(game, spec, seat)  # refuses an unknown name with its message now
    return tuple(specs)
