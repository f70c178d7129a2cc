"""Keep or Swap with a front-end tier of its own: what a game writes when the kit's defaults
(:mod:`picnic_rules.kit.frontend`) are not what its front ends need.

The rules are :mod:`keep_or_swap`'s. The kit's default observation is the seat's whole
next view; this one is the move, but ``None`` for a card dealt to another seat, plus the
card a swap turns face up and, for the move that ends the game, every card -- what a
server sends each seat, checked by ``update`` against the seat's view. The words are the
rulebook's ("seat 0 swaps an 8"), and ``describe_move`` words the last keep without the
cards it will show. The harness's own tests use this game for its hidden cards.
"""

from __future__ import annotations

from typing import cast

import attrs
import keep_or_swap
from keep_or_swap import GAME as RULES  # the record of the rules: their checked functions
from keep_or_swap import Draw, Keep, Move, Rules, State, Swap, View, legal_moves

from picnic_rules import CHANCE, IllegalMove
from picnic_rules.game import Actor, Game
from picnic_rules.kit import Counts, counts, define_game


@attrs.frozen
class Observation:
    """What seat ``seat`` learns from a move: the move (``None`` for a card dealt to
    another seat), the card a swap turns face up, and every card at the showdown."""

    seat: int
    move: Move | None
    discarded: int | None
    showdown: tuple[int | None, ...] | None


def observe(state: State, move: Move, seat: int) -> Observation:
    """What ``seat`` learns when ``move`` is made: everything but a card dealt to another seat."""
    RULES.view(state, seat)  # a PicnicError for a seat the game does not have
    after = RULES.apply(state, move)  # an IllegalMove for a move that is not legal
    legal = legal_moves(state)
    move = legal[legal.index(move)]  # the listed twin of a look-alike (Draw(4.0))
    hidden = isinstance(move, Draw) and [sum(hand) for hand in state.hands].index(0) != seat
    discarded = _card(state.hands[state.turn]) if isinstance(move, Swap) else None
    showdown = tuple(map(_card, after.hands)) if RULES.is_over(after) else None
    return Observation(seat, None if hidden else move, discarded, showdown)


def _card(hand: Counts | None) -> int | None:
    """The one card of a hand (``None``: no card, or a hand the seat cannot see)."""
    return hand.index(1) if hand is not None and sum(hand) else None


def _hand(card: int | None, rules: Rules) -> Counts:
    """The hand holding ``card`` (none: ``None``), as counts."""
    empty = (0,) * rules.ranks
    return empty if card is None else counts.add(empty, card)


def _actor(view: View) -> Actor:
    """Who acts in ``view``: CHANCE while a seat waits for a card, a seat, or None."""
    if not all(view.held):
        return CHANCE
    return view.turn if view.turn < len(view.held) else None


def _unseen(rules: Rules, hands: list[int | None], discards: Counts) -> Counts:
    """The cards a seat cannot see: in the deck or in another seat's hidden hand."""
    unseen = counts.subtract(rules.deck, discards)
    for card in hands:
        unseen = unseen if card is None else counts.add(unseen, card, -1)
    return unseen


def _among(card: object, unseen: Counts) -> bool:
    """Whether ``card`` is a card the seat cannot see."""
    return type(card) is int and 0 <= card < len(unseen) and unseen[card] > 0


def _refuse(observation: Observation, why: str) -> IllegalMove:
    return IllegalMove(observation.move, f"the observation does not follow the view: {why}")


def update(view: View, observation: Observation) -> View:
    """Seat ``view.player``'s next view, built from its view and what it observed alone.

    Who acts, the deck and the turn come from the view; the observation gives only the
    cards, and must agree with it: :class:`~picnic_rules.IllegalMove` otherwise.
    """
    move, me, discarded = observation.move, view.player, observation.discarded
    actor = _actor(view)
    if type(observation.seat) is not int or observation.seat != me:
        raise _refuse(observation, f"it is not seat {me}'s")
    if actor is None:
        raise _refuse(observation, "the game is over")
    hands, held = list(map(_card, view.hands)), [bool(n) for n in view.held]
    deck, discards, turn = view.deck_size, view.discards, view.turn
    unseen = _unseen(view.rules, hands, discards)
    if actor is CHANCE:  # the first seat without a card gets one; only that seat sees it
        seat = held.index(False)
        card = move.card if type(move) is Draw else None
        if seat != me and move is not None:
            raise _refuse(observation, f"seat {me} cannot see the card dealt to seat {seat}")
        if seat == me and not _among(card, unseen):
            raise _refuse(observation, "chance deals a card from the deck")
        if discarded is not None:
            raise _refuse(observation, "a deal discards no card")
        hands[seat], held[seat], deck = card, True, deck - 1
    else:  # keep or swap; a swapped card goes face up to the discards
        if type(move) not in (Keep, Swap):
            raise _refuse(observation, f"seat {turn} keeps or swaps now")
        if type(move) is Keep and discarded is not None:
            raise _refuse(observation, "a keep discards no card")
        if type(move) is Swap:
            own = type(discarded) is int and discarded == hands[turn]
            if not (own if turn == me else _among(discarded, unseen)):
                raise _refuse(observation, f"seat {turn} cannot discard {discarded!r}")
            hands[turn], held[turn] = None, False
            discards = counts.add(discards, cast(int, discarded))
        turn += 1
    shown = _shown(observation, hands, held, discards, view.rules, turn == len(held))
    everyone = observation.showdown is not None
    return View(
        player=me,
        deck_size=deck,
        hands=tuple(
            _hand(card, view.rules) if everyone or seat == me else None
            for seat, card in enumerate(shown)
        ),
        held=tuple(map(int, held)),
        rules=view.rules,
        discards=discards,
        turn=turn,
    )


