"""One agent form for play and simulate: a name, a factory, or the agent itself."""

from __future__ import annotations

import concurrent.futures
import functools
import random
from collections.abc import Callable
from typing import Any

import pytest

from picnic_rules import GAMES, PicnicError, RandomAgent, play
from picnic_rules import simulate as simulate_module
from picnic_rules.agents import (
    HumanAgent,
    ISMCTSAgent,
    agent_label,
    agent_names,
    check_agent,
    make_agent,
    resolve_agent,
    spec,
)
from picnic_rules.sandwich import ComputerAgent
from picnic_rules.simulate import simulate

GAME = GAMES["sandwich"]
FORMS = (
    "expected an agent name (computer, human, ismcts, random), an agent factory such as "
    "RandomAgent, or an agent called as agent(view, legal_moves, rng)"
)


def first(view: Any, legal_moves: tuple[Any, ...], rng: random.Random) -> Any:
    """An agent function: the first legal move."""
    return legal_moves[0]


def make_first() -> Callable[..., Any]:
    """A factory function."""
    return first


def one(view: Any) -> Any:
    return None


def two(view: Any, legal_moves: Any) -> Any:
    return None


def anything(*args: Any) -> Any:
    return None


def make_three() -> int:
    return 3


class Counting:
    """A stateful agent: counts its calls and its instances."""

    built = 0

    def __init__(self) -> None:
        Counting.built += 1
        self.calls = 0

    def __call__(self, view: Any, legal_moves: tuple[Any, ...], rng: random.Random) -> Any:
        self.calls += 1
        return rng.choice(legal_moves)


# -- play ---------------------------------------------------------------------------------


def test_play_takes_names_like_the_agents_they_build() -> None:
    by_name = play("sandwich", ["random", "computer"], seed=1)
    by_instance = play("sandwich", [RandomAgent(), ComputerAgent()], seed=1)
    by_factory = play(GAME, [RandomAgent, ComputerAgent], seed=1)
    assert by_name == by_instance == by_factory
    # a different agent in seat 1 plays a different game: the names were not ignored
    assert play("sandwich", ["random", "random"], seed=1) != by_name


def test_play_takes_functions_as_agents_and_as_factories() -> None:
    assert play("sandwich", [first, "random"], seed=2) == play(
        "sandwich", [make_first, RandomAgent()], seed=2
    )
    smart = functools.partial(ISMCTSAgent, GAME, iterations=3)
    assert play("sandwich", [smart, first], seed=2) == play(
        "sandwich", [ISMCTSAgent(GAME, iterations=3), first], seed=2
    )


def test_a_factory_builds_one_agent_per_game() -> None:
    Counting.built = 0
    play("sandwich", [Counting, Counting, "random"], seed=3)
    assert Counting.built == 2


# -- simulate -----------------------------------------------------------------------------


def test_simulate_takes_an_instance_beside_a_name() -> None:
    summary = simulate("sandwich", [RandomAgent(), "random"], 3, seed=4)
    assert summary.games == 3
    assert summary.agents == ("RandomAgent", "random")
    assert summary == simulate("sandwich", [RandomAgent, "random"], 3, seed=4)


def test_an_instance_is_shared_by_every_game_of_a_run() -> None:
    Counting.built = 0
    shared = Counting()
    summary = simulate("sandwich", [shared, "random"], 4, seed=5)
    assert Counting.built == 1
    # seat 0 moved in every game: roughly half of all decisions, and at least one a game
    assert summary.mean_length * 4 > shared.calls >= 4
    simulate("sandwich", [Counting, "random"], 4, seed=5)
    assert Counting.built == 5  # a factory: one more agent per game


@pytest.mark.parametrize("jobs", [1, 2])
def test_every_form_in_simulate_with_one_or_two_processes(jobs: int) -> None:
    agents: list[Any] = [
        "computer",
        RandomAgent,
        RandomAgent(),
        first,
        functools.partial(ISMCTSAgent, GAME, iterations=2),
    ]
    specs = agents[:4]
    serial = simulate("sandwich", specs, 6, seed=6, rotate=True)
    if jobs == 1:
        result = serial
    else:
        with concurrent.futures.ProcessPoolExecutor(jobs) as pool:
            result = simulate(
                "sandwich", specs, 6, seed=6, rotate=True, executor=pool, chunk_size=2
            )
    assert result == serial
    assert result.agents == ("computer", "RandomAgent", "RandomAgent", "first")
    # the two RandomAgent labels count together: 2 seats x 6 games
    assert dict((n, seats) for n, _, seats in result.agent_wins) == {
        "computer": 6,
        "RandomAgent": 12,
        "first": 6,
    }
    partial = agents[4]
    assert simulate("sandwich", [partial, "random"], 1, seed=6).agents == (
        repr(partial),
        "random",
    )


