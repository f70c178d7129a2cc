"""The ants game's engine: :func:`new_game`, :func:`to_move`, :func:`legal_moves`, :func:`apply`.

Each round: seats toss their dice in turn (each toss a chance node whose
outcome is a landing), then the food is brought back (dice settled,
each card resolved, won cards placed into colonies), then the area is
refilled, a starting player chosen and a Round card drawn. After the last
round the game is scored.

The rules themselves are the named predicates of
:mod:`~picnic_rules.ants.predicates`; what the seat to act may do is listed by
:mod:`~picnic_rules.ants.legal`, why a move is refused is worded by
:mod:`~picnic_rules.ants.reasons`, and the caches, interning and constants that
make it fast live in :mod:`~picnic_rules.ants.fast`.
"""

from __future__ import annotations

import typing
from collections import Counter
from itertools import repeat
from operator import is_
from typing import Final

from ..errors import IllegalMove
from ..game import CHANCE, Actor, Outcome
from ..kit import evolve, evolver
from ..kit.counts import add, replace
from ..typecheck import ill_typed
from .cards import CARD_KINDS, DIE_KINDS, PicnicCard, RoundCard
from .colony import plates
from .fast import (
    AFTER,
    AREA,
    CHANCE_PHASES,
    DOUBLE_TIME,
    FILL,
    HEAD_START,
    HONEY,
    KINDS,
    LAND,
    LAYOUTS,
    LISTED,
    LOOSE,
    ON_PUDDLE,
    OVER,
    PLACE,
    PLANNER,
    RE_TOSS,
    ROLLOFF,
    ROUND_CARD,
    SCOUT_AHEAD,
    SECOND_WIND,
    SEND,
    SETTLE,
    SETUP,
    SIZES,
    STOMP,
    TURN_ORDERS,
    area_gaps,
    colony_with,
    die_in_area,
    first_home,
    has_home,
    is_spot,
    placed_by,
    remember_gaps,
    spots_of,
)
from .legal import (
    area_cards,
    drawn_round_cards,
    home_dice,
    legal_moves,
    legal_placements,
    targets,
    turn_order,
)
from .moves import (
    MAX_KNOCKS,
    Deal,
    Draw,
    Keep,
    Landing,
    Move,
    Place,
    Play,
    Retoss,
    Reveal,
    Rolloff,
    Settle,
    Toss,
)
from .predicates import (
    card_winner,
    landing_cards_are_possible,
    roll_sums,
    scout_may_retoss,
    soldier_goes_home,
    starting_candidates,
)
from .reasons import cards_reason, spans, why_illegal
from .rules import Rules
from .scoring import score_table
from .state import HOME, PUDDLE, Die, State
from .values import proper, typed_knocks

__all__ = [
    "MAX_ROLLOFFS",
    "REASONS",
    "ROUNDS",
    "apply",
    "apply_legal",
    "area_cards",
    "chance_outcomes",
    "drawn_round_cards",
    "home_dice",
    "is_over",
    "legal_moves",
    "legal_placements",
    "max_chance_steps",
    "max_moves",
    "new_game",
    "proper",
    "result",
    "scores",
    "to_move",
    "toss_die",
]

ROUNDS: Final = "rounds"
"""The one end reason: the last round was played."""
REASONS: Final = (ROUNDS,)
"""Every end reason :func:`result` may give."""
MAX_ROLLOFFS: Final = 3
"""Roll-offs for starting player before the lowest tied seat starts (house rule)."""

