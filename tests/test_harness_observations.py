"""The harness's checks of the observation contract, each shown to catch a broken game:
'observations', 'observation-leaks', 'describe', 'render', 'move-group' and 'apply-as'.

The broken games are copies (``attrs.evolve``) of the dice game of
``harness_games`` (everything public, sampled chance) and of the example game
Keep or Swap (hidden cards, explicit chance).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, cast

import attrs
import pytest
from harness_games import DICE, Observation, Pick, Roll, State, View, turns_taken

from picnic_rules import IllegalMove, OutOfTurn, PicnicError, codec, kit
from picnic_rules.game import Game, GenericPart
from picnic_rules.testing import check_game, check_play
from picnic_rules.testing.documents import has_kind

sys.path.insert(0, str(Path(__file__).parents[1] / "examples" / "keep_or_swap"))
import keep_or_swap_own as keep_or_swap  # the example game of docs/kit.rst, its own front end

SWAP = keep_or_swap.GAME
NEW_CHECKS = ["observations", "observation-leaks", "describe", "render", "move-group", "apply-as"]


def _fails(game: Any, check: str, match: str = "", **options: Any) -> None:
    """``check_play`` of ``game`` (2 seats, seed 1) fails ``check`` with ``match`` in the message.

    The broken parts are bare functions, without the kit's move gate: ``move-values``
    would catch an ``observe`` or ``move_group`` that takes any value first, so it is left
    out where another check is meant."""
    skip = [] if check == "move-values" or "only" in options else ["move-values"]
    options = {"players": 2, "seed": 1, "skip": skip, **options}
    with pytest.raises(
        AssertionError, match=f"^{game.name}: check '{check}' failed: (?s:.*){match}"
    ):
        check_play(game, **options)


# --------------------------------------------------------------------------
# honest games pass, and the harness says how many observations it followed


def test_every_new_check_runs_on_the_honest_games() -> None:
    games: tuple[Any, ...] = (DICE, SWAP)
    for game in games:
        report = check_game(game, games=2, only=NEW_CHECKS)
        assert report.observations > report.steps > 0


def test_each_seat_follows_each_move_played_and_every_legal_move_at_deep_steps() -> None:
    # every=1000: only step 0 is deep, a sampled roll, with no listed move
    quick = check_play(DICE, players=3, seed=2, only=["observations"], every=1000)
    assert quick.observations == 3 * quick.steps
    # every=1: also every pick (10 dice) of each of the 9 rolls, for every seat
    deep = check_play(DICE, players=3, seed=2, only=["observations"], every=1)
    assert deep.observations == 3 * (deep.steps + 9 * 10)
    assert "observations followed" in str(deep)
    assert (quick + deep).observations == quick.observations + deep.observations


# --------------------------------------------------------------------------
# observations


def _forgets_turns(view: View, obs: Observation) -> View:
    """An update that forgets to count the turn a pick ends."""
    after = DICE.update(view, obs)
    return attrs.evolve(after, turns=view.turns) if type(obs.move) is Pick else after


def test_an_update_that_forgets_a_field_is_caught_naming_it() -> None:
    broken = attrs.evolve(DICE, update=_forgets_turns)
    _fails(
        broken,
        "observations",
        r"cannot follow the game by update alone: after 'pick \d+'.* in turns\n",
    )


def test_an_observe_of_another_class_is_caught() -> None:
    def observe(state: State, move: Any, seat: int) -> Any:
        return (seat, move)

    _fails(
        attrs.evolve(DICE, observe=observe),
        "observations",
        "returned a tuple, not the game's Observation",
    )


def _loses_discards(view: Any, obs: Any) -> Any:
    """An update that forgets the discard pile once a seat has swapped."""
    return attrs.evolve(SWAP.update(view, obs), discards=view.discards)


def test_an_update_of_hidden_cards_is_caught() -> None:
    broken = attrs.evolve(SWAP, update=_loses_discards)
    _fails(broken, "observations", "in discards", seed=0, players=4)


# --------------------------------------------------------------------------
# observation-leaks


def _hides_scores(state: State, player: int) -> View:
    """Other seats' scores hidden (shown as their least possible): picks are private."""
    v = DICE.view(state, player)
    shown = tuple(
        score if seat == player else turns_taken(state, seat)
        for seat, score in enumerate(state.scores)
    )
    return attrs.evolve(v, scores=shown)


@attrs.frozen
class PickSeen:
    """What a seat learns when picks are private: the move, or None for another seat's pick."""

    seat: int
    move: Roll | Pick | None


def _observes_own_picks(state: State, move: Any, seat: int) -> PickSeen:
    """A seat sees the rolls and its own picks, not the others' picks."""
    DICE.observe(state, move, seat)  # refuses what the game refuses
    hidden = type(move) is Pick and seat != state.turns % state.players
    return PickSeen(seat, None if hidden else move)


