"""The README's test command, ``python3 tools/test.py``: how it gets Debian's chromium (as root,
through ``sudo``, or one line saying what to run), when it leaves the browser out, and what it
runs. (The whole command, from a fresh clone, is what CI runs: ``.ci/run``.)"""

from __future__ import annotations

import importlib.util
import subprocess
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def script() -> ModuleType:
    """``tools/test.py`` as a module (it runs nothing when imported)."""
    spec = importlib.util.spec_from_file_location("picnic_test_command", ROOT / "tools" / "test.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_chromium_comes_from_apt_get_as_root_or_through_sudo() -> None:
    tool = script()
    assert tool.installer(True, None, "/usr/bin/apt-get") == []
    assert tool.installer(True, "/usr/bin/sudo", "/usr/bin/apt-get") == []
    assert tool.installer(False, "/usr/bin/sudo", "/usr/bin/apt-get") == ["/usr/bin/sudo"]
    assert tool.installer(False, None, "/usr/bin/apt-get") is None
    assert tool.installer(True, "/usr/bin/sudo", None) is None


class Machine:
    """A machine without Chromium, seen by ``tools/test.py``: who runs it, which of ``sudo``
    and ``apt-get`` it has, and whether ``apt-get install`` succeeds (then Chromium is there);
    the commands it was asked to run."""

    def __init__(self, uid: int, sudo: bool, installs: bool = True) -> None:
        self.uid, self.sudo, self.installs = uid, sudo, installs
        self.ran: list[list[str]] = []
        self.installed = False

    def which(self, name: str) -> str | None:
        if name == "sudo":
            return "/usr/bin/sudo" if self.sudo else None
        return {"apt-get": "/usr/bin/apt-get"}.get(name)

    def run(self, command: list[str], **options: Any) -> subprocess.CompletedProcess[str]:
        self.ran.append(command)
        if "install" in command and self.installs:
            self.installed = True
        return subprocess.CompletedProcess(command, 0 if self.installs else 100)

    def enter(self, tool: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(
            tool, "chromium", lambda: "/usr/bin/chromium" if self.installed else None
        )
        monkeypatch.setattr(tool.shutil, "which", self.which)
        monkeypatch.setattr(tool.subprocess, "run", self.run)
        monkeypatch.setattr(tool.os, "geteuid", lambda: self.uid)


@pytest.mark.parametrize(("uid", "prefix"), [(0, []), (1000, ["/usr/bin/sudo"])])
def test_a_missing_chromium_is_installed_with_apt_get(
    uid: int, prefix: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tool = script()
    machine = Machine(uid, sudo=True)
    machine.enter(tool, monkeypatch)
    tool.ensure_chromium()
    assert machine.ran == [
        [*prefix, "apt-get", "update", "-q"],
        [*prefix, "apt-get", "install", "-y", "-q", "chromium"],
    ]
    said = capsys.readouterr().out.splitlines()
    assert said[0] == (
        f"tools/test.py: installing Debian's chromium: {' '.join([*prefix, 'apt-get'])} "
        "install chromium"
    )
    assert said[1].startswith("tools/test.py: chromium installed in ") and len(said) == 2


@pytest.mark.parametrize("installs", [False, True])
def test_without_a_way_to_chromium_one_line_says_what_to_run(
    installs: bool, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tool = script()
    machine = Machine(1000, sudo=installs, installs=False)  # no sudo, or apt-get fails
    machine.enter(tool, monkeypatch)
    with pytest.raises(SystemExit) as stopped:
        tool.ensure_chromium()
    assert stopped.value.code == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == f"tools/test.py: {tool.NO_CHROMIUM}"
    assert "apt-get install -y chromium" in lines[-1]
    assert "python3 tools/test.py -m 'not browser'" in lines[-1]


def test_chromium_already_there_is_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    tool = script()
    machine = Machine(1000, sudo=False)
    machine.installed = True
    machine.enter(tool, monkeypatch)
    tool.ensure_chromium()
    assert machine.ran == []


def test_a_run_without_the_browser_tests_needs_no_chromium() -> None:
    tool = script()
    assert tool.wants_browser([])
    assert tool.wants_browser(["tests/web", "-x"])
    assert tool.wants_browser(["-m", "not slow"])
    assert not tool.wants_browser(["-m", "not browser"])
    assert not tool.wants_browser(["-m", "not slow and not browser"])
    assert not tool.wants_browser(["-mnot browser"])


def test_it_becomes_pytest_on_every_core_with_the_arguments_given(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    tool = script()
    python = tmp_path / "bin" / "python"
    became: list[list[str]] = []
    monkeypatch.setattr(tool, "environment", lambda: python)
    monkeypatch.setattr(tool, "install", lambda chosen: became.append(["install", str(chosen)]))
    monkeypatch.setattr(tool, "ensure_chromium", lambda: became.append(["chromium"]))
    monkeypatch.setattr(tool.os, "chdir", lambda folder: became.append(["cd", str(folder)]))
    monkeypatch.setattr(tool.os, "execv", lambda program, argv: became.append(argv))
    tool.main(["-m", "not slow"])
    assert became == [
        ["install", str(python)],
        ["chromium"],
        ["cd", str(ROOT)],
        [str(python), "-m", "pytest", "-n", "auto", "-m", "not slow"],
    ]
    became.clear()
    tool.main(["-n", "0", "-m", "not browser"])
    assert became[-1] == [str(python), "-m", "pytest", "-n", "0", "-m", "not browser"]
    assert ["chromium"] not in became
