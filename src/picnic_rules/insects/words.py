"""Words for players: :func:`describe` says what a move did as one seat saw it,
:func:`describe_move` what a legal move would do, :func:`move_group` how a click
interface offers it.

A sentence speaks to its reader: the observing seat is "you", the others are
"seat 1"; piles are named by their number as in notation ("pile 2"). What a
move leads to -- an attack, the end of the game -- follows a dash. Sentences
start in lower case and end without a full stop, as in every game of the
library, and numbers agree with their nouns ("1 insect", "2 insects").
"""

from __future__ import annotations

from typing import Final

from ..errors import PicnicError, move_text
from ..kit import ill_typed
from .cards import WEAPONS, Card, Pile, insect_of
from .moves import MOVE_TYPES, Buy, Defend, Draw, GiveUp, Move, Play, Swat
from .observations import Observation
from .predicates import attacking_pile, next_with_food
from .state import Phase, View

__all__ = ["ABOUT", "card_words", "describe", "describe_move", "move_group", "pile_words"]

ABOUT: Final = """Take your neighbours' food: most points wins.

A turn: play insects (and jokers) of one kind and colour onto a pile of the
same kind, or start a new pile. Two or more cards on one pile attack the next
player with food, who defends with as many weapons of that kind as the pile
needs, plays on the pile to pass the attack on, or gives up a food card to the
attacker. Then you draw back up to your hand.

The game ends when one player alone has food, or when nobody can play. Points:
2 per insect in your score pile, 10 per food captured or kept, -1 per weapon
used.

The full rules: https://picnic-rules.readthedocs.io/en/latest/insects.html"""
"""The game told to a player in a screen: its goal, a turn, the end and the score."""


def card_words(card: Card, n: int = 1) -> str:
    """``n`` cards of one kind in words: ``"a red fly"``, ``"2 red flies"``, ``"a fly joker"``.

    >>> card_words(Card.RED_FLY, 2), card_words(Card.JOKER_ANT), card_words(Card.BOOTS, 3)
    ('2 red flies', 'an ant joker', '3 pairs of boots')
    """
    name = str(card)
    if name.startswith("joker "):
        name = f"{name[6:]} joker"
    elif card is Card.BOOTS:
        name = "pair of boots"
    if n == 1:
        return ("an " if name[0] in "aeiou" else "a ") + name
    words = name.split(" ")
    last = words[-1]
    words[-1] = {"fly": "flies", "boots": "boots"}.get(last, last + "s")
    if card is Card.BOOTS:
        return f"{n} pairs of boots"
    return f"{n} {' '.join(words)}"


def _play_words(move: Play) -> str:
    parts = []
    base = 5 * move.insect
    if move.count > 0 and move.colour is not None:
        parts.append(card_words(Card(base + move.colour), move.count))
    if move.jokers > 0:
        parts.append(card_words(Card(base + 4), move.jokers))
    return " and ".join(parts) or "nothing"


def pile_words(pile: Pile) -> str:
    """A pile in words, bottom card first: ``"red fly, fly joker, red fly"``."""
    return ", ".join(card_words(card)[2:].lstrip() for card in pile)


def _you(v: View, seat: int) -> tuple[str, str]:
    return ("you", "") if seat == v.player else (f"seat {seat}", "s")


