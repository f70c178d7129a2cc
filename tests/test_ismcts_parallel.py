"""Root-parallel search (``workers=2``): worker processes give exactly what the parts give
searched one after the other, reproducibly, from the view alone; bad worker counts, a
platform without fork, a dead worker and a daemonic caller are handled."""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import time
from typing import Any

import attrs
import pytest
from games import BUILT_IN, decision

from picnic_rules import GAMES, PicnicError, play
from picnic_rules.agents import ISMCTSAgent, make_agent
from picnic_rules.agents import ismcts as ismcts_module
from picnic_rules.agents.ismcts import SearchAgent
from picnic_rules.agents.parallel import (
    _check_pickles,
    merge_roots,
    plan,
    search_part,
    split_search,
)

NAMES = BUILT_IN


def _stats(root: Any) -> dict[str, tuple[int, int, float]]:
    return {
        str(move): (node.visits, node.available, round(node.reward, 9))
        for move, node in root.children.items()
    }


def test_a_plan_shares_the_iterations_out_evenly_with_seeds_from_the_rng() -> None:
    parts = plan(random.Random(1), 1000, 3)
    assert [share for _, share in parts] == [334, 333, 333]
    assert parts == plan(random.Random(1), 1000, 3)  # the seeds come from the rng alone
    assert len({seed for seed, _ in parts}) == 3
    assert [share for _, share in plan(random.Random(1), 2, 4)] == [1, 1]  # no empty part


def test_merging_adds_the_roots_moves_up() -> None:
    root, done = merge_roots(
        [({"a": (3, 4, 1.5)}, 5, 5), ({"a": (1, 2, 0.5), "b": (2, 2, 2.0)}, 3, 3)]
    )
    assert done == 8 and root.visits == 8
    assert {m: (c.visits, c.available, c.reward) for m, c in root.children.items()} == {
        "a": (4, 6, 2.0),
        "b": (2, 2, 2.0),
    }


@pytest.mark.parametrize("name", NAMES)
def test_the_workers_find_what_the_parts_find_one_after_the_other(name: str) -> None:
    game = GAMES[name]
    state = decision(game, seed=2, skip=3)
    view = game.view(state, game.to_move(state))
    legal = game.legal_moves(state)
    with attrs.evolve(make_agent(game, "ismcts"), iterations=50, workers=2) as agent:
        root, done = agent.search(view, random.Random(9))
        assert agent.pool().running
        alone, done_alone = split_search(agent, view, random.Random(9), run=map)
        assert (done, _stats(root)) == (done_alone, _stats(alone))
        assert done == 50 and sum(c.visits for c in root.children.values()) == 50
        # a part is one tree's search of its share, from its seed
        (seed, share), _ = plan(random.Random(9), 50, 2)
        first, _ = agent.search_once(view, random.Random(seed), share)
        assert search_part(agent, view, (seed, share))[0] == {
            m: (c.visits, c.available, c.reward) for m, c in first.children.items()
        }
        move = agent(view, legal, random.Random(9))
        assert move in legal
        assert move == agent(view, legal, random.Random(9))  # reproducible from the seed
    assert not agent._workers_pool.running  # the with block ended the workers


def test_the_parallel_choice_does_not_change_when_the_hidden_cards_are_dealt_again() -> None:
    game = GAMES["sandwich"]
    state = decision(game, seed=4, skip=5)
    seat = game.to_move(state)
    view = game.view(state, seat)
    legal = game.legal_moves(state)
    with attrs.evolve(make_agent(game, "ismcts"), iterations=60, workers=2) as agent:
        first, _ = agent.search(view, random.Random(3))
        for deal in range(2):
            other = game.determinize(view, random.Random(200 + deal))
            assert game.view(other, seat) == view
            again, _ = agent.search(game.view(other, seat), random.Random(3))
            assert _stats(again) == _stats(first)
            assert agent(game.view(other, seat), legal, random.Random(3)) == agent(
                view, legal, random.Random(3)
            )


def test_a_whole_seeded_match_with_workers_is_reproducible() -> None:
    agent = ISMCTSAgent(GAMES["sandwich"], iterations=20, workers=2)
    try:
        first = play("sandwich", [agent, "random"], seed=5)
        again = play("sandwich", [agent, "random"], seed=5)
    finally:
        agent.close()
    assert first.moves == again.moves


def test_a_time_budget_bounds_every_part() -> None:
    game = GAMES["sandwich"]
    state = decision(game, seed=2, skip=3)
    view = game.view(state, game.to_move(state))
    with ISMCTSAgent(game, iterations=10**9, seconds=0.2, workers=2) as agent:
        agent.search(view, random.Random(1))  # the workers start
        started = time.perf_counter()
        root, done = agent.search(view, random.Random(2))
        took = time.perf_counter() - started
    assert 2 <= done < 10**9 and root.visits == done
    assert took < 5.0  # 0.2 s a part, at once; generous for a loaded machine


@pytest.mark.parametrize(
    ("workers", "message"),
    [
        (0, "workers must be positive, not 0"),
        (-2, "workers must be positive, not -2"),
        (True, "workers must be an int, not True"),
        (2.0, "workers must be an int, not 2.0"),
        ("2", "workers must be an int, not '2'"),
        (None, "workers must be an int, not None"),
    ],
)
def test_a_bad_worker_count_is_a_picnic_error(workers: Any, message: str) -> None:
    with pytest.raises(PicnicError) as info:
        SearchAgent(GAMES["sandwich"], workers=workers)
    assert str(info.value) == message


