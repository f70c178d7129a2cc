"""The kit's visibility declarations: a State field says who sees it; the kit derives the view,
the states that show it, and the card count check (kit/visibility.py)."""

from __future__ import annotations

import random

import attrs
import pytest

from picnic_rules import InvalidState
from picnic_rules.kit import Counts, Visibility, derive_view, face_up, owned, sized


@attrs.frozen(kw_only=True)
class Table:
    deck: Counts = sized("deck_size")
    hands: tuple[Counts, ...] = owned(own="hand", sizes="hand_sizes")
    discards: Counts = face_up()
    turn: int


@attrs.frozen(kw_only=True)
class TableView:
    player: int
    deck_size: int
    hand: Counts
    hand_sizes: tuple[int, ...]
    discards: Counts
    turn: int


@attrs.frozen(kw_only=True)
class Showdown:
    hands: tuple[Counts, ...] = owned(sizes="held", shown_when=lambda s: s.turn == 9)
    turn: int


@attrs.frozen(kw_only=True)
class ShowdownView:
    player: int
    hands: tuple[Counts | None, ...]
    held: tuple[int, ...]
    turn: int


DECK = (3, 3, 3)
SEEN = Visibility(Table, TableView, deck=lambda _: DECK)
STATE = Table(deck=(1, 1, 2), hands=((1, 0, 1), (0, 2, 0)), discards=(1, 0, 0), turn=1)


def test_the_view_shows_the_own_hand_every_size_and_the_public_fields() -> None:
    assert SEEN.view(STATE, 1) == TableView(
        player=1, deck_size=4, hand=(0, 2, 0), hand_sizes=(2, 2), discards=(1, 0, 0), turn=1
    )


def test_a_kept_field_hides_the_other_entries_until_the_showdown() -> None:
    seen = Visibility(Showdown, ShowdownView, deck=lambda _: (1, 1))
    state = Showdown(hands=((1, 0), (0, 1)), turn=0)
    assert seen.view(state, 0).hands == ((1, 0), None)
    assert seen.view(attrs.evolve(state, turn=9), 0).hands == ((1, 0), (0, 1))
    guess = seen.determinize(seen.view(state, 0), random.Random(2))
    assert guess == state


def test_the_unseen_cards_are_the_deck_less_what_the_view_shows() -> None:
    assert SEEN.unseen is not None
    assert SEEN.unseen(SEEN.view(STATE, 0)) == (1, 3, 2)  # deck - own hand - discards


@pytest.mark.parametrize("seed", range(20))
def test_determinize_keeps_the_view_and_every_card(seed: int) -> None:
    v = SEEN.view(STATE, 0)
    guess = SEEN.determinize(v, random.Random(seed))
    assert SEEN.view(guess, 0) == v
    SEEN.check_cards(guess)


def test_the_stand_in_fills_the_hidden_cards_lowest_kind_first() -> None:
    stand_in = SEEN.stand_in(SEEN.view(STATE, 0))
    assert stand_in.hands == ((1, 0, 1), (1, 1, 0)) and stand_in.deck == (0, 2, 2)


def test_with_hidden_takes_the_shown_entries_from_the_view() -> None:
    v = SEEN.view(STATE, 0)
    state = SEEN.with_hidden(v, hands=((9, 9, 9), (0, 2, 0)), deck=(1, 1, 2))
    assert state == STATE
    with pytest.raises(TypeError, match=r"with_hidden takes \['deck', 'hands'\], not \['deck'\]"):
        SEEN.with_hidden(v, deck=(1, 1, 2))


def test_a_view_whose_cards_do_not_add_up_is_refused() -> None:
    v = SEEN.view(STATE, 0)
    for forged in (
        attrs.evolve(v, deck_size=9),
        attrs.evolve(v, discards=(5, 0, 0)),
        attrs.evolve(v, hand_sizes=(2, -1)),
    ):
        with pytest.raises(InvalidState, match="the view's card counts do not add up to the deck"):
            SEEN.determinize(forged, random.Random(0))
        with pytest.raises(InvalidState, match="do not add up to the deck"):
            SEEN.stand_in(forged)
    with pytest.raises(InvalidState, match="there is no seat 2 in a 2-player game"):
        SEEN.determinize(attrs.evolve(v, player=2), random.Random(0))


def test_check_cards_catches_a_card_lost_or_made_and_a_bad_pile() -> None:
    SEEN.check_cards(STATE)
    with pytest.raises(InvalidState, match="the cards do not add up to the deck"):
        SEEN.check_cards(attrs.evolve(STATE, deck=(1, 1, 1)))  # a card lost
    with pytest.raises(InvalidState, match=r"hands\[1\] must be a tuple of 3 counts"):
        SEEN.check_cards(attrs.evolve(STATE, hands=((1, 0, 1), (0, 2))))
    with pytest.raises(InvalidState, match="discards holds -1, not a count"):
        SEEN.check_cards(attrs.evolve(STATE, discards=(-1, 1, 0)))


def test_a_view_class_that_does_not_match_the_declarations_is_refused() -> None:
    @attrs.frozen(kw_only=True)
    class Wrong:
        player: int
        hand: Counts
        turn: int

    with pytest.raises(TypeError, match=r"Wrong has the fields \['hand', 'player', 'turn'\]"):
        Visibility(Table, Wrong)

    @attrs.frozen
    class Open:
        turn: int

    with pytest.raises(TypeError, match="Open declares no field seen by its owner"):
        Visibility(Open, Wrong)
    with pytest.raises(TypeError, match="shown_when needs the field kept in the view"):
        owned(own="hand", sizes="sizes", shown_when=lambda state: True)


def test_without_unseen_or_deck_the_hidden_cards_cannot_be_dealt() -> None:
    seen = Visibility(Table, TableView)
    assert seen.view(STATE, 0).hand == (1, 0, 1)
    with pytest.raises(TypeError, match="made without unseen"):
        seen.determinize(seen.view(STATE, 0), random.Random(0))
    with pytest.raises(TypeError, match="made without deck"):
        seen.check_cards(STATE)


def test_a_derived_view_class_lists_each_field_as_a_seat_sees_it() -> None:
    derived = derive_view(Table)
    assert [f.name for f in attrs.fields(derived)] == [
        "player", "deck_size", "hand", "hand_sizes", "discards", "turn"
    ]  # fmt: skip
    assert derived.__annotations__ == {
        "player": int, "deck_size": int, "hand": Counts, "hand_sizes": tuple[int, ...],
        "discards": Counts, "turn": int,
    }  # fmt: skip
    assert derived.__module__ == __name__ and not hasattr(derived, "players")
    seen = Visibility(Table, deck=lambda _: DECK)
    assert attrs.asdict(seen.view(STATE, 1)) == attrs.asdict(SEEN.view(STATE, 1))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        seen.view(STATE, 1).turn = 2  # type: ignore[misc]


def test_a_derived_view_keeps_a_field_with_the_hidden_entries_none_and_the_seat_count() -> None:
    @attrs.frozen(kw_only=True)
    class Game:
        hands: tuple[Counts, ...] = owned(sizes="held")
        players = property(lambda self: len(self.hands))

    derived = derive_view(Game)
    assert derived.__annotations__["hands"] == tuple[Counts | None, ...]
    shown = Visibility(Game, deck=lambda _: (1, 1)).view(Game(hands=((1, 0), (0, 1))), 1)
    assert (shown.hands, shown.held, shown.players) == ((None, (0, 1)), (1, 1), 2)
