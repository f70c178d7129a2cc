"""``define_game``: a game module's contract functions and classes, checked and bundled."""

from __future__ import annotations

import functools
import inspect
import random
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, get_args

import attrs

from ..agents.human import HumanAgent
from ..agents.ismcts import ISMCTSAgent
from ..agents.random_agent import RandomAgent
from ..errors import (
    InvalidState,
    PicnicError,
    RulesError,
    kind_of,
    not_a_random,
    not_a_seat,
    with_article,
)
from ..game import GATE_MARK, Agent, ChanceMode, Game, GenericPart, check_player_count
from . import defaults, frontend
from .notation import Notation

__all__ = ["define_game"]

# name -> (parameter kinds, return kind); kinds: S V M R (the game's classes), "-" unchecked
_REQUIRED: dict[str, tuple[tuple[str, ...], str]] = {
    "new_game": (("-", "R"), "S"),
    "to_move": (("S",), "-"),
    "legal_moves": (("S",), "tuple[M]"),
    "apply": (("S", "M"), "S"),
    "chance_outcomes": (("S",), "-"),
    "is_over": (("S",), "-"),
    "result": (("S",), "-"),
    "view": (("S", "-"), "V"),
    "determinize": (("V", "-"), "S"),
    "check": (("S",), "-"),
    "max_moves": (("-", "R"), "-"),
    "max_chance_steps": (("-", "R"), "-"),
    "move_from_str": (("-",), "M"),
    "remaining": (("S",), "-"),
}
_FRONT_END: dict[str, tuple[tuple[str, ...], str]] = {
    "observe": (("S", "M", "-"), "O"),
    "update": (("V", "O"), "V"),
    "describe": (("V", "O"), "-"),
    "render": (("V",), "-"),
    "move_group": (("M",), "-"),
}
"""The front-end tier: a module may define each, or take the kit's default
(:mod:`picnic_rules.kit.frontend`)."""
_OBSERVED = ("Observation", "observe", "update", "describe")
"""Defined together or not at all: the kit's defaults work on the kit's ``Observation``."""
_OPTIONAL: dict[str, tuple[tuple[str, ...], str]] = {
    "apply_legal": (("S", "M"), "S"),
    "sample_chance": (("S", "-"), "M"),
    "parse_move": (("S", "-"), "M"),
    "random_move": (("S", "-"), "M"),
    "check_view": (("V",), "-"),
    "describe_move": (("V", "M"), "-"),
    "public": (("V",), "-"),
}
_CLASSES = ("Rules", "State", "View", "Move", "REASONS")


def _members(hint: Any) -> set[Any]:
    """The classes a (possibly union) annotation names."""
    return set(_ordered_members(hint))


def _ordered_members(hint: Any) -> tuple[Any, ...]:
    """The classes a (possibly union) annotation names, in the order it names them."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return tuple(member for arg in get_args(hint) for member in _ordered_members(arg))
    return (hint,)


def _check_function(
    game: str, name: str, fn: object, spec: tuple[tuple[str, ...], str], kinds: dict[str, set[Any]]
) -> None:
    """Raise TypeError unless ``fn`` takes the contract's arguments and its annotations fit."""
    if not callable(fn):
        raise TypeError(f"{game}: {name} must be a function, not {type(fn).__name__}")
    params, returns = spec
    try:
        signature = inspect.signature(fn)
    except (TypeError, ValueError):  # a builtin without a signature: take it on trust
        return
    try:
        signature.bind(*[None] * len(params))
    except TypeError as exc:
        raise TypeError(
            f"{game}: {name} must take {len(params)} positional argument(s): {exc}"
        ) from None
    try:
        hints = typing.get_type_hints(fn)
    except Exception:  # unresolvable annotations: only the arity is checked
        return
    names = list(signature.parameters)
    for position, kind in enumerate(params):
        hint = hints.get(names[position])
        if kind == "-" or hint is None or hint is Any or isinstance(hint, typing.TypeVar):
            continue
        if not kinds[kind] & _members(hint):
            raise TypeError(
                f"{game}: {name}'s argument {names[position]!r} is annotated {hint!r}, "
                f"but the contract passes the game's {_KIND_NAMES[kind]}"
            )
    hint = hints.get("return")
    if returns == "-" or hint is None or hint is Any or isinstance(hint, typing.TypeVar):
        return
    expected = returns
    if returns == "tuple[M]":
        if typing.get_origin(hint) is not tuple:
            raise TypeError(f"{game}: {name} must return a tuple of moves, not {hint!r}")
        hint, expected = get_args(hint)[0], "M"
    found = _members(hint)
    if not found <= kinds[expected]:
        raise TypeError(
            f"{game}: {name} is annotated to return {hint!r}, "
            f"but the contract expects the game's {_KIND_NAMES[expected]}"
        )


