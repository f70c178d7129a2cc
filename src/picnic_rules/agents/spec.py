"""The three forms an agent is given in: a name, a factory, or the agent itself.

:func:`~picnic_rules.play` and :func:`~picnic_rules.simulate.simulate` take, for each
seat, any :data:`AgentSpec`, and :func:`resolve_agent` turns it into an agent:

* a **name** of :func:`~picnic_rules.agents.make_agent` (``"random"``, ``"ismcts"``,
  ``"human"``, the game's own such as ``"computer"``): a new agent is built;
* a **factory**: a class such as :class:`~picnic_rules.RandomAgent`, or any callable
  that takes no arguments (``functools.partial(ISMCTSAgent, game, iterations=50)``),
  and returns an agent: it is called;
* an **agent**: a callable taking three arguments, ``agent(view, legal_moves, rng)``,
  such as ``RandomAgent()`` or a plain function: it is used as it is.

A factory and an agent are told apart by the arguments their signature takes (none, or
three); anything else is refused with a :class:`~picnic_rules.PicnicError` naming the
seat, what was given and the three forms::

    >>> from picnic_rules import GAMES, RandomAgent
    >>> from picnic_rules.agents import resolve_agent
    >>> game = GAMES["sandwich"]
    >>> resolve_agent(game, "random", 0), resolve_agent(game, RandomAgent, 0)
    (RandomAgent(), RandomAgent())
    >>> resolve_agent(game, 3, 1)
    Traceback (most recent call last):
      ...
    picnic_rules.errors.PicnicError: seat 1's agent: expected an agent name (computer, human, ismcts, random), an agent factory such as RandomAgent, or an agent called as agent(view, legal_moves, rng), not int 3
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, Literal, TypeAlias, cast

from ..errors import PicnicError
from ..game import Agent, AnyGame
from .named import agent_names, make_agent

__all__ = ["AgentSpec", "agent_label", "check_agent", "resolve_agent"]

AgentSpec: TypeAlias = str | Callable[[], Agent[Any, Any]] | Agent[Any, Any]
"""An agent as :func:`~picnic_rules.play` and :func:`~picnic_rules.simulate.simulate`
take it: a name for :func:`~picnic_rules.agents.make_agent`, a zero-argument factory that
builds a fresh agent, or an agent called as ``agent(view, legal_moves, rng)``."""

_Form: TypeAlias = Literal["name", "factory", "agent"]

_SHORT = 60  # characters of a repr quoted in an error


def _signature(spec: object) -> inspect.Signature | None:
    try:
        return inspect.signature(spec)  # type: ignore[arg-type]
    except (TypeError, ValueError):  # a callable without a signature to read
        return None


def _binds(signature: inspect.Signature, count: int) -> bool:
    try:
        signature.bind(*range(count))
    except TypeError:
        return False
    return True


def _form(spec: object) -> _Form | None:
    """Which form ``spec`` is in, or ``None`` when it is in none (or is ambiguous)."""
    if isinstance(spec, str):
        return "name"
    if not callable(spec):
        return None
    signature = _signature(spec)
    if signature is None:
        return None
    factory, agent = _binds(signature, 0), _binds(signature, 3)
    if isinstance(spec, type):
        return "factory" if factory else None
    if factory != agent:
        return "factory" if factory else "agent"
    return None


def _is_agent(built: object) -> bool:
    """Whether a factory's product can be called as ``agent(view, legal_moves, rng)``."""
    if not callable(built):
        return False
    signature = _signature(built)
    return signature is None or _binds(signature, 3)


def _short(text: str) -> str:
    return text if len(text) <= _SHORT else text[: _SHORT - 3] + "..."


