"""The sandwich game's invariants: :func:`check` accepts exactly what the rules can reach.

Beyond shapes and card conservation, a position shows part of its history,
and :func:`check` refuses a position whose history no game can have. Each such
rule below comes with the argument that every reachable position passes it
(a refusal must be sound: the harness plays every variant and checks every
state it reaches). The facts the arguments use, read off ``engine.py``:

* chance moves (the deal and the draws) never change ``actions`` or
  ``played``; a play sets ``played`` and adds one action, or resets
  ``actions`` to 0 when it finishes a sandwich; ``end`` and a discard add one
  action and then either end the game (the action limit, keeping ``played``)
  or start the next seat's turn with ``played`` false;
* a finished sandwich never leaves the table (ants take only from unfinished
  ones, and only a one-card sandwich is removed when robbed), and only a fly
  card moves the fly token;
* a turn starts by refilling an empty draw pile from the discard pile, and
  is a draw (chance) whenever the draw pile is then not empty.
"""

from __future__ import annotations

from ..errors import RulesError
from ..kit.checks import check_counts, fail
from .cards import Card
from .engine import REASONS, SIXTY_ACTIONS, STUCK, THREE_SANDWICHES
from .predicates import continues, counting_sandwiches, is_finished, is_stuck
from .rules import Rules
from .state import Phase, State
from .views import table_counts

__all__ = ["check"]

BREAD, PEANUT_BUTTER, JELLY, ANT, FLY = Card

MAX_UNFINISHED = 2
"""The most unfinished sandwiches a seat can have (see :func:`_check_table`)."""


def _check_counts(what: str, counts: object) -> None:
    check_counts(what, counts, len(Card))


def _check_table(table: object, fly: object, players: int) -> None:
    """The table's shape, each sandwich, the fly token, and at most two unfinished sandwiches.

    Why two: a seat starts a sandwich only while it has no unfinished
    sandwich free of the fly (``may_start_new_sandwich``). There is one fly
    token, so at that moment at most one of its unfinished sandwiches exists
    (the covered one) and at most two exist afterwards. Nothing else adds an
    unfinished sandwich: an ant only moves a card onto an existing one (and
    may remove the robbed one), and closing bread finishes one.
    """
    if type(table) is not tuple or len(table) != players:
        fail(f"the table must hold one tuple of sandwiches per seat ({players})")
    for seat, sandwiches in enumerate(table):
        if type(sandwiches) is not tuple:
            fail(f"seat {seat}'s sandwiches must be a tuple")
        for i, sandwich in enumerate(sandwiches):
            _check_sandwich(f"sandwich {seat}.{i}", sandwich)
        unfinished = sum(not is_finished(sandwich) for sandwich in sandwiches)
        if unfinished > MAX_UNFINISHED:
            fail(
                f"seat {seat} has {unfinished} unfinished sandwiches; one fly token "
                f"allows at most {MAX_UNFINISHED}"
            )
    if fly is not None and (
        type(fly) is not tuple
        or len(fly) != 2
        or type(fly[0]) is not int
        or type(fly[1]) is not int
        or not 0 <= fly[0] < players
        or not 0 <= fly[1] < len(table[fly[0]])
    ):
        fail(f"the fly token is on {fly!r}, which is no sandwich on the table")


def _check_sandwich(name: str, sandwich: object) -> None:
    """A sandwich is a bread, then each card a legal next card (``continues``) for those below."""
    if type(sandwich) is not tuple or not sandwich:
        fail(f"{name} must be a non-empty tuple of cards")
    cards: tuple[object, ...] = sandwich
    if any(card.__class__ is not Card or not card.is_part for card in cards):
        fail(f"{name} holds something that is not bread or a spread: {cards!r}")
    parts: tuple[Card, ...] = sandwich
    if parts[0] is not BREAD:
        fail(f"{name} does not start with bread")
    last = len(parts) - 1
    for k in range(1, len(parts)):
        card = parts[k]
        if card is BREAD and k < last:
            fail(f"{name} has bread in the middle")
        if not continues(card, parts[:k]):
            if card is BREAD:
                fail(f"{name} was closed without both peanut butter and jelly")
            fail(f"{name} has {card} sitting on {card}")


