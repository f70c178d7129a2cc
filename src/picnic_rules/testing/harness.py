"""Random play through the checks: :func:`check_play` and :func:`check_game`."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from ..agents import RandomAgent
from ..errors import RulesError
from ..game import CHANCE, AnyGame
from ..match import Record, play

if TYPE_CHECKING:
    pass
from .checker import (
    Report,
    _Checker,
    _codec_works,
    _new_game,
    _registered,
    _replay,
    _seat_rng,
    default_max_steps,
)

# --------------------------------------------------------------------------
# random play


def check_play(
    game: AnyGame,
    *,
    players: int,
    rules: Any = None,
    seed: int = 0,
    variant: str | None = None,
    thorough: bool = False,
    every: int = 5,
    sample: int = 3,
    max_steps: int | None = None,
) -> Report:
    """Random-play one game with ``seed`` and check every step; return what was done.

    Chance is drawn with ``random.Random(seed)`` through ``game.sample_chance``;
    each seat plays a :class:`~picnic_rules.RandomAgent` with its own seeded
    generator, so a seed reproduces the game. ``rules`` defaults to
    ``game.Rules()``; ``variant`` only names it in messages.

    The cheap checks run after every step. The expensive ones -- applying
    *every* legal move, the notation, codec and leak tests, more illegal
    probes -- run every ``every``-th step (and at the first and last states);
    in between, ``sample`` legal moves are applied. ``thorough=True`` runs
    everything at every step, and also checks each child state and every
    collected move as an illegal probe.

    Raises :class:`AssertionError` describing the first check that fails (with
    the call that reproduces it) and :class:`~picnic_rules.RulesError` if
    ``rules`` cannot seat ``players``.
    """
    if rules is None:
        rules = game.Rules()
    name = variant if variant is not None else _variant_name(game, rules)
    limit = game.max_moves(players, rules)
    steps_limit = max_steps if max_steps is not None else default_max_steps(game, players, rules)
    checker = _Checker(
        game,
        players,
        rules,
        variant=name,
        seed=seed,
        thorough=thorough,
        every=every,
        sample=sample,
        rng=random.Random(f"testing:{seed}:harness"),
        use_codec=_codec_works(game),
    )
    state = _new_game(game, players, rules)
    chance_rng = random.Random(seed)
    seat_rngs = [_seat_rng(seed, seat) for seat in range(players)]
    agent = RandomAgent()
    while True:
        actor, legal = checker.visit(state, force_deep=checker.step == 0)
        if actor is None:
            break
        if actor is CHANCE:
            move = checker.call(
                "chance", "sample_chance(state, rng)", state, game.sample_chance, state, chance_rng
            )
        else:
            seen = checker.call("view", f"view(state, {actor})", state, game.view, state, actor)
            move = agent(seen, legal, seat_rngs[actor])
        state = checker.apply(state, move, set(legal), actor)
        checker.bound(limit, steps_limit, state)
    if not checker.deep():  # the final state always gets the expensive checks
        checker.visit(state, force_deep=True)
    outcome = checker.finish(state)

    record = Record(
        game=game.name,
        players=players,
        rules=rules,
        seed=seed,
        moves=tuple(checker.history),
        outcome=outcome,
    )
    if checker.use_codec:
        checker.round_trip(record, "the record", state)
    final = checker.call("replay", "replaying the record", state, _replay, game, record)
    if final != state:
        checker.fail("replay", "replaying the moves does not reach the same final state", final)
    checker.ok()
    _check_determinism(checker, state)
    return Report(
        game=game.name,
        games=1,
        steps=checker.step,
        chance_steps=checker.chance_steps,
        checks=checker.checks,
        reasons={outcome.reason: 1},
    )


def _check_determinism(checker: _Checker, state: Any) -> None:
    """Two ``play`` runs with one seed give one record, which replays to its outcome."""
    game, players, rules, seed = checker.game, checker.players, checker.rules, checker.seed
    assert seed is not None
    agents = [RandomAgent() for _ in range(players)]
    call = f"play(game, agents, seed={seed})"
    first, second = (
        checker.call("determinism", call, state, play, game, agents, seed=seed, rules=rules)
        for _ in range(2)
    )
    if first != second:
        checker.fail("determinism", f"play with seed {seed} gave two different records", state)
    final = checker.call("replay", "replaying play's record", state, _replay, game, first)
    reached = checker.call("replay", "result(replayed state)", final, game.result, final)
    if reached != first.outcome:
        checker.fail(
            "replay",
            f"play's record states {first.outcome!r} but its moves reach {reached!r}",
            final,
        )
    if _registered(game):  # match.replay finds the game by name
        from ..match import replay

        states = checker.call("replay", "match.replay(record)", final, replay, first)
        if states[-1] != final:
            checker.fail("replay", "match.replay(record) ends in another final state", final)
    checker.ok()


def _variant_name(game: AnyGame, rules: Any) -> str:
    for name, known in game.variants.items():
        if known == rules:
            return name
    return "(custom)"


def _variants(game: AnyGame, variants: Mapping[str, Any] | Iterable[str] | None) -> dict[str, Any]:
    if variants is None:
        chosen = dict(game.variants)
        if not chosen:
            chosen = {"default": game.Rules()}
        return chosen
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
    game: AnyGame,
    *,
    games: int = 20,
    seed: int = 0,
    players: int | Iterable[int] | None = None,
    variants: Mapping[str, Any] | Iterable[str] | None = None,
    thorough: bool = False,
    every: int = 5,
    sample: int = 3,
    max_steps: int | None = None,
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
                    max_steps=max_steps,
                )
    if not tried:
        raise AssertionError(
            f"{game.name}: no variant and player count could be played: {'; '.join(skipped)}"
        )
    return attrs.evolve(report, skipped=tuple(skipped))
