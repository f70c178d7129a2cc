"""The ants screen speaks words or carries a legend: the picture (render), the words of a
choice (describe_move) and the notation help (NOTATION.usage and its errors)."""

from __future__ import annotations

import random
import re

import attrs
import pytest
from ants_scenario import PUDDLE, card, loose, on, placed, table

from picnic_rules import CHANCE, InvalidMove
from picnic_rules.ants import (
    CHANCE_FORMS,
    FORMS,
    GAME,
    MOVE_TYPES,
    NOTATION,
    DieKind,
    Landing,
    Phase,
    Play,
    RoundCard,
    Rules,
    Toss,
    apply,
    colony_picture,
    describe,
    describe_move,
    is_over,
    legal_moves,
    move_from_str,
    new_game,
    observe,
    render,
    result,
    sample_chance,
    to_move,
    view,
)
from picnic_rules.ants.picture import AREA_LEGEND, COLONY_LEGEND, TWO_ANTS, WIDTH
from picnic_rules.ants.words import phase_words

_OLD_DIE = re.compile(r"\b\d:[SWc]\d")  # 0:S1, the seat and the die run together
_OLD_ANTHILL = re.compile(r"anthill [SWc]( [SWc])*;")  # anthill S W W W c c
_NOTATION_CARD = re.compile(r"\b(blue|green|purple)-(cookie|sandwich|watermelon)")
_DIE_CODE = re.compile(r"\b[SWc]\d")
_PLATE_CODE = re.compile(r"\b[BGP][csw]\b")
_DICE = re.compile(
    r"Dice on a card: S soldier \(\d-\d ants\), W worker \(\d-\d ants\), c scout \(\d-\d ants\)"
)


def _boxes(text: str) -> list[str]:
    """The text inside every box of the picnic area, line by line."""
    lines = [line for line in text.splitlines() if line.startswith("|")]
    return [cell.strip() for line in lines for cell in line.split("|")[1:-1]]


def _pictures(players: int, seed: int, rules: Rules = Rules()) -> list[str]:
    """The pictures of two seats' views at every decision of a seeded random game."""
    rng = random.Random(seed)
    state = new_game(players, rules)
    pictures = []
    while not is_over(state):
        if to_move(state) is CHANCE:
            move = sample_chance(state, rng)
        else:
            seats = {state.turn, (state.turn + 1) % players}  # the one to act and another
            pictures += [render(view(state, seat)) for seat in sorted(seats)]
            move = rng.choice(legal_moves(state))
        state = apply(state, move)
    return [*pictures, render(view(state, 0))]


def _check_picture(picture: str) -> None:
    """No line wider than 78 columns, no old code, and a legend for every code drawn."""
    lines = picture.splitlines()
    assert all(len(line) <= WIDTH for line in lines), max(lines, key=len)
    assert not _OLD_DIE.search(picture), picture
    assert not _OLD_ANTHILL.search(picture), picture
    assert not _NOTATION_CARD.search(picture), picture
    assert "Scoring: #" not in picture and "Round cards none" not in picture
    area = [line for line in lines if line.startswith("|")]
    if any(_DIE_CODE.search(line) for line in area):
        assert _DICE.search(picture) and "\n".join(AREA_LEGEND[1:]) in picture
    if any("(2)" in line for line in area):
        assert TWO_ANTS in picture
    colony = [line for line in lines if line.startswith("  ") and _PLATE_CODE.search(line)]
    if colony:
        assert "\n".join(COLONY_LEGEND) in picture


@pytest.mark.parametrize(
    ("players", "seed", "rules"),
    [(2, 3, Rules()), (3, 5, Rules()), (4, 8, Rules()), (2, 9, Rules(majority_only=True))],
)
def test_no_picture_of_a_seeded_game_shows_an_unexplained_code_or_a_long_line(
    players: int, seed: int, rules: Rules
) -> None:
    pictures = _pictures(players, seed, rules)
    assert any("Seat 1: " in p and "you:" in p for p in pictures)  # dice drawn at some point
    for picture in pictures:
        _check_picture(picture)


