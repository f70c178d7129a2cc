"""Random play through the checks: :func:`check_play` and :func:`check_game`."""

from __future__ import annotations

import inspect
import random
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from ..agents import RandomAgent
from ..errors import RulesError
from ..game import CHANCE, Game, GenericPart
from ..kit import frontend
from ..match import Record, play
from ..match import replay as match_replay
from ..typevars import M, R, S, V
from . import documents, forgery, loop, termination
from .checker import Checker, Node
from .report import Report, select_checks

__all__ = ["check_game", "check_long_game", "check_play"]


def _random_choice(checker: Checker[S, V, M, R], seed: int) -> loop.Choose[S, M]:
    """Chance from ``random.Random(seed)``, each seat a RandomAgent with its own generator."""
    game = checker.game
    chance_rng = random.Random(seed)
    seat_rngs = [loop.seat_rng(seed, seat) for seat in range(checker.players)]
    agent = RandomAgent()

    def choose(state: S, node: Node[M]) -> M:
        actor = node.actor
        if actor is CHANCE:
            return checker.call(
                "chance", "sample_chance(state, rng)", state, game.sample_chance, state, chance_rng
            )
        assert actor is not None
        seen = checker.call("view", f"view(state, {actor})", state, game.view, state, actor)
        move: M = agent(seen, node.legal, seat_rngs[actor])
        return move

    return choose


def _by_construction(game: Game[S, V, M, R, Any], skip: Iterable[str] | None) -> list[str]:
    """``skip``, and 'observation-leaks' for a game whose ``observe`` is the kit's default
    (:func:`picnic_rules.kit.frontend.observe`, not named in :attr:`Game.provides
    <picnic_rules.Game.provides>`): its observation is the seat's next view, and the move
    only when the seat sees it made, so it tells a seat nothing its view does not show --
    but it holds each seat's own view, which the check's rule for a public move (observed
    alike by every seat) would refuse."""
    chosen = [skip] if isinstance(skip, str) else list(skip or ())
    default = (
        isinstance(game.observe, GenericPart)
        and inspect.unwrap(game.observe.function) is frontend.observe  # under the kit's guard
    )
    return [*chosen, "observation-leaks"] if default else chosen


def check_play(
    game: Game[S, V, M, R, Any],
    *,
    players: int,
    rules: R | None = None,
    seed: int = 0,
    variant: str | None = None,
    thorough: bool = False,
    every: int = 5,
    sample: int = 3,
    only: Iterable[str] | None = None,
    skip: Iterable[str] | None = None,
) -> Report:
    """Random-play one game with ``seed`` and check every step; return what was done.

    Chance is drawn with ``random.Random(seed)`` through ``game.sample_chance``;
    each seat plays a :class:`~picnic_rules.RandomAgent` with its own seeded
    generator, so a seed reproduces the game. ``rules`` defaults to
    ``game.Rules()``; ``variant`` only names it in messages.

    The cheap checks run after every step. The expensive ones -- applying
    *every* legal move, the notation, codec, document and leak tests, forged
    views, more illegal probes -- run every ``every``-th step
    (and at the first and last states); in between, ``sample`` legal moves
    are applied. ``thorough=True`` runs everything at every step, and also
    checks each child state and every collected move as an illegal probe.
    ``only`` and ``skip`` choose checks by their names in :data:`CHECKS`
    (an unknown name raises :class:`ValueError`).

    Raises :class:`AssertionError` describing the first check that fails (with
    the call that reproduces it) and :class:`~picnic_rules.RulesError` if
    ``rules`` cannot seat ``players``.
    """
    chosen: R = rules if rules is not None else game.Rules()
    checker = loop.make_checker(
        game,
        players,
        chosen,
        seed=seed,
        variant=variant,
        thorough=thorough,
        every=every,
        sample=sample,
        only=only,
        skip=_by_construction(game, skip),
    )
    state, outcome = loop.run(checker, _random_choice(checker, seed))
    record = Record(
        game=game.name,
        players=players,
        rules=chosen,
        seed=seed,
        moves=tuple(checker.history),
        outcome=outcome,
    )
    documents.check_object(checker, record, "the record", state)
    documents.check_history(checker, record, seed % players, state)
    if checker.on("forged-observations"):
        forgery.check(checker, record, seed % players, state)
    if checker.on("replay"):
        final = checker.call("replay", "replaying the record", state, loop.replay, game, record)
        if final != state:
            checker.fail("replay", "replaying the moves does not reach the same final state", final)
        checker.ok()
    if checker.on("determinism"):
        _check_determinism(checker, seed, state)
    return _report(checker, outcome.reason)


def _report(checker: Checker[S, V, M, R], reason: str) -> Report:
    """What the checker of one game did, as a :class:`Report`."""
    return Report(
        game=checker.game.name,
        games=1,
        steps=checker.step,
        chance_steps=checker.chance_steps,
        checks=checker.checks,
        observations=checker.observations,
        reasons={reason: 1},
    )


