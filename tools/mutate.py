"""Mutation testing of one module: change one rule at a time and see whether the tests notice.

Usage (from the project root)::

    python tools/mutate.py src/picnic_rules/insects/predicates.py --tests tests/insects
    python tools/mutate.py MODULE --tests TESTS... [--functions f,g] [--jobs 2] [--timeout 60]
                           [--equivalent FILE] [--list] [--only N,...] [--fail-under PCT]

The script parses MODULE, lists its mutation sites (see ``OPERATORS`` below), and for each
mutant writes the changed module into a private copy of the package tree and runs
``python -m pytest -x -q`` on TESTS with that copy first on ``PYTHONPATH``. A mutant is
*killed* when the tests fail (or the run times out), and *survives* when they pass. The
unmutated module must pass first, and the copy must be the module Python imports, or the
script stops. Survivors are printed as ``path:line: original -> mutant`` with their function,
then a per-function table and the totals.

Mutant ids (``function:+line:col:operator``, the line counted from the function's ``def``)
do not change when other functions of the module are edited. A file given with
``--equivalent`` lists the ids judged equivalent (they cannot change what the module
computes), one a line with the reason after it; those are not run and not counted.

Standard library only.
"""

from __future__ import annotations

import argparse
import ast
import copy
import os
import queue
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Mutant", "Result", "main", "mutants_of", "mutant_source"]

Rewrite = Callable[[ast.AST], ast.AST]
"""Builds the mutated copy of a node (the original is never changed)."""

OPERATORS = """\
comparisons   < <-> <=, > <-> >= (the boundary), and each comparison negated:
              < <-> >=, > <-> <=, == <-> !=, is <-> is not, in <-> not in
integers      n -> n+1 and n -> n-1 (so 0 <-> 1 both ways)
booleans      True <-> False; `a and b` <-> `a or b`; `not x` -> `x`;
              `return x` negated in a function annotated `-> bool` (when x is not already
              a single comparison, a `not` or a constant, whose mutants say the same)
arithmetic    + <-> - (also in +=, -=), * -> //, // -> *
calls         min <-> max, any <-> all
skipped       docstrings, __all__, type annotations, decorators, f-strings"""

_NEGATED: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.GtE,
    ast.GtE: ast.Lt,
    ast.Gt: ast.LtE,
    ast.LtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
}
_BOUNDARY: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
}
_ARITHMETIC: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.FloorDiv,
    ast.FloorDiv: ast.Mult,
}
_SYMBOL: dict[type[ast.AST], str] = {
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.Is: "is",
    ast.IsNot: "is-not",
    ast.In: "in",
    ast.NotIn: "not-in",
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.FloorDiv: "//",
    ast.And: "and",
    ast.Or: "or",
}
_SWAPPED_CALLS = {"min": "max", "max": "min", "any": "all", "all": "any"}
_SKIPPED_NAMES = {"__all__", "__slots__", "__match_args__"}


@dataclass(frozen=True)
class Mutant:
    """One change to the module: where it is, what it does, and its stable id."""

    number: int
    """Its place in the module's list (1-based; changes when the module changes)."""
    ident: str
    """``function:+line:col:operator``, stable while the function is unchanged."""
    function: str
    """The qualified name of the enclosing function (``<module>`` for module level)."""
    line: int
    """The line of the changed node in the file."""
    original: str
    """The source of the node before the change (on one line)."""
    mutated: str
    """The source of the node after the change."""
    index: int = field(repr=False)
    """The node's position in ``ast.walk`` order (to find it again in a copy)."""
    rewrite: Rewrite = field(repr=False, compare=False)


@dataclass(frozen=True)
class Result:
    """What the tests said about one mutant."""

    mutant: Mutant
    outcome: str
    """``killed``, ``timeout`` (counted as killed), ``survived`` or ``error``."""
    seconds: float
    detail: str = ""


# ---------------------------------------------------------------- finding the sites


def _one_line(text: str, limit: int = 110) -> str:
    """Source text on one line, shortened to ``limit`` characters."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _returns_bool(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether the function is annotated ``-> bool``."""
    returns = function.returns
    if isinstance(returns, ast.Constant) and returns.value == "bool":
        return True
    return isinstance(returns, ast.Name) and returns.id == "bool"