# The engine's named updates, made once: each takes what it changes, in order, and sets what a
# rule always sets (see kit.build.evolver).
_TOSSED: Final = evolver(State, "tossing", "target", phase=LAND)
_LANDED: Final = evolver(State, "dice", "touched", phase=AFTER)
_SENDING: Final = evolver(
    State,
    "dice",
    "turn",
    phase=SEND,
    tossing=-1,
    target=-1,
    touched=False,
    scout_retossed=False,
    extra_tosses=0,
)
_BROUGHT_BACK: Final = evolver(
    State, "dice", tossing=-1, target=-1, touched=False, scout_retossed=False, extra_tosses=0
)
_RESOLVED: Final = evolver(State, "dice", "area", "won", honey=())
_FILLED: Final = evolver(State, "area", "deck")
_FILLING: Final = evolver(State, phase=FILL)
_MOVED: Final = evolver(State, "dice")
_SETTLING: Final = evolver(State, "turn", phase=SETTLE)
_PLACING: Final = evolver(State, "turn", phase=PLACE)
_DRAWING: Final = evolver(State, "turn", phase=ROUND_CARD)
_PLACED: Final = evolver(State, "colonies", "won")
_NEXT_ROUND: Final = evolver(State, "round")
_STARTING: Final = evolver(State, "starter")
_OVER: Final = evolver(State, phase=OVER, turn=0)


def new_game(players: int = 2, rules: Rules = Rules()) -> State:
    """The state before set-up (chance deals the Scoring cards, then fills the area).

    The package's ``new_game`` (the kit's gate) refuses ``rules`` of another type and a
    player count that :meth:`Rules.check_players` refuses, before this runs.
    """
    empty: tuple[tuple[PicnicCard, ...], ...] = ((),) * players
    return State(
        rules=rules,
        area=(None,) * 9,
        deck=rules.deck,
        dice=((HOME,) * 6,) * players,
        colonies=((),) * players,
        won=empty,
        set_aside=empty,
        held=((),) * players,
        used=(),
        scoring=(),
        rewards=(),
        majority=(),
        phase=SETUP,
        round=1,
        starter=0,
        turn=0,
    )


def to_move(state: State) -> Actor:
    """Chance at set-up, fills, landings, roll-offs and Round card draws; the seat ``turn``
    otherwise; ``None`` when the game is over."""
    phase = state.phase
    if phase in CHANCE_PHASES:
        return CHANCE
    return None if phase is OVER else state.turn


def is_over(state: State) -> bool:
    """Whether the last round has been played."""
    return state.phase is OVER


def chance_outcomes(state: State) -> tuple[tuple[Move, int], ...]:
    """Nothing: the game's chance is sampled (see :func:`~picnic_rules.ants.sample_chance`)."""
    return ()


# --------------------------------------------------------------------------
# apply


def apply(state: State, move: Move) -> State:
    """The state after ``move``; :class:`~picnic_rules.IllegalMove` naming the reason if the
    rules forbid it (a supplied landing, draw or roll-off included) or if ``move`` is no move
    of ants at all (a field of the wrong type). A move equal to a proper one (``Settle(1.0, 4)``)
    is applied as that move. ``state`` is unchanged."""
    phase = state.phase
    memo = LISTED[0]
    if memo[0] is state:  # just listed or drawn: trusted, as apply_legal trusts it
        if phase is LAND:
            if memo[1][0] is move:  # the one landing sample_landing drew
                return _landed(state, move)  # type: ignore[arg-type]
        elif type(move) is not Toss and any(map(is_, memo[1], repeat(move))):
            return _EFFECTS[type(move)](state, move)
    if phase is OVER:
        raise IllegalMove(move, "the game is over")
    if phase in CHANCE_PHASES:
        return _apply_chance(state, move)
    if type(move) is Toss and phase is SEND:  # the commonest move: checked here, listed or not
        target = move.target
        die = first_home(state.dice[state.turn], move.die) if type(target) is int else -1
        if die >= 0 and target in targets(state):
            return _TOSSED(state, die, target)
    return _decide(state, move if type(move) is Keep else proper(move))


def apply_legal(state: State, move: Move) -> State:
    """:func:`apply` of a move :func:`legal_moves` listed for ``state`` or a landing
    :func:`~picnic_rules.ants.sample_chance` drew, checking nothing.

    What the move does is worked out by the same functions, so the state is the same; only
    the checks that refuse an illegal move are left out. For code that takes its moves
    from ``legal_moves`` and ``sample_chance`` itself, a search say: given an illegal move of
    the game's types it returns a state no game reaches (or fails). Any other move goes to
    :func:`apply`.

    >>> from picnic_rules.ants import Landing, new_game, parse_move, sample_chance
    >>> import random
    >>> state, rng = new_game(2), random.Random(1)
    >>> while to_move(state) is CHANCE:
    ...     state = apply(state, sample_chance(state, rng))
    >>> state = apply_legal(state, parse_move(state, "toss worker at 4"))
    >>> landing = parse_move(state, "land 3 on 4")
    >>> apply_legal(state, landing) == apply(state, landing)
    True
    """
    phase = state.phase
    if phase is LAND and type(move) is Landing:
        return _landed(state, move)
    if phase is SEND and type(move) is Toss:
        die = first_home(state.dice[state.turn], move.die)
        return _TOSSED(state, die, move.target)
    if phase is AFTER and type(move) is Keep:
        return _toss_done(state)
    return apply(state, move)


