"""The insects game's computer player: a greedy heuristic over the legal moves.

It reads only its view. Under attack it continues when it can (the attack then
threatens the next player, and whoever plays the pile's last card takes the
food), else defends, else gives up a food. In a normal turn it attacks -- two or
more of a kind at once, or one card onto a pile that fits -- keeping jokers and a
reserve of the attacking colour for the counter-attack; it swats spare weapons
onto lone insects, which also leaves the next player fewer piles to attack with;
it never buys.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Final

from ..agents.arguments import checked_call
from ..agents.ismcts import SearchAgent
from ..agents.search import win_shares
from ..game import AnyGame
from .cards import WEAPONS, Counts, Pile, insect_of
from .engine import apply_drawing, scores
from .legality import GIVE_UP, defence_of, legal_moves, play_of, swat_onto, type_plays
from .moves import Buy, Defend, GiveUp, Move, Play, Swat
from .predicates import attacking_pile, pile_colour
from .state import State, View

__all__ = [
    "SEARCH_DEPTH",
    "SEARCH_ITERATIONS",
    "ComputerAgent",
    "move_value",
    "playout",
    "playout_step",
    "search_agent",
    "value",
]

_KEEP_WEAPONS = 2  # weapons of a type kept back for a defence


def move_value(v: View, move: Move) -> float:
    """How much the computer likes ``move`` in view ``v`` (higher is better)."""
    piles = v.piles
    return _value(v.hand, piles, attacking_pile(piles), move)


def _value(hand: Counts, piles: Sequence[Pile], attack: int | None, move: Move) -> float:
    """:func:`move_value` of ``move`` for the seat holding ``hand``, ``attack`` being the
    attacking pile of ``piles`` (or ``None``): all it reads of a view."""
    if type(move) is Play:
        count, jokers = move.count, move.jokers
        # the reserve: cards of the played colour (and the type's jokers) still in hand after
        base = 5 * move.insect
        reserve = hand[base + 4] - jokers
        if move.colour is not None:
            reserve += hand[base + move.colour] - count
        if attack is not None:  # a continuation: the pile grows and moves on
            size = len(piles[attack]) + count + jokers
            return 60.0 + 2.0 * size + 3.0 * reserve - 4.0 * jokers - count
        onto = 0 if move.onto is None else len(piles[move.onto])
        if onto + count + jokers >= 2:  # an attack on the next player
            return 40.0 + 3.0 * reserve - 6.0 * jokers - 1.5 * (count + jokers)
        # a lone card: a pile the next player may attack with
        return -5.0 - 3.0 * jokers
    if type(move) is Swat:
        return _swat_value(hand[WEAPONS[insect_of(piles[move.pile][0])]])
    if type(move) is Defend:
        return 30.0 + move.weapons
    if type(move) is GiveUp:
        return 0.0
    if type(move) is Buy:
        return -100.0
    return 0.0  # a card drawn: chance, never the agent's choice


def _swat_value(held: int) -> float:
    """:func:`move_value` of a swat by a seat holding ``held`` weapons of its type: spare
    weapons, beyond those kept for a defence, are worth swatting with."""
    return 10.0 + 3.0 * (held - _KEEP_WEAPONS)


class ComputerAgent:
    """A heuristic player: attack, keep the attack going, defend, and swat spare weapons.

    Against a uniformly random player it wins nearly every 2-player game (measured:
    see the insects rules page).
    """

    @checked_call(View)
    def __call__(self, v: View, moves: Sequence[Move], rng: random.Random) -> Move:
        """The best of ``moves`` (the legal moves of view ``v``) by :func:`move_value`,
        the first of equals."""
        return _best(v.hand, v.piles, moves)


def _best(hand: Counts, piles: Sequence[Pile], moves: Sequence[Move]) -> Move:
    """The first of the best of ``moves`` by :func:`move_value` for the seat holding ``hand``."""
    return _best_of(hand, piles, attacking_pile(piles), moves)


def _best_of(
    hand: Counts, piles: Sequence[Pile], attack: int | None, moves: Sequence[Move]
) -> Move:
    """:func:`_best`, the attacking pile ``attack`` of ``piles`` known."""
    best, top = moves[0], -math.inf  # max(moves, key=...) in a loop: no call of a key each
    for move in moves:
        value = _value(hand, piles, attack, move)
        if value > top:  # strictly: the first of equals stays
            best, top = move, value
    return best


def playout(state: State, legal: tuple[Move, ...], rng: random.Random) -> Move:
    """The ``computer`` agent's choice for the seat to act in ``state``, made on the state
    itself: the search's playout policy (:func:`search_agent`). The agent reads only its
    own hand and the piles of its view, so this is its choice without building the view."""
    if len(legal) == 1:
        return legal[0]
    piles = state.piles  # a state the game made attacks exactly when it names an attacker
    attack = None if state.last is None else attacking_pile(piles)
    return _best_of(state.hands[state.turn], piles, attack, legal)


def playout_step(state: State, rng: random.Random) -> State:
    """The state after :func:`playout`'s choice in ``state`` and the cards it owes then
    drawn (:func:`~picnic_rules.insects.engine.apply_drawing`): how the search plays its
    playouts (:func:`search_agent`). In a normal turn the choice is made from the best play
    of each insect type, remembered (:data:`_BEST_PLAYS`), and the swats; under attack it
    is worked out from the hand and the pile (:func:`_answer`).
    """
    move = _normal_choice(state) if state.last is None else _answer(state)
    if move is None:
        move = playout(state, legal_moves(state), rng)
    return apply_drawing(state, move, rng)


def _answer(state: State) -> Move | None:
    """:func:`playout`'s choice under attack in ``state``, found without listing the moves
    (``None`` for a state with no attacking pile, which the caller's listing refuses).

    Under attack the moves are listed as the defence, the continuations colour by colour
    (count by count, and jokers by jokers within a count), the jokers alone, giving up
    food, then the buys. A continuation of ``k`` cards of a colour of which the seat holds
    ``h``, with ``j`` of its ``J`` jokers, onto a pile of ``size`` cards, is worth
    ``60 + 2 size + 3 J + 3 h - 2 k - 5 j`` (:func:`move_value`: its size after, less its
    reserve and jokers); so the best of one colour -- the only one so valued -- has the fewest
    cards that reach the count the continuation needs, as few of them jokers as may be (a
    card of the colour costs 2, a joker 5). Of jokers alone the fewest that reach it are
    best. The first of the best moves is then the first of the best of the defence, each
    colour's best, the jokers' best and giving up (worth 0; a buy, -100, never is).
    """
    piles = state.piles
    attack = attacking_pile(piles)
    if attack is None:
        return None
    pile = piles[attack]
    size = len(pile)
    insect = pile[0] // 5
    base = 5 * insect
    hand, rules = state.hands[state.turn], state.rules
    jokers = hand[base + 4]
    best: Move | None = None
    top = -1  # below giving up (worth 0), listed after the others
    weapons = size - 1  # defence_weapons
    if hand[WEAPONS[insect]] >= weapons:
        best, top = defence_of(weapons), 30 + weapons
    need = state.last_count if rules.match_count else 0  # continuation_is_big_enough
    worth = 60 + 2 * size + 3 * jokers  # what each continuation is worth before its cards
    current = pile_colour(pile)
    # play_may_join: the pile's colour, a colourless pile, or (joker-colour variant) any
    # colour onto a joker: the pile's top card or one of the play's own
    joker_colour = rules.joker_colour
    onto_joker = joker_colour and pile[-1] % 5 == 4
    for colour in range(4):
        have = hand[base + colour]
        if not have:
            continue
        plain = current is None or current == colour or onto_joker
        if not plain and not joker_colour:
            continue
        least = 0 if plain else 1  # the jokers a play of this colour must hold
        count = min(have, max(1, need - least))
        extra = max(least, need - count)
        if extra <= jokers:
            value = worth + 3 * have - 2 * count - 5 * extra
            if value > top:  # strictly: the first of equals stays
                best, top = play_of(insect, colour, count, extra, attack), value
    extra = max(1, need)
    if extra <= jokers and worth - 5 * extra > top:
        best, top = play_of(insect, None, 0, extra, attack), worth - 5 * extra
    return best if top >= 0 else GIVE_UP


def _normal_choice(state: State) -> Move | None:
    """:func:`playout`'s choice in a normal turn of ``state``, or ``None`` if it may be a buy.

    A normal turn lists the plays type by type (ant, spider, fly), then the swats, then the
    buys; so the first of the best moves is the first of the best of each type's best play
    and of the swats -- unless a buy, last and worth -100, is as good (or nothing else is
    legal), which the caller finds among the legal moves.

    A swat is worth what its weapons held are (:func:`move_value`, more for more), the same
    onto every pile of its type: so the best is onto the first pile of a type of whose
    weapon most are held, of equals the type whose first pile comes first -- the first of
    :func:`~picnic_rules.insects.legality.swats` so valued. It is found type by type
    beside the plays.
    """
    hand, piles = state.hands[state.turn], state.piles
    on_type: list[tuple[int, ...]] = [(), (), ()]  # the piles of each type: index, card, ...
    for index, pile in enumerate(piles):
        card = pile[0]
        on_type[card // 5] += (index, card)
    rules = state.rules
    joker_colour = rules.joker_colour
    best: Move | None = None
    top = _BUY_VALUE
    most = first = 0  # the most weapons of a type held against its piles, its first pile
    for insect, base in enumerate(_TYPE_BASES):
        mine = on_type[insect]
        weapons = hand[15 + insect]
        if weapons and mine and (weapons > most or (weapons == most and mine[0] < first)):
            most, first = weapons, mine[0]
        held = hand[base : base + 5]
        if held == _NONE_HELD:
            continue  # no insect of this type: no play
        key = (insect, joker_colour, held, mine)
        found = _BEST_PLAYS.get(key)
        if found is None:
            found = _best_play(hand, piles, type_plays(rules, hand, piles, insect))
            if len(_BEST_PLAYS) >= _BEST_PLAYS_KEPT:
                _BEST_PLAYS.clear()
            _BEST_PLAYS[key] = found
        if found[0] > top:
            top, best = found
    if most and _swat_value(most) > top:  # the swats, listed after the plays
        best = swat_onto(first)
    return best


def _best_play(hand: Counts, piles: Sequence[Pile], plays: list[Move]) -> tuple[float, Move | None]:
    """The first of the best of ``plays``, the plays of one insect type in a normal turn
    (:func:`~picnic_rules.insects.legality.type_plays`), and its value (``-inf`` and
    ``None`` for none)."""
    best: Move | None = None
    top = -math.inf
    for move in plays:
        value = _value(hand, piles, None, move)
        if value > top:  # strictly: the first of equals stays
            best, top = move, value
    return top, best


_TYPE_BASES: Final = (0, 5, 10)
"""The first card kind of each insect type."""
_NONE_HELD: Final = (0,) * 5
"""A hand's counts of one type's kinds when it holds none of them."""
_BUY_VALUE: Final = -100.0
""":func:`move_value` of a buy."""
_BEST_PLAYS: Final[dict[tuple[object, ...], tuple[float, Move | None]]] = {}
"""The value and the first of the best plays of one insect type in a normal turn, by what
they depend on: the type, the joker-colour variant, the hand's counts of the type's kinds
and the piles of the type (index and card each: outside an attack every pile is one card,
so :func:`move_value` of a play reads only these)."""
_BEST_PLAYS_KEPT: Final = 8192
"""The most entries :data:`_BEST_PLAYS` holds (it is emptied when full)."""


VALUE_TEMPERATURE: Final = 10.0
"""The lead in points that makes a seat ``e`` times as likely to win (a food is 10)."""


def value(state: State) -> tuple[float, ...]:
    """Each seat's share of a win in the unfinished ``state``, for the search to score a
    playout cut short: the points so far (:func:`~picnic_rules.insects.scores`: food 10,
    insects 2, weapons -1) as shares of a win
    (:func:`~picnic_rules.agents.search.win_shares` at :data:`VALUE_TEMPERATURE`).

    >>> from picnic_rules.insects import new_game
    >>> value(new_game(2))
    (0.5, 0.5)
    """
    points = scores(state)
    shares = _SHARES.get(points)
    if shares is None:
        if len(_SHARES) >= _SHARES_KEPT:
            _SHARES.clear()
        shares = _SHARES[points] = win_shares(points, VALUE_TEMPERATURE)
    return shares


_SHARES: Final[dict[tuple[int, ...], tuple[float, ...]]] = {}
""":func:`value`'s shares of a win, by the seats' points (a pure function of them: the
playouts of one search end at few distinct scores)."""
_SHARES_KEPT: Final = 4096
"""The most entries :data:`_SHARES` holds (it is emptied when full)."""


SEARCH_ITERATIONS: Final = 1000
"""The iterations per decision of the game's ``"ismcts"`` agent (:func:`search_agent`)."""
SEARCH_DEPTH: Final = 6
"""The moves of the seats a playout of :func:`search_agent` plays before :func:`value`."""


def search_agent(game: AnyGame) -> SearchAgent:
    """The game's ``"ismcts"`` agent: :class:`~picnic_rules.agents.ismcts.SearchAgent` with
    :data:`SEARCH_ITERATIONS` iterations, playouts by the ``computer`` agent (:func:`playout`,
    its moves played by :func:`playout_step`) cut after :data:`SEARCH_DEPTH` moves and scored
    by :func:`value`. It sees only its seat's view and draws every choice from the ``rng`` it
    is given (reproducible from a seed).
    """
    return SearchAgent(
        game,
        SEARCH_ITERATIONS,  # the iterations
        rollout=playout,
        step=playout_step,
        depth=SEARCH_DEPTH,
        evaluate=value,
    )
