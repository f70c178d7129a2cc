"""The computer's odds, counted once per commitment, are those of counting the unseen cards
afresh for each card it weighs (what it did before), so it plays the same moves; the odds a
playout reads from the full state are those of the seat's view."""

from __future__ import annotations

import random

from picnic_rules import CHANCE
from picnic_rules.poultry import GAME, Phase, View
from picnic_rules.poultry.agent import _state_odds, _view_odds
from picnic_rules.poultry.views import unseen


def _direct(v: View, colour: object) -> tuple[float, float]:
    """The chances that a bird and a fox of ``colour`` join the yard, counted afresh."""
    rules, pool = v.rules, unseen(v)
    others = sum(
        min(size, rules.per_round(v.players))
        for seat, size in enumerate(v.hand_sizes)
        if seat != v.player and seat >= v.turn
    ) + sum(v.face_down)
    size = max(1, sum(pool))
    birds = sum(
        n for c, n in zip(rules.kinds, pool, strict=True) if c.colour is colour and not c.fox
    )
    foxes = sum(n for c, n in zip(rules.kinds, pool, strict=True) if c.colour is colour and c.fox)
    return 1 - (1 - birds / size) ** others, 1 - (1 - foxes / size) ** others


def test_the_odds_are_those_counted_afresh() -> None:
    checked = 0
    variants = list(GAME.variants.values())
    for seed in range(12):
        players = 2 + seed % 5
        rng = random.Random(seed)
        rules = variants[seed % len(variants)]
        if players * rules.hand_size(players) > rules.total_cards:
            rules = variants[0]
        state = GAME.new_game(players, rules)
        while not GAME.is_over(state):
            actor = GAME.to_move(state)
            if actor is not CHANCE and state.phase is Phase.COMMIT:
                view = GAME.view(state, actor)
                odds, full = _view_odds(view), _state_odds(state, actor)
                for colour in odds.birds:
                    assert (odds.birds[colour], odds.foxes[colour]) == _direct(view, colour)
                    assert (full.birds[colour], full.foxes[colour]) == _direct(view, colour)
                    checked += 1
            moves = GAME.legal_moves(state)
            move = GAME.sample_chance(state, rng) if actor is CHANCE else rng.choice(moves)
            state = GAME.apply(state, move)
    assert checked > 500


def test_the_worth_of_a_hand_is_the_sum_over_every_kind_to_the_bit() -> None:
    import operator

    from picnic_rules.poultry.agent import _held, _held_worth

    for variant in GAME.variants.values():
        worth = _held_worth(variant.poultry, variant.foxes)
        for seed in range(50):
            rng = random.Random(seed)
            hand = tuple(rng.choice((0, 0, 0, 1, 2)) for _ in worth)
            assert _held(hand, worth) == sum(map(operator.mul, hand, worth))


def test_the_kinds_of_each_colour_lie_together_birds_first() -> None:
    from picnic_rules.poultry.agent import _by_colour

    for rules in GAME.variants.values():
        spans = _by_colour(rules.poultry, rules.foxes)
        assert spans[-1][3] == len(rules.kinds)
        for colour, start, middle, end in spans:
            assert {(c.colour, c.fox) for c in rules.kinds[start:middle]} == {(colour, False)}
            assert {(c.colour, c.fox) for c in rules.kinds[middle:end]} == {(colour, True)}
