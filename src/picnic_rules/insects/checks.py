"""``check``: refuse every insects position that no game can reach."""

from __future__ import annotations

from ..errors import PicnicError
from ..kit.checks import check_counts, check_fields, expect, fail
from .cards import KINDS, WEAPONS, Pile, colour_of, insect_of, is_joker, is_weapon
from .engine import REASONS
from .predicates import attacking_pile, has_normal_play, next_with_food, seats_with_food
from .state import Phase, State

__all__ = ["check"]


def check(state: State) -> None:
    """Raise :class:`~picnic_rules.InvalidState` unless the rules can reach ``state``.

    Beyond field types and card conservation (126 cards and 24 food by
    default), it refuses piles the rules cannot build (mixed types, a colour
    change without the variant's joker, a pile that should have joined an
    older one, two piles attacking, a pile of two or more cards that does not
    attack), an attack aimed at the wrong seat, hands that were not refilled
    (or filled past the hand size), score piles that hold more weapons than
    insects of their type, food that appeared or vanished, a normal turn for a
    seat with no legal play (it is passed over), the attacker's refill taken
    for a purchase, and an ending that did not happen (``cards-out`` while a
    seat with food can play). So every position it accepts is over or has a
    legal move, and every legal move leads to one it accepts again.
    """
    check_fields(state)
    rules = state.rules
    players = len(state.hands)
    try:
        rules.check_players(players)
    except PicnicError as exc:
        fail(f"these rules cannot seat {players} players: {exc}")
    for what, items in (("food", state.food), ("captured", state.captured),
                        ("scored", state.scored)):  # fmt: skip
        expect(len(items) == players, f"{what} must have one entry per seat")
    for seat in range(players):
        check_counts(f"hands[{seat}]", state.hands[seat], KINDS)
        check_counts(f"scored[{seat}]", state.scored[seat], KINDS)
        expect(state.food[seat] >= 0 and state.captured[seat] >= 0, "a negative food count")
    check_counts("deck", state.deck, KINDS)
    expect(0 <= state.turn < players, f"turn {state.turn} is not a seat")
    _check_cards(state)
    _check_food(state)
    _check_piles(state)
    _check_phase(state)


def _check_cards(state: State) -> None:
    cards = list(state.deck)
    for counts in (*state.hands, *state.scored):
        for kind, n in enumerate(counts):
            cards[kind] += n
    for pile in state.piles:
        for card in pile:
            cards[card] += 1
    expect(tuple(cards) == state.rules.deck, "the cards do not add up to the deck")
    for seat, scored in enumerate(state.scored):
        spare = 0
        for insect in range(3):
            insects, weapons = sum(scored[5 * insect : 5 * insect + 5]), scored[WEAPONS[insect]]
            expect(
                insects >= weapons,
                f"seat {seat}'s score pile holds more {WEAPONS[insect]} than insects they fought",
            )
            spare += insects - weapons
        if not state.rules.buy:
            expect(
                spare >= 2 * state.captured[seat],
                f"seat {seat} captured food without the insects of the piles it came with",
            )


def _check_food(state: State) -> None:
    rules, players = state.rules, len(state.hands)
    each = rules.food_for(players)
    leftover = rules.food - each * players
    expect(all(n <= each for n in state.food), f"a seat holds more than its {each} food")
    total = sum(state.food) + sum(state.captured) + state.food_out
    expect(total == rules.food, f"the food adds up to {total}, not {rules.food}")
    if rules.buy:
        expect(state.food_out >= leftover, "less food is out of the game than was left over")
    else:
        expect(state.food_out == leftover, "food left the game without the buy variant")


def _check_pile_cards(state: State, index: int, pile: Pile) -> None:
    expect(pile, f"pile {index} is empty")
    insect = insect_of(pile[0])
    expect(not any(is_weapon(card) for card in pile), f"pile {index} holds a weapon")
    expect(all(insect_of(card) == insect for card in pile), f"pile {index} mixes insect types")
    colour = None
    for position, card in enumerate(pile):
        own = colour_of(card)
        if own is None:
            continue
        if colour is not None and own != colour:
            expect(
                state.rules.joker_colour and is_joker(pile[position - 1]),
                f"pile {index} changes colour without a joker beneath (joker-colour variant)",
            )
        colour = own


