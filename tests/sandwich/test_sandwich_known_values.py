"""Known values: exact numbers the sandwich game must reproduce (OpenSpiel-style).

The golden games pin the whole engine, the chance sampler and the match runner
at once: if one of them changes behaviour, a golden game changes. Update the
values only for a deliberate change of rules or of the sampler, and say so in
the commit message. (Last update: issue 5, ``sample_chance`` draws with the exact
``rng.randrange`` instead of ``int(rng.random() * total)``.)
"""

from __future__ import annotations

import hashlib
from fractions import Fraction

from picnic_rules import Outcome, RandomAgent, codec, play, replay
from picnic_rules.sandwich import (
    Card,
    Draw,
    Phase,
    Play,
    Rules,
    State,
    View,
    apply,
    chance_outcomes,
    max_moves,
    new_game,
    view,
)


def test_the_first_card_is_drawn_with_the_deck_counts_as_weights() -> None:
    assert chance_outcomes(new_game(2)) == (
        (Draw(Card.BREAD), 16),
        (Draw(Card.PEANUT_BUTTER), 12),
        (Draw(Card.JELLY), 12),
        (Draw(Card.ANT), 8),
        (Draw(Card.FLY), 6),
    )


def test_probability_of_an_opening_pair_of_breads() -> None:
    # Seat 0 is dealt the first and third card of the deal; summing over the card seat 1
    # gets in between must give 16/54 * 15/53, as for any two cards of a shuffled deck.
    state = new_game(2)
    total = Fraction(0)
    for first, w1 in chance_outcomes(state):
        if first != Draw(Card.BREAD):
            continue
        s1 = apply(state, first)
        n1 = sum(w for _, w in chance_outcomes(s1))
        for second, w2 in chance_outcomes(s1):
            s2 = apply(s1, second)
            n2 = sum(w for _, w in chance_outcomes(s2))
            w3 = dict(chance_outcomes(s2)).get(Draw(Card.BREAD), 0)
            total += Fraction(w1, 54) * Fraction(w2, n1) * Fraction(w3, n2)
    assert total == Fraction(16 * 15, 54 * 53)


def test_max_moves_of_the_default_game() -> None:
    # At most 16 // 2 = 8 sandwiches are ever finished, 60 actions around each.
    assert max_moves(2, Rules()) == 540
    assert max_moves(4, Rules(bread=5, action_limit=10)) == 30


def test_golden_game_two_random_players_seed_42() -> None:
    record = play("sandwich", [RandomAgent(), RandomAgent()], seed=42)
    assert len(record.moves) == 117
    assert record.outcome == Outcome(scores=(3, 2), winners=(0,), reason="three-sandwiches")
    digest = hashlib.sha256(codec.dumps(record).encode()).hexdigest()
    assert digest[:16] == "8d74972421c133e9"
    assert replay(record)[-1].reason == "three-sandwiches"


def test_golden_game_three_random_players_seed_7() -> None:
    record = play("sandwich", [RandomAgent()] * 3, seed=7)
    assert len(record.moves) == 229
    assert record.outcome == Outcome(scores=(3, 1, 2), winners=(0,), reason="three-sandwiches")
    # the deal gives seat 0 pb and ant, which it must discard (no bread to start with)
    assert [str(m) for m in record.moves[:12]] == [
        "draw pb", "draw bread", "draw pb", "draw ant", "draw bread", "draw bread",
        "draw jelly", "discard ant", "draw bread", "play bread", "end", "draw jelly",
    ]  # fmt: skip


def test_reprs_are_evaluable() -> None:
    namespace = {
        "Card": Card, "Phase": Phase, "Rules": Rules, "State": State, "View": View, "Play": Play,
    }  # fmt: skip
    for state in replay(play("sandwich", [RandomAgent()] * 2, seed=3))[::25]:
        assert eval(repr(state), namespace) == state
        assert eval(repr(view(state, 1)), namespace) == view(state, 1)
    assert eval(repr(Play(Card.JELLY, 2)), namespace) == Play(Card.JELLY, 2)
    assert eval(repr(Rules(bread=3)), namespace) == Rules(bread=3)


def test_sample_chance_draws_with_the_listed_weights() -> None:
    # 27,000 draws from a fixed seed (deterministic): every card kind's share is within
    # 1.5 points of its weight, and a chi-square statistic stays under the 0.1% critical
    # value for 4 degrees of freedom (18.47).
    import random

    from picnic_rules.sandwich import sample_chance

    state = new_game(2)
    weights = dict(chance_outcomes(state))
    total = sum(weights.values())
    counts = dict.fromkeys(weights, 0)
    rng = random.Random(2026)
    draws = 27_000
    for _ in range(draws):
        counts[sample_chance(state, rng)] += 1
    chi2 = 0.0
    for move, weight in weights.items():
        expected = draws * weight / total
        assert abs(counts[move] / draws - weight / total) < 0.015
        chi2 += (counts[move] - expected) ** 2 / expected
    assert chi2 < 18.47


def test_determinize_deals_the_unseen_cards_uniformly() -> None:
    # Seat 0 sees its own 2 breads; the other 52 cards are unseen, 2 of them in seat 1's
    # hand. Over many determinizations seat 1 holds each kind in proportion to the unseen
    # counts (14 bread, 12 pb, 12 jelly, 8 ants, 6 flies out of 52).
    import random

    from picnic_rules.sandwich import determinize

    state = new_game(2)
    for card in (Card.BREAD, Card.PEANUT_BUTTER, Card.BREAD, Card.JELLY):
        state = apply(state, Draw(card))
    seen = view(state, 0)
    rng = random.Random(7)
    held = [0] * 5
    samples = 10_000
    for _ in range(samples):
        hand = determinize(seen, rng).hands[1]
        for kind, n in enumerate(hand):
            held[kind] += n
    unseen = (14, 12, 12, 8, 6)
    for kind in range(5):
        assert abs(held[kind] / (2 * samples) - unseen[kind] / 52) < 0.01
