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
    AT_HOME,
    CHANCE_PHASES,
    DOUBLE_TIME,
    FILL,
    HEAD_START,
    HONEY,
    KIND_IDS,
    KINDS,
    LAND,
    LAYOUTS,
    LISTED,
    LOOSE,
    NEXT_SEATS,
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
    TARGETS,
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
_TURN_OVER: Final[dict[str, object]] = {
    "tossing": -1,
    "target": -1,
    "touched": False,
    "scout_retossed": False,
    "extra_tosses": 0,
}
"""What the end of a seat's turn always sets: no die in the air, no landing to answer, no
Scout re-toss used and no extra toss left."""
_SENDING: Final = evolver(State, "dice", "turn", phase=SEND, **_TURN_OVER)
_BROUGHT_BACK_SETTLING: Final = evolver(State, "dice", "turn", phase=SETTLE, **_TURN_OVER)
_BROUGHT_BACK_RESOLVED: Final = evolver(State, "dice", "area", "won", honey=(), **_TURN_OVER)
_RESOLVED: Final = evolver(State, "dice", "area", "won", honey=())
_FILLED: Final = evolver(State, "area", "deck")
_FILLING: Final = evolver(State, phase=FILL)
_MOVED: Final = evolver(State, "dice")
_SETTLING: Final = evolver(State, "dice", "turn", phase=SETTLE)
_PLACING: Final = evolver(State, "turn", phase=PLACE)
_DRAWING: Final = evolver(State, "starter", "turn", phase=ROUND_CARD)
_FIRST_TOSS: Final = evolver(State, "starter", "turn", "held", phase=SEND, **_TURN_OVER)
_DEALT: Final = evolver(State, "scoring", "rewards", "majority")
_PLACED: Final = evolver(State, "colonies", "won")
_NEXT_ROUND: Final = evolver(State, "round")
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
    if phase is SEND and type(move) is Toss:  # the commonest move: checked here, listed or not
        target = move.target
        die = first_home(state.dice[state.turn], move.die) if type(target) is int else -1
        if die >= 0:
            known = TARGETS[0]  # the targets legal_moves just worked out, if for this state
            if target in (known[1] if known[0] is state else targets(state)):
                return _TOSSED(state, die, target)
        return _decide(state, proper(move))
    memo = LISTED[0]
    if memo[0] is state:  # just listed or drawn: trusted, as apply_legal trusts it
        if phase is LAND:
            if memo[1][0] is move:  # the one landing sample_landing drew
                return _landed(state, move)
        elif any(map(is_, memo[1], repeat(move))):
            return _EFFECTS[type(move)](state, move)
    if phase is OVER:
        raise IllegalMove(move, "the game is over")
    if phase in CHANCE_PHASES:
        return _apply_chance(state, move)
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


_RETOSSED: Final = evolver(State, "dice", "target", phase=LAND, touched=False, scout_retossed=True)
"""A Scout's toss again: the dice with it back home, and its new target."""


def _retossed(state: State, move: Retoss) -> State:
    """The Scout goes back to the anthill and is tossed again at ``move``'s target."""
    return _RETOSSED(state, _moved(state.dice, state.turn, state.tossing, HOME), move.target)


def _settled(state: State, move: Settle) -> State:
    """The die touching two cards is moved onto ``move``'s card alone."""
    seat, die = state.turn, move.die
    own = list(state.dice[seat])
    own[die] = die_in_area((move.card,), own[die].face)  # shared, as a landing's
    dice = list(state.dice)
    dice[seat] = tuple(own)
    return _settle_or_resolve(state, tuple(dice), _SETTLING, _RESOLVED)


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
    """``state`` with ``seat``'s die ``die`` now ``to``."""
    return _MOVED(state, _moved(state.dice, seat, die, to))


def _moved(
    dice: tuple[tuple[Die, ...], ...], seat: int, die: int, to: Die
) -> tuple[tuple[Die, ...], ...]:
    """``dice`` with ``seat``'s die ``die`` now ``to``."""
    return replace(dice, seat, replace(dice[seat], die, to))


_PLAYED: Final = evolver(State, "held", "used", "dice")
"""A Round card played that moves a die: the card out of the hand, into the used pile."""


def _play(state: State, move: Play) -> State:
    """The Round card is played (out of the hand, into the used pile) and does what it says:
    one state update each."""
    seat, card, dice = state.turn, move.card, state.dice
    held = replace(state.held, seat, tuple(c for c in state.held[seat] if c is not card))
    used = (*state.used, card)
    if card is SECOND_WIND:
        return _PLAYED(state, held, used, _moved(dice, seat, move.die, HOME))
    if card is STOMP:
        face = dice[move.seat][move.die].face
        return _PLAYED(state, held, used, _moved(dice, move.seat, move.die, Die(LOOSE, (), face)))
    if card is HONEY:
        return evolve(state, held=held, used=used, honey=(*state.honey, (seat, move.position)))
    if card is DOUBLE_TIME:
        return evolve(state, held=held, used=used, extra_tosses=1)
    if card is SCOUT_AHEAD:
        face = dice[seat][move.die].face
        moved = _moved(dice, seat, move.die, Die(AREA, (move.position,), face))
        return _PLAYED(state, held, used, moved)
    if card is HEAD_START:
        return evolve(state, held=held, used=used, head_start=seat)
    # Re-toss, the one card left that _plays and _after_moves list (Planner goes with a Place)
    return evolve(
        state,
        held=held,
        used=used,
        dice=_moved(dice, seat, state.tossing, HOME),
        phase=LAND,
        target=move.position,
        touched=False,
    )


