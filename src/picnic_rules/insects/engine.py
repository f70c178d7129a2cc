"""The insects game's rules engine: pure functions from a :class:`State` to the next."""

from __future__ import annotations

from typing import Final

from ..errors import IllegalMove, PicnicError
from ..game import CHANCE, Actor, Outcome
from .cards import (
    CARDS,
    COLOURS,
    INSECTS,
    KINDS,
    WEAPONS,
    Card,
    Colour,
    Counts,
    Insect,
    Pile,
    insect_of,
)
from .moves import Buy, Defend, Draw, GiveUp, Move, Play, Swat
from .predicates import (
    attacking_pile,
    continuation_is_big_enough,
    defence_weapons,
    has_normal_play,
    may_buy,
    may_start_pile,
    may_swat,
    next_with_food,
    normal_play_shape_allowed,
    play_may_join,
    score,
    seats_with_food,
)
from .rules import Rules
from .state import Phase, State, build_state

__all__ = [
    "REASONS",
    "apply",
    "chance_outcomes",
    "is_over",
    "legal_moves",
    "max_chance_steps",
    "max_moves",
    "new_game",
    "result",
    "scores",
    "to_move",
]

REASONS: Final = ("one-left", "cards-out")
"""Every way a game ends: only one player still has food, or nobody with food can play."""

_EMPTY: Final = (0,) * KINDS
_DRAWS: Final = tuple(Draw(card) for card in CARDS)


def new_game(players: int = 2, rules: Rules = Rules()) -> State:
    """The state before the deal: chance deals ``hand_size`` cards to each seat, one at a time.

    >>> state = new_game(3)
    >>> state.food, state.food_out, state.phase
    ((8, 8, 8), 0, Phase.DEAL)
    """
    if not isinstance(rules, Rules):
        raise PicnicError(f"rules must be insects Rules, not {type(rules).__name__}")
    seats = rules.check_players(players)
    each = rules.food_for(seats)
    return State(
        rules=rules,
        hands=(_EMPTY,) * seats,
        deck=rules.deck,
        piles=(),
        food=(each,) * seats,
        captured=(0,) * seats,
        scored=(_EMPTY,) * seats,
        food_out=rules.food - each * seats,
        phase=Phase.DEAL,
        turn=0,
        draws=0,
        again=False,
        bought=False,
        last=None,
        last_count=0,
        reason=None,
    )


def to_move(state: State) -> Actor:
    """Chance while cards are dealt or drawn, the seat to act, or ``None`` when the game is over."""
    phase = state.phase
    if phase is Phase.TURN:
        return state.turn
    if phase is Phase.OVER:
        return None
    return CHANCE


def is_over(state: State) -> bool:
    """Whether the game has ended."""
    return state.phase is Phase.OVER


def chance_outcomes(state: State) -> tuple[tuple[Move, int], ...]:
    """At a deal or draw: every card kind left in the deck, weighted by its count."""
    if state.phase is not Phase.DEAL and state.phase is not Phase.DRAW:
        return ()
    return tuple((_DRAWS[kind], n) for kind, n in enumerate(state.deck) if n)


