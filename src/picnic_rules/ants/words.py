"""Words for players: :func:`describe` says what a move did, as one seat saw it, and
:func:`move_group` sorts moves for a click interface.

The observing seat is "you", the others "seat 1"; cards in the area are
named by position and card ("card 4 (blue cookie)"). What a move leads to
-- the end of the game -- follows a dash. Like every game's words, a sentence
starts in lower case, has no full stop, and its numbers agree with their nouns
("1 ant", "2 ants").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Final

from ..errors import PicnicError
from .cards import DIE_KINDS, DIE_NAMES, Category, DieKind, PicnicCard, RoundCard, ScoringCard
from .colony import visible
from .engine import is_over, result
from .moves import (
    Deal,
    Draw,
    Keep,
    Knock,
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
from .observations import Observation, update
from .rules import layout
from .state import Phase, Spot, State, View
from .values import proper

__all__ = [
    "ABOUT",
    "REASON_WORDS",
    "MAX_WORDS",
    "ROUND_CARD_WORDS",
    "SCORING_WORDS",
    "card_name",
    "card_words",
    "describe",
    "describe_public",
    "dice_words",
    "move_group",
    "number",
    "phase_words",
    "turn_words",
]

ABOUT: Final = """Toss your ant dice at the picnic cards, win the cards, and build the colony
the Scoring cards reward.

Your six dice: a Soldier (0 to 3 ants a toss; the biggest die, it knocks
others away best and comes home after winning a card), three Workers (1 to 4
ants) and two Scouts (1 to 3 ants; a Scout that lands on no card may be tossed
again). A die counts the ants it shows on every card it touches.

A round: in turn, each player tosses one of its dice at a card in the picnic
area (or plays a Round card first, which bends the rules). When every die is
out, each card goes to the player with the most ants on it, and the winners
place their cards into their colonies: a card is a plate and three ants (two
on a card marked "two ants", its fourth cell bare), and its plate must cover
an ant of the colony.

After six rounds, each Scoring card's Reward token goes to the player whose
colony shows its pattern best, and the Majority card's tokens to the most
plates of each food and colour; the most points wins. The points shown during
play are what each colony would score if the game ended then.

The full rules: https://picnic-rules.readthedocs.io/en/latest/ants.html"""
"""The game told to a player in a screen: its goal, a turn, the end and the score."""

REASON_WORDS: Final[dict[str, str]] = {"rounds": "the last round was played"}
"""Each end reason in words, as a front end ends the sentence "The game ended: ..."."""

MAX_WORDS: Final = 400
"""The longest sentence :func:`describe` writes (the codec's limit on a description)."""


SCORING_WORDS: Final = {
    ScoringCard.FOOD_LINES: "most lines with exactly one of each food",
    ScoringCard.PURPLE_SANDWICHES: "most purple plates with sandwiches",
    ScoringCard.COOKIE_LINE: "most cookies in a single line",
    ScoringCard.COLOUR_COLUMNS: "most columns holding two plates of one colour",
    ScoringCard.GREEN_COOKIES: "most green plates with cookies",
    ScoringCard.FOOD_SETS: "most complete food sets (one of each food)",
    ScoringCard.COOKIE_GROUP: "largest group of touching cookies",
    ScoringCard.BLUE_WATERMELONS: "most blue plates with watermelons",
    ScoringCard.FOOD_ROWS: "most rows holding two plates of one food",
    ScoringCard.COLOUR_GROUP: "largest group of touching plates of one colour",
}
"""What each Scoring card rewards, in words (a line is a row or a column of plates)."""

ROUND_CARD_WORDS: Final = {
    RoundCard.SECOND_WIND: "a die of yours comes home from the Puddle",
    RoundCard.STOMP: "knock any die off the cards",
    RoundCard.HONEY: "+2 to your ants on a card this round",
    RoundCard.RE_TOSS: "toss your die again after it lands",
    RoundCard.DOUBLE_TIME: "toss two dice this turn",
    RoundCard.SCOUT_AHEAD: "move a die of yours to a neighbouring card",
    RoundCard.PLANNER: "place a card beside your colony, not on an ant",
    RoundCard.HEAD_START: "start the next round",
}
"""What each Round card does, in a few words."""