def _is_docstring(node: ast.stmt, body: Sequence[ast.stmt]) -> bool:
    return (
        bool(body)
        and body[0] is node
        and isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    )


def _assigns_skipped_name(node: ast.stmt) -> bool:
    targets: list[ast.expr] = []
    if isinstance(node, ast.Assign):
        targets = node.targets
    elif isinstance(node, ast.AnnAssign | ast.AugAssign):
        targets = [node.target]
    return any(isinstance(t, ast.Name) and t.id in _SKIPPED_NAMES for t in targets)


class _Sites:
    """Walks a module and yields (node, function, anchor line, operator, rewrite)."""

    def __init__(self, tree: ast.Module) -> None:
        self.tree = tree
        self.found: list[tuple[ast.AST, str, int, str, Rewrite]] = []
        self._skipped: set[int] = set()

    def run(self) -> list[tuple[ast.AST, str, int, str, Rewrite]]:
        self._block(self.tree.body, "<module>", 0, returns_bool=False)
        return self.found

    # Statements and scopes -------------------------------------------------------------

    def _block(self, body: Sequence[ast.stmt], scope: str, anchor: int, returns_bool: bool) -> None:
        for statement in body:
            if _is_docstring(statement, body) or _assigns_skipped_name(statement):
                continue
            self._statement(statement, scope, anchor, returns_bool)

    def _statement(self, node: ast.stmt, scope: str, anchor: int, returns_bool: bool) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            name = node.name if scope == "<module>" else f"{scope}.{node.name}"
            for default in [*node.args.defaults, *node.args.kw_defaults]:
                if default is not None:
                    self._expression(default, scope, anchor)
            self._block(node.body, name, node.lineno, _returns_bool(node))
            return
        if isinstance(node, ast.ClassDef):
            name = node.name if scope == "<module>" else f"{scope}.{node.name}"
            self._block(node.body, name, node.lineno, returns_bool=False)
            return
        if isinstance(node, ast.AnnAssign):
            if node.value is not None:
                self._expression(node.value, scope, anchor)
            return
        if isinstance(node, ast.AugAssign) and type(node.op) in _ARITHMETIC:
            self._add(node, scope, anchor, _op_name(node.op, _ARITHMETIC[type(node.op)]), _aug)
        if isinstance(node, ast.Return) and returns_bool and node.value is not None:
            value = node.value
            covered = (
                (isinstance(value, ast.Compare) and len(value.ops) == 1)
                or (isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.Not))
                or isinstance(value, ast.Constant)
            )
            if not covered:
                self._add(value, scope, anchor, "return-negated", _negate)
        for name, value in ast.iter_fields(node):
            if name in {"annotation", "returns", "type_comment", "decorator_list"}:
                continue
            children = value if isinstance(value, list) else [value]
            if children and all(isinstance(c, ast.stmt) for c in children):
                self._block(children, scope, anchor, returns_bool)
                continue
            for child in children:
                if isinstance(child, ast.stmt):
                    self._statement(child, scope, anchor, returns_bool)
                elif isinstance(child, ast.expr):
                    self._expression(child, scope, anchor)
                elif isinstance(child, ast.AST):
                    self._other(child, scope, anchor, returns_bool)

    def _other(self, node: ast.AST, scope: str, anchor: int, returns_bool: bool) -> None:
        """Handlers, match cases, comprehensions' parts and the like."""
        for _, value in ast.iter_fields(node):
            children = value if isinstance(value, list) else [value]
            if children and all(isinstance(c, ast.stmt) for c in children):
                self._block(children, scope, anchor, returns_bool)
                continue
            for child in children:
                if isinstance(child, ast.expr):
                    self._expression(child, scope, anchor)
                elif isinstance(child, ast.AST):
                    self._other(child, scope, anchor, returns_bool)

    # Expressions -------------------------------------------------------------------------

    def _expression(self, node: ast.expr, scope: str, anchor: int) -> None:
        if isinstance(node, ast.JoinedStr):
            return
        if isinstance(node, ast.Lambda):
            self._expression(node.body, scope, anchor)
            return
        if isinstance(node, ast.Compare):
            for position, op in enumerate(node.ops):
                suffix = f"@{position}" if position else ""
                for table in (_BOUNDARY, _NEGATED):
                    if type(op) in table:
                        target = table[type(op)]
                        self._add(
                            node,
                            scope,
                            anchor,
                            _op_name(op, target) + suffix,
                            _compare(position, target),
                        )
        elif isinstance(node, ast.BoolOp):
            other: type[ast.boolop] = ast.Or if isinstance(node.op, ast.And) else ast.And
            self._add(node, scope, anchor, _op_name(node.op, other), _boolop(other))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            self._add(node, scope, anchor, "not-dropped", _drop_not)
        elif isinstance(node, ast.BinOp) and type(node.op) in _ARITHMETIC:
            target_op = _ARITHMETIC[type(node.op)]
            self._add(node, scope, anchor, _op_name(node.op, target_op), _binop(target_op))
        elif isinstance(node, ast.Constant):
            value = node.value
            if isinstance(value, bool):
                self._add(node, scope, anchor, f"{value}->{not value}", _constant(not value))
            elif isinstance(value, int):
                for changed in (value + 1, value - 1):
                    self._add(node, scope, anchor, f"{value}->{changed}", _constant(changed))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in _SWAPPED_CALLS
        ):
            swapped = _SWAPPED_CALLS[node.func.id]
            self._add(node, scope, anchor, f"{node.func.id}->{swapped}", _call(swapped))
        for _, value in ast.iter_fields(node):
            children = value if isinstance(value, list) else [value]
            for child in children:
                if isinstance(child, ast.expr):
                    self._expression(child, scope, anchor)
                elif isinstance(child, ast.AST):
                    self._other(child, scope, anchor, returns_bool=False)

    def _add(self, node: ast.AST, scope: str, anchor: int, operator: str, rewrite: Rewrite) -> None:
        self.found.append((node, scope, anchor, operator, rewrite))