def _plays(rules: Rules, hand: Counts, piles: tuple[Pile, ...], attack: int | None,
           last_count: int) -> list[Move]:  # fmt: skip
    """The insect plays of a hand: a normal turn's, or the continuations of pile ``attack``."""
    moves: list[Move] = []
    for insect in range(3):
        base = 5 * insect
        jokers = hand[base + 4]
        if attack is not None and insect_of(piles[attack][0]) != insect:
            continue
        for colour_index in range(4):
            have = hand[base + colour_index]
            if not have:
                continue
            colour = COLOURS[colour_index]
            the_insect = INSECTS[insect]
            for count in range(1, have + 1):
                for j in range(jokers + 1):
                    if attack is not None:
                        if play_may_join(rules, piles[attack], the_insect, colour, j) and (
                            continuation_is_big_enough(rules, last_count, count + j)
                        ):
                            moves.append(Play(the_insect, colour, count, j, attack))
                        continue
                    fits = [
                        i
                        for i, pile in enumerate(piles)
                        if play_may_join(rules, pile, the_insect, colour, j)
                    ]
                    if fits:
                        moves.extend(Play(the_insect, colour, count, j, i) for i in fits)
                    else:
                        moves.append(Play(the_insect, colour, count, j, None))
        if jokers:
            the_insect = INSECTS[insect]
            if attack is not None:
                for j in range(1, jokers + 1):
                    if continuation_is_big_enough(rules, last_count, j):
                        moves.append(Play(the_insect, None, 0, j, attack))
            else:
                for i, pile in enumerate(piles):
                    if insect_of(pile[0]) == insect:
                        moves.append(Play(the_insect, None, 0, 1, i))
                moves.append(Play(the_insect, None, 0, 1, None))
    return moves


_LAST: list[object] = [None, ()]  # one-entry cache: the last state legal_moves answered for


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move of the actor, in a stable order (at a chance node, the cards).

    In a normal turn: insect plays, weapons on one-card piles, then buying. Under
    attack: the defence, the continuations, giving up food, then buying.
    """
    if _LAST[0] is state:
        return _LAST[1]  # type: ignore[return-value]
    phase = state.phase
    if phase is Phase.OVER:
        moves: tuple[Move, ...] = ()
    elif phase is not Phase.TURN:
        moves = tuple(_DRAWS[kind] for kind, n in enumerate(state.deck) if n)
    else:
        moves = tuple(_turn_moves(state))
    _LAST[0], _LAST[1] = state, moves
    return moves


def _turn_moves(state: State) -> list[Move]:
    rules, seat, piles = state.rules, state.turn, state.piles
    hand = state.hands[seat]
    attack = attacking_pile(piles)
    if attack is None:
        moves = _plays(rules, hand, piles, None, 0)
        for index, pile in enumerate(piles):
            weapon = WEAPONS[insect_of(pile[0])]
            if hand[weapon] and may_swat(pile, weapon):
                moves.append(Swat(index))
    else:
        pile = piles[attack]
        need = defence_weapons(pile)
        moves = []
        if hand[WEAPONS[insect_of(pile[0])]] >= need:
            moves.append(Defend(need))
        moves.extend(_plays(rules, hand, piles, attack, state.last_count))
        moves.append(GiveUp())
    deck = sum(state.deck)
    for captured in (False, True):
        if may_buy(rules, state.bought, deck, state.food[seat], state.captured[seat], captured):
            moves.append(Buy(captured))
    return moves


def apply(state: State, move: Move) -> State:
    """The state after ``move``; :class:`~picnic_rules.IllegalMove` (naming the rule) if it is
    not legal. ``state`` is not changed."""
    if move not in legal_moves(state):
        raise IllegalMove(move, _why_illegal(state, move))
    if type(move) is Draw:
        return _draw(state, move.card)
    if type(move) is Play:
        return _play(state, move)
    if type(move) is Swat:
        return _swat(state, move.pile)
    if type(move) is Defend:
        return _defend(state)
    if type(move) is GiveUp:
        return _give_up(state)
    assert type(move) is Buy
    return _buy(state, move.captured)


def _add(counts: Counts, kind: int, n: int) -> Counts:
    values = list(counts)
    values[kind] += n
    return tuple(values)


def _set(items: tuple[Counts, ...], index: int, value: Counts) -> tuple[Counts, ...]:
    values = list(items)
    values[index] = value
    return tuple(values)


def _ints(items: tuple[int, ...], index: int, n: int) -> tuple[int, ...]:
    values = list(items)
    values[index] += n
    return tuple(values)


def _state(state: State, **changes: object) -> State:
    """``state`` with some fields changed, built with the fast builder."""
    get = changes.get
    s = state
    return build_state(
        s.rules,
        get("hands", s.hands),
        get("deck", s.deck),
        get("piles", s.piles),
        get("food", s.food),
        get("captured", s.captured),
        get("scored", s.scored),
        get("food_out", s.food_out),
        get("phase", s.phase),
        get("turn", s.turn),
        get("draws", s.draws),
        get("again", s.again),
        get("bought", s.bought),
        get("last", s.last),
        get("last_count", s.last_count),
        get("reason", s.reason),
    )


def _hand_out(state: State, due: int) -> State:
    """Hand a normal turn out: from the seat due, the first with food and a legal play moves;
    if there is none, the game ends (``cards-out``)."""
    players = len(state.hands)
    food, hands, piles = state.food, state.hands, state.piles
    for step in range(players):
        seat = (due + step) % players
        if food[seat] and has_normal_play(hands[seat], piles):
            return _state(state, phase=Phase.TURN, turn=seat, draws=0, again=False, bought=False)
    return _state(state, phase=Phase.OVER, draws=0, again=False, bought=False, reason="cards-out")


def _pass_on(state: State, seat: int) -> State:
    """After ``seat``'s play and draws: the attacked seat answers, or the next normal turn."""
    if state.last is not None:
        target = next_with_food(state.food, seat)
        assert target is not None
        return _state(state, phase=Phase.TURN, turn=target, draws=0, again=False, bought=False)
    return _hand_out(state, (seat + 1) % len(state.hands))


