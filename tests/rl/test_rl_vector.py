"""The batched environment: the same games as the single environment and as ``play`` from the
same seeds, in one process and in several, its arrays, its refusals."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from typing import Any

import numpy as np
import pytest
from rl_games import NAMES

from picnic_rules import GAMES, PicnicError, RulesError, play, replay
from picnic_rules.agents import RandomAgent
from picnic_rules.kit.spaces import Heads
from picnic_rules.pettingzoo import raw_env
from picnic_rules.vector import VectorEnv

GAMES_EACH = 3


def _random_actions(info: dict[str, Any], rng: np.random.Generator) -> Any:
    count = info["legal_count"]
    places = (rng.random(len(count)) * count).astype(np.int64)
    return info["legal"][np.arange(len(count)), places]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("processes", [1, 2])
def test_it_gives_exactly_the_games_of_the_single_environment(name: str, processes: int) -> None:
    """Game ``i`` seeded ``s`` is the PettingZoo environment reset with seed ``s``, move for
    move, observation for observation, reward for reward -- and after the end, the next
    game, as that environment's ``reset()`` without a seed deals it."""
    seeds = [11, 12, 13, 14]
    batch = VectorEnv(name, len(seeds), players=3 if name != "poultry" else 2,
                      processes=processes)  # fmt: skip
    singles = [raw_env(name, players=batch.players) for _ in seeds]
    for single, seed in zip(singles, seeds, strict=True):
        single.reset(seed=seed)
    observations, info = batch.reset(seed=seeds)
    rng = np.random.default_rng(3)
    ended = 0
    encoding = batch.encoding
    for _ in range(400 if name != "ants" else 250):
        for k, single in enumerate(singles):
            seat = single._seats[single.agent_selection]
            assert info["seat"][k] == seat
            view = single.game.view(single.current, seat)
            assert observations[k].tolist() == encoding.tensor(view)
            legal = sorted(single.space.indexes(single.game.legal_moves(single.current)))
            assert sorted(info["legal"][k, : info["legal_count"][k]].tolist()) == legal
            assert (info["legal"][k, info["legal_count"][k] :] == -1).all()
            if "action_mask" in info:
                assert np.flatnonzero(info["action_mask"][k]).tolist() == legal
        actions = _random_actions(info, rng)
        observations, rewards, terminations, truncations, info = batch.step(actions)
        assert not truncations.any()
        for k, single in enumerate(singles):
            acting = single.agent_selection
            single.step(int(actions[k]))
            if all(single.terminations.values()):
                ended += 1
                assert terminations[k]
                every = [single.rewards[agent] for agent in single.possible_agents]
                assert info["seat_rewards"][k].tolist() == every
                assert rewards[k] == single.rewards[acting]
                single.reset()  # no seed: the same generator deals on
            else:
                assert not terminations[k] and rewards[k] == 0
    assert ended > 0
    batch.close()


@pytest.mark.parametrize("name", NAMES)
def test_a_learner_seat_against_agents_plays_the_games_play_gives(name: str) -> None:
    """With ``learner=1`` and ``opponents="random"``, game ``i`` seeded ``s`` whose learner
    moves as a RandomAgent drawing from ``random.Random(f"{s}:1")`` is
    ``play(game, ["random", "random"], seed=s)``: the learner meets the same positions
    in the same order, and the game ends with the same rewards."""
    import random

    game = GAMES[name]
    seeds = [21, 22, 23]
    batch = VectorEnv(name, len(seeds), learner=1, opponents="random", actions="legal")
    _, info = batch.reset(seed=seeds)
    learners = [random.Random(f"{seed}:1") for seed in seeds]
    met: list[list[Any]] = [[] for _ in seeds]
    finals: list[Any] = [None] * len(seeds)
    while any(final is None for final in finals):
        assert (info["seat"] == 1).all() and (info["learner"] == 1).all()
        actions = []
        for k, (rng, state) in enumerate(zip(learners, batch.states(), strict=True)):
            if finals[k] is None:
                met[k].append(state)
            legal = game.legal_moves(state)
            actions.append(legal.index(RandomAgent()(None, legal, rng)))
        _observations, rewards, terminations, _, info = batch.step(np.array(actions))
        for k in np.flatnonzero(terminations):
            if finals[k] is None:
                finals[k] = (float(rewards[k]), info["seat_rewards"][k].tolist())
    for seed, seen, (reward, every) in zip(seeds, met, finals, strict=True):
        record = play(game, ["random", "random"], seed=seed)
        expected = [state for state in replay(record, game) if game.to_move(state) == 1]
        assert seen == expected
        winners = record.outcome.winners
        shares = [2 / len(winners) - 1 if seat in winners else -1.0 for seat in range(2)]
        assert every == shares and reward == shares[1]
    batch.close()


def test_rotate_plays_each_seat_in_turn_and_a_game_ends_for_the_learner() -> None:
    batch = VectorEnv("sandwich", 2, learner="rotate", opponents="computer")
    _, info = batch.reset(seed=0)
    assert info["learner"].tolist() == [0, 1] and info["seat"].tolist() == [0, 1]
    rng = np.random.default_rng(0)
    seen = set()
    for _ in range(400):
        _observations, rewards, terminations, _, info = batch.step(_random_actions(info, rng))
        assert (info["seat"] == info["learner"]).all()
        seen |= {(int(e), int(s)) for e, s in zip(info["episode"], info["learner"], strict=True)}
        assert set(rewards[terminations].tolist()) <= {1.0, -1.0, 0.0}
    assert {(1, 1), (1, 0)} <= seen  # the second game of each slot plays the other seat
    batch.close()


