"""The exceptions every game raises.

All of them subclass :class:`PicnicError` (and :class:`ValueError`, so code that
already catches ``ValueError`` keeps working). Each carries the parts of the
problem as attributes, not only in its message, so a front end can show them.
"""

from __future__ import annotations

__all__ = [
    "DecodeError",
    "EncodeError",
    "IllegalMove",
    "InvalidMove",
    "InvalidState",
    "OutOfTurn",
    "PicnicError",
    "RulesError",
    "class_name",
    "kind_of",
    "move_text",
    "not_a_random",
    "not_a_seat",
    "with_article",
]


class PicnicError(ValueError):
    """Base class of every error raised by :mod:`picnic_rules`."""


class IllegalMove(PicnicError):
    """A move that is well formed but not allowed in this state.

    ``apply`` raises it and leaves the state untouched. :attr:`move` is the
    offending move and :attr:`reason` says why, in the words of the rule it
    breaks ("jelly cannot sit on jelly").
    """

    def __init__(self, move: object, reason: str) -> None:
        self.move = move
        self.reason = reason
        super().__init__(f"illegal move {move_text(move)!r}: {reason}")


MAX_SHOWN = 80
"""The most characters of a move an error message shows (longer text ends in ``...``)."""


def with_article(noun: str) -> str:
    """``noun`` after its indefinite article, for messages: ``a grain``, ``an insects State``.

    >>> with_article("insect"), with_article("seat")
    ('an insect', 'a seat')
    """
    return f"an {noun}" if noun[:1].lower() in "aeiou" else f"a {noun}"


def kind_of(value: object) -> str:
    """What ``value`` is, for a message refusing it: ``None``, ``an int``, or ``an insects
    State`` for a class of one of the library's games.

    >>> kind_of(None), kind_of(3)
    ('None', 'an int')
    """
    return "None" if value is None else with_article(class_name(type(value)))


def class_name(cls: type) -> str:
    """The name of ``cls`` in a message: ``int``, or ``insects View`` for a class of one of
    the library's games (whose classes share their names: ``State``, ``View``).

    >>> from picnic_rules.insects import View
    >>> class_name(View), class_name(int)
    ('insects View', 'int')
    """
    parts = cls.__module__.split(".")
    owner = parts[1] if len(parts) > 2 and parts[0] == "picnic_rules" else ""
    return f"{owner} {cls.__name__}".strip()


def not_a_random(who: str, rng: object) -> str:
    """The one message for an ``rng`` that is not a ``random.Random``, wherever it is refused.

    >>> not_a_random("sample_chance", 42)
    'sample_chance draws from a random.Random (random.Random(seed)), not an int'
    """
    return f"{who} draws from a random.Random (random.Random(seed)), not {kind_of(rng)}"


def not_a_seat(seat: object, players: int) -> str:
    """The one message for a seat a game does not have, wherever it is refused.

    >>> not_a_seat(5, 2)
    'seat 5 is not a seat of this 2-player game'
    """
    return f"seat {seat!r} is not a seat of this {players}-player game"


def move_text(move: object) -> str:
    """``str(move)`` for an error message: never raises, at most :data:`MAX_SHOWN` characters.

    A move whose fields hold values of the wrong type may fail in its own
    ``__str__``; it is then shown by its ``repr`` (or, failing that, its class
    name) instead, so building the error that refuses it cannot itself fail.

    >>> move_text("x" * 100)[-5:]
    'xx...'
    >>> class Broken:
    ...     def __str__(self) -> str:
    ...         raise AttributeError("no")
    ...     def __repr__(self) -> str:
    ...         raise AttributeError("no")
    >>> move_text(Broken())
    '<Broken>'
    """
    try:
        text = str(move)
    except Exception:
        try:
            text = repr(move)
        except Exception:
            text = f"<{type(move).__name__}>"
    if type(text) is not str:  # a __str__ that returns something else
        text = f"<{type(move).__name__}>"
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 3] + "..."


class OutOfTurn(IllegalMove):
    """A move from a seat that is not to act now (:meth:`~picnic_rules.Game.apply_as`).

    :attr:`seat` is the seat that tried to move; :attr:`actor` is who is to
    act instead: a seat, :data:`~picnic_rules.CHANCE`, or ``None`` when the
    game is over. A server answers it differently from other illegal moves
    (the client is out of date, or is not that seat).
    """

    def __init__(self, move: object, seat: int, actor: object) -> None:
        self.seat = seat
        self.actor = actor
        who = "nobody" if actor is None else f"seat {actor}" if type(actor) is int else "chance"
        super().__init__(move, f"seat {seat} may not move now: {who} is to act")


class InvalidMove(PicnicError):
    """Text that is not a move in a game's notation at all (a syntax error).

    Compare :class:`IllegalMove`, raised for a well-formed move that the rules
    forbid. :attr:`text` is the input and :attr:`reason` what is wrong with it.
    """

    def __init__(self, text: str, reason: str) -> None:
        self.text = text
        self.reason = reason
        super().__init__(f"invalid move {text!r}: {reason}")


class InvalidState(PicnicError):
    """A state (or view) that breaks an invariant of its game, or that no game could reach.

    Raised by ``check`` and ``check_view``; :attr:`reason` says which invariant
    is broken ("seat 0 has won but the game goes on").
    """

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


class DecodeError(PicnicError):
    """A JSON document that cannot be decoded into a valid object.

    :attr:`path` locates the bad field (``$.state.hands[1]``) and :attr:`reason`
    says what is wrong with it.
    """

    def __init__(self, path: str, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"{path}: {reason}")


class EncodeError(PicnicError, TypeError):
    """An object :func:`picnic_rules.codec.encode` cannot write as a document.

    No game value at all (``encode(5)``), a value of another game than the one named,
    an outcome without its game, or a game value whose fields do not hold the types
    its class declares (a forged state: ``attrs.evolve(state, hands=None)``), or that
    JSON cannot hold (an int too long to write, a NaN). :attr:`reason` says which.
    It is a :class:`TypeError` too, as :func:`json.dumps` raises for what it cannot
    write, so code written for either catches it.
    """

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


class RulesError(PicnicError):
    """An impossible rules option, combination of options, or player count.

    :attr:`field` names the ``Rules`` field at fault (``None`` when the problem
    is a combination, or the player count) and :attr:`reason` says what is
    wrong ("action_limit must be at least 1, not 0").
    """

    def __init__(self, reason: str, *, field: str | None = None) -> None:
        self.reason = reason
        self.field = field
        super().__init__(reason)
