"""What a game tells the browser beside its rules, on its Game record: its end reasons and
scores in words, its board script, and its figures -- the numbers a board shows, worked
out by the game from the public view, so that no board works out a rule.

``define_game`` checks each at import; :func:`~picnic_rules.client.figures_of` refuses
figures that are not JSON data; the harness (its codec check) catches a game whose
figures are not JSON or not a function of the view; every game's figures fit the JSON
Schema its ``TypedDict`` gives; every game's scores so far are the scores its result gives
at the end, and its breakdown adds up to them at every step; and what a board would
otherwise work out itself -- sandwich's steals, insects' attacking pile and weapons, the
ants placements and card turns -- is what the rules say.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest
from games import BUILT_IN
from jsonschema import Draft202012Validator

from picnic_rules import CHANCE, GAMES, InvalidState, PicnicError, codec, sandwich
from picnic_rules.client import figures_of, seat_update
from picnic_rules.kit import define_game
from picnic_rules.testing import check_play

sys.path.insert(0, str(Path(__file__).parents[1] / "examples" / "keep_or_swap"))
import keep_or_swap  # the example game of docs/kit.rst: it declares none of these

SWAP = keep_or_swap.GAME


def _namespace() -> dict[str, Any]:
    return {key: getattr(sandwich, key) for key in dir(sandwich)}


def _define(**options: Any) -> Any:
    return define_game(_namespace(), name="copy", title="Copy", players=(2, 4), **options)


# ---------------------------------------------------------------- the declarations


def test_a_game_declares_its_words_board_and_figures_and_the_kit_fills_the_rest() -> None:
    game = _define(
        reason_words={"stuck": "nobody could play"}, score_word="Sandwiches", board="pkg:b.js"
    )
    assert game.reason_words == {
        "three-sandwiches": "three sandwiches",  # the kit's: the reason, dashes as spaces
        "stuck": "nobody could play",
        "sixty-actions": "sixty actions",
    }
    assert (game.score_word, game.board) == ("Sandwiches", "pkg:b.js")
    assert game.figures(game.public_view(game.new_game(2)))["scores"] == [0, 0]
    # a game that declares none: the kit's words, the generic board, no figures
    assert SWAP.reason_words == {"showdown": "showdown"} and SWAP.score_word == "Scores"
    assert SWAP.board == "" and SWAP.figures(SWAP.public_view(SWAP.new_game(2))) == {}
    assert GAMES["sandwich"].reason_words["three-sandwiches"] == "three counting sandwiches"
    assert GAMES["sandwich"].score_word == "Sandwiches"
    assert GAMES["insects"].reason_words == dict(GAMES["insects"].reason_words)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"reason_words": {"bored": "x"}}, "reason_words names no end reason of the game: 'bored'"),
        ({"reason_words": {"stuck": ""}}, r"reason_words\['stuck'\] must be one line of words"),
        ({"reason_words": {"stuck": "a\nb"}}, r"reason_words\['stuck'\] must be one line"),
        (
            {"reason_words": {"stuck": 3}},
            r"reason_words\['stuck'\] must be one line of words, not 3",
        ),
        ({"score_word": ""}, "score_word must be one line of words"),
        ({"board": "board.js"}, "board must be 'PACKAGE:FILE.js' or '', not 'board.js'"),
        ({"board": "pkg:board.txt"}, "board must be 'PACKAGE:FILE.js'"),
        ({"board": "pkg:../x.js"}, "board must be 'PACKAGE:FILE.js'"),
        ({"board": 5}, "board must be 'PACKAGE:FILE.js' or '', not 5"),
    ],
)
def test_define_game_refuses_bad_declarations(options: dict[str, Any], message: str) -> None:
    with pytest.raises(TypeError, match=f"^copy: {message}"):
        _define(**options)


def test_figures_must_be_a_function_of_the_public_view() -> None:
    namespace = _namespace()
    namespace["figures"] = {"scores": []}
    with pytest.raises(TypeError, match="copy: figures must be a function of the PublicView"):
        define_game(namespace, name="copy", title="Copy", players=(2, 4))
    game = GAMES["poultry"]
    state = game.new_game(2)
    with pytest.raises(
        InvalidState, match="figures takes a poultry PublicView, not a poultry View"
    ):
        game.figures(game.view(state, 0))


def test_figures_of_gives_json_data_or_says_what_is_not() -> None:
    tupled = attrs.evolve(SWAP, figures=lambda public: {"held": tuple(public.held), "n": 1.5})
    assert figures_of(tupled, SWAP.public_view(SWAP.new_game(3))) == {"held": [0, 0, 0], "n": 1.5}
    public = SWAP.public_view(SWAP.new_game(2))
    for figures, said in (
        ({"seen": {1}}, "figures.seen must be JSON data, not set"),
        ({"a": [1, object()]}, r"figures.a\[1\] must be JSON data, not object"),
        ({"a": {2: 1}}, "figures.a must be JSON data, not dict"),
        ({"a": float("nan")}, "figures.a must be JSON data, not float"),
        ([1, 2], "figures must be a mapping, not list"),
    ):
        broken = attrs.evolve(SWAP, figures=lambda public, figures=figures: figures)
        with pytest.raises(PicnicError, match=f"^keep-or-swap.s {said}$"):
            figures_of(broken, public)


# ---------------------------------------------------------------- the harness catches


def test_the_harness_catches_figures_that_are_not_json() -> None:
    broken = attrs.evolve(SWAP, figures=lambda public: {"held": set(public.held)})
    with pytest.raises(AssertionError, match=r"check 'codec' failed: .*must be JSON data, not set"):
        check_play(broken, players=2, seed=1, only=["codec"])


def test_the_harness_catches_figures_that_are_not_a_function_of_the_view() -> None:
    drawn = random.Random(4)
    broken = attrs.evolve(SWAP, figures=lambda public: {"n": drawn.random()})
    with pytest.raises(
        AssertionError, match=r"check 'codec' failed: .*not the figures of the view"
    ):
        check_play(broken, players=2, seed=1, only=["codec"])
    honest = attrs.evolve(SWAP, figures=lambda public: {"held": list(public.held)})
    assert check_play(honest, players=2, seed=1, only=["codec"]).steps > 0


# ---------------------------------------------------------------- every game's figures


def _positions(name: str, games: int = 3) -> list[Any]:
    """The states of a few seeded random games of ``name`` (2 and 3 seats)."""
    game = GAMES[name]
    states = []
    for number in range(games):
        rng = random.Random(f"{name}/{number}")
        state = game.new_game(2 + number % 2)
        states.append(state)
        while not game.is_over(state):
            if game.to_move(state) is CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
            else:
                state = game.apply(state, rng.choice(game.legal_moves(state)))
            states.append(state)
    return states


@pytest.mark.parametrize("name", BUILT_IN)
def test_every_games_figures_fit_its_schema_and_are_every_seats_alike(name: str) -> None:
    game = GAMES[name]
    validator = Draft202012Validator(codec.schema(game, "update"))
    states = _positions(name)
    for state in [*states[:: max(1, len(states) // 40)], states[-1]]:
        public = game.public_view(state)
        shown = figures_of(game, public)
        assert json.loads(json.dumps(shown)) == shown
        for seat in range(state.players):
            update = seat_update(game, state, seat)
            assert update.figures == shown  # a function of the public view: every seat's alike
            assert update.picture == game.render(game.view(state, seat))
            errors = list(validator.iter_errors(codec.encode(update)))
            assert errors == [], errors[0].message


@pytest.mark.parametrize("name", ["sandwich", "insects", "poultry", "ants"])
def test_the_scores_so_far_are_the_results_scores_at_the_end(name: str) -> None:
    game = GAMES[name]
    ends = [state for state in _positions(name, games=6) if game.is_over(state)]
    assert len(ends) == 6
    for state in ends:
        assert figures_of(game, game.public_view(state))["scores"] == list(
            game.result(state).scores
        )


def test_poultrys_cards_are_the_decks_kinds_in_count_order() -> None:
    game = GAMES["poultry"]
    state = game.new_game(2)
    cards = figures_of(game, game.public_view(state))["cards"]
    assert [card["notation"] for card in cards] == [str(card) for card in state.rules.kinds]
    assert len(cards) == len(state.discard) == len(state.hands[0])
    assert cards[0] == {"colour": "yellow", "value": 6, "fox": False, "notation": "yellow 6"}


@pytest.mark.parametrize("name", ["sandwich", "insects", "poultry", "ants"])
def test_each_seats_score_counted_out_adds_up_to_its_score(name: str) -> None:
    game = GAMES[name]
    for state in _positions(name, games=2):
        shown = figures_of(game, game.public_view(state))
        assert type(shown["counting"]) is str and shown["counting"].endswith(".")
        for seat, lines in enumerate(shown["breakdown"]):
            assert lines and all(line["what"] for line in lines)
            assert sum(line["points"] for line in lines) == shown["scores"][seat]


def test_sandwich_steals_are_the_ant_moves_of_the_seat_to_act() -> None:
    game = GAMES["sandwich"]
    checked = 0
    for state in _positions("sandwich", games=4):
        if game.to_move(state) != state.turn or not state.hands[state.turn][sandwich.Card.ANT]:
            continue
        steals = figures_of(game, game.public_view(state))["steals"]
        ants = [str(move) for move in game.legal_moves(state) if type(move) is sandwich.Ant]
        assert sorted(steal["notation"] for steal in steals) == sorted(ants)
        for steal in steals:
            victim, index = steal["victim"]
            assert str(sandwich.Ant(victim, index, steal["onto"])) == steal["notation"]
        checked += bool(ants)
    assert checked > 0


def test_insects_attacking_pile_weapons_and_cards_are_the_rules() -> None:
    from picnic_rules.insects import WEAPONS, Card, attacking_pile, insect_of

    game = GAMES["insects"]
    for state in _positions("insects", games=2):
        shown = figures_of(game, game.public_view(state))
        assert shown["attacking"] == attacking_pile(state.piles)
        assert shown["weapons"] == [str(WEAPONS[insect_of(pile[0])]) for pile in state.piles]
        assert [card["notation"] for card in shown["cards"]] == [str(card) for card in Card]


def test_ants_placements_and_card_turns_are_the_rules() -> None:
    from picnic_rules.ants import Phase, Place
    from picnic_rules.ants.colony import offsets

    game = GAMES["ants"]
    placing = 0
    for state in _positions("ants", games=2):
        shown = figures_of(game, game.public_view(state))
        places = [move for move in game.legal_moves(state) if type(move) is Place]
        assert [entry["notation"] for entry in shown["placements"]] == [str(m) for m in places]
        for entry, move in zip(shown["placements"], places, strict=True):
            assert (entry["x"], entry["y"], entry["turn"]) == (move.x, move.y, move.turn)
            assert entry["card"]["notation"] == str(move.card)
        placing += state.phase is Phase.PLACE
    assert placing > 0
    shapes = figures_of(game, game.public_view(game.new_game(2)))["shapes"]
    for ants in (2, 3):
        assert shapes[str(ants)] == [
            [list(cell) for cell in offsets(ants, turn)] for turn in range(4)
        ]
