"""Words for players: :func:`describe` says what a move did as one seat saw it,
:func:`describe_move` what a legal move would do, :func:`move_group` how a click
interface offers it; :func:`answer_words` what answers an attack, and
:func:`renumbering` which piles move down when one leaves the table.

A sentence speaks to its reader: the observing seat is "you", the others are
"seat 1"; piles are named by their number as in notation ("pile 2"). What a
move leads to -- an attack, the piles that move down, the end of the game --
follows a dash. Giving up food when it is the only answer to an attack says
why (the weapons a defence needs, the cards that would pass it on). Sentences
start in lower case and end without a full stop, as in every game of the
library, and numbers agree with their nouns ("1 insect", "2 insects").
"""

from __future__ import annotations

from typing import Final

from ..errors import PicnicError, move_text, with_article
from ..kit import ill_typed, to_no_seat
from .cards import COLOURS, WEAPONS, Card, Insect, Pile, insect_of, is_joker
from .moves import MOVE_TYPES, Buy, Defend, Draw, GiveUp, Move, Play, Swat
from .observations import Observation
from .predicates import attacking_pile, defence_weapons, next_with_food, pile_colour
from .state import Phase, View

__all__ = [
    "ABOUT",
    "REASON_WORDS",
    "answer_words",
    "card_words",
    "describe",
    "describe_move",
    "describe_public",
    "move_group",
    "pile_words",
    "renumbering",
]

ABOUT: Final = """Take your neighbours' food: most points wins.

A turn: play insects (and jokers) of one kind and colour onto a pile of the
same kind, or start a new pile. Two or more cards on one pile attack the next
player with food, who defends with as many weapons of that kind as the pile
needs, plays on the pile to pass the attack on, or gives up a food card to the
attacker. Then you draw back up to your hand.

Piles are numbered from 0 in the order they were started; when a pile leaves
the table (swatted, or taken with a food card), the later ones move down one.

The game ends when one player alone has food, or when nobody can play. Points:
2 per insect in your score pile, 10 per food captured or kept, -1 per weapon
used.

The full rules: https://picnic-rules.readthedocs.io/en/latest/insects.html"""
"""The game told to a player in a screen: its goal, a turn, the end and the score."""

REASON_WORDS: Final[dict[str, str]] = {
    "one-left": "only one player still has food",
    "cards-out": "nobody with food can play",
}
"""Why a game ended, in words, by its reason code (the picture's, a sentence's and a front
end's "The game ended: ...")."""


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


def renumbering(piles: tuple[Pile, ...], index: int) -> str:
    """What happens to the numbers of the piles after pile ``index`` when it leaves the table
    (they move down one), or ``""`` when it is the last pile.

    >>> from picnic_rules.insects import Card
    >>> piles = ((Card.RED_FLY,), (Card.GREEN_ANT,), (Card.BLUE_FLY,), (Card.JOKER_ANT,))
    >>> renumbering(piles, 2)
    'pile 3 (ant joker) is now pile 2'
    >>> renumbering(piles, 1)
    'piles 2 and 3 (blue fly, ant joker) are now 1 and 2'
    >>> renumbering(piles + piles, 1)
    'piles 2 to 7 are now 1 to 6 (blue fly is now pile 1)'
    """
    later = range(index + 1, len(piles))
    if not later:
        return ""
    first, last = later[0], later[-1]
    if len(later) == 1:
        return f"pile {first} ({pile_words(piles[first])}) is now pile {index}"
    if len(later) == 2:
        names = f"{pile_words(piles[first])}, {pile_words(piles[last])}"
        return f"piles {first} and {last} ({names}) are now {index} and {first}"
    return (
        f"piles {first} to {last} are now {index} to {last - 1} "
        f"({pile_words(piles[first])} is now pile {index})"
    )


def _fits(v: View, pile: Pile, n: int) -> str:
    """``n`` cards that may join the attacking ``pile`` in words: ``"a red fly or a fly
    joker"``, ``"2 red flies or fly jokers"``, or any insect of its kind while it has no
    colour (or, with the joker-colour variant, a joker on top)."""
    insect = insect_of(pile[0])
    colour = pile_colour(pile)
    name = str(insect)
    plural = "flies" if insect is Insect.FLY else f"{name}s"
    if colour is None or (v.rules.joker_colour and is_joker(pile[-1])):
        return with_article(name) if n == 1 else f"{n} {plural}"
    if n == 1:
        return f"a {colour} {name} or {with_article(name)} joker"
    return f"{n} {colour} {plural} or {name} jokers"


