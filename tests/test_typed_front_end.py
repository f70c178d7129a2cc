"""Types reach front ends: mypy, run on the small front end ``tests/typed/front_end.py``,
sees a built-in game's own classes through ``GAMES``, ``seat_update``, the history
functions, ``Record``, ``SeatRecord`` and ``Agent`` -- never ``Any``."""

from __future__ import annotations

import re
from pathlib import Path

from mypy import api  # in the dev extra: pip install -e '.[dev]'

FRONT_END = Path(__file__).parent / "typed" / "front_end.py"
POULTRY_MOVE = "Draw | Supply | Commit | Reveal | Resolve | Allot | NoDeal | Accept | Reject | Roll"


def _short(revealed: str) -> str:
    """A revealed type without module paths, the poultry move union as ``MOVE``."""
    plain = re.sub(r"\b(?:[a-z_]+\.)+([A-Za-z_]\w*)", r"\1", revealed)
    return plain.replace(POULTRY_MOVE, "MOVE")


def test_mypy_reveals_the_games_own_types_through_the_front_end_layer() -> None:
    expected = {
        number: line.split("  # -> ")[1]
        for number, line in enumerate(FRONT_END.read_text(encoding="utf-8").splitlines(), 1)
        if "  # -> " in line
    }
    out, err, _ = api.run(["--strict", "--no-error-summary", str(FRONT_END)])
    revealed = {
        int(match.group(1)): _short(match.group(2))
        for match in re.finditer(r":(\d+): note: Revealed type is \"(.*)\"", out)
    }
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert errors == [] and err == "", out + err
    assert revealed == expected
    assert len(expected) >= 10
