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


def test_the_quickstart_starts_a_game_in_the_terminal() -> None:
    """Issue 42: the quickstart never mentioned ``picnic play``."""
    text = (PAGE.parent / "quickstart.rst").read_text(encoding="utf-8")
    commands = re.findall(r"^   \$ (picnic \S+)", text, re.M)
    assert "picnic play" in commands
    assert text.index("picnic play sandwich") < text.index(">>>")  # before the library


def test_frontends_names_the_client_documents_fields_as_they_are() -> None:
    """Issue 42: docs/frontends.rst called the client document's outcome "the result"
    (``update.result`` raised AttributeError). Every field the page names in the prose of
    the client document is one the document has."""
    import attrs

    from picnic_rules.client import SeatUpdate

    text = (PAGE.parent / "frontends.rst").read_text(encoding="utf-8")
    fields = {field.name for field in attrs.fields(SeatUpdate)}
    assert "the result" not in text and "and the outcome (``outcome``)" in text
    for name in re.findall(r"``update\.(\w+)``", text):
        assert name in fields, name
    assert "``update.outcome``" in text
