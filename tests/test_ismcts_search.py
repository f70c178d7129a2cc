"""The ISMCTS search: it sees only the view, is reproducible, keeps its budget, plays every
game with every option, and runs on the engine's own functions."""

from __future__ import annotations

import functools
import importlib
import math
import random
from typing import Any

import attrs
import pytest
from games import BUILT_IN, decision

from picnic_rules import GAMES, PicnicError, play, sandwich
from picnic_rules.agents import ISMCTSAgent, make_agent
from picnic_rules.agents.ismcts import SearchAgent, heuristic_policy
from picnic_rules.agents.search import search
from picnic_rules.testing import random_step

NAMES = BUILT_IN


def _visits(root: Any) -> dict[str, int]:
    return {str(move): node.visits for move, node in root.children.items()}


@pytest.mark.parametrize("name", NAMES)
def test_the_choice_does_not_change_when_the_hidden_cards_are_dealt_again(name: str) -> None:
    game = GAMES[name]
    agent = SearchAgent(game, iterations=40, prior="computer", prior_weight=1.0)
    state = decision(game, seed=3, skip=6)
    seat = game.to_move(state)
    view = game.view(state, seat)
    legal = game.legal_moves(state)
    for deal in range(3):
        other = game.determinize(view, random.Random(100 + deal))  # the same view, other cards
        assert game.view(other, seat) == view
        assert game.legal_moves(other) == legal
        again, _ = agent.search(game.view(other, seat), random.Random(7))
        first, _ = agent.search(view, random.Random(7))
        assert _visits(again) == _visits(first)
        assert agent(game.view(other, seat), legal, random.Random(7)) == agent(
            view, legal, random.Random(7)
        )


@pytest.mark.parametrize("name", NAMES)
def test_a_seeded_search_is_reproducible(name: str) -> None:
    game = GAMES[name]
    state = decision(game, seed=1, skip=2)
    view = game.view(state, game.to_move(state))
    agent = ISMCTSAgent(game, iterations=30)
    first, done = agent.search(view, random.Random(5))
    again, _ = agent.search(view, random.Random(5))
    assert done == 30
    assert _visits(first) == _visits(again)
    assert sum(node.visits for node in first.children.values()) == 30


def test_a_time_budget_ends_the_search() -> None:
    game = GAMES["sandwich"]
    state = decision(game, seed=1, skip=0)
    view = game.view(state, game.to_move(state))
    _, done = ISMCTSAgent(game, iterations=10**9, seconds=0.05).search(view, random.Random(1))
    assert 1 <= done < 10**9


def _value(players: int, state: Any) -> tuple[float, ...]:
    return (1.0 / players,) * players


OPTIONS: list[dict[str, Any]] = [
    {},
    {"rollout": "computer"},
    {"prior": "computer", "prior_weight": 2.0},
    {"widening": 1.0},
    {"depth": 0, "evaluate": functools.partial(_value, 2)},
    {"depth": 3, "evaluate": functools.partial(_value, 2), "rollout": "computer"},
]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "plain")
def test_every_option_plays_every_game(name: str, options: dict[str, Any]) -> None:
    game = GAMES[name]
    state = decision(game, seed=2, skip=1)
    seat = game.to_move(state)
    legal = game.legal_moves(state)
    move = SearchAgent(game, iterations=12, **options)(
        game.view(state, seat), legal, random.Random(0)
    )
    assert move in legal


def test_a_whole_match_with_sampled_chance_is_reproducible() -> None:
    agent = functools.partial(SearchAgent, GAMES["ants"], iterations=4, depth=2, evaluate=_shares)
    first = play("ants", [agent, "random"], seed=4)
    assert first == play("ants", [agent, "random"], seed=4)


def _shares(state: Any) -> tuple[float, ...]:
    return (0.5, 0.5)


