"""Nothing learned from a told outcome: at a real table, every answer the host gives a seat
that tells chance's outcome -- taken or refused, the reason, the work done before the
answer (the store's round trips and the states dealt from the view) and, when taken, the
seat's whole answer -- is the same whatever the hidden cards are, so long as they agree
with the seat's view.

The law, read from each game's :class:`~picnic_rules.Game` record: at every chance step of
real tables played to the end, a seat tells every outcome its view allows (and some it
rules out); the same is told at the same table with the hidden cards dealt again from the
seat's view (``game.determinize``); the answers must be equal."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from picnic_rules import CHANCE, GAMES, IllegalMove, InvalidMove
from picnic_rules.host import Host, MemoryStore, Saved, Table, open_store
from picnic_rules.host import told as told_module
from picnic_rules.host.host import _Loaded
from picnic_rules.host.told import judge, possible_outcomes

TABLES = [
    ("sandwich", {"flies": 2}, 2, 1),
    ("insects", {}, 2, 2),
    ("poultry", {"variant": "short"}, 2, 3),
]
"""The games, their rules (sandwich with two flies: the case where a refusal told a seat
that both were in the other hand; poultry's short variant, with little grain), seats and
seed: each played to the end at a real table."""


def rules_of(game: Any, rules: dict[str, Any]) -> Any:
    """The game's ``Rules`` from ``rules``: a named variant, or fields of the default."""
    if "variant" in rules:
        return game.variants[rules["variant"]]
    return game.Rules(**rules)


REDEALS = 2
"""How many times the hidden cards are dealt again at each chance step."""

ID = "table"


class Recording(MemoryStore):
    """A memory store that notes every round trip an answer makes (the part of its time a
    client may measure from afar), without the documents."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[tuple[Any, ...]] = []

    def load(self, table_id: str) -> tuple[str, int] | None:
        self.calls.append(("load",))
        return super().load(table_id)

    def version(self, table_id: str) -> int | None:
        self.calls.append(("version",))
        return super().version(table_id)

    def save(
        self,
        table_id: str,
        document: str,
        version: int,
        finished: bool,
        expected: int,
        previous: str | None = None,
    ) -> bool:
        self.calls.append(("save", version, finished, expected, previous is not None))
        return super().save(table_id, document, version, finished, expected, previous)


def fork(table: Table, state: Any) -> Table:
    """A copy of ``table`` that plays on by itself, at ``state`` (its own, or one with the
    hidden cards dealt again)."""
    twin = copy.copy(table)
    twin.states = [*table.states[:-1], state]
    twin.moves = list(table.moves)
    twin._chances = list(table._chances)
    twin._kept = dict(table._kept)
    twin.redeals = dict(table.redeals)
    return twin


@pytest.fixture
def dealt(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """How many states the host deals from a view while it answers (counted by its one
    dealer, :func:`~picnic_rules.host.told.stand_ins`)."""
    counted = [0]
    original = told_module.stand_ins

    def counting(game: Any, view: Any, count: int) -> Iterator[Any]:
        for state in original(game, view, count):
            counted[0] += 1
            yield state

    monkeypatch.setattr(told_module, "stand_ins", counting)
    yield counted


def answer_to_teller(
    table: Table, saved: tuple[Saved, str], state: Any, token: str, text: str, dealt: list[int]
) -> tuple[Any, ...]:
    """What the host answers the seat of ``token`` telling ``text`` at a copy of ``table``
    (stored as ``saved``) at ``state``: refused (the error and reason) or taken (the move
    count and the cards dealt again for the seat), with the work it took. (The seat's
    document after a taken outcome is left out: an outcome may turn cards up, as
    poultry's reveal does, and then shows them, as it should.)"""
    store = Recording()
    store.create(ID, saved[1], table.version, False)
    host = Host(store)
    host._keep(ID, _Loaded(fork(table, state), *saved))
    store.calls.clear()
    dealt[0] = 0
    try:
        answer = host.tell(ID, token, text, seen=table.version)
    except (IllegalMove, InvalidMove) as error:
        return ("refused", type(error).__name__, error.reason, store.calls, dealt[0])
    return ("taken", answer.seen, answer.redealt, store.calls, dealt[0])


def every_outcome(game: Any, players: int, rules: Any) -> list[str]:
    """The notation of every chance outcome of a new game's first step and beyond: every
    kind of card a draw can bring."""
    state = game.new_game(players, rules)
    return [str(move) for move, _ in game.chance_outcomes(state)]


@pytest.mark.parametrize(("name", "rules", "players", "seed"), TABLES)
def test_no_answer_to_a_told_outcome_depends_on_the_hidden_cards(
    name: str, rules: dict[str, Any], players: int, seed: int, dealt: list[int]
) -> None:
    game = GAMES[name]
    host = Host()
    opened = host.open(
        game, players=players, rules=rules_of(game, rules), seed=seed, real_table=True
    )
    table = host.table(opened.table_id)
    kinds = every_outcome(game, players, table.rules)
    rng = random.Random(seed)
    steps = compared = refused = differed_before = 0
    while not table.over:
        seat = table.to_move
        if seat is not CHANCE:
            move = rng.choice(game.legal_moves(table.state))
            host.move(opened.table_id, opened.tokens[seat], str(move), seen=table.version)
            continue
        teller = steps % players
        steps += 1
        token = opened.tokens[teller]
        view = game.view(table.state, teller)
        allowed = possible_outcomes(game, table.state, teller)
        truth = [str(move) for move, _ in game.chance_outcomes(table.state)]
        ruled_out = [kind for kind in kinds if kind not in allowed and kind not in truth]
        # every outcome the view allows (all of them taken), and now and then one it rules
        # out (refused after many states dealt)
        texts = list(dict.fromkeys([*allowed, *truth, *ruled_out[: steps % 3 == 0]]))
        again = [game.determinize(view, random.Random(1000 * steps + k)) for k in range(REDEALS)]
        document = host.store.load(opened.table_id)[0]  # type: ignore[index]
        saved = (Saved.loads(document), document)
        for text in texts:
            first = answer_to_teller(table, saved, table.state, token, text, dealt)
            for state in again:
                assert answer_to_teller(table, saved, state, token, text, dealt) == first, (
                    f"{name}, move {table.version + 1}: seat {teller} telling {text!r} is "
                    "answered otherwise when the hidden cards are dealt again"
                )
                compared += 1
                differed_before += (text in truth) != any(
                    str(move) == text for move, _ in game.chance_outcomes(state)
                )
            refused += first[0] == "refused"
        outcome = str(game.sample_chance(table.state, rng))
        host.tell(opened.table_id, token, outcome, seen=table.version)
    # real games, with outcomes the seat's view allows and the hidden cards do not: where
    # the old host's refusal told the seat where the cards are
    assert steps > 20 and refused > 0 and compared > 200
    assert differed_before > 0


@pytest.mark.parametrize(("name", "rules", "players", "seed"), TABLES)
def test_the_verdict_is_the_views_whatever_the_hidden_cards(
    name: str, rules: dict[str, Any], players: int, seed: int
) -> None:
    # the judge reads the view alone: states with one view give one verdict, with the same
    # work, and a state in which the outcome is legal
    game = GAMES[name]
    rng = random.Random(seed)
    state = game.new_game(players, rules_of(game, rules))
    kinds = every_outcome(game, players, rules_of(game, rules))
    checked = 0
    while not game.is_over(state):
        if game.to_move(state) is not CHANCE:
            state = game.apply(state, rng.choice(game.legal_moves(state)))
            continue
        seat = checked % players
        view = game.view(state, seat)
        other = game.determinize(view, random.Random(checked))
        truth = [str(move) for move, _ in game.chance_outcomes(state)]
        for text in [*truth, kinds[checked % len(kinds)]]:
            verdicts = []
            for at in (state, other):
                try:
                    verdict = judge(game, game.view(at, seat), text)
                except IllegalMove as error:
                    verdicts.append(("refused", error.reason))
                else:
                    assert game.view(verdict.stand_in, seat) == view
                    game.apply(verdict.stand_in, verdict.move)  # legal there
                    verdicts.append(("taken", str(verdict.move), verdict.dealt))
            assert verdicts[0] == verdicts[1]
        checked += 1
        state = game.apply(state, game.sample_chance(state, rng))
    assert checked > 20


def play_to_a_contradiction(host: Host, table_id: str, tokens: Sequence[str]) -> tuple[int, str]:
    """Play sandwich with two flies until seat 0 may tell a fly its view allows and the
    table's cards do not (both flies in seat 1's hand); return the step and the outcome."""
    table = host.table(table_id)
    game = table.game
    rng = random.Random(4)
    while not table.over:
        if table.to_move is CHANCE:
            allowed = possible_outcomes(game, table.state, 0)
            truth = {str(move) for move, _ in game.chance_outcomes(table.state)}
            contradicted = [text for text in allowed if text not in truth]
            if contradicted:
                return table.version, contradicted[0]
            host.tell(
                table_id, tokens[0], str(game.sample_chance(table.state, rng)), seen=table.version
            )
        else:
            seat = table.to_move
            move = rng.choice(game.legal_moves(table.state))
            host.move(table_id, tokens[seat], str(move), seen=table.version)
    raise AssertionError("the game ended before a contradiction")


def test_a_told_outcome_the_cards_contradict_deals_them_again_and_tells_their_seats(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    host = Host(open_store(url))
    game = GAMES["sandwich"]
    opened = host.open(game, rules=game.Rules(flies=2), seed=11, real_table=True)
    table_id, tokens = opened.table_id, opened.tokens
    seen, outcome = play_to_a_contradiction(host, table_id, tokens)
    table = host.table(table_id)
    before = [game.view(table.state, seat) for seat in (0, 1)]
    answer = host.tell(table_id, tokens[0], outcome, seen=seen)  # taken, not refused
    assert answer.seen == seen + 1 and answer.redealt == ()
    assert str(table.moves[seen]) == outcome
    # seat 0's view is the one the outcome was judged by: unchanged but for the outcome;
    # seat 1's own cards were dealt again, and its answer says so
    assert game.view(table.states[seen], 0) == before[0]
    assert game.view(table.states[seen], 1) != before[1]
    assert host.answer(table_id, tokens[1]).redealt == (seen,)
    assert host.answer(table_id, tokens[0]).redealt == ()
    # stored: another server on the same database loads the same table and plays it on
    other = Host(open_store(url))
    again = other.table(table_id)
    assert again.state == table.state and again.redeals.keys() == {seen}
    assert other.answer(table_id, tokens[1]).redealt == (seen,)
    rng = random.Random(5)
    while not again.over:
        if again.to_move is CHANCE:
            drawn = str(game.sample_chance(again.state, rng))
            other.tell(table_id, tokens[0], drawn, seen=again.version)
        else:
            move = rng.choice(game.legal_moves(again.state))
            other.move(table_id, tokens[again.to_move], str(move), seen=again.version)
    finished = Saved.loads(other.store.load(table_id)[0])  # type: ignore[index]
    assert finished.record.outcome is not None and seen in finished.redeals
