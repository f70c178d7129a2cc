"""The compact encodings: every game's fields laid end to end and documented, every view of
random games written inside its own place, the information-state tensor, and OpenSpiel's
ISMCTS bot on every game through ``resample_from_infostate``."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from rl_games import NAMES, setups, states

import picnic_rules.openspiel  # noqa: F401  (registers the games)
from picnic_rules import GAMES
from picnic_rules.kit.information import Information, Step
from picnic_rules.kit.spaces import Heads

SEEDS = {"sandwich": 2, "insects": 1, "poultry": 1, "ants": 1}


@pytest.mark.parametrize("name", NAMES)
def test_the_fields_lie_end_to_end_each_with_its_words(name: str) -> None:
    game = GAMES[name]
    encoding = game.tensors(2, game.Rules())
    at = 0
    for field in encoding.fields:
        assert field.start == at and field.size > 0 and field.doc
        at = field.stop
    assert at == encoding.size
    assert "tensors" in game.provides  # each built-in game declares its own
    module = __import__(f"picnic_rules.{name}.tensors", fromlist=["x"])
    for field in encoding.fields:  # the module's notes name every field
        assert f"``{field.name}``" in (module.__doc__ or ""), field.name


@pytest.mark.parametrize("name", NAMES)
def test_every_view_is_written_inside_its_place_alone(name: str) -> None:
    """Written at an offset into a buffer of sentinels, a view's numbers land inside its
    place and nowhere else, the same numbers as at offset 0; and the seat of the view is
    marked."""
    game = GAMES[name]
    checked = 0
    for players, rules, seed in setups(name, SEEDS[name]):
        encoding = game.tensors(players, rules)
        size = encoding.size
        for i, state in enumerate(states(name, players, rules, seed)):
            if i % 4 and not game.is_over(state):
                continue
            for seat in range(players):
                view = game.view(state, seat)
                out = np.full(3 * size, 7.0, np.float32)
                out[size : 2 * size] = 0
                encoding.write(view, out, size)
                assert (out[:size] == 7).all() and (out[2 * size :] == 7).all()
                assert out[size : 2 * size].tolist() == encoding.tensor(view)
                assert out[size + encoding.field("seat").start + seat] == 1
                checked += 1
    assert checked > 100


def test_the_information_tensor_holds_the_view_and_the_steps_seen() -> None:
    game = GAMES["sandwich"]
    rules = game.Rules()
    moves, chance = game.action_space(2, rules), game.chance_space(2, rules)
    information = Information(game.tensors(2, rules), 2, moves, chance, window=3)
    view = game.view(game.new_game(2, rules), 1)
    steps = [
        Step(0, hidden=False, move=moves.index(moves.move(600))),  # seat 0 ended its turn
        Step(None, hidden=True),  # a card drawn by seat 0, unseen
        Step(None, hidden=False, outcome=2),  # a jelly drawn by seat 1 itself
    ]
    vector = information.tensor(view, 1, count=9, steps=steps)
    size = information.encoding.size
    assert vector[:size] == information.encoding.tensor(view)
    assert vector[size] == 9  # the steps so far
    slot = information.slot
    first, second, third = (
        vector[size + 1 + k * slot : size + 1 + (k + 1) * slot] for k in range(3)
    )
    assert first[1] == 1 and first[-1] == 1  # seat 0 is seat 1 of the vector, seen from seat 1
    heads = Heads(moves)
    assert [u for u in range(heads.units) if first[4 + u]] == list(heads.units_of(600))
    assert second[2] == 1 and second[3] == 1  # chance, hidden
    assert third[2] == 1 and third[3] == 0 and sum(third[4 + heads.units : -1]) == 2
    assert len(vector) == information.size == size + 1 + 3 * slot


@pytest.mark.parametrize("name", NAMES)
def test_openspiels_tensors_are_the_encodings(name: str) -> None:
    game = pyspiel.load_game(f"python_picnic_{name}")
    assert game.get_type().provides_information_state_tensor
    state = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(30):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    picnic = GAMES[name]
    encoding = picnic.tensors(2, picnic.Rules())
    for seat in range(2):
        view = state.view(seat)
        assert state.observation_tensor(seat) == pytest.approx(encoding.tensor(view))
        tensor = state.information_state_tensor(seat)
        assert len(tensor) == game.information_state_tensor_size()
        assert tensor[: encoding.size] == pytest.approx(encoding.tensor(view))


@pytest.mark.parametrize("name", NAMES)
def test_a_resampled_state_is_the_same_to_its_seat(name: str) -> None:
    game = pyspiel.load_game(f"python_picnic_{name}")
    state = game.new_initial_state()
    rng = random.Random(2)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    decisions = 0
    while not state.is_terminal() and decisions < 25:
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, weights)[0])
            continue
        seat = state.current_player()
        sample = state.resample_from_infostate(seat, sampler)
        assert sample.current_player() == seat
        assert sample.legal_actions() == state.legal_actions()
        assert sample.information_state_string(seat) == state.information_state_string(seat)
        assert sample.information_state_tensor(seat) == state.information_state_tensor(seat)
        assert sample.observation_tensor(seat) == state.observation_tensor(seat)
        state.apply_action(rng.choice(state.legal_actions()))
        decisions += 1


@pytest.mark.parametrize("name", NAMES)
def test_openspiels_ismcts_bot_plays_every_game(name: str) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(f"python_picnic_{name}")
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0, max_simulations=8, random_state=rng
    )
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal() and moves < 12:
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=weights)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
    assert moves == 12 or state.is_terminal()
