"""The real ``picnic`` command in a real terminal (a pseudo-terminal through pexpect), typed
as a person types it: a whole game, undo, save and resume, hot-seat, Ctrl-C on a parallel
simulation, and a Dask cluster giving the same summary as ``--jobs 2``."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from picnic_rules import codec

PICNIC = str(Path(sys.executable).parent / "picnic")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")
PROMPT = re.compile(r"seat (\d)> ")


def spawn(*args: str, cwd: Path | None = None) -> pexpect.spawn:
    env = dict(
        os.environ, TERM="xterm-256color", COLUMNS="110", LINES="50", PICNIC_LINE_EDITING="0"
    )
    env.setdefault("PICNIC_DATA_DIR", str(cwd or Path(tempfile.mkdtemp(prefix="picnic-data-"))))
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(
        PICNIC,
        list(args),
        env=env,
        cwd=str(cwd) if cwd else None,
        encoding="utf-8",
        timeout=60,
        dimensions=(50, 110),
    )
    return child


def plain(text: str) -> str:
    return ANSI.sub("", text).replace("\r\n", "\n")


def first_move(screen: str) -> str:
    """The notation of move 1 of the last menu on ``screen``."""
    menu = plain(screen).rsplit("Your move, seat", 1)[1]
    found = re.search(r"^\s+1\. (\S+(?: \S+)*?)(?:\s{2,}|$)", menu, re.MULTILINE)
    assert found, menu
    return found.group(1)


def test_a_whole_game_typed_in_notation(tmp_path: Path) -> None:
    child = spawn("play", "sandwich", "--seed", "21", "--save", str(tmp_path / "g.json"))
    child.expect("Type \\? for help")
    typed = 0
    while child.expect([PROMPT, "game over"]) == 0:
        move = first_move(child.before)
        child.sendline(move)  # the move in notation, as read off the menu
        typed += 1
        assert typed < 400
    child.expect(pexpect.EOF)
    tail = plain(child.before)
    assert re.search(r"Final scores: you \d, seat 1 \d\.", tail)
    child.close()
    assert child.exitstatus == 0
    record = codec.loads((tmp_path / "g.json").read_text(), kind="record")
    assert record.outcome is not None and typed > 10


def test_undo_then_save_then_resume(tmp_path: Path) -> None:
    child = spawn("play", "sandwich", "--seed", "5", cwd=tmp_path)
    child.expect(PROMPT)
    menu = plain(child.before).rsplit("Your move", 1)[1]
    child.sendline("undo")
    child.expect(PROMPT)
    assert "nothing to undo" in plain(child.before)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline("undo")
    child.expect("took back (\\d+) move")
    child.expect(PROMPT)
    assert plain(child.before).rsplit("Your move", 1)[1] == menu  # the same decision again
    child.sendline("1")
    child.expect(PROMPT)
    hand = re.search(r"Your hand: (.*)", plain(child.before))
    assert hand
    child.sendline("save")
    child.expect("saved (\\d+) moves to sandwich-5.json")
    count = int(child.match.group(1))
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    record = codec.loads((tmp_path / "sandwich-5.json").read_text(), kind="record")
    assert len(record.moves) == count and record.outcome is None

    again = spawn("play", "--resume", "sandwich-5.json", cwd=tmp_path)
    again.expect(f"Resumed after {count} moves")
    again.expect(PROMPT)
    assert re.search(r"Your hand: (.*)", plain(again.before)).group(1) == hand.group(1)  # type: ignore[union-attr]
    again.sendline("quit")
    again.expect(pexpect.EOF)


def test_hot_seat_hides_each_hand_until_its_seat_is_ready() -> None:
    child = spawn("play", "sandwich", "--seat", "0", "--seat", "1", "--seed", "3")
    child.expect("Pass to seat 0, then press Enter")
    assert "Your hand" not in plain(child.before)
    child.sendline("")
    child.expect(PROMPT)
    assert child.match.group(1) == "0"
    assert "Seat 0 (you)" in plain(child.before)
    assert "\x1b[1m" in child.before  # rich styles the picture on a terminal
    handovers = 0
    for _ in range(60):
        child.sendline("1")
        index = child.expect([PROMPT, "Pass to seat 1, then press Enter"])
        if index == 1:
            # the screen and its scrollback were cleared before the handover, and nothing of
            # seat 0's hand is shown until seat 1 presses Enter
            assert "\x1b[3J" in child.before
            after_clear = child.before.rsplit("\x1b[3J", 1)[1]
            assert "Your hand" not in plain(after_clear)
            child.sendline("")
            child.expect(PROMPT)
            assert child.match.group(1) == "1"
            assert "Seat 1 (you)" in plain(child.before)
            handovers += 1
            break
    assert handovers == 1
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_ctrl_c_on_a_parallel_simulation_prints_the_partial_summary() -> None:
    child = spawn("simulate", "sandwich", "-n", "1000000", "--jobs", "2")
    # let it run until the progress bar counts a game played (however busy the machine)
    child.expect(r"[1-9][0-9]*/1000000", timeout=120)
    child.sendintr()
    child.expect(pexpect.EOF, timeout=60)
    out = plain(child.before)
    child.close()
    assert child.exitstatus == 130
    assert "Traceback" not in out and "KeyboardInterrupt" not in out
    found = re.search(r"interrupted: (\d+) of 1000000 games played", out)
    assert found and int(found.group(1)) > 0
    assert "picnic: interrupted" in out
    assert "95% interval" in out


def test_progress_bar_on_a_terminal() -> None:
    child = spawn("simulate", "sandwich", "-n", "300", "--jobs", "2")
    child.expect(pexpect.EOF, timeout=60)
    child.close()
    assert child.exitstatus == 0
    assert "━" in child.before  # rich's bar, drawn on standard error (the terminal)
    assert re.search(r"\d+/300", plain(child.before))  # games done of games asked
    quiet = spawn("simulate", "sandwich", "-n", "300", "--no-progress")
    quiet.expect(pexpect.EOF, timeout=60)
    assert "━" not in quiet.before and "/300" not in quiet.before


@pytest.fixture(scope="module")
def dask_scheduler() -> Iterator[str]:
    import distributed  # the dask extra, installed by .ci/run: a missing one fails, not skips

    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        yield cluster.scheduler_address


def test_dask_gives_the_same_summary_as_jobs(dask_scheduler: str, tmp_path: Path) -> None:
    base = [PICNIC, "simulate", "sandwich", "-n", "150", "--seed", "7", "--rotate"]
    jobs = subprocess.run(
        [*base, "--jobs", "2", "--out", str(tmp_path / "jobs.jsonl")],
        capture_output=True,
        text=True,
        check=True,
    )
    dask = subprocess.run(
        [*base, "--dask", dask_scheduler, "--out", str(tmp_path / "dask.jsonl")],
        capture_output=True,
        text=True,
        check=True,
    )
    assert dask.stdout == jobs.stdout
    assert "sandwich: 150 games, 2 players (seats rotated)" in dask.stdout
    assert (tmp_path / "dask.jsonl").read_text() == (tmp_path / "jobs.jsonl").read_text()


def test_ctrl_c_at_the_prompt_saves_and_exits_130(tmp_path: Path) -> None:
    child = spawn("play", "sandwich", "--seed", "4", "--save", str(tmp_path / "g.json"))
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendintr()
    child.expect(pexpect.EOF)
    out = plain(child.before)
    child.close()
    assert child.exitstatus == 130
    assert "picnic: interrupted" in out and "Traceback" not in out
    record = codec.loads((tmp_path / "g.json").read_text(), kind="record")
    assert record.outcome is None and len(record.moves) >= 6


def test_a_sign_shows_while_a_computer_seat_thinks(tmp_path: Path) -> None:
    """Issue 42: the search opponent thought with no sign on the screen."""
    child = spawn("play", "sandwich", "--seed", "3", "--vs", "ismcts", cwd=tmp_path)
    child.expect(PROMPT)
    for _ in range(20):
        child.sendline("1")
        if child.expect([re.escape("seat 1 (ismcts) is thinking ..."), PROMPT]) == 0:
            break
    else:
        pytest.fail("no sign while seat 1 thought")
    child.expect(PROMPT)
    assert "\r\x1b[2K" in child.before  # the sign is taken away when the move is made
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_stopping_a_replay_step_by_step_is_no_error(tmp_path: Path) -> None:
    """Issue 42: ``q`` in ``picnic replay FILE --step`` said the file was corrupt ("the record
    says seat 1 wins ..., but after its 88 moves the game is not over") and exited 2."""
    from picnic_rules import play

    record = play("sandwich", ["computer", "random"], seed=4)
    path = tmp_path / "game.json"
    path.write_text(codec.dumps(record), encoding="utf-8")
    child = spawn("replay", str(path), "--seat", "1", "--step", "--plain", cwd=tmp_path)
    for _ in range(2):
        child.expect("Enter: next move, q: stop > ")
        child.sendline("")
    child.expect("Enter: next move, q: stop > ")
    child.sendline("q")
    child.expect(pexpect.EOF)
    out = plain(child.before)
    child.close()
    assert child.exitstatus == 0, out
    assert f"stopped after move 3 of {len(record.moves)}" in out
    assert "error" not in out and "corrupt" not in out