def _refill(state: State, seat: int) -> State:
    """At the end of a play the player draws back to the hand size (draw-one variant: one
    card), one card at a time, as long as the deck lasts."""
    need = 1 if state.rules.draw_one else state.rules.hand_size - sum(state.hands[seat])
    draws = min(need, sum(state.deck))
    if draws > 0:
        return _state(state, phase=Phase.DRAW, turn=seat, draws=draws, again=False)
    return _pass_on(state, seat)


def _draw(state: State, card: Card) -> State:
    seat = state.turn
    hands = _set(state.hands, seat, _add(state.hands[seat], card, 1))
    deck = _add(state.deck, card, -1)
    if state.phase is Phase.DEAL:
        players = len(hands)
        if sum(map(sum, hands)) == state.rules.hand_size * players:
            return _hand_out(_state(state, hands=hands, deck=deck), 0)
        return _state(state, hands=hands, deck=deck, turn=(seat + 1) % players)
    draws = state.draws - 1
    if draws:
        return _state(state, hands=hands, deck=deck, draws=draws)
    after = _state(state, hands=hands, deck=deck, draws=0)
    if state.again and state.bought:  # bought cards: the same turn goes on
        return _state(after, phase=Phase.TURN, again=False)
    if state.again:  # drew two after giving up food: the deprived player's normal turn
        return _hand_out(after, seat)
    return _pass_on(after, seat)


def _play(state: State, move: Play) -> State:
    seat = state.turn
    hand = state.hands[seat]
    base = 5 * move.insect
    cards: list[Card] = []
    if move.jokers:
        hand = _add(hand, base + 4, -move.jokers)
        cards += [CARDS[base + 4]] * move.jokers
    if move.count:
        assert move.colour is not None
        kind = base + move.colour
        hand = _add(hand, kind, -move.count)
        cards += [CARDS[kind]] * move.count
    piles = state.piles
    if move.onto is None:
        piles = (*piles, tuple(cards))
        pile = piles[-1]
    else:
        pile = piles[move.onto] + tuple(cards)
        piles = (*piles[: move.onto], pile, *piles[move.onto + 1 :])
    hands = _set(state.hands, seat, hand)
    if len(pile) >= 2:
        after = _state(state, hands=hands, piles=piles, last=seat, last_count=len(cards))
    else:
        after = _state(state, hands=hands, piles=piles)
    return _refill(after, seat)


