"""The web page's screenshots in the docs (issue 42): every built-in game's middle and
end are shown on the web page's docs page, and every screenshot under
``docs/_static/web/`` is one that ``tools/docs_screenshots.py`` takes again from the
browser tests -- none made by hand."""

from __future__ import annotations

import importlib.util
import random
import re
import struct
import zlib
from pathlib import Path
from typing import Any

from games import BUILT_IN

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "docs" / "_static" / "web"


def _tool() -> Any:
    spec = importlib.util.spec_from_file_location(
        "docs_screenshots", ROOT / "tools" / "docs_screenshots.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_game_s_middle_and_end_are_shown_on_the_web_page_s_docs() -> None:
    page = (ROOT / "docs" / "web.rst").read_text(encoding="utf-8")
    shown = set(re.findall(r"\.\. image:: _static/web/(\S+)", page))
    for name in BUILT_IN:
        for when in ("middle", "end"):
            picture = f"games/{name}-{when}.png"
            assert picture in shown, picture
            data = (STATIC / picture).read_bytes()
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            assert struct.unpack(">II", data[16:24]) == (390, 844)  # a phone's screen


def test_every_screenshot_in_the_docs_is_taken_by_the_tool() -> None:
    tool = _tool()
    assert tool.BUILT_IN == BUILT_IN
    on_disk = {path.relative_to(STATIC).as_posix() for path in STATIC.rglob("*.png")}
    assert on_disk == set(tool.SHOWN.values())
    referenced = set()
    for page in (ROOT / "docs").glob("*.rst"):
        referenced |= set(re.findall(r"_static/web/(\S+\.png)", page.read_text(encoding="utf-8")))
    assert referenced == on_disk  # each shown, none left over
    for test in tool.TESTS:  # the tests it runs are there
        path, function = test.split("::")
        assert f"def {function}(" in (ROOT / path).read_text(encoding="utf-8"), test


def _png(pixels: list[list[tuple[int, int, int]]]) -> bytes:
    """An RGB PNG of ``pixels``, its rows filtered in turn by each of PNG's five filters."""
    rows, previous = [], bytes(3 * len(pixels[0]))
    for y, row in enumerate(pixels):
        line = bytes(value for pixel in row for value in pixel)
        kind, out = y % 5, bytearray()
        for x, value in enumerate(line):
            left = line[x - 3] if x >= 3 else 0
            up, corner = previous[x], previous[x - 3] if x >= 3 else 0
            guess = left + up - corner
            paeth = min((abs(guess - left), 0, left), (abs(guess - up), 1, up))
            paeth = min(paeth, (abs(guess - corner), 2, corner))
            base = [0, left, up, (left + up) // 2, paeth[2]][kind]
            out.append((value - base) & 255)
        rows.append(bytes([kind]) + bytes(out))
        previous = line

    def chunk(name: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body)) + name + body + struct.pack(">I", zlib.crc32(name + body))
        )

    head = struct.pack(">IIBBBBB", len(pixels[0]), len(pixels), 8, 2, 0, 0, 0)
    return b"".join(
        [b"\x89PNG\r\n\x1a\n", chunk(b"IHDR", head), chunk(b"IDAT", zlib.compress(b"".join(rows))),
         chunk(b"IEND", b"")]
    )  # fmt: skip


def test_the_tool_makes_a_screenshot_smaller_in_at_most_256_colours() -> None:
    tool = _tool()
    rng = random.Random(1)
    colours = [tuple(rng.randrange(256) for _ in range(3)) for _ in range(300)]
    pixels = [[colours[rng.randrange(200 if y < 9 else 300)] for _ in range(11)] for y in range(12)]
    data = _png(pixels)
    width, height, read = tool._rows(data)
    assert (width, height) == (11, 12)
    assert read == [[bytes(pixel) for pixel in row] for row in pixels]  # every filter undone
    small = tool.smaller(data)
    assert small[:8] == b"\x89PNG\r\n\x1a\n" and small[12:16] == b"IHDR"
    assert struct.unpack(">IIBB", small[16:26]) == (11, 12, 8, 3)  # 8-bit, a palette
    at, chunks = 8, {}
    while at < len(small):
        size, name = struct.unpack(">I4s", small[at : at + 8])
        chunks[name] = small[at + 8 : at + 8 + size]
        at += 12 + size
    palette = [chunks[b"PLTE"][n : n + 3] for n in range(0, len(chunks[b"PLTE"]), 3)]
    assert len(palette) <= 256
    raw = zlib.decompress(chunks[b"IDAT"])
    shown = [[palette[raw[y * 12 + 1 + x]] for x in range(11)] for y in range(12)]
    frequent = {colour for row in read for colour in row if colour in palette}
    for row, was in zip(shown, read, strict=True):
        for pixel, colour in zip(row, was, strict=True):
            if colour in frequent:
                assert pixel == colour  # a colour of the palette is kept exactly
            else:  # another is the nearest of the palette
                distance = sum((a - b) ** 2 for a, b in zip(pixel, colour, strict=True))
                assert distance == min(
                    sum((a - b) ** 2 for a, b in zip(p, colour, strict=True)) for p in palette
                )
