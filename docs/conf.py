"""Sphinx configuration for the picnic_rules documentation.

Build with ``sphinx-build -W --keep-going -b html docs docs/_build/html``. The build needs
no network: there is no intersphinx, and the package is imported from ``src/``.
"""

from __future__ import annotations

import sys
from importlib import metadata
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

project = "picnic_rules"
author = "picnic_rules developers"
copyright = "picnic_rules developers, MIT licence"
try:
    release = metadata.version("picnic-rules")
except metadata.PackageNotFoundError:  # building from a checkout that is not installed
    release = "0.1.0"
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
]

exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
nitpicky = False

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autoclass_content = "class"
add_module_names = False

html_theme = "furo"
html_title = f"picnic_rules {release}"
