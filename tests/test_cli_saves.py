"""``picnic play`` never loses a game: it is saved after every move in the user's data
directory (here a temporary folder, through ``PICNIC_DATA_DIR``), Ctrl-D and Ctrl-C say where
and how to go on, ``--resume`` alone resumes the latest; input that is not text ends with an
error instead of spinning."""

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
    assert f"saved to {path}; go on with: picnic play --resume {path}" in out.replace("\n", "")

    again = spawn(tmp_path, "play", "--resume")  # no file: the latest game
    again.expect(f"Resumed after {len(record.moves)} moves")
    assert re.findall(r"Your hand: (.*)", next_turn(again))[-1] == hand
    again.sendeof()  # Ctrl-D: saved again, exit 0
    again.expect(pexpect.EOF)
    out = plain(again.before)
    again.close()
    assert again.exitstatus == 0
    assert "end of input: the game stops after" in out and "go on with: picnic play" in out
    assert saves(tmp_path) == [path]


def test_end_of_input_without_save_says_where_the_game_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PICNIC_DATA_DIR", str(tmp_path))
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    assert main(["play", "sandwich", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    [path] = saves(tmp_path)
    assert f"go on with: picnic play --resume {path}" in out
    moves = codec.loads(path.read_text(), kind="record").moves
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "--resume"]) == 0
    assert f"Resumed after {len(moves)} moves" in capsys.readouterr().out


def test_a_finished_game_leaves_no_file_to_resume(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PICNIC_DATA_DIR", str(tmp_path))
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 400))
    assert main(["play", "sandwich", "--seed", "11"]) == 0
    assert "game over" in capsys.readouterr().out
    assert saves(tmp_path) == []
    assert main(["play", "--resume"]) == 2
    assert "picnic: error: no saved game in" in capsys.readouterr().err


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


@pytest.mark.parametrize("game", ["sandwich", "insects", "poultry", "ants"])
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
    assert f"go on with: picnic play --resume {path}" in out.replace("\n", "")
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