def _op_name(before: ast.AST, after: type[ast.AST]) -> str:
    return f"{_SYMBOL[type(before)]}->{_SYMBOL[after]}"


def _compare(position: int, op: type[ast.cmpop]) -> Rewrite:
    def rewrite(node: ast.AST) -> ast.AST:
        new = copy.deepcopy(node)
        assert isinstance(new, ast.Compare)
        new.ops[position] = op()
        return new

    return rewrite


def _boolop(op: type[ast.boolop]) -> Rewrite:
    def rewrite(node: ast.AST) -> ast.AST:
        new = copy.deepcopy(node)
        assert isinstance(new, ast.BoolOp)
        new.op = op()
        return new

    return rewrite


def _binop(op: type[ast.operator]) -> Rewrite:
    def rewrite(node: ast.AST) -> ast.AST:
        new = copy.deepcopy(node)
        assert isinstance(new, ast.BinOp)
        new.op = op()
        return new

    return rewrite


def _aug(node: ast.AST) -> ast.AST:
    new = copy.deepcopy(node)
    assert isinstance(new, ast.AugAssign)
    new.op = _ARITHMETIC[type(new.op)]()
    return new


def _drop_not(node: ast.AST) -> ast.AST:
    assert isinstance(node, ast.UnaryOp)
    return copy.deepcopy(node.operand)


def _negate(node: ast.AST) -> ast.AST:
    assert isinstance(node, ast.expr)
    return ast.UnaryOp(op=ast.Not(), operand=copy.deepcopy(node))


def _constant(value: int) -> Rewrite:
    def rewrite(node: ast.AST) -> ast.AST:
        if value < 0:
            return ast.UnaryOp(op=ast.USub(), operand=ast.Constant(value=-value))
        new = copy.deepcopy(node)
        assert isinstance(new, ast.Constant)
        new.value = value
        return new

    return rewrite


def _call(name: str) -> Rewrite:
    def rewrite(node: ast.AST) -> ast.AST:
        new = copy.deepcopy(node)
        assert isinstance(new, ast.Call) and isinstance(new.func, ast.Name)
        new.func.id = name
        return new

    return rewrite