def test_the_anthills_the_loose_dice_and_the_puddle_are_in_words() -> None:
    dice = {0: {1: PUDDLE, 4: loose(1)}, 1: {1: PUDDLE, 2: PUDDLE, 5: loose(3)}}
    state = table(2, dice=dice, round=2)
    text = render(view(state, 0))
    said = squeeze(text)
    assert "Seat 0 (you): 0 points if the game ended now; anthill: 1 soldier, 2 workers, " in said
    assert "Seat 1: 0 points if the game ended now; anthill: 1 soldier, 1 worker, 1 scout" in said
    assert "Loose dice (on no card): your scout (1 ant), seat 1's scout (3 ants)." in said
    assert "Puddle (dice sitting out a round): you: 1 worker; seat 1: 2 workers" in said
    start = render(view(new_game(2), 1))
    assert squeeze(start).count("anthill: 1 soldier, 3 workers, 2 scouts") == 2


def test_a_card_of_the_area_shows_its_name_and_each_seats_dice_with_a_legend() -> None:
    dice = {0: {0: on(4, face=1), 1: on(4, face=3)}, 1: {4: on(4, 5, face=2)}}
    state = table(2, dice=dice, area={5: "purple-watermelon-2"})
    text = render(view(state, 0))
    box = _boxes(text)
    assert "4 blue cookie" in box and "you: S1+W3=4" in box and "seat 1: c2*" in box
    assert "5 purple watermelon (2)" in box and TWO_ANTS in text
    assert "Dice on a card: S soldier (0-3 ants), W worker (1-4 ants), c scout (1-3 ants)" in text
    assert "\n".join(AREA_LEGEND[1:]) in text and "two cards" in AREA_LEGEND[1]
    assert "soldier, the biggest die" in AREA_LEGEND[2]  # what makes a soldier a soldier
    assert AREA_LEGEND[1] not in render(view(table(2), 0))  # no dice, no legend


def test_honey_counts_in_the_total_and_a_crowded_card_wraps_inside_its_box() -> None:
    dice = {0: {i: on(4, 5, face=3) for i in range(6)}}
    state = table(2, dice=dice, honey=((0, 4),), used=(RoundCard.HONEY,), round=2, turn=1)
    lines = render(view(state, 1)).splitlines()
    area = [line for line in lines if line.startswith(("|", "+"))]
    assert {len(line) for line in area} == {76}
    box = " ".join(_boxes("\n".join(area)))
    assert "honey: seat 0 +2" in box
    assert "seat 0: S3*+W3*+W3*" in box and "+W3*+c3*+c3*+2=20" in box


def test_the_scoring_and_majority_cards_are_in_words() -> None:
    text = render(view(table(2), 0))
    assert "Scoring cards (each token goes to the single best colony at the end):" in text
    assert "  card 3, most cookies in a single line: 4 points" in text
    assert "Majority card, a token for the most plates of each:" in text
    assert re.search(
        r"  watermelons \d, sandwiches \d, cookies \d, blue \d, green \d, purple", text
    )


def test_round_cards_and_cards_to_place_are_in_words() -> None:
    state = table(2, held=((RoundCard.HONEY,), ()), used=(), round=2)
    assert "  Round cards in hand: honey (+2 to your ants on a card this round)" in render(
        view(state, 1)
    )


def test_a_colony_has_a_legend_and_a_wide_one_is_drawn_in_bands() -> None:
    state = table(2, colonies={0: ["blue-cookie at 0,0 turn 0"]}, round=2)
    text = render(view(state, 1))
    assert "    0  Bc  a" in text and "\n".join(COLONY_LEGEND) in text
    assert "\n".join(COLONY_LEGEND) not in render(view(table(2), 1))
    wide = tuple(placed(f"green-sandwich at {2 * k},0 turn 0") for k in range(20))
    lines = colony_picture(wide)
    assert all(len("  " + line) <= WIDTH for line in lines)
    rulers = [line for line in lines if not line[:4].strip()]
    assert len(rulers) == 2 and rulers[0].split()[-1] == "23" and rulers[1].split()[0] == "24"


