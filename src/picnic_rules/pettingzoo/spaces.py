"""The fixed action space of each game, per players and rules: every move it can ever list.

Each game's moves are numbered by :class:`~picnic_rules.pettingzoo.actions.Family` blocks
built from its move classes and its rules' bounds:

* **sandwich**: ``Play`` of a bread or a spread onto a new sandwich or sandwich ``0 ..
  bread - 1`` (every sandwich holds a bread, so a seat never has more sandwiches than the
  deck has breads), ``Ant`` and ``Fly`` at every seat's sandwiches, ``Discard`` of each
  card, ``End``; chance: ``Draw`` of each card.
* **insects**: ``Play`` of 1 .. ``insects`` cards of one colour with 0 .. ``jokers`` jokers,
  or 1 .. ``jokers`` jokers alone, onto a new pile or pile ``0 .. 3 * (4 + jokers) - 1``
  (outside an attack every pile is one card, and a new pile needs a colour no pile of its
  type shows, or a lone joker), ``Swat`` of those piles, ``Defend`` with 1 .. as many
  weapons as a pile can need, ``GiveUp``, ``Buy``; chance: ``Draw`` of each card.
* **poultry**: ``Commit`` of every multiset of 0 .. ``cards_per_round`` card kinds,
  ``Allot`` of each grain to each seat, ``NoDeal``, ``Accept``, ``Reject``; chance:
  ``Draw``, ``Supply``, ``Reveal``, ``Resolve`` and ``Roll``.
* **ants**: ``Toss`` of each die kind at each position, ``Keep``, ``Retoss``, ``Settle``,
  every ``Play`` of a Round card with its targets, and ``Place`` of each card kind with its
  plate within ``n + 1`` cells of the first plate, where ``n`` is the most cards one colony
  can hold (each plate lies on an ant of a placed card, one cell from its plate, and the
  one Planner placement lies at most three cells away); chance is sampled (landings cannot
  be listed), so the game has no chance space.

The tests prove the spaces complete: in many random games of every game every listed move
(and every chance outcome) has an index.

>>> from picnic_rules import GAMES
>>> space = player_space(GAMES["sandwich"], 2, GAMES["sandwich"].Rules())
>>> len(space), space.move(0), space.index(space.move(len(space) - 1)) == len(space) - 1
(601, Play(card=Card.BREAD, onto=None), True)
"""

from __future__ import annotations

import enum
import itertools
import random
import typing
from collections.abc import Callable
from typing import Any, TypeAlias

from ..errors import PicnicError
from ..game import CHANCE, AnyGame
from .actions import ActionSpace, Family

__all__ = [
    "ants_colony",
    "chance_space",
    "first_decision",
    "hint",
    "members",
    "player_space",
    "supported",
]

Families: TypeAlias = list[Family]
_Builder: TypeAlias = Callable[[AnyGame, int, Any], tuple[Families, Families | None]]


def hint(cls: type[Any], field: str) -> Any:
    """The type of ``cls``'s ``field``, without ``| None`` and with a tuple's item type.

    The spaces take the game's enums and card classes from its move classes' annotations,
    so this package never imports a game module.
    """
    found = typing.get_type_hints(cls)[field]
    while True:
        args = [arg for arg in typing.get_args(found) if arg is not type(None)]
        if typing.get_origin(found) is tuple or len(args) == 1:
            found = args[0]
        else:
            return found


def members(cls: type[Any], field: str) -> tuple[Any, ...]:
    """Every member of the enum that ``cls``'s ``field`` holds."""
    kind = hint(cls, field)
    if not (isinstance(kind, type) and issubclass(kind, enum.Enum)):
        raise PicnicError(f"{cls.__name__}.{field} holds no enum")  # pragma: no cover
    return tuple(kind)


def first_decision(game: AnyGame, players: int, rules: object) -> Any:
    """The first state where a seat acts, chance played with ``random.Random(0)``."""
    rng = random.Random(0)
    state = game.new_game(players, rules)
    while game.to_move(state) is CHANCE:
        state = game.apply(state, game.sample_chance(state, rng))
    return state


def _classes(game: AnyGame) -> dict[str, type[Any]]:
    return {cls.__name__: cls for cls in game.move_types}


def _upto(n: int, start: int = 0) -> tuple[int, ...]:
    return tuple(range(start, n + 1))


def _sandwich(game: AnyGame, players: int, rules: Any) -> tuple[Families, Families | None]:
    m = _classes(game)
    Play, Ant, Fly, Discard, End, Draw = (
        m[k] for k in ("Play", "Ant", "Fly", "Discard", "End", "Draw")
    )
    cards = members(Play, "card")
    parts = tuple(card for card in cards if card.is_part)
    sandwiches = tuple(range(max(rules.bread, 1)))
    seats = tuple(range(players))
    moves = [
        Family(Play, (("card", parts), ("onto", (None, *sandwiches)))),
        Family(Ant, (("seat", seats), ("sandwich", sandwiches), ("onto", sandwiches))),
        Family(Fly, (("seat", seats), ("sandwich", sandwiches))),
        Family(Discard, (("card", cards),)),
        Family(End, ()),
    ]
    return moves, [Family(Draw, (("card", cards),))]


