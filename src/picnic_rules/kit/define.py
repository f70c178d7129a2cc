"""``define_game``: a game module's contract, read, checked and bundled in its ``Game`` record.

The module's functions stay as it wrote them: ``poultry.apply`` is the rule. The record
holds each with the kit's checks around it -- ``poultry.GAME.apply`` refuses what is not
a poultry state or move, as pgx's ``Env.step`` checks around its ``_step`` -- and, in
:attr:`Game.engine <picnic_rules.Game.engine>`, the unchecked ones a search calls at
every step. Reading the module is :mod:`~picnic_rules.kit.parts`; the checks are
:mod:`~picnic_rules.kit.guards` (the kind of a position) and
:mod:`~picnic_rules.kit.gates` (rules, seats, results, ``rng``, markup, observations,
moves).

A game whose hidden cards are counts (a hand, the deck, by their sizes) declares who
sees each field with a :class:`~picnic_rules.kit.Visibility` and gets its ``View``,
``view``, ``determinize`` and public view derived; one whose hidden parts follow other
rules (poultry's face-down commitments, ants' dice and cards) writes them itself.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Mapping
from typing import Any

from ..agents.human import HumanAgent
from ..agents.ismcts import ISMCTSAgent
from ..agents.random_agent import RandomAgent
from ..game import Agent, ChanceMode, Game, GenericPart
from . import defaults, frontend, spaces
from .contract import FRONT_END, KIND_NAMES, OPTIONAL, TAKES_OBSERVATION, TAKES_RNG
from .gates import (
    gate_markup,
    gate_move,
    gate_observation,
    gate_result,
    gate_rng,
    gate_rules,
    gate_seat,
    gate_view,
)
from .guards import guard, guard_apply, guard_generic, refusal
from .parts import Parts, read_parts

__all__ = ["define_game"]

_GENERIC: dict[str, Callable[..., Any]] = {
    "parse_move": defaults.parse_move,
    "sample_chance": defaults.sample_chance,
    "random_move": defaults.random_move,
    "check_view": defaults.check_view,
    "describe_move": defaults.describe_move,
}
"""The kit's generic part of each name a module may leave out."""

_READ: tuple[str, ...] = ("players", "Rules", "State", "View", "Observation", "PublicView")
_READ += ("move_types", "reasons", "provides")
"""The fields of the record read from the module (:class:`~picnic_rules.kit.parts.Parts`)."""

