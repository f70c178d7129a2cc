"""What building one immutable state costs, by number of fields and by way of building it.

Every step of a game builds one new state, so its construction cost is paid
on every step. This measures, for records of 6, 12 and 24 fields:

* ``frozen``: an ``@attrs.frozen`` (slotted) class called as ``State(...)``: attrs
  sets every field through ``object.__setattr__``;
* ``builder``: the same frozen class, built the way ``sandwich.state.build_state``
  builds a sandwich ``State``: the slots of a same-layout subclass with plain
  attribute setting are filled, then ``__class__`` becomes the frozen class;
* ``nested``: a frozen class with only half the fields plus one nested frozen
  record holding the rest (the rarely-changing ones), which is shared, not rebuilt;
* ``mutable``: an ``@attrs.define`` (slotted, mutable) class, for reference.

    python benchmarks/state_cost.py                 # best of 7 runs of 200,000
    python benchmarks/state_cost.py --number 50000

This is a measurement, never a test: nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import sys
import timeit
from collections.abc import Callable, Sequence
from typing import Any

import attrs


def record(name: str, fields: int, *, frozen: bool) -> type[Any]:
    """A slotted attrs class ``name`` with ``fields`` fields ``f0``, ``f1`` ..."""
    namespace = {f"f{i}": attrs.field() for i in range(fields)}
    decorate = attrs.frozen if frozen else attrs.define
    return decorate(type(name, (), namespace))


def builder(cls: type[Any]) -> Callable[..., Any]:
    """A fast positional constructor for the frozen slotted attrs class ``cls``.

    The generic form of ``sandwich.state.build_state``: fill a same-layout
    subclass whose attribute setting is plain, then assign ``__class__``.
    """
    names = [field.name for field in attrs.fields(cls)]
    building = type(
        f"_Building{cls.__name__}",
        (cls,),
        {"__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__},
    )
    body = "".join(f"    s.{name} = {name}\n" for name in names)
    source = (
        f"def build({', '.join(names)}):\n    s = new(B)\n{body}    s.__class__ = C\n    return s\n"
    )
    namespace: dict[str, Any] = {"new": object.__new__, "B": building, "C": cls}
    exec(source, namespace)
    built: Callable[..., Any] = namespace["build"]
    return built


def best(fn: Callable[[], object], number: int, repeat: int) -> float:
    """The best time of ``repeat`` runs of ``number`` calls, in µs per call."""
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number * 1e6


def measure(fields: int, number: int, repeat: int) -> dict[str, float]:
    """µs per construction of a ``fields``-field state, by each way of building it."""
    frozen = record(f"Frozen{fields}", fields, frozen=True)
    mutable = record(f"Mutable{fields}", fields, frozen=False)
    hot = fields // 2
    rest = record(f"Rest{fields}", fields - hot, frozen=True)
    nested = record(f"Nested{fields}", hot + 1, frozen=True)
    build = builder(frozen)
    values = tuple(range(fields))
    shared = rest(*values[hot:])
    made = build(*values)
    if made != frozen(*values) or type(made) is not frozen:
        raise AssertionError("the builder must make an ordinary frozen instance")
    return {
        "frozen": best(lambda: frozen(*values), number, repeat),
        "builder": best(lambda: build(*values), number, repeat),
        "nested": best(lambda: nested(*values[:hot], shared), number, repeat),
        "mutable": best(lambda: mutable(*values), number, repeat),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Print the table; the exit status is 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--number", "-n", type=int, default=200_000, help="calls per run")
    parser.add_argument("--repeat", "-r", type=int, default=7, help="runs (the best counts)")
    args = parser.parse_args(argv)
    if args.number < 1 or args.repeat < 1:
        parser.error("--number and --repeat must be at least 1")
    print(
        f"µs per construction, best of {args.repeat} runs of {args.number:,} "
        f"(Python {sys.version.split()[0]}, attrs {attrs.__version__})"
    )
    kinds = ("frozen", "builder", "nested", "mutable")
    print(f"{'fields':>6} " + " ".join(f"{kind:>8}" for kind in kinds))
    for fields in (6, 12, 24):
        times = measure(fields, args.number, args.repeat)
        print(f"{fields:>6} " + " ".join(f"{times[kind]:>8.3f}" for kind in kinds))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