_KIND_NAMES = {"S": "State", "V": "View", "M": "moves", "R": "Rules", "O": "Observation"}

_HOT = frozenset(
    {
        "to_move",
        "legal_moves",
        "apply",
        "apply_legal",
        "is_over",
        "chance_outcomes",
        "sample_chance",
        "remaining",
    }
)
"""The functions a playout calls at every step: their guard is one test of a class."""


def _wraps(fn: Any) -> Callable[[Any], Any]:
    """``functools.wraps(fn)``, marking the wrapper as the kit's (:data:`GATE_MARK`)."""

    def mark(wrapper: Any) -> Any:
        wrapped = functools.wraps(fn)(wrapper)
        setattr(wrapped, GATE_MARK, wrapped)  # itself: a copy by another wrapper is not it
        return wrapped

    return mark


def _guard(
    game: str, name: str, fn: Any, expected: type, kind: str, view: type | None = None
) -> Any:
    """``fn`` refusing a first argument that is not the game's ``expected`` class with
    :class:`~picnic_rules.InvalidState` (not a bare ``AttributeError``, nor a wrong answer
    about another game's position). A function of :data:`_HOT` annotated to take the
    game's ``view`` as well (``to_move(state: State | View)``) takes either.
    """
    also = view if view is not None and name in _HOT and _admits(fn, view) else expected
    if also is not expected:
        kind = f"{kind} or View"

    def refuse(value: object) -> InvalidState:
        return _wrong_kind(name, game, kind, value)

    if name in _HOT:
        if name in _TAKES_RNG:  # sample_chance: both tests in the one wrapper
            return _guard_draw(name, fn, expected, also, refuse)
        return _guard_hot(fn, expected, also, refuse)
    if name in _TAKES_RNG:
        fn = _gate_rng(name, fn, 1)
    if getattr(fn, "_gates_its_kind", False):  # the seat gate of view checks it already
        gate: Any = fn
        gate.refuse_kind = refuse
        gate.expected_kind = expected
        return gate

    @_wraps(fn)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        if args and type(args[0]) is not expected:
            raise refuse(args[0])
        return fn(*args, **kwargs)

    return guarded


_TAKES_RNG = frozenset({"sample_chance", "determinize", "random_move"})
"""The contract functions whose second argument is the ``random.Random`` they draw from."""


def _gate_rng(name: str, fn: Any, position: int) -> Any:
    """``fn`` refusing, with :class:`~picnic_rules.PicnicError`, an ``rng`` (its argument at
    ``position``) that is not a ``random.Random`` (``None``, a seed), whether or not this
    call would have drawn from it."""

    @_wraps(fn)
    def gated(*args: Any, **kwargs: Any) -> Any:
        rng = args[position] if len(args) > position else kwargs.get("rng")
        if not isinstance(rng, random.Random):
            raise PicnicError(not_a_random(name, rng))
        return fn(*args, **kwargs)

    return gated


def _wrong_kind(name: str, game: str, kind: str, value: object) -> InvalidState:
    """The refusal of a ``value`` that is not the game's ``kind``: ``legal_moves takes an
    insects State, not an ants State``."""
    return InvalidState(f"{name} takes {with_article(f'{game} {kind}')}, not {kind_of(value)}")


def _guard_draw(
    name: str, fn: Any, expected: type, also: type, refuse: Callable[[object], InvalidState]
) -> Any:
    """The guard of a hot function of ``(state, rng)`` (``sample_chance``): the state's
    class and the ``rng``'s, in one wrapper (it runs at every chance step of a playout)."""

    @_wraps(fn)
    def drawn(state: Any, rng: Any) -> Any:
        if type(state) is not expected and type(state) is not also:
            raise refuse(state)
        if not isinstance(rng, random.Random):
            raise PicnicError(not_a_random(name, rng))
        return fn(state, rng)

    return drawn


