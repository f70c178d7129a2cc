"""Decoding the outcome and record documents, validated against their game.

An outcome must be one the game can give: its ``reason`` is one of
``game.reasons``, it has one score per seat for a player count the game
takes (exactly the record's ``players`` inside a record), and its
``winners`` are exactly the seats with the top score
(:meth:`~picnic_rules.Outcome.from_scores`: equal leaders all win). Scores
are not bounded here: their range is each game's own.

A record's ``players`` must be a count the game seats, its ``rules`` must
seat them (``game.new_game`` accepts both), and it may hold no more moves
than ``game.max_moves`` plus ``game.max_chance_steps`` allow. Its moves are
read as notation but not replayed here: :func:`picnic_rules.replay` does that,
refusing the first move that is not legal and an outcome the moves do not
reach, so a front end can still show the valid prefix of a broken record.
A history document's ``players``, ``rules`` and ``outcome`` are read by the
same functions (:mod:`.updates`).
"""

from __future__ import annotations

import typing
from typing import Any

import cattrs

from ..errors import DecodeError, RulesError, shorten
from ..game import AnyGame, Outcome
from .failures import first_failure, json_type, structure

__all__ = [
    "decode_final_outcome",
    "decode_outcome",
    "decode_players_rules",
    "decode_record",
    "max_steps",
]


def decode_outcome(
    game: AnyGame, converter: cattrs.Converter, value: object, players: int | None, path: str
) -> Outcome:
    """The outcome document ``value`` at ``path``; ``players`` is the record's, if inside one."""
    outcome: Outcome = structure(converter, value, Outcome, path)
    if outcome.reason not in game.reasons:
        known = ", ".join(game.reasons)
        raise DecodeError(
            f"{path}.reason",
            f"{shorten(outcome.reason)!r} is not an end reason of {game.name} (one of: {known})",
        )
    count = len(outcome.scores)
    if players is not None and count != players:
        raise DecodeError(f"{path}.scores", f"expected {players} scores, one per seat, not {count}")
    try:
        game.check_players(count)
    except RulesError as exc:
        raise DecodeError(f"{path}.scores", f"one score per seat: {exc.reason}") from None
    winners = Outcome.from_scores(outcome.scores, outcome.reason).winners
    if outcome.winners != winners:
        shown = shorten(repr(list(outcome.winners)))
        raise DecodeError(
            f"{path}.winners",
            f"the winners are the seats with the top score, {list(winners)}, not {shown}",
        )
    return outcome


def _rules_path(exc: RulesError) -> str:
    return "$.rules" if exc.field is None else f"$.rules.{exc.field}"


def decode_players_rules(
    doc: dict[str, Any], game: AnyGame, converter: cattrs.Converter
) -> tuple[int, Any]:
    """The ``players`` and ``rules`` of a record or history document, as ``game.new_game`` takes them."""
    players: int = structure(converter, doc["players"], int, "$.players")
    try:
        game.check_players(players)
    except RulesError as exc:
        raise DecodeError("$.players", exc.reason) from None
    rules = structure(converter, doc["rules"], game.Rules, "$.rules")
    try:
        game.new_game(players, rules)
    except RulesError as exc:
        raise DecodeError(_rules_path(exc), exc.reason) from None
    return players, rules


def max_steps(game: AnyGame, players: int, rules: Any) -> int:
    """The most moves, chance steps included, a game of ``players`` under ``rules`` can last."""
    return game.max_moves(players, rules) + game.max_chance_steps(players, rules)


def decode_record(doc: dict[str, Any], game: AnyGame, converter: cattrs.Converter) -> object:
    """The :class:`~picnic_rules.Record` of the record document ``doc`` (its keys already checked)."""
    from ..match import Record

    players, rules = decode_players_rules(doc, game, converter)
    seed = structure(converter, doc["seed"], int | None, "$.seed")
    raw_moves = doc["moves"]
    if type(raw_moves) is not list:
        raise DecodeError("$.moves", f"expected an array, not {json_type(raw_moves)}")
    limit = max_steps(game, players, rules)
    if len(raw_moves) > limit:
        raise DecodeError(
            "$.moves",
            f"{len(raw_moves)} moves, more than the {limit} "
            f"a {players}-player game of {game.name} can last",
        )
    move_union: Any = typing.Union[tuple(game.move_types)]  # noqa: UP007
    hook = converter.get_structure_hook(move_union)
    moves = []
    for i, item in enumerate(raw_moves):
        try:
            moves.append(hook(item, move_union))
        except Exception as exc:
            raise DecodeError(*first_failure(exc, f"$.moves[{i}]")) from None
    return Record(
        game=game.name,
        players=players,
        rules=rules,
        seed=seed,
        moves=tuple(moves),
        outcome=decode_final_outcome(doc, game, converter, players),
    )


def decode_final_outcome(
    doc: dict[str, Any], game: AnyGame, converter: cattrs.Converter, players: int
) -> Outcome | None:
    """The ``outcome`` of a record or history document: ``null`` or one of ``players`` seats."""
    raw = doc["outcome"]
    return None if raw is None else decode_outcome(game, converter, raw, players, "$.outcome")
