"""``check``: raise :class:`~picnic_rules.InvalidState` unless the rules can reach a state.

Beyond the field types: every card and every grain is where the rules can put
it (60 cards and 78 grains by default, conserved), the bag holds exactly what
the rounds so far left in it, and each phase's bookkeeping -- the seat to
commit, the commitments made, a haggle's or a duel's progress -- is one the
rules produce.
"""

from __future__ import annotations

from ..errors import RulesError
from ..kit import check_counts, check_fields, expect, fail
from .cards import COLOURS, YARDS, Card, card_key
from .predicates import DIE, MAX_TIES, birds_at, flees, foxes_at, is_last_round, legal_pair
from .rules import PLAYERS, Rules
from .scoring import GRAIN_OUT
from .state import Duel, Haggle, Phase, State

__all__ = ["check"]

_BEFORE_REVEAL = (Phase.COMMIT, Phase.REVEAL)
_AT_A_YARD = (Phase.RESOLVE, Phase.HAGGLE, Phase.DUEL)


def check(state: State) -> None:
    """Raise :class:`~picnic_rules.InvalidState` unless ``state`` is one the rules can reach.

    >>> from picnic_rules.poultry import new_game
    >>> import attrs
    >>> check(new_game(2))
    >>> check(attrs.evolve(new_game(2), bag=(26, 26, 25)))
    Traceback (most recent call last):
    ...
    picnic_rules.errors.InvalidState: the grain does not add up: (26, 26, 25) in all, not (26, 26, 26)
    """
    _check_types(state)
    rules = state.rules
    players = len(state.hands)
    expect(PLAYERS[0] <= players <= PLAYERS[1], f"{players} seats is not a poultry game")
    try:
        rules.check_players(players)
    except RulesError as exc:
        fail(f"the rules cannot seat {players} players: {exc}")
    _check_shapes(state, players)
    _check_conservation(state)
    for cards in state.played:  # two cards left of a commitment are still a legal pair
        if len(cards) == 2:
            expect(legal_pair(*cards), "a poultry and a fox of one colour are committed together")
    _check_phase(state, players)
    _check_hand_sizes(state, players)


def _int(value: object, what: str) -> None:
    if type(value) is not int:
        fail(f"{what} must be an int, not {type(value).__name__}")


def _check_types(state: State) -> None:
    """The field types (what :func:`~picnic_rules.kit.check_fields` checks, written out for
    speed: the many counts of a state make the generic walk the slowest part of ``check``)."""
    if type(state) is not State:
        fail(f"expected a poultry State, not {type(state).__name__}")
    if type(state.rules) is not Rules:
        fail(f"rules must be poultry Rules, not {type(state.rules).__name__}")
    check_fields(state.rules, "rules")
    for name in ("hands", "stocks", "yards", "grain", "played"):
        if type(getattr(state, name)) is not tuple:
            fail(f"{name} must be a tuple")
    for name in ("deck", "discard", "bag", "rolled"):
        value = getattr(state, name)
        if type(value) is not tuple:
            fail(f"{name} must be a tuple")
        for item in value:
            _int(item, f"{name} item")
    for name in ("hands", "stocks", "yards", "grain"):
        for i, counts in enumerate(getattr(state, name)):
            if type(counts) is not tuple:
                fail(f"{name}[{i}] must be a tuple")
            for item in counts:
                _int(item, f"{name}[{i}] item")
    for seat, cards in enumerate(state.played):
        if type(cards) is not tuple:
            fail(f"played[{seat}] must be a tuple")
        for card in cards:
            if type(card) is not Card:
                fail(f"played[{seat}] holds {type(card).__name__}, not a Card")
            check_fields(card, f"played[{seat}]")
    if state.phase.__class__ is not Phase:
        fail(f"phase must be a Phase, not {state.phase!r}")
    for name in ("round", "turn", "dealt", "yard"):
        _int(getattr(state, name), name)
    for name, cls in (("haggle", Haggle), ("duel", Duel)):
        value = getattr(state, name)
        if value is not None:
            if type(value) is not cls:
                fail(f"{name} must be a {cls.__name__} or None")
            check_fields(value, name)
    if state.reason is not None and type(state.reason) is not str:
        fail("reason must be a str or None")


