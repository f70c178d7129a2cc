"""Words for players: :func:`describe` says what a move did, as one seat saw it.

A sentence speaks to its reader: the observing seat is "you", the others
are "seat 1", and a sandwich is named as in notation ("sandwich 1.0" is
seat 1's first). What a move leads to -- the end of the game, the discard
pile turned over -- follows a dash. :func:`ending` words how a game ended
(the header of :func:`~picnic_rules.sandwich.render` uses it too).

:func:`move_group` sorts moves for a click interface: tap a card, then a target.
"""

from __future__ import annotations

from typing import Final

from ..errors import PicnicError, move_text
from ..game import Outcome
from ..kit import to_no_seat
from .cards import Card
from .engine import SIXTY_ACTIONS, THREE_SANDWICHES
from .moves import Ant, Discard, Draw, End, Fly, Move, Play
from .observations import Observation, update
from .predicates import counting_sandwiches
from .state import Phase, View

__all__ = [
    "ABOUT",
    "REASON_WORDS",
    "SCORE_WORD",
    "card_name",
    "describe",
    "describe_public",
    "ending",
    "move_group",
    "number",
]

ABOUT: Final = """Be the first to finish three sandwiches: bread, peanut butter and jelly,
bread.

A turn: draw one card, then play as many cards as you can and like -- start a
sandwich with bread, add a spread, close it with bread once it holds peanut
butter and jelly, send an ant to steal the top card of someone's unfinished
sandwich onto one of yours, or move the fly onto a sandwich to spoil it -- and
end the turn. Stuck with no play, you discard one card instead, which ends the
turn.

A sandwich counts when it is finished and the fly is not on it. The first
player with three counting sandwiches wins at once. If no card left could ever
be played, or sixty actions pass without a sandwich finished, the most
counting sandwiches win.

The full rules: https://picnic-rules.readthedocs.io/en/latest/sandwich.html"""
"""The game told to a player in a screen: its goal, a turn, the end and the score."""

REASON_WORDS: Final[dict[str, str]] = {
    "three-sandwiches": "three counting sandwiches",
    "stuck": "no card left could add to a sandwich",
    "sixty-actions": "the action limit was reached without a finished sandwich",
}
"""Each end reason in words, as a front end ends the sentence "The game ended: ..."."""

SCORE_WORD: Final = "Sandwiches"
"""What the scores count: the counting sandwiches."""

_NAMES = ("bread", "peanut butter", "jelly", "ant", "fly")
# fmt: off
_UNITS = (
    "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
    "eighteen", "nineteen",
)
# fmt: on
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def move_group(move: Move) -> tuple[str, str]:
    """The card a click interface offers first for ``move``, then its target.

    A card is named as in notation (``"jelly"``, ``"ant"``), a target as a
    sandwich (``"0"`` for the player's own sandwich 0, ``"new"`` for a new
    sandwich, ``"1.2"`` for seat 1's sandwich 2 under a fly, ``"1.0 to 2"``
    for an ant's steal), ``"discard"`` for a discard. ``end`` is its own
    group with the empty target; a chance draw is ``("draw", card)``. Anything else is
    refused with :class:`~picnic_rules.PicnicError`.

    >>> from picnic_rules.sandwich import Play, Ant, Card
    >>> move_group(Play(Card.JELLY, 0)), move_group(Ant(1, 0, 2))
    (('jelly', '0'), ('ant', '1.0 to 2'))
    """
    if isinstance(move, Play):
        return str(move.card), "new" if move.onto is None else str(move.onto)
    if isinstance(move, Ant):
        return "ant", f"{move.seat}.{move.sandwich} to {move.onto}"
    if isinstance(move, Fly):
        return "fly", f"{move.seat}.{move.sandwich}"
    if isinstance(move, Discard):
        return str(move.card), "discard"
    if isinstance(move, Draw):
        return "draw", str(move.card)
    if isinstance(move, End):
        return "end", ""
    raise PicnicError(f"not a sandwich move: {move_text(move)}")


# ---------------------------------------------------------------- small words


def card_name(card: Card, *, article: bool = False) -> str:
    """A card's name in words, with ``"a"`` or ``"an"`` when ``article`` is set.

    >>> card_name(Card.PEANUT_BUTTER), card_name(Card.ANT, article=True)
    ('peanut butter', 'an ant')
    """
    name = _NAMES[card]
    if not article:
        return name
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


