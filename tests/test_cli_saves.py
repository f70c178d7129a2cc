"""``picnic play`` never loses a game: it is saved after every move in the user's data
directory (here a temporary folder, through ``PICNIC_DATA_DIR``), Ctrl-D and Ctrl-C say where
and how to go on, ``--resume`` alone resumes the latest, also after ``save``; a game played
to its end is kept to replay (the newest ``KEEP_PLAYED``) and its last screen names the
command; input that is not text ends with an error instead of spinning."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pytest
from games import BUILT_IN
from pty_play import Terminal

from picnic_rules import codec
from picnic_rules.cli import main

PICNIC = str(Path(sys.executable).parent / "picnic")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")
PROMPT = re.compile(r"seat (\d)>")


def plain(text: str) -> str:
    return ANSI.sub("", text).replace("\r\n", "\n")


def spawn(data: Path, *args: str) -> pexpect.spawn:
    env = dict(
        os.environ, TERM="xterm-256color", PICNIC_DATA_DIR=str(data), PROMPT_TOOLKIT_NO_CPR="1"
    )
    return pexpect.spawn(
        PICNIC, list(args), env=env, encoding="utf-8", timeout=60, dimensions=(24, 80)
    )


def next_turn(child: pexpect.spawn) -> str:
    """The screen shown before the next question (line editing redraws the prompt as one
    types, so a question is known by its menu)."""
    child.expect(r"Your move, seat \d:")
    shown = plain(child.before)
    child.expect(PROMPT)
    return shown


def saves(data: Path) -> list[Path]:
    return sorted((data / "games").glob("*.json"))


def test_ctrl_c_saves_without_save_and_resume_alone_goes_on(tmp_path: Path) -> None:
    child = spawn(tmp_path, "play", "sandwich", "--seed", "4")
    next_turn(child)
    child.send("1\r")
    hand = re.findall(r"Your hand: (.*)", next_turn(child))[-1]
    child.sendintr()
    child.expect(pexpect.EOF)
    out = plain(child.before)
    child.close()
    assert child.exitstatus == 130
    assert "Traceback" not in out
    [path] = saves(tmp_path)
    record = codec.loads(path.read_text(), kind="record")
    assert record.outcome is None and len(record.moves) >= 6
    assert f"saved as {path.name} with the saved games; go on with:\n" in out
    assert f"\n  picnic play --resume {path.name}\n" in out

    again = spawn(tmp_path, "play", "--resume")  # no file: the latest game
    again.expect(f"Resumed after {len(record.moves)} moves")
    assert re.findall(r"Your hand: (.*)", next_turn(again))[-1] == hand
    again.sendeof()  # Ctrl-D: saved again, exit 0
    again.expect(pexpect.EOF)
    out = plain(again.before)
    again.close()
    assert again.exitstatus == 0
    assert "end of input: the game stops after" in out and "go on with:\n  picnic play" in out
    assert saves(tmp_path) == [path]


def test_end_of_input_without_save_says_where_the_game_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PICNIC_DATA_DIR", str(tmp_path))
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    assert main(["play", "sandwich", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    [path] = saves(tmp_path)
    assert f"go on with:\n  picnic play --resume {path.name}\n" in out
    moves = codec.loads(path.read_text(), kind="record").moves
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "--resume"]) == 0
    assert f"Resumed after {len(moves)} moves" in capsys.readouterr().out


def test_a_finished_game_is_kept_to_replay_and_its_end_says_how(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 42: a game played to its end left no record, and the end screen said nothing."""
    monkeypatch.setenv("PICNIC_DATA_DIR", str(tmp_path))
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 400))
    assert main(["play", "sandwich", "--seed", "11"]) == 0
    out = capsys.readouterr().out
    assert "game over" in out
    assert saves(tmp_path) == []  # nothing left to resume ...
    [kept] = (tmp_path / "played").glob("*.json")  # ... but the game is kept
    record = codec.loads(kept.read_text(), kind="record")
    assert record.outcome is not None and record.seed == 11
    end = out.split("game over")[1]
    assert f"\n  picnic replay {kept.name} --seat 0\n" in end  # by its name alone
    assert main(["play", "--resume"]) == 2  # a finished game is no game to resume
    assert "picnic: error: no saved game in" in capsys.readouterr().err
    monkeypatch.chdir(tmp_path)  # anywhere: the name is looked up among the kept games
    assert main(["replay", kept.name, "--seat", "0"]) == 0
    assert f"{len(record.moves)}. " in capsys.readouterr().out


def test_kept_games_are_the_newest_few(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PICNIC_DATA_DIR", str(tmp_path))
    monkeypatch.setattr("picnic_rules.cli.play.KEEP_PLAYED", 3)
    played = tmp_path / "played"
    played.mkdir()
    for number in range(4):
        old = played / f"sandwich-old{number}.json"
        old.write_text("{}")
        os.utime(old, (1_000_000 + number, 1_000_000 + number))
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 400))
    assert main(["play", "sandwich", "--seed", "11"]) == 0
    names = sorted(path.name for path in played.glob("*.json"))
    assert len(names) == 3 and "sandwich-old3.json" in names and "sandwich-old2.json" in names
    assert not [name for name in names if name in ("sandwich-old0.json", "sandwich-old1.json")]


