"""The invariant harness (:mod:`picnic_rules.testing`) run on the sandwich game.

Random play over every variant and player count (:func:`check_game`), then
hypothesis-driven games in which hypothesis chooses every move, chance
outcomes included, with the sandwich game's own invariants spelled out on top
of ``check``; finally deliberately broken games, to show the harness fails.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from picnic_rules import CHANCE, IllegalMove, Measure, Outcome, OutOfTurn, RulesError, sandwich
from picnic_rules.game import Game
from picnic_rules.sandwich import GAME, VARIANTS, Card, Draw, End, Fly, Rules, State
from picnic_rules.testing import (
    GameMachine,
    Report,
    check_game,
    check_play,
    play_out,
    players,
    rules_variants,
    setups,
)

# Hypothesis plays whole games per example, so examples are few and slow-ish;
# the per-step checks are the expensive part, hence `every` below.
HYPOTHESIS = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
FAST_EVERY = 25  # the harness's expensive checks every 25th step, where a test checks its own


# --------------------------------------------------------------------------
# random play through the harness


@pytest.mark.parametrize("count", [2, 3, 4])
def test_check_game_every_variant(count: int) -> None:
    report = check_game(GAME, games=5, players=count, seed=1000 * count)
    assert report.games == 5 * len(VARIANTS)
    assert report.skipped == ()
    assert report.steps > report.chance_steps > 0
    assert report.checks > report.steps
    assert set(report.reasons) <= set(sandwich.REASONS)
    assert sum(report.reasons.values()) == report.games


def test_check_game_defaults_cover_every_count_and_variant() -> None:
    report = check_game(GAME, games=1, every=10)
    assert report.games == len(VARIANTS) * 3
    assert set(report.reasons) == set(sandwich.REASONS)  # each end is reached somewhere


@pytest.mark.parametrize("count", [2, 3])
def test_check_play_thorough_checks_more_of_the_same_game(count: int) -> None:
    rules = VARIANTS["short-limit"]
    quick = check_play(GAME, players=count, rules=rules, seed=count)
    thorough = check_play(GAME, players=count, rules=rules, seed=count, thorough=True)
    # one seed, one game: the same moves, to the same end
    assert (thorough.steps, thorough.chance_steps) == (quick.steps, quick.chance_steps)
    assert thorough.reasons == quick.reasons
    (reason,) = thorough.reasons
    assert reason in sandwich.REASONS
    assert thorough.checks > 2 * quick.checks


def test_check_game_with_own_variants_skips_what_the_rules_refuse() -> None:
    report = check_game(GAME, games=1, variants={"seat-3-starts": Rules(first_player=3)})
    assert report.games == 1  # only the 4-player game seats a seat 3
    assert len(report.skipped) == 2
    assert all("first_player" in why for why in report.skipped)
    with pytest.raises(AssertionError, match="no variant and player count"):
        check_game(GAME, games=1, players=2, variants={"x": Rules(first_player=3)})


def test_reports_add_up() -> None:
    a = check_play(GAME, players=2, rules=VARIANTS["short-limit"], seed=1)
    b = check_play(GAME, players=2, rules=VARIANTS["short-limit"], seed=2)
    total = a + b
    assert total.games == 2
    assert total.steps == a.steps + b.steps
    assert sum(total.reasons.values()) == 2
    assert "2 games" in str(total)
    assert isinstance(total, Report)


# --------------------------------------------------------------------------
# the sandwich game's invariants, spelled out


def _in_play(state: State) -> list[int]:
    """Cards of each kind in hands, draw pile, discard pile and on the table."""
    counts = [0] * len(Card)
    for pile in (*state.hands, state.draw_pile, state.discard_pile):
        for card, n in enumerate(pile):
            counts[card] += n
    for sandwiches in state.table:
        for one in sandwiches:
            for card in one:
                counts[card] += 1
    return counts


def _conserved(state: State) -> None:
    total = (
        sum(map(sum, state.hands))
        + sum(state.draw_pile)
        + sum(state.discard_pile)
        + sum(len(one) for sandwiches in state.table for one in sandwiches)
    )
    assert total == state.rules.total_cards
    assert _in_play(state) == list(state.rules.deck)
    if state.rules == Rules():
        assert total == 54


def _one_fly(state: State) -> None:
    """The one fly token is off the table or on exactly one existing sandwich."""
    if state.fly is None:
        return
    seat, index = state.fly
    assert 0 <= seat < state.players
    assert 0 <= index < len(state.table[seat])


def _fly_follows_fly_cards(state: State, move: Any, new: State) -> None:
    """Only a fly card moves the token, it lands where the card says, and it never leaves."""
    if isinstance(move, Fly):
        assert new.fly == (move.seat, move.sandwich)
        assert new.discard_pile[Card.FLY] == state.discard_pile[Card.FLY] + 1
    elif state.fly is not None:
        assert new.fly is not None
        owner, index = state.fly
        # the covered sandwich itself is never robbed, so it is the same sandwich
        assert new.table[new.fly[0]][new.fly[1]] == state.table[owner][index]
    else:
        assert new.fly is None


@given(st.data(), players(GAME))
@settings(HYPOTHESIS, max_examples=30)
def test_cards_conserved_and_exactly_one_fly(data: st.DataObject, count: int) -> None:
    def each_state(state: State) -> None:
        _conserved(state)
        _one_fly(state)

    play_out(
        GAME,
        data,
        players=count,
        every=FAST_EVERY,
        on_state=each_state,
        on_move=_fly_follows_fly_cards,
    )


# --------------------------------------------------------------------------
# termination when hypothesis chooses the chance outcomes


def _bounded(count: int, rules: Rules) -> Callable[[State, Any, State], None]:
    """An on_move hook counting moves; chance can only deal, then draw once per turn."""
    tally = {"chance": 0, "decisions": 0}
    deal = count * rules.hand_size

    def on_move(state: State, move: Any, new: State) -> None:
        kind = "chance" if sandwich.to_move(state) is CHANCE else "decisions"
        tally[kind] += 1
        assert tally["decisions"] <= sandwich.max_moves(count, rules)
        # a turn starts with at most one draw, and every turn ends with a decision
        assert tally["chance"] <= deal + tally["decisions"] + 1

    return on_move


@pytest.mark.parametrize("count", [2, 3, 4])
@given(data=st.data())
@settings(HYPOTHESIS, max_examples=15)
def test_every_game_ends_when_hypothesis_deals(count: int, data: st.DataObject) -> None:
    final = play_out(GAME, data, players=count, every=FAST_EVERY, on_move=_bounded(count, Rules()))
    assert sandwich.is_over(final)
    outcome = sandwich.result(final)
    assert isinstance(outcome, Outcome)
    assert outcome.reason in sandwich.REASONS


@given(st.data(), setups(GAME))
@settings(HYPOTHESIS, max_examples=40)
def test_every_variant_ends_when_hypothesis_deals(
    data: st.DataObject, setup: tuple[int, Rules]
) -> None:
    count, rules = setup
    final = play_out(
        GAME, data, players=count, rules=rules, every=10, on_move=_bounded(count, rules)
    )
    assert sandwich.is_over(final)
    _conserved(final)


@st.composite
def small_rules(draw: st.DrawFn) -> tuple[int, Rules]:
    """A player count and valid Rules with a small deck and every option varied."""
    count = draw(players(GAME))
    counts = {
        "bread": draw(st.integers(0, 8)),
        "peanut_butter": draw(st.integers(0, 5)),
        "jelly": draw(st.integers(0, 5)),
        "ants": draw(st.integers(0, 4)),
        "flies": draw(st.integers(0, 3)),
    }
    total = sum(counts.values())
    hand_size = draw(st.integers(0, min(3, total // count)))
    rules = Rules(
        **counts,
        hand_size=hand_size,
        first_player=draw(st.integers(0, count - 1)),
        action_limit=draw(st.integers(1, 25)),
        sandwiches_to_win=draw(st.integers(1, 3)),  # up to 3 is allowed with any deck
    )
    return count, rules


@given(st.data(), small_rules())
@settings(HYPOTHESIS, max_examples=80)
def test_generated_rules_end_when_hypothesis_deals(
    data: st.DataObject, setup: tuple[int, Rules]
) -> None:
    count, rules = setup
    final = play_out(
        GAME,
        data,
        players=count,
        rules=rules,
        every=5,
        on_state=_conserved,
        on_move=_bounded(count, rules),
    )
    assert sandwich.is_over(final)


def _valid(fields: dict[str, Any], count: Any) -> bool:
    if any(type(v) is not int or v < 0 for v in fields.values()):
        return False
    if fields["action_limit"] < 1 or fields["sandwiches_to_win"] < 1:
        return False
    total = sum(fields[k] for k in ("bread", "peanut_butter", "jelly", "ants", "flies"))
    return (
        type(count) is int
        and 2 <= count <= 4
        and fields["first_player"] < count
        and fields["hand_size"] * count <= total
    )


_RULES_REASONS = (
    r"^(\w+ must be (at least|at most|an int|a bool)|sandwich takes 2 to 4 players|"
    r"first_player \d+ is not a seat|dealing \d+ cards|sandwiches_to_win \d+ can never be reached)"
)
_ANY_NUMBER = st.one_of(
    st.integers(-2, 6), st.integers(-2, 6), st.sampled_from([True, 1.0, "2", None])
)


@given(
    st.fixed_dictionaries({name: _ANY_NUMBER for name in attrs.fields_dict(sandwich.Rules)}),
    st.one_of(st.integers(0, 6), st.just(2.0)),
)
@settings(HYPOTHESIS, max_examples=150)
def test_invalid_rules_raise_rules_error(fields: dict[str, Any], count: Any) -> None:
    if _valid(fields, count):  # through the record: its gate refuses a count of no kind
        state = GAME.new_game(count, Rules(**fields))
        GAME.check(state)
    else:
        with pytest.raises(RulesError, match=_RULES_REASONS):
            GAME.new_game(count, Rules(**fields))


# --------------------------------------------------------------------------
# the other strategies


@given(st.data(), rules_variants(GAME), players(GAME))
@settings(HYPOTHESIS, max_examples=12)
def test_variants_and_players_strategies(data: st.DataObject, rules: Rules, count: int) -> None:
    assert rules in VARIANTS.values()
    assert 2 <= count <= 4
    final = play_out(GAME, data, players=count, rules=rules, every=FAST_EVERY)
    assert sandwich.is_over(final)


TestSandwichMachine = GameMachine(GAME).TestCase
TestSandwichMachine.settings = settings(
    max_examples=15, stateful_step_count=80, deadline=None, database=None
)


# --------------------------------------------------------------------------
# the harness must fail on broken games


def _breaks(**changes: Any) -> Game[Any, Any, Any, Any, Any]:
    """The sandwich game with ``changes``; a broken ``apply`` is its ``apply_legal`` too
    (or the check that compares the two would catch every broken apply first). The
    broken parts below call the record's checked functions (``GAME.apply``), so that only
    what each breaks is broken."""
    if "apply" in changes:
        changes.setdefault("apply_legal", changes["apply"])
    return attrs.evolve(GAME, **changes)


def _drawn_card_vanishes(state: State, move: Any) -> State:
    new = GAME.apply(state, move)
    if isinstance(move, Draw) and state.phase is sandwich.Phase.DRAW:
        return attrs.evolve(new, hands=state.hands)  # the drawn card is lost
    return new


def _trusted_end_keeps_the_turn(state: State, move: Any) -> State:
    """An ``apply_legal`` that differs from ``apply``: ending a turn starts no other."""
    if isinstance(move, End):
        return attrs.evolve(state, actions=state.actions + 1)
    return GAME.apply_legal(state, move)


def _lists_an_illegal_move(state: State) -> tuple[Any, ...]:
    moves = GAME.legal_moves(state)
    if GAME.to_move(state) is CHANCE or not moves:
        return moves
    return (*moves, Fly(7, 7))


def _swallows_illegal_moves(state: State, move: Any) -> State:
    try:
        return GAME.apply(state, move)
    except IllegalMove:
        return state


def _wrong_error(state: State, move: Any) -> State:
    try:
        return GAME.apply(state, move)
    except IllegalMove as exc:
        raise KeyError(str(exc)) from None


def _shows_next_hand(state: State, player: int) -> sandwich.View:
    v = GAME.view(state, player)
    return attrs.evolve(v, hand=state.hands[(player + 1) % state.players])


_unseeded = random.Random()


def _unseeded_chance(state: State, rng: random.Random) -> Any:
    return GAME.sample_chance(state, _unseeded)


def _everyone_wins(state: State) -> Outcome:
    outcome = GAME.result(state)
    return attrs.evolve(outcome, winners=tuple(range(state.players)))


def _float_weights(state: State) -> tuple[tuple[Any, float], ...]:
    return tuple((move, float(w)) for move, w in GAME.chance_outcomes(state))


def _no_check(state: Any) -> None:
    return None


def _shows_every_draw(state: State, move: Any, seat: int) -> sandwich.Observation:
    return attrs.evolve(GAME.observe(state, move, seat), move=move)


def _forgets_discards(v: sandwich.View, obs: sandwich.Observation) -> sandwich.View:
    return attrs.evolve(GAME.update(v, obs), discard_pile=v.discard_pile)


# A consistent but unfair game: whether a player may end the turn depends on the
# hidden draw pile. legal_moves, apply and parse_move agree, so only the leak test
# (the actor's legal moves change in a determinized state) can see it.
def _peeks(state: State) -> bool:
    return state.phase is sandwich.Phase.ACT and state.draw_pile[Card.FLY] % 2 == 1


def _peeking_legal_moves(state: State) -> tuple[Any, ...]:
    moves = GAME.legal_moves(state)
    if _peeks(state) and len(moves) > 1 and End() in moves:
        return tuple(m for m in moves if m != End())
    return moves


def _peeking_apply(state: State, move: Any) -> State:
    if move not in _peeking_legal_moves(state):
        GAME.apply(state, move)  # the engine's own reason, if it has one
        raise IllegalMove(move, "the draw pile says no")
    return GAME.apply(state, move)


def _peeking_parse_move(state: State, text: str, *, seat: int | None = None) -> Any:
    move = GAME.move_from_str(text)
    if seat is not None and GAME.to_move(state) != seat:
        raise OutOfTurn(move, seat, GAME.to_move(state))
    _peeking_apply(state, move)
    return move


def _public_shows_the_hand(v: sandwich.View) -> sandwich.PublicView:
    """A public view whose discard pile is the viewer's hand: it leaks a hand."""
    return attrs.evolve(GAME.public(v), discard_pile=v.hand)


