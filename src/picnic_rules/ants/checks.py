"""``check``: refuse, with a reason, any state the rules cannot reach."""

from __future__ import annotations

from collections import Counter

from ..errors import InvalidState, RulesError
from ..kit import check_counts, check_fields, expect
from .cards import CARD_KINDS, DIE_KINDS, DieKind, RoundCard, kind_index
from .engine import MAX_ROLLOFFS
from .legal import area_cards, home_dice
from .predicates import landing_cards_are_possible, placement_is_legal, starting_candidates
from .rules import PLAYERS, layout
from .state import Phase, Spot, State

__all__ = ["check"]

_SENDING = (Phase.SEND, Phase.LAND, Phase.AFTER)
_AFTER_RESOLUTION = (Phase.PLACE, Phase.ROLLOFF, Phase.ROUND_CARD, Phase.OVER)


def check(state: State) -> None:
    """Raise :class:`~picnic_rules.InvalidState` unless the rules can reach ``state``."""
    check_fields(state)
    rules, n = state.rules, len(state.dice)
    expect(PLAYERS[0] <= n <= PLAYERS[1], f"{n} seats is not a game of ants")
    try:
        rules.check_players(n)
    except RulesError as exc:
        raise InvalidState(str(exc)) from None
    for name in ("colonies", "won", "set_aside", "held"):
        expect(len(getattr(state, name)) == n, f"{name} must have one entry per seat")
    expect(len(state.area) == 9, "the area has nine positions")
    check_counts("deck", state.deck, len(CARD_KINDS))
    expect(1 <= state.round <= rules.rounds, f"round {state.round} is not a round of this game")
    expect(0 <= state.starter < n and 0 <= state.turn < n, "the starter and turn are seats")
    _check_cards(state)
    _check_dice(state)
    _check_colonies(state)
    _check_round_cards(state)
    _check_setup(state)
    _check_phase(state)


def _check_cards(state: State) -> None:
    used = layout(state.players)
    expect(all(c in CARD_KINDS for c in state.area if c is not None), "not a picnic card")
    expect(
        all(card is None for p, card in enumerate(state.area) if p not in used),
        "a card lies outside the area's layout",
    )
    cards = list(state.deck)
    placed = [card for card in state.area if card is not None]
    for seat in range(state.players):
        placed += [p.card for p in state.colonies[seat]]
        placed += [*state.won[seat], *state.set_aside[seat]]
    for card in placed:
        expect(card in CARD_KINDS, f"{card!r} is not a picnic card")
        cards[kind_index(card)] += 1
    expect(tuple(cards) == state.rules.deck, "the picnic cards do not add up to the deck")


def _check_dice(state: State) -> None:
    rules, present = state.rules, area_cards(state)
    for seat, own in enumerate(state.dice):
        expect(len(own) == 6, f"seat {seat} must have six dice")
        for i, die in enumerate(own):
            name = f"seat {seat}'s die {i}"
            if die.spot in (Spot.HOME, Spot.PUDDLE):
                expect(not die.cards and die.face == 0, f"{name} is off the area but shows a face")
            else:
                expect(die.face in rules.die_faces(i), f"{name} shows a face it does not have")
                expect((die.spot is Spot.AREA) == bool(die.cards), f"{name}: area dice touch cards")
                expect(
                    landing_cards_are_possible(die.cards, present),
                    f"{name} touches cards no die can touch",
                )
            if die.spot is Spot.PUDDLE:
                expect(DIE_KINDS[i] is not DieKind.SOLDIER, "a Soldier never goes to the Puddle")


def _check_colonies(state: State) -> None:
    planners = 0
    for seat, colony in enumerate(state.colonies):
        for k, placed in enumerate(colony):
            legal = placement_is_legal(
                colony[:k], placed.card, placed.x, placed.y, placed.turn, placed.planner
            )
            expect(legal, f"seat {seat}'s card {k} lies where no card may be placed")
            planners += placed.planner
    expect(planners <= (RoundCard.PLANNER in state.used), "Planner was used more than once")


def _check_round_cards(state: State) -> None:
    rules = state.rules
    drawn = [*(c for held in state.held for c in held), *state.used]
    expect(len(set(drawn)) == len(drawn), "a Round card appears twice")
    expect(all(c in rules.round_cards for c in drawn), "a Round card that is not in the box")
    expect(len(drawn) <= rules.round_cards_dealt, "more Round cards drawn than dealt")
    before = state.phase in (Phase.FILL, Phase.ROLLOFF, Phase.ROUND_CARD) and state.round > 1
    expected = 0 if state.phase is Phase.SETUP else state.round - (2 if before else 1)
    expect(len(drawn) == expected, f"{len(drawn)} Round cards drawn by round {state.round}")
    expect(not state.honey or RoundCard.HONEY in state.used, "honey without the Honey card")
    expect(
        state.head_start < 0 or RoundCard.HEAD_START in state.used, "a head start without its card"
    )
    expect(state.extra_tosses in (0, 1), "at most one extra toss")
    expect(
        not state.extra_tosses or RoundCard.DOUBLE_TIME in state.used,
        "an extra toss without Double Time",
    )
    expect(-1 <= state.head_start < state.players, "head_start is a seat or -1")
    for seat, position in state.honey:
        expect(
            0 <= seat < state.players and position in layout(state.players), "honey off the area"
        )