@pytest.mark.parametrize(
    ("turn", "cell", "words"),
    [
        (0, "1,1", "unturned: plate top left, ants right and below"),
        (1, "1,1", "a quarter turn clockwise: plate top right, ants left and below"),
        (2, "-1,-1", "half a turn: plate bottom right, ants left and above"),
        (3, "1,1", "three quarter turns clockwise: plate bottom left, ants right and above"),
    ],
)
def test_a_placement_says_which_card_where_and_what_its_turn_means(
    turn: int, cell: str, words: str
) -> None:
    won = ((card("green-sandwich-2"),), ())
    colony = {0: [f"blue-cookie at 0,0 turn {2 if turn == 2 else 0}"]}  # ants where it goes
    state = table(2, colonies=colony, round=2, phase=Phase.PLACE, won=won)
    move = move_from_str(f"place green-sandwich-2 at {cell} turn {turn}")
    text = describe(view(state, 0), observe(state, move, 0))
    x, y = cell.split(",")
    assert text == (
        "you place the green sandwich (two ants) with its plate on the ant at "
        f"column {x}, row {y}, {words}"
    )
    first = table(2, phase=Phase.PLACE, won=((card("blue-cookie"),), ()))
    move = move_from_str("place blue-cookie at 0,0 turn 0")
    assert describe(view(first, 0), observe(first, move, 0)) == (
        "you place the blue cookie as the colony's first card, its plate on column 0, row 0, "
        "unturned: plate top left, ants right and below"
    )
    # another seat's placement, in the story: the cell as the colony's ruler names it
    assert describe(view(first, 1), observe(first, move, 1)) == (
        "seat 0 places the blue cookie as the colony's first card (plate on 0,0, unturned)"
    )


def test_the_choices_of_a_placement_name_the_rotation_in_words() -> None:
    rng = random.Random(4)
    state = new_game(2)
    while not is_over(state):
        if to_move(state) is CHANCE:
            state = apply(state, sample_chance(state, rng))
            continue
        moves = legal_moves(state)
        if "place" in str(moves[0]):
            for move in moves:
                words = describe_move(view(state, state.turn), move)
                assert "plate" in words and "column" in words and "row" in words
                assert "turned 1 quarter" not in words and "-2" not in words.split(",")[0]
            return
        state = apply(state, rng.choice(moves))
    pytest.fail("no placement in the game")


def test_knocks_and_round_cards_name_dice_in_words_not_in_notation() -> None:
    state = table(2, dice={1: {4: on(4, face=3)}})
    state = apply(state, Toss(DieKind.SOLDIER, 4))
    landing = move_from_str("land 3 on 4 touching knock 1:scout1 to 5 showing 2")
    words = describe(view(state, 1), observe(state, landing, 1))
    assert words.endswith("it knocks your scout onto card 5, showing 2 ants")
    assert "scout1" not in words
    stomp = table(2, dice={1: {4: on(4, face=3)}}, held=((RoundCard.STOMP,), ()), used=(), round=2)
    play = Play(RoundCard.STOMP, 1, 4)
    assert describe(view(stomp, 0), observe(stomp, play, 0)) == (
        "you play the stomp card: seat 1's scout showing 3 ants on card 4 is knocked off the "
        "cards, loose"
    )


def test_the_notation_help_shows_every_form_with_an_example_the_players_first() -> None:
    usage = NOTATION.usage
    assert usage.startswith("expected one of: toss DIE-KIND at POSITION (toss soldier at 4), ")
    assert usage.index("chance") > usage.index("play head-start")
    read = set()
    for form, example in FORMS + CHANCE_FORMS:
        assert (form if form == example else f"{form} ({example})") in usage
        move = move_from_str(example)
        assert str(move) == example
        read.add(type(move))
        if isinstance(move, Play):
            read.add(move.card)
    assert read >= set(MOVE_TYPES) | (set(RoundCard) - {RoundCard.PLANNER})
    for capital in ("DIE-KIND", "DIE", "POSITION", "CARD", "X,Y", "TURN"):
        assert f"{capital}: " in usage
    with pytest.raises(InvalidMove) as error:
        GAME.move_from_str("?")
    assert error.value.reason == usage


@pytest.mark.parametrize(
    ("text", "example"),
    [
        ("toss ant", "; for example toss soldier at 4"),
        ("toss ant at 4", "; for example toss soldier at 4"),
        ("place blue-cookie at 1 turn 0", "; for example place blue-cookie at 1,0 turn 2"),
        ("play honey at 4", "play honey on 4, play scout-ahead worker2 to 5"),
    ],
)
def test_a_typo_is_answered_with_its_verbs_examples(text: str, example: str) -> None:
    with pytest.raises(InvalidMove) as error:
        move_from_str(text)
    assert example in error.value.reason


def test_a_landing_is_described_in_words() -> None:
    state = apply(table(2), Toss(DieKind.WORKER, 4))
    words = describe(view(state, 1), observe(state, Landing(2, (4, 5), False), 1))
    assert words == ("seat 0's worker lands showing 2 ants, on card 4 and card 5 (green cookie)")