def _public_names_the_seat(v: sandwich.View) -> sandwich.PublicView:
    """A public view that says whose view it was made from."""
    return attrs.evolve(GAME.public(v), turn=v.player)


def _determinize_moves_the_table(v: sandwich.View, rng: random.Random) -> State:
    """A determinization that changes what every seat sees (the actions taken)."""
    made = GAME.determinize(v, rng)
    return attrs.evolve(made, actions=made.actions + 1)


def _whole_limits_only(state: State) -> Measure:
    """A measure blind to the actions of the current stretch: most actions lower it by 0."""
    limit = state.rules.action_limit
    moves = GAME.remaining(state).moves // limit * limit
    return Measure(moves, moves)


BROKEN: dict[str, tuple[Any, ...]] = {
    "a drawn card vanishes": ({"apply": _drawn_card_vanishes}, "check"),
    "an illegal move listed, check passes everything": (
        {"legal_moves": _lists_an_illegal_move, "check": _no_check},
        "legal-applies|closure",  # the closure check may meet the listed move first
    ),
    "apply accepts illegal moves": ({"apply": _swallows_illegal_moves}, "illegal-raises"),
    "apply_legal differs from apply": (
        {"apply_legal": _trusted_end_keeps_the_turn},
        "legal-applies",
    ),
    "apply raises KeyError for illegal moves": ({"apply": _wrong_error}, "illegal-raises"),
    # check_view is switched off, or it would refuse these views first; forged-views
    # is skipped, or it would catch the switched-off check_view first, and so are the
    # observation checks (no seat can follow such a view by update alone, and the
    # honest observations tell a seat its own draws, which this view hides) and the
    # codec's (a client update holding such a view does not decode), and the public view's
    # (which determinizes every seat's view, and finds no state for such a view)
    "the view shows the next seat's hand": (
        {"view": _shows_next_hand, "check_view": _no_check},
        "leak",
        ("forged-views", "observations", "observation-leaks", "codec", "documents", "public-view"),
    ),
    # sandwich's Observation refuses to show another seat's card, so observe raises
    # (the observation-leaks check is shown catching leaks in tests/test_harness_observations.py)
    "observe shows every seat the cards drawn": ({"observe": _shows_every_draw}, "observations"),
    "update forgets the discard pile": ({"update": _forgets_discards}, "observations"),
    # the codec's checks decode the public view, which the harness checks first anyway
    "the public view shows the seat's hand": (
        {"public": _public_shows_the_hand},
        "public-view",
    ),
    "the public view differs by seat": ({"public": _public_names_the_seat}, "public-view"),
    "chance ignores the seed": ({"sample_chance": _unseeded_chance}, "determinism"),
    "max_moves too small": ({"max_moves": lambda players, rules: 5}, "max-moves|measure"),
    "the measure does not fall": ({"remaining": lambda state: Measure(5, 5)}, "measure"),
    "legal_moves answers a look-alike of another class": (
        {"legal_moves": sandwich.legal_moves},  # the rule as written: no kit guard
        "wrong-kind",
    ),
    "the measure counts only sandwiches": ({"remaining": _whole_limits_only}, "measure"),
    "every seat wins": ({"result": _everyone_wins}, "result"),
    "float chance weights": ({"chance_outcomes": _float_weights}, "chance"),
    "legal moves depend on the hidden draw pile": (
        {
            "legal_moves": _peeking_legal_moves,
            "apply": _peeking_apply,
            "parse_move": _peeking_parse_move,
        },
        "leak",
    ),
}


