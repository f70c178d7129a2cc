"""Keep or Swap: a tiny card game for 2 to 4 seats, built with :mod:`picnic_rules.kit`.

Each seat is dealt one card face down from a deck of ``copies`` cards of each
rank ``0 .. ranks - 1``. In seat order, each seat either keeps its card or
swaps it: the card goes face up to the discards and chance deals another.
Then every card is shown: the highest wins, and equal highest cards share the win.
"""

from __future__ import annotations

import random
from typing import TypeAlias, cast

import attrs

from picnic_rules.errors import IllegalMove, InvalidMove, PicnicError, RulesError
from picnic_rules.game import CHANCE, Actor, Agent, Game, Measure, Outcome, check_player_count
from picnic_rules.kit import (
    Counts,
    check_counts,
    check_fields,
    count,
    counts,
    define_game,
    expect,
    ill_typed,
)

PLAYERS = (2, 4)
"""The fewest and the most seats."""
REASONS = ("showdown",)
"""The one way a game ends."""


@attrs.frozen
class Rules:
    """The deck: ``copies`` cards of each rank ``0 .. ranks - 1``."""

    ranks: int = count(6, minimum=1, maximum=100)
    copies: int = count(2, minimum=1, maximum=100)

    @property
    def deck(self) -> Counts:
        """The whole deck, as counts per rank."""
        return (self.copies,) * self.ranks


@attrs.frozen
class State:
    """Every card: the deck, each seat's card (``None`` until dealt), the discards;
    ``turn`` is the seat to keep or swap (the number of seats once all have)."""

    rules: Rules
    deck: Counts
    hands: tuple[int | None, ...]
    discards: Counts
    turn: int

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.hands)


@attrs.frozen
class View:
    """What seat ``player`` sees: its own card (every card at the showdown),
    who holds a card, the size of the deck, the discards and the turn."""

    player: int
    rules: Rules
    hands: tuple[int | None, ...]
    held: tuple[bool, ...]
    deck: int
    discards: Counts
    turn: int

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.hands)


@attrs.frozen
class Draw:
    """Chance: the card dealt is ``card``."""

    card: int

    def __str__(self) -> str:
        return f"draw {self.card}"


@attrs.frozen
class Keep:
    """Keep the card."""

    def __str__(self) -> str:
        return "keep"


@attrs.frozen
class Swap:
    """Discard the card face up; chance deals another."""

    def __str__(self) -> str:
        return "swap"


Move: TypeAlias = Draw | Keep | Swap
"""Any move of the game."""
MOVE_TYPES = (Draw, Keep, Swap)
"""The move classes, in a fixed order."""


@attrs.frozen
class Observation:
    """What seat ``seat`` learns from a move: the move (``None`` for a card dealt to
    another seat), the card a swap turns face up, and every card at the showdown."""

    seat: int
    move: Move | None
    discarded: int | None
    showdown: tuple[int | None, ...] | None


def new_game(players: int = 2, rules: Rules = Rules()) -> State:
    """The state before the deal: chance deals one card to each seat in turn."""
    check_player_count("keep-or-swap", PLAYERS, players)
    if 2 * players > sum(rules.deck):
        raise RulesError(f"{players} seats need {2 * players} cards, not {sum(rules.deck)}")
    return State(rules, rules.deck, (None,) * players, (0,) * rules.ranks, 0)


def to_move(state: State) -> Actor:
    """Chance while a seat has no card, then each seat once; ``None`` at the end."""
    if None in state.hands:
        return CHANCE
    return state.turn if state.turn < len(state.hands) else None


def chance_outcomes(state: State) -> tuple[tuple[Move, int], ...]:
    """Every rank left in the deck, weighted by its cards."""
    if to_move(state) is not CHANCE:
        return ()
    return tuple((Draw(card), n) for card, n in enumerate(state.deck) if n)


def legal_moves(state: State) -> tuple[Move, ...]:
    """The cards chance may deal, or keep and swap."""
    actor = to_move(state)
    if actor is CHANCE:
        return tuple(move for move, _ in chance_outcomes(state))
    return () if actor is None else (Keep(), Swap())


