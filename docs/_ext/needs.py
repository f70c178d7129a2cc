"""Sphinx extension: above an example that goes on from the examples before it, a line
naming what it takes from them.

A page's examples build on each other: a ``>>>`` block uses the ``game`` and the ``view``
an earlier block made. Copied alone, such a block fails with a ``NameError``. This
extension reads each page's Python examples (doctest blocks, ``.. code-block:: python``)
in order and, above each one that uses names an earlier example binds, puts the line
"Goes on from the examples above: uses ``game``, ``view``." The names come from reading
the code (:func:`free_names`), never from running it; ``tests/test_docs_blocks.py`` runs
every example of every page given only the names its line lists, so the line is never
short of one.
"""

from __future__ import annotations

import ast
import builtins
import doctest
import re
from collections.abc import Iterator
from typing import Any, NamedTuple

__all__ = ["Block", "free_names", "needs", "python_blocks", "setup"]

_BUILTINS = frozenset(dir(builtins))
_PROMPT = re.compile(r"^\s*>>>")


class Block(NamedTuple):
    """A Python example of a page: its first line (from 1), whether it is a doctest block
    (``>>>``) or a code block, and its text (dedented)."""

    line: int
    doctest: bool
    text: str


def python_blocks(page: str) -> list[Block]:
    """The Python examples of an ``.rst`` page in order: each run of ``>>>`` lines (with
    their output, up to a blank line), and each ``.. code-block:: python`` without one."""
    lines = page.split("\n")
    out: list[Block] = []
    number = 0
    while number < len(lines):
        line = lines[number]
        if line.strip() == ".. code-block:: python":
            start, body, number = _indented(lines, number + 1)
            if body and not any(_PROMPT.match(row) for row in body):
                out.append(Block(start + 1, False, _dedent(body)))
            continue
        if _PROMPT.match(line):
            start = number
            while number < len(lines) and lines[number].strip():
                number += 1
            out.append(Block(start + 1, True, _dedent(lines[start:number])))
            continue
        number += 1
    return out


def _indented(lines: list[str], number: int) -> tuple[int, list[str], int]:
    """The indented body of a directive starting after line ``number`` (options and blank
    lines first skipped): the index of its first line, its lines, and the index of the
    first line after it."""
    while number < len(lines) and (
        not lines[number].strip() or lines[number].strip().startswith(":")
    ):
        number += 1
    start = number
    body = []
    while number < len(lines) and (not lines[number].strip() or lines[number].startswith(" ")):
        body.append(lines[number])
        number += 1
    while body and not body[-1].strip():
        body.pop()
    return start, body, number


def _dedent(rows: list[str]) -> str:
    indent = min((len(row) - len(row.lstrip()) for row in rows if row.strip()), default=0)
    return "\n".join(row[indent:] for row in rows)


def _sources(block: Block) -> Iterator[str]:
    """The Python statements of a block, example by example."""
    if not block.doctest:
        yield block.text
        return
    for example in doctest.DocTestParser().get_examples(block.text):
        yield example.source


def free_names(sources: list[str]) -> tuple[set[str], set[str]]:
    """The names statements ``sources`` bind, and those they use before (or without)
    binding them, builtins left out: statement by statement, in the order Python runs
    them (``state = apply(state, move)`` uses the ``state`` it rebinds; a loop's body uses
    the names its target and its earlier lines bind; a function's body, the names around
    it)."""
    bound: set[str] = set()
    used: set[str] = set()
    for source in sources:
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        _statements(tree.body, bound, used)
    return bound, used


def _statements(body: list[ast.stmt], bound: set[str], used: set[str]) -> None:
    """Add to ``used`` what ``body`` uses unbound, to ``bound`` what it binds."""
    for stmt in body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            for expr in [*stmt.decorator_list, *_defaults(stmt)]:
                _use(expr, bound, used)
            bound.add(stmt.name)
            inner = bound | _arguments(stmt)
            _statements(stmt.body, inner, used)
        elif isinstance(stmt, (ast.For, ast.AsyncFor)):
            _use(stmt.iter, bound, used)
            bound |= _targets(stmt.target)
            _statements(stmt.body + stmt.orelse, bound, used)
        elif isinstance(stmt, (ast.While, ast.If)):
            _use(stmt.test, bound, used)
            _statements(stmt.body + stmt.orelse, bound, used)
        elif isinstance(stmt, (ast.With, ast.AsyncWith)):
            for item in stmt.items:
                _use(item.context_expr, bound, used)
                if item.optional_vars is not None:
                    bound |= _targets(item.optional_vars)
            _statements(stmt.body, bound, used)
        elif isinstance(stmt, ast.Try):
            _statements(stmt.body, bound, used)
            for handler in stmt.handlers:
                if handler.type is not None:
                    _use(handler.type, bound, used)
                if handler.name:
                    bound.add(handler.name)
                _statements(handler.body, bound, used)
            _statements(stmt.orelse + stmt.finalbody, bound, used)
        elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
            bound |= {(alias.asname or alias.name).split(".")[0] for alias in stmt.names}
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            if stmt.value is not None:
                _use(stmt.value, bound, used)
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            if isinstance(stmt, ast.AugAssign):
                _use(stmt.target, bound, used)
            for target in targets:
                _use_inside(target, bound, used)  # subscripts and attributes read names
                bound |= _targets(target)
        else:
            _use(stmt, bound, used)


