"""Words and pictures: the reveal and each yard's resolution are sentences of their own."""

from __future__ import annotations

import re

from poultry_scenario import cards, play, table

from picnic_rules.poultry import (
    Commit,
    Phase,
    Reveal,
    apply,
    chance_outcomes,
    describe,
    move_group,
    new_game,
    observe,
    render,
    view,
)


def said(state: object, seat: int = 0) -> list[str]:
    """The sentences seat ``seat`` reads while forced steps are taken."""
    out = []
    while len(chance_outcomes(state)) == 1:  # type: ignore[arg-type]
        move = chance_outcomes(state)[0][0]  # type: ignore[arg-type]
        out.append(describe(view(state, seat), observe(state, move, seat)))  # type: ignore[arg-type]
        state = apply(state, move)  # type: ignore[arg-type]
    return out


def test_the_reveal_and_the_yards_yard_by_yard() -> None:
    played = {0: "blue fox 5", 1: "duck 6", 2: "red 4", 3: "green fox 4"}
    lines = said(table(4, played, {"red": (0, 1, 1), "blue": (1, 0, 0)}), seat=2)
    assert lines == [
        "the cards are turned up -- seat 0: blue fox 5; seat 1: blue 6; you: red 4; seat 3: green fox 4",
        "at the Waddling Pond: seat 0 captures blue 6",
        "at the goose green: you take 1 blue grain, 1 yellow grain",
        "at the guinea-fowl run: the foxes find no poultry; the played cards are discarded",
    ]


def test_grain_falls_at_a_yard_named_short() -> None:
    """A round's six grain falls are told in a line or two: the yard's name alone (the
    board names its birds), so that falls of one colour read as one sentence."""
    state = new_game(2)
    while state.phase is not Phase.SUPPLY:
        state = apply(state, chance_outcomes(state)[0][0])
    words = []
    while state.phase is Phase.SUPPLY:
        move = chance_outcomes(state)[0][0]
        words.append(describe(view(state, 0), observe(state, move, 0)))
        state = apply(state, move)
    assert len(words) == 6
    assert all(re.fullmatch(r"an? \w+ grain falls at [A-Za-z -]+", text) for text in words)
    assert words[0].endswith(" at Gackelwack") and "(" not in "".join(words)


def test_a_commitment_is_described_face_down_to_the_others() -> None:
    state = table(4, {}, {}, hands={0: "duck 6", 1: "red 3"}, phase=Phase.COMMIT)
    move = Commit(cards("duck 6"))
    assert describe(view(state, 0), observe(state, move, 0)) == "you commit blue 6 face down"
    assert describe(view(state, 1), observe(state, move, 1)) == "seat 0 commits one card face down"


def test_haggle_and_duel_words() -> None:
    state = play(table(4, {0: "red 5", 1: "red 4"}, {"red": (1, 0, 0)}))
    text = describe(view(state, 1), observe(state, _move("allot green to 0"), 1))
    assert text == "seat 0 claims a green grain"
    state = play(state, "allot green to 0", "reject", "no-deal")
    assert state.phase is Phase.DUEL
    roll = _move("roll 6")
    assert describe(view(state, 0), observe(state, roll, 0)) == "you roll a 6 (total 11)"
    state = apply(state, roll)
    assert describe(view(state, 0), observe(state, _move("roll 1"), 0)) == (
        "seat 1 rolls a 1 (total 5) -- you take 1 green grain; the played cards are discarded"
    )


def _move(text: str) -> object:
    from picnic_rules.poultry import move_from_str

    return move_from_str(text)


def test_render_shows_face_down_cards_as_counts_and_marks_the_reader() -> None:
    state = table(3, {}, {}, hands={0: "duck 6 + red 3", 1: "red 4 + green 3"}, phase=Phase.COMMIT)
    state = apply(state, Commit(cards("duck 6 + red 3")))
    picture = render(view(state, 1), markup=True)
    assert "seat 0: 0 cards, 2 face down" in picture
    assert "[bold]seat 1 (you): 2 cards" in picture
    assert "blue 6" not in picture
    assert "you: blue 6" in render(view(state, 0))


def test_the_picture_opens_with_the_round_what_happens_in_it_and_who_acts() -> None:
    state = table(3, {}, {}, hands={0: "duck 6 + red 3", 1: "red 4 + green 3"}, phase=Phase.COMMIT)
    assert render(view(state, 0)).split("\n")[0] == (
        f"Round {state.round}, cards committed face down: you to act."
    )
    assert render(view(state, 1)).split("\n")[0].endswith(": seat 0 to act.")


def test_move_groups() -> None:
    assert move_group(Commit(cards("duck 6 + red 3"))) == ("blue 6", "red 3")
    assert move_group(Commit(cards("duck 6"))) == ("blue 6", "")
    assert move_group(Reveal()) == ("reveal", "")


def test_describe_move_says_where_the_cards_go_and_what_a_split_gives() -> None:
    from picnic_rules.poultry import describe_move, legal_moves

    state = table(4, {}, {"blue": (1, 2, 0)}, hands={0: "duck 6"}, phase=Phase.COMMIT)
    (move,) = legal_moves(state)
    assert describe_move(view(state, 0), move) == (
        "commit face down: blue 6 to the Waddling Pond (1 green grain, 2 blue grains)"
    )
    state = play(table(4, {0: "red 5", 1: "red 4"}, {"red": (1, 0, 0)}), "allot green to 1")
    accept, reject = legal_moves(state)
    assert (
        describe_move(view(state, 1), accept)
        == "accept the split (seat 0 no grain; you 1 green grain)"
    )
    assert (
        describe_move(view(state, 1), reject)
        == "reject the split (seat 0 no grain; you 1 green grain)"
    )


_ONE_MANY = re.compile(r"(?<![\d.-])1 (?:\w+ )?(?:grains|points|cards)\b")
_MANY_ONE = re.compile(r"(?<![\d.-])(?:[02-9]|\d{2,}) (?:\w+ )?(?:grain|point|card)\b")


def _in_style(text: str) -> None:
    """One style for every game's sentences: lower case first, no full stop, and numbers
    that agree with their nouns."""
    assert text and text[0] == text[0].lower() and not text.endswith("."), text
    assert not _ONE_MANY.search(text) and not _MANY_ONE.search(text), text


def test_every_sentence_of_a_game_is_in_the_one_style() -> None:
    from picnic_rules import RandomAgent, play, replay
    from picnic_rules.poultry import GAME, describe_move, legal_moves, to_move

    record = play(GAME, [RandomAgent()] * 3, seed=16)
    for state, move in zip(replay(record), record.moves, strict=False):
        for seat in range(3):
            _in_style(describe(view(state, seat), observe(state, move, seat)))
        actor = to_move(state)
        if isinstance(actor, int):
            for option in legal_moves(state):
                _in_style(describe_move(view(state, actor), option))


def test_numbers_agree_with_their_nouns() -> None:
    import attrs

    from picnic_rules.poultry import GRAIN_OUT
    from picnic_rules.poultry.words import counted, ending, grain_words

    assert grain_words((1, 2, 0)) == "1 green grain, 2 blue grains"
    assert [counted(n, "point") for n in (0, 1, 2)] == ["0 points", "1 point", "2 points"]
    start = table(4, {0: "red 5"}, {"red": (1, 0, 0)})
    assert "at the goose green: you take 1 green grain; " in said(start)[1]
    over = attrs.evolve(play(start), phase=Phase.OVER, reason=GRAIN_OUT)
    assert ending(view(over, 0)) == "the game is over (the grain ran out): you win with 1 point"