def toss_die(state: State, die: int, target: int) -> State:
    """The state after the seat to act tosses its die ``die`` at ``target``: :func:`apply_legal`
    of the ``Toss`` of that die's kind, for a caller that knows the die already (the first of
    its kind on the anthill, as that toss tosses) and a target the toss may have (checking
    nothing)."""
    return _TOSSED(state, die, target)


def _decide(state: State, move: Move) -> State:
    """The state after ``move`` (every field of its declared type) of the seat to act."""
    if type(move) in (Deal, Draw, Landing, Rolloff, Reveal):
        raise IllegalMove(move, f"only chance makes that move; seat {state.turn} is to act")
    if not _is_legal(state, move):
        raise IllegalMove(move, why_illegal(state, move))
    return _effect(state, move)


def _effect(state: State, move: Move) -> State:
    """The state after the legal ``move`` of the seat to act (nothing checked)."""
    effect = _EFFECTS.get(type(move))
    if effect is None:  # no other move is ever legal
        raise IllegalMove(move, why_illegal(state, move))
    return effect(state, move)


def _tossed(state: State, move: Toss) -> State:
    """The die of ``move``'s kind is in the air, at its target."""
    return _TOSSED(state, first_home(state.dice[state.turn], move.die), move.target)


def _kept(state: State, move: Keep) -> State:
    """The landing stands: the toss is over."""
    return _toss_done(state)


def _retossed(state: State, move: Retoss) -> State:
    """The Scout goes back to the anthill and is tossed again at ``move``'s target."""
    state = _move_die(state, state.turn, state.tossing, HOME)
    return evolve(state, phase=LAND, target=move.target, touched=False, scout_retossed=True)


def _settled(state: State, move: Settle) -> State:
    """The die touching two cards is moved onto ``move``'s card alone."""
    seat = state.turn
    face = state.dice[seat][move.die].face
    return _settle_or_resolve(_move_die(state, seat, move.die, Die(AREA, (move.card,), face)))


def _placed(state: State, move: Place) -> State:
    """The card is in the colony; the next placement, or the round ends."""
    return _placements(_place(state, move))


def _is_legal(state: State, move: Move) -> bool:
    phase, seat = state.phase, state.turn
    if type(move) is Place:
        return (
            phase is PLACE
            and move.card in state.won[seat]
            and type(move.x) is int
            and type(move.y) is int
            and type(move.turn) is int
            and type(move.planner) is bool
            and (not move.planner or PLANNER in state.held[seat])
            and is_spot(state.colonies[seat], move)
        )
    if type(move) is Toss:
        return (
            phase is SEND
            and type(move.target) is int
            and move.target in targets(state)
            and first_home(state.dice[seat], move.die) >= 0
        )
    return move in legal_moves(state)


def _move_die(state: State, seat: int, die: int, to: Die) -> State:
    dice = state.dice
    return _MOVED(state, replace(dice, seat, replace(dice[seat], die, to)))


def _play(state: State, move: Play) -> State:
    seat, card = state.turn, move.card
    held = replace(state.held, seat, tuple(c for c in state.held[seat] if c is not card))
    state = evolve(state, held=held, used=(*state.used, card))
    if card is SECOND_WIND:
        return _move_die(state, seat, move.die, HOME)
    if card is STOMP:
        face = state.dice[move.seat][move.die].face
        return _move_die(state, move.seat, move.die, Die(LOOSE, (), face))
    if card is HONEY:
        return evolve(state, honey=(*state.honey, (seat, move.position)))
    if card is DOUBLE_TIME:
        return evolve(state, extra_tosses=1)
    if card is SCOUT_AHEAD:
        face = state.dice[seat][move.die].face
        return _move_die(state, seat, move.die, Die(AREA, (move.position,), face))
    if card is HEAD_START:
        return evolve(state, head_start=seat)
    # Re-toss, the one card left that _plays and _after_moves list (Planner goes with a Place)
    state = _move_die(state, seat, state.tossing, HOME)
    return evolve(state, phase=LAND, target=move.position, touched=False)


