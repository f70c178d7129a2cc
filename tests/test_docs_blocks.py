"""Every code example of the docs runs on its own, or says what it needs (issue 42: the
``workers`` example of docs/agents.rst failed alone with a ``NameError``, its ``game``,
``view`` and ``legal`` made some eighty lines above).

* A ``>>>`` block runs given only the names the line above it lists -- the line
  ``docs/_ext/needs.py`` puts above every example that goes on from the examples before it
  ("Goes on from the examples above: uses ``game``, ``view``."); a block without that line
  runs alone. The blocks of a page run in order, each in a namespace of its own holding
  just those names, so a name the line leaves out fails the block.
* A ``.. code-block:: python`` runs alone, in a fresh interpreter in an empty folder, unless
  its first line says what it needs (``# needs: a Dask scheduler``); then it must compile,
  its imports must import, and every name it uses but does not bind must be named there.
"""

from __future__ import annotations

import ast
import doctest
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
sys.path.insert(0, str(DOCS / "_ext"))

from needs import Block, free_names, needs, python_blocks  # noqa: E402

PAGES = sorted(DOCS.glob("*.rst"))
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


@pytest.mark.parametrize("page", PAGES, ids=[page.stem for page in PAGES])
def test_every_example_runs_with_only_the_names_it_says_it_takes(page: Path) -> None:
    blocks = python_blocks(page.read_text(encoding="utf-8"))
    page_so_far: dict[str, object] = {}
    parser = doctest.DocTestParser()
    for block, names in zip(blocks, needs(blocks), strict=True):
        if not block.doctest:
            continue
        globs = {name: page_so_far[name] for name in names}
        test = parser.get_doctest(block.text, globs, f"{page.name}:{block.line}", str(page), 0)
        runner = doctest.DocTestRunner(optionflags=FLAGS)
        report = io.StringIO()
        runner.run(test, out=report.write, clear_globs=False)
        assert runner.failures == 0, f"{page.name}, line {block.line}:\n{report.getvalue()}"
        page_so_far.update(test.globs)


def _code_blocks() -> list[tuple[Path, Block]]:
    return [
        (page, block)
        for page in PAGES
        for block in python_blocks(page.read_text(encoding="utf-8"))
        if not block.doctest
    ]


@pytest.mark.parametrize(
    ("page", "block"), _code_blocks(), ids=[f"{p.stem}:{b.line}" for p, b in _code_blocks()]
)
def test_every_python_code_block_runs_alone_or_says_what_it_needs(
    page: Path, block: Block, tmp_path: Path
) -> None:
    first = block.text.lstrip().split("\n", 1)[0]
    if first.startswith("# needs:"):
        compile(block.text, f"{page.name}:{block.line}", "exec")
        _, used = free_names([block.text])
        said = first.removeprefix("# needs:")
        assert all(name in said for name in used), (used, first)
        tree = ast.parse(block.text)
        imports = [node for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))]
        source = "\n".join(ast.unparse(node) for node in imports)
    else:
        source = block.text
    done = subprocess.run(
        [sys.executable, "-c", source],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PICNIC_DATA_DIR": str(tmp_path / "data")},
        check=False,
    )
    assert done.returncode == 0, f"{page.name}, line {block.line}:\n{done.stderr}"


def test_the_blocks_of_a_page_are_read_as_sphinx_reads_them() -> None:
    page = """\
Text.

>>> game = 1
>>> game + 1
2

.. code-block:: python

   # needs: game, from above
   print(game)

>>> other = game
"""
    blocks = python_blocks(page)
    assert [(block.line, block.doctest) for block in blocks] == [(3, True), (9, False), (12, True)]
    assert needs(blocks) == [(), ("game",), ("game",)]


def test_the_workers_example_runs_alone() -> None:
    """The example of the issue: the block under "Several cores" makes its own view."""
    text = (DOCS / "agents.rst").read_text(encoding="utf-8")
    [block] = [block for block in python_blocks(text) if "workers=2) as twice" in block.text]
    assert needs(python_blocks(text))[python_blocks(text).index(block)] == ()
