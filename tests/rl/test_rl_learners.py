"""Learners run on the games: OpenSpiel's own policy-gradient learner (PyTorch, the ``torch``
extra) on every game's information-state tensor, and short runs of the two training
examples (their figures are measured in docs/train.rst, never asserted here)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pyspiel
import pytest
from rl_games import NAMES

import picnic_rules
import picnic_rules.openspiel

if importlib.util.find_spec("torch") is None:
    raise ImportError("the learner tests need torch: pip install -e '.[torch]'")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize("name", NAMES)
def test_openspiels_policy_gradient_learns_from_the_information_state(name: str) -> None:
    """Two A2C learners play a whole game from their information-state tensors and learn
    from its end (ants numbers its actions by place in the legal list: legal_slots)."""
    import torch
    from open_spiel.python import rl_environment
    from open_spiel.python.pytorch import policy_gradient

    torch.manual_seed(0)
    torch.set_num_threads(1)
    params = {"legal_slots": 1024} if name == "ants" else {}
    game = pyspiel.load_game(f"python_picnic_{name}", params)
    env = rl_environment.Environment(game, seed=0)
    assert not env._use_observation  # the information-state tensor
    size = env.observation_spec()["info_state"][0]
    assert size == game.information_state_tensor_size()
    actions = env.action_spec()["num_actions"]
    agents = [
        policy_gradient.PolicyGradient(
            seat, size, actions, loss_str="a2c", hidden_layers_sizes=(8,), batch_size=1,
            num_critic_before_pi=1,
        )
        for seat in range(2)
    ]  # fmt: skip
    before = [p.detach().clone() for p in agents[0]._net_torso.parameters()]
    step = env.reset()
    moves = 0
    while not step.last():
        seat = step.observations["current_player"]
        step = env.step([agents[seat].step(step).action])
        moves += 1
    for agent in agents:
        agent.step(step)
    assert moves > 10 and sum(step.rewards) == 0
    after = list(agents[0]._net_torso.parameters())
    assert any(not torch.equal(b, a) for b, a in zip(before, after, strict=True))  # it learned


def test_a_legal_slots_game_numbers_actions_by_place_in_the_legal_list() -> None:
    game = pyspiel.load_game("python_picnic_ants", {"legal_slots": 600, "rng_seed": 2})
    assert game.num_distinct_actions() == 600
    state = game.new_initial_state()
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    legal = state.legal_actions()
    assert legal == list(range(len(legal)))
    moves = picnic_rules.GAMES["ants"].legal_moves(state.picnic_state)
    assert [state.action_to_string(a) for a in legal] == [str(m) for m in moves]
    small = pyspiel.load_game("python_picnic_ants", {"legal_slots": 1, "rng_seed": 2})
    with pytest.raises(picnic_rules.PicnicError, match="more than the game's legal_slots=1"):
        small.new_initial_state().legal_actions()


def _run(script: str, *args: str) -> list[str]:
    command = [sys.executable, str(EXAMPLES / script), *args]
    out = subprocess.run(command, capture_output=True, text=True, check=True, timeout=600)
    return out.stdout.splitlines()


@pytest.mark.parametrize("name", ["poultry", "ants"])
def test_the_numpy_learner_runs(name: str) -> None:
    lines = _run(
        "vector_ppo.py", "--game", name, "--minutes", "0.02", "--envs", "4", "--steps", "8",
        "--eval", "4", "--report", "1",
    )  # fmt: skip
    assert lines[-4].startswith("trained for ")
    assert lines[-3].startswith("random against random: ")
    assert lines[-2].startswith("learner against random: ") and lines[-2].endswith("in 4")
    assert lines[-1].startswith("learner against computer: ")


def test_the_openspiel_learner_runs() -> None:
    lines = _run("openspiel_policy_gradient.py", "--episodes", "2", "--eval", "2")
    assert lines[0].startswith("trained 2 games in ")
    assert lines[1].startswith("learners against random: ") and lines[1].endswith("in 2")
    assert lines[2].startswith("learners against computer: ")
