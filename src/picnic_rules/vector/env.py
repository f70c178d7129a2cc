"""The batched environment (:class:`VectorEnv`): ``num_envs`` games stepped by one call,
in this process or split among several sharing memory."""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import os
import random
import weakref
from collections.abc import Sequence
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from multiprocessing.shared_memory import SharedMemory
from typing import Any, Final

from ..errors import PicnicError, kind_of
from ..game import AnyGame
from ..kit.spaces import Heads
from ..pettingzoo._extra import missing
from ..pettingzoo.spaces import player_space
from ..processes import end_processes, worker_started
from ..registry import GAMES
from .batch import Arrays, Batch, Setup, agents_for, shapes

try:
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode
    from gymnasium.vector import VectorEnv as GymVectorEnv
except ImportError as error:  # pragma: no cover - the extra is installed in CI
    raise missing(error.name or "gymnasium", "picnic_rules.vector") from error

__all__ = ["LIMIT", "MASK_LIMIT", "VectorEnv"]

LIMIT: Final = float(2**20)
"""Every number of an observation lies in ``[-LIMIT, LIMIT]``."""

MASK_LIMIT: Final = 4096
"""The largest flat space that gets an action mask unless asked otherwise."""

SLOTS: Final = 1024
"""The room for legal moves per game unless asked otherwise (or the space's size, if
smaller)."""

_ALIGN: Final = 64


def _game(name: object) -> AnyGame:
    if not isinstance(name, str) or name not in GAMES:
        shown = repr(name) if isinstance(name, str) else kind_of(name)
        raise PicnicError(f"no game is called {shown} ({', '.join(GAMES)})")
    return GAMES[name]


def _seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
        raise PicnicError(f"a seed must be an int, not {kind_of(seed)}")
    if seed < 0:
        raise PicnicError(f"a seed must be at least 0, not {int(seed)}")
    return int(seed)