def test_widening_holds_the_children_to_the_visits() -> None:
    game = GAMES["poultry"]
    state = decision(game, seed=1, skip=0)
    view = game.view(state, game.to_move(state))
    assert len(game.legal_moves(state)) > 5
    root, done = SearchAgent(game, iterations=16, widening=1.0).search(view, random.Random(1))
    assert len(root.children) <= math.ceil(math.sqrt(done + 1))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"rollout": "smart"}, "rollout must be 'random' or 'computer' or a policy, not 'smart'"),
        ({"prior": "random"}, "prior must be 'computer' or a policy, not 'random'"),
        ({"prior_weight": -1.0}, "prior_weight must not be negative, not -1.0"),
        ({"widening": 0.0}, "widening must be positive, not 0.0"),
        ({"depth": -1}, "depth must not be negative, not -1"),
    ],
)
def test_bad_options_are_picnic_errors(options: dict[str, Any], message: str) -> None:
    with pytest.raises(PicnicError) as info:
        SearchAgent(GAMES["sandwich"], **options)
    assert str(info.value) == message


def test_a_game_without_a_computer_has_no_heuristic_policy() -> None:
    game = attrs.evolve(GAMES["sandwich"], name="plain", agents={})
    with pytest.raises(PicnicError, match="plain has no computer agent to guide the search"):
        heuristic_policy(game, "computer")
    assert heuristic_policy(game, "random") is None


def test_the_search_runs_on_the_engine_functions_without_the_kit_guards() -> None:
    from picnic_rules.sandwich import engine

    fast = GAMES["sandwich"].engine
    assert fast.apply is engine.apply_legal  # the game's apply of legal moves, unchecked
    assert fast.legal_moves is engine.legal_moves
    assert fast.to_move is engine.to_move
    assert fast.view is sandwich.view and fast.determinize is sandwich.determinize


def test_a_game_without_its_own_apply_legal_is_searched_with_apply() -> None:
    from picnic_rules.poultry import engine as poultry_engine

    assert GAMES["poultry"].apply_legal is GAMES["poultry"].apply
    assert GAMES["poultry"].engine.apply is poultry_engine.apply


def test_a_copy_given_another_function_is_searched_with_it() -> None:
    cached = functools.lru_cache(maxsize=None)(GAMES["sandwich"].legal_moves)
    game = attrs.evolve(GAMES["sandwich"], legal_moves=cached)
    assert game.engine.legal_moves is cached
    assert game.engine.to_move is sandwich.to_move  # the others as the module wrote them
    assert game.as_written("legal_moves") is cached


def test_search_credits_a_cut_playout_with_the_evaluator() -> None:
    game = GAMES["sandwich"]
    state = decision(game, seed=1, skip=0)
    seat = game.to_move(state)
    view = game.view(state, seat)

    def mine(s: Any) -> tuple[float, ...]:
        return tuple(1.0 if k == seat else 0.0 for k in range(2))

    root, done = search(
        game.engine, view, random.Random(1), iterations=20, seconds=None,
        exploration=0.7, depth=0, evaluate=mine,
    )  # fmt: skip
    assert sum(node.reward for node in root.children.values()) == done


def _own_value(name: str) -> Any:
    return importlib.import_module(f"picnic_rules.{name}.agent").value


@pytest.mark.parametrize("name", NAMES)
def test_the_games_ismcts_is_its_own_search(name: str) -> None:
    game = GAMES[name]
    agent = make_agent(game, "ismcts")
    assert isinstance(agent, SearchAgent)
    assert agent.game is game
    module = importlib.import_module(f"picnic_rules.{name}.agent")
    rollout = getattr(module, "playout", "computer")  # the computer's choice on the state
    # ants judges its playouts, cut in the middle of a round, with the area as it stands
    evaluate = getattr(module, "value_as_it_stands", module.value)
    assert (agent.rollout, agent.evaluate, agent.seconds) == (rollout, evaluate, None)
    assert agent.step is getattr(module, "playout_step", None)  # the rollout's moves, played
    assert agent.iterations == 1000 and agent.depth is not None and agent.depth > 0
    copy = attrs.evolve(game, title="a copy")
    assert make_agent(copy, "ismcts").game is copy  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", NAMES)
