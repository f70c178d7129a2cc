"""Words for players: :func:`describe` says what a move did, as one seat saw it.

A sentence speaks to its reader ("you", "seat 1"), starts in lower case and
ends without a full stop, as in every game of the library; a number agrees
with its noun ("1 grain", "2 points"). What a move leads to --
grain eaten, poultry captured, a haggle or a duel begun, the round's end, the
end of the game -- follows a dash, read off the difference between the view
before and after the move, so the words never say more than the seat sees.
The forced steps make the reveal and each yard's resolution a sentence of
their own: printed in turn, they show the reveal yard by yard.

:func:`move_group` sorts moves for a click interface.
"""

from __future__ import annotations

from typing import Final

from ..errors import IllegalMove
from ..game import Outcome
from ..kit import to_no_seat
from .cards import COLOURS, GRAINS, Card, Colour, GrainCounts
from .engine import to_move
from .moves import (
    Accept,
    Allot,
    Commit,
    Draw,
    Move,
    NoDeal,
    Reject,
    Resolve,
    Reveal,
    Roll,
    Supply,
)
from .notation import NOTATION
from .observations import Observation, update
from .predicates import MAX_TIES, duel_leaders
from .scoring import score
from .state import Phase, View

__all__ = [
    "ABOUT",
    "REASON_WORDS",
    "counted",
    "describe",
    "describe_move",
    "describe_public",
    "ending",
    "grain_words",
    "move_group",
    "yard_name",
]

ABOUT: Final = """Feed your birds the most valuable grain, and let your foxes catch the others'
poultry.

A round: each player commits one card (two with 2 or 3 players) face down, to
the farmyard of its colour; then all are turned up and the six farmyards
resolve, left to right. A lone bird eats all the grain of its yard; crowded
birds haggle over it or fight a dice duel (die plus card value); the fleeing
bird (-2) takes one green grain and flees from any company; a fox catches
every poultry card at its yard.

The game ends after the round whose supply leaves fewer grains in the bag than
there are yards. Score: your grain by its colour (a green grain 1 point, a
blue 2, a yellow 3) plus the values of the poultry your foxes caught; the
highest score wins.

The full rules: https://picnic-rules.readthedocs.io/en/latest/poultry.html"""
"""The game told to a player in a screen: its goal, a turn, the end and the score."""

REASON_WORDS: Final[dict[str, str]] = {"grain-out": "the grain ran out"}
"""Each end reason in words, as a front end ends the sentence "The game ended: ..."."""


def move_group(move: Move) -> tuple[str, str]:
    """The button of ``move`` in a click interface, then its target.

    A commitment is its first card, then its second (``""`` for one card);
    an allot is ``("allot", "green to 1")``; chance steps are their verb and
    outcome; no-deal, accept and reject are their own buttons.

    >>> from picnic_rules.poultry import Allot, Grain
    >>> move_group(Allot(Grain.GREEN, 1))
    ('allot', 'green to 1')
    """
    if isinstance(move, Commit):
        cards = [str(card) for card in move.cards]
        return cards[0] if cards else "commit", " + ".join(cards[1:])
    return NOTATION.group(move)


def yard_name(colour: Colour) -> str:
    """A yard for players: ``"the Waddling Pond (blue ducks)"``."""
    species = "geese" if colour is Colour.RED else colour.species + "s"
    return f"{colour.yard} ({colour} {species})"


def counted(n: int, noun: str, plural: str = "") -> str:
    """``n`` and its noun, which agree: ``"1 point"``, ``"2 points"`` (``plural`` if not ``+s``).

    >>> counted(1, "point"), counted(0, "card"), counted(2, "grain")
    ('1 point', '0 cards', '2 grains')
    """
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def grain_words(grain: GrainCounts) -> str:
    """Grain in words: ``"1 green grain, 2 blue grains"`` (``"no grain"`` for none).

    >>> grain_words((1, 0, 2))
    '1 green grain, 2 yellow grains'
    """
    parts = [counted(n, f"{g} grain") for g, n in zip(GRAINS, grain, strict=True) if n]
    return ", ".join(parts) if parts else "no grain"


def _who(v: View, seat: int) -> str:
    return "you" if seat == v.player else f"seat {seat}"


def _does(v: View, seat: int, verb: str, third: str = "") -> str:
    return f"you {verb}" if seat == v.player else f"seat {seat} {third or verb + 's'}"


