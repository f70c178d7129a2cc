"""The ``picnic`` command line, called in-process: arguments, errors, replay, simulate.

The same command driven through a real terminal (pexpect) is in test_cli_terminal.py.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from games import BUILT_IN

from picnic_rules import GAMES, codec, play
from picnic_rules.cli import main
from picnic_rules.match import Record


@pytest.fixture(autouse=True)
def _saves_in_a_temporary_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``picnic play`` saves every game: never in the user's own data directory."""
    monkeypatch.setenv("PICNIC_DATA_DIR", str(tmp_path / "data"))


def run(
    argv: list[str], capsys: pytest.CaptureFixture[str], stdin: str = ""
) -> tuple[int, str, str]:
    """``picnic ARGV`` with ``stdin`` as standard input (not a terminal)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.stdin", io.StringIO(stdin))
        status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def saved(path: Path, seed: int = 4, agents: tuple[str, str] = ("computer", "random")) -> Record:
    record = play("sandwich", list(agents), seed=seed)
    path.write_text(codec.dumps(record), encoding="utf-8")
    return record


# --------------------------------------------------------------------------
# simulate


def test_simulate(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["simulate", "sandwich", "-n", "20", "--seed", "1"], capsys)
    assert status == 0
    assert "sandwich: 20 games, 2 players" in out
    assert "win rate  95% interval" in out
    assert "computer" in out and "random" in out
    assert "moves on average (sd" in out
    assert "end reasons" in out and "scores:" in out
    assert run(["simulate", "sandwich", "-n", "20", "--seed", "1"], capsys)[1] == out


def test_simulate_options(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "sandwich", "-n", "8", "--players", "3", "--rotate", "--jobs", "2"]
    status, out, _ = run([*argv, "--variant", "small-deck"], capsys)
    assert status == 0 and "3 players (seats rotated)" in out
    status, out, _ = run(
        ["simulate", "sandwich", "-n", "4", "--agents", "random,random,random,random"], capsys
    )
    assert status == 0 and "4 players" in out


def test_simulate_rules_options_change_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["simulate", "sandwich", "-n", "30", "--seed", "3"]
    default = run(base, capsys)[1]
    short = run([*base, "--rules", "action_limit=5"], capsys)[1]
    assert short != default
    assert "sixty-actions" in short  # a limit of 5 actions ends most games early
    variant = run([*base, "--variant", "short-limit", "--rules", "action_limit=5"], capsys)[1]
    assert variant == short  # --rules applies on top of the variant


def test_simulate_out_writes_one_json_line_per_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "games.jsonl"
    status, _, _ = run(
        ["simulate", "sandwich", "-n", "12", "--seed", "5", "--out", str(path)], capsys
    )
    assert status == 0
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert [line["game"] for line in lines] == list(range(12))
    assert [line["seed"] for line in lines] == list(range(5, 17))
    record = play("sandwich", ["computer", "random"], seed=5 + 3)
    assert record.outcome is not None
    assert lines[3]["scores"] == list(record.outcome.scores)
    assert lines[3]["winners"] == list(record.outcome.winners)
    assert lines[3]["reason"] == record.outcome.reason
    assert lines[3]["steps"] == len(record.moves)
    assert set(lines[0]) == {
        "game",
        "seed",
        "seats",
        "winners",
        "scores",
        "length",
        "steps",
        "reason",
    }


def test_jobs_give_the_same_summary(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["simulate", "sandwich", "-n", "40", "--seed", "9", "--rotate", "--chunk", "3"]
    assert run(base, capsys)[1] == run([*base, "--jobs", "2"], capsys)[1]


# --------------------------------------------------------------------------
# errors: one line on stderr, exit status 2


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "chess"], "unknown game 'chess'"),
        (["play", "chess"], "unknown game 'chess'"),
        (["rules", "chess"], "unknown game 'chess'"),
        (["simulate", "sandwich", "--agents", "computer,genius"], "unknown agent 'genius'"),
        (["simulate", "sandwich", "--agents", "computer,human"], "plays in a terminal"),
        (["simulate", "sandwich", "--players", "5"], "2 to 4 players"),
        (["simulate", "sandwich", "--players", "3", "--agents", "random,random"], "--players 3"),
        (["simulate", "sandwich", "--rules", "speed=3"], "unknown rules option 'speed'"),
        (["simulate", "sandwich", "--rules", "bread"], "KEY=VALUE"),
        (["simulate", "sandwich", "--rules", "bread=many"], "expected an integer"),
        (["simulate", "sandwich", "--rules", "sandwiches_to_win=99"], "sandwiches_to_win"),
        (["simulate", "sandwich", "--dask", "tcp://127.0.0.1:9"], "cannot reach the Dask"),
        (["simulate", "sandwich", "--out", "/nonexistent/dir/x.jsonl"], "cannot write"),
        (["play", "sandwich", "--variant", "huge"], "unknown variant 'huge'"),
        (["play", "sandwich", "--vs", "genius"], "unknown agent 'genius'"),
        (["play", "sandwich", "--vs", "human"], "people take seats with --seat"),
        (["play", "sandwich", "--seat", "4"], "no seat 4"),
        (["play", "sandwich", "--players", "3", "--vs", "random,random,random"], "--vs names 3"),
        (["play", "sandwich", "--all-seeing"], "--all-seeing goes with --watch"),
        (["play"], "name a game"),
        (["play", "sandwich", "--resume", "/nonexistent/x.json"], "cannot read"),
        (["replay", "/nonexistent/record.json"], "cannot read"),
    ],
)
def test_errors_exit_2(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    message: str,
) -> None:
    monkeypatch.setattr("picnic_rules.cli.simulate.DASK_TIMEOUT", 1.0)
    status, out, err = run(argv, capsys)
    assert status == 2
    assert out == ""
    assert err.startswith("picnic: error: ")
    assert err.count("\n") == 1  # one line
    assert message in err
    assert "Traceback" not in err


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert main(["simulate", "sandwich", "-n", "lots"]) == 2
    assert main(["simulate", "sandwich", "-n", str(10**10)]) == 2
    assert main(["dance"]) == 2
    assert "usage:" in capsys.readouterr().err
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert all(command in out for command in ("play", "replay", "simulate", "rules"))


# --------------------------------------------------------------------------
# play, scripted: standard input is not a terminal


def test_a_scripted_game_runs_to_the_end(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    status, out, err = run(
        ["play", "sandwich", "--seed", "11", "--save", str(path)], capsys, stdin="1\n" * 400
    )
    assert (status, err) == (0, "")
    assert "== game over ==" in out
    assert "seat 0 you; seat 1 computer" in out
    record = codec.loads(path.read_text(), kind="record")
    assert record.outcome is not None and record.seed == 11
    assert ("You win!" in out) == (record.outcome.winners == (0,))
    assert out.count("seat 0> 1") >= 10  # each answer echoed after its prompt


def test_end_of_input_ends_cleanly_and_saves(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # a short path: the command shortens a long one it echoes
    path = Path("game.json")
    status, out, err = run(
        ["play", "sandwich", "--seed", "2", "--save", str(path)], capsys, stdin="1\n1\n"
    )
    assert (status, err) == (0, "")
    assert "end of input: the game stops after" in out
    assert f"picnic play --resume {path}" in out
    record = codec.loads(path.read_text(), kind="record")
    assert record.outcome is None
    # resumed, the game goes on from the same position with the same cards
    status, out, _ = run(["play", "--resume", str(path)], capsys, stdin="")
    assert status == 0 and f"Resumed after {len(record.moves)} moves." in out


def test_typed_mistakes_are_answered_and_nothing_changes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    typed = "\n".join(["play jelly on 7", "blah \x1b[31m", "99", "?", "history", "board", "quit"])
    status, out, _ = run(["play", "sandwich", "--seed", "5"], capsys, stdin=typed + "\n")
    assert status == 0
    assert "play jelly on 7 is not possible now:" in out
    assert "'blah \\x1b[31m' is not a move" in out
    assert "\x1b" not in out  # the escape typed is shown escaped, never sent to the terminal
    assert "there is no move 99" in out
    assert "undo            take back your last decision" in out
    assert "stopped: the game stops after" in out


def test_undo_goes_back_to_the_last_decision(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["play", "sandwich", "--seed", "5"], capsys, stdin="undo\n1\nundo\nquit\n")
    assert status == 0
    assert "nothing to undo" in out
    assert "took back" in out
    before, _, after = out.partition("took back")
    # the same decision is offered again: the same menu as the first one
    first_menu = before.split("Your move, seat 0:")[1].split("seat 0>")[0]
    assert after.split("Your move, seat 0:")[1].split("seat 0>")[0] == first_menu


def test_hot_seat_scripted(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        ["play", "sandwich", "--seat", "0", "--seat", "1", "--seed", "3"], capsys, stdin="1\n" * 400
    )
    assert status == 0
    assert "seat 0 a person, seat 1 a person" in out
    assert "== seat 1's turn ==" in out and "== seat 0's turn ==" in out
    assert "seat 1> 1" in out


def test_watch_shows_one_seat_and_hides_the_others_cards(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "watched.json"
    status, out, _ = run(
        ["play", "sandwich", "--watch", "--seat", "1", "--seed", "8", "--save", str(path)], capsys
    )
    assert status == 0
    record = codec.loads(path.read_text(), kind="record")
    assert record.outcome is not None
    assert "showing seat 1's view" in out
    assert "seat 0 draws a card" in out and "you draw a" in out
    assert "seat 0 draws a " not in out.replace("seat 0 draws a card", "")
    status, seeing, _ = run(["play", "sandwich", "--watch", "--all-seeing", "--seed", "8"], capsys)
    assert "chance: draw " in seeing and "seat 0:" in seeing and "seat 1:" in seeing


# --------------------------------------------------------------------------
# replay


def test_a_heading_wider_than_a_row_is_split_after_its_title(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The ants replay's heading (its long title, 4 players, hundreds of moves) is wider
    than 80 columns: the title is the heading, its facts the line below, and nothing is cut."""
    record = play("ants", ["random"] * 4, seed=3)
    (tmp_path / "ants.json").write_text(codec.dumps(record), encoding="utf-8")
    status, out, _ = run(["replay", str(tmp_path / "ants.json")], capsys)
    assert status == 0
    lines = out.splitlines()
    title = GAMES["ants"].title
    assert len(f"== {title}: 4 players, seed 3, {len(record.moves)} moves ==") > 80
    assert lines[0] == f"== {title} =="
    assert lines[1] == f"4 players, seed 3, {len(record.moves)} moves"
    assert lines[2] == "all-seeing"


