"""picnic_rules.analysis: estimates at a decision and a seat's review, for every game."""

from __future__ import annotations

import random

import pytest
from games import BUILT_IN, decision

from picnic_rules import CHANCE, GAMES, PicnicError, play, replay
from picnic_rules.analysis import (
    MISTAKE_LOSS,
    AnalysisError,
    Budget,
    Candidate,
    Decision,
    NoSearch,
    NotADecision,
    decisions,
    estimate,
    review,
)
from picnic_rules.analysis.workers import processes_for

SMALL = Budget(iterations=40, seed=7)


@pytest.mark.parametrize("name", BUILT_IN)
def test_estimates_cover_every_legal_move_and_are_reproducible(name: str) -> None:
    game = GAMES[name]
    state = decision(game, seed=3, skip=2)
    seat = game.to_move(state)
    assert isinstance(seat, int)
    view = game.view(state, seat)
    found = estimate(game, view, SMALL)
    assert found.seat == seat
    assert sorted(map(repr, (c.move for c in found.candidates))) == sorted(
        map(repr, game.legal_moves(state))
    )
    assert found.iterations == SMALL.iterations
    assert sum(c.visits for c in found.candidates) == SMALL.iterations
    visits = [c.visits for c in found.candidates]
    assert visits == sorted(visits, reverse=True)
    for candidate in found.candidates:
        assert 0.0 <= candidate.low <= candidate.share <= candidate.high <= 1.0
        assert candidate.words and "\n" not in candidate.words
    assert found == estimate(game, view, SMALL)
    assert found.chance == found.best.share
    # another seed searches other deals
    others = [estimate(game, view, Budget(iterations=40, seed=seed)) for seed in (8, 9, 10)]
    assert any(other != found for other in others)


def test_a_candidate_says_how_sure_it_is() -> None:
    candidate = Candidate("m", "a move", visits=100, share=0.5)
    assert candidate.error == pytest.approx(0.05)
    assert (candidate.low, candidate.high) == pytest.approx((0.402, 0.598))
    assert repr(candidate) == "Candidate('m', share=0.500\u00b10.098, visits=100)"
    assert Candidate("m", "w", visits=0, share=0.0).error == 0.5


def test_estimate_refuses_what_is_not_a_decision_of_the_view() -> None:
    game = GAMES["sandwich"]
    state = decision(game, seed=3, skip=2)
    seat = game.to_move(state)
    assert isinstance(seat, int)
    with pytest.raises(NotADecision, match="another seat's view"):
        estimate(game, game.view(state, 1 - seat), SMALL)
    new = game.new_game(2)
    assert game.to_move(new) is CHANCE
    with pytest.raises(NotADecision, match="chance acts"):
        estimate(game, game.view(new, 0), SMALL)
    record = play(game, ["random", "random"], seed=1)
    with pytest.raises(NotADecision, match="over"):
        estimate(game, game.view(replay(record)[-1], 0), SMALL)
    with pytest.raises(AnalysisError, match="not a view"):
        estimate(game, "a view", SMALL)
    with pytest.raises(AnalysisError, match="must be a Game"):
        estimate("sandwich", game.view(state, seat), SMALL)  # type: ignore[arg-type]


def test_a_game_without_a_search_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    import attrs

    game = attrs.evolve(
        GAMES["sandwich"], agents={"computer": GAMES["sandwich"].agents["computer"]}
    )
    state = decision(game, seed=3)
    seat = game.to_move(state)
    assert isinstance(seat, int)
    with pytest.raises(NoSearch, match="sandwich has no search") as caught:
        estimate(game, game.view(state, seat), SMALL)
    assert caught.value.game == "sandwich"


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"iterations": 0}, "iterations must be a positive int"),
        ({"iterations": True}, "iterations must be a positive int"),
        ({"seconds": -1.0}, "seconds must be a positive number"),
        ({"seconds": float("nan")}, "seconds must be a positive number"),
        ({"seed": "1"}, "seed must be an int"),
        ({"workers": 0}, "workers must be a positive int"),
    ],
)
def test_a_bad_budget_is_refused(options: dict[str, object], words: str) -> None:
    with pytest.raises(AnalysisError, match=words):
        Budget(**options)  # type: ignore[arg-type]
    assert issubclass(AnalysisError, PicnicError)


@pytest.mark.parametrize("name", BUILT_IN)
def test_a_review_rates_each_decision_of_its_seat(name: str) -> None:
    record = play(name, ["computer", "random"], seed=11)
    game = GAMES[name]
    states = replay(record)
    rated = review(record, 1, SMALL)
    ours = [i for i, state in enumerate(states[:-1]) if game.to_move(state) == 1]
    assert [d.number for d in rated.decisions] == [i + 1 for i in ours]
    for found in rated.decisions:
        assert found.move == record.moves[found.number - 1]
        legal = game.legal_moves(states[found.number - 1])
        assert found.legal == len(legal)
        if found.forced:
            assert found.candidates == () and found.loss == 0.0 and not found.mistake
            continue
        best, played = found.best, found.played
        assert best is not None and played is not None and played.move == found.move
        assert found.loss == pytest.approx(max(0.0, best.share - played.share))
        assert found.mistake == (found.loss >= MISTAKE_LOSS)
    assert rated.result == (
        "won"
        if record.outcome.winners == (1,)
        else "lost"
        if 1 not in record.outcome.winners
        else "tied"
    )  # type: ignore[union-attr]
    line = rated.summary()
    assert line.startswith(f"seat 1 {rated.result}: {len(rated.rated)} decisions rated")
    assert f"{len(rated.mistakes)} mistake" in line
    assert review(record, 1, SMALL) == rated


def test_a_review_is_the_same_in_worker_processes() -> None:
    record = play("sandwich", ["computer", "random"], seed=4)
    alone = review(record, 0, SMALL)
    assert processes_for(2, 10) == min(2, processes_for(99, 2))
    shared = review(record, 0, Budget(iterations=40, seed=7, workers=2))
    assert shared == alone
    assert [d.candidates for d in shared.decisions] == [d.candidates for d in alone.decisions]


def test_an_unfinished_record_is_reviewed_so_far() -> None:
    import attrs

    record = play("insects", ["random", "random"], seed=2)
    cut = attrs.evolve(record, moves=record.moves[:40], outcome=None)
    rated = review(cut, 0, SMALL)
    assert rated.result == "not over"
    assert all(d.number <= 40 for d in rated.decisions)


def test_a_review_refuses_a_bad_seat_or_record() -> None:
    record = play("sandwich", ["random", "random"], seed=1)
    with pytest.raises(AnalysisError, match="seat"):
        review(record, 2, SMALL)
    with pytest.raises(AnalysisError, match="Record"):
        review("record.json", 0, SMALL)  # type: ignore[arg-type]
    import attrs

    broken = attrs.evolve(record, moves=record.moves[:5] + record.moves[6:])
    with pytest.raises(AnalysisError, match="does not replay"):
        decisions(broken, 0)


def test_a_decisions_repr_is_short() -> None:
    found = Decision(3, "m", "a move", 1, (), 0)
    assert repr(found) == "Decision(3, 'm', forced)"
    candidates = (Candidate("b", "b", 30, 0.8), Candidate("m", "m", 10, 0.6))
    found = Decision(5, "m", "a move", 2, candidates, 40)
    assert found.loss == pytest.approx(0.2) and found.mistake
    assert repr(found) == "Decision(5, 'm', best='b', chance=0.800, loss=0.200, mistake)"
    assert random.Random(SMALL.rng_seed(5)).random() == random.Random("7:5").random()