def _check_setup(state: State) -> None:
    rules = state.rules
    if state.phase is Phase.SETUP:
        expect(
            state.area == (None,) * 9
            and state.deck == rules.deck
            and not state.majority
            and not state.scoring
            and not state.rewards
            and state.round == 1
            and state.turn == 0,
            "before set-up nothing is dealt",
        )
        return
    wanted = rules.scoring_cards_for(state.players)
    expect(len(state.scoring) == wanted == len(state.rewards), "one token on each Scoring card")
    expect(
        list(state.scoring) == sorted(set(state.scoring), key=lambda c: c.value),
        "the Scoring cards are listed once each, ascending",
    )
    expect(len(state.majority) == 6, "six tokens lie on the Majority card")
    extra = Counter((*state.rewards, *state.majority)) - Counter(rules.rewards)
    expect(not extra, "Reward tokens that are not in the box")


def _check_phase(state: State) -> None:
    phase, seat, n = state.phase, state.turn, state.players
    dice = [d for own in state.dice for d in own]
    order = [(state.starter + i) % n for i in range(n)]
    if phase is not Phase.AFTER:
        expect(not state.touched, "touched is kept only after a landing")
    if phase not in (Phase.LAND, Phase.AFTER):
        expect(state.tossing == -1 and state.target == -1, "no die is in the air")
    else:
        expect(0 <= state.tossing < 6, "a die is in the air")
        expect(state.target in (area_cards(state) or layout(n)), "the toss aims at a card")
    if phase is not Phase.ROLLOFF:
        expect(not state.tied and state.rolloffs == 0, "no roll-off is going on")
    if phase not in _SENDING:
        expect(not state.scout_retossed and not state.extra_tosses, "no turn is going on")
    if phase not in (*_SENDING, Phase.SETTLE):
        expect(not state.honey, "honey lasts one round")
    if phase not in _AFTER_RESOLUTION:
        expect(not any(state.won), "won cards are placed before the next round")
    if state.round == 1:
        expect(state.starter == 0, "seat 0 starts round 1")
        expect(
            phase not in (Phase.ROLLOFF, Phase.ROUND_CARD),
            "round 1 has no roll-off and no Round card draw (seat 0 starts it)",
        )
    if state.round == 1 and phase in (Phase.SETUP, Phase.FILL, *_SENDING, Phase.SETTLE):
        expect(not any(state.colonies) and not any(state.set_aside), "nobody has won a card yet")
        expect(
            all(d.spot is not Spot.PUDDLE for d in dice) or RoundCard.STOMP in state.used,
            "no die reached the Puddle yet",
        )
    if phase in (Phase.SETUP, Phase.FILL):
        expect(
            all(d.spot in (Spot.HOME, Spot.PUDDLE) for d in dice), "dice are tossed after the fill"
        )
        if phase is Phase.FILL:
            gaps = [p for p in layout(n) if state.area[p] is None]
            expect(gaps and any(state.deck), "a fill needs a gap and a card")
    elif phase is Phase.SEND:
        expect(home_dice(state, seat), f"seat {seat} has no die to toss")
    elif phase is Phase.LAND:
        expect(
            state.dice[seat][state.tossing].spot is Spot.HOME, "the die in the air left the anthill"
        )
    elif phase is Phase.AFTER:
        expect(
            state.dice[seat][state.tossing].spot in (Spot.AREA, Spot.LOOSE), "the die has landed"
        )
    elif phase is Phase.SETTLE:
        expect(
            all(d.spot in (Spot.HOME, Spot.AREA) for d in dice), "loose and Puddle dice went home"
        )
        expect(
            any(len(d.cards) == 2 for d in state.dice[seat]), f"seat {seat} has nothing to settle"
        )
        for other in order[: order.index(seat)]:
            expect(
                all(len(d.cards) < 2 for d in state.dice[other]), "dice are settled in turn order"
            )
    else:
        expect(all(d.spot in (Spot.HOME, Spot.PUDDLE) for d in dice), "every card was resolved")
        if phase is Phase.PLACE:
            expect(state.won[seat], f"seat {seat} has no card to place")
            for other in order[: order.index(seat)]:
                expect(not state.won[other], "cards are placed in turn order")
        if phase is Phase.ROLLOFF:
            expect(
                len(state.tied) >= 2 and 0 <= state.rolloffs < MAX_ROLLOFFS, "a roll-off needs ties"
            )
            expect(
                list(state.tied) == sorted(set(state.tied)) and all(0 <= s < n for s in state.tied),
                "the tied seats are listed once, ascending",
            )
            plates = [len(colony) for colony in state.colonies]
            home = [len(home_dice(state, s)) for s in range(n)]
            candidates = starting_candidates(plates, home)
            expect(
                set(state.tied) <= set(candidates)
                and (state.rolloffs > 0 or state.tied == candidates),
                "only the seats tied for starting player roll off",
            )
        if phase in (Phase.ROLLOFF, Phase.ROUND_CARD):
            expect(state.head_start < 0, "a head start is used up when the starter is chosen")
        if phase is Phase.ROUND_CARD:
            expect(seat == state.starter, "the starting player draws the Round card")
        if phase is Phase.OVER:
            expect(state.round == state.rules.rounds, "the game ends after the last round")
            expect(seat == 0, "nobody is to act when the game is over (turn 0)")
