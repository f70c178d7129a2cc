"""tools/mutate.py on a tiny module: a killed and a surviving mutant are told apart."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from typing import Any

TOOL = Path(__file__).resolve().parents[1] / "tools" / "mutate.py"

MODULE = '''\
"""A tiny module."""

__all__ = ["is_big", "sign"]


def is_big(x: int) -> bool:
    """Ten or more."""
    return x >= 10


def sign(x: int) -> int:
    """The sign of a nonzero number."""
    return 1 if x > 0 else -1
'''

TESTS = """\
from tiny import is_big, sign


def test_is_big():
    assert is_big(10) and not is_big(9)


def test_sign():
    assert sign(5) == 1 and sign(-5) == -1
"""


def _project(tmp_path: Path) -> Path:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "tiny.py").write_text(MODULE)
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_tiny.py").write_text(TESTS)
    return tmp_path


def _run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(TOOL), "src/tiny.py", *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_list_names_each_mutant_by_a_stable_id(tmp_path: Path) -> None:
    run = _run(_project(tmp_path), "--list")
    assert run.returncode == 0, run.stderr
    assert "is_big:+2:11:>=->>" in run.stdout
    assert "sign:+2:16:>->>=" in run.stdout
    assert "src/tiny.py:8: x >= 10 -> x > 10" in run.stdout
    assert "__all__" not in run.stdout and "Ten" not in run.stdout


def test_killed_surviving_and_equivalent_mutants_are_reported(tmp_path: Path) -> None:
    project = _project(tmp_path)
    judged = project / "equivalent.txt"
    judged.write_text("# judged\nsign:+2:28:1->0 sign(-5) is not asked\n")
    only = "is_big:+2:11:>=->>,sign:+2:16:>->>=,sign:+2:28:1->0"
    run = _run(
        project, "--tests", "tests", "--jobs", "2", "--only", only, "--equivalent", str(judged)
    )
    out = run.stdout
    assert run.returncode == 0, out + run.stderr
    assert "killed   is_big:+2:11:>=->>" in out
    assert "survived sign:+2:16:>->>=" in out
    assert "src/tiny.py:13: x > 0 -> x >= 0\n    in sign  [sign:+2:16:>->>=]" in out
    assert "killed 1 / 2 (50.0%); 1 judged equivalent" in out
    assert "sign:+2:28:1->0: sign(-5) is not asked" in out
    assert "is_big    1 / 1" in out
    assert (project / "src" / "tiny.py").read_text() == MODULE  # the original is untouched


def test_a_failing_clean_run_stops_before_any_mutant(tmp_path: Path) -> None:
    project = _project(tmp_path)
    (project / "tests" / "test_tiny.py").write_text(
        TESTS + "\n\ndef test_bad():\n    assert False\n"
    )
    run = _run(project, "--tests", "tests", "--only", "1")
    assert run.returncode == 2
    assert "the tests fail on the unmutated module" in run.stderr


def _tool() -> Any:
    spec = importlib.util.spec_from_file_location("mutate_tool", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["mutate_tool"] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


SKIPPED = '''\
"""Docstring 1 < 2."""
from __future__ import annotations
import functools

__all__ = ["f"]
LIMIT: int = 3


@functools.lru_cache(maxsize=16)
def f(x: tuple[int, ...] = ()) -> str:
    """Not 1 + 1."""
    return f"{x!r:>10} {len(x) + 0}"
'''


def test_docstrings_all_annotations_decorators_and_f_strings_are_not_mutated() -> None:
    found = [(m.ident, m.original, m.mutated) for m in _tool().mutants_of(SKIPPED)]
    assert found == [("<module>:+6:13:3->4", "3", "4"), ("<module>:+6:13:3->2", "3", "2")]


def test_ids_stay_when_another_function_changes_and_other_lines_stay_identical() -> None:
    tool = _tool()
    before = "def a(x):\n    return x\n\n\ndef b(y):\n    return y < 2 and not y\n"
    after = "def a(x):\n    x = x\n    return x\n\n\ndef b(y):\n    return y < 2 and not y\n"
    ids = [m.ident for m in tool.mutants_of(before)]
    assert ids == [m.ident for m in tool.mutants_of(after)]
    assert ids == [
        "b:+1:11:and->or",
        "b:+1:11:<-><=",
        "b:+1:11:<->>=",
        "b:+1:15:2->3",
        "b:+1:15:2->1",
        "b:+1:21:not-dropped",
    ]
    for mutant in tool.mutants_of(before):
        changed = tool.mutant_source(before, mutant).splitlines()
        assert changed[:5] == before.splitlines()[:5]
    mutant = tool.mutants_of(before)[0]
    assert tool.mutant_source(before, mutant).splitlines()[5] == "    return (y < 2 or not y)"
