"""The web tests' fixtures: a live server per test module (see web_live.py) and Debian's
Chromium, driven by Playwright, for the browser tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_live import CHROMIUM, Live, serving

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Chromium's flags: headless, and nothing it does of its own accord."""


@pytest.fixture(scope="module")
def live() -> Iterator[Live]:
    """A server on a free port of 127.0.0.1, shared by the tests of one module."""
    with serving() as server:
        yield server


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium (or ``PICNIC_CHROMIUM``'s), never a downloaded one."""
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"no Chromium at {CHROMIUM}: install Debian's chromium (apt-get install chromium) "
            "or set PICNIC_CHROMIUM; these tests never download a browser"
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield launched
        finally:
            launched.close()