@pytest.mark.parametrize("name", list(BROKEN))
def test_check_game_catches_a_broken_game(name: str) -> None:
    changes, check, *skip = BROKEN[name]
    broken = _breaks(**changes)
    context = (
        rf"(?s)^sandwich: check '(?:{check})' failed: .+?\n"
        r"  variant 'default', [23] players, seed [5-7], step \d+ \(\d+ non-chance moves so far\)\n"
        r"  rules: Rules\("
    )
    with pytest.raises(AssertionError, match=context):
        check_game(
            broken,
            games=3,
            players=[2, 3],
            variants=["default"],
            seed=5,
            # the broken parts are bare functions, without the kit's guard: 'wrong-kind'
            # would catch each first, so it is left out where another check is meant to
            skip=[*(skip[0] if skip else ()), *([] if check == "wrong-kind" else ["wrong-kind"])],
        )


def test_the_public_view_law_catches_what_a_redeal_changes() -> None:
    """The public view of a determinized state is the state's: here determinize changes the
    table (the leak test would see it too, so only the public-view check runs)."""
    broken = _breaks(determinize=_determinize_moves_the_table)
    with pytest.raises(
        AssertionError,
        match=r"check 'public-view' failed: the public view changes when the cards seat \d "
        r"cannot see are dealt again",
    ):
        check_game(broken, games=1, players=[2], variants=["default"], only=["public-view"])
    with pytest.raises(AssertionError, match=r"public\(view\(state, 1\)\) differs from"):
        check_game(
            _breaks(public=_public_shows_the_hand), games=1, players=[2], only=["public-view"]
        )
    assert check_game(GAME, games=1, players=[2, 3], only=["public-view"]).checks > 0


def test_check_play_reports_how_to_reproduce() -> None:
    broken = _breaks(apply=_drawn_card_vanishes)
    with pytest.raises(AssertionError, match=r"reproduce: picnic_rules\.testing\.check_play"):
        check_play(broken, players=2, seed=3)


def test_play_out_catches_a_broken_game() -> None:
    broken = _breaks(apply=_drawn_card_vanishes)

    @given(st.data())
    @settings(max_examples=20, deadline=None, database=None, phases=[Phase.generate])
    def run(data: st.DataObject) -> None:
        play_out(broken, data, players=2, every=FAST_EVERY)

    with pytest.raises(AssertionError, match="check 'check' failed"):
        run()