_TAKES_OBSERVATION = frozenset({"update", "describe"})
"""The front-end parts whose second argument is one of the game's observations."""


def _not_observed(name: str, game: str, value: object) -> PicnicError:
    """The refusal of a ``value`` that is not one of ``game``'s observations: ``update takes
    a sandwich Observation, not None``."""
    return PicnicError(f"{name} takes {with_article(f'{game} Observation')}, not {kind_of(value)}")


def _guard_observation(game: str, name: str, fn: Any, observation: type) -> Any:
    """``fn(view, observation)`` refusing an ``observation`` that is not of the game's
    ``observation`` class with :class:`~picnic_rules.PicnicError`, before it reads a field."""

    @_wraps(fn)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        seen = args[1] if len(args) > 1 else kwargs.get("observation")
        if type(seen) is not observation:
            raise _not_observed(name, game, seen)
        return fn(*args, **kwargs)

    return guarded


def _gate_markup(fn: Any) -> Any:
    """``render`` refusing a ``markup`` that is not ``True`` or ``False`` (``"x"``, ``1``)
    with :class:`~picnic_rules.PicnicError`, rather than taking any truthy value for yes."""

    @_wraps(fn)
    def gated(*args: Any, **kwargs: Any) -> Any:
        markup = kwargs.get("markup", False)
        if type(markup) is not bool:
            raise PicnicError(f"render's markup must be True or False, not {kind_of(markup)}")
        return fn(*args, **kwargs)

    return gated


def _guard_generic(key: str, function: Any, kind: str) -> Any:
    """The kit's generic part ``function(game, value, ...)`` refusing a ``value`` that is
    not the game's ``State`` or ``View`` (``kind``: ``"S"`` or ``"V"``; any other kind is
    left as it is) with :class:`~picnic_rules.InvalidState`, as :func:`_guard` does for a
    game's own parts: the game is the record the part is bound to, known only then."""
    if kind not in ("S", "V"):
        return function
    label = _KIND_NAMES[kind]

    observed = key in _TAKES_OBSERVATION

    @_wraps(function)
    def guarded(game: Any, value: Any, *args: Any, **kwargs: Any) -> Any:
        expected = game.State if kind == "S" else game.View
        if type(value) is not expected:
            raise _wrong_kind(key, game.name, label, value)
        if observed:
            seen = args[0] if args else kwargs.get("observation")
            if type(seen) is not game.Observation:
                raise _not_observed(key, game.name, seen)
        return function(game, value, *args, **kwargs)

    return guarded


def _admits(fn: Any, cls: type) -> bool:
    """Whether the annotation of ``fn``'s first argument names ``cls``."""
    try:
        first = next(iter(inspect.signature(fn).parameters))
        hints = typing.get_type_hints(fn)
    except Exception:  # no signature, no argument, or unresolvable annotations
        return False
    return cls in _members(hints.get(first))


def _guard_hot(
    fn: Any, expected: type, also: type, refuse: Callable[[object], InvalidState]
) -> Any:
    """The guard of a function of :data:`_HOT`, by its number of arguments (no ``*args``:
    a playout calls these at every step): one test of the first argument's class
    (``expected``, or ``also``) before it runs."""
    try:
        arity = len(inspect.signature(fn).parameters)
    except (TypeError, ValueError):  # a builtin without a signature
        arity = 0
    if arity not in (1, 2):

        @_wraps(fn)
        def any_arity(*args: Any, **kwargs: Any) -> Any:
            if args and type(args[0]) is not expected and type(args[0]) is not also:
                raise refuse(args[0])
            return fn(*args, **kwargs)

        return any_arity
    if arity == 1:

        @_wraps(fn)
        def one(state: Any) -> Any:
            if type(state) is not expected and type(state) is not also:
                raise refuse(state)
            return fn(state)

        return one

    @_wraps(fn)
    def two(state: Any, other: Any) -> Any:
        if type(state) is not expected and type(state) is not also:
            raise refuse(state)
        return fn(state, other)

    return two


