"""The game-agnostic core types: :data:`CHANCE`, :class:`Outcome` and :class:`Game`.

A game is a set of pure module-level functions over immutable states. The
:class:`Game` record bundles them (plus the game's classes and a few facts
declared as data) so that agents, the match runner, the codec, the test
harness and the CLI work for every game without knowing any of them.
:func:`picnic_rules.kit.define_game` builds the record from a game module.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import (
    Any,
    Final,
    Generic,
    Literal,
    NamedTuple,
    Protocol,
    TypeAlias,
    TypedDict,
    TypeVar,
)

import attrs

from .errors import (
    IllegalMove,
    InvalidMove,
    OutOfTurn,
    PicnicError,
    RulesError,
    kind_of,
    not_a_seat,
    shorten,
)
from .typecheck import ill_typed
from .typevars import M, Ob, R, S, V

__all__ = [
    "CHANCE",
    "Actor",
    "Agent",
    "AnyGame",
    "ChanceMode",
    "EngineFunctions",
    "Game",
    "Measure",
    "Outcome",
    "ScoreLine",
    "Weight",
    "check_player_count",
]

S_co = TypeVar("S_co", covariant=True)
M_co = TypeVar("M_co", covariant=True)
S_contra = TypeVar("S_contra", contravariant=True)
R_contra = TypeVar("R_contra", contravariant=True)
V_contra = TypeVar("V_contra", contravariant=True)


class _Chance(enum.Enum):
    CHANCE = "chance"

    def __repr__(self) -> str:
        return "CHANCE"


CHANCE: Final = _Chance.CHANCE
"""What ``to_move`` returns when chance acts (a draw, a roll, a toss).

Compare with ``is``: ``if game.to_move(state) is CHANCE: ...``.
"""

Actor: TypeAlias = int | Literal[_Chance.CHANCE] | None
"""The result of ``to_move``: a seat number, :data:`CHANCE`, or ``None`` when the game is over."""

Weight: TypeAlias = int | Fraction
"""An exact, non-negative weight of a chance outcome (weights need not sum to 1)."""

ChanceMode: TypeAlias = Literal["explicit", "sampled"]
"""How a game's chance nodes are given (see :attr:`Game.chance`).