def _check_determinism(checker: Checker[S, V, M, R], seed: int, state: S) -> None:
    """Two ``play`` runs with one seed give one record, which replays to its outcome."""
    game, players, rules = checker.game, checker.players, checker.rules
    agents = [RandomAgent() for _ in range(players)]
    call = f"play(game, agents, seed={seed})"
    first, second = (
        checker.call("determinism", call, state, play, game, agents, seed=seed, rules=rules)
        for _ in range(2)
    )
    if first != second:
        checker.fail("determinism", f"play with seed {seed} gave two different records", state)
    states = checker.call(
        "determinism", "match.replay(record, game)", state, match_replay, first, game
    )
    final = states[-1]
    reached = checker.call("determinism", "result(replayed state)", final, game.result, final)
    if reached != first.outcome:
        checker.fail(
            "determinism",
            f"play's record states {first.outcome!r} but its moves reach {reached!r}",
            final,
        )
    checker.ok()


def _variants(
    game: Game[S, V, M, R, Any], variants: Mapping[str, R] | Iterable[str] | None
) -> dict[str, R]:
    if variants is None:
        return dict(game.variants) or {"default": game.Rules()}
    if isinstance(variants, Mapping):
        return dict(variants)
    if isinstance(variants, str):
        variants = [variants]
    out = {}
    for name in variants:
        if name not in game.variants:
            known = ", ".join(game.variants)
            raise ValueError(f"{game.name} has no variant {name!r} (known: {known})")
        out[name] = game.variants[name]
    return out


def check_game(
    game: Game[S, V, M, R, Any],
    *,
    games: int = 20,
    seed: int = 0,
    players: int | Iterable[int] | None = None,
    variants: Mapping[str, R] | Iterable[str] | None = None,
    thorough: bool = False,
    every: int = 5,
    sample: int = 3,
    only: Iterable[str] | None = None,
    skip: Iterable[str] | None = None,
) -> Report:
    """Random-play ``games`` games for every variant and player count, checking every step.

    ``players`` is one count or several (default: every count from
    ``game.min_players`` to ``game.max_players``). ``variants`` is a list of
    names from ``game.variants``, or a mapping of names to ``Rules`` of your
    own (default: every variant in ``game.variants``). Game ``i`` of each
    combination is played with seed ``seed + i``. The other options are those
    of :func:`check_play`.

    Combinations the rules refuse (``new_game`` raises
    :class:`~picnic_rules.RulesError`, e.g. a ``first_player`` beyond the
    seats) are skipped and listed in :attr:`Report.skipped`; if every
    combination is refused, that is a failure.

    Raises :class:`AssertionError` at the first failing check, naming the
    game, variant, players, seed, step and check.

    >>> from picnic_rules import GAMES
    >>> report = check_game(GAMES["sandwich"], games=2, players=2, variants=["small-deck"])
    >>> report.games
    2
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    select_checks(only, skip)  # an unknown name fails before any game is played
    if players is None:
        counts: list[int] = list(range(game.min_players, game.max_players + 1))
    elif isinstance(players, int):
        counts = [players]
    else:
        counts = list(players)
    report = Report(game=game.name)
    skipped: list[str] = []
    tried = 0
    for name, rules in _variants(game, variants).items():
        for count in counts:
            try:
                game.new_game(count, rules)
            except RulesError as exc:
                skipped.append(f"{name!r} with {count} players: {exc}")
                continue
            except Exception:
                pass  # check_play reports it with its context
            tried += 1
            for i in range(games):
                report += check_play(
                    game,
                    players=count,
                    rules=rules,
                    seed=seed + i,
                    variant=name,
                    thorough=thorough,
                    every=every,
                    sample=sample,
                    only=only,
                    skip=skip,
                )
    if not tried:
        raise AssertionError(
            f"{game.name}: no variant and player count could be played: {'; '.join(skipped)}"
        )
    return attrs.evolve(report, skipped=tuple(skipped))


def check_long_game(
    game: Game[S, V, M, R, Any],
    *,
    players: int,
    rules: R | None = None,
    seed: int = 0,
    variant: str | None = None,
    every: int = 1_000_000,
    only: Iterable[str] | None = None,
    skip: Iterable[str] | None = None,
) -> Report:
    """Search for a long game and check every step of it; return what was done.

    Every seat plays the long-game adversary
    (:func:`picnic_rules.testing.termination.longest_choice`): among its
    legal moves, one after which ``remaining(state).moves`` is largest, so
    the game's termination measure falls as slowly as the rules allow; chance
    is drawn with ``random.Random(seed)``. The game must still end within
    ``max_moves`` and the measure law (check ``measure``) hold at every step.
    The expensive checks run only at the first and last states unless
    ``every`` says otherwise; the other options are those of :func:`check_play`.

    >>> from picnic_rules import GAMES
    >>> report = check_long_game(GAMES["sandwich"], players=2, seed=1)
    >>> report.steps > 0
    True
    """
    checker = loop.make_checker(
        game,
        players,
        rules if rules is not None else game.Rules(),
        seed=seed,
        variant=variant,
        every=every,
        only=only,
        skip=_by_construction(game, skip),
    )
    _, outcome = loop.run(checker, termination.longest_choice(game, seed))
    return _report(checker, outcome.reason)
