"""simulate(): the counts add up, and an executor gives the same summary as a serial run."""

from __future__ import annotations

import concurrent.futures
import functools
from typing import Any

import pytest

from picnic_rules import GAMES, PicnicError, play
from picnic_rules.agents import HumanAgent, make_agent
from picnic_rules.simulate import Summary, simulate

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
    assert "mean game length" in text
    assert "end reasons" in text
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
