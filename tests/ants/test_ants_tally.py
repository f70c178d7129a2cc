"""A :class:`~picnic_rules.ants.tally.Tally` answers what measuring again would: for any
colony, any card and any free cell, each Scoring card's measure and the Majority card's
counts of the colony with the card there."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from picnic_rules.ants.cards import CARD_KINDS, PicnicCard, ScoringCard
from picnic_rules.ants.scoring import majority_counts, measure
from picnic_rules.ants.tally import ANYWHERE, Tally

CELLS = [(x, y) for x in range(-2, 3) for y in range(-2, 3)]

colonies = st.dictionaries(st.sampled_from(CELLS), st.sampled_from(CARD_KINDS), max_size=16)


@settings(max_examples=300, deadline=None)
@given(colonies, st.sampled_from(CARD_KINDS), st.sampled_from(CELLS), st.data())
def test_a_tally_measures_as_measuring_again(
    plates: dict[tuple[int, int], PicnicCard],
    card: PicnicCard,
    cell: tuple[int, int],
    data: st.DataObject,
) -> None:
    plates.pop(cell, None)  # the new plate goes on a free cell
    scoring = data.draw(st.lists(st.sampled_from(ScoringCard), max_size=4, unique=True))
    tally = Tally(plates, scoring)
    with_card = {**plates, cell: card}
    for kind in scoring:
        assert tally.measure_with(kind, card, cell) == measure(kind, with_card), kind
        if kind in ANYWHERE:
            assert tally.count_with(kind, card) == measure(kind, with_card), kind
    assert tally.majority_with(card) == majority_counts(with_card)


def test_a_plate_joining_two_groups_makes_one() -> None:
    cookie = next(c for c in CARD_KINDS if c.food.value == "cookie")
    plates = {(0, 0): cookie, (2, 0): cookie, (3, 0): cookie}
    tally = Tally(plates, [ScoringCard.COOKIE_GROUP])
    assert tally.base[ScoringCard.COOKIE_GROUP] == 2
    assert tally.measure_with(ScoringCard.COOKIE_GROUP, cookie, (1, 0)) == 4
