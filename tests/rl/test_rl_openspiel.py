"""The OpenSpiel games: OpenSpiel's random simulation test, the observer, chance, errors."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pyspiel
import pytest
from rl_games import NAMES

import picnic_rules.openspiel  # noqa: F401  (registers the games)
from picnic_rules import GAMES, IllegalMove, RulesError
from picnic_rules.codec import dumps, loads
from picnic_rules.pettingzoo.observations import ObservationEncoder

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "openspiel_sandwich.py"


@pytest.mark.parametrize("name", NAMES)
def test_random_simulation_test_passes(name: str) -> None:
    game = pyspiel.load_game(f"python_picnic_{name}")
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_players_and_rules_are_parameters() -> None:
    rules = GAMES["poultry"].Rules(haggling=False)
    game = pyspiel.load_game("python_picnic_poultry", {"players": 4, "rules": dumps(rules)})
    assert game.num_players() == 4
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    with pytest.raises(RulesError, match="sandwich takes 2 to 4 players, not 5"):
        pyspiel.load_game("python_picnic_sandwich", {"players": 5})


def test_int_and_bool_options_are_parameters_too() -> None:
    game = pyspiel.load_game("python_picnic_sandwich(players=3,action_limit=40,bread=10)")
    assert game.num_players() == 3
    # Play onto a new sandwich or one of 10, Ant, Fly, Discard, End
    assert game.num_distinct_actions() == 3 * 11 + 3 * 10 * 10 + 3 * 10 + 5 + 1
    rules = dumps(GAMES["insects"].Rules(jokers=3))
    insects = pyspiel.load_game("python_picnic_insects", {"rules": rules, "buy": True})
    state = insects.new_initial_state()
    assert state.picnic_state.rules == GAMES["insects"].Rules(jokers=3, buy=True)
    with pytest.raises(RulesError, match="bread must be at least 0, not -1"):
        pyspiel.load_game("python_picnic_sandwich", {"bread": -1})


@pytest.mark.parametrize("name", NAMES)
def test_the_game_string_loads_the_same_game_again(name: str) -> None:
    """A rules document (JSON: commas, brackets, quotes) cannot stand in an OpenSpiel game
    string, so the game gives it back in base64: load_game(str(game)) is the same game."""
    game = GAMES[name]
    rules = game.variants[next(v for v in sorted(game.variants) if v != "default")]
    loaded = pyspiel.load_game(f"python_picnic_{name}", {"players": 3, "rules": dumps(rules)})
    again = pyspiel.load_game(str(loaded))
    assert again.new_initial_state().picnic_state.rules == rules
    assert again.num_players() == 3 and str(again) == str(loaded)
    plain = pyspiel.load_game(f"python_picnic_{name}")
    assert "rules=," in str(plain) and str(pyspiel.load_game(str(plain))) == str(plain)


def test_a_rules_parameter_that_is_no_document_is_a_rules_error() -> None:
    with pytest.raises(RulesError, match="not a base64 rules document"):
        pyspiel.load_game("python_picnic_sandwich", {"rules": "b64:!!"})


def test_the_game_types() -> None:
    sandwich = pyspiel.load_game("python_picnic_sandwich").get_type()
    ants = pyspiel.load_game("python_picnic_ants").get_type()
    assert sandwich.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert ants.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert sandwich.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert sandwich.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert sandwich.reward_model == pyspiel.GameType.RewardModel.TERMINAL


def _play(state: pyspiel.State, steps: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            assert sum(probabilities) == pytest.approx(1.0)
            state.apply_action(rng.choices(actions, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def test_the_observation_is_the_seats_view() -> None:
    game = pyspiel.load_game("python_picnic_insects", {"players": 3})
    state = game.new_initial_state()
    _play(state, 60, seed=4)
    encoder = ObservationEncoder.for_game(GAMES["insects"], 3, GAMES["insects"].Rules())
    for seat in range(3):
        view = state.view(seat)
        assert np.array_equal(state.observation_tensor(seat), encoder.encode(view))
        assert game.observation_tensor_size() == encoder.size
        assert loads(state.observation_string(seat), kind="view", game="insects") == view
    with pytest.raises(ValueError, match="public and private"):
        game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False, public_info=False))


def test_the_information_state_is_the_seats_observations() -> None:
    game = pyspiel.load_game("python_picnic_sandwich")
    state = game.new_initial_state()
    _play(state, 30, seed=2)
    lines = state.information_state_string(0).splitlines()
    assert lines[0] == "seat 0" and len(lines) == len(state.history()) + 1
    assert all("actor=0" in line or "move=Draw" not in line for line in lines)  # no card of seat 1
    clone = state.clone()  # the remembered lines are shared, and the same
    assert clone.information_state_string(1) == state.information_state_string(1)
    _play(clone, 1, seed=0)
    assert clone.information_state_string(0).startswith(state.information_state_string(0))


def test_outcome_sampling_mccfr_runs() -> None:
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(
        pyspiel.load_game("python_picnic_sandwich")
    )
    for _ in range(3):
        solver.iteration()


def test_ants_chance_is_drawn_inside_and_a_clone_plays_the_same() -> None:
    game = pyspiel.load_game("python_picnic_ants", {"rng_seed": 3})
    state = game.new_initial_state()
    assert not state.is_chance_node()
    _play(state, 10, seed=1)
    clone = state.clone()
    action = state.legal_actions()[0]
    state.apply_action(action)
    clone.apply_action(action)
    assert str(state) == str(clone)
    assert len(state.history()) == 11  # the seats' moves only


def test_an_illegal_action_is_refused() -> None:
    game = pyspiel.load_game("python_picnic_sandwich")
    state = game.new_initial_state()
    _play(state, 5, seed=0)
    while state.is_chance_node():
        _play(state, 1, seed=0)
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(IllegalMove):
        state.apply_action(illegal)


def test_the_example_runs_mcts_on_sandwich() -> None:
    out = subprocess.run(
        [sys.executable, str(EXAMPLE), "--games", "1", "--simulations", "4"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "mcts total after 1 games:" in out.stdout
