"""The worked example of docs/kit.rst, Keep or Swap, installed as a third-party game.

It is installed the way pip lays out a package -- the module beside a
``*.dist-info`` holding the entry points of its ``pyproject.toml`` -- into a
temporary folder, and used from a fresh interpreter that has that folder on
its path, so that only the entry point can tell picnic_rules about it.

The game writes only its rules tier and takes the kit's front-end defaults;
``keep_or_swap_own`` is the same game with a front-end tier of its own (its
observation, words and picture), which the harness's tests also use.
"""

from __future__ import annotations

import itertools
import os
import random
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest

import picnic_rules
from picnic_rules import CHANCE, IllegalMove, InvalidState, RandomAgent, play
from picnic_rules.history import follow, seat_record
from picnic_rules.testing import check_game
from picnic_rules.testing.mutations import mutants

EXAMPLE = Path(__file__).parents[1] / "examples" / "keep_or_swap"
SOURCE = Path(picnic_rules.__file__).parents[1]  # the picnic_rules these tests import


def _entry_points() -> dict[str, str]:
    with open(EXAMPLE / "pyproject.toml", "rb") as file:
        project = tomllib.load(file)["project"]
    points: dict[str, str] = project["entry-points"]["picnic_rules.games"]
    return points


def _install(target: Path) -> None:
    shutil.copy(EXAMPLE / "keep_or_swap.py", target)
    info = target / "keep_or_swap-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: keep-or-swap\nVersion: 0.1.0\n")
    lines = "".join(f"{name} = {value}\n" for name, value in _entry_points().items())
    (info / "entry_points.txt").write_text(f"[picnic_rules.games]\n{lines}")