# ---------------------------------------------------------------- the gates


NOT_OVER = "the game is not over yet, so it has no result"
"""The message of ``result`` before the end, the same in every game."""


def rules_message(game: str, rules: object) -> str:
    """The message of a ``rules`` argument that is not the game's ``Rules``:
    ``rules must be a sandwich Rules, not a str``."""
    return f"rules must be {with_article(f'{game} Rules')}, not {kind_of(rules)}"


def _gate_rules(game: str, name: str, fn: Any, rules_class: type, players: tuple[int, int]) -> Any:
    """``fn(players, rules)`` refusing, with :class:`~picnic_rules.RulesError`, ``rules``
    of another type and a player count outside ``players`` or that
    ``rules.check_players`` refuses (a bound of a game no one can seat means nothing)."""
    signature = inspect.signature(fn)

    def check(count: object, rules: object) -> None:
        if type(rules) is not rules_class and not isinstance(rules, rules_class):
            raise RulesError(rules_message(game, rules))
        check_player_count(game, players, count)
        own = getattr(rules, "check_players", None)
        if own is not None:
            own(count)

    @_wraps(fn)
    def gated(*args: Any, **kwargs: Any) -> Any:
        if len(args) == 2 and not kwargs:  # new_game(players, rules): no binding to do
            check(*args)
        else:
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            values = list(bound.arguments.values())
            if len(values) >= 2:
                check(values[0], values[1])
        return fn(*args, **kwargs)

    return gated


def _no_refusal(value: object) -> InvalidState:
    """A gate's refusal before its guard gives it the game's (never raised: any kind passes)."""
    return InvalidState(f"not a state of this game: {type(value).__name__}")


def _gate_seat(fn: Any, position: int) -> Any:
    """``fn`` refusing, with :class:`~picnic_rules.PicnicError`, a seat (its argument
    at ``position``) that is not an int in ``0 .. state.players - 1`` (a bool is none)."""
    signature = inspect.signature(fn)
    kinds = [parameter.kind for parameter in signature.parameters.values()]
    if position == 1 and kinds == [inspect.Parameter.POSITIONAL_OR_KEYWORD] * 2:
        # view(state, seat): written out with the function's own names, so no binding to do;
        # it checks the state's kind too (the guard hands it its refusal, see _guard)
        state, seat = signature.parameters
        source = (
            f"def gated({state}, {seat}):\n"
            f"    if type({state}) is not gated.expected_kind:\n"
            f"        raise gated.refuse_kind({state})\n"
            f"    players = {state}.players\n"
            f"    if type({seat}) is not int or not 0 <= {seat} < players:\n"
            f"        raise PicnicError(not_a_seat({seat}, players))\n"
            f"    return fn({state}, {seat})\n"
        )
        namespace: dict[str, Any] = {"fn": fn, "PicnicError": PicnicError, "not_a_seat": not_a_seat}
        exec(compile(source, f"<seat gate of {fn.__qualname__}>", "exec"), namespace)
        gated_view: Any = _wraps(fn)(namespace["gated"])
        gated_view._gates_its_kind = True
        gated_view.expected_kind = object  # until the guard sets the game's State
        gated_view.refuse_kind = _no_refusal
        return gated_view

    @_wraps(fn)
    def gated(*args: Any, **kwargs: Any) -> Any:
        if len(args) > position:
            state, seat = args[0], args[position]
        else:
            values = list(signature.bind(*args, **kwargs).arguments.values())
            state, seat = values[0], values[position]
        players = state.players
        if type(seat) is not int or not 0 <= seat < players:
            raise PicnicError(not_a_seat(seat, players))
        return fn(*args, **kwargs)

    return gated


def _gate_result(fn: Any, is_over: Callable[[Any], bool]) -> Any:
    """``fn`` refusing a state whose game is not over with :class:`~picnic_rules.PicnicError`."""

    @_wraps(fn)
    def gated(state: Any) -> Any:
        if not is_over(state):
            raise PicnicError(NOT_OVER)
        return fn(state)

    return gated