def test_an_instance_that_does_not_pickle_is_refused_for_processes() -> None:
    def local(view: Any, legal_moves: tuple[Any, ...], rng: random.Random) -> Any:
        return legal_moves[0]

    with (
        concurrent.futures.ProcessPoolExecutor(1) as pool,
        pytest.raises(
            PicnicError,
            match=r"^seat 1's agent local cannot be sent to worker processes: it does not "
            r"pickle \((PicklingError|AttributeError): .*\); give a name, or a class or "
            r"function defined at module level, or use threads$",
        ),
    ):
        simulate("sandwich", ["random", local], 2, executor=pool)
    with concurrent.futures.ThreadPoolExecutor(2) as threads:  # threads need no pickling
        assert simulate("sandwich", ["random", local], 2, executor=threads).games == 2


# -- wrong forms --------------------------------------------------------------------------


def _play(agents: list[Any]) -> object:
    return play("sandwich", agents, seed=0)


def _simulate(agents: list[Any]) -> object:
    return simulate("sandwich", agents, 2)


WRONG = [
    (3, "not int 3"),
    (None, "not None"),
    (one, "not function one(view)"),
    (two, "not function two(view, legal_moves)"),
    (
        anything,
        "not function anything(*args) (it takes no arguments and three alike, "
        "so its form is unclear)",
    ),
    (
        ISMCTSAgent,
        "not class ISMCTSAgent(game, iterations=200, seconds=None, exploration=0.7, *, ...",
    ),
    ([1], "not list [1]"),
]


@pytest.mark.parametrize("run", [_play, _simulate])
@pytest.mark.parametrize(("wrong", "what"), WRONG)
def test_a_wrong_form_gets_the_three_forms(
    run: Callable[[list[Any]], object], wrong: object, what: str
) -> None:
    with pytest.raises(PicnicError) as info:
        run(["random", wrong])
    assert str(info.value) == f"seat 1's agent: {FORMS}, {what}"


@pytest.mark.parametrize("run", [_play, _simulate])
def test_an_unknown_name_lists_the_names(run: Callable[[list[Any]], object]) -> None:
    with pytest.raises(PicnicError) as info:
        run(["genius", "random"])
    assert str(info.value) == (
        "seat 0's agent: unknown agent 'genius' for sandwich "
        "(available: computer, human, ismcts, random)"
    )


@pytest.mark.parametrize("run", [_play, _simulate])
def test_a_factory_that_builds_no_agent(run: Callable[[list[Any]], object]) -> None:
    with pytest.raises(PicnicError) as info:
        run(["random", "random", make_three])
    assert str(info.value) == (
        "seat 2's agent: the factory make_three returned int 3, "
        "not an agent called as agent(view, legal_moves, rng)"
    )


def test_simulate_refuses_before_any_game() -> None:
    Counting.built = 0
    with pytest.raises(PicnicError, match="seat 2's agent"):
        simulate("sandwich", [Counting, "random", 3], 5)
    assert Counting.built == 0  # the factory was not called


@pytest.mark.parametrize("run", [_play, _simulate])
def test_a_str_is_not_a_list_of_agents(run: Callable[[Any], object]) -> None:
    with pytest.raises(
        PicnicError, match=r"^agents must be a list with one agent per seat, not the str 'random'$"
    ):
        run("random")


def test_a_long_repr_is_cut_short() -> None:
    with pytest.raises(PicnicError) as info:
        resolve_agent(GAME, 7 * 10**80, 0)  # type: ignore[arg-type]
    assert str(info.value).endswith("not int " + str(7 * 10**80)[:57] + "...")


# -- the parts ----------------------------------------------------------------------------


def test_check_agent_names_the_form_and_builds_nothing() -> None:
    Counting.built = 0
    assert check_agent(GAME, "computer", 0) == "name"
    assert check_agent(GAME, Counting, 0) == "factory"
    assert check_agent(GAME, make_first, 0) == "factory"
    assert check_agent(GAME, first, 0) == "agent"
    assert check_agent(GAME, RandomAgent(), 0) == "agent"
    assert Counting.built == 0


def test_resolve_agent() -> None:
    assert resolve_agent(GAME, "random", 0) == RandomAgent()
    assert resolve_agent(GAME, RandomAgent, 0) == RandomAgent()
    shared = Counting()
    assert resolve_agent(GAME, shared, 0) is shared
    assert resolve_agent(GAME, make_first, 0) is first
    assert resolve_agent(GAME, "human", 3) == HumanAgent(GAME)


@pytest.mark.parametrize(
    ("given", "label"),
    [
        ("computer", "computer"),
        (ComputerAgent, "ComputerAgent"),
        (ComputerAgent(), "ComputerAgent"),
        (first, "first"),
        (make_first, "make_first"),
        (Counting(), "Counting"),
    ],
)
def test_agent_label(given: Any, label: str) -> None:
    assert agent_label(given) == label


def test_simulate_keeps_its_names_for_the_spec() -> None:
    assert simulate_module.AgentSpec is spec.AgentSpec
    assert simulate_module.agent_label is agent_label


def test_human_is_an_agent_of_every_game() -> None:
    for game in GAMES.values():
        assert "human" in agent_names(game)
        assert make_agent(game, "human") == HumanAgent(game)