_T = typing.TypeVar("_T")


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
    about: str | None = None,
    reason_words: Mapping[str, str] | None = None,
    score_word: str | None = None,
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
    (:func:`~picnic_rules.kit.describe_move`), ``describe_public`` (``describe`` told to
    no seat, what a spectator reads), ``render`` and ``move_group``.
    :attr:`Game.provides <picnic_rules.Game.provides>` names the parts the
    module defines.

    Also supplied unless the module defines its own: ``parse_move``
    (:func:`~picnic_rules.kit.parse_move`), ``sample_chance``
    (:func:`~picnic_rules.kit.sample_chance`; a game with
    ``chance="sampled"`` must define its own), ``random_move`` and
    ``check_view``; and ``apply_legal`` (``apply`` of a move ``legal_moves`` listed,
    checking nothing: what a search calls) is ``apply`` itself unless the module
    defines it.

    The module's functions stay as written, and its namespace gains only the classes the
    kit makes for it and names after it, so that they pickle by name: a default
    ``Observation`` and a derived ``PublicView`` (a name the module defines is never
    replaced). The record holds each function with the kit's checks around it -- call
    through it (``GAME``, :data:`~picnic_rules.GAMES`) for the checked contract -- and
    :attr:`Game.engine <picnic_rules.Game.engine>` the unchecked ones a search calls at
    every step (:meth:`Game.as_written <picnic_rules.Game.as_written>` names any).

    Every function of the record whose first argument is the game's ``State`` or
    ``View`` is guarded: given another kind of object it raises
    :class:`~picnic_rules.InvalidState` naming what it takes, not a bare
    ``AttributeError``. The functions a playout calls at every step
    (``to_move``, ``legal_moves``, ``apply``, ``apply_legal``, ``is_over``,
    ``chance_outcomes``, ``sample_chance``, ``remaining``) test only the
    argument's class, so the guard costs them one call and one comparison, and
    a position of another game is refused even where its fields would answer
    (``insects.GAME.legal_moves`` of an ants state); a ``to_move`` annotated to
    take the game's ``View`` too takes either.

    ``players`` is the fewest and the most seats. ``variants`` names rule sets
    (``{"short": Rules(...)}``). ``about`` is the game told to a player in a screen
    (:attr:`Game.about <picnic_rules.Game.about>`). Each of these four, and the two
    below, left out is the module's own by its name in capitals, if it has one:
    ``PLAYERS``, ``VARIANTS``, ``ABOUT``, ``REASON_WORDS`` and ``SCORE_WORD`` (so a
    game's call names only what its module does not say).

    For the browser: ``reason_words`` gives end reasons in words (a reason left out is
    its name with spaces for dashes: ``"grain out"``), ``score_word`` what the scores
    count (``"Scores"`` unless given), ``board`` the game's own board script
    (``"PACKAGE:FILE.js"``); a module-level ``figures(public)`` gives the numbers a board
    shows, from the public view, as JSON data (``{}`` unless the module defines it). See
    :doc:`/frontends`.

    The gates, once for every game, with one message each (the game's own
    functions need not repeat them): ``new_game``, ``max_moves`` and
    ``max_chance_steps`` refuse a ``rules`` argument that is not the game's
    ``Rules`` (:class:`~picnic_rules.RulesError` ``rules must be a sandwich
    Rules, not a str``) and a player count outside ``players``
    (``sandwich takes 2 to 4 players, not 5``) or that ``Rules.check_players``
    refuses; ``apply`` refuses a value of none of the game's move classes
    (:class:`~picnic_rules.IllegalMove` ``not a move of sandwich: it is a str, not
    a move``), so what ``apply`` takes is the same in every game -- a move of the
    game, listed or equal to a listed one by value -- and an object that compares
    equal to everything is no move; ``view`` and ``observe`` refuse a seat that is
    not an int in ``0 .. players - 1`` (:class:`~picnic_rules.PicnicError` ``seat 5
    is not a seat of this 2-player game``; a bool is no seat); ``update`` and
    ``describe`` refuse what is not the game's ``Observation``
    (:class:`~picnic_rules.PicnicError` ``update takes a sandwich Observation, not
    None``); ``result`` refuses a game not over (:class:`~picnic_rules.PicnicError`
    ``the game is not over yet, so it has no result``); ``sample_chance``,
    ``determinize`` and ``random_move`` refuse an ``rng`` that is not a
    ``random.Random``, whether or not the call would draw from it
    (:class:`~picnic_rules.PicnicError` ``sample_chance draws from a random.Random
    (random.Random(seed)), not an int``).

    The action-space tier (:mod:`picnic_rules.kit.spaces`), for learning libraries:
    ``action_space``, ``chance_space`` and ``view_bounds``, each of ``(players,
    rules)`` and gated as ``new_game`` is; the module's own (named in
    :attr:`Game.provides <picnic_rules.Game.provides>`), else the kit's default where
    one derives (:func:`picnic_rules.kit.spaces.tier`: from the ``NOTATION`` and the
    :class:`~picnic_rules.kit.Visibility`), else ``None``.

    Raises :class:`TypeError` at import, naming what is missing, not
    callable, taking the wrong number of arguments, or annotated with
    another class than the contract passes (``apply`` annotated to return a
    ``View``, say). ``variants`` gains ``"default": Rules()`` if it lacks
    it. Annotate the result with the game's types so that users and mypy
    see them: ``GAME: Game[State, View, Move, Rules, Observation] = define_game(...)``.
    """
    parts = read_parts(namespace, name, players, chance)
    variants = _by_name(namespace, "VARIANTS", variants)
    about = _by_name(namespace, "ABOUT", about)
    reason_words = _by_name(namespace, "REASON_WORDS", reason_words)
    score_word = _by_name(namespace, "SCORE_WORD", score_word)
    checked = {**_rules_tier(parts), **_front_end(parts), **_generic_parts(parts)}
    for key, part in spaces.tier(namespace, chance=chance).items():  # the action-space tier
        checked[key] = None if part is None else gate_rules(name, part, parts.Rules, parts.players)
    checked.setdefault("apply_legal", checked["apply"])
    written = {key: (checked[key], fn) for key, fn in parts.functions.items()}
    written.setdefault("apply_legal", written["apply"])  # apply itself
    if "figures" in namespace:
        if not callable(namespace["figures"]):
            raise TypeError(f"{name}: figures must be a function of the PublicView")
        checked["figures"] = guard(
            name, "figures", namespace["figures"], parts.PublicView, "PublicView"
        )
        written["figures"] = (checked["figures"], namespace["figures"])
    if parts.public is not None:  # the module's own, or its Visibility's
        written["public"] = (checked["public"], parts.public)
    if isinstance(namespace, dict):  # the classes made for the module, named after it
        namespace.setdefault("Observation", parts.Observation)
        namespace.setdefault("PublicView", parts.PublicView)
    chosen = dict(variants or {})
    chosen.setdefault("default", parts.Rules())
    every_agent: dict[str, Callable[[], Agent[Any, Any]]] = {
        "random": RandomAgent,
        "ismcts": GenericPart(ISMCTSAgent, None),
        "human": GenericPart(HumanAgent, None),
        **(agents or {}),
    }
    return Game(
        name=name,
        title=title,
        chance=chance,
        face_down_moves=face_down_moves,
        about=about or "",
        reason_words=_reason_words(name, parts.reasons, reason_words or {}),
        score_word=_one_line(name, "score_word", "Scores" if score_word is None else score_word),
        board=_board(name, board),
        variants=chosen,
        agents=every_agent,
        written=written,
        **{key: getattr(parts, key) for key in _READ},
        **checked,
    )


def _by_name(namespace: Mapping[str, object], name: str, given: _T | None) -> _T | None:
    """``given``, or else the module's own value of ``name`` (``None`` if it has none)."""
    if given is not None:
        return given
    found: Any = namespace.get(name)
    return typing.cast("_T | None", found)


