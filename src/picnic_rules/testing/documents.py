"""The codec checks: exact JSON round trips ('codec') and strict documents ('documents').

Both pass the checked :class:`~picnic_rules.Game` to the codec, so they work
for a game that is not registered too. The documents of one seat --
``observation``, the client ``update`` (:func:`picnic_rules.client.seat_update`)
and the ``history`` (:func:`picnic_rules.history.seat_record`) -- are checked
when the codec lists their kind in :data:`picnic_rules.codec.KINDS`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from .. import codec
from ..errors import DecodeError
from ..typevars import M, R, S, V
from .text import short

if TYPE_CHECKING:
    from ..match import Record
    from .context import Context

__all__ = [
    "check_history",
    "check_object",
    "check_update",
    "has_kind",
    "key_paths",
    "without",
]


Path = tuple[str | int, ...]
"""Where a key sits in a JSON document: the keys and list indexes leading to it, then the key."""

LATER_DELETIONS = 1
"""Keys deleted (chosen at random) from a document of a kind already checked in full in this game."""
HISTORY_DELETIONS = 12
"""Keys deleted (chosen at random) from a history document, however long its game."""


def has_kind(kind: str) -> bool:
    """Whether the codec writes and reads documents of ``kind``."""
    return kind in codec.KINDS


def key_paths(doc: object, path: Path = ()) -> Iterator[Path]:
    """The path of every key of every JSON object in ``doc``, outermost first.

    >>> list(key_paths({"a": 1, "b": [{"c": 2}]}))
    [('a',), ('b',), ('b', 0, 'c')]
    """
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield (*path, key)
            yield from key_paths(value, (*path, key))
    elif isinstance(doc, list):
        for i, item in enumerate(doc):
            yield from key_paths(item, (*path, i))


def without(doc: dict[str, Any], path: Path) -> dict[str, Any]:
    """A copy of ``doc`` with the key at ``path`` deleted (``doc`` is left as it is).

    Only the objects and arrays along the path are copied.

    >>> without({"a": {"b": 1, "c": 2}, "d": [3]}, ("a", "b"))
    {'a': {'c': 2}, 'd': [3]}
    """
    out = dict(doc)
    parent: Any = out
    for step in path[:-1]:
        child = parent[step]
        parent[step] = child = dict(child) if isinstance(child, dict) else list(child)
        parent = child
    del parent[path[-1]]
    return out


def _shown(path: Path) -> str:
    return "$" + "".join(f"[{step}]" if type(step) is int else f".{step}" for step in path)


def check_object(
    checker: Context[S, V, M, R], obj: object, what: str, state: object, most: int | None = None
) -> None:
    """Run the selected codec checks on ``obj`` (any object the codec writes); ``most``
    bounds the keys deleted from its document."""
    if checker.on("codec"):
        round_trip(checker, obj, what, state)
    if checker.on("documents"):
        strict(checker, obj, what, state, most)


def check_update(
    checker: Context[S, V, M, R],
    state: S,
    seat: int,
    observations: tuple[Any, ...],
    before: V | None,
) -> None:
    """The codec checks of seat ``seat``'s client update in ``state`` (kind ``"update"``),
    with the ``observations`` that led to it from the seat's view ``before``."""
    if not has_kind("update") or not (checker.on("codec") or checker.on("documents")):
        return
    from ..client import seat_update

    game = checker.game
    what = f"seat_update(game, state, {seat}, observations, before)"
    update = checker.call(
        "codec", what, state, seat_update, game, state, seat, observations, before
    )
    check_object(checker, update, f"the client update of seat {seat}", state)


def check_history(
    checker: Context[S, V, M, R], record: Record[Any, Any], seat: int, state: S
) -> None:
    """The codec checks of seat ``seat``'s history of the finished game (kind ``"history"``)."""
    if not has_kind("history") or not (checker.on("codec") or checker.on("documents")):
        return
    from ..history import seat_record

    game = checker.game
    what = f"seat_record(record, {seat})"
    history = checker.call("codec", what, state, seat_record, record, seat, game)
    check_object(checker, history, f"the history of seat {seat}", state, HISTORY_DELETIONS)


def round_trip(checker: Context[S, V, M, R], obj: object, what: str, state: object) -> None:
    """``codec.loads(codec.dumps(obj)) == obj``."""
    game = checker.game
    text = checker.call("codec", f"codec.dumps({what})", state, codec.dumps, obj, game=game)
    back = checker.call(
        "codec", f"codec.loads(codec.dumps({what}))", state, codec.loads, text, game=game
    )
    if back != obj:
        checker.fail(
            "codec",
            f"{what} does not round-trip through JSON:\n  before: {short(obj, 1500)}\n"
            f"  after:  {short(back, 1500)}\n  json:   {text[:1500]}",
            state,
        )
    checker.ok()


def strict(
    checker: Context[S, V, M, R], obj: object, what: str, state: object, most: int | None = None
) -> None:
    """Deleting any one key of any object of ``obj``'s document makes decoding raise DecodeError.

    The first document of each kind in a game loses each of its keys in
    turn (at most ``most`` of them, chosen at random); later ones lose
    :data:`LATER_DELETIONS` key(s) chosen at random.
    """
    game = checker.game
    doc = checker.call("documents", f"codec.encode({what})", state, codec.encode, obj, game=game)
    paths = list(key_paths(doc))
    kind = str(doc.get("kind"))
    if kind in checker.documents_seen:
        paths = checker.rng.sample(paths, min(LATER_DELETIONS, len(paths)))
    elif most is not None:
        paths = checker.rng.sample(paths, min(most, len(paths)))
    checker.documents_seen.add(kind)
    for path in paths:
        try:
            decoded = codec.decode(without(doc, path), game=game)
        except DecodeError:
            checker.ok()
            continue
        except Exception as exc:
            checker.fail(
                "documents",
                f"decoding {what} without {_shown(path)} raised {type(exc).__name__}: {exc} "
                f"(only DecodeError is allowed)",
                state,
                exc,
            )
        checker.fail(
            "documents",
            f"{what} decodes without {_shown(path)} (to {short(decoded, 300)}): a missing "
            f"field must be a DecodeError, never a default",
            state,
        )