# --------------------------------------------------------------------------
# chance


def _apply_chance(state: State, move: Move) -> State:
    phase = state.phase
    if phase is FILL and type(move) is Draw:  # the commonest here (a drawn landing is trusted)
        return _fill(state, move)  # a draw's card is looked up by value (stored as the kind)
    if phase is LAND and type(move) is Landing:
        return _land(state, move)
    if type(move) is not Draw:
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
    box = list(rules.rewards)
    for token in (*move.rewards, *move.majority):  # each token taken out of the box
        if token not in box:
            raise IllegalMove(move, f"the box holds only the Reward tokens {rules.rewards}")
        box.remove(token)
    return _fill_or_start(_DEALT(state, move.scoring, move.rewards, move.majority))


def _fill_or_start(state: State) -> State:
    if area_gaps(state) and any(state.deck):
        return _FILLING(state)
    return _start(state)


def _start(state: State) -> State:
    """The area is full (or the deck empty): the first round's starting player sends out;
    a later round's is chosen first."""
    if state.round == 1:
        return _begin_sending(state, state.starter, state.held)
    return _choose_starter(state)


def _fill(state: State, move: Draw) -> State:
    card = move.card
    kind = KIND_IDS.get(id(card), -1)
    if kind < 0:  # not one of the cards themselves: looked up by value
        kind = KINDS.get(card, -1) if type(card) is PicnicCard else -1
        if kind < 0:
            raise IllegalMove(move, f"not a move of ants: {ill_typed(move) or 'no such card'}")
        card = CARD_KINDS[kind]  # the card itself, no look-alike
    if not state.deck[kind]:
        raise IllegalMove(move, f"no {move.card} is left in the deck")
    deck = add(state.deck, kind, -1)
    gaps = area_gaps(state)
    area = replace(state.area, gaps[0], card)
    remember_gaps(area, len(state.dice), gaps[1:])
    if len(gaps) > 1 and any(deck):  # more gaps to fill: still chance's turn
        return _FILLED(state, area, deck)
    return _start(_FILLED(state, area, deck))  # no gap left, or no card


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
    seat, tossed, cards = state.turn, state.tossing, move.cards
    landed = _knocked(state, move) if move.knocks else state.dice
    own = list(landed[seat])  # by hand, not counts.replace: the commonest step of a game
    own[tossed] = die_in_area(cards, move.face)  # shared, proper values
    dice: tuple[tuple[Die, ...], ...]
    if len(landed) == 2:
        dice = (tuple(own), landed[1]) if seat == 0 else (landed[0], tuple(own))
    else:
        seats = list(landed)
        seats[seat] = tuple(own)
        dice = tuple(seats)
    # a die on a card is no Scout to toss again: the commonest landing asks the rule nothing
    if (
        not cards and scout_may_retoss(tossed, cards, move.touched, state.scout_retossed)
    ) or RE_TOSS in state.held[seat]:
        return _LANDED(state, dice, move.touched)
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
        return _draw_round_card(evolve(state, tied=(), rolloffs=0), still[0])
    return evolve(state, tied=still, rolloffs=rolloffs)


def _reveal(state: State, move: Reveal) -> State:
    card = move.card
    if card not in state.rules.round_cards or card in drawn_round_cards(state):
        raise IllegalMove(move, f"the {card.value} card is not in the Round card pile")
    starter = state.starter
    held = list(state.held)
    held[starter] = (*held[starter], card)
    return _begin_sending(state, starter, tuple(held))


def _round_cards_left(state: State) -> tuple[RoundCard, ...]:
    """The Round cards still in the pile."""
    drawn = drawn_round_cards(state)
    return tuple(card for card in state.rules.round_cards if card not in drawn)


# --------------------------------------------------------------------------
# the flow of a round


def _begin_sending(state: State, starter: int, held: tuple[tuple[RoundCard, ...], ...]) -> State:
    """The starting player ``starter`` sends out first (``held``: the Round cards each seat
    holds now); with no die on its anthill, the next seat."""
    state = _FIRST_TOSS(state, starter, starter, held)
    if has_home(state.dice[starter]):
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
    for seat in NEXT_SEATS[len(dice)][state.turn]:
        if has_home(dice[seat]):
            return _SENDING(state, dice, seat)
    return _bring_back(state, dice)


