"""simulate(): the counts add up, and an executor gives the same summary as a serial run."""

from __future__ import annotations

import collections
import concurrent.futures
import functools
import statistics
import threading
from typing import Any

import pytest

from picnic_rules import GAMES, PicnicError, play
from picnic_rules.agents import HumanAgent, make_agent
from picnic_rules.simulate import GameStat, Interrupted, Summary, simulate
from picnic_rules.summary import wilson_interval

GAME = GAMES["sandwich"]


def test_counts_add_up() -> None:
    summary = simulate("sandwich", ["computer", "random"], 30, seed=5)
    assert summary.games == 30
    assert summary.players == 2
    assert sum(count for _, count in summary.reasons) == 30
    assert [reason for reason, _ in summary.reasons] == sorted(r for r, _ in summary.reasons)
    # every game has at least one winner; a shared win counts for each winner
    assert 30 <= sum(summary.wins) <= 30 + summary.ties * (summary.players - 1)
    assert summary.win_rate == tuple(w / 30 for w in summary.wins)
    assert 0 < summary.mean_length < summary.mean_steps
    assert dict((n, w) for n, w, _ in summary.agent_wins) == {
        "computer": summary.wins[0],
        "random": summary.wins[1],
    }


def test_matches_individual_plays() -> None:
    summary = simulate(GAME, ["random", "random", "computer"], 6, seed=100)
    steps = []
    winners = [0, 0, 0]
    for i in range(6):
        agents = [make_agent(GAME, n) for n in ("random", "random", "computer")]
        record = play(GAME, agents, seed=100 + i)
        steps.append(len(record.moves))
        assert record.outcome is not None
        for seat in record.outcome.winners:
            winners[seat] += 1
    assert summary.mean_steps == sum(steps) / 6
    assert summary.wins == tuple(winners)


@pytest.mark.parametrize("rotate", [False, True])
def test_thread_executor_gives_the_same_summary(rotate: bool) -> None:
    serial = simulate("sandwich", ["computer", "random", "random"], 25, seed=3, rotate=rotate)
    with concurrent.futures.ThreadPoolExecutor(3) as executor:
        threaded = simulate(
            "sandwich",
            ["computer", "random", "random"],
            25,
            seed=3,
            rotate=rotate,
            executor=executor,
            chunk_size=4,
        )
    assert threaded == serial


def test_process_executor_gives_the_same_summary() -> None:
    serial = simulate("sandwich", ["computer", "random"], 12, seed=8)
    with concurrent.futures.ProcessPoolExecutor(2) as executor:
        parallel = simulate("sandwich", ["computer", "random"], 12, seed=8, executor=executor)
    assert parallel == serial


def test_rotation_seats_every_agent_everywhere() -> None:
    summary = simulate("sandwich", ["computer", "random", "random"], 9, seed=0, rotate=True)
    assert dict((n, games) for n, _, games in summary.agent_wins) == {"computer": 9, "random": 18}
    rates = dict(summary.agent_win_rates)
    assert rates["computer"] == dict((n, w) for n, w, _ in summary.agent_wins)["computer"] / 9


def test_rules_variant_and_zero_games() -> None:
    summary = simulate("sandwich", ["random", "random"], 5, rules=GAME.variants["short-limit"])
    assert summary.games == 5
    empty = simulate("sandwich", ["random", "random"], 0)
    assert empty.games == 0 and empty.wins == (0, 0) and empty.mean_length == 0.0
    assert "0 games" in empty.format()


def test_format_is_a_readable_table() -> None:
    text = simulate("sandwich", ["computer", "random"], 10, seed=1).format()
    assert "win rate" in text
    assert "computer" in text and "random" in text
    assert "game length: " in text and "moves on average (sd " in text
    assert "end reasons" in text
    assert "95% interval" in text and "scores:" in text
    rotated = simulate("sandwich", ["computer", "random"], 4, seed=1, rotate=True).format()
    assert "rotated" in rotated and "agent" in rotated