def _shown(
    observation: Observation,
    hands: list[int | None],
    held: list[bool],
    discards: Counts,
    rules: Rules,
    last: bool,
) -> list[int | None]:
    """The hands after the move: every card when it ends the game (the showdown must show
    the cards the seat knows and unseen cards for the others), else as they are."""
    showdown = observation.showdown
    if not (last and all(held)):
        if showdown is not None:
            raise _refuse(observation, "the cards are shown only at the end")
        return hands
    if type(showdown) is not tuple or len(showdown) != len(hands):
        raise _refuse(observation, "the showdown shows every seat's card")
    unseen = _unseen(rules, hands, discards)
    for card, known in zip(showdown, hands, strict=True):
        if known is None and _among(card, unseen):
            unseen = counts.add(unseen, cast(int, card), -1)
        elif known is None or type(card) is not int or card != known:
            raise _refuse(observation, f"the showdown cannot show {card!r}")
    return list(showdown)


def _a(card: int) -> str:
    """The card with its article: "a 5", "an 8", "an 11"."""
    return f"an {card}" if str(card).startswith("8") or card in (11, 18) else f"a {card}"


def describe(view: View, observation: Observation) -> str:
    """What the move did, in words for seat ``view.player`` (``view`` is before it):
    lower case, no full stop, like every game's words."""
    move, me = observation.move, view.player
    seat = view.held.index(False) if _actor(view) is CHANCE else view.turn
    who, s = ("you", "") if seat == me else (f"seat {seat}", "s")
    if move is None or isinstance(move, Draw):
        text = f"seat {seat} is dealt a card" if move is None else f"you are dealt {_a(move.card)}"
    elif isinstance(move, Keep):
        text = f"{who} keep{s} {'your' if seat == me else 'its'} card"
    else:
        text = f"{who} swap{s} {_a(cast(int, observation.discarded))}"
    if observation.showdown is not None:
        text += f" — the cards are shown: {', '.join(map(str, observation.showdown))}"
    return text


def describe_move(view: View, move: Move) -> str:
    """What ``move`` would do, for seat ``view.player`` to act, before it chooses.

    Not ``describe`` of the move's observation: the last keep shows every card, which
    the seat cannot know yet. :class:`~picnic_rules.IllegalMove` for a move not its own.
    """
    if _actor(view) != view.player or type(move) not in (Keep, Swap):
        raise IllegalMove(move, f"it is not a move seat {view.player} can make now")
    if isinstance(move, Swap):
        return f"swap your {_card(view.hands[view.player])} for a card from the deck"
    last = view.turn == view.players - 1
    return "keep your card and show every card" if last else "keep your card"


def render(view: View, *, markup: bool = False) -> str:
    """A picture of ``view``: a line a seat (``?`` a hidden card, ``-`` none), then the piles.

    With ``markup=True`` the seat's own line is bold (rich console markup).
    """
    lines = []
    for seat, card in enumerate(map(_card, view.hands)):
        line = f"seat {seat}: {'-' if not view.held[seat] else '?' if card is None else card}"
        line += " <- to act" if _actor(view) == seat else ""
        lines.append(f"[bold]{line}[/bold]" if markup and seat == view.player else line)
    discards = [str(card) for card, n in enumerate(view.discards) for _ in range(n)]
    deck = f"{view.deck_size} card{'' if view.deck_size == 1 else 's'}"
    lines.append(f"deck: {deck}, discards: {' '.join(discards) or 'none'}")
    return "\n".join(lines)


def move_group(move: Move) -> tuple[str, str]:
    """The button of ``move`` in a click interface, then its target: ``("keep", "")``."""
    return ("draw", str(move.card)) if isinstance(move, Draw) else (str(move), "")


OWN = ("Observation", "observe", "update", "describe", "describe_move", "render", "move_group")
"""The parts of the front-end tier this module defines."""


GAME: Game[State, View, Move, Rules, Observation] = define_game(
    {**vars(keep_or_swap), **{key: globals()[key] for key in OWN}},
    name="keep-or-swap",
    title="Keep or Swap",
    variants=dict(keep_or_swap.GAME.variants),
)
"""Keep or Swap with this module's front-end tier."""