def _check_common(
    rules: object, players: int, phase: object, turn: object, reason: object, played: object
) -> None:
    if not isinstance(rules, Rules):
        fail(f"rules must be sandwich Rules, got {rules!r}")
    try:
        rules.check_players(players)
    except RulesError as error:
        fail(str(error))
    if not isinstance(phase, Phase):
        fail(f"phase must be a Phase, got {phase!r}")
    if type(turn) is not int or not 0 <= turn < players:
        fail(f"turn {turn!r} is not a seat")
    if type(played) is not bool:
        fail(f"played must be a bool, got {played!r}")
    over = phase is Phase.OVER
    if over != (reason is not None) or (reason is not None and reason not in REASONS):
        fail(f"end reason {reason!r} does not fit phase {phase!r}")
    if played and phase is not Phase.ACT and phase is not Phase.OVER:
        fail("only the seat acting can have played this turn")


def _check_progress(
    rules: Rules,
    players: int,
    phase: Phase,
    turn: int,
    actions: object,
    dealt: object,
    played: bool,
) -> None:
    to_deal = players * rules.hand_size
    if type(actions) is not int or not 0 <= actions <= rules.action_limit:
        fail(f"actions {actions!r} is outside 0..{rules.action_limit}")
    if actions == rules.action_limit and phase is not Phase.OVER:
        fail("the action limit is reached but the game goes on")
    if type(dealt) is not int or not 0 <= dealt <= to_deal:
        fail(f"dealt {dealt!r} is outside 0..{to_deal}")
    if phase is Phase.DEAL:
        if dealt >= to_deal or actions:
            fail("the deal is finished, or actions were taken during it")
        if turn != (rules.first_player + dealt) % players:
            fail(f"card {dealt} of the deal goes to seat {(rules.first_player + dealt) % players}")
    elif dealt != to_deal and phase is not Phase.OVER:
        fail("the game started before the deal was finished")
    elif dealt != to_deal and (dealt or actions or played):
        # new_game ends a game that is stuck from the start before dealing a
        # card; nothing else ends a game before the deal is over.
        fail(f"the game ended during the deal, after {dealt} of {to_deal} cards")


def check(state: State) -> None:
    """Raise :class:`~picnic_rules.InvalidState` if no game can reach ``state``.

    Checked: types and shapes; every sandwich is bread, alternating spreads,
    then closing bread only over both spreads; at most two unfinished
    sandwiches per seat; the fly token is off the table or on exactly one
    sandwich, and off it in a deck without flies; the cards in hands, piles
    and on the table are exactly the deck (card conservation); the phase,
    turn, deal and action counters agree with each other and with what the
    table shows (the hands of the deal, the first turn's draw, an action
    count at least the cards played since the last finished sandwich); a
    game that goes on is neither won nor stuck, and a game that is over
    shows the reason it gives.
    """
    if not isinstance(state, State):
        fail(f"expected a sandwich State, got {type(state).__name__}")
    hands = state.hands
    if type(hands) is not tuple:
        fail("hands must be a tuple")
    players = len(hands)
    _check_common(state.rules, players, state.phase, state.turn, state.reason, state.played)
    for seat, hand in enumerate(hands):
        _check_counts(f"seat {seat}'s hand", hand)
    _check_counts("the draw pile", state.draw_pile)
    _check_counts("the discard pile", state.discard_pile)
    _check_table(state.table, state.fly, players)
    rules, phase = state.rules, state.phase
    on_table = table_counts(state.table)
    for card in Card:
        held = sum(h[card] for h in hands) + state.draw_pile[card] + state.discard_pile[card]
        if held + on_table[card] != rules.deck[card]:
            fail(
                f"{held + on_table[card]} {card} cards are in play but the deck has "
                f"{rules.deck[card]}: cards must be conserved"
            )
    if state.fly is not None and not rules.flies:
        fail("the fly token is on the table, but the deck has no fly card to put it there")
    _check_progress(rules, players, phase, state.turn, state.actions, state.dealt, state.played)
    if phase is Phase.DEAL and (any(state.discard_pile) or any(state.table) or state.fly):
        fail("nothing can be played during the deal")
    if phase is Phase.DRAW and not any(state.draw_pile):
        fail("a draw is pending but the draw pile is empty")
    _check_history(state, on_table)
    _check_end(state)


