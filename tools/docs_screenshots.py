"""The web page's screenshots in the docs, made again from the browser tests.

The tests that play whole games in headless Chromium (Debian's, driven by Playwright)
take screenshots as they play -- each game's middle and end at 390x844
(``tests/web/test_web_view.py``), the poultry and ants boards at 390x844 and 1280x800
(``test_web_poultry.py``, ``test_web_ants.py``), the lobby (``test_web_games.py``) -- into
``test-artifacts/web/``. This script runs those tests and copies the screenshots the docs
show (:data:`SHOWN`) into ``docs/_static/web/``, so that no picture in the docs is made by
hand, and every one shows the page as it is::

    python tools/docs_screenshots.py

Exit status 1 if a test failed or a screenshot was not taken afresh.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

from picnic_rules import registry

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts" / "web"
DOCS = ROOT / "docs" / "_static" / "web"

TESTS = (
    "tests/web/test_web_view.py::test_a_whole_game_in_view_in_words_and_counted_out",
    "tests/web/test_web_poultry.py::test_a_whole_game_by_mouse_with_haggling_and_screenshots",
    "tests/web/test_web_ants.py::test_a_whole_game_by_mouse_with_screenshots",
    "tests/web/test_web_games.py::test_two_seats_through_the_lobby_and_a_spectator",
)
"""The tests that take the screenshots."""

BUILT_IN = tuple(module.rpartition(".")[2] for module in registry.BUILTIN)
"""The games whose middle and end the docs show: every built-in game (the registry's list)."""

SHOWN: dict[str, str] = {
    **{
        f"docs/{name}-{when}.png": f"games/{name}-{when}.png"
        for name in BUILT_IN
        for when in ("middle", "end")
    },
    "poultry-mid-1280x800.png": "boards/poultry-mid-1280x800.png",
    "poultry-haggle-390x844.png": "boards/poultry-haggle-390x844.png",
    "poultry-duel-390x844.png": "boards/poultry-duel-390x844.png",
    "ants-mid-1280x800.png": "boards/ants-mid-1280x800.png",
    "ants-end-390x844.png": "boards/ants-end-390x844.png",
    "lobby-390.png": "lobby-390.png",
}
"""Each screenshot the docs show: its name in ``test-artifacts/web/`` and in
``docs/_static/web/``."""


def main() -> int:
    """Run the tests, copy the screenshots; 0 if every one was taken afresh."""
    started = time.time()
    ran = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-n", "0", *TESTS],
        cwd=ROOT,
        check=False,
    )
    if ran.returncode != 0:
        print("a test failed: no screenshot copied", file=sys.stderr)
        return 1
    stale = [
        source
        for source in SHOWN
        if not (ARTIFACTS / source).exists() or (ARTIFACTS / source).stat().st_mtime < started
    ]
    if stale:
        print(f"not taken afresh: {', '.join(stale)}", file=sys.stderr)
        return 1
    for source, target in SHOWN.items():
        (DOCS / target).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ARTIFACTS / source, DOCS / target)
        print(f"docs/_static/web/{target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