def _continuation(v: View, pile: Pile) -> tuple[int, int]:
    """How many cards a continuation of the attacking ``pile`` must hold (1, or more under
    the match-count variant), and the most that seat ``v.player`` could play onto it."""
    base = 5 * insect_of(pile[0])
    jokers = v.hand[base + 4]
    colour = pile_colour(pile)
    anything = colour is None or (v.rules.joker_colour and is_joker(pile[-1]))
    best = 0
    for kind, have in enumerate(v.hand[base : base + 4]):
        if anything or COLOURS[kind] == colour or (v.rules.joker_colour and jokers):
            best = max(best, have)
    need = max(1, v.last_count) if v.rules.match_count else 1
    return need, best + jokers


def answer_words(v: View, pile: Pile) -> str:
    """What answers the attacking ``pile`` in words: the weapons that defend against it and
    the cards that pass it on (giving up a food card always does).

    >>> from picnic_rules.insects import Card, new_game, view
    >>> answer_words(view(new_game(2), 0), (Card.RED_FLY, Card.JOKER_FLY, Card.RED_FLY))
    '2 swatters defend; a red fly or a fly joker passes it on'
    """
    n = defence_weapons(pile)
    weapons = card_words(WEAPONS[insect_of(pile[0])], n)
    need, _ = _continuation(v, pile)
    defend = "defends" if n == 1 else "defend"
    passes = "passes" if need == 1 else "pass"
    return f"{weapons} {defend}; {_fits(v, pile, need)} {passes} it on"


def _why_only_food(v: View, pile: Pile) -> str:
    """Why seat ``v.player`` can answer the attacking ``pile`` only with a food card, or
    ``""`` when it can defend or pass the attack on."""
    n = defence_weapons(pile)
    weapon = WEAPONS[insect_of(pile[0])]
    held = v.hand[weapon]
    need, most = _continuation(v, pile)
    if held >= n or most >= need:
        return ""
    return (
        f", as you cannot defend ({card_words(weapon, n)} needed, you have {held or 'none'}) "
        f"or pass it on ({_fits(v, pile, need)} needed, you have {most or 'none'})"
    )


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
        return (
            f"{who} play{s} {card_words(weapon)} on the {pile_words(pile)} of pile {move.pile} "
            f"and score{s} both"
        )
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
        takes = "take" if taker == "you" else "takes"
        return (
            f"{who} give{s} up a food card to {taker}, who {takes} the "
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
    elif type(move) is Draw and dealing:
        who, s = _you(v, actor)
        text = f"{who} {'is' if s else 'are'} dealt {card_words(move.card)}"
    else:
        text = _action(v, actor, move)
    return text + _after(v, actor, move, observation)


def describe_public(v: View, observation: Observation) -> str:
    """:func:`describe`'s sentence told to no seat: every seat in the third person, what a
    spectator reads (``observation`` is that of seat ``v.player``, one the move shows
    nothing the others do not see).

    >>> from picnic_rules.insects import new_game, observe, view, Draw, Card
    >>> state = new_game(2)
    >>> describe_public(view(state, 1), observe(state, Draw(Card.RED_FLY), 1))
    'seat 0 is dealt a card'
    """
    return describe(to_no_seat(v), observation)


def _after(v: View, actor: int, move: Move | None, observation: Observation) -> str:
    if observation.phase is Phase.OVER:
        why = REASON_WORDS.get(str(observation.reason), str(observation.reason))
        return f" - the game is over: {why}"
    if type(move) is GiveUp or type(move) is Swat:
        return _moved(v, move)
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
    text = _action(v, v.player, move)
    attack = attacking_pile(v.piles)
    if type(move) is GiveUp and attack is not None and v.turn == v.player:
        text += _why_only_food(v, v.piles[attack])
    return text + _moved(v, move)


def _moved(v: View, move: Move | None) -> str:
    """The renumbering of the piles after the one ``move`` takes off the table, after a dash,
    or ``""``."""
    if type(move) is GiveUp:
        index = attacking_pile(v.piles)
    elif type(move) is Swat and type(move.pile) is int and 0 <= move.pile < len(v.piles):
        index = move.pile
    else:
        return ""
    moved = "" if index is None else renumbering(v.piles, index)
    return f" - {moved}" if moved else ""


def move_group(move: Move) -> tuple[str, str]:
    """The cards a click interface offers first for ``move``, then its target.

    A card move's first part is the cards it takes from the hand, each by its notation
    name, in the order of the :class:`Card` kinds, joined by ``" + "`` (what a board picks
    from the hand, then compares); a swat's is its weapon, which the pile decides.

    >>> from picnic_rules.insects import Play, Swat, Insect, Colour
    >>> move_group(Play(Insect.FLY, Colour.RED, 2, 1, 3)), move_group(Swat(0))
    (('red fly + red fly + joker fly', 'pile 3'), ('weapon', 'pile 0'))
    """
    if type(move) is Play:
        base = 5 * move.insect
        taken = [] if move.colour is None else [Card(base + move.colour)] * move.count
        taken += [Card(base + 4)] * move.jokers
        cards = " + ".join(map(str, taken))
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