def _count(n: int, noun: str) -> str:
    """``n`` and ``noun``, agreeing: ``"1 insect"``, ``"2 insects"``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _action(v: View, actor: int, move: Move) -> str:
    """What ``move`` by ``actor`` does, from the view before it."""
    who, s = _you(v, actor)
    piles = v.piles
    if type(move) is Play:
        cards = _play_words(move)
        where = "to start a new pile" if move.onto is None else f"onto pile {move.onto}"
        return f"{who} play{s} {cards} {where}"
    if type(move) is Swat:
        pile = piles[move.pile]
        weapon = WEAPONS[insect_of(pile[0])]
        return f"{who} play{s} {card_words(weapon)} on the {pile_words(pile)} of pile {move.pile} and score{s} both"
    if type(move) is Defend:
        attack = attacking_pile(piles)
        if attack is None:
            return f"{who} defend{s}"
        pile = piles[attack]
        weapon = WEAPONS[insect_of(pile[0])]
        return (
            f"{who} defend{s} against pile {attack} with {card_words(weapon, move.weapons)} "
            f"and score{s} {_count(move.weapons, 'insect')}"
        )
    if type(move) is GiveUp:
        attack = attacking_pile(piles)
        size = len(piles[attack]) if attack is not None else 0
        taker = "nobody" if v.last is None else "you" if v.last == v.player else f"seat {v.last}"
        return (
            f"{who} give{s} up a food card to {taker}, who takes the "
            f"{_count(size, 'insect')} of pile {attack}"
        )
    if type(move) is Buy:
        source = "captured food card" if move.captured else "food card"
        return f"{who} buy{s} up to 4 cards for 1 {source}"
    if type(move) is Draw:
        return f"{who} draw{s} {card_words(move.card)}"
    raise PicnicError(f"not an insects move: {move_text(move)}")


def describe(v: View, observation: Observation) -> str:
    """What the move did, in a sentence for seat ``v.player`` (``v`` is its view before it).

    >>> from picnic_rules.insects import new_game, observe, view, Draw, Card
    >>> state = new_game(2)
    >>> describe(view(state, 1), observe(state, Draw(Card.RED_FLY), 1))
    'seat 0 is dealt a card'
    """
    if type(observation) is not Observation:
        raise PicnicError(f"expected an insects Observation, not {type(observation).__name__}")
    move, actor = observation.move, observation.actor
    problem = None if move is None else ill_typed(move)
    if problem is not None:
        raise PicnicError(f"not an insects move: {move_text(move)} ({problem})")
    dealing = v.phase is Phase.DEAL
    if move is None:
        text = f"seat {actor} is dealt a card" if dealing else f"seat {actor} draws a card"
    elif type(move) is Draw:
        text = f"you are dealt {card_words(move.card)}" if dealing else _action(v, actor, move)
    else:
        text = _action(v, actor, move)
    return text + _after(v, actor, move, observation)


def _after(v: View, actor: int, move: Move | None, observation: Observation) -> str:
    if observation.phase is Phase.OVER:
        return f" - the game is over ({observation.reason})"
    if type(move) is Play:
        pile = v.piles[move.onto] if move.onto is not None else ()
        if len(pile) + move.cards >= 2:
            target = next_with_food(v.food, actor)
            whom = "you" if target == v.player else f"seat {target}"
            return f" - an attack on {whom}"
    return ""


def describe_move(v: View, move: Move) -> str:
    """What ``move``, a legal move of seat ``v.player``, would do (before it chooses); words
    from the view alone, so they show nothing the seat cannot see.

    >>> from picnic_rules.insects import View, Play, Insect, Colour
    >>> from picnic_rules.insects import new_game, view
    >>> describe_move(view(new_game(2), 0), Play(Insect.FLY, Colour.RED, 2))
    'you play 2 red flies to start a new pile'
    """
    problem = ill_typed(move) if type(move) in MOVE_TYPES else "not a move"
    if problem is not None:
        raise PicnicError(f"not an insects move: {move_text(move)} ({problem})")
    if type(move) is Play and move.onto is not None and not 0 <= move.onto < len(v.piles):
        raise PicnicError(f"there is no pile {move.onto}")
    return _action(v, v.player, move)


def move_group(move: Move) -> tuple[str, str]:
    """The cards a click interface offers first for ``move``, then its target.

    >>> from picnic_rules.insects import Play, Swat, Insect, Colour
    >>> move_group(Play(Insect.FLY, Colour.RED, 1, 1, 3)), move_group(Swat(0))
    (('red fly+joker', 'pile 3'), ('weapon', 'pile 0'))
    """
    if type(move) is Play:
        cards = str(move)[len("play ") :].split(" on ")[0]
        return cards, "new pile" if move.onto is None else f"pile {move.onto}"
    if type(move) is Swat:
        return "weapon", f"pile {move.pile}"
    if type(move) is Defend:
        return "defend", str(move.weapons)
    if type(move) is GiveUp:
        return "give food", ""
    if type(move) is Buy:
        return "buy", "captured" if move.captured else "own"
    if type(move) is Draw:
        return "draw", str(move.card)
    raise PicnicError(f"not an insects move: {move_text(move)}")
