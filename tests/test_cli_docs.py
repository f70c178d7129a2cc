"""The sessions shown in docs/cli.rst are what the command prints: each ``$ picnic ...``
block is run (in order, in one folder, the answers typed back from its prompts) and its
output compared with the page, so the page cannot drift from the program."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

PAGE = Path(__file__).parent.parent / "docs" / "cli.rst"
PICNIC = str(Path(sys.executable).parent / "picnic")
RUN = {"play", "replay", "simulate"}  # commands whose shown output is checked


def sessions() -> list[tuple[list[str], str]]:
    """Each console block that runs a ``picnic`` command, as (arguments, shown output)."""
    found = []
    for block in re.findall(r"\.\. code-block:: console\n\n((?:   .*\n|\n)+)", PAGE.read_text()):
        lines = [line[3:] for line in block.rstrip("\n").split("\n")]
        if not lines[0].startswith("$ picnic "):
            continue
        argv = lines[0].removeprefix("$ picnic ").split()
        if argv[0] in RUN and "--dask" not in argv:
            found.append((argv, "\n".join(lines[1:]) + "\n"))
    return found


def test_the_page_shows_a_typed_game_a_replay_and_a_simulation() -> None:
    assert [argv[0] for argv, _ in sessions()] == ["play", "replay", "simulate"]


def test_every_session_on_the_page_is_what_picnic_prints(tmp_path: Path) -> None:
    for argv, shown in sessions():
        typed = "".join(f"{answer}\n" for answer in re.findall(r"^seat \d> (.*)$", shown, re.M))
        done = subprocess.run(
            [PICNIC, *argv], input=typed, capture_output=True, text=True, cwd=tmp_path, check=False
        )
        assert (done.returncode, done.stderr) == (0, "")
        assert done.stdout == shown, argv
