"""The exceptions every game raises.

All of them subclass :class:`PicnicError` (and :class:`ValueError`, so code that
already catches ``ValueError`` keeps working). Each carries the parts of the
problem as attributes, not only in its message, so a front end can show them.
"""

from __future__ import annotations

import unicodedata

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
    "shorten",
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


def shorten(value: object, limit: int = MAX_SHOWN) -> str:
    r"""``value`` as text a message may quote: the one shortener of the library (errors,
    the terminal, the web server's answers all use it).

    It is ``str(value)`` -- or, if that fails (a move whose fields hold values of the
    wrong type may fail in its own ``__str__``), its ``repr``, else its class name, so
    building the error that quotes it cannot itself fail; an int too long to write is
    named by its size. Each control or format character, line separator or character
    that is not Unicode text (a lone surrogate) is escaped (``\x1b``, ``\n``,
    ``\ud800``), so the text is safe on a terminal and sendable as UTF-8; and it is at
    most ``limit`` characters, ``...`` marking a cut.

    >>> shorten("x" * 100)[-5:], len(shorten("x" * 100)), shorten("eat " * 20, 20)
    ('xx...', 80, 'eat eat eat eat e...')
    >>> shorten("red\x1b[2J\n"), shorten("a\ud800b"), shorten(10**4000)
    ('red\\x1b[2J\\n', 'a\\ud800b', 'a number of about 4001 digits')
    >>> class Broken:
    ...     def __str__(self) -> str:
    ...         raise AttributeError("no")
    ...     def __repr__(self) -> str:
    ...         raise AttributeError("no")
    >>> shorten(Broken())
    '<Broken>'
    """
    text = value if type(value) is str else _text_of(value)
    if len(text) <= limit and text.isprintable():
        return text
    pieces: list[str] = []
    used = 0
    for char in text:
        piece = _escaped(char)
        used += len(piece)
        if used > limit:
            break
        pieces.append(piece)
    else:
        return "".join(pieces)
    kept = 0
    room = limit - 3
    for count, piece in enumerate(pieces):
        room -= len(piece)
        if room < 0:
            break
        kept = count + 1
    return "".join(pieces[:kept]) + "..."


def _escaped(char: str) -> str:
    """``char`` as :func:`shorten` shows it: escaped if it is a control or format
    character, a line or paragraph separator, or not Unicode text; else as it is."""
    category = unicodedata.category(char)
    if category[0] == "C" or category in ("Zl", "Zp"):
        return char.encode("unicode_escape").decode("ascii")
    return char


def _text_of(value: object) -> str:
    """``str(value)``, never raising (see :func:`shorten`)."""
    if type(value) is int and value.bit_length() > 128:  # never write a huge int whole
        return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
    try:
        text = str(value)
    except Exception:
        try:
            text = repr(value)
        except Exception:
            text = f"<{type(value).__name__}>"
    if type(text) is not str:  # a __str__ that returns something else
        text = f"<{type(value).__name__}>"
    return text


move_text = shorten
"""A move as an error message shows it: :func:`shorten` under the name the games'
messages use (``illegal move 'take pb': ...``)."""


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
