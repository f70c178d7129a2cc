"""play / replay / Record: determinism, replay fidelity, refusal of illegal moves."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from picnic_rules import (
    CHANCE,
    GAMES,
    IllegalMove,
    InvalidState,
    PicnicError,
    RandomAgent,
    Record,
    codec,
    play,
    replay,
)
from picnic_rules.agents import agent_names, make_agent
from picnic_rules.sandwich import Card, Draw, End, Play, Rules

GAME = GAMES["sandwich"]


def computer() -> Any:
    return GAME.agents["computer"]()


@pytest.mark.parametrize("seed", [0, 1, 17, 2**40])
def test_same_seed_same_record(seed: int) -> None:
    first = play("sandwich", [computer(), RandomAgent()], seed=seed)
    again = play(GAME, [computer(), RandomAgent()], seed=seed)
    assert first == again
    assert first.game == "sandwich"
    assert first.players == 2
    assert first.seed == seed
    assert first.rules == Rules()
    assert first.outcome is not None


def test_different_seeds_differ() -> None:
    records = {play("sandwich", [RandomAgent()] * 2, seed=seed).moves for seed in range(5)}
    assert len(records) == 5


def test_replay_reproduces_every_state() -> None:
    record = play(
        "sandwich",
        [RandomAgent(), computer(), RandomAgent()],
        seed=5,
        rules=GAME.variants["small-deck"],
    )
    states = replay(record)
    assert len(states) == len(record.moves) + 1
    assert states[0] == GAME.new_game(3, GAME.variants["small-deck"])
    for before, move, after in zip(states, record.moves, states[1:], strict=False):
        assert move in GAME.legal_moves(before)
        assert GAME.apply(before, move) == after
        GAME.check(after)
    assert GAME.is_over(states[-1])
    assert GAME.result(states[-1]) == record.outcome
    assert not any(GAME.is_over(state) for state in states[:-1])


def test_record_lists_chance_and_agents_see_views() -> None:
    seen: list[tuple[Any, tuple[Any, ...]]] = []

    def spy(view: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
        seen.append((view, legal))
        return legal[-1]

    record = play("sandwich", [spy, spy], seed=2)
    assert any(isinstance(move, Draw) for move in record.moves)
    assert seen
    assert all(isinstance(view, GAME.View) for view, _ in seen)


def test_each_seat_has_its_own_rng() -> None:
    rngs: dict[int, list[random.Random]] = {0: [], 1: []}

    def spy(view: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
        rngs[view.player].append(rng)
        return rng.choice(legal)

    play("sandwich", [spy, spy], seed=4)
    assert len({id(rng) for rng in rngs[0]}) == 1
    assert len({id(rng) for rng in rngs[1]}) == 1
    assert rngs[0][0] is not rngs[1][0]


def test_chance_does_not_depend_on_the_agents() -> None:
    """The cards drawn come from the seed alone: agents draw from their own rngs."""

    def greedy(view: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
        for _ in range(10):
            rng.random()
        return legal[0]

    def lazy(view: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
        return End() if End() in legal else legal[0]

    a = play("sandwich", [lazy, lazy], seed=9)
    b = play("sandwich", [greedy, lazy], seed=9)
    draws_a = [m for m in a.moves if isinstance(m, Draw)]
    draws_b = [m for m in b.moves if isinstance(m, Draw)]
    assert draws_a[:4] == draws_b[:4]  # the deal


def test_tampered_record_raises_illegal_move_naming_the_index() -> None:
    record = play("sandwich", [RandomAgent(), RandomAgent()], seed=11)
    states = replay(record)
    index = next(i for i, state in enumerate(states) if GAME.to_move(state) is not CHANCE)
    bad = Play(Card.JELLY, 7)
    tampered = attrs.evolve(record, moves=(*record.moves[:index], bad, *record.moves[index + 1 :]))
    with pytest.raises(IllegalMove) as info:
        replay(tampered)
    assert f"move {index}" in str(info.value)
    assert info.value.move == bad


def test_tampered_chance_outcome_is_illegal() -> None:
    record = play("sandwich", [RandomAgent(), RandomAgent()], seed=11, rules=Rules(flies=0))
    tampered = attrs.evolve(record, moves=(Draw(Card.FLY), *record.moves[1:]))
    with pytest.raises(IllegalMove, match="move 0"):
        replay(tampered)


def test_truncated_record_with_outcome_is_refused() -> None:
    record = play("sandwich", [RandomAgent(), RandomAgent()], seed=12)
    with pytest.raises(InvalidState, match="not over"):
        replay(attrs.evolve(record, moves=record.moves[:-3]))
    assert len(replay(attrs.evolve(record, moves=record.moves[:-3], outcome=None))) == (
        len(record.moves) - 2
    )
    assert record.outcome is not None
    wrong = attrs.evolve(record.outcome, reason="something-else")
    with pytest.raises(InvalidState, match="outcome"):
        replay(attrs.evolve(record, outcome=wrong))


def test_extra_move_after_the_end_is_illegal() -> None:
    record = play("sandwich", [RandomAgent(), RandomAgent()], seed=13)
    with pytest.raises(IllegalMove, match=f"move {len(record.moves)}"):
        replay(attrs.evolve(record, moves=(*record.moves, End())))


def test_agent_returning_an_illegal_move_names_its_seat() -> None:
    def cheat(view: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
        return Play(Card.JELLY, 9)

    with pytest.raises(IllegalMove) as info:
        play("sandwich", [RandomAgent(), cheat], seed=1)
    assert "seat 1" in info.value.reason
    assert info.value.move == Play(Card.JELLY, 9)


def test_agent_returning_garbage_is_an_illegal_move() -> None:
    with pytest.raises(IllegalMove, match="seat 0"):
        play("sandwich", [lambda v, legal, rng: "end", RandomAgent()], seed=1)


def test_move_limit_guard() -> None:
    import picnic_rules.match as match

    tiny = attrs.evolve(GAME, max_moves=lambda players, rules: 3)
    with pytest.raises(InvalidState, match="max_moves"):
        match.play(tiny, [RandomAgent(), RandomAgent()], seed=0)


def test_bad_arguments() -> None:
    with pytest.raises(PicnicError, match="unknown game"):
        play("chess", [RandomAgent(), RandomAgent()], seed=0)
    with pytest.raises(PicnicError, match="2 to 4 players"):
        play("sandwich", [RandomAgent()], seed=0)
    with pytest.raises(PicnicError, match="2 to 4 players"):
        play("sandwich", [RandomAgent()] * 5, seed=0)


def test_record_is_frozen_and_hashable() -> None:
    record = play("sandwich", [RandomAgent(), RandomAgent()], seed=3)
    assert hash(record) == hash(play("sandwich", [RandomAgent(), RandomAgent()], seed=3))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        record.seed = 4  # type: ignore[misc]
    assert isinstance(record, Record)


def test_make_agent() -> None:
    assert make_agent(GAME, "random") == RandomAgent()
    assert callable(make_agent(GAME, "computer"))
    names = agent_names(GAME)
    assert {"computer", "random"} <= set(names)
    assert list(names) == sorted(names)
    with pytest.raises(PicnicError, match=r"available: .*computer.*random"):
        make_agent(GAME, "genius")


def test_random_agent_repr_is_evaluable() -> None:
    agent = RandomAgent()
    assert eval(repr(agent), {"RandomAgent": RandomAgent}) == agent
    assert agent(None, ("a",), random.Random(0)) == "a"


def test_a_seed_must_be_an_int_so_the_record_loads_back() -> None:
    with pytest.raises(PicnicError, match="seed must be an int, not str"):
        play("sandwich", [RandomAgent(), RandomAgent()], seed="abc")  # type: ignore[call-overload]


def test_replay_with_the_game_checks_its_name() -> None:
    record = play(GAME, [RandomAgent(), RandomAgent()], seed=3)
    assert replay(record, GAME)[-1] == replay(record)[-1]
    other = attrs.evolve(GAME, name="other-sandwich")
    with pytest.raises(PicnicError, match="the record is of 'sandwich', not 'other-sandwich'"):
        replay(record, other)


def test_a_seed_is_bounded_so_the_record_loads_back() -> None:
    with pytest.raises(PicnicError, match="a seed has at most 39 digits"):
        play("sandwich", [RandomAgent(), RandomAgent()], seed=10**39)
    record = play("sandwich", [RandomAgent(), RandomAgent()], seed=10**39 - 1)
    assert codec.loads(codec.dumps(record)) == record