def _rules_tier(parts: Parts) -> dict[str, Any]:
    """The rules tier's functions with their guards and gates."""
    name, fns, state, view = parts.name, parts.functions, parts.State, parts.View
    checked: dict[str, Any] = {"move_from_str": fns["move_from_str"]}
    for key in ("new_game", "max_moves", "max_chance_steps"):
        checked[key] = gate_rules(name, fns[key], parts.Rules, parts.players)
    checked["apply"] = guard_apply(name, fns["apply"], state, view, frozenset(parts.move_types))
    checked["view"] = gate_view(fns["view"], state, refusal(name, "view", "State"))
    result = gate_result(fns["result"], fns["is_over"])
    checked["result"] = guard(name, "result", result, state, "State")
    for key in ("to_move", "legal_moves", "chance_outcomes", "is_over", "check", "remaining"):
        checked[key] = guard(name, key, fns[key], state, "State", view)
    checked["determinize"] = guard(name, "determinize", fns["determinize"], view, "View")
    return checked


def _front_end(parts: Parts) -> dict[str, Any]:
    """The front-end tier: the module's own parts guarded, the kit's generic ones for the
    others (bound to the record when it is built)."""
    name, fns = parts.name, parts.functions
    checked: dict[str, Any] = {}
    for key, (params, _) in FRONT_END.items():
        kind = params[0]
        if key not in fns:
            generic = guard_generic(key, getattr(frontend, key), kind)
            checked[key] = GenericPart(gate_markup(generic) if key == "render" else generic, None)
            continue
        part = fns[key]
        if "M" in params:
            part = gate_move(name, part, params.index("M"), frozenset(parts.move_types))
        if key == "observe":
            part = gate_seat(part, 2)
        if kind in ("S", "V"):
            part = guard(name, key, part, _class(parts, kind), KIND_NAMES[kind])
        if key in TAKES_OBSERVATION:
            part = gate_observation(name, key, part, parts.Observation)
        if key == "render":
            part = gate_markup(part)
        checked[key] = part
    return checked


def _generic_parts(parts: Parts) -> dict[str, Any]:
    """``parse_move``, ``sample_chance``, ``random_move``, ``check_view``,
    ``describe_move``, ``public`` and ``apply_legal``: the module's own guarded, else the
    kit's generic part (``apply`` for ``apply_legal``)."""
    name, fns = parts.name, parts.functions
    checked: dict[str, Any] = {}
    for key, generic in (*_GENERIC.items(), ("public", defaults.public)):
        kind = OPTIONAL[key][0][0]
        own = parts.public if key == "public" else fns.get(key)
        params = OPTIONAL[key][0]
        if own is not None and "M" in params:  # describe_move
            own = gate_move(name, own, params.index("M"), frozenset(parts.move_types))
        if own is not None:
            checked[key] = guard(name, key, own, _class(parts, kind), KIND_NAMES[kind])
        else:
            part = gate_rng(key, generic, 2) if key in TAKES_RNG else generic
            checked[key] = GenericPart(guard_generic(key, part, kind), None)
    if "apply_legal" in fns:
        checked["apply_legal"] = guard(
            name, "apply_legal", fns["apply_legal"], parts.State, "State"
        )
    return checked


def _class(parts: Parts, kind: str) -> type[Any]:
    """The game's class of ``kind``: its ``State`` (``"S"``) or its ``View`` (``"V"``)."""
    return typing.cast(type, parts.State if kind == "S" else parts.View)


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