def _check_shapes(state: State, players: int) -> None:
    rules = state.rules
    kinds = len(rules.kinds)
    for seat, hand in enumerate(state.hands):
        check_counts(f"hands[{seat}]", hand, kinds)
        expect(sum(hand) <= rules.hand_size(players), f"seat {seat} holds too many cards")
    check_counts("deck", state.deck, kinds)
    check_counts("discard", state.discard, kinds)
    expect(len(state.played) == players, "played must hold one commitment per seat")
    expect(len(state.stocks) == players, "stocks must hold one stock per seat")
    expect(len(state.grain) == players, "grain must hold one food stock per seat")
    expect(len(state.yards) == YARDS, f"there are {YARDS} yards")
    for seat, stock in enumerate(state.stocks):
        check_counts(f"stocks[{seat}]", stock, kinds)
        foxes = [card for n, card in zip(stock, rules.kinds, strict=True) if n and card.fox]
        expect(not foxes, f"seat {seat}'s stock holds a fox: foxes capture only poultry")
    for what, triples in (("yards", state.yards), ("grain", state.grain), ("bag", (state.bag,))):
        for triple in triples:
            check_counts(what, triple, 3)
    per = rules.per_round(players)
    for seat, cards in enumerate(state.played):
        expect(len(cards) <= per, f"seat {seat} committed {len(cards)} cards, more than {per}")
        for card in cards:
            expect(card in rules.index, f"there is no {card} card in this game")
        expect(list(cards) == sorted(cards, key=card_key), f"seat {seat}'s cards are unordered")


def _check_conservation(state: State) -> None:
    rules = state.rules
    cards = [a + b for a, b in zip(state.deck, state.discard, strict=True)]
    for pile in (*state.hands, *state.stocks):
        for k, n in enumerate(pile):
            cards[k] += n
    for committed in state.played:
        for card in committed:
            cards[rules.index[card]] += 1
    expect(tuple(cards) == rules.deck, "the cards do not add up to the deck")
    grain = list(state.bag)
    for triple in (*state.yards, *state.grain):
        for g in range(3):
            grain[g] += triple[g]
    expect(
        tuple(grain) == rules.grain,
        f"the grain does not add up: {tuple(grain)} in all, not {rules.grain}",
    )


def _check_phase(state: State, players: int) -> None:
    rules, phase = state.rules, state.phase
    supplied = rules.total_grain - sum(state.bag)
    expect((phase is Phase.HAGGLE) == (state.haggle is not None), "a haggle outside haggling")
    expect((phase is Phase.DUEL) == (state.duel is not None), "a duel outside a duel")
    expect((phase is Phase.OVER) == (state.reason is not None), "reason is set iff it is over")
    expect(phase is Phase.COMMIT or state.turn == 0, "turn is only kept while seats commit")
    rolled = state.rolled
    expect(len(rolled) <= players and all(1 <= r <= DIE for r in rolled), "rolled: bad dice")
    expect(len(rolled) != 1 and (state.round or not rolled), "rolled: no such roll-off")
    if phase not in (Phase.DEAL, Phase.DRAW):
        expect(state.dealt == 0, "dealt is only counted while cards are dealt or drawn")
    if phase not in (Phase.SUPPLY, *_AT_A_YARD):
        expect(state.yard == 0, "yard is only kept while yards are supplied or resolved")
    if phase not in (*_BEFORE_REVEAL, *_AT_A_YARD):
        expect(not any(state.played), "cards lie on the table outside a round's play")
    if phase is Phase.DEAL:
        dealt = state.dealt
        expect(state.round == 0, "the deal comes before round 1")
        expect(0 <= dealt < players * rules.hand_size(players), "the deal is over")
        for seat, hand in enumerate(state.hands):
            want = dealt // players + (seat < dealt % players)
            expect(sum(hand) == want, f"the deal goes round robin: seat {seat} has {sum(hand)}")
        expect(not any(state.discard) and not any(map(any, state.stocks)), "cards out in a deal")
        expect(supplied == 0, "grain was supplied before the first round")
        return
    expect(state.round >= 1, "every phase after the deal is in a round")
    before = rules.total_grain - YARDS * (state.round - 1)
    expect(before >= YARDS, f"round {state.round} can never start: the bag was too empty")
    if phase is Phase.SUPPLY:
        expect(0 <= state.yard < YARDS, f"yard {state.yard} is not a yard")
        expect(supplied == YARDS * (state.round - 1) + state.yard, "the bag does not fit round")
        return
    expect(supplied == YARDS * state.round, "the bag does not fit the round")
    if phase in _BEFORE_REVEAL:
        _check_commitments(state, players)
    elif phase in _AT_A_YARD:
        _check_yard(state)
    elif phase is Phase.DRAW:
        expect(not is_last_round(state.bag), "no cards are drawn after the last round")
        expect(0 <= state.dealt < players * rules.per_round(players), "the draws are over")
        expect(any(state.deck) or any(state.discard), "nothing is left to draw")
    else:
        expect(state.reason == GRAIN_OUT, f"the game ends only by {GRAIN_OUT}")
        expect(is_last_round(state.bag), "the game ends only after the last round")


def _check_hand_sizes(state: State, players: int) -> None:
    """No hand holds more than the phase allows: the deal's cards, less the cards a round
    commits once the seat has committed, plus the cards drawn so far this round (a seat
    that commits fewer holds two cards or less, so it too keeps at most that many)."""
    phase, rules = state.phase, state.rules
    if phase is Phase.DEAL:
        return  # the deal's round robin fixes every hand's size
    full = rules.hand_size(players)
    after = full - rules.per_round(players)  # what a hand holds once its seat committed
    for seat, hand in enumerate(state.hands):
        if phase is Phase.SUPPLY or (phase is Phase.COMMIT and seat >= state.turn):
            most = full
        elif phase is Phase.DRAW:
            most = after + state.dealt // players + (seat < state.dealt % players)
        else:
            most = after
        expect(sum(hand) <= most, f"seat {seat} holds {sum(hand)} cards, more than {most} now")