``"explicit"``: ``legal_moves`` at a chance node lists every outcome and
``chance_outcomes`` weighs them exactly. ``"sampled"``: the outcomes are too
many to list (an ant die's landing), so ``legal_moves`` and
``chance_outcomes`` are empty at a chance node, ``sample_chance`` draws one,
and ``apply`` validates any outcome a caller supplies.
"""

Agent: TypeAlias = Callable[[V, tuple[M, ...], random.Random], M]
"""Anything that picks a move: ``agent(view, legal_moves, rng) -> move`` (generic over the
game's ``View`` and moves: ``Agent[sandwich.View, sandwich.Move]``).

Agents see a view, never the state, so they cannot cheat.
"""


class Measure(NamedTuple):
    """A game's termination measure at one state: how many non-chance moves
    (``moves``) and chance steps (``chance``) the game can still take, at most.

    Every game declares one (its ``remaining(state)``), and the invariant
    harness checks the law that makes it a proof of termination at every
    step of every game it plays: both parts are non-negative; at the new
    game they are at most ``max_moves(players, rules)`` and
    ``max_chance_steps(players, rules)``; a non-chance move lowers ``moves``
    by at least one and does not raise ``chance``; a chance step lowers
    ``chance`` by at least one and does not raise ``moves``. So no game runs
    past its declared bounds, whatever the players and chance do.

    >>> from picnic_rules import GAMES
    >>> game = GAMES["insects"]
    >>> game.remaining(game.new_game(2)) <= (game.max_moves(2, game.Rules()), game.max_chance_steps(2, game.Rules()))
    True
    """

    moves: int
    """At most this many non-chance moves are still to come."""
    chance: int
    """At most this many chance steps are still to come."""


@attrs.frozen
class Outcome:
    """How a finished game ended.

    ``scores`` has one entry per seat, ``winners`` the winning seats in order
    (several when leaders tie), ``reason`` a short stable string such as
    ``"three-sandwiches"`` or ``"stuck"``.
    """

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str

    @classmethod
    def from_scores(cls, scores: Sequence[int], reason: str) -> Outcome:
        """The outcome in which the highest score wins and equal leaders all win.

        Every rulebook of the library says so ("a tie stays a tie").

        >>> Outcome.from_scores([2, 3, 3], "stuck")
        Outcome(scores=(2, 3, 3), winners=(1, 2), reason='stuck')
        """
        scores = tuple(scores)
        best = max(scores)
        return cls(scores, tuple(seat for seat, n in enumerate(scores) if n == best), reason)


def check_player_count(name: str, players: tuple[int, int], count: object) -> int:
    """Return ``count`` if it lies in ``players`` = ``(fewest, most)``; raise
    :class:`~picnic_rules.RulesError` naming the game ``name`` otherwise."""
    low, high = players
    if type(count) is not int or not low <= count <= high:
        raise RulesError(f"{name} takes {low} to {high} players, not {count!r}")
    return count


@attrs.frozen
class EngineFunctions:
    """The functions of a game a search calls at every step, as the game module wrote them:
    without the kit's checks, which refuse only what a search never passes (it makes every
    state with these functions and applies only the moves they list or draw).
    :attr:`Game.engine` holds them.

    >>> from picnic_rules import GAMES
    >>> game = GAMES["sandwich"]
    >>> game.engine.to_move(game.new_game(2))
    CHANCE
    """

    to_move: Callable[[Any], Actor]
    """``to_move`` (``None`` at the end, :data:`CHANCE` at a chance node)."""
    legal_moves: Callable[[Any], tuple[Any, ...]]
    """``legal_moves``."""
    apply: Callable[[Any, Any], Any]
    """``apply_legal``: ``apply`` of the moves ``legal_moves`` lists and ``sample_chance``
    draws."""
    sample_chance: Callable[[Any, random.Random], Any]
    """``sample_chance``."""
    winners: Callable[[Any], tuple[int, ...]]
    """The winning seats of a finished state (``result(state).winners``)."""
    determinize: Callable[[Any, random.Random], Any]
    """``determinize``."""
    view: Callable[[Any, int], Any]
    """``view`` (of a seat the state has)."""


class NewGame(Protocol[S_co, R_contra]):
    """The type of a game's ``new_game(players=..., rules=...)``."""

    def __call__(self, players: int = ..., rules: R_contra = ...) -> S_co:
        """The state before the first move."""
        ...


class ParseMove(Protocol[S_contra, M_co]):
    """The type of a game's ``parse_move(state, text, *, seat=None)``."""

    def __call__(self, state: S_contra, text: str, *, seat: int | None = None) -> M_co:
        """The legal move ``text`` names in ``state``."""
        ...


class Render(Protocol[V_contra]):
    """The type of a game's ``render(view, *, markup=False)``."""

    def __call__(self, view: V_contra, /, *, markup: bool = False) -> str:
        """A text picture of ``view``."""
        ...


class GenericPart:
    """A generic contract part (``parse_move`` ...) bound to the :class:`Game` that holds it.

    :func:`picnic_rules.kit.define_game` puts one in each field the game does
    not define itself; the ``Game`` rebinds it to itself when it is built, so
    a copy made with ``attrs.evolve(game, view=...)`` calls the copy's own
    functions.
    """

    __slots__ = ("function", "game")

    def __init__(
        self, function: Callable[..., Any], game: Game[Any, Any, Any, Any, Any] | None
    ) -> None:
        self.function = function
        self.game = game

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """Call the generic function with the game first."""
        return self.function(self.game, *args, **kwargs)

    def __repr__(self) -> str:
        return f"<generic {self.function.__module__}.{self.function.__qualname__}>"

    @property
    def __doc__(self) -> str | None:  # type: ignore[override]
        return self.function.__doc__


def _players(instance: object, attribute: object, value: tuple[int, int]) -> None:
    if (
        type(value) is not tuple
        or len(value) != 2
        or not all(type(n) is int for n in value)
        or not 1 <= value[0] <= value[1]
    ):
        raise ValueError(f"players must be a (fewest, most) pair of ints, not {value!r}")


class ScoreLine(TypedDict):
    """One line of a score counted out the way the rulebook counts it -- what it counts, in
    words, and the points it gives (``{"what": "12 food cards kept x 10", "points": 120}``):
    a game's figures give each seat's as ``"breakdown"`` (see :doc:`/frontends`)."""

    what: str
    points: int


class NoFigures(TypedDict):
    """The figures of a game that shows none: an empty object."""


def _no_figures(public: object) -> NoFigures:
    """The figures of a game that shows none: ``{}``."""
    return {}


@attrs.frozen(eq=False)
class Game(Generic[S, V, M, R, Ob]):
    """One game of the library: its pure functions, its classes and its facts.

    Every game package exposes one as ``GAME``, built by
    :func:`picnic_rules.kit.define_game`; :data:`picnic_rules.GAMES` maps
    names to them. It is generic over the game's ``State``, ``View``, move
    ``Rules`` and ``Observation`` types, so ``sandwich.GAME.legal_moves(state)``
    is a tuple of sandwich moves to a type checker. The callables are the
    module-level functions of the game package (see each game's documentation) with
    the kit's checks around them: call through the record for the checked contract
    (the package's own ``sandwich.apply`` is the rule as written, and trusts its
    arguments); :attr:`engine` holds the unchecked ones a search calls::

        >>> from picnic_rules import GAMES, CHANCE
        >>> game = GAMES["sandwich"]
        >>> state = game.new_game(2)
        >>> game.to_move(state) is CHANCE
        True

    Facts declared as data, beside the functions:

    * ``players``: the ``(fewest, most)`` seats (:meth:`check_players` is the
      one place that enforces them);
    * ``Rules``, ``State``, ``View``, ``Observation`` and ``move_types``: the
      game's classes (the codec uses them to encode and decode documents);
    * ``chance``: :data:`ChanceMode` -- ``"explicit"`` or ``"sampled"``;
    * ``max_moves(players, rules)`` and ``max_chance_steps(players, rules)``:
      proven bounds on the non-chance moves and on the chance steps of a game,
      and ``remaining(state)``, the termination :class:`Measure` that proves them (what is
      left of both bounds, lowered by every step);
    * ``face_down_moves``: whether a seat's moves may be hidden from the
      other seats (committed face down, revealed later); ``False`` means
      every non-chance move is public, which the harness checks;
    * ``reasons``: every end reason ``result`` may give;
    * ``variants``: named ``Rules`` the test harness plays through
      (``"default"`` always among them);
    * ``agents``: named agent factories (``"computer"`` is the heuristic player);
    * ``move_from_str``: parses notation without a state (syntax only);
    * ``random_move``: builds an arbitrary, probably illegal move, for tests;
    * ``apply_legal(state, move)``: ``apply`` of a move ``legal_moves(state)`` listed, the
      same state without the checks that refuse an illegal move (the search calls it;
      ``apply`` itself for a game that defines none);
    * ``check_view``: raises :class:`~picnic_rules.InvalidState` for an impossible view;
    * ``PublicView`` and ``public(view)``: the public part of any seat's view -- what every
      seat sees alike (the table face up, the sizes of the hidden parts), and so what a
      spectator may be shown; :meth:`public_view` is that of a state.

    For front ends (see :doc:`/frontends`): ``observe(state, move, seat)`` is
    what ``seat`` learns from ``move`` and ``update(view, observation)`` the
    seat's next view, so that ``update(view(s, k), observe(s, m, k)) ==
    view(apply(s, m), k)``; ``describe(view, observation)`` is a sentence for
    the seat about a move made, ``describe_move(view, move)`` one about a move
    the seat may make (shown before it chooses: it reveals nothing the view
    hides), ``describe_public(view, observation)`` the sentence of ``describe`` told to no
    seat -- every seat in the third person, what a spectator reads (the observation is one
    of a seat the move shows no more than any other; :func:`picnic_rules.client.public_words`
    picks it) --, ``render(view, markup=False)`` a text picture of a view, and
    ``move_group(move)`` the ``(card, target)`` pair a click interface offers;
    :meth:`apply_as` takes a move from a seat and :meth:`group_moves` groups moves.
    ``about`` says in a screen what the game is about -- its goal, a turn, how it ends and
    scores, and where its full rules are -- for a player (``picnic play``'s ``?``).
    ``provides`` names the parts of this front-end tier the game defines itself
    (the others are the kit's generic defaults, which satisfy the same laws), and those
    of the action-space tier.

    For learning libraries (see :doc:`/train`), the action-space tier
    (:mod:`picnic_rules.kit.spaces`), each a function of ``(players, rules)`` or ``None``
    where the game declares none and none derives: ``action_space``, a
    :class:`~picnic_rules.kit.spaces.ActionSpace` numbering every move a seat can ever
    list; ``chance_space``, one numbering every chance outcome (``None`` for sampled
    chance); ``view_bounds``, the most items each variable-length tuple of a view holds,
    by path; ``tensors``, the :class:`~picnic_rules.kit.tensors.Encoding` of a view as a
    fixed-length vector of numbers.

    For the browser (see :doc:`/frontends`): ``reason_words`` gives each end reason in
    words (``"three-sandwiches"``: ``"three counting sandwiches"``), ``score_word`` names
    what the scores count (``"Sandwiches"``; ``"Scores"`` by default), ``figures(public)``
    the numbers a board shows that the table holds only through the rules (each seat's
    points so far, say), from the public view, as JSON data typed by its return annotation
    (a :class:`~typing.TypedDict`, from which the codec's JSON Schema describes them; ``{}``
    for a game that shows none), and ``board`` the game's own board script, ``"PACKAGE:FILE.js"`` (a file
    of an importable package), or ``""``: the web server's own board of that name, else
    its generic board.
    """

    name: str
    title: str
    players: tuple[int, int] = attrs.field(validator=_players)
    Rules: type[R] = attrs.field(repr=False)
    State: type[S] = attrs.field(repr=False)
    View: type[V] = attrs.field(repr=False)
    Observation: type[Ob] = attrs.field(repr=False)
    move_types: tuple[type[M], ...] = attrs.field(repr=False)
    new_game: NewGame[S, R] = attrs.field(repr=False)
    to_move: Callable[[S], Actor] = attrs.field(repr=False)
    legal_moves: Callable[[S], tuple[M, ...]] = attrs.field(repr=False)
    apply: Callable[[S, M], S] = attrs.field(repr=False)
    apply_legal: Callable[[S, M], S] = attrs.field(repr=False)
    chance_outcomes: Callable[[S], tuple[tuple[M, Weight], ...]] = attrs.field(repr=False)
    sample_chance: Callable[[S, random.Random], M] = attrs.field(repr=False)
    is_over: Callable[[S], bool] = attrs.field(repr=False)
    result: Callable[[S], Outcome] = attrs.field(repr=False)
    view: Callable[[S, int], V] = attrs.field(repr=False)
    determinize: Callable[[V, random.Random], S] = attrs.field(repr=False)
    parse_move: ParseMove[S, M] = attrs.field(repr=False)
    move_from_str: Callable[[str], M] = attrs.field(repr=False)
    check: Callable[[S], None] = attrs.field(repr=False)
    check_view: Callable[[V], None] = attrs.field(repr=False)
    max_moves: Callable[[int, R], int] = attrs.field(repr=False)
    max_chance_steps: Callable[[int, R], int] = attrs.field(repr=False)
    remaining: Callable[[S], Measure] = attrs.field(repr=False)
    random_move: Callable[[S, random.Random], M] = attrs.field(repr=False)
    observe: Callable[[S, M, int], Ob] = attrs.field(repr=False)
    update: Callable[[V, Ob], V] = attrs.field(repr=False)
    describe: Callable[[V, Ob], str] = attrs.field(repr=False)
    describe_move: Callable[[V, M], str] = attrs.field(repr=False)
    describe_public: Callable[[V, Ob], str] = attrs.field(repr=False)
    render: Render[V] = attrs.field(repr=False)
    move_group: Callable[[M], tuple[str, str]] = attrs.field(repr=False)
    PublicView: type[Any] = attrs.field(repr=False)
    public: Callable[[V], Any] = attrs.field(repr=False)
    reasons: tuple[str, ...] = attrs.field(repr=False)
    chance: ChanceMode = attrs.field(default="explicit", repr=False)
    face_down_moves: bool = attrs.field(default=False, repr=False)
    variants: Mapping[str, R] = attrs.field(factory=dict, repr=False)
    agents: Mapping[str, Callable[[], Agent[V, M]]] = attrs.field(factory=dict, repr=False)
    provides: frozenset[str] = attrs.field(default=frozenset(), repr=False)
    about: str = attrs.field(default="", repr=False)
    action_space: Callable[[int, R], Sequence[M]] | None = attrs.field(default=None, repr=False)
    chance_space: Callable[[int, R], Sequence[M] | None] | None = attrs.field(
        default=None, repr=False
    )
    view_bounds: Callable[[int, R], Mapping[str, int]] | None = attrs.field(
        default=None, repr=False
    )
    tensors: Callable[[int, R], Any] | None = attrs.field(default=None, repr=False)
    _written: Mapping[str, tuple[Callable[..., Any], Callable[..., Any]]] = attrs.field(
        factory=dict, repr=False, alias="written"
    )
    """Each function the kit checks, by name: the checked one this record was given and
    the game module's own (:meth:`as_written`)."""
    engine: EngineFunctions = attrs.field(init=False, repr=False)
    """The functions a search calls at every step, as the game wrote them (no checks)."""
    reason_words: Mapping[str, str] = attrs.field(factory=dict, repr=False)
    score_word: str = attrs.field(default="Scores", repr=False)
    figures: Callable[[Any], Mapping[str, Any]] = attrs.field(default=_no_figures, repr=False)
    board: str = attrs.field(default="", repr=False)

    def __attrs_post_init__(self) -> None:
        for field in attrs.fields(type(self)):
            value = getattr(self, field.name, None)
            if isinstance(value, GenericPart) and value.game is not self:
                object.__setattr__(self, field.name, GenericPart(value.function, self))
        if any(isinstance(f, GenericPart) and f.game is not self for f in self.agents.values()):
            bound = {
                name: GenericPart(f.function, self) if isinstance(f, GenericPart) else f
                for name, f in self.agents.items()
            }
            object.__setattr__(self, "agents", bound)
        object.__setattr__(self, "engine", self._engine())

    def as_written(self, name: str) -> Callable[..., Any]:
        """The contract function ``name`` (``"apply"``) as the game module wrote it, without
        the kit's checks: the module's own while this record holds the kit's check of it,
        else the record's own (a generic part, or a function a copy was given with
        ``attrs.evolve``).

        >>> from picnic_rules import GAMES, sandwich
        >>> GAMES["sandwich"].as_written("apply") is sandwich.apply
        True
        """
        own = getattr(self, name, None) if type(name) is str else None
        if not callable(own) or isinstance(own, type):
            shown = shorten(_safe_repr(name))
            raise PicnicError(
                f"as_written takes the name of a function of {self.name}, not {shown}"
            )
        checked, written = self._written.get(name, (None, None))
        return written if own is checked and written is not None else own

    def _engine(self) -> EngineFunctions:
        """:attr:`engine`, from :meth:`as_written`."""
        result = self.as_written("result")

        def winners(state: Any) -> tuple[int, ...]:
            return tuple(result(state).winners)

        return EngineFunctions(
            to_move=self.as_written("to_move"),
            legal_moves=self.as_written("legal_moves"),
            apply=self.as_written("apply_legal"),
            sample_chance=self.as_written("sample_chance"),
            winners=winners,
            determinize=self.as_written("determinize"),
            view=self.as_written("view"),
        )

    @property
    def min_players(self) -> int:
        """The fewest seats the game takes."""
        return self.players[0]

    @property
    def max_players(self) -> int:
        """The most seats the game takes."""
        return self.players[1]

    def check_players(self, players: object) -> int:
        """Return ``players`` if the game seats that many; raise :class:`~picnic_rules.RulesError`.

        This is the one place where a game's player range is enforced (the
        match runner, the simulator, the codec and the CLI all call it).

        >>> from picnic_rules import GAMES
        >>> GAMES["sandwich"].check_players(5)
        Traceback (most recent call last):
        ...
        picnic_rules.errors.RulesError: sandwich takes 2 to 4 players, not 5
        """
        return check_player_count(self.name, self.players, players)

    def public_view(self, state: S) -> Any:
        """What every seat sees of ``state`` alike, a ``PublicView``: ``public(view(state,
        seat))``, the same for every seat (the harness checks it), so what a spectator may
        be shown.

        >>> from picnic_rules import GAMES
        >>> game = GAMES["sandwich"]
        >>> table = game.public_view(game.new_game(2))
        >>> table.hand_sizes, table.draw_size, hasattr(table, "hand")
        ((0, 0), 54, False)
        """
        return self.public(self.view(state, 0))

    def apply_as(self, state: S, seat: int, move: M | str) -> S:
        """The state after seat ``seat`` makes ``move`` (a move or its notation): the one
        call a server needs for a move that arrives from a seat.

        Refuses, changing nothing: text that is not a move, or an object that
        is not a move of this game (:class:`~picnic_rules.InvalidMove`); a
        seat that is not to act now -- another seat's turn, chance's, or a
        finished game (:class:`~picnic_rules.OutOfTurn`, an ``IllegalMove``
        carrying ``seat`` and ``actor``); and a move the rules forbid
        (:class:`~picnic_rules.IllegalMove` with the rule's reason). A seat
        that does not exist is a :class:`~picnic_rules.PicnicError`. A server
        that also tells the seats what happened takes the checked move from
        :meth:`move_as` instead, then applies and observes it.

        >>> from picnic_rules import GAMES
        >>> game = GAMES["sandwich"]
        >>> state = game.new_game(2)
        >>> while game.to_move(state) is CHANCE:
        ...     state = game.apply(state, game.legal_moves(state)[0])
        >>> game.apply_as(state, 1, "end")
        Traceback (most recent call last):
        ...
        picnic_rules.errors.OutOfTurn: illegal move 'end': seat 1 may not move now: seat 0 is to act
        """
        return self.apply(state, self.move_as(state, seat, move))

    def move_as(self, state: S, seat: int, move: M | str) -> M:
        """The legal move seat ``seat`` makes by ``move`` (a move or its notation), checked
        exactly as :meth:`apply_as` checks it; nothing is applied.

        The move returned is the game's own (``legal_moves``' member), so a
        move object whose fields merely compare equal (a card given as an int)
        comes back in its proper form, ready to apply, observe and encode.

        >>> from picnic_rules import GAMES
        >>> from picnic_rules.history import observe_all
        >>> game = GAMES["sandwich"]
        >>> state = game.new_game(2)
        >>> while game.to_move(state) is CHANCE:
        ...     state = game.apply(state, game.legal_moves(state)[0])
        >>> move = game.move_as(state, 0, "end")
        >>> observations = observe_all(game, state, move)     # one per seat
        >>> state = game.apply(state, move)
        """
        if type(seat) is not int or seat < 0:
            raise PicnicError(f"a seat is a non-negative int, not {shorten(repr(seat))}")
        actor = self.to_move(state)
        if isinstance(move, str):
            if actor != seat:
                parsed = self.move_from_str(move)  # InvalidMove for text that is no move
                self._check_seat(state, seat)
                raise OutOfTurn(parsed, seat, actor)
            try:
                return self._listed(state, self.parse_move(state, move, seat=seat))
            except OutOfTurn:
                raise
            except IllegalMove as exc:  # the reason again, from what the seat may see
                raise IllegalMove(
                    exc.move, self.illegal_reason(self.view(state, seat), exc.move)
                ) from None
        if type(move) not in self.move_types:
            shown = shorten(_safe_repr(move))
            raise InvalidMove(shown, f"not a move of {self.name}: {type(move).__name__} {shown}")
        if actor != seat:
            self._check_seat(state, seat)
            raise OutOfTurn(move, seat, actor)
        listed = self._find(self.legal_moves(state), move)
        if listed is not None:
            return listed
        problem = ill_typed(move)
        if problem is not None:
            raise InvalidMove(shorten(move), f"not a move of {self.name}: {problem}")
        raise IllegalMove(move, self.illegal_reason(self.view(state, seat), move))

    def _check_seat(self, state: S, seat: int) -> None:
        """Refuse, with :class:`~picnic_rules.PicnicError`, a seat (a non-negative int) the
        game of ``state`` does not have, before :meth:`move_as` names it in an
        :class:`~picnic_rules.OutOfTurn`; a state not of the game's ``State`` is refused as
        the view refuses it."""
        if type(state) is not self.State:
            self.view(state, seat)  # the view's gate refuses the state (or the seat)
            return
        players = state.players  # type: ignore[attr-defined]
        if seat >= players:
            raise PicnicError(not_a_seat(seat, players))

    def _listed(self, state: S, move: M) -> M:
        """The member of ``legal_moves(state)`` equal to ``move`` (``move`` itself if none is)."""
        listed = self._find(self.legal_moves(state), move)
        return move if listed is None else listed

    @staticmethod
    def _find(legal: tuple[M, ...], move: object) -> M | None:
        """The member of ``legal`` equal to ``move``, or ``None`` (also for a move that fails
        even to compare)."""
        try:
            return legal[legal.index(move)]
        except Exception:
            return None

    def illegal_reason(self, view: V, move: object) -> str:
        """Why ``move`` is not legal for the seat whose view is ``view``: the one place
        where the reason for an illegal move is worked out.

        The reason is the rule ``apply`` names, found on a position that agrees
        with ``view`` (``determinize(view, Random(0))``), never on the real
        state, so it cannot depend on a card the seat cannot see.
        :meth:`move_as`, the terminal, the human agent and the web server all
        give this reason.

        >>> from picnic_rules import GAMES
        >>> from picnic_rules.sandwich import Play, Card
        >>> game = GAMES["sandwich"]
        >>> state = game.new_game(2)
        >>> while game.to_move(state) is CHANCE:
        ...     state = game.apply(state, game.legal_moves(state)[0])
        >>> game.illegal_reason(game.view(state, 0), Play(Card.JELLY))
        'seat 0 holds no jelly'
        """
        problem = ill_typed(move)
        if problem is not None and type(move) not in self.move_types:
            return f"not a move of {self.name}: {problem}"
        try:
            stand_in = self.determinize(view, random.Random(0))
            self.apply(stand_in, move)  # type: ignore[arg-type]
        except IllegalMove as error:
            return error.reason
        except PicnicError:
            pass
        except Exception:  # an ill-typed move in a game that does not refuse it itself
            if problem is not None:
                return f"not a move of {self.name}: {problem}"
        return "it is not among the legal moves"

    def group_moves(self, moves: Sequence[M]) -> dict[str, dict[str, M]]:
        """``moves`` grouped for a click interface: by card (or action), then by target.

        The keys are :attr:`move_group`'s; the order is that of ``moves``. Raises
        :class:`~picnic_rules.PicnicError` for ``moves`` that are not a tuple or list, or
        hold something that is no move of the game.

        >>> from picnic_rules import GAMES
        >>> from picnic_rules.sandwich import Play, End, Card
        >>> GAMES["sandwich"].group_moves([Play(Card.BREAD), Play(Card.JELLY, 0), End()])
        {'bread': {'new': Play(card=Card.BREAD, onto=None)}, 'jelly': {'0': Play(card=Card.JELLY, onto=0)}, 'end': {'': End()}}
        """
        if not isinstance(moves, tuple | list):
            raise PicnicError(f"group_moves takes a tuple or list of moves, not {kind_of(moves)}")
        groups: dict[str, dict[str, M]] = {}
        for move in moves:
            card, target = self.move_group(move)
            groups.setdefault(card, {})[target] = move
        return groups

    def __repr__(self) -> str:
        low, high = self.players
        return f"<Game {self.name!r}: {self.title}, {low}-{high} players>"


def _safe_repr(value: object) -> str:
    try:
        return repr(value)
    except Exception:
        return f"<{type(value).__name__}>"


AnyGame: TypeAlias = Game[Any, Any, Any, Any, Any]
"""A :class:`Game` of any game (what the game-agnostic core takes)."""