def test_a_games_value_is_each_seats_share_of_a_win(name: str) -> None:
    game = GAMES[name]
    value = _own_value(name)
    for players in (2, 3):
        rng = random.Random(players)
        state = game.new_game(players)
        steps = 0
        while game.to_move(state) is not None and steps < 400:
            shares = value(state)
            assert len(shares) == players
            assert all(0.0 <= share <= 1.0 for share in shares)
            assert math.isclose(sum(shares), 1.0)
            state = random_step(game, state, rng)
            steps += 1


def test_a_value_favours_the_seat_ahead() -> None:
    from picnic_rules.sandwich import Card, new_game
    from picnic_rules.sandwich.agent import value

    bread, pb, jelly = Card.BREAD, Card.PEANUT_BUTTER, Card.JELLY
    ahead = attrs.evolve(new_game(2), table=(((bread, pb, jelly, bread),), ()))
    first, second = value(ahead)
    assert first > 0.5 > second


@pytest.mark.parametrize("name", NAMES)
def test_the_default_searchs_choice_does_not_change_when_the_hidden_cards_are_dealt_again(
    name: str,
) -> None:
    game = GAMES[name]
    agent = attrs.evolve(make_agent(game, "ismcts"), iterations=60)
    state = decision(game, seed=4, skip=5)
    seat = game.to_move(state)
    view = game.view(state, seat)
    legal = game.legal_moves(state)
    first, _ = agent.search(view, random.Random(3))
    for deal in range(2):
        other = game.determinize(view, random.Random(200 + deal))
        assert game.view(other, seat) == view
        again, _ = agent.search(game.view(other, seat), random.Random(3))
        assert _visits(again) == _visits(first)
        assert agent(game.view(other, seat), legal, random.Random(3)) == agent(
            view, legal, random.Random(3)
        )


def test_a_stop_ends_every_iteration_where_it_says_and_credits_the_evaluator() -> None:
    game = GAMES["sandwich"]
    state = decision(game, seed=1, skip=0)
    seat = game.to_move(state)
    view = game.view(state, seat)

    def never(state: Any, moves: tuple[Any, ...], rng: random.Random) -> Any:
        raise AssertionError("a playout went past the stop")

    def mine(s: Any) -> tuple[float, ...]:
        return tuple(1.0 if k == seat else 0.0 for k in range(2))

    root, done = search(
        game.engine, view, random.Random(1), iterations=30, seconds=None,
        exploration=0.7, policy=never, depth=6, evaluate=mine, stop=lambda s: True,
    )  # fmt: skip
    assert done == 30
    assert all(not node.children for node in root.children.values())  # the tree stops too
    assert sum(node.reward for node in root.children.values()) == done


def test_the_ants_search_stops_when_the_rounds_tosses_are_over() -> None:
    from picnic_rules.ants import Phase
    from picnic_rules.ants.agent import round_over

    game = GAMES["ants"]
    state = decision(game, seed=1, skip=0)
    assert not round_over(state)
    assert round_over(attrs.evolve(state, phase=Phase.PLACE))
    assert make_agent(game, "ismcts").stop is round_over  # type: ignore[attr-defined]


def _commits_first(state: Any) -> bool:
    from picnic_rules.poultry import Phase

    return bool(state.phase is Phase.COMMIT)


def test_a_blind_seat_moves_outside_the_tree() -> None:
    game = GAMES["poultry"]
    state = decision(game, seed=2, skip=0)  # seat 0 commits, seat 1 commits after it
    assert state.phase.value == "commit" and state.turn == 0
    view = game.view(state, 0)
    agent = SearchAgent(game, iterations=30, rollout="computer", blind=_commits_first)
    root, _ = agent.search(view, random.Random(1))
    for child in root.children.values():  # seat 1's face-down answer holds no node
        assert all(grandchild.mover != 1 for grandchild in child.children.values())
    seen, _ = SearchAgent(game, iterations=30, rollout="computer").search(view, random.Random(1))
    assert any(g.mover == 1 for c in seen.children.values() for g in c.children.values())


