"""The web tests' fixture: a live server per test module (see web_live.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from web_live import Live, serving


@pytest.fixture(scope="module")
def live() -> Iterator[Live]:
    """A server on a free port of 127.0.0.1, shared by the tests of one module."""
    with serving() as server:
        yield server