def _bring_back(state: State, dice: tuple[tuple[Die, ...], ...]) -> State:
    """Dice on the Puddle and loose dice go home; then dice touching two cards are settled
    (``dice``: where the dice are, if not yet in ``state``)."""
    return _settle_or_resolve(state, dice, _BROUGHT_BACK_SETTLING, _BROUGHT_BACK_RESOLVED, True)


def _settle_or_resolve(
    state: State,
    dice: tuple[tuple[Die, ...], ...],
    settling: typing.Callable[..., State],
    resolved: typing.Callable[..., State],
    bring_back: bool = False,
) -> State:
    """The first seat in turn order with a die touching two cards settles it (``settling``
    of the dice and that seat), or else each card is resolved (:func:`_resolve`, which
    updates the state by ``resolved``): ``dice`` are where the dice are, if not yet in
    ``state``, and with ``bring_back`` dice on the Puddle and loose dice go home first.

    One pass over the dice, in turn order, finds both the seat to settle and the dice
    touching each card (which the resolution needs when no die is to be settled)."""
    brought = list(dice) if bring_back else []
    touching: dict[int, dict[int, list[int]]] = {}  # position: seat: its dice touching it
    settler = -1
    for seat in turn_order(state):
        own = dice[seat]
        home: list[Die] | None = None
        for i, die in enumerate(own):
            spot = die.spot
            if spot is AREA:
                if settler >= 0:  # a seat settles: no card is resolved yet
                    continue
                cards = die.cards
                if len(cards) == 2:
                    settler = seat
                    if not bring_back:  # the dice stay where they are
                        return settling(state, dice, seat)
                    continue
                for position in cards:
                    on = touching.get(position)
                    if on is None:
                        touching[position] = {seat: [i]}
                    else:
                        mine = on.get(seat)
                        if mine is None:
                            on[seat] = [i]
                        else:
                            mine.append(i)
            elif bring_back and (spot is ON_PUDDLE or spot is LOOSE):
                if home is None:
                    home = list(own)
                home[i] = HOME
        if home is not None:
            brought[seat] = tuple(home)
    if bring_back:
        dice = tuple(brought)
    if settler >= 0:
        return settling(state, dice, settler)
    return _resolve(state, dice, touching, resolved)


def _resolve(
    state: State,
    dice: tuple[tuple[Die, ...], ...],
    touching: dict[int, dict[int, list[int]]],
    resolved: typing.Callable[..., State],
) -> State:
    """Each card with dice touching it goes to the highest ant total, in layout order
    (``dice``: where the dice are, if not yet in ``state``; ``touching``: each position's
    dice by seat; ``resolved``: the update that makes the state)."""
    moved = [list(own) for own in dice]
    area = list(state.area)
    won = list(state.won)
    honey = state.honey
    for position in LAYOUTS[len(dice)]:
        on = touching.get(position)
        if on is None:
            continue
        card = area[position]
        if card is None:
            continue
        winner: int | None
        if len(on) == 1:  # one player's dice alone: theirs, whatever the total
            [winner] = on
        else:  # (seat, ant total, dice, biggest die) of each, in any order
            contenders = []
            for seat, mine in on.items():
                shown = dice[seat]
                total = 2 * honey.count((seat, position)) if honey else 0
                biggest = 0
                for i in mine:
                    total += shown[i].face
                    if SIZES[i] > biggest:
                        biggest = SIZES[i]
                contenders.append((seat, total, len(mine), biggest))
            winner = card_winner(contenders)
        for seat, mine in on.items():
            own = moved[seat]
            if seat == winner:
                for i in mine:
                    own[i] = HOME if soldier_goes_home(i) else PUDDLE
            else:
                for i in mine:
                    own[i] = HOME
        if winner is not None:
            won[winner] = (*won[winner], card)
            area[position] = None
    return _placements(resolved(state, tuple(map(tuple, moved)), tuple(area), tuple(won)))


def _placements(state: State) -> State:
    """Winners place their cards, in turn order; a card with no legal place is set aside."""
    for seat in turn_order(state):
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
        return _draw_round_card(evolve(state, head_start=-1), state.head_start)
    counts = [len(colony) for colony in state.colonies]
    home = []  # each seat's dice on its anthill
    for own in state.dice:
        at_home = 0
        for die in own:
            if die.spot is AT_HOME:
                at_home += 1
        home.append(at_home)
    tied = starting_candidates(counts, home)
    if len(tied) == 1:
        return _draw_round_card(state, tied[0])
    return evolve(state, phase=ROLLOFF, tied=tied, rolloffs=0)


def _draw_round_card(state: State, starter: int) -> State:
    """The new starting player ``starter`` draws a Round card while any is still to be dealt
    (and left in the pile); else sends out first."""
    drawn = len(state.used) + sum(map(len, state.held))  # each Round card drawn, held or used
    if drawn < state.rules.round_cards_dealt and (
        drawn < len(state.rules.round_cards)  # the box's cards are distinct: one is left
        or _round_cards_left(state)
    ):
        return _DRAWING(state, starter, starter)
    return _begin_sending(state, starter, state.held)


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