def _fill_defaults(namespace: dict[str, Any]) -> None:
    """Put the rules tier's derived parts the module leaves out into its namespace:
    ``is_over`` (nobody is to move), ``max_moves`` and ``max_chance_steps`` (the
    termination measure at the new game) and ``move_from_str`` (its ``NOTATION``'s
    reader)."""
    to_move, remaining, new_game = (namespace.get(k) for k in ("to_move", "remaining", "new_game"))
    if "is_over" not in namespace and callable(to_move):

        def is_over(state: Any) -> bool:
            """Whether the game has ended: nobody is to move (the kit's default)."""
            return to_move(state) is None

        namespace["is_over"] = is_over
    if callable(remaining) and callable(new_game):

        def max_moves(players: int, rules: Any) -> int:
            """The most non-chance moves a game can take: the termination measure's
            ``moves`` at the new game (the kit's default)."""
            return int(remaining(new_game(players, rules)).moves)

        def max_chance_steps(players: int, rules: Any) -> int:
            """The most chance steps a game can take: the termination measure's ``chance``
            at the new game (the kit's default)."""
            return int(remaining(new_game(players, rules)).chance)

        namespace.setdefault("max_moves", max_moves)
        namespace.setdefault("max_chance_steps", max_chance_steps)
    notation = namespace.get("NOTATION")
    if "move_from_str" not in namespace and isinstance(notation, Notation):
        namespace["move_from_str"] = notation.read


def _public_view(
    name: str, namespace: Mapping[str, object], public: Any, view: type
) -> tuple[type, Any]:
    """The ``PublicView`` class and ``public`` function of a game: the module's own (both or
    neither), else those its :class:`~picnic_rules.kit.Visibility` derives (found on its
    ``view``), else the kit's default, which shows only the seat count."""
    kits = getattr(namespace.get("PublicView"), "from_the_kit", False) is True
    own = [key for key in ("PublicView", "public") if key in namespace and not kits]
    if len(own) == 1:
        lacking = "public" if own == ["PublicView"] else "PublicView"
        raise TypeError(f"{name}: a game module that defines {own[0]} must define {lacking} too")
    if own:
        cls = namespace["PublicView"]
        if not isinstance(cls, type) or not attrs.has(cls):
            raise TypeError(f"{name}: PublicView must be an attrs class, not {cls!r}")
        if "player" in {field.name for field in attrs.fields(cls)}:
            raise TypeError(f"{name}: PublicView has a 'player' field: it is nobody's view")
        return cls, public
    seen = getattr(namespace.get("view"), "visibility", None)
    if seen is not None and getattr(seen, "view_class", None) is view:
        guarded = _guard(name, "public", seen.public_of, view, "View")
        return typing.cast(type, seen.public_class), guarded
    return defaults.public_view_class(str(namespace.get("__name__", name))), public


def _one_line(name: str, key: str, text: object) -> str:
    """``text``, one line of words; else a :class:`TypeError` at import."""
    if type(text) is not str or not text.strip() or "\n" in text or len(text) > 200:
        raise TypeError(f"{name}: {key} must be one line of words, not {text!r}")
    return text


def _reason_words(name: str, reasons: tuple[str, ...], given: Mapping[str, str]) -> dict[str, str]:
    """Every end reason in words: ``given``'s, else the reason with spaces for dashes."""
    unknown = [reason for reason in given if reason not in reasons]
    if unknown:
        raise TypeError(f"{name}: reason_words names no end reason of the game: {unknown[0]!r}")
    return {
        reason: _one_line(name, f"reason_words[{reason!r}]", given[reason])
        if reason in given
        else reason.replace("-", " ")
        for reason in reasons
    }


def _board(name: str, board: object) -> str:
    """``board``, ``""`` or ``"PACKAGE:FILE.js"``; else a :class:`TypeError` at import."""
    if board == "":
        return ""
    package, _, file = board.partition(":") if type(board) is str else ("", "", "")
    if not package or not file.endswith(".js") or "/" in file or "\\" in file:
        raise TypeError(f"{name}: board must be 'PACKAGE:FILE.js' or '', not {board!r}")
    return typing.cast(str, board)