def test_workers_need_fork(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ismcts_module, "can_fork", lambda: False)
    with pytest.raises(PicnicError, match="workers=2 needs worker processes started by forking"):
        ISMCTSAgent(GAMES["sandwich"], workers=2)
    assert ISMCTSAgent(GAMES["sandwich"], workers=1).workers == 1


def test_a_dead_worker_is_a_picnic_error_and_the_next_decision_starts_new_ones() -> None:
    game = GAMES["sandwich"]
    state = decision(game, seed=2, skip=3)
    view = game.view(state, game.to_move(state))
    with ISMCTSAgent(game, iterations=20, workers=2) as agent:
        agent.search(view, random.Random(1))
        pids = agent.pool().pids
        os.kill(pids[0], signal.SIGKILL)
        with pytest.raises(PicnicError, match="a search worker process died"):
            agent.search(view, random.Random(1))
        _root, done = agent.search(view, random.Random(1))  # new workers
        assert done == 20


def test_a_view_that_does_not_pickle_is_a_picnic_error() -> None:
    game = GAMES["sandwich"]
    state = decision(game, seed=2, skip=3)
    view = game.view(state, game.to_move(state))
    with ISMCTSAgent(game, iterations=10, workers=2) as agent:
        with pytest.raises(PicnicError, match="needs the view to pickle"):
            agent.pool().run(lambda: view, [(1, 5), (2, 5)])
        assert agent.search(view, random.Random(1))[1] == 10  # the workers are still fine
    with pytest.raises(PicnicError, match="needs the moves to pickle"):
        _check_pickles({lambda: 0: (1, 1, 1.0)}, "the moves")


def test_closing_ends_the_workers_and_a_copy_has_its_own() -> None:
    game = GAMES["sandwich"]
    state = decision(game, seed=2, skip=3)
    view = game.view(state, game.to_move(state))
    agent = ISMCTSAgent(game, iterations=10, workers=2)
    agent.search(view, random.Random(1))
    processes = [worker.process for worker in agent.pool()._workers]
    assert len(processes) == 2
    copy = attrs.evolve(agent, iterations=12)
    assert copy == attrs.evolve(agent, iterations=12) and not copy._workers_pool.running
    agent.close()
    assert all(not process.is_alive() for process in processes)
    assert not agent._workers_pool.running
    agent.close()  # twice is fine
    assert agent.search(view, random.Random(1))[1] == 10  # and a later decision starts anew
    agent.close()


def _decide_in_a_pool_worker(_: int) -> tuple[str, dict[str, tuple[int, int, float]]]:
    game = GAMES["sandwich"]
    state = decision(game, seed=2, skip=3)
    view = game.view(state, game.to_move(state))
    agent = ISMCTSAgent(game, iterations=20, workers=2)
    root, _ = agent.search(view, random.Random(4))
    return str(agent(view, game.legal_moves(state), random.Random(4))), _stats(root)


def test_in_a_daemonic_process_the_parts_run_one_after_the_other() -> None:
    with multiprocessing.get_context("fork").Pool(1) as pool:
        move, stats = pool.map(_decide_in_a_pool_worker, [0])[0]
    game = GAMES["sandwich"]
    state = decision(game, seed=2, skip=3)
    view = game.view(state, game.to_move(state))
    agent = ISMCTSAgent(game, iterations=20, workers=2)
    alone, _ = split_search(agent, view, random.Random(4), run=map)
    assert stats == _stats(alone)
    assert not agent._workers_pool.running
    assert move in {str(m) for m in game.legal_moves(state)}


def test_a_deep_copied_or_pickled_agent_has_workers_of_its_own_not_started() -> None:
    import copy
    import pickle

    game = GAMES["sandwich"]
    state = decision(game, seed=2, skip=3)
    view = game.view(state, game.to_move(state))
    with ISMCTSAgent(game, iterations=10, workers=2) as agent:
        agent.search(view, random.Random(1))
        for other in (pickle.loads(pickle.dumps(agent)), copy.deepcopy(agent)):
            assert other == agent and other._workers_pool is not agent._workers_pool
            assert not other._workers_pool.running
        assert agent._workers_pool.running


class _Boom(Exception):
    """An error of a playout policy."""


def _booming(state: Any, legal: Any, rng: random.Random) -> Any:
    raise _Boom("boom")


def test_an_error_in_a_part_is_raised_and_the_workers_stay() -> None:
    game = GAMES["sandwich"]
    state = decision(game, seed=2, skip=3)
    view = game.view(state, game.to_move(state))
    with SearchAgent(game, iterations=10, workers=2, rollout=_booming) as agent:
        agent.pool()
        pids = agent.pool().pids
        with pytest.raises(_Boom, match="boom"):
            agent.search(view, random.Random(1))
        assert agent.pool().pids == pids  # nobody died: the same workers search on


def test_an_error_that_cannot_cross_is_told_in_words() -> None:
    class Local(Exception):  # defined here: it does not pickle
        pass

    def boom(state: Any, legal: Any, rng: random.Random) -> Any:
        raise Local("cannot cross")

    game = GAMES["sandwich"]
    state = decision(game, seed=2, skip=3)
    view = game.view(state, game.to_move(state))
    agent = SearchAgent(game, iterations=10, workers=2, rollout=boom)
    with agent, pytest.raises(PicnicError, match="a search part failed: Local: cannot cross"):
        agent.search(view, random.Random(1))