def _check_commitments(state: State, players: int) -> None:
    rules = state.rules
    per = rules.per_round(players)
    committing = state.phase is Phase.COMMIT
    if committing:
        expect(0 <= state.turn < players, f"turn {state.turn} is not a seat")
        expect(any(state.hands[state.turn]), f"seat {state.turn} has no card to commit")
    for seat, cards in enumerate(state.played):
        hand = state.hands[seat]
        if committing and seat >= state.turn:
            expect(not cards, f"seat {seat} committed before its turn")
            continue
        expect(cards or not any(hand), f"seat {seat} holds cards but committed none")
        if per == 2 and len(cards) == 1 and any(hand):
            left = [card for n, card in zip(hand, rules.kinds, strict=True) for _ in range(n)]
            (card,) = cards
            expect(
                len(left) == 1 and left[0].colour is card.colour and left[0].fox != card.fox,
                f"seat {seat} committed one card though it held a pair it could commit",
            )


def _check_resolved(state: State) -> None:
    """The yards left of the one in play are resolved: a lone bird there has eaten, a lone
    fox has caught the poultry; cards left to fight over remain only after a duel that
    nobody could win (equal cards tied three times)."""
    for x in range(state.yard):
        colour = COLOURS[x]
        birds = birds_at(state.played, colour)
        foxes = foxes_at(state.played, colour)
        if birds and foxes:
            expect(
                len(set(foxes.values())) < len(foxes),
                f"the {colour} yard is resolved, yet its poultry was not caught",
            )
        eaters = [birds[seat] for seat in birds if not flees(seat, birds, foxes)]
        if eaters and not foxes and sum(state.yards[x]):
            expect(
                len(set(eaters)) < len(eaters),
                f"the {colour} yard is resolved, yet its grain was not eaten",
            )


def _check_yard(state: State) -> None:
    rules, yard = state.rules, state.yard
    expect(0 <= yard < YARDS, f"yard {yard} is not a yard")
    _check_resolved(state)
    colour = COLOURS[yard]
    birds = birds_at(state.played, colour)
    foxes = foxes_at(state.played, colour)
    expect(birds or foxes, f"no card lies at the {colour} yard")
    stake = state.yards[yard]
    eaters = tuple(seat for seat in birds if not flees(seat, birds, foxes))
    if state.phase is Phase.HAGGLE:
        haggle = state.haggle
        if haggle is None:
            fail("a haggle phase without a haggle")
        expect(rules.haggling, "haggling is off in these rules")
        expect(not foxes and len(eaters) > 1, "only crowded birds without a fox haggle")
        expect(haggle.seats == eaters, "the haggle's seats are not the birds at the yard")
        expect(0 <= haggle.proposer < len(eaters), "the proposer is not one of the haggle")
        expect(len(haggle.allotted) == len(eaters), "an allotment per haggling seat")
        given = [sum(a[g] for a in haggle.allotted) for g in range(3)]
        for a in haggle.allotted:
            check_counts("haggle.allotted", a, 3)
        expect(all(g <= s for g, s in zip(given, stake, strict=True)), "more grain allotted")
        complete = sum(given) == sum(stake)
        expect(sum(stake) > 0, "nothing is at stake, so nobody haggles")
        expect(0 <= haggle.accepted < len(eaters) - 1, "too many answers")
        expect(complete or haggle.accepted == 0, "an answer to an unfinished proposal")
        return
    if state.phase is Phase.DUEL:
        duel = state.duel
        if duel is None:
            fail("a duel phase without a duel")
        if duel.foxes:
            expect(len(foxes) > 1 and birds, "foxes duel only when several meet poultry")
            contestants = foxes
        else:
            expect(not foxes and len(eaters) > 1, "birds duel only when crowded without a fox")
            expect(sum(stake) > 0, "nothing is at stake, so nobody duels")
            contestants = {seat: birds[seat] for seat in eaters}
        seats = duel.seats
        expect(len(seats) > 1 and list(seats) == sorted(set(seats)), "duel seats ascend")
        expect(all(seat in contestants for seat in seats), "a duel seat is not a contestant")
        expect(duel.values == tuple(contestants[s] for s in seats), "duel values are the cards")
        expect(0 <= duel.ties < MAX_TIES, "the tie rule ends a duel after the third tie")
        expect(duel.ties > 0 or seats == tuple(contestants), "the first roll-off is everyone's")
        expect(len(duel.rolls) < len(seats), "every contestant rolled: the roll-off is over")
        expect(all(1 <= roll <= DIE for roll in duel.rolls), f"a roll is 1 to {DIE}")