def test_replay_lists_all_seeing(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = saved(tmp_path / "game.json")
    status, out, _ = run(["replay", str(tmp_path / "game.json")], capsys)
    assert status == 0
    lines = out.splitlines()
    assert (
        lines[0]
        == f"== Peanut Butter & Jelly (fan version): 2 players, seed 4, {len(record.moves)} moves =="
    )
    assert lines[1] == "all-seeing"
    assert lines[2].split() == ["1.", "chance", "draw", str(record.moves[0]).split()[1]]
    assert len(lines) == len(record.moves) + 3
    assert "Draw(" not in out and "Card." not in out  # no Python reprs
    reason = GAMES["sandwich"].reason_words[record.outcome.reason]  # type: ignore[union-attr]
    assert lines[-1].endswith(
        f"({reason}); scores: {record.outcome.scores[0]}, {record.outcome.scores[1]}"
    )  # type: ignore[union-attr]  # the end reason in words, not its code


def test_replay_from_one_seat_hides_what_it_could_not_see(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved(tmp_path / "game.json")
    _, seat1, _ = run(["replay", str(tmp_path / "game.json"), "--seat", "1"], capsys)
    assert "as seat 1 saw it" in seat1
    assert "seat 0 is dealt a card" in seat1 and "you are dealt a" in seat1
    for card in ("bread", "peanut butter", "jelly"):
        assert f"seat 0 draws a {card}" not in seat1 and f"seat 0 is dealt a {card}" not in seat1
    _, stepped, _ = run(["replay", str(tmp_path / "game.json"), "--seat", "0", "--step"], capsys)
    assert stepped.count("Seat 0 (you)") > 10  # the table after each move


def test_replay_numbers_errors_as_listings_and_shows_the_prefix(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # a short path: the command shortens a long one it echoes
    path = Path("game.json")
    record = saved(path)
    doc = json.loads(path.read_text())
    doc["moves"][7] = "play jelly on 3"
    path.write_text(json.dumps(doc))
    status, out, err = run(["replay", str(path)], capsys)
    assert status == 2
    assert err.startswith(f"picnic: error: {path}: move 8 (")
    assert "'play jelly on 3' cannot be played" in err
    listed = [line for line in out.splitlines() if line.strip()[:1].isdigit()]
    assert [line.split(".")[0].strip() for line in listed] == [str(n) for n in range(1, 8)]
    assert record.moves  # the valid prefix (moves 1 to 7) was listed


def test_replay_never_echoes_control_characters(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    saved(path)
    doc = json.loads(path.read_text())
    doc["moves"][2] = "draw \x1b]0;pwned\x07\nfake line"
    path.write_text(json.dumps(doc))
    status, out, err = run(["replay", str(path)], capsys)
    assert status == 2
    assert "move 3:" in err
    assert "\x1b" not in err + out and "\x07" not in err + out
    assert err.count("\n") == 1
    assert out.count("\n  ") == 2  # moves 1 and 2, the valid prefix


def test_replay_refuses_big_and_bad_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": 1, "game": "sandwich", "kind": "move", "move": "end"}')
    assert run(["replay", str(path)], capsys)[2].count("$.kind") == 1
    path.write_text("{not json")
    assert "malformed JSON" in run(["replay", str(path)], capsys)[2]
    path.write_bytes(b"\xff\xfe")
    assert "not UTF-8" in run(["replay", str(path)], capsys)[2]
    path.write_text(" " * (codec.MAX_DOCUMENT_BYTES + 1))
    status, _, err = run(["replay", str(path)], capsys)
    assert status == 2 and f"larger than {codec.MAX_DOCUMENT_BYTES} bytes" in err
    record = saved(tmp_path / "game.json")
    doc = json.loads((tmp_path / "game.json").read_text())
    doc["outcome"]["reason"] = "stuck" if record.outcome.reason != "stuck" else "sixty-actions"  # type: ignore[union-attr]
    path.write_text(json.dumps(doc))
    status, _, err = run(["replay", str(path)], capsys)
    assert status == 2 and "the record says" in err
    assert run(["replay", str(tmp_path / "game.json"), "--seat", "2"], capsys)[2].endswith(
        "seat 2 is not a seat of this 2-player game\n"
    )


def test_replay_from_standard_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saved(tmp_path / "game.json")
    text = (tmp_path / "game.json").read_text()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
        assert main(["replay", "-"]) == 0
    assert "seed 4" in capsys.readouterr().out


# --------------------------------------------------------------------------
# rules


def test_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "sandwich"]) == 0
    out = capsys.readouterr().out
    assert "bread=16  (an integer)" in out
    assert "action_limit=60  (an integer)" in out
    assert "small-deck:" in out
    agents_line = next(line for line in out.splitlines() if line.startswith("agents: "))
    names = agents_line.removeprefix("agents: ").split(" (")[0].split(", ")
    assert {"computer", "random"} <= set(names) and "human" not in names


def test_table_mode_asks_for_each_card_and_checks_it(capsys: pytest.CaptureFixture[str]) -> None:
    typed = ["draw bread", "2", "draw 7", "draw fly", "draw pb", "1", "quit"]
    argv = ["play", "sandwich", "--table", "--seed", "1", "--rules", "ants=0"]
    status, out, _ = run(argv, capsys, stdin="\n".join(typed) + "\n")
    assert status == 0
    assert out.count("type what happened at the table") == 5
    assert "table> draw 7\n'draw 7' is not an outcome: '7' is not a card" in out
    assert "  4. draw fly\n" in out  # the possible outcomes are listed, no ant among them
    assert "draw ant" not in out
    assert "  1. you are dealt a bread\n" in out and "  3. you are dealt a fly\n" in out
    assert "  5. you draw a bread\n" in out  # "1": the first outcome listed
    assert run(["play", "sandwich", "--table", "--watch"], capsys)[0] == 2


def test_players_seats_that_many(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "sandwich", "--watch", "--players", "3", "--vs", "random,computer,random"]
    status, out, _ = run([*argv, "--seed", "1"], capsys)
    assert status == 0
    assert "seat 0 random, seat 1 computer, seat 2 random; showing seat 0's view" in out
    status, out, _ = run(
        ["play", "sandwich", "--players", "4", "--seed", "1"], capsys, stdin="quit\n"
    )
    assert "seat 0 you; seat 1 computer, seat 2 computer, seat 3 computer." in out


@pytest.mark.parametrize("name", BUILT_IN)
def test_every_built_in_game_plays_to_the_end_in_the_terminal(
    capsys: pytest.CaptureFixture[str], name: str, tmp_path: Path
) -> None:
    status, out, err = run(["play", name, "--seed", "3"], capsys, stdin="1\n" * 3000)
    assert (status, err) == (0, "")
    assert "== game over ==" in out
    end = out.split("== game over ==")[1]
    [kept] = (tmp_path / "data" / "played").glob("*.json")
    outcome = codec.loads(kept.read_text(), kind="record").outcome
    assert re.search(r"(You win!|You share the win\.|wins; you lose\.) Final scores: you \d+", end)
    assert f"({outcome.reason})" not in end  # how it ended is said in words, never a code
    assert f"picnic replay {kept.name} --seat 0" in end
    assert "Traceback" not in out


def test_poultry_hot_seat_hides_the_other_seats_commitment(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["play", "poultry", "--seat", "0", "--seat", "1", "--seed", "2"]
    status, out, _ = run(argv, capsys, stdin="1\n" * 40)
    assert status == 0
    first, turn = out.split("== seat 1's turn ==", 1)
    turn = turn.split("seat 1> ", 1)[0]
    chosen = re.search(r"^ +1\. commit (.+?)  ", first.split("Your move, seat 0:")[1], re.M)
    assert chosen  # seat 0 chose its first commitment
    assert "seat 0 commits two cards face down" in turn
    assert "seat 0: 4 cards, 2 face down" in turn
    assert chosen.group(1) not in turn  # seat 1 is not told what seat 0 committed


def test_version_is_the_installed_packages(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    import picnic_rules

    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"picnic {version('picnic-rules')}\n"
    assert picnic_rules.__version__ == version("picnic-rules")
