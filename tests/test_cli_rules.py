"""Rules options of every type from the command line: integers, true/false, names (the
game's enums), lists with or without brackets; errors name the expected form and the
names; ``picnic rules GAME`` prints each option as ``--rules`` takes it."""

from __future__ import annotations

import io
import re

import attrs
import pytest
from games import BUILT_IN

from picnic_rules import GAMES, PicnicError
from picnic_rules.ants.cards import RoundCard
from picnic_rules.cli import main
from picnic_rules.cli.common import format_rules_value, rules_from


@pytest.mark.parametrize(
    "text",
    [
        "honey,stomp",
        "[honey, stomp]",
        "(honey, stomp)",
        "stomp,honey",
        "HONEY,Stomp",
        "[stomp,honey,]",
    ],
)
def test_named_cards(text: str) -> None:
    rules = rules_from(GAMES["ants"], None, [f"round_cards={text}", "round_cards_dealt=2"])
    assert rules.round_cards == (RoundCard.STOMP, RoundCard.HONEY)


def test_names_written_with_underscores_or_dashes() -> None:
    rules = rules_from(
        GAMES["ants"], None, ["round_cards=re_toss,head-start,planner", "round_cards_dealt=3"]
    )
    assert rules.round_cards == (RoundCard.RE_TOSS, RoundCard.PLANNER, RoundCard.HEAD_START)


@pytest.mark.parametrize("text", ["1,2,3,4,5,6", "[1,2,3,4,5,6]", "(1, 2, 3, 4, 5, 6)"])
def test_lists_of_integers_with_or_without_brackets(text: str) -> None:
    rules = rules_from(GAMES["ants"], None, [f"worker_faces={text}"])
    assert rules.worker_faces == (1, 2, 3, 4, 5, 6)


def test_a_list_of_fixed_length() -> None:
    rules = rules_from(GAMES["poultry"], None, ["hand_sizes=[7,7,6,6,5]"])
    assert rules.hand_sizes == (7, 7, 6, 6, 5)
    with pytest.raises(PicnicError, match=r"expected 5 integers separated by commas"):
        rules_from(GAMES["poultry"], None, ["hand_sizes=[7,7]"])


def test_an_unknown_name_shows_the_form_and_the_names() -> None:
    with pytest.raises(PicnicError) as caught:
        rules_from(GAMES["ants"], None, ["round_cards=honey,cake"])
    message = str(caught.value)
    assert "expected names separated by commas, in brackets or not" in message
    assert all(str(card) in message for card in RoundCard)
    assert "not 'honey,cake'" in message and "for example round_cards=second-wind," in message


def test_a_bad_integer_shows_an_example() -> None:
    with pytest.raises(
        PicnicError, match=r"expected an integer, not 'many' \(for example bread=16\)"
    ):
        rules_from(GAMES["sandwich"], None, ["bread=many"])


def test_every_default_read_back_from_its_printed_form() -> None:
    for game in GAMES.values():
        default = game.Rules()
        options = [
            f"{field.name}={format_rules_value(getattr(default, field.name))}"
            for field in attrs.fields(type(default))
        ]
        assert rules_from(game, None, options) == default, game.name


def test_the_command_line_accepts_named_cards(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "ants", "-n", "2", "--agents", "random,random"]
    argv += ["--rules", "round_cards=(honey, stomp)", "--rules", "round_cards_dealt=2"]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.stdin", io.StringIO(""))
        assert main(argv) == 0
    assert "ants: 2 games" in capsys.readouterr().out


def test_rules_prints_each_option_as_rules_takes_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "ants"]) == 0
    out = capsys.readouterr().out
    assert "  round_cards=[second-wind,stomp,honey,re-toss,double-time," in out
    assert "each one of: second-wind,\n       stomp, honey" in out
    assert "  majority_only=false  (true or false)" in out
    assert "  short: copies=2; two_ant_copies=1; round_cards_dealt=2" in out


@pytest.mark.parametrize("name", BUILT_IN)
def test_rules_fits_80_columns(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", name]) == 0
    out = capsys.readouterr().out
    too_long = [line for line in out.splitlines() if len(line) > 80]
    assert not too_long
    if name == "ants":  # a value too long for one line: in brackets, broken after a comma
        assert (
            "  round_cards=[second-wind,stomp,honey,re-toss,double-time,scout-ahead,planner,\n"
            in out
        )
        assert "\n      head-start]\n" in out
    if name == "poultry":  # a variant breaks between options, never inside a value
        assert "hand_sizes=3,3,3,3,3;\n      cards_per_round=2,2,2,1,1\n" in out


def test_a_wrapped_value_copied_from_its_first_line_alone_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 42: ``picnic rules ants`` broke round_cards after ``planner,``; its first line,
    copied alone, was taken (the trailing comma accepted) without ``head-start``."""
    name, wrapped = "ants", 0
    assert main(["rules", name]) == 0
    lines = capsys.readouterr().out.splitlines()
    for number, line in enumerate(lines):
        option = re.fullmatch(r"  (\w+)=(\S.*)", line)
        if option is None or "  (" in line:
            continue
        key, value = option.groups()
        if not lines[number + 1].startswith("      ") or lines[number + 1].lstrip().startswith("("):
            continue  # the whole value is on this line
        with pytest.raises(PicnicError, match="opens a bracket it does not close"):
            rules_from(GAMES[name], None, [f"{key}={value}"])
        whole = value + lines[number + 1].strip()
        assert rules_from(GAMES[name], None, [f"{key}={whole}"]) == GAMES[name].Rules()
        wrapped += 1
    assert wrapped == 1  # round_cards