def _and(names: list[str]) -> str:
    """``"you, seat 1 and seat 2"``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _cards(cards: tuple[Card, ...]) -> str:
    return " + ".join(map(str, cards)) if cards else "nothing"


def _actor(observation: Observation) -> int:
    """The seat that made an observed seat's move (``update`` has checked it)."""
    actor = observation.actor
    if actor is None:
        raise IllegalMove(observation.move, "a seat's move names the seat that made it")
    return actor


def ending(v: View) -> str:
    """How a finished game ended, in words (scores from the view: everything is public)."""
    scores = [score(v.rules, g, s) for g, s in zip(v.grain, v.stocks, strict=True)]
    outcome = Outcome.from_scores(scores, v.reason or "")
    names = [_who(v, seat) for seat in outcome.winners]
    best = counted(max(scores), "point")
    why = REASON_WORDS.get(str(v.reason), str(v.reason))
    if len(names) == 1:
        won = f"{names[0]} {'win' if names[0] == 'you' else 'wins'} with {best}"
    else:
        won = f"{' and '.join(names)} share the win with {best}"
    return f"the game is over ({why}): {won}"


def _changes(v: View, after: View) -> list[str]:
    """Grain eaten and poultry captured between two views, seat by seat."""
    out = []
    for seat in range(v.players):
        before_g, after_g = v.grain[seat], after.grain[seat]
        gained: GrainCounts = (
            after_g[0] - before_g[0],
            after_g[1] - before_g[1],
            after_g[2] - before_g[2],
        )
        if any(gained):
            out.append(f"{_does(v, seat, 'take')} {grain_words(gained)}")
        caught = [
            str(card)
            for card, a, b in zip(v.rules.kinds, v.stocks[seat], after.stocks[seat], strict=True)
            for _ in range(b - a)
        ]
        if caught:
            out.append(f"{_who(v, seat)} {'capture' if seat == v.player else 'captures'} "
                       f"{', '.join(caught)}")  # fmt: skip
    return out


def _what_next(v: View, after: View) -> list[str]:
    out = []
    if after.phase is Phase.HAGGLE and v.phase is not Phase.HAGGLE and after.haggle is not None:
        seats = _and([_who(v, s) for s in after.haggle.seats])
        out.append(f"{seats} haggle over {grain_words(after.yards[after.yard])}")
    if after.phase is Phase.DUEL and after.duel is not None:
        duel = after.duel
        seats = _and([_who(v, s) for s in duel.seats])
        if v.duel is None:
            stake = "the poultry" if duel.foxes else grain_words(after.yards[after.yard])
            out.append(f"{seats} duel for {stake}")
        elif duel.ties > v.duel.ties:
            out.append(f"a tie: {seats} roll again")
    if after.phase in (Phase.DRAW, Phase.SUPPLY) and v.phase not in (
        Phase.DRAW,
        Phase.SUPPLY,
        Phase.DEAL,
    ):
        out.append("the played cards are discarded")
    if after.phase is Phase.OVER:
        out.append(ending(after))
    return out


def describe(v: View, observation: Observation) -> str:
    """What the move did, in a sentence for seat ``v.player`` (``v`` is its view before it).

    Raises what :func:`~picnic_rules.poultry.update` raises for an
    observation that cannot follow ``v``.
    """
    return _told(v, observation, update(v, observation))


def describe_public(v: View, observation: Observation) -> str:
    """:func:`describe`'s sentence told to no seat: every seat in the third person, what a
    spectator reads (``observation`` is that of seat ``v.player``, one the move shows
    nothing the others do not see)."""
    after = update(v, observation)
    return _told(to_no_seat(v), observation, to_no_seat(after))


