"""Sphinx configuration for the picnic_rules documentation.

Build with ``sphinx-build -W --keep-going -b html docs docs/_build/html``. The build needs
no network: there is no intersphinx, and the package is imported from ``src/``.
"""

from __future__ import annotations

import json
import shutil
import sys
import tomllib
from importlib import metadata
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

project = "picnic_rules"
author = "picnic_rules developers"
copyright = "picnic_rules developers, MIT licence"
try:
    release = metadata.version("picnic-rules")
except metadata.PackageNotFoundError:  # a checkout that is not installed: its pyproject.toml
    with open(Path(__file__).resolve().parents[1] / "pyproject.toml", "rb") as file:
        release = tomllib.load(file)["project"]["version"]
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "needs",  # docs/_ext/needs.py: what an example takes from the examples above it
]

exclude_patterns = ["_build", "_generated", "_ext", "Thumbs.db", ".DS_Store"]
nitpicky = False

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autoclass_content = "class"
add_module_names = False

html_theme = "furo"
html_title = f"picnic_rules {release}"


# --------------------------------------------------------------------------
# JSON Schemas: schemas/<game>-<kind>.schema.json for every registered game and kind, written
# into _generated/ (git-ignored) and copied to the site; schemas.rst includes their table.

GENERATED = Path(__file__).resolve().parent / "_generated"


def write_schemas(root: Path = GENERATED) -> list[str]:
    """Write every schema file under ``root``/site/schemas and the table of links; return the files."""
    from picnic_rules import GAMES, codec

    shutil.rmtree(root, ignore_errors=True)
    folder = root / "site" / "schemas"
    folder.mkdir(parents=True)
    names = sorted(GAMES)
    rows = [".. list-table::", "   :header-rows: 1", "", "   * - kind"]
    rows += [f"     - {name}" for name in names]
    files = []
    for kind in codec.KINDS:
        rows.append(f"   * - ``{kind}``")
        for name in names:
            file = f"{name}-{kind}.schema.json"
            text = json.dumps(codec.schema(GAMES[name], kind), indent=2) + "\n"
            (folder / file).write_text(text, encoding="utf-8")
            rows.append(f"     - `{file} <schemas/{file}>`__")
            files.append(file)
    (root / "schema-table.txt").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return files


write_schemas()
html_extra_path = [str(GENERATED / "site")]