def _python(target: Path, code: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(target), str(SOURCE)])}
    return subprocess.run(
        [sys.executable, "-W", "always", "-c", code],
        cwd=target,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_package_declares_its_game_by_its_name() -> None:
    assert _entry_points() == {"keep-or-swap": "keep_or_swap:GAME"}


def test_installing_the_package_adds_its_game_to_games_codec_and_cli(tmp_path: Path) -> None:
    _install(tmp_path)
    ran = _python(
        tmp_path,
        """if True:
        import sys
        from picnic_rules import GAMES, RandomAgent, codec, play
        from picnic_rules.cli import main

        game = GAMES["keep-or-swap"]
        state = game.apply(game.new_game(3), game.move_from_str("draw 4"))
        assert codec.loads(codec.dumps(state)) == state
        print(codec.dumps(game.view(state, 1)))
        record = play("keep-or-swap", [RandomAgent()] * 3, seed=5)
        assert codec.loads(codec.dumps(record)) == record
        assert main(["rules", "keep-or-swap"]) == 0
        sys.exit(main(["play", "keep-or-swap", "--seed", "2", "--watch", "--all-seeing"]))
        """,
    )
    assert (ran.returncode, ran.stderr) == (0, "")
    out = ran.stdout
    assert out.startswith('{"format": 1, "game": "keep-or-swap", "kind": "view", "view": ')
    assert '"hands": [null, [0, 0, 0, 0, 0, 0], null], "held": [1, 0, 0]' in out
    assert "keep-or-swap: Keep or Swap, 2-4 players" in out
    assert "  small-deck: ranks=2; copies=4\n" in out
    assert "agents: ismcts, random (people take seats with `picnic play --seat`)\n" in out
    assert "showing every seat's view\n" in out
    assert ". seat 0: keep" in out or ". seat 0: swap" in out


def test_a_game_module_imported_before_picnic_rules_joins_games(tmp_path: Path) -> None:
    _install(tmp_path)
    ran = _python(
        tmp_path,
        """if True:
        import keep_or_swap
        from picnic_rules import GAMES, get_game

        assert "keep-or-swap" in GAMES
        assert get_game("keep-or-swap") is keep_or_swap.GAME
        """,
    )
    assert (ran.returncode, ran.stderr) == (0, "")


# ---------------------------------------------------------------- the game itself, imported
# from examples/keep_or_swap: its termination measure, moves as values, check closed under
# play, checked observations and its words.

sys.path.insert(0, str(EXAMPLE))
import keep_or_swap as ks  # noqa: E402  (the example is not a package of the tests)
import keep_or_swap_own as own  # noqa: E402

GAME, OWN = ks.GAME, own.GAME


def test_the_rules_tier_is_all_the_game_writes() -> None:
    assert GAME.provides == frozenset()
    assert OWN.provides == {
        "Observation", "observe", "update", "describe", "describe_move", "render", "move_group"
    }  # fmt: skip
    assert [f.name for f in attrs.fields(ks.Observation)] == ["seat", "actor", "move", "view"]
    assert GAME.Observation is ks.Observation and OWN.Observation is own.Observation


def test_the_worked_example_stays_within_150_lines() -> None:
    """Issue 17: with the kit's defaults a small game is its rules and little else."""
    lines = (EXAMPLE / "keep_or_swap.py").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 150, f"keep_or_swap.py is {len(lines)} lines"


def test_the_view_class_is_derived_from_the_state_declarations() -> None:
    assert [f.name for f in attrs.fields(ks.View)] == [
        "player", "deck_size", "hands", "held", "rules", "discards", "turn"
    ]  # fmt: skip
    assert ks.View.__module__ == "keep_or_swap" and GAME.View is ks.View
    state = GAME.apply(GAME.apply(GAME.new_game(3), ks.Draw(5)), ks.Draw(0))
    seen = GAME.view(state, 1)
    assert seen.players == 3 and seen.hands == (None, (1, 0, 0, 0, 0, 0), None)
    assert seen.held == (1, 1, 0) and seen.deck_size == 10
    text = picnic_rules.codec.dumps(seen, game=GAME)
    assert picnic_rules.codec.loads(text, kind="view", game=GAME) == seen


@pytest.mark.parametrize("game", [GAME, OWN], ids=["kit front end", "own front end"])
def test_the_game_passes_the_harness(game: Any) -> None:
    report = check_game(game, games=2)
    assert report.observations > report.steps > 0


def _games(count: int, players: Sequence[int] = (2, 3, 4)) -> Iterator[list[Any]]:
    """The states of ``count`` random games of each size and variant, start to end."""
    for rules in GAME.variants.values():
        for n in players:
            for seed in range(count):
                rng = random.Random(seed)
                state = GAME.new_game(n, rules)
                states = [state]
                while not GAME.is_over(state):
                    state = GAME.apply(state, rng.choice(GAME.legal_moves(state)))
                    states.append(state)
                yield states


def _law(before: Any, after: Any) -> None:
    """A step lowers its part of the measure by one or more and does not raise the other."""
    old, new = ks.remaining(before), ks.remaining(after)
    assert min(new) >= 0
    if GAME.to_move(before) is CHANCE:
        assert new.chance < old.chance and new.moves <= old.moves
    else:
        assert new.moves < old.moves and new.chance <= old.chance


def test_the_measure_falls_at_every_step_from_within_the_bounds() -> None:
    for states in _games(6):
        first = states[0]
        assert ks.remaining(first) == (
            GAME.max_moves(first.players, first.rules),
            GAME.max_chance_steps(first.players, first.rules),
        )
        for before, after in itertools.pairwise(states):
            _law(before, after)
        assert ks.remaining(states[-1]) == (0, 0)


def test_the_longest_game_the_measure_allows_stays_within_max_moves() -> None:
    # from each state the move that lowers `moves` least (ties at random), chance at random
    for players in (2, 3, 4):
        for seed in range(5):
            rng, state, moves = random.Random(seed), GAME.new_game(players), 0
            while not GAME.is_over(state):
                legal = GAME.legal_moves(state)
                if GAME.to_move(state) is CHANCE:
                    move = GAME.sample_chance(state, rng)
                else:
                    least = max(ks.remaining(GAME.apply(state, m)).moves for m in legal)
                    move = rng.choice(
                        [m for m in legal if ks.remaining(GAME.apply(state, m)).moves == least]
                    )
                    moves += 1
                after = GAME.apply(state, move)
                _law(state, after)
                state = after
            assert moves <= GAME.max_moves(players, state.rules)


def _dealt(*cards: int) -> Any:
    state = GAME.new_game(len(cards))
    for card in cards:
        state = GAME.apply(state, ks.Draw(card))
    return state


@pytest.mark.parametrize(
    "move",
    [ks.Draw("4"), ks.Draw([4]), ks.Draw(None), ks.Draw(4.5), "draw 4", None, 4, (ks.Draw(4),)],
)
def test_an_ill_typed_move_is_refused_with_illegal_move(move: Any) -> None:
    with pytest.raises(IllegalMove, match="not a move of keep-or-swap: "):
        GAME.apply(GAME.new_game(2), move)
    with pytest.raises(IllegalMove, match="not a move of keep-or-swap: "):
        GAME.apply(_dealt(5, 1), move)


def test_a_move_that_cannot_be_compared_is_refused_with_illegal_move() -> None:
    class Hostile:
        def __eq__(self, other: object) -> bool:
            raise RuntimeError("no")

        __hash__ = None  # type: ignore[assignment]

    with pytest.raises(IllegalMove, match="not a move of keep-or-swap: its card is <"):
        GAME.apply(GAME.new_game(2), ks.Draw(Hostile()))  # type: ignore[arg-type]


@pytest.mark.parametrize("look_alike", [ks.Draw(True), ks.Draw(1.0)])
def test_a_look_alike_move_is_played_as_the_listed_move(look_alike: Any) -> None:
    state = GAME.apply(GAME.new_game(2), look_alike)
    assert state == GAME.apply(GAME.new_game(2), ks.Draw(1))
    assert type(state.hands[0][1]) is int
    GAME.check(state)
    seen = OWN.observe(GAME.new_game(2), look_alike, 0)
    assert type(seen.move.card) is int  # the observation holds the listed move too
    seen = GAME.observe(GAME.new_game(2), look_alike, 0)
    assert seen.move is None and type(seen.view.hands[0][1]) is int  # chance: only the card


def test_check_is_closed_under_play_on_mutated_reachable_states() -> None:
    accepted = 0
    for states in _games(2):
        for state in states[::2]:
            for mutant in mutants(state):
                try:
                    GAME.check(mutant)
                except InvalidState:
                    continue
                accepted += 1
                _play_on(mutant, depth=3)
    assert accepted > 0


def _play_on(state: Any, depth: int) -> None:
    assert GAME.is_over(state) or GAME.legal_moves(state)
    if depth == 0 or GAME.is_over(state):
        return
    for move in GAME.legal_moves(state):
        after = GAME.apply(state, move)
        GAME.check(after)
        _law(state, after)
        _play_on(after, depth - 1)


def _histories(game: Any) -> Iterator[Any]:
    for players in (2, 3):
        for seed in range(4):
            record = play(game, [RandomAgent()] * players, seed=seed)
            for seat in range(players):
                yield seat_record(record, seat, game)


@pytest.mark.parametrize("game", [GAME, OWN], ids=["kit front end", "own front end"])
def test_a_forged_observation_is_refused_or_gives_only_views_check_view_accepts(
    game: Any,
) -> None:
    refused = harmless = 0
    for history in _histories(game):
        for index, observation in enumerate(history.observations):
            for forged in mutants(observation):
                observations = list(history.observations)
                observations[index] = forged
                try:
                    views = follow(attrs.evolve(history, observations=tuple(observations)), game)
                except IllegalMove:
                    refused += 1
                    continue
                for seen in views:
                    game.check_view(seen)
                harmless += 1
    assert refused > 0 and harmless > 0


def _follow(seat: int, forge: Callable[[int, Any], Any], game: Any = OWN) -> None:
    record = play(game, [RandomAgent()] * 2, seed=3)
    history = seat_record(record, seat, game)
    observations = tuple(forge(i, obs) for i, obs in enumerate(history.observations))
    follow(attrs.evolve(history, observations=observations), game)


@pytest.mark.parametrize(
    ("seat", "forge", "reason"),
    [
        # the showdown shown before the end
        (1, lambda i, o: attrs.evolve(o, showdown=(0, 0)) if i == 0 else o, "only at the end"),
        # a keep that discards a card
        (0, lambda i, o: attrs.evolve(o, discarded=3) if o.move == own.Keep() else o, "a keep"),
        # a card dealt to another seat shown
        (1, lambda i, o: attrs.evolve(o, move=own.Draw(2)) if i == 0 else o, "cannot see"),
        # another seat's move, or a deal where a seat acts
        (0, lambda i, o: attrs.evolve(o, seat=1), "not seat 0's"),
        (0, lambda i, o: attrs.evolve(o, move=None) if i == 2 else o, "keeps or swaps now"),
        # a showdown with a card the seat knows to be elsewhere
        (0, lambda i, o: attrs.evolve(o, showdown=(99, 99)) if o.showdown else o, "cannot show"),
    ],
)
def test_each_forgery_the_own_update_took_on_trust_once_is_refused(
    seat: int, forge: Callable[[int, Any], Any], reason: str
) -> None:
    with pytest.raises(IllegalMove, match=reason):
        _follow(seat, forge)


@pytest.mark.parametrize(
    ("seat", "forge", "reason"),
    [
        (1, lambda i, o: attrs.evolve(o, seat=0), "not seat 1's"),
        (0, lambda i, o: attrs.evolve(o, view=attrs.evolve(o.view, player=1)), "a view of seat 0"),
        (
            0,
            lambda i, o: attrs.evolve(o, view=attrs.evolve(o.view, deck_size=99)),
            "do not add up to the deck",
        ),
    ],
)
def test_the_kit_update_refuses_an_observation_that_does_not_follow_the_view(
    seat: int, forge: Callable[[int, Any], Any], reason: str
) -> None:
    with pytest.raises(IllegalMove, match=reason):
        _follow(seat, forge, GAME)


def _said(game: Any) -> tuple[list[str], Any]:
    """Seat 1's words of a 2-seat game of 12 ranks, and its view at the end."""
    state, said = game.new_game(2, ks.Rules(ranks=12)), []
    seen = game.view(state, 1)
    for move in [ks.Draw(8), ks.Draw(1), ks.Swap(), ks.Draw(2), ks.Keep()]:
        if game.to_move(state) == 1:
            said.append(game.describe_move(seen, move))
        observation = game.observe(state, move, 1)
        said.append(game.describe(seen, observation))
        seen, state = game.update(seen, observation), game.apply(state, move)
    return said, seen


def test_the_kit_words_are_the_notation_after_who_moved() -> None:
    said, seen = _said(GAME)
    assert said == [
        "chance acts",
        "chance acts",
        "seat 0's move: swap",
        "chance acts",
        "your move: keep",
        "your move: keep",
    ]
    picture = GAME.render(seen)
    assert picture.startswith("Keep or Swap, seat 1\nplayer: 1\n")
    assert "\nheld: (1 1)\n" in picture and "\ndiscards: (0 0 0 0 0 0 0 0 1 0 0 0)\n" in picture
    assert "\nhands: ((0 0 1 0 0 0 0 0 0 0 0 0) (0 1 0 0 0 0 0 0 0 0 0 0))\n" in picture
    assert GAME.move_group(ks.Draw(3)) == ("draw", "3") and GAME.move_group(ks.Keep()) == (
        "keep",
        "",
    )


def test_the_own_words_are_lower_case_without_a_full_stop_and_agree_with_numbers() -> None:
    said, _ = _said(OWN)
    assert said == [
        "seat 0 is dealt a card",
        "you are dealt a 1",
        "seat 0 swaps an 8",
        "seat 0 is dealt a card",
        "keep your card and show every card",
        "you keep your card — the cards are shown: 2, 1",
    ]
    small = ks.Rules(ranks=2, copies=2)
    state = OWN.new_game(2, small)
    for move in [ks.Draw(0), ks.Draw(0), ks.Swap(), ks.Draw(1)]:
        state = OWN.apply(state, move)
    assert OWN.render(OWN.view(state, 1)).endswith("deck: 1 card, discards: 0")