def _insects(game: AnyGame, players: int, rules: Any) -> tuple[Families, Families | None]:
    m = _classes(game)
    Play, Swat, Defend, GiveUp, Buy, Draw = (
        m[k] for k in ("Play", "Swat", "Defend", "GiveUp", "Buy", "Draw")
    )
    insects, colours = members(Play, "insect"), members(Play, "colour")
    piles = tuple(range(3 * (4 + rules.jokers)))
    onto = (None, *piles)
    most_needed = min(rules.weapons, 4 * rules.insects + rules.jokers - 1)
    moves = [
        Family(
            Play,
            (
                ("insect", insects),
                ("colour", colours),
                ("count", _upto(rules.insects, 1)),
                ("jokers", _upto(rules.jokers)),
                ("onto", onto),
            ),
        ),
        Family(
            Play,
            (
                ("insect", insects),
                ("colour", (None,)),
                ("count", (0,)),
                ("jokers", _upto(rules.jokers, 1)),
                ("onto", onto),
            ),
        ),
        Family(Swat, (("pile", piles),)),
        Family(Defend, (("weapons", _upto(most_needed, 1)),)),
        Family(GiveUp, ()),
        Family(Buy, (("captured", (False, True)),)),
    ]
    return moves, [Family(Draw, (("card", members(Draw, "card")),))]


POULTRY_DIE = 6
"""The faces of the poultry game's die (a duel's roll)."""


def _poultry(game: AnyGame, players: int, rules: Any) -> tuple[Families, Families | None]:
    m = _classes(game)
    names = ("Commit", "Allot", "NoDeal", "Accept", "Reject", "Draw", "Supply", "Reveal")
    Commit, Allot, NoDeal, Accept, Reject, Draw, Supply, Reveal = (m[k] for k in names)
    Resolve, Roll = m["Resolve"], m["Roll"]
    kinds = tuple(rules.kinds)
    per = rules.cards_per_round[players - 2]
    commits = tuple(
        Commit(cards).cards  # in the order Commit keeps its cards
        for size in range(per + 1)
        for cards in itertools.combinations_with_replacement(kinds, size)
    )
    grains, seats = members(Allot, "grain"), tuple(range(players))
    moves = [
        Family(Commit, (("cards", commits),)),
        Family(Allot, (("grain", grains), ("seat", seats))),
        Family(NoDeal, ()),
        Family(Accept, ()),
        Family(Reject, ()),
    ]
    chance = [
        Family(Draw, (("card", kinds),)),
        Family(Supply, (("grain", members(Supply, "grain")),)),
        Family(Reveal, ()),
        Family(Resolve, (("yard", members(Resolve, "yard")),)),
        Family(Roll, (("value", _upto(POULTRY_DIE, 1)),)),
    ]
    return moves, chance


def ants_colony(game: AnyGame, players: int, rules: Any) -> int:
    """The most cards one ants colony can hold: the deck, or every card the area shows in
    every round, if fewer."""
    area = first_decision(game, players, rules).area
    return int(min(sum(rules.deck), rules.rounds * sum(card is not None for card in area)))


def _ants(game: AnyGame, players: int, rules: Any) -> tuple[Families, Families | None]:
    m = _classes(game)
    Toss, Keep, Retoss, Settle, Place, Play = (
        m[k] for k in ("Toss", "Keep", "Retoss", "Settle", "Place", "Play")
    )
    start = game.new_game(players, rules)
    positions = tuple(range(len(start.area)))
    dice = tuple(range(len(start.dice[0])))
    colony = ants_colony(game, players, rules)
    reach = tuple(range(-(colony + 1), colony + 2))
    card_class = hint(Place, "card")
    card_kinds = tuple(
        card_class(food, colour, ants)
        for food in members(card_class, "food")
        for colour in members(card_class, "colour")
        for ants in (3, 2)
    )
    round_cards = {card.name: card for card in members(Play, "card")}
    none = (-1,)

    def play(card: str, seat: tuple[int, ...], die: tuple[int, ...],
             position: tuple[int, ...]) -> Family:  # fmt: skip
        fields = (
            ("card", (round_cards[card],)),
            ("seat", seat),
            ("die", die),
            ("position", position),
        )
        return Family(Play, fields)

    moves = [
        Family(Toss, (("die", members(Toss, "die")), ("target", positions))),
        Family(Keep, ()),
        Family(Retoss, (("target", positions),)),
        Family(Settle, (("die", dice), ("card", positions))),
        play("SECOND_WIND", none, dice, none),
        play("STOMP", tuple(range(players)), dice, none),
        play("HONEY", none, none, positions),
        play("RE_TOSS", none, none, positions),
        play("DOUBLE_TIME", none, none, none),
        play("SCOUT_AHEAD", none, dice, positions),
        play("HEAD_START", none, none, none),
        Family(
            Place,
            (
                ("card", card_kinds),
                ("x", reach),
                ("y", reach),
                ("turn", (0, 1, 2, 3)),
                ("planner", (False, True)),
            ),
        ),
    ]
    return moves, None


_BUILDERS: dict[str, _Builder] = {
    "sandwich": _sandwich,
    "insects": _insects,
    "poultry": _poultry,
    "ants": _ants,
}


def supported() -> tuple[str, ...]:
    """The names of the games that have an action space (the four built-in games)."""
    return tuple(_BUILDERS)


def _families(game: AnyGame, players: int, rules: object) -> tuple[Families, Families | None]:
    builder = _BUILDERS.get(game.name)
    if builder is None:
        raise PicnicError(f"no action space is declared for the game {game.name!r}")
    game.check_players(players)
    return builder(game, players, rules)


def player_space(game: AnyGame, players: int, rules: object) -> ActionSpace:
    """Every move a seat of ``game`` can ever list with ``players`` seats and ``rules``."""
    return ActionSpace(_families(game, players, rules)[0])


def chance_space(game: AnyGame, players: int, rules: object) -> ActionSpace | None:
    """Every chance outcome ``game`` can ever list, or ``None`` for a game whose chance is
    sampled (its outcomes cannot be listed)."""
    chance = _families(game, players, rules)[1]
    return None if chance is None else ActionSpace(chance)
