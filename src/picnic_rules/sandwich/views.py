"""What a seat may see (:func:`view`), full states consistent with it
(:func:`determinize`), and the invariant checks (:func:`check`, :func:`check_view`)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import NoReturn

from ..errors import IllegalMove, InvalidState, PicnicError, RulesError
from ..game import CHANCE
from .cards import Card, Counts, Sandwich
from .engine import (
    REASONS,
    SIXTY_ACTIONS,
    STUCK,
    THREE_SANDWICHES,
    _ant,
    _discard,
    _draw,
    _fly,
    _play,
    apply,
    counting_sandwiches,
    is_stuck,
    legal_moves,
    to_move,
)
from .moves import End, Move, move_from_str
from .rules import Rules
from .state import Phase, State, View

__all__ = ["check", "check_view", "determinize", "parse_move", "random_move", "view"]

BREAD, PEANUT_BUTTER, JELLY, ANT, FLY = Card


def view(state: State, player: int) -> View:
    """What seat ``player`` may see: its own hand, the table and discard pile, and only
    the sizes of the other hands and of the draw pile."""
    hands = state.hands
    if type(player) is not int or not 0 <= player < len(hands):
        raise PicnicError(f"there is no seat {player!r} in a {len(hands)}-player game")
    return View(
        player,
        state.rules,
        hands[player],
        tuple(sum(hand) for hand in hands),
        sum(state.draw_pile),
        state.discard_pile,
        state.table,
        state.fly,
        state.phase,
        state.turn,
        state.played,
        state.actions,
        state.dealt,
        state.reason,
    )


def _table_counts(table: Sequence[Sequence[Sandwich]]) -> list[int]:
    counts = [0] * len(Card)
    for sandwiches in table:
        for sandwich in sandwiches:
            for card in sandwich:
                counts[card] += 1
    return counts


def _unseen(v: View) -> list[int]:
    on_table = _table_counts(v.table)
    return [
        total - v.hand[c] - v.discard_pile[c] - on_table[c] for c, total in enumerate(v.rules.deck)
    ]


def determinize(v: View, rng: random.Random) -> State:
    """A full state consistent with view ``v``: the cards it cannot see are dealt at random
    (each unseen card equally likely) to the other hands, in the sizes the view shows, and
    the rest form the draw pile."""
    unseen = _unseen(v)
    total = sum(unseen)
    sizes = v.hand_sizes
    if any(n < 0 for n in unseen) or total != sum(sizes) - sizes[v.player] + v.draw_size:
        raise InvalidState("the view's card counts do not add up to the deck")
    hands: list[Counts] = []
    for seat, size in enumerate(sizes):
        if seat == v.player:
            hands.append(v.hand)
            continue
        hand = [0] * len(Card)
        for _ in range(size):
            pick = int(rng.random() * total)
            card = 0
            while pick >= unseen[card]:
                pick -= unseen[card]
                card += 1
            unseen[card] -= 1
            hand[card] += 1
            total -= 1
        hands.append(tuple(hand))  # type: ignore[arg-type]
    return State(
        v.rules,
        tuple(hands),
        tuple(unseen),  # type: ignore[arg-type]
        v.discard_pile,
        v.table,
        v.fly,
        v.phase,
        v.turn,
        v.played,
        v.actions,
        v.dealt,
        v.reason,
    )


# ---------------------------------------------------------------- checks


def _fail(reason: str) -> NoReturn:
    raise InvalidState(reason)


def _check_counts(what: str, counts: object) -> None:
    if type(counts) is not tuple or len(counts) != len(Card):
        _fail(f"{what} must be a tuple of {len(Card)} counts, got {counts!r}")
    for n in counts:
        if type(n) is not int or n < 0:
            _fail(f"{what} holds {n!r}, not a count")


def _check_table(table: object, fly: object, players: int) -> None:
    if type(table) is not tuple or len(table) != players:
        _fail(f"the table must hold one tuple of sandwiches per seat ({players})")
    for seat, sandwiches in enumerate(table):
        if type(sandwiches) is not tuple:
            _fail(f"seat {seat}'s sandwiches must be a tuple")
        for i, sandwich in enumerate(sandwiches):
            _check_sandwich(f"sandwich {seat}.{i}", sandwich)
    if fly is not None and (
        type(fly) is not tuple
        or len(fly) != 2
        or type(fly[0]) is not int
        or type(fly[1]) is not int
        or not 0 <= fly[0] < players
        or not 0 <= fly[1] < len(table[fly[0]])
    ):
        _fail(f"the fly token is on {fly!r}, which is no sandwich on the table")


def _check_sandwich(name: str, sandwich: object) -> None:
    if type(sandwich) is not tuple or not sandwich:
        _fail(f"{name} must be a non-empty tuple of cards")
    cards: tuple[object, ...] = sandwich
    if any(card.__class__ is not Card or card > JELLY for card in cards):
        _fail(f"{name} holds something that is not bread or a spread: {cards!r}")
    if cards[0] is not BREAD:
        _fail(f"{name} does not start with bread")
    body = cards[1:-1] if cards[-1] is BREAD and len(cards) > 1 else cards[1:]
    if BREAD in body:
        _fail(f"{name} has bread in the middle")
    for below, above in itertools.pairwise(body):
        if below is above:
            _fail(f"{name} has {above} sitting on {above}")
    if len(cards) > 1 and cards[-1] is BREAD and not (PEANUT_BUTTER in body and JELLY in body):
        _fail(f"{name} was closed without both peanut butter and jelly")


def _check_common(
    rules: object, players: int, phase: object, turn: object, reason: object, played: object
) -> None:
    if not isinstance(rules, Rules):
        _fail(f"rules must be sandwich Rules, got {rules!r}")
    try:
        rules.check_players(players)
    except RulesError as error:
        _fail(str(error))
    if not isinstance(phase, Phase):
        _fail(f"phase must be a Phase, got {phase!r}")
    if type(turn) is not int or not 0 <= turn < players:
        _fail(f"turn {turn!r} is not a seat")
    if type(played) is not bool:
        _fail(f"played must be a bool, got {played!r}")
    over = phase is Phase.OVER
    if over != (reason is not None) or (reason is not None and reason not in REASONS):
        _fail(f"end reason {reason!r} does not fit phase {phase!r}")
    if played and phase is not Phase.ACT and phase is not Phase.OVER:
        _fail("only the seat acting can have played this turn")


def _check_progress(
    rules: Rules, players: int, phase: Phase, turn: int, actions: object, dealt: object
) -> None:
    to_deal = players * rules.hand_size
    if type(actions) is not int or not 0 <= actions <= rules.action_limit:
        _fail(f"actions {actions!r} is outside 0..{rules.action_limit}")
    if actions == rules.action_limit and phase is not Phase.OVER:
        _fail("the action limit is reached but the game goes on")
    if type(dealt) is not int or not 0 <= dealt <= to_deal:
        _fail(f"dealt {dealt!r} is outside 0..{to_deal}")
    if phase is Phase.DEAL:
        if dealt >= to_deal or actions:
            _fail("the deal is finished, or actions were taken during it")
        if turn != (rules.first_player + dealt) % players:
            _fail(f"card {dealt} of the deal goes to seat {(rules.first_player + dealt) % players}")
    elif dealt != to_deal and phase is not Phase.OVER:
        _fail("the game started before the deal was finished")


def check(state: State) -> None:
    """Raise :class:`~picnic_rules.InvalidState` if ``state`` breaks an invariant.

    Checked: types and shapes; every sandwich is bread, alternating spreads,
    then closing bread only over both spreads; the fly token is off the table
    or on exactly one sandwich; the cards in hands, piles and on the table are
    exactly the deck (card conservation); the phase, turn, deal and action
    counters agree; a game that goes on is neither won nor stuck.
    """
    if not isinstance(state, State):
        _fail(f"expected a sandwich State, got {type(state).__name__}")
    hands = state.hands
    if type(hands) is not tuple:
        _fail("hands must be a tuple")
    players = len(hands)
    _check_common(state.rules, players, state.phase, state.turn, state.reason, state.played)
    for seat, hand in enumerate(hands):
        _check_counts(f"seat {seat}'s hand", hand)
    _check_counts("the draw pile", state.draw_pile)
    _check_counts("the discard pile", state.discard_pile)
    _check_table(state.table, state.fly, players)
    rules, phase = state.rules, state.phase
    on_table = _table_counts(state.table)
    for card in Card:
        held = sum(h[card] for h in hands) + state.draw_pile[card] + state.discard_pile[card]
        if held + on_table[card] != rules.deck[card]:
            _fail(
                f"{held + on_table[card]} {card} cards are in play but the deck has "
                f"{rules.deck[card]}: cards must be conserved"
            )
    _check_progress(rules, players, phase, state.turn, state.actions, state.dealt)
    if phase is Phase.DEAL and (any(state.discard_pile) or any(state.table) or state.fly):
        _fail("nothing can be played during the deal")
    if phase is Phase.DEAL and sum(map(sum, hands)) != state.dealt:
        _fail("the hands do not hold the cards dealt so far")
    if phase is Phase.DRAW and not any(state.draw_pile):
        _fail("a draw is pending but the draw pile is empty")
    _check_reason(state)
    if phase is not Phase.OVER:
        for seat in range(players):
            if counting_sandwiches(state.table, state.fly, seat) >= rules.sandwiches_to_win:
                _fail(f"seat {seat} has won but the game goes on")
        if is_stuck(hands, state.draw_pile, state.discard_pile, state.table, state.fly):
            _fail("no card can ever be played but the game goes on")


def _check_reason(state: State) -> None:
    """The end reason must be what the position shows (a forged "game over" is refused)."""
    rules, table, fly = state.rules, state.table, state.fly
    won = any(
        counting_sandwiches(table, fly, seat) >= rules.sandwiches_to_win
        for seat in range(len(table))
    )
    reason = state.reason
    if reason == THREE_SANDWICHES and not won:
        _fail("the game ended with three sandwiches but nobody has them")
    if reason == STUCK and (
        won or not is_stuck(state.hands, state.draw_pile, state.discard_pile, table, fly)
    ):
        _fail("the game ended stuck but a card can still be played")
    if reason == SIXTY_ACTIONS and state.actions != rules.action_limit:
        _fail(f"the game ended on the action limit after {state.actions} actions")


def check_view(v: View) -> None:
    """Raise :class:`~picnic_rules.InvalidState` if view ``v`` is impossible.

    Checked: the same shapes as :func:`check`, the viewer's hand size, and
    that the visible cards fit in the deck with exactly the right number left
    unseen for the other hands and the draw pile.
    """
    if not isinstance(v, View):
        _fail(f"expected a sandwich View, got {type(v).__name__}")
    sizes = v.hand_sizes
    if type(sizes) is not tuple:
        _fail("hand_sizes must be a tuple")
    players = len(sizes)
    _check_common(v.rules, players, v.phase, v.turn, v.reason, v.played)
    if any(type(n) is not int or n < 0 for n in sizes):
        _fail(f"hand_sizes {sizes!r} must be counts")
    if type(v.player) is not int or not 0 <= v.player < players:
        _fail(f"player {v.player!r} is not a seat")
    _check_counts("the hand", v.hand)
    _check_counts("the discard pile", v.discard_pile)
    if type(v.draw_size) is not int or v.draw_size < 0:
        _fail(f"draw_size {v.draw_size!r} is not a count")
    if sum(v.hand) != sizes[v.player]:
        _fail("the hand does not have the size the view shows for it")
    _check_table(v.table, v.fly, players)
    _check_progress(v.rules, players, v.phase, v.turn, v.actions, v.dealt)
    unseen = _unseen(v)
    if any(n < 0 for n in unseen):
        _fail("the view shows more cards of a kind than the deck has")
    if sum(unseen) != sum(sizes) - sizes[v.player] + v.draw_size:
        _fail("the unseen cards do not fill the other hands and the draw pile")


# ---------------------------------------------------------------- notation


def parse_move(state: State, text: str, *, seat: int | None = None) -> Move:
    """Read a move in notation and check that it is legal in ``state``.

    Raises :class:`~picnic_rules.InvalidMove` for text that is not a move and
    :class:`~picnic_rules.IllegalMove` (with the reason) for one that is not
    legal now. A server that receives the text from a seat passes ``seat``:
    a move from a seat that is not the one to act is then illegal too (chance
    moves come from no seat).
    """
    move = move_from_str(text)
    if seat is not None and to_move(state) != seat:
        actor = to_move(state)
        who = "nobody" if actor is None else "chance" if actor is CHANCE else f"seat {actor}"
        raise IllegalMove(move, f"seat {seat} may not move now: {who} is to act")
    if move not in legal_moves(state):
        apply(state, move)  # raises IllegalMove with the rule that forbids it
        raise IllegalMove(move, "not legal now")
    return move


def random_move(state: State, rng: random.Random) -> Move:
    """An arbitrary well-formed move, most often illegal in ``state`` (for tests)."""
    players = len(state.hands)
    card = Card(rng.randrange(len(Card)))
    seat = rng.randrange(players + 1)
    index = rng.randrange(4)
    onto = rng.randrange(4)
    kind = rng.randrange(7)
    if kind == 0:
        return _draw(card)
    if kind == 1:
        return _play(card, None)
    if kind == 2:
        return _play(card, onto)
    if kind == 3:
        return _ant(seat, index, onto)
    if kind == 4:
        return _fly(seat, index)
    if kind == 5:
        return _discard(card)
    return End()