def test_bad_arguments() -> None:
    with pytest.raises(PicnicError, match="unknown agent"):
        simulate("sandwich", ["computer", "genius"], 3)
    with pytest.raises(PicnicError, match="2 to 4 players"):
        simulate("sandwich", ["random"], 3)
    with pytest.raises(PicnicError, match="unknown game"):
        simulate("chess", ["random", "random"], 3)
    with pytest.raises(PicnicError, match="non-negative"):
        simulate("sandwich", ["random", "random"], -1)
    with pytest.raises(PicnicError, match="chunk_size"):
        simulate("sandwich", ["random", "random"], 3, chunk_size=0)


def test_summary_is_frozen() -> None:
    summary = simulate("sandwich", ["random", "random"], 2)
    assert isinstance(summary, Summary)
    assert hash(summary) == hash(simulate("sandwich", ["random", "random"], 2))


def test_agents_may_be_factories_and_run_in_processes() -> None:
    import functools
    from concurrent.futures import ProcessPoolExecutor

    from picnic_rules import RandomAgent
    from picnic_rules.agents import ISMCTSAgent
    from picnic_rules.sandwich import ComputerAgent

    smart = functools.partial(ISMCTSAgent, GAME, iterations=5)
    serial = simulate("sandwich", [ComputerAgent, RandomAgent, smart], 6, seed=2, rotate=True)
    assert serial.agents == ("ComputerAgent", "RandomAgent", repr(smart))
    assert sum(seats for _, _, seats in serial.agent_wins) == 18
    with ProcessPoolExecutor(max_workers=2) as executor:
        parallel = simulate(
            "sandwich", [ComputerAgent, RandomAgent, smart], 6, seed=2, rotate=True,
            executor=executor, chunk_size=2,
        )  # fmt: skip
    assert parallel == serial
    # a name and a factory of the same agent play the same games
    by_name = simulate("sandwich", ["computer", "random"], 4, seed=9)
    by_factory = simulate("sandwich", [ComputerAgent, RandomAgent], 4, seed=9)
    assert by_name.wins == by_factory.wins and by_name.reasons == by_factory.reasons


def test_an_agent_that_is_neither_name_nor_factory_is_refused() -> None:
    with pytest.raises(
        PicnicError, match=r"^seat 1's agent: expected an agent name .* not int 42$"
    ):
        simulate("sandwich", ["random", 42], 1)  # type: ignore[list-item]


def _builds_a_human() -> Any:
    return HumanAgent(GAME, input=_no_input)


def _no_input(prompt: str) -> str:
    raise AssertionError("simulate asked for a person's input")


class _Terminal(HumanAgent):
    """A HumanAgent subclass that needs no arguments: a factory of human agents."""

    def __init__(self) -> None:
        super().__init__(GAME, input=_no_input)


NO_HUMANS = (
    r"^seat 1's agent: the human agent plays in a terminal; "
    r"simulate plays agents that decide alone$"
)


@pytest.mark.parametrize(
    "human",
    [
        "human",
        HumanAgent(GAME, input=_no_input),
        functools.partial(HumanAgent, GAME, input=_no_input),
        functools.partial(functools.partial(HumanAgent, GAME), input=_no_input),
        _Terminal,
    ],
    ids=["name", "instance", "partial", "nested-partial", "subclass"],
)
def test_the_human_agent_is_refused_before_any_game(human: Any) -> None:
    played: list[int] = []

    def counting(view: Any, legal_moves: tuple[Any, ...], rng: Any) -> Any:
        played.append(1)
        return legal_moves[0]

    with pytest.raises(PicnicError, match=NO_HUMANS):
        simulate("sandwich", [counting, human], 3)
    with (
        concurrent.futures.ThreadPoolExecutor(2) as threads,
        pytest.raises(PicnicError, match=NO_HUMANS),
    ):
        simulate("sandwich", [counting, human], 3, executor=threads)
    assert played == []