# --------------------------------------------------------------------------
# chance


def _apply_chance(state: State, move: Move) -> State:
    phase = state.phase
    if phase is LAND and type(move) is Landing:  # the commonest first
        return _land(state, move)
    if type(move) is not Draw:  # a draw's card is looked up by value (stored as the kind)
        move = proper(move)
    if phase is SETUP and type(move) is Deal:
        return _deal(state, move)
    if phase is FILL and type(move) is Draw:
        return _fill(state, move)
    if phase is ROLLOFF and type(move) is Rolloff:
        return _rolloff(state, move)
    if phase is ROUND_CARD and type(move) is Reveal:
        return _reveal(state, move)
    wanted = {
        SETUP: "deals the Scoring cards",
        FILL: "draws a card for the area",
        LAND: "gives the landing",
        ROLLOFF: "gives the roll-off",
        ROUND_CARD: "reveals a Round card",
    }[phase]
    raise IllegalMove(move, f"chance {wanted} now")


def _deal(state: State, move: Deal) -> State:
    rules, n = state.rules, state.players
    wanted = rules.scoring_cards_for(n)
    if len(move.scoring) != wanted:
        raise IllegalMove(move, f"{wanted} Scoring cards are dealt, not {len(move.scoring)}")
    if list(move.scoring) != sorted(set(move.scoring), key=lambda c: c.value):
        raise IllegalMove(move, "the Scoring cards are listed once each, ascending")
    if len(move.rewards) != wanted:
        raise IllegalMove(move, f"one Reward token on each Scoring card, not {len(move.rewards)}")
    if len(move.majority) != 6:
        raise IllegalMove(move, "six Reward tokens lie on the Majority card")
    tokens = Counter((*move.rewards, *move.majority))
    if tokens - Counter(rules.rewards):
        raise IllegalMove(move, f"the box holds only the Reward tokens {rules.rewards}")
    state = evolve(state, scoring=move.scoring, rewards=move.rewards, majority=move.majority)
    return _fill_or_start(state)


def _fill_or_start(state: State) -> State:
    if area_gaps(state) and any(state.deck):
        return _FILLING(state)
    if state.round == 1:
        return _begin_sending(state)
    return _choose_starter(state)


def _fill(state: State, move: Draw) -> State:
    kind = KINDS.get(move.card, -1) if type(move.card) is PicnicCard else -1
    if kind < 0:
        raise IllegalMove(move, f"not a move of ants: {ill_typed(move) or 'no such card'}")
    if not state.deck[kind]:
        raise IllegalMove(move, f"no {move.card} is left in the deck")
    gaps = area_gaps(state)
    area = replace(state.area, gaps[0], CARD_KINDS[kind])  # the card itself, no look-alike
    remember_gaps(area, len(state.dice), gaps[1:])
    deck = add(state.deck, kind, -1)
    if len(gaps) > 1 and any(deck):  # more gaps to fill: still chance's turn
        return _FILLED(state, area, deck)
    return _fill_or_start(_FILLED(state, area, deck))