def number(n: int, thing: str = "", plural: str = "") -> str:
    """``n`` in words below a hundred (digits above), with ``thing`` counted if given.

    ``plural`` is ``thing`` + ``"s"`` unless given.

    >>> number(3, "sandwich", "sandwiches"), number(1, "card"), number(60), number(0, "card")
    ('three sandwiches', 'one card', 'sixty', 'no cards')
    """
    if 0 <= n < len(_UNITS):
        words = _UNITS[n]
    elif 20 <= n < 100:
        tens, units = divmod(n, 10)
        words = _TENS[tens - 2] + (f"-{_UNITS[units]}" if units else "")
    else:
        words = str(n)
    if not thing:
        return "zero" if n == 0 else words
    return f"{words} {thing if n == 1 else plural or thing + 's'}"


def _sandwiches(n: int) -> str:
    return number(n, "sandwich", "sandwiches")


def _whose(v: View, seat: int) -> str:
    """The possessive of ``seat`` for the reader: ``"your"`` or ``"seat 1's"``."""
    return "your" if seat == v.player else f"seat {seat}'s"


def _does(v: View, seat: int, verb: str, third: str = "") -> str:
    """``"you start"`` or ``"seat 1 starts"``: the subject and the verb made to agree."""
    if seat == v.player:
        return f"you {verb}"
    return f"seat {seat} {third or verb + 's'}"


def _sandwich(v: View, seat: int, index: int) -> str:
    """A sandwich named for the reader: ``"your sandwich 0.1"`` or ``"sandwich 1.0"``."""
    name = f"sandwich {seat}.{index}"
    return f"your {name}" if seat == v.player else name


def _seats(v: View, seats: tuple[int, ...]) -> str:
    """Several seats, the reader first: ``"you and seat 2"``, ``"seats 0, 1 and 3"``."""
    names = [str(seat) for seat in seats if seat != v.player]
    if v.player in seats:
        names = ["you", *(f"seat {name}" for name in names)]
    else:
        names[0] = f"seats {names[0]}"
    return f"{', '.join(names[:-1])} and {names[-1]}"


# ---------------------------------------------------------------- endings


def ending(v: View) -> str:
    """Why the game seen in view ``v`` ended and who won, in words for seat ``v.player``.

    Scores are counting sandwiches; after ``stuck`` and the action limit the
    most win, and equal leaders tie. Raises :class:`~picnic_rules.PicnicError`
    for a game that goes on.

    >>> from picnic_rules.sandwich import Rules, new_game, view
    >>> ending(view(new_game(2, Rules(bread=0, peanut_butter=0, jelly=0)), 0))
    'the game is stuck: nobody has a sandwich that counts, so all tie'
    """
    if v.phase is not Phase.OVER:
        raise PicnicError("the game is not over yet, so it has no ending")
    scores = [counting_sandwiches(v.table, v.fly, seat) for seat in range(v.players)]
    winners = _winners(v, Outcome.from_scores(scores, v.reason or "stuck"))
    if v.reason == THREE_SANDWICHES:
        return winners
    if v.reason == SIXTY_ACTIONS:
        limit = v.rules.action_limit
        actions = number(limit, "action")
        end = "ends" if limit == 1 else "end"
        return f"{actions} without a finished sandwich {end} the game: {winners}"
    return f"the game is stuck: {winners}"


def _winners(v: View, outcome: Outcome) -> str:
    """``"seat 1 wins with three sandwiches"``, ``"you and seat 2 tie with one sandwich each"``."""
    best = outcome.scores[outcome.winners[0]]
    if len(outcome.winners) == 1:
        return f"{_does(v, outcome.winners[0], 'win')} with {_sandwiches(best)}"
    if best == 0:
        return "nobody has a sandwich that counts, so all tie"
    return f"{_seats(v, outcome.winners)} tie with {_sandwiches(best)} each"


# ---------------------------------------------------------------- describe


def describe(v: View, observation: Observation) -> str:
    """A sentence for players: what ``observation``'s move did, as seat ``v.player`` saw it.

    ``v`` is the seat's view *before* the move. The sentence names the
    move, then, after a dash, what it led to: the end of the game (with the
    winner), or the discard pile turned over into a new draw pile as the
    next turn starts. Raises what :func:`~picnic_rules.sandwich.update`
    raises for an observation that cannot follow ``v``.

    >>> from picnic_rules.sandwich import Card, Draw, new_game, observe, view
    >>> state = new_game(2)
    >>> [describe(view(state, seat), observe(state, Draw(Card.ANT), seat)) for seat in (0, 1)]
    ['you are dealt an ant', 'seat 0 is dealt a card']
    """
    return _told(v, observation, update(v, observation))  # update refuses one that cannot follow