def _use(node: ast.AST, bound: set[str], used: set[str]) -> None:
    """Add the names ``node`` reads that nothing binds (a comprehension's or a lambda's
    own names left out); bind what a walrus binds."""
    own: set[str] = set()
    for inner in ast.walk(node):
        if isinstance(inner, ast.comprehension):
            own |= _targets(inner.target)
        elif isinstance(inner, ast.Lambda):
            own |= _arguments(inner)
    for inner in ast.walk(node):
        if isinstance(inner, ast.Name) and isinstance(inner.ctx, ast.Load):
            if inner.id not in bound and inner.id not in own and inner.id not in _BUILTINS:
                used.add(inner.id)
        elif isinstance(inner, ast.NamedExpr):
            bound |= _targets(inner.target)


def _use_inside(target: ast.AST, bound: set[str], used: set[str]) -> None:
    """The names an assignment target reads: ``table[seat] = ...`` reads ``table``."""
    if isinstance(target, (ast.Subscript, ast.Attribute)):
        _use(target, bound, used)
    elif isinstance(target, (ast.Tuple, ast.List)):
        for element in target.elts:
            _use_inside(element, bound, used)
    elif isinstance(target, ast.Starred):
        _use_inside(target.value, bound, used)


def _targets(target: ast.AST) -> set[str]:
    """The names an assignment target binds."""
    return {
        node.id
        for node in ast.walk(target)
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load)
    }


def _arguments(node: ast.AST) -> set[str]:
    args = getattr(node, "args", None)
    if not isinstance(args, ast.arguments):
        return set()
    every = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
    return {arg.arg for arg in every if arg is not None}


def _defaults(node: ast.AST) -> list[ast.expr]:
    args = getattr(node, "args", None)
    if isinstance(node, ast.ClassDef):
        return [*node.bases, *(keyword.value for keyword in node.keywords)]
    if not isinstance(args, ast.arguments):
        return []
    return [*args.defaults, *(default for default in args.kw_defaults if default is not None)]


def needs(blocks: list[Block]) -> list[tuple[str, ...]]:
    """For each block, the names it uses that an earlier block binds, in order."""
    above: set[str] = set()
    out = []
    for block in blocks:
        bound, used = free_names(list(_sources(block)))
        out.append(tuple(sorted(used & above)))
        above |= bound
    return out


def _blocks_of(doctree: Any) -> list[tuple[Any, Block]]:
    """The doctree's Python examples, each with its node, in order."""
    from docutils import nodes

    found = []
    for node in doctree.findall(
        lambda n: isinstance(n, (nodes.doctest_block, nodes.literal_block))
    ):
        text = node.astext()
        if isinstance(node, nodes.doctest_block) or ">>>" in text:
            found.append((node, Block(node.line or 0, True, text)))
        elif node.get("language") == "python":
            found.append((node, Block(node.line or 0, False, text)))
    return found


def _note(app: Any, doctree: Any) -> None:
    """Put the line above every example that uses names from the examples above it."""
    from docutils import nodes

    found = _blocks_of(doctree)
    for (node, _), names in zip(found, needs([block for _, block in found]), strict=True):
        if not names:
            continue
        note = nodes.paragraph(classes=["example-needs"])
        note += nodes.emphasis(text="Goes on from the examples above: uses ")
        for number, name in enumerate(names):
            if number:
                note += nodes.Text(", " if number < len(names) - 1 else " and ")
            note += nodes.literal(text=name)
        note += nodes.Text(".")
        node.parent.insert(node.parent.index(node), note)


def setup(app: Any) -> dict[str, Any]:
    """Register the extension."""
    app.connect("doctree-read", _note)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
