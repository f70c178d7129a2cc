"""Markers by module: ``slow`` for the long harness, terminal and search runs, ``browser``
for the tests that drive Chromium.

A developer skips them locally with ``python -m pytest -m "not slow"`` (or
``-m "not browser"`` on a machine without Chromium); CI runs everything, in
parallel (``-n auto``, pytest-xdist).
"""

from __future__ import annotations

import os
import resource
import shutil
from pathlib import Path

import lifeline
import pytest

SLOW_MODULES = (
    "tests/sandwich/test_sandwich_harness.py",
    "tests/insects/test_insects_harness.py",
    "tests/poultry/test_poultry_harness.py",
    "tests/ants/test_ants_harness.py",
    "tests/test_long_games.py",
    "tests/test_cli_terminal.py",
    "tests/test_mutate_tool.py",
    "tests/test_ismcts.py",
    "tests/test_ismcts_search.py",
    "tests/test_codec_schema.py",
    "tests/web/test_web_browser.py",
    "tests/test_cli_saves.py",
    "tests/test_cli_simulate.py",
    "tests/test_cli_line_editing.py",
    "tests/host/test_host_race.py",
    "tests/test_cli_whole_game.py",
    "tests/web/test_web_poultry.py",
    "tests/web/test_web_ants.py",
    "tests/test_stopped_run.py",
)
"""The modules whose tests take the most time (each tens of seconds in all, or more)."""

BROWSER_MODULES = (
    "tests/web/test_web_browser.py",
    "tests/web/test_web_browser_hosting.py",
    "tests/web/test_web_poultry.py",
    "tests/web/test_web_ants.py",
    "tests/test_stopped_run.py",
)
"""The modules whose tests drive Chromium (Debian's, or the one ``PICNIC_CHROMIUM`` names)."""


def _open_files_as_allowed() -> None:
    """Raise the run's soft limit on open files to the hard one (``ulimit -Hn``): the
    tests of fair shares open a thousand connections, beyond a user's usual 1,024."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 1 << 16 if hard == resource.RLIM_INFINITY else min(hard, 1 << 16)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def pytest_configure(config: pytest.Config) -> None:
    """Nothing the run starts outlives it (:mod:`lifeline`): pytest's main process starts the
    watchdog that ends every process of the run when it ends; a pytest-xdist worker dies
    with the main process."""
    _open_files_as_allowed()
    if hasattr(config, "workerinput"):
        lifeline.tie_to_parent(int(os.environ.get(lifeline.CONTROLLER, "0")))
    else:
        lifeline.start_watchdog()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the tests of :data:`SLOW_MODULES` ``slow``, and those of :data:`BROWSER_MODULES`
    or that use the ``browser`` fixture (the lobby's, the games' pages) ``browser``."""
    for item in items:
        path = item.nodeid.split("::", 1)[0]
        if path in SLOW_MODULES:
            item.add_marker(pytest.mark.slow)
        if path in BROWSER_MODULES or "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(autouse=True)
def _data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test keeps ``picnic play``'s saved games (``PICNIC_DATA_DIR``) in a folder of its
    own, never in the user's data directory."""
    monkeypatch.setenv("PICNIC_DATA_DIR", str(tmp_path_factory.mktemp("picnic-data")))


def _chromium() -> str:
    return os.environ.get("PICNIC_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


def _selects(markexpr: str, marks: set[str]) -> bool:
    """Whether ``-m markexpr`` selects a test that carries exactly ``marks``."""
    try:
        from _pytest.mark.expression import Expression  # pytest's own reading of -m
    except ImportError:  # a pytest that moved it: read the two usual forms
        return not any(f"not {mark}" in markexpr for mark in marks)
    return bool(Expression.compile(markexpr).evaluate(lambda name: name in marks))


def _runs_browser_tests(config: pytest.Config) -> bool:
    """Whether this run's paths and ``-m`` expression take in the browser tests."""
    markexpr = config.getoption("markexpr", "") or ""
    if markexpr and not _selects(markexpr, {"slow", "browser"}):
        return False
    browser = Path(config.rootpath, BROWSER_MODULES[0]).resolve()
    args = [arg.split("::", 1)[0] for arg in config.args] or ["."]
    return any(
        browser == Path(arg).resolve() or Path(arg).resolve() in browser.parents for arg in args
    )


def pytest_sessionstart(session: pytest.Session) -> None:
    """Stop at once, with one message, when the browser tests are to run and there is no
    Chromium (on the controller only, under pytest-xdist)."""
    config = session.config
    if hasattr(config, "workerinput") or Path(_chromium()).exists():
        return
    if _runs_browser_tests(config):
        pytest.exit(
            f"the browser tests need Chromium and there is none at {_chromium()}: install "
            "Debian's (apt-get install -y chromium, as root or with sudo) or set "
            "PICNIC_CHROMIUM to another Chromium; or leave those tests out with "
            "-m 'not browser'. They never download a browser.",
            returncode=4,
        )