def _describe(spec: object) -> str:
    """``spec`` in a few words: ``int 3``, ``None``, ``function pick(view, rng)``."""
    if spec is None:
        return "None"
    signature = _signature(spec) if callable(spec) else None
    if signature is not None:
        signature = signature.replace(
            parameters=[
                p.replace(annotation=inspect.Parameter.empty) for p in signature.parameters.values()
            ],
            return_annotation=inspect.Signature.empty,
        )
    params = "" if signature is None else _short(str(signature))
    if isinstance(spec, type):
        return f"class {spec.__qualname__}{params}"
    if inspect.isroutine(spec):
        return f"function {getattr(spec, '__qualname__', '?')}{params}"
    called = f" called as {params}" if params else ""
    return f"{type(spec).__name__} {_short(repr(spec))}{called}"


def _refuse(game: AnyGame, spec: object, seat: int) -> PicnicError:
    names = ", ".join(agent_names(game))
    why = ""
    signature = _signature(spec) if callable(spec) else None
    if signature is not None and _binds(signature, 0) and _binds(signature, 3):
        why = " (it takes no arguments and three alike, so its form is unclear)"
    return PicnicError(
        f"seat {seat}'s agent: expected an agent name ({names}), an agent factory such as "
        "RandomAgent, or an agent called as agent(view, legal_moves, rng), "
        f"not {_describe(spec)}{why}"
    )


def check_agent(game: AnyGame, spec: object, seat: int) -> Literal["name", "factory", "agent"]:
    """Check that ``spec`` is an :data:`AgentSpec` for ``game`` and return its form:
    ``"name"``, ``"factory"`` or ``"agent"``.

    Builds nothing (a factory is not called). Raises the
    :class:`~picnic_rules.PicnicError` that :func:`resolve_agent` would, naming ``seat``.
    """
    form = _form(spec)
    if form is None:
        raise _refuse(game, spec, seat)
    if form == "name" and spec not in agent_names(game):
        names = ", ".join(agent_names(game))
        raise PicnicError(
            f"seat {seat}'s agent: unknown agent {spec!r} for {game.name} (available: {names})"
        )
    return form


def resolve_agent(game: AnyGame, spec: AgentSpec, seat: int) -> Agent[Any, Any]:
    """The agent ``spec`` gives for ``seat`` of ``game``.

    A name builds a new agent with :func:`~picnic_rules.agents.make_agent`, a factory is
    called (once per call of ``resolve_agent``: one agent per game), and an agent is
    returned as it is -- so a stateful agent *instance* is shared by every game it is
    given to. Raises :class:`~picnic_rules.PicnicError` naming the seat and what was
    given, for a spec in none of the three forms, an unknown name, or a factory that
    returns something other than an agent.
    """
    form = check_agent(game, spec, seat)
    if form == "name":
        return make_agent(game, str(spec))
    if form == "agent":
        return spec  # type: ignore[return-value]
    built: Any = cast(Callable[[], Any], spec)()
    if not _is_agent(built):
        raise PicnicError(
            f"seat {seat}'s agent: the factory {agent_label(spec)} returned "
            f"{_describe(built)}, not an agent called as agent(view, legal_moves, rng)"
        )
    agent: Agent[Any, Any] = built
    return agent


def agent_label(spec: AgentSpec) -> str:
    """The name a :class:`~picnic_rules.simulate.Summary` shows for an agent.

    A name as given; a factory by its ``__name__`` (``"RandomAgent"``; its ``repr`` when
    it has none, as a :func:`functools.partial`); an agent by its ``__name__`` if it is a
    function, else by its class name (``RandomAgent()`` is ``"RandomAgent"``).

    >>> from picnic_rules import RandomAgent
    >>> agent_label("computer"), agent_label(RandomAgent), agent_label(RandomAgent())
    ('computer', 'RandomAgent', 'RandomAgent')
    """
    if isinstance(spec, str):
        return spec
    name = getattr(spec, "__name__", None)
    if isinstance(name, str) and name:
        return name
    if _form(spec) == "agent":
        return type(spec).__name__
    return repr(spec)
