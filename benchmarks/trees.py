"""The source trees the side-by-side benchmarks compare, named by a folder or a revision.

``--before`` and ``--after`` of ``compare.py``, ``instructions.py`` and ``ismcts_speed.py``
take either a folder (a ``src`` holding ``picnic_rules``, or a checkout holding ``src``) or
a git revision of this repository (``HEAD``, ``main``, ``HEAD~3``, a commit), whose ``src``
is exported once into a folder of the system's temporary directory named by its commit::

    python benchmarks/compare.py --before HEAD            # the last commit against the work tree
    python benchmarks/compare.py --before 7dc79f2 --after main

``--before`` defaults to ``HEAD``: what the uncommitted changes do.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
"""The checkout these benchmarks belong to (its git repository gives the revisions)."""


class NoTree(Exception):
    """A ``--before`` or ``--after`` that names neither a source tree nor a revision."""


def source_tree(spec: str) -> Path:
    """The ``src`` folder (holding ``picnic_rules``) that ``spec`` names: a folder, or a git
    revision exported once (see the module's text). Raises :class:`NoTree` with what was
    looked for."""
    folder = Path(spec).expanduser()
    for src in (folder, folder / "src"):
        if (src / "picnic_rules").is_dir():
            return src.resolve()
    commit = _commit(spec)
    if commit is None:
        raise NoTree(f"{spec!r} is no folder holding picnic_rules and no git revision of {ROOT}")
    target = Path(tempfile.gettempdir()) / f"picnic-rules-{commit[:12]}"
    if not target.is_dir():
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", "--format=tar", commit, "src"],
            check=True,
            capture_output=True,
        ).stdout
        # extracted beside it and renamed: a run stopped halfway leaves no half tree
        building = Path(tempfile.mkdtemp(prefix=f"{target.name}-", dir=target.parent))
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(building, filter="data")
        try:
            building.rename(target)
        except OSError:  # another run made it meanwhile
            shutil.rmtree(building)
    return target / "src"


def _commit(revision: str) -> str | None:
    """The full hash of the commit ``revision`` names in this repository, or ``None``."""
    found = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}"],
        capture_output=True,
        text=True,
    )
    return found.stdout.strip() or None if found.returncode == 0 else None