def _swat(state: State, index: int) -> State:
    seat = state.turn
    pile = state.piles[index]
    weapon = WEAPONS[insect_of(pile[0])]
    hands = _set(state.hands, seat, _add(state.hands[seat], weapon, -1))
    scored = _add(_add(state.scored[seat], weapon, 1), pile[0], 1)
    piles = state.piles[:index] + state.piles[index + 1 :]
    after = _state(state, hands=hands, piles=piles, scored=_set(state.scored, seat, scored))
    return _refill(after, seat)


def _defend(state: State) -> State:
    seat = state.turn
    index = attacking_pile(state.piles)
    assert index is not None
    pile = state.piles[index]
    weapon = WEAPONS[insect_of(pile[0])]
    need = defence_weapons(pile)
    hands = _set(state.hands, seat, _add(state.hands[seat], weapon, -need))
    scored = list(state.scored[seat])
    scored[weapon] += need
    for card in pile[1:]:
        scored[card] += 1
    piles = (*state.piles[:index], pile[:1], *state.piles[index + 1 :])
    after = _state(
        state,
        hands=hands,
        piles=piles,
        scored=_set(state.scored, seat, tuple(scored)),
        last=None,
        last_count=0,
    )
    return _refill(after, seat)


def _give_up(state: State) -> State:
    seat, winner = state.turn, state.last
    assert winner is not None
    index = attacking_pile(state.piles)
    assert index is not None
    scored = list(state.scored[winner])
    for card in state.piles[index]:
        scored[card] += 1
    food = _ints(state.food, seat, -1)
    after = _state(
        state,
        piles=state.piles[:index] + state.piles[index + 1 :],
        food=food,
        captured=_ints(state.captured, winner, 1),
        scored=_set(state.scored, winner, tuple(scored)),
        last=None,
        last_count=0,
        bought=False,
    )
    if seats_with_food(food) <= 1:
        return _state(after, phase=Phase.OVER, reason="one-left")
    if food[seat] and state.rules.draw_two:
        draws = min(2, sum(state.deck))
        if draws:
            return _state(after, phase=Phase.DRAW, draws=draws, again=True)
    return _hand_out(after, seat)


def _buy(state: State, captured: bool) -> State:
    seat = state.turn
    draws = min(4, sum(state.deck))
    if captured:
        after = _state(state, captured=_ints(state.captured, seat, -1))
    else:
        after = _state(state, food=_ints(state.food, seat, -1))
    return _state(
        after, food_out=state.food_out + 1, phase=Phase.DRAW, draws=draws, again=True, bought=True
    )


def _why_illegal(state: State, move: Move) -> str:
    """The rule that forbids ``move`` in ``state`` (which it is not legal in)."""
    phase = state.phase
    if phase is Phase.OVER:
        return f"the game is over ({state.reason})"
    if phase is not Phase.TURN:
        if type(move) is not Draw:
            return "chance deals or draws a card now"
        if not isinstance(move.card, Card):
            return f"{move.card!r} is not a card"
        return f"no {move.card} is left in the deck"
    if type(move) is Draw:
        return "no card is drawn now"
    seat = state.turn
    hand = state.hands[seat]
    attack = attacking_pile(state.piles)
    if type(move) is Buy:
        if not state.rules.buy:
            return "buying cards is a variant these rules do not use"
        if state.bought:
            return "cards may be bought once a turn"
        if not sum(state.deck):
            return "the deck is empty"
        if move.captured:
            return "you have no captured food"
        return "the last own food cannot be sold"
    if type(move) is GiveUp:
        return "nobody attacks you: food is given up only under attack"
    if type(move) is Defend:
        if attack is None:
            return "nobody attacks you: there is nothing to defend"
        pile = state.piles[attack]
        need = defence_weapons(pile)
        weapon = WEAPONS[insect_of(pile[0])]
        if move.weapons != need:
            return f"defending pile {attack} takes exactly {need} {weapon} (all but one insect)"
        return f"you hold {hand[weapon]} {weapon}, and defending takes {need}"
    if type(move) is Swat:
        if attack is not None:
            return f"pile {attack} attacks you: defend, continue or give food"
        if type(move.pile) is not int or not 0 <= move.pile < len(state.piles):
            return f"there is no pile {move.pile}"
        pile = state.piles[move.pile]
        weapon = WEAPONS[insect_of(pile[0])]
        if not hand[weapon]:
            return f"you hold no {weapon} for pile {move.pile}"
        return "a weapon goes only on a one-card pile"
    assert type(move) is Play
    return _why_play_illegal(state, move, hand, attack)


