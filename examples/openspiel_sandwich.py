"""OpenSpiel's Monte Carlo tree search plays the sandwich game against a random player.

Run it with ``python examples/openspiel_sandwich.py`` (extra ``rl``:
``pip install 'picnic-rules[rl]'``). Importing :mod:`picnic_rules.openspiel` registers
the game, ``pyspiel.load_game("python_picnic_sandwich")`` loads it, and
``open_spiel.python.algorithms.mcts.MCTSBot`` (UCT with random rollouts) plays seat 0
while a uniform random bot plays seat 1; OpenSpiel's ``evaluate_bots`` plays the game,
chance included. The script prints each game's returns and the search's total.

MCTS searches the true state (it sees the other seat's cards), so it is a demonstration
of the interface, not a fair opponent: :class:`picnic_rules.agents.ISMCTSAgent` searches
the view alone.
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, mcts

import picnic_rules.openspiel  # noqa: F401  (registers the games with OpenSpiel)


def main(argv: list[str] | None = None) -> None:
    """Play ``--games`` games of MCTS (``--simulations`` per move) against random play."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--simulations", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    game = pyspiel.load_game("python_picnic_sandwich")
    rng = np.random.RandomState(args.seed)
    search = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=args.simulations,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        random_state=rng,
    )
    randomly = pyspiel.make_uniform_random_bot(1, args.seed)
    total = 0.0
    for number in range(args.games):
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), [search, randomly], rng)
        total += returns[0]
        print(f"game {number + 1}: returns {returns[0]:+.0f} (mcts) {returns[1]:+.0f} (random)")
    print(f"mcts total after {args.games} games: {total:+.0f}")


if __name__ == "__main__":
    main()