def _check_history(state: State, on_table: list[int]) -> None:
    """The action counter and the hands agree with what the table and piles show."""
    actions, played, turn = state.actions, state.played, state.turn
    if actions == 0 and not played:
        # After any non-chance move either something was played this turn or
        # an action was counted since (see the module docstring), so this is a
        # position before the first move.
        _check_untouched(state)
    elif actions == 0 and not counting_sandwiches(state.table, state.fly, turn):
        # The count is reset only by a play that finishes a sandwich of the
        # seat to act, and since then nothing moved the fly or removed it.
        fail(
            f"actions went back to 0 after seat {turn} played, but no sandwich of "
            f"seat {turn} was finished"
        )
    if not any(is_finished(s) for sandwiches in state.table for s in sandwiches):
        # No sandwich was ever finished (a finished one stays on the table), so
        # actions counts every non-chance move: one play for each card on the
        # table, one discard, ant or fly for each card in the discard pile.
        moved = sum(on_table) + sum(state.discard_pile)
        if actions < moved:
            fail(
                f"the action count is {actions}, but {moved} cards were played or "
                "discarded and no sandwich was finished"
            )
    if (
        state.phase is Phase.ACT
        and not played
        and (any(state.draw_pile) or any(state.discard_pile))
        and not any(state.hands[turn])
    ):
        # The turn began by refilling an empty draw pile from the discard pile;
        # with a card there, the seat drew it, and has played nothing since.
        fail(f"seat {turn} has not drawn this turn (its hand is empty) but the piles hold cards")


def _check_untouched(state: State) -> None:
    """A position before the first non-chance move: the deal, then the first draw."""
    rules, hands = state.rules, state.hands
    players, first, phase = len(hands), rules.first_player, state.phase
    if any(state.table) or any(state.discard_pile) or state.fly is not None:
        fail("0 actions and nothing played this turn, but cards were played")
    if phase is Phase.OVER:
        if state.reason != STUCK or state.dealt or any(map(any, hands)):
            fail("the game ended before the first move, which only a stuck new deck does")
        return
    if state.turn != first and phase is not Phase.DEAL:
        fail(f"no move was made yet, but it is not the first player's (seat {first}) turn")
    drew = phase is Phase.ACT and rules.total_cards > players * rules.hand_size
    for seat, hand in enumerate(hands):
        if phase is Phase.DEAL:
            dealt = state.dealt // players + ((seat - first) % players < state.dealt % players)
            why = f"{dealt} of the first {state.dealt} cards of the deal went to it"
        else:
            dealt = rules.hand_size + (seat == first and drew)
            why = f"it must hold {dealt} before the first move"
        if sum(hand) != dealt:
            fail(f"seat {seat} holds {sum(hand)} cards, but {why}")


def _check_end(state: State) -> None:
    """A running game is neither won nor stuck; an ended one shows its reason.

    A move raises the counting sandwiches of at most one seat, by one: a play
    finishes one sandwich of the mover, a fly uncovers one sandwich (and may
    cover another). The win is checked after every move, so at most one
    seat ever reaches ``sandwiches_to_win``, exactly, and the game ends then.
    """
    rules, table, fly, phase = state.rules, state.table, state.fly, state.phase
    target = rules.sandwiches_to_win
    scores = [counting_sandwiches(table, fly, seat) for seat in range(len(table))]
    leaders = [seat for seat, score in enumerate(scores) if score >= target]
    stuck = is_stuck(state.hands, state.draw_pile, state.discard_pile, table, fly)
    if phase is not Phase.OVER:
        if leaders:
            fail(f"seat {leaders[0]} has won but the game goes on")
        if stuck:
            fail("no card can ever be played but the game goes on")
        return
    reason = state.reason
    if len(leaders) > 1:
        fail(
            f"seats {leaders[0]} and {leaders[1]} both have {target} counting sandwiches, "
            "but the game ends when the first one does"
        )
    if leaders and scores[leaders[0]] > target:
        fail(
            f"seat {leaders[0]} has {scores[leaders[0]]} counting sandwiches, "
            f"but the game ends at {target}"
        )
    if reason == THREE_SANDWICHES:
        if not leaders:
            fail("the game ended with three sandwiches but nobody has them")
        if leaders[0] != state.turn and fly is None:
            # only moving the fly off a sandwich lets a seat win on another's turn
            fail(f"seat {leaders[0]} won on seat {state.turn}'s turn, but no fly was played")
    elif leaders:
        fail(f"seat {leaders[0]} has won, but the game ended {reason!r}")
    if reason == STUCK and not stuck:
        fail("the game ended stuck but a card can still be played")
    if reason == SIXTY_ACTIONS and state.actions != rules.action_limit:
        fail(f"the game ended on the action limit after {state.actions} actions")
    if reason != SIXTY_ACTIONS and not state.played and state.actions:
        # Only a play ends a game with these reasons (or a new game that is
        # stuck from the start, checked as a position before the first move).
        fail(f"the game ended {reason!r}, but nothing was played this turn")