def _a_pick_seen(obs: object) -> None:
    """Refuse what is no ``PickSeen``, as the kit's guard would (these parts are bare)."""
    if type(obs) is not PickSeen:
        raise PicnicError(f"not an observation of private picks: {type(obs).__name__}")


def _updates_hidden_picks(view: View, obs: PickSeen) -> View:
    """Another seat's pick shows as the least it can score."""
    _a_pick_seen(obs)
    if obs.move is not None:
        return DICE.update(view, Observation(obs.seat, obs.move))
    scores = list(view.scores)
    scores[view.turns % view.players] += 1
    return attrs.evolve(view, turns=view.turns + 1, scores=tuple(scores), roll=None)


def _describes_hidden_picks(view: View, obs: PickSeen) -> str:
    _a_pick_seen(obs)
    if obs.move is None:
        return f"Seat {view.turns % view.players} picks a die."
    return DICE.describe(view, Observation(obs.seat, obs.move))


PRIVATE_PICKS: dict[str, Any] = {
    "Observation": PickSeen,
    "view": _hides_scores,
    "observe": _observes_own_picks,
    "update": _updates_hidden_picks,
    "describe": _describes_hidden_picks,
}


def test_private_picks_pass_when_declared_face_down() -> None:
    honest_about_it = attrs.evolve(DICE, **PRIVATE_PICKS, face_down_moves=True)
    report = check_game(honest_about_it, games=2, players=2, variants=["default"])
    assert report.games == 2 and report.observations > 0


def test_private_picks_fail_when_declared_public() -> None:
    dishonest = attrs.evolve(DICE, **PRIVATE_PICKS)  # face_down_moves=False
    _fails(dishonest, "observation-leaks", r"the public move 'pick \d+' is observed differently")


def test_a_public_move_that_a_seat_cannot_tell_from_another_is_caught() -> None:
    def observe(state: State, move: Any, seat: int) -> Observation:
        return (
            attrs.evolve(DICE.observe(state, move, seat), move=Pick(0))
            if type(move) is Pick
            else DICE.observe(state, move, seat)
        )

    _fails(
        attrs.evolve(DICE, observe=observe),
        "observation-leaks",
        r"seat 0 observes 'pick 0' and 'pick 1' alike",
        only=["observation-leaks"],
    )


def _shows_every_card_dealt(state: Any, move: Any, seat: int) -> Any:
    """An observe that shows every seat the card dealt to another."""
    obs = SWAP.observe(state, move, seat)
    return attrs.evolve(obs, move=move) if isinstance(move, keep_or_swap.Draw) else obs


def test_an_observe_that_shows_a_hidden_card_is_caught() -> None:
    broken = attrs.evolve(SWAP, observe=_shows_every_card_dealt)
    _fails(
        broken,
        "observation-leaks",
        r"seat 1's view is the same after 'draw 0' as after 'draw 1', but its observations differ",
        only=["observation-leaks"],
        seed=0,
    )


def _tells_the_kept_card(state: Any, move: Any, seat: int) -> Any:
    """An observe whose keep shows every seat the card kept (face down)."""
    obs = SWAP.observe(state, move, seat)
    if isinstance(move, keep_or_swap.Keep):
        return attrs.evolve(obs, discarded=state.hands[state.turn])
    return obs


def test_an_observation_that_depends_on_unseen_cards_is_caught() -> None:
    broken = attrs.evolve(SWAP, observe=_tells_the_kept_card)
    _fails(
        broken,
        "observation-leaks",
        r"seat \d cannot tell this state from determinize.* the observation shows what seat",
        only=["observation-leaks"],
        players=3,
        every=1,
    )


# --------------------------------------------------------------------------
# describe, render, move-group


def test_a_describe_that_raises_is_caught() -> None:
    def describe(view: View, obs: Observation) -> str:
        raise KeyError(obs.move)

    _fails(
        attrs.evolve(DICE, describe=describe),
        "describe",
        r"describe\(view of seat 0, .* raised KeyError",
    )


@pytest.mark.parametrize("text", ["", "   ", "two\nlines", None, "\x1b[2Jyou win", "\u200b"])
def test_a_describe_that_is_not_one_line_is_caught(text: Any) -> None:
    broken = attrs.evolve(DICE, describe=lambda view, obs: text)
    _fails(broken, "describe", "not one line of plain text")


