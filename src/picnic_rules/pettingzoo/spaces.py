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

import itertools
from collections.abc import Callable
from typing import Any, TypeAlias

from ..errors import PicnicError
from ..game import AnyGame
from .actions import ActionSpace, Family

__all__ = ["chance_space", "player_space", "supported"]

Families: TypeAlias = list[Family]
_Builder: TypeAlias = Callable[[int, Any], tuple[Families, Families | None]]


def _upto(n: int, start: int = 0) -> tuple[int, ...]:
    return tuple(range(start, n + 1))


def _sandwich(players: int, rules: Any) -> tuple[Families, Families | None]:
    from ..sandwich import Ant, Card, Discard, Draw, End, Fly, Play

    sandwiches = tuple(range(max(rules.bread, 1)))
    seats = tuple(range(players))
    parts = (Card.BREAD, Card.PEANUT_BUTTER, Card.JELLY)
    moves = [
        Family(Play, (("card", parts), ("onto", (None, *sandwiches)))),
        Family(Ant, (("seat", seats), ("sandwich", sandwiches), ("onto", sandwiches))),
        Family(Fly, (("seat", seats), ("sandwich", sandwiches))),
        Family(Discard, (("card", tuple(Card)),)),
        Family(End, ()),
    ]
    return moves, [Family(Draw, (("card", tuple(Card)),))]


def _insects(players: int, rules: Any) -> tuple[Families, Families | None]:
    from ..insects import Buy, Card, Defend, Draw, GiveUp, Play, Swat
    from ..insects.cards import COLOURS, INSECTS

    piles = tuple(range(3 * (4 + rules.jokers)))
    onto = (None, *piles)
    most_needed = min(rules.weapons, 4 * rules.insects + rules.jokers - 1)
    moves = [
        Family(
            Play,
            (
                ("insect", INSECTS),
                ("colour", COLOURS),
                ("count", _upto(rules.insects, 1)),
                ("jokers", _upto(rules.jokers)),
                ("onto", onto),
            ),
        ),
        Family(
            Play,
            (
                ("insect", INSECTS),
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
    return moves, [Family(Draw, (("card", tuple(Card)),))]


def _poultry(players: int, rules: Any) -> tuple[Families, Families | None]:
    from ..poultry import Accept, Allot, Commit, Draw, NoDeal, Reject, Resolve, Reveal, Roll, Supply
    from ..poultry.cards import COLOURS, GRAINS, card_key
    from ..poultry.predicates import DIE

    kinds = tuple(sorted(rules.kinds, key=card_key))
    per = rules.cards_per_round[players - 2]
    commits = tuple(
        cards
        for size in range(per + 1)
        for cards in itertools.combinations_with_replacement(kinds, size)
    )
    moves = [
        Family(Commit, (("cards", commits),)),
        Family(Allot, (("grain", GRAINS), ("seat", tuple(range(players))))),
        Family(NoDeal, ()),
        Family(Accept, ()),
        Family(Reject, ()),
    ]
    chance = [
        Family(Draw, (("card", kinds),)),
        Family(Supply, (("grain", GRAINS),)),
        Family(Reveal, ()),
        Family(Resolve, (("yard", COLOURS),)),
        Family(Roll, (("value", _upto(DIE, 1)),)),
    ]
    return moves, chance


def _ants(players: int, rules: Any) -> tuple[Families, Families | None]:
    from ..ants import Keep, Place, Play, Retoss, Settle, Toss
    from ..ants.cards import CARD_KINDS, DIE_KINDS, DieKind, RoundCard
    from ..ants.rules import POSITIONS, layout

    positions = tuple(range(POSITIONS))
    dice = tuple(range(len(DIE_KINDS)))
    colony = min(sum(rules.deck), rules.rounds * len(layout(players)))
    reach = tuple(range(-(colony + 1), colony + 2))
    none = (-1,)

    def play(card: RoundCard, seat: tuple[int, ...], die: tuple[int, ...],
             position: tuple[int, ...]) -> Family:  # fmt: skip
        fields = (("card", (card,)), ("seat", seat), ("die", die), ("position", position))
        return Family(Play, fields)

    moves = [
        Family(Toss, (("die", tuple(DieKind)), ("target", positions))),
        Family(Keep, ()),
        Family(Retoss, (("target", positions),)),
        Family(Settle, (("die", dice), ("card", positions))),
        play(RoundCard.SECOND_WIND, none, dice, none),
        play(RoundCard.STOMP, tuple(range(players)), dice, none),
        play(RoundCard.HONEY, none, none, positions),
        play(RoundCard.RE_TOSS, none, none, positions),
        play(RoundCard.DOUBLE_TIME, none, none, none),
        play(RoundCard.SCOUT_AHEAD, none, dice, positions),
        play(RoundCard.HEAD_START, none, none, none),
        Family(
            Place,
            (
                ("card", CARD_KINDS),
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
    return builder(players, rules)


def player_space(game: AnyGame, players: int, rules: object) -> ActionSpace:
    """Every move a seat of ``game`` can ever list with ``players`` seats and ``rules``."""
    return ActionSpace(_families(game, players, rules)[0])


def chance_space(game: AnyGame, players: int, rules: object) -> ActionSpace | None:
    """Every chance outcome ``game`` can ever list, or ``None`` for a game whose chance is
    sampled (its outcomes cannot be listed)."""
    chance = _families(game, players, rules)[1]
    return None if chance is None else ActionSpace(chance)
