"""The web page's screenshots in the docs, made again from the browser tests.

The tests that play whole games in headless Chromium (Debian's, driven by Playwright)
take screenshots as they play -- each game's middle and end at 390x844
(``tests/web/test_web_view.py``), the poultry and ants boards at 390x844 and 1280x800
(``test_web_poultry.py``, ``test_web_ants.py``), the lobby (``test_web_games.py``) -- into
``test-artifacts/web/``. This script runs those tests and copies the screenshots the docs
show (:data:`SHOWN`) into ``docs/_static/web/``, each in at most 256 colours (:func:`smaller`,
in plain Python), so that no picture in the docs is made by hand, and every one shows the
page as it is::

    python tools/docs_screenshots.py

Exit status 1 if a test failed or a screenshot was not taken afresh.
"""

from __future__ import annotations

import struct
import subprocess
import sys
import time
import zlib
from collections import Counter
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


def _rows(data: bytes) -> tuple[int, int, list[list[bytes]]]:
    """The width, the height and the pixels (RGB) of a PNG of 8-bit RGB or RGBA, not
    interlaced (as Chromium writes them)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    at, packed = 8, b""
    width = height = depth = kind = interlaced = 0
    while at < len(data):
        size, name = struct.unpack(">I4s", data[at : at + 8])
        body = data[at + 8 : at + 8 + size]
        at += 12 + size
        if name == b"IHDR":
            width, height, depth, kind, _, _, interlaced = struct.unpack(">IIBBBBB", body)
        elif name == b"IDAT":
            packed += body
    if depth != 8 or kind not in (2, 6) or interlaced:
        raise ValueError(f"a PNG of depth {depth}, colour type {kind}: not one Chromium writes")
    step = 3 if kind == 2 else 4
    raw, stride = zlib.decompress(packed), width * step
    previous, out = bytearray(stride), []
    for y in range(height):
        kind_of_filter = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - step] if x >= step else 0
            up, corner = previous[x], previous[x - step] if x >= step else 0
            if kind_of_filter == 1:
                line[x] = (line[x] + left) & 255
            elif kind_of_filter == 2:
                line[x] = (line[x] + up) & 255
            elif kind_of_filter == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind_of_filter == 4:
                guess = left + up - corner
                near = min(
                    (abs(guess - left), 0, left),
                    (abs(guess - up), 1, up),
                    (abs(guess - corner), 2, corner),
                )
                line[x] = (line[x] + near[2]) & 255
        out.append([bytes(line[x : x + 3]) for x in range(0, stride, step)])
        previous = line
    return width, height, out


def _chunk(name: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + name + body + struct.pack(">I", zlib.crc32(name + body))


def smaller(data: bytes) -> bytes:
    """A screenshot (PNG) in at most 256 colours: its most frequent colours, every other
    pixel the nearest of them -- a page's flat colours exact, a few edges of letters
    slightly off; about a quarter of the size."""
    width, height, pixels = _rows(data)
    counts = Counter(pixel for row in pixels for pixel in row)
    palette = [colour for colour, _ in counts.most_common(256)]
    index = {colour: number for number, colour in enumerate(palette)}
    for colour in counts:
        if colour not in index:
            index[colour] = min(
                range(len(palette)),
                key=lambda n: sum((a - b) ** 2 for a, b in zip(colour, palette[n], strict=True)),
            )
    raw = b"".join(b"\x00" + bytes(index[pixel] for pixel in row) for row in pixels)
    return b"".join(
        [
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),
            _chunk(b"PLTE", b"".join(palette)),
            _chunk(b"IDAT", zlib.compress(raw, 9)),
            _chunk(b"IEND", b""),
        ]
    )


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
        (DOCS / target).write_bytes(smaller((ARTIFACTS / source).read_bytes()))
        print(f"docs/_static/web/{target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
