"""``Rules`` fields that validate themselves and raise :class:`~picnic_rules.RulesError`.

A game's ``Rules`` is a frozen attrs class whose fields are built here::

    @attrs.frozen
    class Rules:
        bread: int = count(16, maximum=MAX_CARDS)
        hand_size: int = count(2, maximum=MAX_HAND)
        strict: bool = flag(False)

A field may carry its ``label`` for players (a front end's form shows it, the field's
docstring as its help; by default the name in words: ``hand_size`` is "Hand size"), and a
count that names a seat says so (``seat=True``: a form offers the players, not numbers):
both are the field's metadata (:data:`LABEL`, :data:`SEAT`).

An invalid value raises :class:`~picnic_rules.RulesError` whose
:attr:`~picnic_rules.RulesError.field` names the field. Every count has an
upper bound (documented by the game), so no option can make a game build
astronomically large numbers: the default bound is :data:`MAX_COUNT`.
"""

from __future__ import annotations

import ast
import functools
import inspect
import itertools
import textwrap
from typing import Any, Final

import attrs

from ..errors import RulesError

__all__ = ["LABEL", "MAX_COUNT", "SEAT", "count", "field_docs", "flag"]

MAX_COUNT: Final = 10_000
"""The largest value a count option takes unless the game sets a smaller ``maximum``."""

LABEL: Final = "picnic_rules.label"
"""The metadata key of an option's label for players (``count(2, label="Cards dealt")``)."""

SEAT: Final = "picnic_rules.seat"
"""The metadata key that marks a count option naming a seat (``count(0, seat=True)``)."""


@attrs.frozen
class _Count:
    minimum: int
    maximum: int

    def __call__(self, instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        name = attribute.name
        if type(value) is not int:
            raise RulesError(f"{name} must be an int, not {type(value).__name__}", field=name)
        if value < self.minimum:
            shown = value if value > -(10**12) else "a larger negative number"
            raise RulesError(f"{name} must be at least {self.minimum}, not {shown}", field=name)
        if value > self.maximum:
            shown = value if value < 10**12 else "a larger number"
            raise RulesError(f"{name} must be at most {self.maximum}, not {shown}", field=name)


def _flag(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not bool:
        name = attribute.name
        raise RulesError(f"{name} must be a bool, not {type(value).__name__}", field=name)


def _metadata(label: str, seat: bool = False) -> dict[str, Any]:
    return {**({LABEL: label} if label else {}), **({SEAT: True} if seat else {})}


def count(
    default: int,
    *,
    minimum: int = 0,
    maximum: int = MAX_COUNT,
    label: str = "",
    seat: bool = False,
) -> Any:
    """An int option in ``minimum..maximum`` (a bool is refused); ``label`` is its name for
    players, ``seat`` says that it names a seat (0 the first).

    >>> @attrs.frozen
    ... class Rules:
    ...     cards: int = count(10, minimum=1, maximum=99)
    >>> Rules(cards=0)
    Traceback (most recent call last):
    ...
    picnic_rules.errors.RulesError: cards must be at least 1, not 0
    """
    if not minimum <= default <= maximum:
        raise ValueError(f"the default {default} is outside {minimum}..{maximum}")
    return attrs.field(
        default=default, validator=_Count(minimum, maximum), metadata=_metadata(label, seat)
    )


def flag(default: bool, *, label: str = "") -> Any:
    """A bool option (an int is refused); ``label`` is its name for players."""
    return attrs.field(default=default, validator=_flag, metadata=_metadata(label))


@functools.lru_cache(maxsize=256)
def field_docs(cls: type) -> dict[str, str]:
    """The docstring under each field of the class ``cls`` itself (a string that follows
    the field's annotated line in its source), cleaned of indentation, by field name;
    ``{}`` where the source cannot be read. An option's help is its field's docstring."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    except (OSError, TypeError, SyntaxError):
        return {}
    body = next((node.body for node in tree.body if isinstance(node, ast.ClassDef)), [])
    docs: dict[str, str] = {}
    for node, after in itertools.pairwise(body):
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[node.target.id] = inspect.cleandoc(after.value.value)
    return docs