def _land(state: State, move: Landing) -> State:
    """The state after the landing ``move``, checked first."""
    tossed, cards, touched, knocks = state.tossing, move.cards, move.touched, move.knocks
    if (
        type(move.face) is not int
        or type(cards) is not tuple
        or (cards and type(cards[0]) is not int)
        or (len(cards) > 1 and type(cards[1]) is not int)  # more than two cards are refused
        or type(touched) is not bool
        or type(knocks) is not tuple
        or (knocks and not typed_knocks(knocks))
    ):  # a look-alike: applied as the landing it equals (or refused)
        return _land(state, typing.cast("Landing", proper(move)))
    if move.face not in state.rules.die_faces(tossed):
        raise IllegalMove(move, f"a {DIE_KINDS[tossed].value} has no face with {move.face} ants")
    present = area_cards(state)
    if not landing_cards_are_possible(cards, present):
        raise IllegalMove(move, cards_reason(cards, present))
    if knocks:
        if not touched:
            raise IllegalMove(move, "a die that knocked other dice touched them")
        _check_knocks(state, move, present)
    elif touched and not _dice_in_area(state):
        raise IllegalMove(move, "no other die is in the picnic area to touch")
    return _landed(state, move)


def _landed(state: State, move: Landing) -> State:
    """The state after the landing ``move`` (checked, or sampled from the rules)."""
    seat, tossed, cards, touched = state.turn, state.tossing, move.cards, move.touched
    landed = _knocked(state, move) if move.knocks else state.dice
    own = list(landed[seat])  # by hand, not counts.replace: the commonest step of a game
    own[tossed] = die_in_area(cards, move.face)  # shared, proper values
    seats = list(landed)
    seats[seat] = tuple(own)
    dice = tuple(seats)
    retoss = scout_may_retoss(tossed, cards, touched, state.scout_retossed)
    if retoss or RE_TOSS in state.held[seat]:
        return _LANDED(state, dice, touched)
    return _toss_done(state, dice)


def _knocked(state: State, move: Landing) -> tuple[tuple[Die, ...], ...]:
    """The dice after ``move``'s knocks moved them."""
    dice = [list(own) for own in state.dice]
    for knock in move.knocks:
        dice[knock.seat][knock.die] = die_in_area(knock.cards, knock.face)
    return tuple(map(tuple, dice))


def _check_knocks(state: State, move: Landing, present: tuple[int, ...]) -> None:
    """Refuse ``move`` (:class:`~picnic_rules.IllegalMove`) unless each of its knocks may be."""
    if len(move.knocks) > MAX_KNOCKS:
        raise IllegalMove(move, f"a landing knocks at most {MAX_KNOCKS} dice")
    seat, tossed = state.turn, state.tossing
    seen = set()
    for knock in move.knocks:
        if not 0 <= knock.seat < state.players or not 0 <= knock.die < 6:
            raise IllegalMove(move, f"there is no die {knock.seat}:{knock.die}")
        if (knock.seat, knock.die) == (seat, tossed):
            raise IllegalMove(move, "the tossed die cannot knock itself")
        if (knock.seat, knock.die) in seen:
            raise IllegalMove(move, "a die is knocked once per landing")
        seen.add((knock.seat, knock.die))
        if state.dice[knock.seat][knock.die].spot not in (AREA, LOOSE):
            raise IllegalMove(move, f"{knock}: only dice in the picnic area can be knocked")
        if knock.face not in state.rules.die_faces(knock.die):
            raise IllegalMove(move, f"{knock}: that die has no face with {knock.face} ants")
        if not landing_cards_are_possible(knock.cards, present):
            raise IllegalMove(move, f"{knock}: {cards_reason(knock.cards, present)}")


def _dice_in_area(state: State) -> bool:
    """Whether a die other than the one in the air lies in the area (on cards or loose)."""
    seat, tossed = state.turn, state.tossing
    return any(
        (die.spot is AREA or die.spot is LOOSE) and (s != seat or i != tossed)
        for s, own in enumerate(state.dice)
        for i, die in enumerate(own)
    )


def _rolloff(state: State, move: Rolloff) -> State:
    tied = state.tied
    if len(move.totals) != len(tied):
        raise IllegalMove(move, f"{len(tied)} tied seats roll off: {tied}")
    for seat, total in zip(tied, move.totals, strict=True):
        sums = roll_sums(tuple(state.rules.die_faces(i) for i in home_dice(state, seat)))
        if total not in sums:
            raise IllegalMove(move, f"seat {seat}'s anthill cannot roll {total}: {spans(sums)}")
    top = max(move.totals)
    still = tuple(s for s, t in zip(tied, move.totals, strict=True) if t == top)
    rolloffs = state.rolloffs + 1
    if len(still) == 1 or rolloffs >= MAX_ROLLOFFS:
        return _draw_round_card(evolve(state, starter=still[0], tied=(), rolloffs=0))
    return evolve(state, tied=still, rolloffs=rolloffs)