def test_a_factory_that_builds_a_human_agent_is_refused_before_it_is_asked() -> None:
    with pytest.raises(PicnicError, match=NO_HUMANS):
        simulate("sandwich", ["random", _builds_a_human], 3)
    with (
        concurrent.futures.ProcessPoolExecutor(1) as pool,
        pytest.raises(PicnicError, match=NO_HUMANS),
    ):
        simulate("sandwich", ["random", _builds_a_human], 2, executor=pool)


def test_summary_statistics_match_the_games() -> None:
    stats: list[GameStat] = []
    summary = simulate("sandwich", ["computer", "random"], 30, seed=2, on_game=stats.append)
    assert [stat.index for stat in stats] == list(range(30))
    lengths = [stat.length for stat in stats]
    assert summary.mean_length == statistics.mean(lengths)
    assert summary.length_sd == pytest.approx(statistics.stdev(lengths))
    assert summary.length_range == (min(lengths), max(lengths))
    for seat in (0, 1):
        counts = collections.Counter(stat.scores[seat] for stat in stats)
        assert summary.scores[seat] == tuple(sorted(counts.items()))
    assert summary.score_means[0] == statistics.mean(stat.scores[0] for stat in stats)
    low, high = summary.win_interval[0]
    assert low < summary.win_rate[0] < high
    assert (summary.requested, summary.interrupted) == (30, False)
    record = play("sandwich", ["computer", "random"], seed=2 + 7)
    assert record.outcome is not None and stats[7].scores == record.outcome.scores


def test_wilson_interval_known_values() -> None:
    # textbook values (Newcombe 1998, table I): 81/263 -> 0.2553 to 0.3662
    low, high = wilson_interval(81, 263)
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_ctrl_c_gives_the_partial_summary() -> None:
    def stop_after_five(stat: GameStat) -> None:
        if stat.index == 4:
            raise KeyboardInterrupt

    with pytest.raises(Interrupted) as caught:
        simulate("sandwich", ["computer", "random"], 50, seed=1, on_game=stop_after_five)
    partial = caught.value.summary
    assert (partial.games, partial.requested, partial.interrupted) == (5, 50, True)
    assert "interrupted: 5 of 50 games played" in partial.format()
    whole = simulate("sandwich", ["computer", "random"], 5, seed=1)
    assert partial.wins == whole.wins and partial.reasons == whole.reasons


class _CountingExecutor(concurrent.futures.ThreadPoolExecutor):
    """Records how many submitted chunks were not yet collected, at most."""

    def __init__(self) -> None:
        super().__init__(2)
        self.outstanding = 0
        self.most = 0
        self.cancelled = 0
        self.counting = threading.Lock()  # the workers' callbacks count down from other threads

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        with self.counting:
            self.outstanding += 1
            self.most = max(self.most, self.outstanding)
        future = super().submit(fn, *args, **kwargs)

        def done(f: Any) -> None:
            with self.counting:
                self.outstanding -= 1

        future.add_done_callback(done)
        return future


def test_chunks_in_flight_are_bounded() -> None:
    with _CountingExecutor() as executor:
        summary = simulate(
            "sandwich",
            ["random", "random"],
            60,
            seed=4,
            executor=executor,
            chunk_size=1,
            in_flight=3,
        )
    assert summary == simulate("sandwich", ["random", "random"], 60, seed=4)
    assert executor.most <= 3


def test_ctrl_c_cancels_the_chunks_not_started() -> None:
    submitted: list[concurrent.futures.Future[Any]] = []

    class Recording(concurrent.futures.ThreadPoolExecutor):
        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
            future = super().submit(fn, *args, **kwargs)
            submitted.append(future)
            return future

    def stop(stat: GameStat) -> None:
        if stat.index == 0:
            raise KeyboardInterrupt

    with Recording(1) as executor, pytest.raises(Interrupted):
        simulate(
            "sandwich",
            ["random", "random"],
            400,
            seed=4,
            executor=executor,
            chunk_size=1,
            in_flight=8,
            on_game=stop,
        )
    assert len(submitted) == 8  # no more than in_flight were ever submitted
    assert any(future.cancelled() for future in submitted)
