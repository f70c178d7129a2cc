"""The PettingZoo environments: PettingZoo's own API and seed tests, whole games, errors."""

from __future__ import annotations

import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest
from rl_games import NAMES

from picnic_rules import GAMES, IllegalMove, PicnicError, RulesError
from picnic_rules.pettingzoo import env, raw_env

TRAINING = Path(__file__).resolve().parents[2] / "examples" / "pettingzoo_sandwich.py"

# Warnings PettingZoo's api_test gives every environment with an action mask (its own
# classic games too): the observation is a dict, and a finished agent has no legal move.
EXPECTED = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be",
    "Action mask numpy array is all zeros",
)


@pytest.mark.parametrize("name", NAMES)
def test_api_test_and_seed_test_pass(name: str) -> None:
    from pettingzoo.test import api_test, seed_test

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(name), num_cycles=10)
        seed_test(lambda: env(name, players=3), num_cycles=10)
    unexpected = [str(w.message) for w in caught if not str(w.message).startswith(EXPECTED)]
    assert unexpected == []


@pytest.mark.parametrize("name", NAMES)
def test_a_whole_game_ends_with_the_results_rewards(name: str) -> None:
    environment = raw_env(name, players=2)
    environment.reset(seed=3)
    rng = np.random.default_rng(3)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        totals[agent] += reward
        assert not truncated
        if terminated:
            environment.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        moves = GAMES[name].legal_moves(environment.current)
        assert sorted(environment.space.indexes(moves)) == legal.tolist()
        environment.step(int(rng.choice(legal)))
    outcome = GAMES[name].result(environment.current)
    assert sum(totals.values()) == 0
    assert [totals[f"player_{seat}"] > 0 for seat in range(2)] == [
        seat in outcome.winners and len(outcome.winners) == 1 for seat in range(2)
    ]


def test_only_the_seat_to_act_has_legal_actions() -> None:
    environment = raw_env("sandwich", players=3)
    environment.reset(seed=1)
    acting = environment.agent_selection
    for agent in environment.agents:
        mask = environment.observe(agent)["action_mask"]
        assert mask.any() == (agent == acting)


def test_the_seed_reproduces_chance() -> None:
    first, second = raw_env("insects"), raw_env("insects")
    first.reset(seed=11)
    second.reset(seed=11)
    assert first.current == second.current
    second.reset(seed=12)
    assert first.current != second.current


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    environment = raw_env("sandwich")
    environment.reset(seed=0)
    before = environment.current
    mask = environment.observe(environment.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalMove):
        environment.step(illegal)
    with pytest.raises(PicnicError, match="is not in 0"):
        environment.step(len(environment.space))
    assert environment.current is before


def test_an_unknown_agent_and_a_seed_of_the_wrong_kind_are_refused() -> None:
    environment = raw_env("sandwich")
    environment.reset(seed=np.int64(3))  # a numpy integer is a seed too
    before = environment.current
    for agent in ("nobody", "player_2", None, ["player_0"]):
        for ask in (environment.observe, environment.observation_space, environment.action_space):
            with pytest.raises(
                PicnicError, match=r"^no agent .* \(the agents are player_0, player_1\)"
            ):
                ask(agent)  # type: ignore[arg-type]
    for seed in ("x", 1.5, True, [1]):
        with pytest.raises(PicnicError, match=r"^seed must be an int or None, not "):
            environment.reset(seed=seed)  # type: ignore[arg-type]
    assert environment.current is before  # a refused reset starts no game
    environment.reset(seed=3)
    assert environment.current == before  # the numpy seed dealt as the int does


def test_rules_options_and_players_are_checked() -> None:
    small = raw_env("sandwich", players=4, bread=4, action_limit=20)
    assert small.rules == GAMES["sandwich"].Rules(bread=4, action_limit=20)
    assert len(small.possible_agents) == 4
    with pytest.raises(RulesError, match="unknown rules option 'breads' for sandwich"):
        raw_env("sandwich", breads=4)
    with pytest.raises(RulesError, match="sandwich takes 2 to 4 players, not 5"):
        raw_env("sandwich", players=5)
    with pytest.raises(PicnicError, match="no game is called 'chess'"):
        raw_env("chess")


def test_round_cards_read_as_the_command_line_and_the_lobby_read_them() -> None:
    """Issue 39: ants' ``round_cards`` in any order, by value or member name, give the
    same rules here as on the command line and in the lobby (one reader of rules)."""
    from picnic_rules.ants import RoundCard

    environment = raw_env("ants", round_cards=["stomp", "second_wind"], round_cards_dealt=1)
    assert environment.rules.round_cards == (RoundCard.SECOND_WIND, RoundCard.STOMP)
    environment = raw_env("ants", round_cards="HEAD_START,honey", round_cards_dealt="1")
    assert environment.rules.round_cards == (RoundCard.HONEY, RoundCard.HEAD_START)
    assert environment.rules.round_cards_dealt == 1
    with pytest.raises(RulesError, match="round_cards: expected names") as caught:
        raw_env("ants", round_cards=["honey", "cake"])
    assert caught.value.field == "round_cards"


def test_render_shows_the_seat_to_act() -> None:
    environment = raw_env("poultry", render_mode="ansi")
    environment.reset(seed=2)
    text = environment.render()
    assert isinstance(text, str) and text
    assert raw_env("poultry").render() is None


def test_importing_the_library_imports_no_rl_package() -> None:
    code = (
        "import sys, picnic_rules, picnic_rules.pettingzoo;"
        "print(sorted({'numpy', 'pettingzoo', 'gymnasium', 'pyspiel'} & set(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize(
    ("blocked", "code"),
    [
        ("numpy", "from picnic_rules.pettingzoo import env; env('sandwich')"),
        ("pettingzoo", "from picnic_rules.pettingzoo import env; env('sandwich')"),
        ("pyspiel", "import picnic_rules.openspiel"),
    ],
)
def test_without_the_extra_the_error_says_how_to_get_it(blocked: str, code: str) -> None:
    hide = f"import sys; sys.modules[{blocked!r}] = None; "
    out = subprocess.run([sys.executable, "-c", hide + code], capture_output=True, text=True)
    assert out.returncode == 1
    assert "pip install 'picnic-rules[rl]'" in out.stderr.splitlines()[-1]


def test_the_training_example_runs() -> None:
    command = [sys.executable, str(TRAINING), "--games", "4", "--block", "2"]
    out = subprocess.run(command, capture_output=True, text=True, check=True)
    lines = out.stdout.splitlines()
    assert [line.split(":")[0] for line in lines] == ["games 1-2", "games 3-4"]
    assert all(line.endswith("%") for line in lines)
