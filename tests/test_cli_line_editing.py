"""Line editing in ``picnic play`` on a terminal (a pseudo-terminal through pexpect):
the arrow keys edit and recall, Tab completes the legal moves' notation and the commands,
Ctrl-L clears the screen and shows it again. Before, the arrow keys came in as escape codes
(``'\\x1b[A\\x1b[D' is not a move``) and Ctrl-L as text (``^L4`` played move 4)."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect
import prompt_toolkit  # noqa: F401 -- the cli extra: without it these tests fail, never skip

from picnic_rules import codec

PICNIC = str(Path(sys.executable).parent / "picnic")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")
MENU = r"Your move, seat \d:"
PROMPT = r"seat \d>"
UP, LEFT = "\x1b[A", "\x1b[D"


def plain(text: str) -> str:
    return ANSI.sub("", text).replace("\r\n", "\n")


def spawn(tmp_path: Path, *args: str) -> pexpect.spawn:
    env = dict(
        os.environ,
        TERM="xterm-256color",
        PICNIC_DATA_DIR=str(tmp_path),
        PROMPT_TOOLKIT_NO_CPR="1",  # pexpect does not answer the cursor-position question
    )
    env.pop("PICNIC_LINE_EDITING", None)
    return pexpect.spawn(
        PICNIC, list(args), env=env, encoding="utf-8", timeout=60, dimensions=(24, 80)
    )


def test_arrow_keys_edit_up_recalls_tab_completes(tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    child = spawn(tmp_path, "play", "sandwich", "--seed", "2", "--save", str(saved))
    child.expect(MENU)
    child.expect(PROMPT)
    moves = len(codec.loads(saved.read_text(), kind="record").moves)

    child.send("xyz\r")
    child.expect("'xyz' is not a move")
    child.send(UP + "\r")  # Up recalls the last line
    child.expect("'xyz' is not a move")
    child.expect(PROMPT)

    child.send("boa\t\r")  # Tab completes the command
    child.expect(MENU)
    assert "is not a move" not in plain(child.before)
    child.expect(PROMPT)

    child.send("nd" + LEFT + LEFT + "e\r")  # Left moves the cursor: "end"
    child.expect(MENU)  # the next decision: the move was taken
    assert "is not a move" not in plain(child.before) and "\\x1b" not in plain(child.before)
    record = codec.loads(saved.read_text(), kind="record")
    assert len(record.moves) > moves and str(record.moves[moves]) == "end"
    child.expect(PROMPT)
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130


def test_ctrl_l_redraws_and_is_not_text(tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    child = spawn(tmp_path, "play", "sandwich", "--seed", "2", "--save", str(saved))
    child.expect(MENU)
    child.expect(PROMPT)
    moves = len(codec.loads(saved.read_text(), kind="record").moves)
    child.send("\x0c")  # Ctrl-L
    child.expect_exact("\x1b[3J")  # the screen (and its scrollback) is cleared ...
    child.expect("Your hand: ")  # ... and drawn again
    child.expect(MENU)
    child.expect(PROMPT)
    assert len(codec.loads(saved.read_text(), kind="record").moves) == moves  # no move made
    child.sendeof()
    child.expect(pexpect.EOF)
    out = plain(child.before)
    child.close()
    assert child.exitstatus == 0
    assert "is not a move" not in out and f"go on with:\n  picnic play --resume {saved}" in out