def test_the_kit_describe_move_of_a_showdown_is_caught() -> None:
    # Keep or Swap's last keep shows every card: the kit's default describe_move would word
    # it with a made-up card for seat 0, one that changes from one determinization to another.
    default = attrs.evolve(SWAP, describe_move=GenericPart(kit.describe_move, None))
    _fails(
        default,
        "describe",
        r"the words of 'keep' depend on cards seat 1 cannot see: .* "
        r"the game must define its own describe_move",
        only=["describe"],
        every=1,
    )
    # the game's own words show no hidden card, and pass
    report = check_game(
        SWAP, games=2, players=[2, 3], variants=["default"], only=["describe"], every=1
    )
    assert report.games == 4
    dealt = SWAP.new_game(2)
    for move in (keep_or_swap.Draw(5), keep_or_swap.Draw(1)):
        dealt = SWAP.apply(dealt, move)
    first, last = SWAP.view(dealt, 0), SWAP.view(SWAP.apply(dealt, keep_or_swap.Keep()), 1)
    assert [SWAP.describe_move(first, move) for move in SWAP.legal_moves(dealt)] == [
        "keep your card",
        "swap your 5 for a card from the deck",
    ]
    assert SWAP.describe_move(last, keep_or_swap.Keep()) == "keep your card and show every card"
    with pytest.raises(IllegalMove, match="not a move seat 1 can make now"):
        SWAP.describe_move(SWAP.view(dealt, 1), keep_or_swap.Keep())


def test_a_describe_move_that_is_not_one_line_or_not_stable_is_caught() -> None:
    _fails(
        attrs.evolve(SWAP, describe_move=lambda view, move: "one\ntwo"),
        "describe",
        r"describe_move\(view\(state, 0\), 'keep'\) is 'one\\ntwo', not one line of plain text",
        only=["describe"],
        every=1,
    )
    answers = iter(range(1000))
    _fails(
        attrs.evolve(SWAP, describe_move=lambda view, move: f"move {next(answers)}"),
        "describe",
        r"describe_move\(view\(state, 0\), 'keep'\) gave two different answers for one view",
        only=["describe"],
        every=1,
    )


def test_a_render_without_a_picture_is_caught() -> None:
    def render(view: View, *, markup: bool = False) -> str:
        return DICE.render(view) if not markup else ""

    _fails(
        attrs.evolve(DICE, render=render),
        "render",
        r"render\(view\(state, 0\), markup=True\) is ''",
    )


def test_render_with_broken_markup_is_caught() -> None:
    pytest.importorskip("rich")

    def render(view: View, *, markup: bool = False) -> str:
        return DICE.render(view, markup=markup) + ("[bold]unclosed[/italic]" if markup else "")

    _fails(attrs.evolve(DICE, render=render), "render", "is not rich markup")


def test_render_and_describe_that_raise_are_caught_by_name() -> None:
    def render(view: View, *, markup: bool = False) -> str:
        raise ValueError("no picture")

    _fails(attrs.evolve(DICE, render=render), "render", "raised ValueError: no picture")


def test_move_groups_that_hide_a_move_are_caught() -> None:
    broken = attrs.evolve(DICE, move_group=lambda move: ("pick", ""))
    _fails(broken, "move-group", r"gives 'pick 0' and 'pick 1' the same group \('pick', ''\)")
    unpaired = attrs.evolve(DICE, move_group=lambda move: cast(Any, "pick"))
    _fails(unpaired, "move-group", r"move_group\('pick 0'\) is 'pick', not a \(str, str\) pair")


# --------------------------------------------------------------------------
# apply-as


def test_apply_as_with_a_notation_that_names_another_move_is_caught() -> None:
    def move_from_str(text: str) -> Any:
        move = DICE.move_from_str(text)
        return Pick(0) if type(move) is Pick else move

    broken = attrs.evolve(DICE, move_from_str=move_from_str)
    _fails(
        broken,
        "apply-as",
        r"apply_as\(state, \d, 'pick [1-9]'\) differs from apply",
        only=["apply-as"],
    )


@attrs.frozen(eq=False)
class _AnySeat(Game[Any, Any, Any, Any, Any]):
    """A Game whose apply_as lets any seat move."""

    def apply_as(self, state: Any, seat: int, move: Any) -> Any:
        return self.apply(state, self.move_from_str(move) if isinstance(move, str) else move)


def test_apply_as_that_lets_any_seat_move_is_caught() -> None:
    fields = {f.alias: getattr(DICE, f.name) for f in attrs.fields(Game) if f.init}
    _fails(
        _AnySeat(**fields),
        "apply-as",
        r"apply_as\(state, 0, 'roll [\d ]+'\) when CHANCE is to act was accepted",
    )


def test_out_of_turn_names_the_seat_and_the_actor() -> None:
    state = DICE.apply(DICE.new_game(2), Roll((3,) * 10))
    with pytest.raises(OutOfTurn) as caught:
        DICE.apply_as(state, 1, "pick 0")
    assert (caught.value.seat, caught.value.actor) == (1, 0)


# --------------------------------------------------------------------------
# the codec of the seat's documents


@pytest.mark.skipif(not has_kind("observation"), reason="the codec has no observation kind yet")
def test_a_lossy_observation_round_trip_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    loads = codec.loads

    def lossy(text: Any, **kwargs: Any) -> object:
        obj = loads(text, **kwargs)
        return attrs.evolve(obj, seat=obj.seat + 1) if isinstance(obj, Observation) else obj

    monkeypatch.setattr(codec, "loads", lossy)
    _fails(DICE, "codec", r"the observation of .* by seat \d does not round-trip", only=["codec"])
