"""What the lobby tells a newcomer of a game, from its record alone: two lines on what it
is, how to play it (the game's own words, as ``picnic play``'s ``?`` shows them), the
address of its rules page, and each rules option with a label and help in words.

Nothing here names a game: it reads :attr:`Game.about <picnic_rules.Game.about>` and the
``Rules`` class -- each field's label (:data:`picnic_rules.kit.options.LABEL` in its
metadata, else its name in words), its docstring as the help, and whether it names a seat
(:data:`picnic_rules.kit.options.SEAT`) -- so an installed game is introduced too.
"""

from __future__ import annotations

import re
from typing import Any, Final

import attrs

from ..game import AnyGame
from ..kit.options import LABEL, SEAT, field_docs

__all__ = ["MAX_HELP", "introduce", "option_words"]

MAX_HELP: Final = 300
"""The longest help of an option the lobby sends, in characters."""

_URL = re.compile(r"https?://[^\s<>\"']+")


def introduce(game: AnyGame) -> dict[str, Any]:
    """What the lobby tells of ``game`` beside its options: ``intro``, what it is in a line
    or two (the first paragraph of its ``about``); ``how_to_play``, the paragraphs of its
    ``about`` but the rules page's line; ``rules_url``, the address of its rules page (the
    first in its ``about``, else ``""``); and ``options``, each ``Rules`` field's words
    (:func:`option_words`).

    >>> from picnic_rules import GAMES
    >>> told = introduce(GAMES["sandwich"])
    >>> told["intro"]
    'Be the first to finish three sandwiches: bread, peanut butter and jelly, bread.'
    >>> told["rules_url"]
    'https://picnic-rules.readthedocs.io/en/latest/sandwich.html'
    >>> told["options"]["first_player"]["label"], told["options"]["first_player"]["seat"]
    ('First to play', True)
    """
    paragraphs = [" ".join(part.split()) for part in game.about.split("\n\n") if part.strip()]
    found = _URL.search(game.about)
    url = found.group().rstrip(".,;:)") if found else ""
    steps = [part for part in paragraphs if not (url and url in part)]
    return {
        "intro": steps[0] if steps else game.title,
        "how_to_play": steps,
        "rules_url": url,
        "options": option_words(game.Rules),
    }


def option_words(rules: type) -> dict[str, dict[str, Any]]:
    """Each field of the ``Rules`` class ``rules`` in words, by name: ``label`` (its
    metadata's, else its name in words: ``hand_size`` is "Hand size"), ``help`` (its
    docstring, one line, at most :data:`MAX_HELP` characters; ``""`` without one) and
    ``seat`` (whether its value names a seat, 0 the first).

    >>> from picnic_rules import GAMES
    >>> option_words(GAMES["insects"].Rules)["hand_size"]
    {'label': 'Hand size', 'help': 'Cards each player holds after the deal and draws back to.', 'seat': False}
    """
    docs = field_docs(rules)
    words: dict[str, dict[str, Any]] = {}
    for field in attrs.fields(rules):
        label = field.metadata.get(LABEL) or field.name.replace("_", " ").capitalize()
        help_ = " ".join(docs.get(field.name, "").split())
        if len(help_) > MAX_HELP:
            help_ = help_[: MAX_HELP - 3].rstrip() + "..."
        words[field.name] = {
            "label": str(label),
            "help": help_,
            "seat": bool(field.metadata.get(SEAT)),
        }
    return words