def _check_piles(state: State) -> None:
    piles = state.piles
    attack = attacking_pile(piles)
    for index, pile in enumerate(piles):
        _check_pile_cards(state, index, pile)
        if index != attack:
            expect(len(pile) == 1, f"pile {index} holds {len(pile)} cards but does not attack")
        bottom = pile[0]
        if not is_joker(bottom):
            for earlier in range(index):
                other = piles[earlier][0]
                if insect_of(other) == insect_of(bottom) and (is_joker(other) or other == bottom):
                    fail(f"pile {index}'s {bottom} would have joined pile {earlier}")
    if attack is None:
        expect(state.last is None and state.last_count == 0, "an attacker with no attacking pile")
        return
    last = state.last
    if last is None or not 0 <= last < len(state.hands):
        fail("an attacking pile with no attacker")
    expect(state.food[last] > 0, f"seat {last} attacks without food")
    size = len(piles[attack])
    expect(
        1 <= state.last_count <= size,
        f"the last play onto pile {attack} cannot be {state.last_count} cards",
    )
    target = next_with_food(state.food, last)
    phase, turn = state.phase, state.turn
    if phase is Phase.TURN:
        expect(turn == target, f"pile {attack} attacks seat {target}, not seat {turn}")
    elif phase is Phase.DRAW:
        if turn == last:
            expect(not state.again, f"seat {turn}'s refill after attacking is not a purchase")
        else:
            buying = state.again and state.bought and turn == target
            expect(buying, f"seat {turn} draws during seat {last}'s attack")
    else:
        fail(f"an attacking pile in the {phase.value} phase")


def _hand_bound(state: State) -> int | None:
    rules = state.rules
    return None if rules.buy or rules.draw_two else rules.hand_size


def _check_phase(state: State) -> None:
    rules, phase, turn = state.rules, state.phase, state.turn
    sizes = [sum(hand) for hand in state.hands]
    deck = sum(state.deck)
    expect((state.reason is None) == (phase is not Phase.OVER), "a reason without an end")
    expect(phase is Phase.DRAW or (state.draws == 0 and not state.again), "draws outside a draw")
    expect(not state.bought or rules.buy, "cards bought without the buy variant")
    if phase is Phase.DEAL:
        _check_deal(state, sizes)
        return
    bound = _hand_bound(state)
    if bound is not None:
        expect(all(n <= bound for n in sizes), f"a hand holds more than {bound} cards")
        if phase is Phase.DRAW:
            expect(
                sizes[turn] + state.draws <= bound,
                f"seat {turn} would draw past {bound} cards",
            )
        plain = not rules.draw_one
        if plain and deck:
            for seat, n in enumerate(sizes):
                drawing = state.draws if phase is Phase.DRAW and seat == turn else 0
                short = drawing and drawing == deck  # the deck runs out during this refill
                expect(
                    n + drawing == bound or short,
                    f"seat {seat} holds {n} cards but the deck is not empty",
                )
    if phase is Phase.DRAW:
        expect(1 <= state.draws <= deck, f"{state.draws} cards to draw from a deck of {deck}")
        expect(state.food[turn] > 0, f"seat {turn} draws without food")
        if state.again:
            expect(rules.buy or rules.draw_two, "a second go without a variant that gives one")
            if not state.bought:
                expect(rules.draw_two and state.draws <= 2, "drawing again without buying")
                expect(attacking_pile(state.piles) is None, "drawing two during an attack")
            else:
                expect(state.draws <= 4, "buying more than 4 cards")
        else:
            expect(not rules.draw_one or state.draws == 1, "the draw-one variant draws one card")
    elif phase is Phase.TURN:
        expect(state.food[turn] > 0, f"seat {turn} is out of food but is to act")
        # house rule: a player with food but no legal play is passed over
        expect(
            state.last is not None or has_normal_play(state.hands[turn], state.piles),
            f"seat {turn} has no legal play but is to act (it is passed over)",
        )
    else:
        _check_end(state)


def _check_deal(state: State, sizes: list[int]) -> None:
    players = len(state.hands)
    dealt = sum(sizes)
    each = state.rules.food_for(players)
    expect(dealt < state.rules.hand_size * players, "the deal is over but still in the deal phase")
    expect(state.turn == dealt % players, f"the deal goes to seat {dealt % players} now")
    expect(
        sizes == [dealt // players + (seat < dealt % players) for seat in range(players)],
        "the deal goes round robin from seat 0",
    )
    expect(not state.piles and not any(map(any, state.scored)), "cards played during the deal")
    expect(
        state.food == (each,) * players and not any(state.captured), "food moved during the deal"
    )
    expect(not state.bought and state.last is None, "a turn during the deal")


def _check_end(state: State) -> None:
    with_food = seats_with_food(state.food)
    expect(state.reason in REASONS, f"{state.reason!r} is not a way the game ends")
    if state.reason == "one-left":
        expect(with_food == 1, f"'one-left' with {with_food} seats holding food")
    else:
        expect(with_food >= 2, "'cards-out' when only one seat has food")
        for seat, hand in enumerate(state.hands):
            expect(
                not state.food[seat] or not has_normal_play(hand, state.piles),
                f"'cards-out' while seat {seat} has food and a legal play",
            )
    expect(not state.bought, "a purchase after the end")
