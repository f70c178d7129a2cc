"""Check the release artefacts in a folder: one sdist and one wheel, holding what they must.

    python tools/check_dist.py dist

The wheel must hold ``picnic_rules/py.typed``, the web page's static files and the
package's modules, and nothing from the tests, the docs (or their build), the benchmarks,
the tools or a CI virtual environment; the sdist must hold the sources and the licence.
Prints what it found and exits 1 naming every fault (this is a CI step, not a test).
"""

from __future__ import annotations

import sys
import tarfile
import zipfile
from pathlib import Path

WHEEL_MUST = (
    "picnic_rules/py.typed",
    "picnic_rules/__init__.py",
    "picnic_rules/web/static/",
    "picnic_rules/web/static/boards/common.js",
)
WHEEL_MUST_NOT = ("tests/", "docs/", "_build/", "benchmarks/", "tools/", ".ci-venv/", "examples/")
SDIST_MUST = ("pyproject.toml", "README.md", "LICENSE", "src/picnic_rules/__init__.py")


def check(folder: Path) -> list[str]:
    """The faults of the artefacts in ``folder`` (none: they are fit to publish)."""
    wheels = sorted(folder.glob("*.whl"))
    sdists = sorted(folder.glob("*.tar.gz"))
    if len(wheels) != 1 or len(sdists) != 1:
        return [f"expected one wheel and one sdist in {folder}, found {wheels + sdists}"]
    faults = []
    with zipfile.ZipFile(wheels[0]) as wheel:
        names = wheel.namelist()
    print(f"{wheels[0].name}: {len(names)} files")
    for must in WHEEL_MUST:
        if not any(name.startswith(must) for name in names):
            faults.append(f"the wheel lacks {must}")
    for name in names:
        if name.startswith(WHEEL_MUST_NOT) or "/__pycache__/" in name:
            faults.append(f"the wheel holds {name}")
    with tarfile.open(sdists[0]) as sdist:
        members = [member.split("/", 1)[1] for member in sdist.getnames() if "/" in member]
    print(f"{sdists[0].name}: {len(members)} files")
    for must in SDIST_MUST:
        if must not in members:
            faults.append(f"the sdist lacks {must}")
    return faults


def main() -> int:
    """Check the folder named on the command line (default ``dist``)."""
    faults = check(Path(sys.argv[1] if len(sys.argv) > 1 else "dist"))
    for fault in faults:
        print(f"fault: {fault}", file=sys.stderr)
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