def test_a_deal_replaces_determinize() -> None:
    game = GAMES["poultry"]
    state = decision(game, seed=2, skip=0)
    view = game.view(state, 0)
    calls: list[int] = []

    def deal(v: Any, rng: random.Random) -> Any:
        calls.append(1)
        return game.determinize(v, rng)

    _, done = SearchAgent(game, iterations=12, deal=deal).search(view, random.Random(1))
    assert len(calls) == done == 12


def _tree(node: Any) -> Any:
    """A node's statistics and its children's, recursively (to compare two searches)."""
    children = sorted((str(move), _tree(child)) for move, child in node.children.items())
    return (node.visits, node.available, node.reward, children)


def test_a_step_plays_the_playouts_as_the_policy_would() -> None:
    game = GAMES["insects"]
    state = decision(game, seed=3, skip=1)
    view = game.view(state, game.to_move(state))
    fast = game.engine
    policy = heuristic_policy(game, "computer")
    assert policy is not None
    steps: list[int] = []

    def step(state: Any, rng: random.Random) -> Any:
        steps.append(1)
        return fast.apply(state, policy(state, fast.legal_moves(state), rng))

    options: dict[str, Any] = {"iterations": 25, "rollout": "computer", "depth": 4}
    options["evaluate"] = _own_value("insects")
    stepped, _ = SearchAgent(game, step=step, **options).search(view, random.Random(1))
    assert steps  # the playouts' moves were its
    root, _ = SearchAgent(game, **options).search(view, random.Random(1))
    assert _tree(stepped) == _tree(root)


def test_searches_in_threads_find_what_each_finds_alone() -> None:
    """The games' searches share remembered answers across calls (the last view's unseen
    cards, the computer's remembered choices and card values): searches of different
    views at once, in threads switching as often as they can, find the same root
    statistics as each one alone."""
    import sys
    import threading

    jobs = []
    for name in NAMES:
        game = GAMES[name]
        agent = attrs.evolve(make_agent(game, "ismcts"), iterations=150)
        for seed in (1, 2):
            state = decision(game, seed=seed, skip=4)
            jobs.append((agent, game.view(state, game.to_move(state)), seed))
    alone = [_visits(agent.search(view, random.Random(seed))[0]) for agent, view, seed in jobs]
    found: dict[int, list[dict[str, int]]] = {}

    def run(index: int) -> None:
        agent, view, seed = jobs[index]
        found[index] = [_visits(agent.search(view, random.Random(seed))[0]) for _ in range(3)]

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=run, args=(i,)) for i in range(len(jobs))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert [found[i] for i in range(len(jobs))] == [[visits] * 3 for visits in alone]


def _nodes(node: Any) -> Any:
    yield node
    for child in node.children.values():
        yield from _nodes(child)


@pytest.mark.parametrize("name", NAMES)
def test_a_nodes_row_holds_the_child_of_each_move_it_lists(name: str) -> None:
    """A node keeps its children in the order of the legal moves last met there (so a deal
    that lists them again reads them without a lookup); in games whose moves change from
    deal to deal, every row still holds, for each listed move, exactly the child the
    node keys by that move (``None`` for a move never tried)."""
    game = GAMES[name]
    state = decision(game, seed=5, skip=2)
    view = game.view(state, game.to_move(state))
    root, _ = SearchAgent(game, iterations=300).search(view, random.Random(2))
    rows = 0
    for node in _nodes(root):
        assert len(node.row) == len(node.listed)
        for move, child in zip(node.listed, node.row, strict=True):
            assert child is node.children.get(move)
        rows += bool(node.listed)
    assert rows > 1 and root.listed