def _buffers(memory: SharedMemory, layout: dict[str, Any]) -> dict[str, Any]:
    """Each array's slice of the shared segment, aligned."""
    found = {}
    at = 0
    buffer = memory.buf
    assert buffer is not None
    for name, (shape, dtype) in layout.items():
        size = int(np.prod(shape)) * np.dtype(dtype).itemsize
        found[name] = buffer[at : at + size]
        at += -(-size // _ALIGN) * _ALIGN
    return found


def _segment_size(layout: dict[str, Any]) -> int:
    total = 0
    for shape, dtype in layout.values():
        size = int(np.prod(shape)) * np.dtype(dtype).itemsize
        total += -(-size // _ALIGN) * _ALIGN
    return max(total, 1)


def _work(
    parent: int,
    conn: Connection,
    setup: Setup,
    name: str,
    layout: dict[str, Any],
    start: int,
    stop: int,
) -> None:
    """A worker process: attach the shared arrays and step games ``start .. stop - 1``
    at each word from the parent, until ``close`` (or the parent's end)."""
    worker_started(parent)
    memory = SharedMemory(name=name)  # the tracker is the parent's: it unlinks once
    try:
        arrays = Arrays(layout, _buffers(memory, layout))
        batch = _batch(setup, arrays, start, stop)
        conn.send(None)
        while True:
            try:
                command = conn.recv()
            except EOFError:
                break
            if command == "close":
                break
            try:
                getattr(batch, command)()
            except PicnicError as error:
                conn.send(str(error))
            except Exception as error:  # a defect: the parent says what it was
                conn.send(f"{type(error).__name__}: {error}")
            else:
                conn.send(None)
        del arrays, batch
    finally:
        with contextlib.suppress(BufferError):
            memory.close()


def _batch(setup: Setup, arrays: Arrays, start: int, stop: int) -> Batch:
    game = setup.game
    space = player_space(game, setup.players, setup.rules)
    encoding = game.tensors(setup.players, setup.rules) if game.tensors else None
    if encoding is None:
        raise PicnicError(f"the game {game.name!r} has no encoding of its views")
    heads = Heads(space) if setup.heads else None
    return Batch(setup, arrays, start, stop, space, encoding, heads)


def _cleanup(
    memory: SharedMemory | None, processes: list[BaseProcess], conns: list[Connection]
) -> None:
    for conn in conns:
        with contextlib.suppress(Exception):
            conn.send("close")
    end_processes(processes, timeout=1.0)
    if memory is not None:
        with contextlib.suppress(Exception):
            memory.close()
        with contextlib.suppress(Exception):
            memory.unlink()


class VectorEnv(GymVectorEnv):
    """``num_envs`` games of ``game_name`` stepped together, their arrays preallocated.

    See :mod:`picnic_rules.vector` for the arrays, the seats, the actions and the seeds.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - gymnasium's own convention
        "autoreset_mode": AutoresetMode.SAME_STEP,
        "render_modes": [],
    }

    def __init__(
        self,
        game_name: str,
        num_envs: int,
        *,
        players: int = 2,
        learner: int | str | None = None,
        opponents: Any = None,
        actions: str = "flat",
        mask: bool | None = None,
        heads: bool = False,
        legal_slots: int | None = None,
        processes: int = 1,
        rules: Any = None,
        **rules_options: Any,
    ) -> None:
        game = _game(game_name)
        if type(num_envs) is not int or num_envs < 1:
            raise PicnicError(f"num_envs must be an int of at least 1, not {num_envs!r}")
        if type(processes) is not int or not 1 <= processes <= num_envs:
            raise PicnicError(f"processes must be an int in 1..num_envs, not {processes!r}")
        if actions not in ("flat", "legal"):
            raise PicnicError(f"actions must be 'flat' or 'legal', not {actions!r}")
        if rules is None:
            from ..pettingzoo.environment import rules_from_options

            rules = rules_from_options(game, rules_options)
        elif rules_options:
            raise PicnicError("give the rules or rules options, not both")
        game.new_game(players, rules)  # refuses a player count or rules that cannot be
        if not (learner is None or learner == "rotate" or learner in range(players)):
            raise PicnicError(f"learner must be a seat, 'rotate' or None, not {learner!r}")
        space = player_space(game, players, rules)
        slots = legal_slots if legal_slots is not None else min(len(space), SLOTS)
        if type(slots) is not int or slots < 1:
            raise PicnicError(f"legal_slots must be an int of at least 1, not {slots!r}")
        setup = Setup(
            game=game,
            players=players,
            rules=rules,
            learner=learner,
            opponents=agents_for(game, players, learner, opponents),
            actions=actions,
            slots=slots,
            mask=len(space) <= MASK_LIMIT if mask is None else bool(mask),
            heads=bool(heads),
        )
        self.game: AnyGame = game
        """The game played."""
        self.rules: Any = rules
        """Its rules."""
        self.players: int = players
        """The seats of each game."""
        self.num_envs: int = num_envs
        self.space = space
        """The flat action space (:class:`~picnic_rules.pettingzoo.actions.ActionSpace`)."""
        self.heads: Heads | None = Heads(space) if heads else None
        """The space's heads, when asked for (``heads=True``)."""
        self.setup = setup
        layout = shapes(setup, num_envs, 0, len(space), self.heads.width if self.heads else 1)
        encoding = game.tensors(players, rules) if game.tensors else None
        if encoding is None:
            raise PicnicError(f"the game {game.name!r} has no encoding of its views")
        self.encoding = encoding
        """The encoding of the observations (the game's ``tensors``)."""
        layout["observations"] = ((num_envs, encoding.size), np.float32)
        self._memory: SharedMemory | None = None
        self._processes: list[BaseProcess] = []
        self._conns: list[Connection] = []
        if processes > 1:
            self._memory = SharedMemory(create=True, size=_segment_size(layout))
            self.arrays = Arrays(layout, _buffers(self._memory, layout))
        else:
            self.arrays = Arrays(layout)
        self._finalizer = weakref.finalize(
            self, _cleanup, self._memory, self._processes, self._conns
        )
        bounds = [num_envs * k // processes for k in range(processes + 1)]
        self._batch = _batch(setup, self.arrays, bounds[0], bounds[1])
        if processes > 1:
            self._start_workers(layout, bounds)
        self.single_observation_space = spaces.Box(
            -LIMIT, LIMIT, (encoding.size,), dtype=np.float32
        )
        self.single_action_space = spaces.Discrete(len(space) if actions == "flat" else slots)
        self.observation_space = spaces.Box(
            -LIMIT, LIMIT, (num_envs, encoding.size), dtype=np.float32
        )
        self.action_space = spaces.MultiDiscrete(
            np.full(num_envs, self.single_action_space.n, dtype=np.int64)
        )
        self._seeder = random.Random()
        self._started = False

    def _start_workers(self, layout: dict[str, Any], bounds: list[int]) -> None:
        assert self._memory is not None
        context = multiprocessing.get_context()
        for start, stop in itertools.pairwise(bounds[1:]):
            mine, theirs = context.Pipe()
            process = context.Process(
                target=_work,
                args=(os.getpid(), theirs, self.setup, self._memory.name, layout, start, stop),
                daemon=True,
                name="picnic vector worker",
            )
            process.start()
            theirs.close()
            self._processes.append(process)
            self._conns.append(mine)
        for conn in self._conns:
            self._answer(conn)

    def _answer(self, conn: Connection) -> None:
        try:
            reply = conn.recv()
        except EOFError:
            self.close()
            raise PicnicError("a worker process of the environment ended") from None
        if reply is not None:
            raise PicnicError(reply)

    def _run(self, command: str) -> None:
        for conn in self._conns:
            conn.send(command)
        failure: PicnicError | None = None
        try:
            getattr(self._batch, command)()
        except PicnicError as error:
            failure = error
        for conn in self._conns:
            try:
                self._answer(conn)
            except PicnicError as error:
                failure = failure or error
        if failure is not None:
            raise failure

    # ------------------------------------------------------------ gymnasium's calls

    def reset(
        self, *, seed: int | Sequence[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Start a new game in every slot: game ``i`` from seed ``seed + i`` (an int), from
        ``seed[i]`` (one per game), or from a seed drawn afresh (``None``). A seed is an
        int of at least 0; :class:`~picnic_rules.PicnicError` otherwise."""
        if self._finalizer.alive is False:
            raise PicnicError("the environment is closed")
        if seed is None:
            seeds = [self._seeder.randrange(2**62) for _ in range(self.num_envs)]
        elif isinstance(seed, Sequence) and not isinstance(seed, str):
            if len(seed) != self.num_envs:
                raise PicnicError(f"seed: one per game ({self.num_envs}), not {len(seed)}")
            seeds = [_seed(value) for value in seed]
        else:
            first = _seed(seed)
            seeds = [first + i for i in range(self.num_envs)]
        self.arrays.seeds[:] = seeds
        self._run("reset")
        self._started = True
        return self.arrays.observations, self._infos()

    def step(
        self, actions: Any
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Make one action in every game (an index of the flat space, or with
        ``actions="legal"`` a place in the game's list of legal moves), then play each on
        to the caller's next decision; a game that ends starts again at once."""
        if not self._started:
            raise PicnicError("reset the environment before the first step")
        found = np.asarray(actions)
        if found.shape != (self.num_envs,) or found.dtype.kind not in "iu":
            raise PicnicError(
                f"actions: {self.num_envs} ints, one per game, not {found.dtype} {found.shape}"
            )
        self.arrays.actions[:] = found
        self._run("step")
        arrays = self.arrays
        return (
            arrays.observations,
            arrays.rewards,
            arrays.terminations,
            arrays.truncations,
            self._infos(),
        )

    def _infos(self) -> dict[str, Any]:
        arrays = self.arrays
        infos = {
            "seat": arrays.seats,
            "learner": arrays.learners,
            "legal": arrays.legal,
            "legal_count": arrays.legal_count,
            "seat_rewards": arrays.seat_rewards,
            "episode": arrays.episodes,
        }
        if self.setup.mask:
            infos["action_mask"] = arrays.action_mask
        if self.setup.heads:
            infos["legal_units"] = arrays.legal_units
        return infos

    def states(self) -> list[Any]:
        """Each game's state now (only the games of this process: all with
        ``processes=1``)."""
        return list(self._batch.states)

    def close_extras(self, **kwargs: Any) -> None:
        """End the worker processes and free the shared memory."""
        arrays = self.__dict__.pop("arrays", None)
        batch = self.__dict__.pop("_batch", None)
        del arrays, batch
        self._finalizer()