def test_the_header_says_who_does_what_in_plain_english() -> None:
    state = apply(table(2), Toss(DieKind.WORKER, 4))
    assert phase_words(view(state, 0)) == "your die is in the air"
    assert phase_words(view(state, 1)) == "seat 0's die is in the air"
    drawing = attrs.evolve(state, phase=Phase.ROUND_CARD, starter=1)
    assert phase_words(view(drawing, 1)) == "you draw a Round card"
    assert phase_words(view(drawing, 0)) == "seat 1 draws a Round card"
    settling = attrs.evolve(state, phase=Phase.SETTLE)
    assert phase_words(view(settling, 0)) == "you to settle a die on two cards"


def test_the_deal_names_each_scoring_cards_points() -> None:
    state = new_game(2)
    deal = sample_chance(state, random.Random(1))
    words = describe(view(state, 0), observe(state, deal, 0))
    assert re.fullmatch(
        r"the Scoring cards: card \d+ for \d+ points, card \d+ for \d+ points, card \d+ for "
        r"\d+ points; the Majority card's points: watermelons \d+, sandwiches \d+, cookies \d+, "
        r"blue \d+, green \d+, purple \d+",
        words,
    ), words


def squeeze(text: str) -> str:
    return " ".join(text.split())


def _sections(picture: str) -> list[list[str]]:
    return [part.splitlines() for part in picture.split("\n\n")]


def test_the_part_of_the_table_a_decision_is_about_comes_last() -> None:
    """Issue 42: the first screen was 41 rows, and a card was placed with the colony out of
    sight. The picture comes in sections, the decision's part last, nearest the question:
    the area for a toss, one's colony (with the cards to place) for a placement, the
    tokens counted out at the end; a short screen folds the others to their first lines."""
    rng = random.Random(6)
    state = new_game(2)
    seen = set()
    while not is_over(state):
        if to_move(state) is CHANCE:
            state = apply(state, sample_chance(state, rng))
            continue
        me = state.turn
        parts = _sections(render(view(state, me)))
        last = parts[-1]
        if state.phase is Phase.PLACE:
            assert last[0].startswith(f"Seat {me} (you): ")
            assert any(line.startswith("  cards to place: ") for line in last)
            assert any(_PLATE_CODE.search(line) or "(empty)" in line for line in last)
            assert parts[-2] == list(COLONY_LEGEND) or not any(state.colonies)
        else:
            assert last[0].startswith("+---") and last[-1].startswith(("Loose dice", "  "))
            assert parts[-2][-1].startswith("Picnic area")
        seen.add(state.phase)
        for part in parts:  # a section's first line reads alone: no code, no box border
            assert not part[0].startswith(("|", "  ")), part
        state = apply(state, rng.choice(legal_moves(state)))
    assert {Phase.SEND, Phase.PLACE} <= seen
    parts = _sections(render(view(state, 0)))
    assert parts[-1][0].startswith("Final score: each token to the single best colony")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_final_score_is_counted_out_token_by_token(players: int) -> None:
    """Every token's line names what each colony counts and who takes it; the taken points
    add up to each seat's final score."""
    rng = random.Random(players)
    state = new_game(players)
    while not is_over(state):
        move = (
            sample_chance(state, rng)
            if to_move(state) is CHANCE
            else rng.choice(legal_moves(state))
        )
        state = apply(state, move)
    final = squeeze("\n".join(_sections(render(view(state, 0)))[-1]))
    counted = len(state.scoring) + 6
    assert final.count("->") == counted
    names = ["you"] + [f"seat {seat}" for seat in range(1, players)]
    total = dict.fromkeys(names, 0)
    for _what, counts, taken in re.findall(
        r"((?:card \d+, [^:]+)|most [a-z ]+): ((?:(?:you|seat \d) \d+(?:, )?)+) -> ([^-]+?)(?= card| most| total)",
        final,
    ):
        measures = [int(n) for n in re.findall(r"(?:you|seat \d) (\d+)", counts)]
        best = max(measures)
        leaders = [names[seat] for seat, n in enumerate(measures) if n == best]
        if taken.startswith("a tie"):
            assert len(leaders) > 1 and best >= 1
            for name in leaders:
                total[name] += int(re.search(r"\+(\d+)", taken).group(1))  # type: ignore[union-attr]
        elif taken.startswith("nobody"):
            assert best < 1
        else:
            name, points = taken.rsplit(" +", 1)
            assert leaders == [name]
            total[name] += int(points)
    outcome = result(state)
    assert [total[name] for name in names] == list(outcome.scores)
    totals = zip(names, outcome.scores, strict=True)
    assert final.endswith("total: " + ", ".join(f"{name} {n}" for name, n in totals))