def mutants_of(source: str, functions: Sequence[str] = ()) -> list[Mutant]:
    """Every mutant of a module's source, in source order (or only inside ``functions``)."""
    tree = ast.parse(source)
    positions = {id(node): index for index, node in enumerate(ast.walk(tree))}
    found = _Sites(tree).run()
    found.sort(key=lambda site: (_line(site[0]), _col(site[0])))
    result: list[Mutant] = []
    seen: dict[str, int] = {}
    for node, scope, anchor, operator, rewrite in found:
        if functions and not any(
            scope == name or scope.startswith(name + ".") for name in functions
        ):
            continue
        line = _line(node)
        ident = f"{scope}:+{line - anchor}:{_col(node)}:{operator}"
        seen[ident] = seen.get(ident, 0) + 1
        if seen[ident] > 1:
            ident += f"#{seen[ident]}"
        original = ast.get_source_segment(source, node) or ast.unparse(node)
        result.append(
            Mutant(
                number=len(result) + 1,
                ident=ident,
                function=scope,
                line=line,
                original=_one_line(original),
                mutated=_one_line(ast.unparse(rewrite(node))),
                index=positions[id(node)],
                rewrite=rewrite,
            )
        )
    return result


def _line(node: ast.AST) -> int:
    return int(getattr(node, "lineno", 0))


def _col(node: ast.AST) -> int:
    return int(getattr(node, "col_offset", 0))


def mutant_source(source: str, mutant: Mutant) -> str:
    """The module's source with the mutant's one change, every other line left as it was.

    The changed node's text is replaced by its unparsed mutated form (in parentheses where
    it is an expression). The result is checked against the mutated tree; if they disagree,
    the whole mutated tree is unparsed instead.
    """
    tree = ast.parse(source)
    nodes = list(ast.walk(tree))
    node = nodes[mutant.index]
    new = mutant.rewrite(node)
    _replace(tree, node, new)
    expected = ast.dump(tree)
    text = ast.unparse(new)
    if isinstance(new, ast.expr) and not isinstance(new, ast.Constant):
        text = f"({text})"
    lines = source.splitlines(keepends=True)
    start, end = _line(node) - 1, int(getattr(node, "end_lineno", 0)) - 1
    start_col, end_col = _col(node), int(getattr(node, "end_col_offset", 0))
    head = lines[start].encode()[:start_col].decode()
    tail = lines[end].encode()[end_col:].decode()
    candidate = "".join([*lines[:start], head, text, tail, *lines[end + 1 :]])
    try:
        if ast.dump(ast.parse(candidate)) == expected:
            return candidate
    except SyntaxError:
        pass
    return ast.unparse(tree) + "\n"


def _replace(tree: ast.AST, old: ast.AST, new: ast.AST) -> None:
    for parent in ast.walk(tree):
        for name, value in ast.iter_fields(parent):
            if value is old:
                setattr(parent, name, new)
                return
            if isinstance(value, list):
                for position, item in enumerate(value):
                    if item is old:
                        value[position] = new
                        return
    raise ValueError("node not found in its tree")


# ---------------------------------------------------------------- running the tests


def package_root(module: Path) -> Path:
    """The directory to copy: the first ancestor of the module that is not a package."""
    root = module.resolve().parent
    while (root / "__init__.py").exists():
        root = root.parent
    return root


def module_name(module: Path, root: Path) -> str:
    """The dotted name Python imports the module by, from the copied root."""
    parts = list(module.resolve().relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@dataclass
class _Worker:
    """A private copy of the package tree that one mutant at a time is written into."""

    directory: Path
    target: Path
    env: dict[str, str]


def _make_worker(root: Path, relative: Path, base: Path, number: int) -> _Worker:
    directory = base / f"worker{number}"
    copied = directory / root.name
    shutil.copytree(
        root, copied, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "*.pyc")
    )
    (directory / "hypothesis").mkdir()
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(copied), *filter(None, [os.environ.get("PYTHONPATH")])]
    )
    env["HYPOTHESIS_STORAGE_DIRECTORY"] = str(directory / "hypothesis")
    return _Worker(directory=directory, target=copied / relative, env=env)