def _listed(state: State, move: Move) -> Move:
    """The legal move equal to ``move`` (so ``Draw(4.0)`` plays as ``Draw(4)``), or
    :class:`~picnic_rules.IllegalMove` saying why there is none."""
    legal = legal_moves(state)
    try:
        return legal[legal.index(move)]
    except Exception:  # not listed, or a value that cannot even be compared
        pass
    problem = ill_typed(move)
    if problem is not None:
        raise IllegalMove(move, f"not a move of keep-or-swap: {problem}")
    actor = to_move(state)
    why = "the game is over" if actor is None else "only chance deals cards"
    if actor is CHANCE:
        why = f"no card {move.card} is left" if isinstance(move, Draw) else "chance deals now"
    raise IllegalMove(move, why)


def apply(state: State, move: Move) -> State:
    """The state after ``move``; :class:`~picnic_rules.IllegalMove` if it is not legal.

    A move equal to a legal one is played as that legal move.
    """
    move = _listed(state, move)
    if isinstance(move, Draw):
        seat = state.hands.index(None)
        hands = counts.replace(state.hands, seat, move.card)
        return attrs.evolve(state, deck=counts.add(state.deck, move.card, -1), hands=hands)
    if isinstance(move, Swap):
        card = cast(int, state.hands[state.turn])  # every seat holds a card when one acts
        state = attrs.evolve(
            state,
            hands=counts.replace(state.hands, state.turn, None),
            discards=counts.add(state.discards, card),
        )
    return attrs.evolve(state, turn=state.turn + 1)


def remaining(state: State) -> Measure:
    """The termination measure: a keep or swap for each seat still to act; a card to deal
    for each seat without one, and one more for each seat still to act (it may swap)."""
    to_act = len(state.hands) - state.turn
    return Measure(to_act, state.hands.count(None) + to_act)


def is_over(state: State) -> bool:
    """Whether every seat has kept or swapped and holds a card."""
    return to_move(state) is None


def result(state: State) -> Outcome:
    """The showdown: the cards are the scores."""
    if not is_over(state):
        raise PicnicError("the game is not over yet, so it has no result")
    return Outcome.from_scores([card or 0 for card in state.hands], "showdown")


def view(state: State, player: int) -> View:
    """What seat ``player`` sees."""
    if type(player) is not int or not 0 <= player < len(state.hands):
        raise PicnicError(f"there is no seat {player!r}")
    shown = is_over(state)
    hands = tuple(c if shown or s == player else None for s, c in enumerate(state.hands))
    held = tuple(card is not None for card in state.hands)
    return View(player, state.rules, hands, held, sum(state.deck), state.discards, state.turn)


def determinize(view: View, rng: random.Random) -> State:
    """A state with this view: the hidden cards are dealt at random from the unseen ones."""
    expect(0 <= view.player < len(view.hands) == len(view.held), "the view's seats disagree")
    unseen = counts.subtract(view.rules.deck, view.discards)
    for card in view.hands:
        unseen = unseen if card is None else counts.add(unseen, card, -1)
    hidden = [s for s, card in enumerate(view.hands) if card is None and view.held[s]]
    dealt, deck = counts.deal(unseen, [1] * len(hidden), rng)
    hands = list(view.hands)
    for seat, hand in zip(hidden, dealt, strict=True):
        hands[seat] = hand.index(1)
    return State(view.rules, deck, tuple(hands), view.discards, view.turn)


def check(state: State) -> None:
    """Raise :class:`~picnic_rules.InvalidState` unless the rules can reach ``state``."""
    check_fields(state)
    rules, hands, turn = state.rules, state.hands, state.turn
    seats = len(hands)
    expect(PLAYERS[0] <= seats <= PLAYERS[1], f"{seats} seats is not a game")
    expect(2 * seats <= sum(rules.deck), f"the deck is too small for {seats} seats")
    check_counts("deck", state.deck, rules.ranks)
    check_counts("discards", state.discards, rules.ranks)
    expect(all(c is None or 0 <= c < rules.ranks for c in hands), "a card outside the deck")
    cards = counts.total([state.deck, state.discards])
    for card in hands:
        cards = cards if card is None else counts.add(cards, card)
    expect(cards == rules.deck, "the cards do not add up to the deck")
    expect(0 <= turn <= seats, f"turn {turn} is not a seat")
    missing = [s for s, card in enumerate(hands) if card is None]
    swaps = sum(state.discards)
    if turn == 0:
        expect(not swaps, "a card was discarded before any seat swapped")
        expect(missing == list(range(seats - len(missing), seats)), "the deal skipped a seat")
    else:
        expect(swaps <= turn, f"{swaps} cards discarded by {turn} seats")
        expect(missing in ([], [turn - 1]), "a seat lacks a card out of turn")
        expect(swaps or not missing, f"seat {turn - 1} lacks a card but nobody swapped")


