"""The insects search lists the searcher's own moves once a decision: every deal lists the
same ones (its view decides them), so the first listing stands for them all."""

from __future__ import annotations

import random
from typing import Any

import attrs

from picnic_rules import CHANCE, GAMES
from picnic_rules.agents import make_agent
from picnic_rules.agents.search import search


def test_the_search_lists_the_searchers_moves_once_and_every_deal_lists_the_same() -> None:
    game = GAMES["insects"]
    fast = game.engine
    rng = random.Random(4)
    state = game.new_game(2)
    while game.to_move(state) is CHANCE:
        state = game.apply(state, game.sample_chance(state, rng))
    view = game.view(state, game.to_move(state))
    dealt: list[Any] = []
    listed: list[Any] = []

    def determinize(v: Any, rng: random.Random) -> Any:
        dealt.append(fast.determinize(v, rng))
        return dealt[-1]

    def legal_moves(state: Any) -> tuple[Any, ...]:
        if state is dealt[-1]:
            listed.append(state)
        return fast.legal_moves(state)

    engine = attrs.evolve(fast, determinize=determinize, legal_moves=legal_moves)
    agent = make_agent(game, "ismcts")
    root, done = search(
        engine,
        view,
        random.Random(1),
        iterations=60,
        seconds=None,
        exploration=agent.exploration,
        **agent._options(),
    )
    assert done == len(dealt) == 60
    assert listed == dealt[:1]  # listed in the first deal only
    moves = fast.legal_moves(dealt[0])
    assert all(fast.legal_moves(other) == moves for other in dealt)
    assert set(root.children) == set(moves)