def _told(v: View, observation: Observation, after: View) -> str:
    """The sentence of ``observation`` for reader ``v.player`` (no seat's, for a spectator)."""
    move = observation.move
    shuffled = " (the discard pile is shuffled into a new deck)" if not v.deck_size else ""
    if move is None:
        actor = _actor(observation)
        if v.phase is Phase.COMMIT:
            n = "one card" if observation.cards == 1 else "two cards"
            return _with_tail(f"seat {actor} commits {n} face down", v, after)
        verb = "is dealt" if v.phase is Phase.DEAL else "draws"
        return _with_tail(f"seat {actor} {verb} a card{shuffled}", v, after)
    if isinstance(move, Draw):
        verb = "are dealt" if v.phase is Phase.DEAL else "draw"
        text = f"you {verb} a {move.card}{shuffled}"
    elif isinstance(move, Supply):
        text = f"a {move.grain} grain falls at {COLOURS[v.yard].yard}"  # the board names its birds
    elif isinstance(move, Commit):
        text = f"you commit {_cards(move.cards)} face down"
    elif isinstance(move, Reveal):
        shown = "; ".join(
            f"{_who(v, s)}: {_cards(cards)}" for s, cards in enumerate(observation.revealed or ())
        )
        text = f"the cards are turned up -- {shown}"
    elif isinstance(move, Resolve):
        return f"at {move.yard.yard}: " + _resolution(v, after)  # the board names its birds
    elif isinstance(move, Allot):
        actor = _actor(observation)
        if move.seat == actor:
            text = f"{_does(v, actor, 'claim')} a {move.grain} grain"
        else:
            text = f"{_does(v, actor, 'offer')} a {move.grain} grain to {_who(v, move.seat)}"
    elif isinstance(move, NoDeal):
        text = f"{_does(v, _actor(observation), 'decline')} to propose"
    elif isinstance(move, Accept):
        text = f"{_does(v, _actor(observation), 'accept')} the proposal"
    elif isinstance(move, Reject):
        text = f"{_does(v, _actor(observation), 'reject')} the proposal"
    else:
        return _rolled(v, after, observation)
    return _with_tail(text, v, after)


def _rolled(v: View, after: View, observation: Observation) -> str:
    """A roll of the die: its total, and a third tie if it makes one."""
    move, duel = observation.move, v.duel
    if not isinstance(move, Roll) or duel is None:
        raise IllegalMove(observation.move, "only a die is rolled now")
    value = duel.values[len(duel.rolls)]
    text = f"{_does(v, _actor(observation), 'roll')} a {move.value} (total {move.value + value})"
    rolls = (*duel.rolls, move.value)
    last = len(rolls) == len(duel.seats) and duel.ties + 1 == MAX_TIES
    if last and len(duel_leaders(duel.values, rolls)) > 1:
        text += " -- a third tie: the higher card decides"
        return _with_tail(text, v, after, joiner="; ")
    return _with_tail(text, v, after)


def _resolution(v: View, after: View) -> str:
    changes, following = _changes(v, after), _what_next(v, after)
    if not changes and after.phase not in (Phase.HAGGLE, Phase.DUEL):
        colour = COLOURS[v.yard]
        foxes = any(c.colour is colour and c.fox for cards in v.played for c in cards)
        changes = ["the foxes find no poultry" if foxes else "nothing is left to eat"]
    return "; ".join(changes + following)


def _with_tail(text: str, v: View, after: View, joiner: str = " -- ") -> str:
    parts = _changes(v, after) + _what_next(v, after)
    if v.phase is Phase.DUEL and after.phase is not Phase.DUEL and not _changes(v, after):
        lost = "the poultry are discarded" if v.duel and v.duel.foxes else "the grain stays"
        parts.insert(0, f"nobody wins the duel: {lost}")
    return text if not parts else f"{text}{joiner}{'; '.join(parts)}"


def describe_move(v: View, move: Move) -> str:
    """What ``move``, a legal move of seat ``v.player``, would do, said before it chooses:
    where committed cards go and what lies there, what an allot or an answer means.

    Raises :class:`~picnic_rules.IllegalMove` for a move that is not the seat's to make.
    """
    if to_move(v) != v.player:
        raise IllegalMove(move, f"seat {v.player} is not to act")
    if isinstance(move, Commit):
        parts = [
            f"{card} to {card.colour.yard} ({grain_words(v.yards[card.colour.index])})"
            for card in move.cards
        ]
        return "commit face down: " + "; ".join(parts)
    haggle = v.haggle
    if haggle is None:
        raise IllegalMove(move, "only commitments and haggling are a seat's moves")
    if isinstance(move, Allot):
        target = "yourself" if move.seat == v.player else f"seat {move.seat}"
        return f"offer a {move.grain} grain to {target}"
    if isinstance(move, NoDeal):
        return "propose nothing: the next bird proposes, or the duel begins"
    offer = "; ".join(
        f"{_who(v, seat)} {grain_words(share)}"
        for seat, share in zip(haggle.seats, haggle.allotted, strict=True)
    )
    if isinstance(move, Accept):
        return f"accept the split ({offer})"
    if isinstance(move, Reject):
        return f"reject the split ({offer})"
    raise IllegalMove(move, "not a move of a seat")
