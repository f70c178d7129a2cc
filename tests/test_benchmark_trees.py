"""The side-by-side benchmarks' ``--before`` and ``--after`` (``benchmarks/trees.py``): a
folder, a checkout holding ``src``, or a git revision exported once; anything else is a
clear error naming what was looked for."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
ROOT = BENCHMARKS.parent
sys.path.insert(0, str(BENCHMARKS))

from trees import NoTree, source_tree  # noqa: E402


def test_a_folder_or_the_checkout_holding_it_names_its_src() -> None:
    assert source_tree(str(ROOT / "src")) == (ROOT / "src").resolve()
    assert source_tree(str(ROOT)) == (ROOT / "src").resolve()


def test_a_revision_is_exported_once_as_the_commit_holds_it() -> None:
    if not (ROOT / ".git").exists():
        pytest.fail(f"{ROOT} is no git checkout: the revisions are read from its repository")
    commit = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()
    src = source_tree("HEAD")
    assert src.parent.name == f"picnic-rules-{commit[:12]}"
    listed = subprocess.run(
        ["git", "-C", str(ROOT), "show", "HEAD:src/picnic_rules/__init__.py"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert (src / "picnic_rules" / "__init__.py").read_text(encoding="utf-8") == listed
    assert source_tree(commit) == src  # found again, not exported twice


def test_anything_else_is_refused_by_name() -> None:
    with pytest.raises(NoTree, match="'no-such-thing' is no folder holding picnic_rules"):
        source_tree("no-such-thing")
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "compare.py"), "--before", "no-such-thing"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "no folder holding picnic_rules and no git revision" in done.stderr
    assert "Traceback" not in done.stderr
