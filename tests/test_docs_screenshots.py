"""The web page's screenshots in the docs (issue 42): every built-in game's middle and
end are shown on the web page's docs page, and every screenshot under
``docs/_static/web/`` is one that ``tools/docs_screenshots.py`` takes again from the
browser tests -- none made by hand."""

from __future__ import annotations

import importlib.util
import re
import struct
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