def describe_public(v: View, observation: Observation) -> str:
    """:func:`describe`'s sentence told to no seat: every seat in the third person, what a
    spectator reads (``observation`` is that of seat ``v.player``, one the move shows
    nothing the others do not see).

    >>> from picnic_rules.sandwich import Card, Draw, new_game, observe, view
    >>> state = new_game(2)
    >>> describe_public(view(state, 1), observe(state, Draw(Card.ANT), 1))
    'seat 0 is dealt a card'
    """
    after = update(v, observation)
    return _told(to_no_seat(v), observation, to_no_seat(after))


def _told(v: View, observation: Observation, after: View) -> str:
    """The sentence of ``observation`` for reader ``v.player`` (no seat's, for a spectator)."""
    move = observation.move
    seat = observation.actor
    if move is None:
        what = _hidden_card(v, seat)
    elif isinstance(move, Draw):
        what = _card_received(v, seat, move.card)
    elif isinstance(move, Play):
        what = _play(v, seat, move)
    elif isinstance(move, Ant):
        what = _ant(v, seat, move)
    elif isinstance(move, Fly):
        what = _fly(v, seat, move)
    elif isinstance(move, Discard):
        what = _discard(v, seat, move.card)
    else:
        what = _does(v, seat, "end your turn", "ends the turn")
    return what + _consequence(v, after, move)


def _hidden_card(v: View, seat: int) -> str:
    """Another seat's card, unseen: ``"seat 1 is dealt a card"``, ``"seat 1 draws a card"``."""
    verb = "is dealt" if v.phase is Phase.DEAL else "draws"
    return f"seat {seat} {verb} a card"


def _card_received(v: View, seat: int, card: Card) -> str:
    """A card the reader sees arrive: ``"you are dealt a jelly"``, ``"you draw a jelly"``."""
    if v.phase is Phase.DEAL:
        return f"{_does(v, seat, 'are dealt', 'is dealt')} {card_name(card, article=True)}"
    return f"{_does(v, seat, 'draw')} {card_name(card, article=True)}"


def _play(v: View, seat: int, move: Play) -> str:
    """A new sandwich, a spread, or closing bread."""
    if move.onto is None:
        started = f"sandwich {seat}.{len(v.table[seat])}"
        return f"{_does(v, seat, 'start')} {started} with bread"
    onto = f"sandwich {seat}.{move.onto}"
    if move.card is Card.BREAD:
        return f"{_does(v, seat, 'close')} {onto} with bread"
    return f"{_does(v, seat, 'spread')} {card_name(move.card)} on {onto}"


def _ant(v: View, seat: int, move: Ant) -> str:
    """``"seat 1's ant takes your jelly from sandwich 0.1 to sandwich 1.0"``.

    A stolen bread was a sandwich's only card, so that sandwich is gone (the
    victim's later sandwiches move down a number) and the bread closes the
    thief's sandwich.
    """
    victim, index = move.seat, move.sandwich
    robbed = v.table[victim][index]
    stolen = card_name(robbed[-1])
    sentence = (
        f"{_whose(v, seat)} ant takes {_whose(v, victim)} {stolen} "
        f"from sandwich {victim}.{index} to sandwich {seat}.{move.onto}"
    )
    if len(robbed) > 1:
        return sentence
    sentence += f" and closes it; {_sandwich(v, victim, index)} is gone"
    later = len(v.table[victim]) - index - 1
    if later == 1:
        sentence += f", so {_sandwich(v, victim, index + 1)} is now {victim}.{index}"
    elif later > 1:
        sentence += ", and the later ones move down a number"
    return sentence


def _fly(v: View, seat: int, move: Fly) -> str:
    """``"seat 1 puts the fly on your sandwich 0.1"`` or ``"... moves the fly from ... to ..."``."""
    onto = _sandwich(v, move.seat, move.sandwich)
    if v.fly is None:
        return f"{_does(v, seat, 'put')} the fly on {onto}"
    return f"{_does(v, seat, 'move')} the fly from {_sandwich(v, *v.fly)} to {onto}"


def _discard(v: View, seat: int, card: Card) -> str:
    """A forced discard: ``"seat 1 has no play and discards a jelly"``."""
    if seat == v.player:
        return f"you have no play and discard {card_name(card, article=True)}"
    return f"seat {seat} has no play and discards {card_name(card, article=True)}"


def _consequence(v: View, after: View, move: Move | None) -> str:
    """What the move led to, after a dash, or ``""``: the game's end, a new draw pile."""
    if after.phase is Phase.OVER:
        return f" — {ending(after)}"
    if isinstance(move, (End, Discard)) and v.draw_size == 0:
        if after.draw_size:
            cards = number(after.draw_size, "card")
            return f" — the discard pile is turned over as the new draw pile ({cards})"
        return f" — both piles are empty, so {_does(after, after.turn, 'play')} without drawing"
    return ""