def _why_play_illegal(state: State, move: Play, hand: Counts, attack: int | None) -> str:
    rules, piles = state.rules, state.piles
    insect, colour, count, jokers, onto = (
        move.insect,
        move.colour,
        move.count,
        move.jokers,
        move.onto,
    )
    if type(insect) is not Insect:
        return f"{insect!r} is not an insect"
    if colour is not None and type(colour) is not Colour:
        return f"{colour!r} is not a colour"
    if type(count) is not int or type(jokers) is not int or count < 0 or jokers < 0:
        return "a play holds a number of cards"
    if (colour is None) != (count == 0) or count + jokers == 0:
        return "a play holds coloured insects of one colour (with a count), and jokers"
    base = 5 * insect
    if colour is not None and hand[base + colour] < count:
        return f"you hold {hand[base + colour]} {CARDS[base + colour]}"
    if hand[base + 4] < jokers:
        return f"you hold {hand[base + 4]} {CARDS[base + 4]}"
    if onto is not None and (type(onto) is not int or not 0 <= onto < len(piles)):
        return f"there is no pile {onto}"
    if attack is not None:
        if onto != attack:
            return f"pile {attack} attacks you: continue it, defend or give food"
        if not play_may_join(rules, piles[attack], insect, colour, jokers):
            return f"{colour} {insect} cannot join pile {attack}: it is not its colour"
        if not continuation_is_big_enough(rules, state.last_count, count + jokers):
            return f"the attack must be continued with at least {state.last_count} cards"
        return "not legal now"
    if not normal_play_shape_allowed(count, jokers):
        return "several jokers alone may only continue an attack"
    if onto is None:
        if not may_start_pile(rules, piles, insect, colour, jokers):
            fits = [
                str(i)
                for i, pile in enumerate(piles)
                if play_may_join(rules, pile, insect, colour, jokers)
            ]
            return f"{colour} {insect} must join a pile that fits it: add 'on {' or '.join(fits)}'"
        return "not legal now"
    if insect_of(piles[onto][0]) != insect:
        return f"pile {onto} holds {insect_of(piles[onto][0])}s, not {insect}s"
    return f"{colour} {insect} cannot join pile {onto}: it is not its colour"


def scores(state: State) -> tuple[int, ...]:
    """Each seat's points now: 2 per insect and -1 per weapon in its score pile, 10 per food
    captured and 10 per own food kept."""
    return tuple(
        score(scored, captured, food)
        for scored, captured, food in zip(state.scored, state.captured, state.food, strict=True)
    )


def result(state: State) -> Outcome:
    """The outcome of a finished game: the most points wins, equal leaders all win."""
    if state.phase is not Phase.OVER or state.reason is None:
        raise PicnicError("the game is not over yet, so it has no result")
    return Outcome.from_scores(scores(state), state.reason)


def max_moves(players: int, rules: Rules) -> int:
    """Every non-chance move spends a hand card or a food card, so a game has at most as many
    as the deck and the food together."""
    return rules.deck_size + rules.food


def max_chance_steps(players: int, rules: Rules) -> int:
    """Every chance step deals or draws a card of the deck."""
    return rules.deck_size