_TURNS: Final = (
    "unturned: plate top left, ants right and below",
    "a quarter turn clockwise: plate top right, ants left and below",
    "half a turn: plate bottom right, ants left and above",
    "three quarter turns clockwise: plate bottom left, ants right and above",
)


def turn_words(turn: int) -> str:
    """A card's rotation in words: where its plate and its ants lie.

    >>> turn_words(1)
    'a quarter turn clockwise: plate top right, ants left and below'
    """
    return _TURNS[turn % 4] if isinstance(turn, int) else f"turned {turn}"


def dice_words(dice: Iterable[int]) -> str:
    """Dice (by index) counted by kind, biggest first: ``1 soldier, 3 workers, 2 scouts``
    (``none`` for no dice).

    >>> dice_words([1, 4, 2])
    '2 workers, 1 scout'
    """
    kinds = Counter(DIE_KINDS[i] for i in dice)
    return ", ".join(number(kinds[k], k.value) for k in DieKind if kinds[k]) or "none"


def card_name(card: PicnicCard) -> str:
    """A card in words: ``blue cookie`` (``blue cookie, two ants`` for a two-ant card)."""
    name = f"{card.colour.value} {card.food.value}"
    return name if card.ants == 3 else f"{name}, two ants"


def _who(seat: int, me: int) -> str:
    return "you" if seat == me else f"seat {seat}"


def _verb(seat: int, me: int, verb: str) -> str:
    ending = "es" if verb.endswith(("s", "sh", "ch")) else "s"
    return f"you {verb}" if seat == me else f"seat {seat} {verb}{ending}"


def _position(state: State, position: int) -> str:
    card = state.area[position] if 0 <= position < len(state.area) else None
    return f"card {position}" if card is None else f"card {position} ({card_name(card)})"


def _cards(state: State, cards: tuple[int, ...]) -> str:
    """The cards a landing touches; the one it was tossed at (named by the toss) by its
    position alone."""
    if not cards:
        return "touching no card"
    return "on " + " and ".join(
        f"card {c}" if c == state.target else _position(state, c) for c in cards
    )


def _knock(knock: Knock, me: int) -> str:
    owner = "your" if knock.seat == me else f"seat {knock.seat}'s"
    where = "loose" if not knock.cards else "onto card" + "s" * (len(knock.cards) > 1)
    where += " " + " and ".join(map(str, knock.cards)) if knock.cards else ""
    return f"knocks {owner} {_kind(knock.die)} {where}, showing {_ants(knock.face)}"


def _kind(die: int) -> str:
    """A die's kind in words (``worker``) by its index."""
    return str(DIE_KINDS[die].value)


def _die(state: State, seat: int, die: int) -> str:
    """A die in words, with the ants it shows and where it lies: ``worker showing 3 ants on
    card 4``, ``scout showing 1 ant, loose``, ``worker`` (at home or on the Puddle)."""
    where = state.dice[seat][die]
    if where.spot is Spot.AREA:
        cards = " and ".join(map(str, where.cards))
        on = f"on card{'s' * (len(where.cards) > 1)} {cards}"
        return f"{_kind(die)} showing {_ants(where.face)} {on}"
    if where.spot is Spot.LOOSE:
        return f"{_kind(die)} showing {_ants(where.face)}, loose"
    return _kind(die)


def card_words(card: PicnicCard) -> str:
    """A card in words, where it is not in parentheses: ``blue cookie (two ants)``."""
    name = f"{card.colour.value} {card.food.value}"
    return name if card.ants == 3 else f"{name} (two ants)"


def _ants(n: int) -> str:
    return number(n, "ant")