def _reveal(state: State, move: Reveal) -> State:
    left = _round_cards_left(state)
    if move.card not in left:
        raise IllegalMove(move, f"the {move.card.value} card is not in the Round card pile")
    starter = state.starter
    held = replace(state.held, starter, (*state.held[starter], move.card))
    return _begin_sending(evolve(state, held=held))


def _round_cards_left(
    state: State, drawn: tuple[RoundCard, ...] | None = None
) -> tuple[RoundCard, ...]:
    """The Round cards still in the pile (``drawn``: :func:`drawn_round_cards`, if known)."""
    if drawn is None:
        drawn = drawn_round_cards(state)
    return tuple(card for card in state.rules.round_cards if card not in drawn)


# --------------------------------------------------------------------------
# the flow of a round


def _begin_sending(state: State) -> State:
    state = _SENDING(state, state.dice, state.starter)
    if home_dice(state, state.starter):
        return state
    return _next_turn(state)


def _toss_done(state: State, dice: tuple[tuple[Die, ...], ...] | None = None) -> State:
    """The toss is over (``dice``: where the dice now are, if not yet in ``state``)."""
    dice = state.dice if dice is None else dice
    seat = state.turn
    if state.extra_tosses and has_home(dice[seat]):
        return evolve(
            state,
            dice=dice,
            phase=SEND,
            tossing=-1,
            target=-1,
            touched=False,
            extra_tosses=state.extra_tosses - 1,
        )
    return _next_turn(state, dice)


def _next_turn(state: State, dice: tuple[tuple[Die, ...], ...] | None = None) -> State:
    """The next seat with dice on its anthill tosses; with none, the food is brought back."""
    dice = state.dice if dice is None else dice
    n = len(dice)
    for step in range(1, n + 1):
        seat = (state.turn + step) % n
        if has_home(dice[seat]):
            return _SENDING(state, dice, seat)
    return _bring_back(state, dice)


def _bring_back(state: State, dice: tuple[tuple[Die, ...], ...]) -> State:
    """Dice on the Puddle and loose dice go home; then dice touching two cards are settled
    (``dice``: where the dice are, if not yet in ``state``)."""
    dice = tuple(
        [tuple([HOME if die.spot in (ON_PUDDLE, LOOSE) else die for die in own]) for own in dice]
    )
    return _settle_or_resolve(_BROUGHT_BACK(state, dice))


def _settle_or_resolve(state: State) -> State:
    for seat in turn_order(state):
        if any(len(die.cards) == 2 for die in state.dice[seat]):
            return _SETTLING(state, seat)
    return _resolve(state)


def _resolve(state: State) -> State:
    """Each card with dice touching it goes to the highest ant total, in layout order."""
    dice = [list(own) for own in state.dice]
    area = list(state.area)
    won = list(state.won)
    touching: dict[int, dict[int, list[int]]] = {}  # position: seat: its dice touching it
    for seat, own in enumerate(dice):
        for i, die in enumerate(own):
            if die.spot is AREA:
                for position in die.cards:
                    on = touching.get(position)
                    if on is None:
                        touching[position] = {seat: [i]}
                    elif seat in on:
                        on[seat].append(i)
                    else:
                        on[seat] = [i]
    honey = state.honey
    for position in LAYOUTS[len(dice)]:
        on = touching.get(position)
        card = area[position]
        if card is None or on is None:
            continue
        if len(on) == 1:  # one player's dice alone: theirs, whatever the total
            winner: int | None = next(iter(on))
        else:
            contenders = [
                (
                    seat,
                    sum([dice[seat][i].face for i in mine]) + 2 * honey.count((seat, position)),
                    len(mine),
                    max([SIZES[i] for i in mine]),
                )
                for seat, mine in sorted(on.items())
            ]
            winner = card_winner(contenders)
        for seat, mine in on.items():
            own = dice[seat]
            for i in mine:
                own[i] = PUDDLE if seat == winner and not soldier_goes_home(i) else HOME
        if winner is not None:
            won[winner] = (*won[winner], card)
            area[position] = None
    return _placements(_RESOLVED(state, tuple(map(tuple, dice)), tuple(area), tuple(won)))


