"""The computer's scorer gives the points ``score_table`` gives: it only remembers what it
measured and measures one colony, so the computer plays exactly as a plain count would."""

from __future__ import annotations

import random

from picnic_rules import CHANCE
from picnic_rules.ants import GAME, ComputerAgent, PicnicCard, State
from picnic_rules.ants.agent import card_value, scorer_for
from picnic_rules.ants.colony import plates
from picnic_rules.ants.scoring import score_table
from picnic_rules.ants.state import Placed


def _points(state: State, seat: int, colony: tuple[Placed, ...]) -> int:
    """The plain count: every colony measured, ``score_table`` read for ``seat``."""
    colonies = [plates(c) for c in state.colonies]
    colonies[seat] = plates(colony)
    majority = state.majority or (0,) * 6
    return score_table(colonies, state.scoring, state.rewards, majority, state.rules.tie_token)[
        seat
    ]


def _states(games: int, players: int) -> list[State]:
    """States of games the computer plays against random seats, a few per game."""
    found: list[State] = []
    agents = [ComputerAgent()] + [GAME.agents["random"]() for _ in range(players - 1)]
    for seed in range(games):
        rng = random.Random(seed)
        state = GAME.new_game(players)
        step = 0
        while not GAME.is_over(state):
            actor = GAME.to_move(state)
            if actor is CHANCE:
                move = GAME.sample_chance(state, rng)
            else:
                move = agents[actor](GAME.view(state, actor), GAME.legal_moves(state), rng)
            state = GAME.apply(state, move)
            step += 1
            if step % 37 == 0 and state.colonies[0]:
                found.append(state)
    return found


def test_the_scorer_counts_as_score_table_does() -> None:
    checked = 0
    for players in (2, 3, 4):
        for state in _states(3, players):
            for seat in range(players):
                colony = state.colonies[seat]
                scorer = scorer_for(state, seat)
                taken = {(p.x, p.y) for p in colony}
                cells = [(x, y) for x in range(-1, 4) for y in range(-1, 4) if (x, y) not in taken]
                for card in {p.card for colonies in state.colonies for p in colonies}:
                    for x, y in cells[:6]:
                        placed = (*colony, Placed(card, x, y, 0))
                        assert scorer.points_with(card, x, y) == _points(state, seat, placed)
                        checked += 1
    assert checked > 300


def test_card_value_is_the_gain_at_the_best_free_spot() -> None:
    for state in _states(2, 3):
        for seat in range(3):
            colony = state.colonies[seat]
            for card in {p.card for p in state.colonies[0]}:
                base = _points(state, seat, colony)
                if not colony:
                    best = _points(state, seat, (Placed(card, 0, 0, 0),))
                else:
                    taken = {(p.x, p.y) for p in colony}
                    near = {
                        (p.x + dx, p.y + dy)
                        for p in colony
                        for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1))
                    }
                    spots = sorted(near - taken)[:8]
                    best = max(
                        (_points(state, seat, (*colony, Placed(card, x, y, 0))) for x, y in spots),
                        default=base,
                    )
                assert card_value(state, seat, card) == 1.0 + best - base
                assert isinstance(card, PicnicCard)


def test_scorers_of_other_scoring_cards_measure_the_same_colonies_afresh() -> None:
    """A colony's tally is shared by the scorers that measure it, but only under the same
    Scoring cards: the same colonies scored under other cards count as the plain count does."""
    import attrs

    from picnic_rules.ants import ScoringCard

    state = _states(2, 2)[3]
    other = tuple(card for card in ScoringCard if card not in state.scoring)[: len(state.scoring)]
    for scoring in (state.scoring, other, state.scoring):
        scored = attrs.evolve(state, scoring=scoring)
        for seat in range(2):
            scorer = scorer_for(scored, seat)
            for x, y in ((5, 5), (-3, 2)):
                card = state.colonies[0][0].card
                placed = (*scored.colonies[seat], Placed(card, x, y, 0))
                assert scorer.points_with(card, x, y) == _points(scored, seat, placed)