def number(n: int, noun: str) -> str:
    """``n`` with its noun, which agrees with it: ``1 point``, ``2 points``, ``0 points``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def describe(view: View, observation: Observation) -> str:
    """What the observed move did, in a sentence for seat ``view.player`` (``view`` is before it).

    >>> from picnic_rules.ants import DieKind, Toss, new_game, observe, view
    >>> from picnic_rules.ants import apply, sample_chance
    >>> import random
    >>> state, rng = new_game(2), random.Random(1)
    >>> while state.phase.value != "send":
    ...     state = apply(state, sample_chance(state, rng))
    >>> toss = Toss(DieKind.SCOUT, 4)
    >>> [describe(view(state, k), observe(state, toss, k)) for k in (0, 1)]
    ['you toss a scout at card 4 (green watermelon, two ants)', 'seat 0 tosses a scout at card 4 (green watermelon, two ants)']
    >>> describe_public(view(state, 0), observe(state, toss, 0))  # what a spectator reads
    'seat 0 tosses a scout at card 4 (green watermelon, two ants)'
    """
    return _told(view, observation, view.player)


def describe_public(view: View, observation: Observation) -> str:
    """:func:`describe`'s sentence told to no seat: every seat in the third person, what a
    spectator reads (an ants move hides nothing, so any seat's observation will do; the
    example is :func:`describe`'s)."""
    return _told(view, observation, view.players)  # a reader one past the last seat: no seat


def _told(view: View, observation: Observation, me: int) -> str:
    """The sentence of ``observation`` (seat ``view.player``'s) for reader ``me``."""
    if observation.seat != view.player:
        raise PicnicError(f"an observation of seat {observation.seat}, not of seat {view.player}")
    after = update(view, observation).state  # refuses an observation that cannot follow view
    text = _sentence(view.state, proper(observation.move), me)
    if is_over(after):
        outcome = result(after)
        points = ", ".join(
            _who(s, me) + " " + number(n, "point") for s, n in enumerate(outcome.scores)
        )
        winners = " and ".join(_who(s, me) for s in outcome.winners)
        verb = "wins" if len(outcome.winners) == 1 and winners != "you" else "win"
        text += f" - the game is over ({points}): {winners} {verb}"
    return text if len(text) <= MAX_WORDS else text[: MAX_WORDS - 3] + "..."


def _sentence(state: State, move: Move, me: int) -> str:
    seat = state.turn
    if isinstance(move, Deal):
        cards = ", ".join(
            f"card {c.value} for {number(t, 'point')}"
            for c, t in zip(move.scoring, move.rewards, strict=True)
        )
        majority = ", ".join(f"{c.value} {t}" for c, t in zip(Category, move.majority, strict=True))
        scoring = f"the Scoring cards: {cards}; " if cards else "no Scoring cards; "
        return f"{scoring}the Majority card's points: {majority}"
    if isinstance(move, Draw):
        gaps = [p for p in layout(state.players) if state.area[p] is None]
        gap = gaps[0] if gaps else 0
        return f"the deck fills position {gap} with the {card_words(move.card)}"
    if isinstance(move, Toss):
        return f"{_verb(seat, me, 'toss')} a {move.die.value} at {_position(state, move.target)}"
    if isinstance(move, Landing):
        kind = DIE_KINDS[state.tossing].value if state.tossing >= 0 else "die"
        owner = "your" if seat == me else f"seat {seat}'s"
        text = f"{owner} {kind} lands showing {_ants(move.face)}, {_cards(state, move.cards)}"
        if move.touched and not move.knocks:
            text += ", touching dice"
        if move.knocks:
            text += "; it " + "; it ".join(_knock(k, me) for k in move.knocks)
        return text
    if isinstance(move, Keep):
        return f"{_verb(seat, me, 'keep')} the landing (no re-toss)"
    if isinstance(move, Retoss):
        return f"{_verb(seat, me, 'toss')} the Scout again, at {_position(state, move.target)}"
    if isinstance(move, Settle):
        owner = "your" if seat == me else "its"
        die = _die(state, seat, move.die)
        return f"{_verb(seat, me, 'move')} {owner} {die} onto {_position(state, move.card)} only"
    if isinstance(move, Place):
        return f"{_verb(seat, me, 'place')} {_placement(state, move, short=seat != me)}"
    if isinstance(move, Play):
        return f"{_verb(seat, me, 'play')} {_play(state, move, me)}"
    if isinstance(move, Rolloff):
        rolls = ", ".join(
            f"{_verb(s, me, 'roll')} {n}" for s, n in zip(state.tied, move.totals, strict=True)
        )
        return f"roll-off for starting player: {rolls}"
    if isinstance(move, Reveal):
        return f"{_verb(state.starter, me, 'draw')} the {move.card.value} Round card"
    raise PicnicError(f"not an ants move: {move!r}")


def _placement(state: State, move: Place, *, short: bool = False) -> str:
    """Where a placement puts the card, in words: the cell of its plate (column x, row y of
    the colony's picture), what the plate covers, and how the card is turned (``short``,
    for another seat's placement: without where its plate and ants then lie)."""
    colony = state.colonies[state.turn] if 0 <= state.turn < len(state.colonies) else ()
    under = visible(colony).get((move.x, move.y)) if isinstance(move.x, int) else None
    cell = f"{move.x},{move.y}" if short else f"column {move.x}, row {move.y}"
    if move.planner:
        where = f"beside the colony with the Planner card, at {cell}"
    elif under is not None and under[0] == "ant":
        where = f"on the ant at {cell}"
    else:
        where = f"on {cell}"
    first = " as the colony's first card" if not colony else ""
    turned = turn_words(move.turn)
    if short:  # another seat's, in the story: how it is turned, in a word
        return f"the {card_words(move.card)}{first} (plate {where}, {turned.split(':')[0]})"
    return f"the {card_words(move.card)}{first or ' with'}{',' * bool(first)} its plate {where}, {turned}"


def _play(state: State, move: Play, me: int) -> str:
    card = move.card
    name = f"the {card.value} card"
    seat = state.turn
    owner = "your" if seat == me else f"seat {seat}'s"
    if card is RoundCard.SECOND_WIND:
        return f"{name}: {owner} {_kind(move.die)} comes home from the Puddle"
    if card is RoundCard.STOMP:
        owner = "your" if move.seat == me else f"seat {move.seat}'s"
        die = _die(state, move.seat, move.die)
        return f"{name}: {owner} {die} is knocked off the cards, loose"
    if card is RoundCard.HONEY:
        return f"{name} on {_position(state, move.position)} (+2 ants there this round)"
    if card is RoundCard.DOUBLE_TIME:
        return f"{name}: two tosses this turn"
    if card is RoundCard.SCOUT_AHEAD:
        die = _die(state, seat, move.die)
        return f"{name}: {owner} {die} moves to {_position(state, move.position)} only"
    if card is RoundCard.RE_TOSS:
        return f"{name}: the die is tossed again, at {_position(state, move.position)}"
    return f"{name}: {_who(seat, me)} will start the next round"


def move_group(move: Move) -> tuple[str, str]:
    """The button a click interface offers first for ``move``, then its target.

    >>> from picnic_rules.ants import Toss, DieKind
    >>> move_group(Toss(DieKind.WORKER, 4))
    ('toss worker', '4')

    A look-alike is grouped as the move it equals; a value that is no move of ants raises
    :class:`~picnic_rules.IllegalMove`.
    """
    move = proper(move)
    if isinstance(move, Toss):
        return f"toss {move.die.value}", str(move.target)
    if isinstance(move, Place):
        return f"place {move.card}", str(move).split(" at ", 1)[1]
    if isinstance(move, Play):
        text = str(move)
        head = f"play {move.card.value}"
        return head, text[len(head) :].strip()
    if isinstance(move, Settle):
        return f"settle {DIE_NAMES[move.die]}", str(move.card)
    if isinstance(move, Retoss):
        return "retoss", str(move.target)
    if isinstance(move, Keep):
        return "keep", ""
    text = str(move)
    head, _, rest = text.partition(" ")
    return head, rest


def phase_words(view: View) -> str:
    """Who is to do what, in a few words (used by the picture's header)."""
    state, me = view.state, view.player
    phase, seat = state.phase, state.turn
    if phase is Phase.OVER:
        outcome = result(state)
        winners = " and ".join(_who(s, me) for s in outcome.winners)
        return f"game over, {REASON_WORDS.get(outcome.reason, outcome.reason)}: {winners} won"
    owner = "your" if seat == me else f"seat {seat}'s"
    doing = {
        Phase.SETUP: "chance deals the Scoring cards",
        Phase.FILL: "chance fills the area",
        Phase.SEND: f"{_who(seat, me)} to toss",
        Phase.LAND: f"{owner} die is in the air",
        Phase.AFTER: f"{_who(seat, me)} to keep the landing or toss again",
        Phase.SETTLE: f"{_who(seat, me)} to settle a die on two cards",
        Phase.PLACE: f"{_who(seat, me)} to place a won card",
        Phase.ROLLOFF: "roll-off for starting player",
        Phase.ROUND_CARD: f"{_verb(state.starter, me, 'draw')} a Round card",
    }
    return doing[phase]
