"""The public view of a game module, as the kit makes it: derived from a Visibility's
declarations, the module's own (both parts or neither), or the seat count alone."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import attrs
import harness_games
import pytest
from harness_games import DICE

from picnic_rules import GAMES, InvalidState
from picnic_rules.kit import Counts, Visibility, define_game, derive_public_view, owned, sized
from picnic_rules.testing import random_step

sys.path.insert(0, str(Path(__file__).parents[1] / "examples" / "keep_or_swap"))
import keep_or_swap


@attrs.frozen(kw_only=True)
class Table:
    """A state of two owned fields (one kept in the view until a showdown) and a pile."""

    hands: tuple[Counts, ...] = owned(own="hand", sizes="hand_sizes")
    shown: tuple[Counts, ...] = owned(sizes="shown_sizes", shown_when=lambda t: t.over)
    secret: tuple[Counts, ...] = owned(sizes="secret_sizes")
    deck: Counts = sized("deck_size")
    over: bool
    players = property(lambda self: len(self.hands))


def test_the_kit_derives_the_public_view_from_the_declarations() -> None:
    seen = Visibility(Table, deck=lambda _: (4, 4))
    fields = [field.name for field in attrs.fields(seen.public_class)]
    # no player, no own hand, no field never shown to all; the sizes and the showdown field stay
    assert fields == ["hand_sizes", "shown", "shown_sizes", "secret_sizes", "deck_size", "over"]
    assert seen.public_class.__module__ == __name__
    hands = ((1, 0), (0, 1))
    state = Table(hands=hands, shown=hands, secret=hands[::-1], deck=(1, 1), over=False)
    tables = {seen.public_of(seen.view(state, seat)) for seat in (0, 1)}
    sizes = {"hand_sizes": (1, 1), "shown_sizes": (1, 1), "secret_sizes": (1, 1)}
    assert tables == {seen.public_class(shown=(None, None), deck_size=2, over=False, **sizes)}
    assert next(iter(tables)).players == 2
    over = attrs.evolve(state, over=True)
    assert {seen.public_of(seen.view(over, seat)).shown for seat in (0, 1)} == {over.shown}
    assert derive_public_view(seen.view_class) is not seen.public_class  # made anew each time


def test_keep_or_swap_writes_nothing_and_shows_the_cards_at_the_showdown() -> None:
    game = keep_or_swap.GAME
    assert game.PublicView is keep_or_swap.SEEN.public_class is keep_or_swap.PublicView
    assert game.as_written("public") is keep_or_swap.SEEN.public_of
    assert "public" not in vars(keep_or_swap)  # the module's functions are as written
    rng = random.Random(5)
    state = game.new_game(3)
    while not game.is_over(state):
        table = game.public_view(state)
        assert table.hands == (None,) * 3 and table.held == tuple(map(sum, state.hands))
        state = random_step(game, state, rng)
    assert game.public_view(state).hands == state.hands  # every card shown at the end


def test_a_module_defines_both_public_parts_or_neither() -> None:
    namespace = {**vars(keep_or_swap), "PublicView": attrs.make_class("PublicView", ["deck"])}
    with pytest.raises(TypeError, match="defines PublicView must define public too"):
        define_game(namespace, name="half", title="Half", players=(2, 4))
    bad = attrs.make_class("PublicView", {"player": attrs.field(type=int)}, frozen=True)
    with pytest.raises(TypeError, match="PublicView has a 'player' field"):
        define_game(
            {**vars(keep_or_swap), "PublicView": bad, "public": lambda view: view},
            name="seated",
            title="Seated",
            players=(2, 4),
        )


def test_a_game_without_a_public_view_shows_the_seat_count() -> None:
    assert DICE.public_view(DICE.new_game(3)) == DICE.PublicView(players=3)
    assert [field.name for field in attrs.fields(DICE.PublicView)] == ["players"]
    assert "public" not in vars(harness_games)  # the record's default, bound to the record
    again = define_game(vars(harness_games), name="dice", title="Dice again", players=(2, 3))
    assert [field.name for field in attrs.fields(again.PublicView)] == ["players"]


def test_the_built_in_games_public_views() -> None:
    for name in ("sandwich", "insects"):  # derived by the kit, named by the game's views
        game = GAMES[name]
        assert game.PublicView.__module__ == f"picnic_rules.{name}.views"
        assert "hand" not in {field.name for field in attrs.fields(game.PublicView)}
    assert [field.name for field in attrs.fields(GAMES["ants"].PublicView)] == ["state"]
    poultry = {field.name for field in attrs.fields(GAMES["poultry"].PublicView)}
    assert {"hand_sizes", "face_down", "played"} <= poultry and "hand" not in poultry


def test_a_forged_poultry_view_is_refused_with_invalid_state() -> None:
    game = GAMES["poultry"]
    view = game.view(game.new_game(3), 1)
    with pytest.raises(InvalidState, match="there is no seat 7"):
        game.public(attrs.evolve(view, player=7))