def test_after_save_resume_alone_still_finds_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 42: ``save`` moved the game out of the saved games, so ``picnic play --resume``
    found nothing, though ``quit`` says the game stays saved."""
    monkeypatch.setenv("PICNIC_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("1\nsave\nquit\n"))
    assert main(["play", "sandwich", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"\nsaved \d+ moves to sandwich-5\.json; go on later with:\n", out)
    assert "\n  picnic play --resume sandwich-5.json\n" in out
    copy = codec.loads((tmp_path / "sandwich-5.json").read_text(), kind="record")
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "--resume"]) == 0  # the game of the saved games: the same one
    assert f"Resumed after {len(copy.moves)} moves" in capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "--resume", "sandwich-5.json"]) == 0  # and the copy
    assert f"Resumed after {len(copy.moves)} moves" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"\0" * 5000, "it holds a NUL byte"),
        (b"\xff\xfe1\n" * 10, "not UTF-8 text"),
        (b"x" * 3_000_000, "longer than"),
        (b"y\n" * 5000, "1000 lines in a row that made no move"),
    ],
    ids=["nul", "binary", "endless-line", "endless-refusals"],
)
def test_input_that_is_not_a_game_ends_with_an_error(
    tmp_path: Path, data: bytes, message: str
) -> None:
    done = subprocess.run(
        [PICNIC, "play", "sandwich", "--seed", "3"],
        input=data,
        capture_output=True,
        timeout=120,
        env=dict(os.environ, PICNIC_DATA_DIR=str(tmp_path)),
    )
    err = done.stderr.decode()
    assert done.returncode == 2, err
    assert err.startswith("picnic: error: ") and message in err and "Traceback" not in err
    assert "go on with: picnic play --resume" in err
    assert len(saves(tmp_path)) == 1


def test_dev_zero_ends(tmp_path: Path) -> None:
    with open("/dev/zero", "rb") as zero:
        done = subprocess.run(
            [PICNIC, "play", "sandwich"],
            stdin=zero,
            capture_output=True,
            timeout=120,
            env=dict(os.environ, PICNIC_DATA_DIR=str(tmp_path)),
        )
    assert done.returncode == 2
    assert done.stderr.decode().startswith("picnic: error: the input is not text")


@pytest.mark.parametrize("game", BUILT_IN)
def test_every_game_ctrl_c_mid_game_then_resume_at_the_same_position(
    tmp_path: Path, game: str
) -> None:
    child = spawn(tmp_path, "play", game, "--seed", "3")
    next_turn(child)
    for _ in range(3):
        child.send("1\r")
        next_turn(child)
    menu = plain(child.before)  # the moves offered, between the menu's title and the prompt
    child.sendintr()
    child.expect(pexpect.EOF)
    out = plain(child.before)
    child.close()
    assert child.exitstatus == 130
    [path] = saves(tmp_path)
    assert f"go on with:\n  picnic play --resume {path.name}\n" in out
    record = codec.loads(path.read_text(), kind="record")
    assert record.game == game and record.outcome is None

    again = spawn(tmp_path, "play", "--resume")
    again.expect(f"Resumed after {len(record.moves)} moves")
    next_turn(again)
    assert plain(again.before) == menu  # the same decision, the same moves offered
    again.sendeof()
    again.expect(pexpect.EOF)
    again.close()
    assert again.exitstatus == 0
    assert codec.loads(path.read_text(), kind="record") == record  # the same position


def test_the_latest_save_is_never_a_half_written_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from picnic_rules.cli.play import latest_save

    monkeypatch.setenv("PICNIC_DATA_DIR", str(tmp_path))
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "sandwich-1.json").write_text("{}")
    time.sleep(0.01)
    (folder / ".picnic-abc.json").write_text("{")  # a write that was cut short
    assert latest_save() == folder / "sandwich-1.json"


def test_long_messages_wrap_at_words_and_a_command_stands_alone(tmp_path: Path) -> None:
    """Issue 42: at 80 columns "saved 54 moves to sandwich-571245414.json; go on later
    with: picnic play --resum|e ..." broke mid-word; a message now wraps at spaces and the
    command to copy is a line of its own."""
    term = Terminal(tmp_path, "play", "sandwich", "--seed", "571245414")
    try:
        assert term.question()
        term.type("1")
        assert term.question()
        term.ask("save", "go on later with:")
        assert "  picnic play --resume sandwich-571245414.json" in term.rows()[-2].rstrip()
        term.type("quit")
        term.expect(pexpect.EOF)
        assert term.broken_words() == []
        assert "\n  picnic play --resume sandwich-" in term.unfolded()
    finally:
        term.close()
