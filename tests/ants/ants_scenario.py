"""Hand-built ants positions for the scenario tests.

:func:`table` builds a state in the send-out phase from a few words: which
cards lie where, where each die is, whose turn it is. Tests then apply moves
and read the result, so each rule is checked on a small table a reader can
picture.
"""

from __future__ import annotations

from typing import Any

import attrs

from picnic_rules.ants import (
    CARD_KINDS,
    Die,
    Phase,
    PicnicCard,
    Placed,
    Rules,
    ScoringCard,
    Spot,
    State,
    card_from_str,
    check,
    layout,
    new_game,
)

HOME = Die(Spot.HOME)
PUDDLE = Die(Spot.PUDDLE)


def card(name: str) -> PicnicCard:
    """The picnic card named ``name`` (``blue-cookie``, ``green-sandwich-2``)."""
    return card_from_str(name)


def on(*cards: int, face: int) -> Die:
    """A die touching ``cards`` and showing ``face`` ants."""
    return Die(Spot.AREA, tuple(cards), face)


def loose(face: int) -> Die:
    """A die in the area touching no card."""
    return Die(Spot.LOOSE, (), face)


def placed(text: str) -> Placed:
    """``"blue-cookie at 1,0 turn 2"`` as a :class:`Placed` card."""
    name, _, rest = text.partition(" at ")
    cell, _, turn = rest.partition(" turn ")
    x, y = map(int, cell.split(","))
    planner = turn.endswith(" planner")
    return Placed(card(name), x, y, int(turn.split()[0]), planner)


def table(
    players: int = 2,
    *,
    rules: Rules = Rules(),
    area: dict[int, str] | None = None,
    dice: dict[int, dict[int, Die]] | None = None,
    colonies: dict[int, list[str]] | None = None,
    turn: int = 0,
    starter: int = 0,
    round: int = 1,
    check_it: bool = True,
    **changes: Any,
) -> State:
    """A send-out state: every layout position holds a card (position ``p`` a three-ant card of
    a different kind each: 1 green-sandwich, 3 purple-sandwich, 4 blue-cookie, ... in the
    2-player area; ``area`` overrides some, ``""`` makes a gap), dice home unless ``dice[seat][die]`` says otherwise, colonies as in
    :func:`placed`; the deck holds the rest; in round ``r`` the first ``r - 1`` Round cards
    of the box were played, unless ``held`` or ``used`` is given. Scoring cards 1, 2, 3 (2 players) with tokens.
    Checked with ``check`` unless ``check_it=False``.
    """
    state = new_game(players, rules)
    positions = layout(players)
    names = {p: str(CARD_KINDS[2 * (i + 1) % 18]) for i, p in enumerate(positions)}
    names.update(area or {})
    laid = [None] * 9
    for p, name in names.items():
        laid[p] = card(name) if name else None
    built_colonies = [tuple(placed(t) for t in (colonies or {}).get(s, [])) for s in range(players)]
    used = [c for c in laid if c is not None] + [p.card for col in built_colonies for p in col]
    used += [c for name in ("won", "set_aside") for cards in changes.get(name, ()) for c in cards]
    deck = list(rules.deck)
    for c in used:
        deck[CARD_KINDS.index(c)] -= 1
    own = [[HOME] * 6 for _ in range(players)]
    for seat, mine in (dice or {}).items():
        for i, die in mine.items():
            own[seat][i] = die
    n = rules.scoring_cards_for(players)
    scoring = tuple(ScoringCard(k) for k in range(1, n + 1))
    state = attrs.evolve(
        state,
        area=tuple(laid),
        deck=tuple(deck),
        dice=tuple(map(tuple, own)),
        colonies=tuple(built_colonies),
        scoring=scoring,
        rewards=tuple(sorted(rules.rewards)[:n]),
        majority=tuple(sorted(rules.rewards)[n : n + 6]),
        phase=Phase.SEND,
        turn=turn,
        starter=starter,
        round=round,
    )
    if "held" not in changes and "used" not in changes:
        changes["used"] = rules.round_cards[: max(round - 1, 0)]
    state = attrs.evolve(state, **changes)
    if check_it:
        check(state)
    return state