def test_heads_give_each_legal_moves_units() -> None:
    batch = VectorEnv("ants", 3, heads=True, actions="legal")
    _, info = batch.reset(seed=4)
    heads = batch.heads
    assert isinstance(heads, Heads) and heads.largest <= 4096
    assert "action_mask" not in info  # 571,719 moves: the legal lists instead
    rng = np.random.default_rng(0)
    for _ in range(30):
        for k in range(3):
            for place in range(info["legal_count"][k]):
                units = info["legal_units"][k, place]
                found = tuple(int(u) for u in units if u >= 0)
                assert heads.index(found) == info["legal"][k, place]
            assert (info["legal_units"][k, info["legal_count"][k] :] == -1).all()
        count = info["legal_count"]
        _observations, *_, info = batch.step((rng.random(3) * count).astype(np.int64))
    batch.close()


@pytest.mark.parametrize("name", NAMES)
def test_every_games_largest_head_is_at_most_4096_at_the_most_seats(name: str) -> None:
    game = GAMES[name]
    heads = Heads(game.action_space(game.players[1], game.Rules()))
    assert heads.largest <= 4096 and heads.units <= 4096


def test_bad_calls_are_refused_with_the_librarys_errors() -> None:
    with pytest.raises(PicnicError, match="no game is called 'chess'"):
        VectorEnv("chess", 2)
    with pytest.raises(PicnicError, match="num_envs must be an int of at least 1"):
        VectorEnv("sandwich", 0)
    with pytest.raises(PicnicError, match=r"processes must be an int in 1\.\.num_envs"):
        VectorEnv("sandwich", 2, processes=3)
    with pytest.raises(RulesError, match="sandwich takes 2 to 4 players, not 5"):
        VectorEnv("sandwich", 2, players=5)
    with pytest.raises(PicnicError, match="learner must be a seat, 'rotate' or None"):
        VectorEnv("sandwich", 2, learner=2, opponents="random")
    with pytest.raises(PicnicError, match="give opponents"):
        VectorEnv("sandwich", 2, learner=0)
    with pytest.raises(PicnicError, match="unknown agent 'nobody'"):
        VectorEnv("sandwich", 2, learner=0, opponents="nobody")
    batch = VectorEnv("sandwich", 2)
    with pytest.raises(PicnicError, match="reset the environment before the first step"):
        batch.step(np.zeros(2, np.int64))
    with pytest.raises(PicnicError, match="a seed must be at least 0, not -1"):
        batch.reset(seed=-1)
    with pytest.raises(PicnicError, match=r"seed: one per game \(2\), not 3"):
        batch.reset(seed=[1, 2, 3])
    _observations, info = batch.reset(seed=1)
    illegal = next(a for a in range(len(batch.space)) if a not in info["legal"][0])
    with pytest.raises(PicnicError, match=f"game 0: action {illegal} .* is not a legal move"):
        batch.step(np.array([illegal, info["legal"][1, 0]]))
    with pytest.raises(PicnicError, match="actions: 2 ints, one per game"):
        batch.step(np.zeros(3, np.int64))
    batch.close()


def test_an_error_in_a_worker_reaches_the_caller() -> None:
    batch = VectorEnv("sandwich", 4, processes=2)
    _observations, info = batch.reset(seed=1)
    actions = info["legal"][:, 0].copy()
    actions[3] = 10_000  # game 3 is a worker's
    with pytest.raises(PicnicError, match="game 3: action 10000 is not a legal move"):
        batch.step(actions)
    batch.close()


def test_the_workers_die_with_their_parent(tmp_path: Any) -> None:
    """A parent killed outright (SIGKILL) leaves no worker behind."""
    script = (
        "import os, sys, time\n"
        "from picnic_rules.vector import VectorEnv\n"
        "env = VectorEnv('sandwich', 8, processes=3)\n"
        "env.reset(seed=0)\n"
        "print(' '.join(str(p.pid) for p in env._processes), flush=True)\n"
        "time.sleep(60)\n"
    )
    parent = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert parent.stdout is not None
    workers = [int(pid) for pid in parent.stdout.readline().split()]
    assert len(workers) == 2
    os.kill(parent.pid, signal.SIGKILL)
    parent.wait()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(_alive(pid) for pid in workers):
        time.sleep(0.1)
    assert not any(_alive(pid) for pid in workers)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", "rb") as file:
            return file.read().rsplit(b")", 1)[1].split()[0] not in (b"Z", b"X")
    except FileNotFoundError:
        return False


def test_closing_ends_the_workers_and_frees_the_memory() -> None:
    batch = VectorEnv("poultry", 4, processes=2)
    batch.reset(seed=0)
    name = batch._memory.name if batch._memory else ""
    workers = list(batch._processes)
    batch.close()
    assert all(not worker.is_alive() for worker in workers)
    assert not os.path.exists(f"/dev/shm/{name.lstrip('/')}")