def define_game(
    namespace: Mapping[str, object],
    *,
    name: str,
    title: str,
    players: tuple[int, int] | None = None,
    variants: Mapping[str, Any] | None = None,
    agents: Mapping[str, Callable[[], Agent[Any, Any]]] | None = None,
    chance: ChanceMode = "explicit",
    face_down_moves: bool = False,
    about: str = "",
    reason_words: Mapping[str, str] | None = None,
    score_word: str = "Scores",
    board: str = "",
) -> Game[Any, Any, Any, Any, Any]:
    """The :class:`~picnic_rules.Game` record of the game module whose ``globals()`` is ``namespace``.

    The rules tier, which the module defines by these names: the classes
    ``Rules``, ``State`` and ``View``; ``Move`` (the union of its move classes;
    ``MOVE_TYPES`` may list them in another order); ``REASONS`` (every end
    reason); and the functions ``new_game``, ``to_move``, ``legal_moves``,
    ``apply``, ``chance_outcomes``, ``is_over``, ``result``, ``view``,
    ``determinize``, ``check``, ``max_moves``, ``max_chance_steps``,
    ``move_from_str`` and ``remaining`` (the termination measure, a
    :class:`~picnic_rules.Measure`). Of these the kit derives, unless the
    module defines its own: ``is_over`` (``to_move`` gives ``None``),
    ``max_moves`` and ``max_chance_steps`` (``remaining`` at the new game)
    and ``move_from_str`` (the module's ``NOTATION``, a
    :class:`~picnic_rules.kit.Notation`, reads it).

    The front-end tier, each part the kit's default
    (:mod:`picnic_rules.kit.frontend`) unless the module defines its own:
    ``Observation``, ``observe``, ``update`` and ``describe`` (all four or
    none: the defaults work together, on the kit's observation -- the seat's
    next view and the move if the seat sees it), ``describe_move``
    (:func:`~picnic_rules.kit.describe_move`), ``render`` and ``move_group``.
    :attr:`Game.provides <picnic_rules.Game.provides>` names the parts the
    module defines; a module that takes the default observation gets its class
    as its ``Observation`` (``namespace`` is updated).

    Also supplied unless the module defines its own: ``parse_move``
    (:func:`~picnic_rules.kit.parse_move`), ``sample_chance``
    (:func:`~picnic_rules.kit.sample_chance`; a game with
    ``chance="sampled"`` must define its own), ``random_move`` and
    ``check_view``; and ``apply_legal`` (``apply`` of a move ``legal_moves`` listed,
    checking nothing: what a search calls) is ``apply`` itself unless the module
    defines it.

    Every contract function whose first argument is the game's ``State`` or
    ``View`` is guarded, in the record and in the game module's own namespace
    (``namespace`` is updated): given another kind of object it raises
    :class:`~picnic_rules.InvalidState` naming what it takes, not a bare
    ``AttributeError``. The functions a playout calls at every step
    (``to_move``, ``legal_moves``, ``apply``, ``apply_legal``, ``is_over``,
    ``chance_outcomes``, ``sample_chance``, ``remaining``) test only the
    argument's class, so the guard costs them one call and one comparison, and
    a position of another game is refused even where its fields would answer
    (``insects.legal_moves`` of an ants state); a ``to_move`` annotated to take
    the game's ``View`` too takes either. A search takes the guards off
    (:func:`~picnic_rules.agents.search.engine_functions`).

    ``players`` is the fewest and the most seats (by default the module's
    ``PLAYERS``). ``about`` is the game told to a player in a screen (:attr:`Game.about
    <picnic_rules.Game.about>`).

    For the browser: ``reason_words`` gives end reasons in words (a reason left out is
    its name with spaces for dashes: ``"grain out"``), ``score_word`` what the scores
    count, ``board`` the game's own board script (``"PACKAGE:FILE.js"``); a module-level
    ``figures(public)`` gives the numbers a board shows, from the public view, as JSON
    data (``{}`` unless the module defines it). See :doc:`/frontends`.

    The gates, once for every game, with one message each (the game's own
    functions need not repeat them): ``new_game``, ``max_moves`` and
    ``max_chance_steps`` refuse a ``rules`` argument that is not the game's
    ``Rules`` (:class:`~picnic_rules.RulesError` ``rules must be a sandwich
    Rules, not a str``) and a player count outside ``players``
    (``sandwich takes 2 to 4 players, not 5``) or that ``Rules.check_players``
    refuses; ``view`` and ``observe`` refuse a seat that is not an int in
    ``0 .. players - 1`` (:class:`~picnic_rules.PicnicError` ``seat 5 is not a
    seat of this 2-player game``; a bool is no seat); ``update`` and ``describe``
    refuse what is not the game's ``Observation`` (:class:`~picnic_rules.PicnicError`
    ``update takes a sandwich Observation, not None``); ``result`` refuses a
    game not over (:class:`~picnic_rules.PicnicError` ``the game is not over
    yet, so it has no result``); ``sample_chance``, ``determinize`` and
    ``random_move`` refuse an ``rng`` that is not a ``random.Random``, whether
    or not the call would draw from it (:class:`~picnic_rules.PicnicError`
    ``sample_chance draws from a random.Random (random.Random(seed)), not an
    int``).

    Raises :class:`TypeError` at import, naming what is missing, not
    callable, taking the wrong number of arguments, or annotated with
    another class than the contract passes (``apply`` annotated to return a
    ``View``, say). ``variants`` gains ``"default": Rules()`` if it lacks
    it. Annotate the result with the game's types so that users and mypy
    see them: ``GAME: Game[State, View, Move, Rules, Observation] = define_game(...)``.
    """
    if not isinstance(namespace, dict):
        namespace = dict(namespace)
    if players is None:
        if "PLAYERS" not in namespace:
            raise TypeError(f"{name}: give players=(fewest, most) or define PLAYERS")
        players = typing.cast(tuple[int, int], namespace["PLAYERS"])
    _fill_defaults(namespace)
    missing = [key for key in (*_CLASSES, *_REQUIRED) if key not in namespace]
    if missing:
        raise TypeError(f"{name}: the game module does not define {', '.join(missing)}")
    if chance not in ("explicit", "sampled"):
        raise TypeError(f"{name}: chance must be 'explicit' or 'sampled', not {chance!r}")
    if chance == "sampled" and "sample_chance" not in namespace:
        raise TypeError(f"{name}: a game with sampled chance must define sample_chance")
    own = {key for key in frontend.TIER if key in namespace}
    if frontend.is_default(namespace.get("Observation")):  # the one define_game made before
        own.discard("Observation")
    observed = [key for key in _OBSERVED if key in own]
    if observed and len(observed) < len(_OBSERVED):
        lacking = ", ".join(key for key in _OBSERVED if key not in own)
        raise TypeError(
            f"{name}: a game module that defines {', '.join(observed)} must define {lacking} "
            "too (the kit's defaults work together, on the kit's Observation)"
        )
    for key in ("Rules", "State", "View", *observed[:1]):
        if not isinstance(namespace[key], type):
            raise TypeError(f"{name}: {key} must be a class, not {namespace[key]!r}")
    rules: type[Any] = typing.cast(type, namespace["Rules"])
    state: type[Any] = typing.cast(type, namespace["State"])
    view: type[Any] = typing.cast(type, namespace["View"])
    move_types = namespace.get("MOVE_TYPES") or _ordered_members(namespace["Move"])
    if not isinstance(move_types, tuple) or not all(isinstance(t, type) for t in move_types):
        raise TypeError(f"{name}: Move must be a move class or a union of move classes")
    module = str(namespace.get("__name__", name))
    observation: type[Any] = typing.cast(
        type,
        namespace["Observation"]
        if "Observation" in own
        else frontend.observation_class(module, view, move_types),
    )
    if set(move_types) != _members(namespace["Move"]):
        raise TypeError(f"{name}: MOVE_TYPES and the Move union list different classes")
    if "player" not in {field.name for field in attrs.fields(view)} if attrs.has(view) else True:
        raise TypeError(f"{name}: View must be an attrs class with a 'player' field (its seat)")
    for cls in (state, view):
        if not hasattr(cls, "players"):
            raise TypeError(
                f"{name}: {cls.__name__} must have a 'players' property (its seat count)"
            )
    reasons = namespace["REASONS"]
    if not isinstance(reasons, tuple) or not reasons or not all(type(r) is str for r in reasons):
        raise TypeError(f"{name}: REASONS must be a non-empty tuple of strings")
    kinds: dict[str, set[Any]] = {
        "S": {state, namespace["State"]},
        "V": {view},
        "M": {*move_types, namespace["Move"]},
        "R": {rules},
        "O": {observation},
    }
    for key, spec in {**_REQUIRED, **_FRONT_END, **_OPTIONAL}.items():
        if key in namespace:
            _check_function(name, key, namespace[key], spec, kinds)
    fns: dict[str, Any] = {key: namespace[key] for key in _REQUIRED}
    for key in ("new_game", "max_moves", "max_chance_steps"):
        fns[key] = _gate_rules(name, key, fns[key], rules, players)
    fns["view"] = _gate_seat(fns["view"], 1)
    fns["result"] = _gate_result(fns["result"], typing.cast(Any, namespace["is_over"]))
    for key, (params, _) in _REQUIRED.items():
        if params[0] in ("S", "V"):
            expected = state if params[0] == "S" else view
            fns[key] = _guard(name, key, fns[key], expected, _KIND_NAMES[params[0]], view)
    # the generic parts are bound to the finished record when it is built
    for key, (params, _) in _FRONT_END.items():
        if key in namespace:
            part = _gate_seat(namespace[key], 2) if key == "observe" else namespace[key]
            expected = state if params[0] == "S" else view
            fns[key] = (
                part
                if params[0] == "M"
                else _guard(name, key, part, expected, _KIND_NAMES[params[0]])
            )
            if key in _TAKES_OBSERVATION:
                fns[key] = _guard_observation(name, key, fns[key], observation)
            if key == "render":
                fns[key] = _gate_markup(fns[key])
        else:
            generic = _guard_generic(key, getattr(frontend, key), params[0])
            fns[key] = GenericPart(_gate_markup(generic) if key == "render" else generic, None)
    for key, generic in (
        ("parse_move", defaults.parse_move),
        ("sample_chance", defaults.sample_chance),
        ("random_move", defaults.random_move),
        ("check_view", defaults.check_view),
        ("describe_move", defaults.describe_move),
        ("public", defaults.public),
    ):
        if key in namespace:
            params = _OPTIONAL[key][0]
            expected = state if params[0] == "S" else view
            fns[key] = _guard(name, key, namespace[key], expected, _KIND_NAMES[params[0]])
        else:
            params = _OPTIONAL[key][0]
            part = _gate_rng(key, generic, 2) if key in _TAKES_RNG else generic
            fns[key] = GenericPart(_guard_generic(key, part, params[0]), None)
    fns["apply_legal"] = (
        _guard(name, "apply_legal", namespace["apply_legal"], state, "State")
        if "apply_legal" in namespace
        else fns["apply"]
    )
    fns["PublicView"], fns["public"] = _public_view(name, namespace, fns["public"], view)
    if "figures" in namespace:
        if not callable(namespace["figures"]):
            raise TypeError(f"{name}: figures must be a function of the PublicView")
        fns["figures"] = _guard(
            name, "figures", namespace["figures"], fns["PublicView"], "PublicView"
        )
    provides = frozenset(own)
    if isinstance(namespace, dict):  # the game module's globals: its own names guarded too
        namespace.update({key: fn for key, fn in fns.items() if key in namespace})
        namespace["Observation"] = observation
        namespace["PublicView"] = fns["PublicView"]
        if not isinstance(fns["public"], GenericPart):  # the kit's default stays the record's
            namespace["public"] = fns["public"]
    chosen = dict(variants or {})
    chosen.setdefault("default", rules())
    every_agent: dict[str, Callable[[], Agent[Any, Any]]] = {
        "random": RandomAgent,
        "ismcts": GenericPart(ISMCTSAgent, None),
        "human": GenericPart(HumanAgent, None),
        **(agents or {}),
    }
    return Game(
        name=name,
        title=title,
        players=players,
        Rules=rules,
        State=state,
        View=view,
        Observation=observation,
        move_types=move_types,
        reasons=reasons,
        chance=chance,
        face_down_moves=face_down_moves,
        about=about,
        reason_words=_reason_words(name, reasons, reason_words or {}),
        score_word=_one_line(name, "score_word", score_word),
        board=_board(name, board),
        provides=provides,
        variants=chosen,
        agents=every_agent,
        **fns,
    )