def _placements(state: State) -> State:
    """Winners place their cards, in turn order; a card with no legal place is set aside."""
    players = len(state.dice)
    for seat in TURN_ORDERS[players][state.starter % players]:  # turn_order(state)
        pending = state.won[seat]
        if not pending:
            continue
        # a spot without Planner takes any card; else ask for each card (Planner, first card)
        if spots_of(state.colonies[seat]) or any(
            legal_placements(state, seat, card) for card in pending
        ):
            if state.phase is PLACE and state.turn == seat:  # the same seat places again
                return state
            return _PLACING(state, seat)
        aside = replace(state.set_aside, seat, (*state.set_aside[seat], *pending))
        state = evolve(state, won=replace(state.won, seat, ()), set_aside=aside)
    return _end_round(state)


def _place(state: State, move: Place) -> State:
    seat = state.turn
    colonies, won = list(state.colonies), list(state.won)
    pending = list(won[seat])
    pending.remove(move.card)
    won[seat] = tuple(pending)
    colonies[seat] = colony_with(colonies[seat], placed_by(move))
    state = _PLACED(state, tuple(colonies), tuple(won))
    if move.planner:
        held = replace(state.held, seat, tuple(c for c in state.held[seat] if c is not PLANNER))
        state = evolve(state, held=held, used=(*state.used, PLANNER))
    return state


def _end_round(state: State) -> State:
    if state.round >= state.rules.rounds:
        return _OVER(state)
    return _fill_or_start(_NEXT_ROUND(state, state.round + 1))


def _choose_starter(state: State) -> State:
    if state.head_start >= 0:
        return _draw_round_card(evolve(state, starter=state.head_start, head_start=-1))
    counts = [len(colony) for colony in state.colonies]
    home = [len(home_dice(state, seat)) for seat in range(state.players)]
    tied = starting_candidates(counts, home)
    if len(tied) == 1:
        return _draw_round_card(_STARTING(state, tied[0]))
    return evolve(state, phase=ROLLOFF, tied=tied, rolloffs=0)


def _draw_round_card(state: State) -> State:
    drawn = drawn_round_cards(state)
    if len(drawn) < state.rules.round_cards_dealt and _round_cards_left(state, drawn):
        return _DRAWING(state, state.starter)
    return _begin_sending(state)


_EFFECTS: Final[dict[type, typing.Callable[[State, typing.Any], State]]] = {
    Toss: _tossed,
    Play: _play,
    Keep: _kept,
    Retoss: _retossed,
    Settle: _settled,
    Place: _placed,
}
"""What each kind of move of a seat does, by its class (a legal move is of one of these)."""


# --------------------------------------------------------------------------
# the end


def scores(state: State) -> tuple[int, ...]:
    """Each seat's points from the Reward and Tie tokens its colony earns (now)."""
    return score_table(
        [plates(colony) for colony in state.colonies],
        state.scoring,
        state.rewards,
        state.majority or (0,) * 6,
        state.rules.tie_token,
    )


def result(state: State) -> Outcome:
    """The final scores; equal leaders all win (the package's ``result``, the kit's gate,
    refuses a game that is not over)."""
    return Outcome.from_scores(scores(state), ROUNDS)


def max_moves(players: int, rules: Rules) -> int:
    """A bound on the non-chance moves: per round and seat at most 7 tosses (6 dice and a
    Second Wind), each followed by at most 3 choices (Scout re-toss, Re-toss card, keep), and
    7 settles; per round at most 9 placements; and each Round card played once."""
    return rules.rounds * (players * (7 * 4 + 7) + 9) + len(rules.round_cards)


def max_chance_steps(players: int, rules: Rules) -> int:
    """A bound on the chance steps: the set-up deal, and per round at most 9 fills, 3 landings
    per toss, 3 roll-offs and one Round card."""
    return 1 + rules.rounds * (9 + players * 7 * 3 + MAX_ROLLOFFS + 1)
