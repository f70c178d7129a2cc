"""The limits on what the codec reads (input its errors quote is shortened by
:func:`picnic_rules.errors.shorten`).

Every bound is checked before the work it protects, so a hostile document
costs at most a bounded amount of time and memory, and every refusal is a
:class:`~picnic_rules.DecodeError` with a short message.
"""

from __future__ import annotations

import unicodedata
from typing import Final

__all__ = [
    "MAX_DEPTH",
    "MAX_DESCRIPTION",
    "MAX_DOCUMENT_BYTES",
    "MAX_ECHO",
    "MAX_INT_DIGITS",
    "MAX_NOTATION",
    "MAX_REASON",
    "check_description",
]

MAX_DOCUMENT_BYTES: Final = 1 << 20
"""The largest document :func:`~picnic_rules.codec.loads` reads: 1 MiB of UTF-8.

Checked before the text is parsed. The longest sandwich record under the
default rules (4 seats, every move the rules allow: 540 moves and 549 draws)
is about 15 KB, and random 4-seat games write 4-5 KB, so the limit leaves
more than 50 times the headroom. Records of games played under extreme
rules (an ``action_limit`` in the thousands) can be larger and are refused.
A document of the limit's size is read or refused in about a second (the
worst measured: a record of 140,000 moves, 1.0 s; 80,000 hands, 0.7 s).
"""

MAX_DEPTH: Final = 32
"""The deepest nesting of arrays and objects a document may have, ``$`` being the first level.

Sandwich documents are at most 5 deep (``$``, ``$.state``, ``$.state.table``,
``$.state.table[0]``, ``$.state.table[0][1]``). A cyclic Python object given
to :func:`~picnic_rules.codec.decode` is refused by the same bound.
"""

MAX_NOTATION: Final = 200
"""The longest move, in characters, that the codec hands to a game's ``move_from_str``.

A longer string is refused before it is parsed. Sandwich notation is at most
about 20 characters (``ant 3.12 to 4``); a game may refuse shorter strings itself.
"""

MAX_DESCRIPTION: Final = 400
"""The longest description, in characters, of an update's observation or legal move.

A description is one line for players (``game.describe``,
``game.describe_move``). Sandwich's longest are an ant's steal that
renumbers the victim's sandwiches and ends the game in a tie, about 210
characters in random 4-seat games. A longer one is refused, and so is one
that :func:`check_description` finds empty, of several lines or holding a
control or format character.
"""

MAX_INT_DIGITS: Final = 40
"""The most decimal digits of an integer in a document (a 128-bit seed has 39).

Every count a game's ``Rules`` allow is far smaller; a longer integer is
refused before any game sees it, and its digits are never echoed.
"""

MAX_ECHO: Final = 80
"""The most characters of a document's own text (a name, a key, a value) an error message quotes."""

MAX_REASON: Final = 240
"""The most characters of a reason a :class:`~picnic_rules.DecodeError` carries."""


_HIDDEN: Final = {"Cc": "control", "Cf": "format"}
"""The Unicode categories no description may hold, with their names for an error."""


def check_description(text: str) -> str | None:
    r"""Why ``text`` is not a description for players, or ``None`` if it is one.

    A description (of an update's legal move or observation) is one line of
    at most :data:`MAX_DESCRIPTION` characters, at least one of them visible,
    and none a control or format character (Unicode category ``Cc`` or
    ``Cf``: NUL, terminal escapes, zero-width and bidirectional marks), so a
    client may show it in a terminal or a page as it is.

    >>> check_description("seat 0 plays bread") is None
    True
    >>> check_description("\x1b[2Jyou win")
    'control character U+001B at index 0: a description is plain text'
    >>> check_description("\u200b")
    'format character U+200B at index 0: a description is plain text'
    >>> check_description(" ")
    'empty: a description is a sentence for players'
    """
    if len(text) > MAX_DESCRIPTION:
        return f"{len(text)} characters, more than the limit of {MAX_DESCRIPTION}"
    if not text.strip():
        return "empty: a description is a sentence for players"
    if text.splitlines() != [text]:
        return "more than one line: a description is one sentence"
    for index, char in enumerate(text):
        hidden = _HIDDEN.get(unicodedata.category(char))
        if hidden is not None:
            return f"{hidden} character U+{ord(char):04X} at index {index}: a description is plain text"
    return None
