"""OpenSpiel's own policy-gradient learner (A2C) learns the sandwich game from its
information-state tensor.

Run it with ``python examples/openspiel_policy_gradient.py`` (extras ``rl`` and ``torch``:
``pip install 'picnic-rules[rl,torch]'``; OpenSpiel's learners are written for PyTorch or
JAX). ``import picnic_rules.openspiel`` registers the game; OpenSpiel's
``rl_environment`` serves each seat its ``information_state_tensor`` (its view and the
last steps it saw: :mod:`picnic_rules.kit.information`) and draws chance;
``open_spiel.python.pytorch.policy_gradient.PolicyGradient`` -- one learner per seat --
trains for ``--episodes`` games, each learner against a uniformly random player in the
other seat, seats taken in turn. Then each plays ``--eval`` games in its seat against
random play and against the game's ``computer`` agent, and the script prints the share of
wins with a 95% (Wilson) interval and the CPU time.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from typing import Any

import numpy as np
import pyspiel
import torch
from open_spiel.python import rl_environment
from open_spiel.python.pytorch import policy_gradient

import picnic_rules.openspiel  # noqa: F401  (registers the games with OpenSpiel)
from picnic_rules import GAMES
from picnic_rules.pettingzoo.spaces import player_space


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95% Wilson interval of a share of ``wins`` in ``games``."""
    p, z = wins / games, 1.96
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def learners(env: rl_environment.Environment, args: argparse.Namespace) -> list[Any]:
    """One A2C learner per seat, reading the information-state tensor."""
    size = env.observation_spec()["info_state"][0]
    actions = env.action_spec()["num_actions"]
    return [
        policy_gradient.PolicyGradient(
            seat, size, actions, loss_str="a2c", hidden_layers_sizes=(args.hidden,),
            batch_size=args.batch, critic_learning_rate=args.critic_rate,
            pi_learning_rate=args.pi_rate, entropy_cost=args.entropy,
            num_critic_before_pi=args.critic_before_pi, optimizer_str="adam",
        )
        for seat in range(2)
    ]  # fmt: skip


def train(env: rl_environment.Environment, agents: list[Any], episodes: int, report: int) -> None:
    """Each episode, the learner of one seat (in turn) plays a random player."""
    rng = np.random.default_rng(0)
    wins: list[bool] = []
    for episode in range(episodes):
        learner = episode % 2
        step = env.reset()
        while not step.last():
            seat = step.observations["current_player"]
            if seat == learner:
                action = agents[learner].step(step).action
            else:
                action = int(rng.choice(step.observations["legal_actions"][seat]))
            step = env.step([action])
        agents[learner].step(step)  # the end: the learner learns from the result
        wins.append(step.rewards[learner] > 0)
        if report and (episode + 1) % report == 0:
            recent = wins[-report:]
            print(f"{episode + 1} games, {time.process_time():.0f} s of CPU: the learners "
                  f"won {np.mean(recent):.0%} of the last {len(recent)}", flush=True)  # fmt: skip


def evaluate(
    game: Any, agents: list[Any], opponent: str, games: int, seed: int, greedy: bool
) -> int:
    """Wins of the learners, each in its own seat, in ``games`` games against
    ``opponent`` ("random", or an agent of the library such as "computer"), each move
    drawn from the learner's policy (``greedy``: its most likely move)."""
    picnic = GAMES["sandwich"]
    space = player_space(picnic, 2, picnic.Rules())
    rng = random.Random(seed)
    wins = 0
    for number in range(games):
        learner = number % 2
        other = picnic.agents[opponent]() if opponent != "random" else None
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, weights)[0])
                continue
            seat = state.current_player()
            legal = state.legal_actions()
            if seat == learner:
                tensor = state.information_state_tensor(seat)
                probabilities = agents[learner]._act(tensor, legal)[1]
                if greedy:
                    action = int(np.argmax(probabilities))
                else:
                    action = rng.choices(range(len(probabilities)), probabilities)[0]
            elif other is None:
                action = rng.choice(legal)
            else:
                moves = picnic.legal_moves(state.picnic_state)
                action = space.index(other(state.view(seat), moves, rng))
            state.apply_action(action)
        wins += state.returns()[learner] > 0
    return wins


def main(argv: list[str] | None = None) -> None:
    """Train, then evaluate against random play and the ``computer`` agent."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=6000)
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--batch", type=int, default=16, help="games per update")
    parser.add_argument("--critic-rate", type=float, default=0.01)
    parser.add_argument("--pi-rate", type=float, default=0.005)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--critic-before-pi", type=int, default=4)
    parser.add_argument("--greedy", action="store_true", help="evaluate the most likely moves")
    parser.add_argument("--report", type=int, default=0, help="games between reports (0: none)")
    parser.add_argument("--eval", type=int, default=1000, help="games of each evaluation")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    game = pyspiel.load_game("python_picnic_sandwich")
    env = rl_environment.Environment(game, seed=args.seed)
    assert env._use_observation is False  # the information-state tensor, not the view's
    agents = learners(env, args)
    started = time.process_time()
    train(env, agents, args.episodes, args.report)
    print(f"trained {args.episodes} games in {time.process_time() - started:.0f} s of CPU")
    for opponent in ("random", "computer"):
        wins = evaluate(game, agents, opponent, args.eval, args.seed + 1, args.greedy)
        low, high = wilson(wins, args.eval)
        print(f"learners against {opponent}: {wins / args.eval:.1%} wins "
              f"[{low:.1%}, {high:.1%}] in {args.eval}")  # fmt: skip


if __name__ == "__main__":
    main()
