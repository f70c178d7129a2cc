"""One way in, for every game: ill-typed moves, look-alikes, text and the reasons for
illegal moves, as the core handles them (``Game.move_as``, ``Game.illegal_reason``,
``play``, the human agent, ``Game.agents``)."""

from __future__ import annotations

import inspect
import math
import random
from typing import Any

import attrs
import pytest
from games import BUILT_IN

from picnic_rules import (
    CHANCE,
    GAMES,
    IllegalMove,
    InvalidMove,
    InvalidState,
    PicnicError,
    codec,
    play,
    replay,
)
from picnic_rules.agents import HumanAgent, agent_names, make_agent
from picnic_rules.agents.ismcts import SearchAgent
from picnic_rules.errors import move_text, with_article
from picnic_rules.kit import ill_typed
from picnic_rules.sandwich import Card, Play
from picnic_rules.testing.kinds import ARGUMENTS
from picnic_rules.testing.move_values import lookalikes

NAMES = list(BUILT_IN)


def a_decision(name: str, seed: int = 1) -> Any:
    """A state of game ``name`` some way into a random game where a seat is to act."""
    game = GAMES[name]
    record = play(name, ["random"] * 2, seed=seed)
    states = replay(record)
    deciding = [s for s in states if type(game.to_move(s)) is int]
    return deciding[len(deciding) // 3]


def test_an_error_message_cannot_fail() -> None:
    class Broken:
        def __str__(self) -> str:
            raise AttributeError("no __str__")

        def __repr__(self) -> str:
            return "Broken()"

    error = IllegalMove(Broken(), "not legal now")
    assert str(error) == "illegal move 'Broken()': not legal now"
    assert move_text("a" * 500).endswith("...") and len(move_text("a" * 500)) == 80


@pytest.mark.parametrize("name", NAMES)
def test_every_agent_make_agent_accepts_is_listed(name: str) -> None:
    game = GAMES[name]
    assert set(game.agents) == set(agent_names(game))
    assert {"random", "ismcts", "human", "computer"} <= set(game.agents)
    for agent in game.agents:
        assert callable(make_agent(game, agent))
    assert isinstance(game.agents["human"](), HumanAgent)


@pytest.mark.parametrize("name", NAMES)
def test_play_records_the_listed_move_not_the_agents_lookalike(name: str) -> None:
    def lookalike_agent(view: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
        move = rng.choice(legal)
        copies = lookalikes(move)
        return copies[0] if copies else move

    record = play(name, [lookalike_agent, "random"], seed=4)
    assert all(ill_typed(move) is None for move in record.moves)
    assert codec.loads(codec.dumps(record)) == record


@pytest.mark.parametrize("name", NAMES)
def test_move_as_refuses_a_non_move_and_an_ill_typed_move(name: str) -> None:
    game = GAMES[name]
    state = a_decision(name)
    seat = game.to_move(state)
    move = game.legal_moves(state)[0]
    for junk in (42, None, "", "x" * 10_000, object()):
        with pytest.raises(InvalidMove):
            game.move_as(state, seat, junk)
    field = attrs.fields(type(move))[0].name if attrs.fields(type(move)) else None
    if field is not None:
        broken = attrs.evolve(move, **{field: "not a value"})
        with pytest.raises((InvalidMove, IllegalMove)):
            game.move_as(state, seat, broken)


@pytest.mark.parametrize("name", NAMES)
def test_the_reason_for_an_illegal_move_comes_from_the_seats_view(name: str) -> None:
    game = GAMES[name]
    state = a_decision(name)
    seat = game.to_move(state)
    view = game.view(state, seat)
    legal = set(game.legal_moves(state))
    others = [
        m
        for s in replay(play(name, ["random"] * 2, seed=9))
        if type(game.to_move(s)) is int
        for m in game.legal_moves(s)
        if m not in legal
    ][:20]
    assert others
    for move in others:
        stand_ins = [game.determinize(view, random.Random(n)) for n in range(3)]
        reasons = set()
        for position in (state, *stand_ins):
            with pytest.raises(IllegalMove) as caught:
                game.move_as(position, seat, move)
            reasons.add(caught.value.reason)
        assert reasons == {game.illegal_reason(view, move)}


def test_move_as_reads_text_with_parse_move_shorthands() -> None:
    game = GAMES["insects"]
    for seed in range(40):
        for state in replay(play("insects", ["random"] * 2, seed=seed)):
            actor = game.to_move(state)
            if actor is None or actor is CHANCE:
                continue
            try:
                expected = game.parse_move(state, "defend")
            except PicnicError:
                continue
            assert game.move_as(state, actor, "defend") == expected
            assert game.apply_as(state, actor, "defend") == game.apply(state, expected)
            return
    pytest.fail("no state where 'defend' is a legal shorthand")


def test_the_human_agent_takes_shorthands_and_gives_reasons_from_its_view() -> None:
    game = GAMES["sandwich"]
    state = a_decision("sandwich")
    seat = game.to_move(state)
    legal = game.legal_moves(state)
    said: list[str] = []
    answers = iter(["play jelly on 7", str(legal[-1])])
    agent = HumanAgent(game, input=lambda prompt: next(answers), output=said.append)
    chosen = agent(game.view(state, seat), legal, random.Random(0))
    assert chosen is legal[-1]
    refusal = next(line for line in said if line.startswith("illegal move"))
    assert refusal.endswith(game.illegal_reason(game.view(state, seat), Play(Card.JELLY, 7)))


WRONG_KINDS = [None, "a state", 42, ("tuple",)]


@pytest.mark.parametrize("name", NAMES)
def test_a_wrong_kind_of_object_gets_the_librarys_error(name: str) -> None:
    """Every contract function of the record refuses what is not the game's own position
    with ``InvalidState`` -- the hot ones too, even a position of another game whose fields
    would answer (``insects.legal_moves`` of an ants state once listed insects draws)."""
    game = GAMES[name]
    others = [GAMES[n] for n in NAMES if n != name]
    wrong = [
        *WRONG_KINDS,
        *(other.new_game(2) for other in others),
        *(other.view(other.new_game(2), 0) for other in others),
    ]
    move = game.random_move(game.new_game(2), random.Random(0))
    calls = {
        "to_move": lambda x: (x,),
        "legal_moves": lambda x: (x,),
        "apply": lambda x: (x, move),
        "apply_legal": lambda x: (x, move),
        "sample_chance": lambda x: (x, random.Random(0)),
        "is_over": lambda x: (x,),
        "result": lambda x: (x,),
        "check": lambda x: (x,),
        "view": lambda x: (x, 0),
        "remaining": lambda x: (x,),
        **({"chance_outcomes": lambda x: (x,)} if game.chance == "explicit" else {}),
        "determinize": lambda x: (x, random.Random(0)),
        "render": lambda x: (x,),
        "check_view": lambda x: (x,),
    }
    for function, arguments in calls.items():
        for value in wrong:
            try:
                getattr(game, function)(*arguments(value))
            except InvalidState as exc:
                assert "takes" in str(exc) or "not" in str(exc), (function, exc)
                continue
            except Exception as exc:  # pragma: no cover - the failure message
                pytest.fail(f"{name}.{function}({value!r:.40}) raised {exc!r}")
            pytest.fail(f"{name}.{function}({value!r:.40}) answered")  # pragma: no cover


@pytest.mark.parametrize("name", NAMES)
def test_the_guards_name_the_position_they_were_given(name: str) -> None:
    game = GAMES[name]
    other = GAMES["insects" if name != "insects" else "ants"]
    with pytest.raises(InvalidState) as caught:
        game.legal_moves(other.new_game(2))
    assert str(caught.value) == (
        f"legal_moves takes {with_article(name + ' State')}, "
        f"not {with_article(other.name + ' State')}"
    )
    takes_views = name in {"sandwich", "poultry"}  # to_move(state: State | View)
    if takes_views:
        assert game.to_move(game.view(game.new_game(2), 0)) is CHANCE
    with pytest.raises(InvalidState, match=" or View, " if takes_views else " State, not"):
        game.to_move(other.view(other.new_game(2), 0))


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("rng", [None, 42, "seed", random])
def test_a_wrong_kind_of_rng_gets_the_librarys_error(name: str, rng: Any) -> None:
    """``sample_chance(state, 42)`` (a seed for a ``random.Random``) is refused with the
    library's error naming what it takes, not an ``AttributeError`` from inside a draw."""
    game = GAMES[name]
    state = game.new_game(2)  # every game opens with chance: a deal
    assert game.to_move(state) is CHANCE
    view = game.view(state, 0)
    shown = "None" if rng is None else with_article(type(rng).__name__)
    for call in (
        lambda: game.sample_chance(state, rng),
        lambda: game.determinize(view, rng),
        lambda: game.random_move(state, rng),
    ):
        with pytest.raises(PicnicError, match=f"draws from a random.Random .*, not {shown}$"):
            call()
    assert game.to_move(game.apply(state, game.sample_chance(state, random.Random(1))))


@pytest.mark.parametrize("name", NAMES)
def test_an_agent_called_with_the_wrong_kinds_says_which(name: str) -> None:
    """``agent(view, legal_moves, rng)`` with another game's view, a state, a seed for an
    rng or no legal moves: the library's error naming the argument, before or instead of
    whatever the agent would have done with it."""
    game = GAMES[name]
    other = GAMES["insects" if name != "insects" else "ants"]
    rng = random.Random(3)
    state = game.new_game(2)
    while game.to_move(state) is CHANCE:
        state = game.apply(state, game.sample_chance(state, rng))
    seat = game.to_move(state)
    view, legal = game.view(state, seat), game.legal_moves(state)
    wrong = {
        "another game's view": (
            (other.view(other.new_game(2), 0), legal, rng),
            f"takes {with_article(name + ' View')} .*, not {with_article(other.name + ' View')}",
        ),
        "a state": ((state, legal, rng), f"not {with_article(name + ' State')}"),
        "a seed": ((view, legal, 42), r"draws from a random.Random .*, not an int"),
        "no legal moves": ((view, (), rng), "there are none"),
        "no list": ((view, None, rng), "chooses among the legal moves .*, not None"),
    }
    for agent_name in ("computer", "ismcts", "random"):
        agent = make_agent(game, agent_name)
        for what, (arguments, message) in wrong.items():
            if agent_name == "random" and what in {"another game's view", "a state"}:
                continue  # the random agent ignores its view
            with pytest.raises(PicnicError, match=message):
                agent(*arguments)
        assert agent(view, legal, random.Random(1)) in legal


def test_the_match_functions_refuse_the_wrong_kinds() -> None:
    game = GAMES["sandwich"]
    with pytest.raises(PicnicError, match="one agent per seat, not None"):
        play(game, None, seed=1)  # type: ignore[call-overload]
    with pytest.raises(PicnicError, match=r"replay takes a Record \(replay\(record, game\)\)"):
        replay(game, None)  # type: ignore[call-overload]
    record = play(game, ["random", "random"], seed=1)
    with pytest.raises(PicnicError, match=r"must be a Game .*, not a str"):
        replay(record, "sandwich")  # type: ignore[call-overload]
    with pytest.raises(PicnicError, match=r"an agent's name is a str .*, not a list"):
        make_agent(game, [])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("iterations", "10", "iterations must be an int, not '10'"),
        ("iterations", 10.0, "iterations must be an int"),
        ("iterations", True, "iterations must be an int"),
        ("seconds", math.nan, "seconds must be a finite number, not nan"),
        ("seconds", math.inf, "seconds must be a finite number"),
        ("exploration", "0.7", "exploration must be a finite number"),
        ("depth", 2.5, "depth must be an int"),
        ("widening", None, None),
        ("prior_weight", -1, "prior_weight must not be negative"),
        ("rollout", [], "rollout must be 'random' or 'computer' or a policy, not a list"),
        ("game", None, r"the game searched must be a Game \(GAMES\[name\]\), not None"),
    ],
)
def test_the_search_options_refuse_the_wrong_kinds(option: str, value: Any, message: str) -> None:
    options = {"game": GAMES["sandwich"], option: value}
    if message is None:
        assert getattr(SearchAgent(**options), option) == value
        return
    with pytest.raises(PicnicError, match=f"^{message}"):
        SearchAgent(**options)


def test_the_harness_hands_garbage_to_every_function_of_the_record() -> None:
    """The ``wrong-kind`` check's sweep (``testing.kinds.garbage``) lists every function of
    the ``Game`` record and every method, so a new one cannot escape it."""
    game = GAMES["sandwich"]
    functions = {
        field.name
        for field in attrs.fields(type(game))
        if callable(getattr(game, field.name))
        and not isinstance(getattr(game, field.name), type)
        and field.name != "agents"  # a table of factories, not a function of the game
    }
    methods = {
        name
        for name, member in vars(type(game)).items()
        if inspect.isfunction(member) and not name.startswith("_")
    }
    assert functions | methods == set(ARGUMENTS)
    for name, roles in ARGUMENTS.items():
        function = getattr(game, name)
        try:
            parameters = inspect.signature(function).parameters.values()
        except (TypeError, ValueError):
            continue
        positional = [p for p in parameters if p.kind is not p.KEYWORD_ONLY]
        if not any(p.kind is p.VAR_POSITIONAL for p in positional):
            assert len(positional) == len(roles), name