def _pytest(tests: Sequence[str], env: dict[str, str], timeout: float) -> tuple[str, str]:
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-x",
        "-q",
        "-p",
        "no:cacheprovider",
        "--no-header",
        "-o",
        "addopts=",
        *tests,
    ]
    process = subprocess.Popen(
        command,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        output, _ = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        return "timeout", ""
    if process.returncode == 0:
        return "survived", output
    if process.returncode in (1, 2):
        return "killed", output
    return "error", output


def _write(worker: _Worker, text: str) -> None:
    cache = worker.target.parent / "__pycache__"
    for stale in cache.glob(worker.target.stem + ".*.pyc"):
        stale.unlink()
    worker.target.write_text(text, encoding="utf-8")


def _run_one(
    pool: queue.Queue[_Worker],
    source: str,
    mutant: Mutant,
    tests: Sequence[str],
    timeout: float,
) -> Result:
    worker = pool.get()
    try:
        _write(worker, mutant_source(source, mutant))
        started = time.monotonic()
        outcome, output = _pytest(tests, worker.env, timeout)
        detail = output.strip().splitlines()[-1] if outcome == "error" and output.strip() else ""
        return Result(mutant, outcome, time.monotonic() - started, detail)
    finally:
        _write(worker, source)
        pool.put(worker)


# ---------------------------------------------------------------- the command


def read_equivalent(path: Path) -> dict[str, str]:
    """Mutant ids judged equivalent, each with its reason: ``id reason...`` a line."""
    judged: dict[str, str] = {}
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        ident, _, reason = line.partition(" ")
        if not reason.strip():
            raise SystemExit(f"{path}:{number}: {ident} needs a reason after the id")
        judged[ident] = reason.strip()
    return judged


def _select(mutants: list[Mutant], only: str | None) -> list[Mutant]:
    if not only:
        return mutants
    wanted = {item.strip() for item in only.split(",") if item.strip()}
    chosen = [m for m in mutants if str(m.number) in wanted or m.ident in wanted]
    missing = wanted - {str(m.number) for m in chosen} - {m.ident for m in chosen}
    if missing:
        raise SystemExit(f"--only: no mutant {', '.join(sorted(missing))}")
    return chosen


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python tools/mutate.py",
        description="Mutation testing of one module against the given tests.",
        epilog="mutation operators:\n" + OPERATORS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("module", type=Path, help="the Python file to mutate")
    parser.add_argument("--tests", nargs="+", default=[], help="test files or directories")
    parser.add_argument("--functions", help="comma-separated function names to mutate only")
    parser.add_argument("--jobs", type=int, default=1, help="test runs at once (default 1)")
    parser.add_argument(
        "--timeout",
        type=float,
        help="seconds for one test run, counted as killed past it (default: 6x the clean run, "
        "at least 60)",
    )
    parser.add_argument("--equivalent", type=Path, help="file of mutant ids judged equivalent")
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    parser.add_argument("--only", help="run only these mutants (comma-separated numbers or ids)")
    parser.add_argument(
        "--fail-under", type=float, help="exit 1 when the kill rate (in %%) is below this"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status (0, or 1 below --fail-under, 2 on errors)."""
    args = _parser().parse_args(argv)
    module: Path = args.module
    if not module.is_file():
        print(f"no such file: {module}", file=sys.stderr)
        return 2
    source = module.read_text(encoding="utf-8")
    functions = [f.strip() for f in (args.functions or "").split(",") if f.strip()]
    mutants = _select(mutants_of(source, functions), args.only)
    judged: dict[str, str] = {}
    if args.equivalent and args.equivalent.is_file():
        judged = read_equivalent(args.equivalent)
    elif args.equivalent:
        print(
            f"note: no file {args.equivalent}, so no mutant is judged equivalent", file=sys.stderr
        )
    shown = _display_path(module)
    if args.list:
        for m in mutants:
            mark = "  (equivalent)" if m.ident in judged else ""
            print(
                f"{m.number:4} {m.ident}{mark}\n     {shown}:{m.line}: {m.original} -> {m.mutated}"
            )
        print(f"{len(mutants)} mutants")
        return 0
    if not args.tests:
        print("--tests is required (the tests that should kill the mutants)", file=sys.stderr)
        return 2
    if args.jobs < 1:
        print("--jobs must be at least 1", file=sys.stderr)
        return 2
    stale = sorted(set(judged) - {m.ident for m in mutants_of(source)})
    for ident in stale:
        print(f"warning: {args.equivalent}: no mutant {ident} in {shown}", file=sys.stderr)
    to_run = [m for m in mutants if m.ident not in judged]
    equivalent = [m for m in mutants if m.ident in judged]
    root = package_root(module)
    relative = module.resolve().relative_to(root)
    with tempfile.TemporaryDirectory(prefix="mutate-") as temporary:
        base = Path(temporary)
        workers = [
            _make_worker(root, relative, base, n) for n in range(min(args.jobs, len(to_run)) or 1)
        ]
        problem = _check_setup(workers[0], module_name(module, root), args.tests)
        if problem:
            print(problem, file=sys.stderr)
            return 2
        started = time.monotonic()
        outcome, output = _pytest(args.tests, workers[0].env, timeout=3600)
        clean = time.monotonic() - started
        if outcome != "survived":
            print(output[-3000:], file=sys.stderr)
            print(
                "the tests fail on the unmutated module; fix them first (mutants not run)",
                file=sys.stderr,
            )
            return 2
        timeout = args.timeout if args.timeout else max(60.0, 6 * clean)
        print(
            f"{shown}: {len(to_run)} mutants to run ({len(equivalent)} judged equivalent), "
            f"clean run {clean:.1f} s, timeout {timeout:.0f} s, {len(workers)} job(s)",
            flush=True,
        )
        pool: queue.Queue[_Worker] = queue.Queue()
        for worker in workers:
            pool.put(worker)
        results: list[Result] = []
        with ThreadPoolExecutor(max_workers=len(workers)) as executor:
            futures = [
                executor.submit(_run_one, pool, source, m, args.tests, timeout) for m in to_run
            ]
            for done, future in enumerate(futures, 1):
                result = future.result()
                results.append(result)
                m = result.mutant
                print(
                    f"[{done}/{len(to_run)}] {result.outcome:8} {m.ident} ({result.seconds:.1f} s)",
                    flush=True,
                )
    return _report(shown, results, equivalent, judged, args.fail_under)


def _display_path(module: Path) -> str:
    try:
        return str(module.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(module)


def _check_setup(worker: _Worker, name: str, tests: Sequence[str]) -> str | None:
    """Make sure Python imports the copied module, not the installed one."""
    probe = subprocess.run(
        [sys.executable, "-c", f"import {name}, sys; sys.stdout.write({name}.__file__)"],
        env=worker.env,
        capture_output=True,
        text=True,
        check=False,
    )
    if probe.returncode != 0:
        return f"cannot import {name} from the copy:\n{probe.stderr[-2000:]}"
    if Path(probe.stdout).resolve() != worker.target.resolve():
        return f"{name} is imported from {probe.stdout}, not from the copy {worker.target}"
    missing = [t for t in tests if not Path(t.split("::")[0]).exists()]
    if missing:
        return f"no such tests: {', '.join(missing)}"
    return None


def _report(
    shown: str,
    results: list[Result],
    equivalent: list[Mutant],
    judged: dict[str, str],
    fail_under: float | None,
) -> int:
    survivors = [r for r in results if r.outcome == "survived"]
    errors = [r for r in results if r.outcome == "error"]
    if survivors:
        print("\nsurviving mutants:")
        for r in survivors:
            m = r.mutant
            print(
                f"{shown}:{m.line}: {m.original} -> {m.mutated}\n    in {m.function}  [{m.ident}]"
            )
    if errors:
        print("\nmutants the tests could not judge (not counted):")
        for r in errors:
            print(f"{shown}:{r.mutant.line}: [{r.mutant.ident}] {r.detail}")
    if equivalent:
        print("\njudged equivalent (not run, not counted):")
        for m in equivalent:
            print(f"  {m.ident}: {judged[m.ident]}")
    print("\nper function (killed / run):")
    by_function: dict[str, list[Result]] = {}
    for r in results:
        by_function.setdefault(r.mutant.function, []).append(r)
    width = max((len(name) for name in by_function), default=0)
    for name, group in by_function.items():
        killed = sum(r.outcome in ("killed", "timeout") for r in group)
        print(
            f"  {name:{width}}  {killed:3} / {len(group):<3}"
            + ("" if killed == len(group) else "  *")
        )
    counted = [r for r in results if r.outcome != "error"]
    killed = sum(r.outcome in ("killed", "timeout") for r in counted)
    timeouts = sum(r.outcome == "timeout" for r in counted)
    rate = 100.0 * killed / len(counted) if counted else 100.0
    print(
        f"\n{shown}: killed {killed} / {len(counted)} ({rate:.1f}%)"
        f"{f', {timeouts} by timeout' if timeouts else ''}; "
        f"{len(equivalent)} judged equivalent; {len(errors)} errors"
    )
    if errors:
        return 2
    if fail_under is not None and rate < fail_under:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
