"""Many games stepped by one call: the batched environment (extra ``rl``).

``VectorEnv(game_name, num_envs, players=2, ...)`` holds ``num_envs`` games of one game,
players and rules and steps them all with one call, as ``gymnasium.vector`` does (and
pgx): every array it gives is preallocated once and filled in place, chance is drawn
inside from each game's own seed, a game that ends starts again at once, and the seats the
caller does not play are played by agents of the library. With ``processes=k`` the games
are split among this process and ``k - 1`` workers, which step their share into the same
arrays in shared memory (:mod:`multiprocessing.shared_memory`) and end with the process
that made them (:func:`picnic_rules.processes.worker_started`). See :doc:`/train`.

The arrays (``reset`` returns the observations and ``infos``; ``step`` the observations,
rewards, terminations, truncations and ``infos``; the same arrays every call -- copy what
you keep):

* ``observations`` ``(num_envs, size)`` float32: the view of the seat to act, encoded by
  the game's ``tensors`` (:mod:`picnic_rules.kit.tensors`);
* ``rewards`` ``(num_envs,)``: when a game ends at a step, the reward of the seat the
  caller moved for (:func:`~picnic_rules.pettingzoo.rewards.returns`), else 0;
  ``infos["seat_rewards"]`` ``(num_envs, players)``: every seat's;
* ``terminations`` ``(num_envs,)``: the game ended at this step (the observation is then
  the next game's, already started); ``truncations``: always false;
* ``infos["seat"]``: the seat to act; ``infos["learner"]``: the seat the caller plays in
  each game (-1: every seat); ``infos["episode"]``: how many games each slot has finished;
* ``infos["legal"]`` ``(num_envs, legal_slots)`` int32: the flat index of each legal move,
  in the game's order (-1 after the last), ``infos["legal_count"]`` how many;
* ``infos["action_mask"]`` ``(num_envs, actions)`` int8, with ``mask=True`` (the default
  for a flat space of at most 4,096 moves);
* ``infos["legal_units"]`` ``(num_envs, legal_slots, width)`` int16, with ``heads=True``:
  each legal move's units in the space's heads (:class:`~picnic_rules.kit.spaces.Heads`),
  -1 after its last.

``learner`` is the seat the caller plays: a seat, ``"rotate"`` (game ``i``'s ``k``-th
game plays seat ``(i + k) % players``) or ``None`` (every seat: self-play, the
default); ``opponents`` plays the others: an agent spec of the library (``"random"``,
``"computer"``, a factory, an agent) or one per seat. An action is an index of the flat
space, or with ``actions="legal"`` a place in the game's list of legal moves. Game ``i``
seeded ``s`` draws chance from ``random.Random(s)`` and seat ``k``'s agent from
``random.Random(f"{s}:{k}")``, as :func:`picnic_rules.play` does, so its first game is
the one ``play`` gives with the same seed and agents.
"""

from __future__ import annotations

from .env import LIMIT, MASK_LIMIT, VectorEnv

__all__ = ["LIMIT", "MASK_LIMIT", "VectorEnv"]