def observe(state: State, move: Move, seat: int) -> Observation:
    """What ``seat`` learns when ``move`` is made: everything but a card dealt to another seat."""
    view(state, seat)  # a PicnicError for a seat the game does not have
    move = _listed(state, move)  # an IllegalMove for a move that is not legal
    after = apply(state, move)
    hidden = isinstance(move, Draw) and state.hands.index(None) != seat
    discarded = state.hands[state.turn] if isinstance(move, Swap) else None
    showdown = after.hands if is_over(after) else None
    return Observation(seat, None if hidden else move, discarded, showdown)


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
    hands, held = list(view.hands), list(view.held)
    deck, discards, turn = view.deck, view.discards, view.turn
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
    hands = _shown(observation, hands, held, discards, view.rules, turn == len(held))
    return View(me, view.rules, tuple(hands), tuple(held), deck, discards, turn)


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
        return f"swap your {view.hands[view.player]} for a card from the deck"
    last = view.turn == view.players - 1
    return "keep your card and show every card" if last else "keep your card"


def render(view: View, *, markup: bool = False) -> str:
    """A picture of ``view``: a line a seat (``?`` a hidden card, ``-`` none), then the piles.

    With ``markup=True`` the seat's own line is bold (rich console markup).
    """
    lines = []
    for seat, card in enumerate(view.hands):
        line = f"seat {seat}: {'-' if not view.held[seat] else '?' if card is None else card}"
        line += " <- to act" if _actor(view) == seat else ""
        lines.append(f"[bold]{line}[/bold]" if markup and seat == view.player else line)
    discards = [str(card) for card, n in enumerate(view.discards) for _ in range(n)]
    deck = f"{view.deck} card{'' if view.deck == 1 else 's'}"
    lines.append(f"deck: {deck}, discards: {' '.join(discards) or 'none'}")
    return "\n".join(lines)


def move_group(move: Move) -> tuple[str, str]:
    """The button of ``move`` in a click interface, then its target: ``("keep", "")``."""
    return ("draw", str(move.card)) if isinstance(move, Draw) else (str(move), "")


def max_moves(players: int, rules: Rules) -> int:
    """Each seat keeps or swaps once (``remaining(new_game(players, rules)).moves``)."""
    return players


def max_chance_steps(players: int, rules: Rules) -> int:
    """One card dealt to each seat, and one for each swap (``remaining`` at the new game)."""
    return 2 * players


def move_from_str(text: str) -> Move:
    """Read ``keep``, ``swap`` or ``draw N`` (the syntax only)."""
    words = text.split() if isinstance(text, str) and len(text) <= 20 else []
    if words in (["keep"], ["swap"]):
        return Keep() if words[0] == "keep" else Swap()
    if len(words) == 2 and words[0] == "draw" and words[1].isascii() and words[1].isdigit():
        return Draw(int(words[1]))
    raise InvalidMove(str(text)[:20], "expected keep, swap or draw N")


def computer() -> Agent:
    """A simple player: keep a card of the upper half, swap a lower one."""

    def agent(view: View, moves: tuple[Move, ...], rng: random.Random) -> Move:
        card = view.hands[view.player] or 0
        return Keep() if 2 * card >= view.rules.ranks - 1 else Swap()

    return agent


GAME: Game[State, View, Move, Rules, Observation] = define_game(
    globals(),
    name="keep-or-swap",
    title="Keep or Swap",
    players=PLAYERS,
    variants={"small-deck": Rules(ranks=2, copies=4)},
    agents={"computer": computer},
)
"""The game's record: install the package and it is ``picnic_rules.GAMES["keep-or-swap"]``."""
