"""Play a game in the terminal: against the computer, hot-seat with friends, or watch bots.

``picnic play sandwich`` seats you at seat 0 (you go first) against the
computer. At each of your decisions it shows your seat's view of the table;
what happened from your last move on, in words; and your legal moves, numbered.
Type a number, a move in notation, or a command (``?`` lists them):
``hint`` shows the search's three favourite moves with its estimate of your chance to
win after each (off where more than one person plays, unless the game was started with
``--hints``: every person at the table agrees to hints by starting it so; ``--no-hints``
turns them off even for one), ``undo`` takes your last decision back (the cards that were dealt stay the
same), ``save [FILE]`` writes a copy of the game so far, ``quit`` stops.
A game in progress is saved after every move, to ``--save FILE`` or else to
a file of its own in the folder ``games`` of the user's data directory
(``PICNIC_DATA_DIR``, else the platform's, such as
``~/.local/share/picnic-rules``): Ctrl-D, Ctrl-C, ``quit`` and ``save`` say
the one command that resumes it, and ``--resume`` alone resumes the latest
game of that folder. A game played to its end is kept there as a record, in
the folder ``played`` (the newest :data:`KEEP_PLAYED`), and its last screen
names the command that replays it; a file of either folder may be named by
its name alone (``picnic replay sandwich-20261204-101500-seed7.json``).
``--resume FILE`` plays on from a saved record. Several ``--seat`` options
make a hot-seat game: the screen is cleared and waits for Enter before each
seat's turn, so nobody sees another's hand. ``--watch`` lets the computer
play every seat and shows one seat's view (``--all-seeing``: every seat's).

The screen at a decision is laid out for a terminal of 80x24: the table,
then the story, then the moves, so that one's own last move and what followed
it sit right above the moves (a move of one's own that nothing followed is
not told again when its confirmation is still on screen). The story and the
moves are shown whole; the table is the game's picture in sections
(:func:`~.screen.sections`), its last section the part of the table the
decision is about: where the whole picture does not fit beside them, the
other sections are folded to their first lines, from the top, and ``board``
shows the whole table. The story is never cut: when it is longer than
:data:`STORY_FLAT` moves, or too long for the screen, the moves of one kind
in a row (the deal, a round's draws, the farmyards' results) share a line, a
sentence repeated word for word said once with its count, sentences that
begin alike said as one, seats doing the same thing said together (a sentence with a
consequence, after `` -- ``, is always said whole and in its place); where no form fits,
the story is told in short (:func:`_in_short`), its title saying so. On a terminal, a menu longer than
:data:`MENU_ROWS` rows (or a third of the terminal) is grouped by the game's
``move_group``: one row per group, the notation its moves share, then each
move's number and the rest of its notation (a move whose notation does not
end with its target is listed whole, in columns); every move keeps its number
in the full list, so a number or a move in notation is answered the same
whether the menu is grouped or not, and ``moves`` lists them all with their
words. ``?`` shows the help a screen at a time, what the game is about first.
While a computer seat searches, the last row says so. Every line is wrapped
at spaces to the width of the terminal (80 columns off a terminal), never
inside a word; a command to copy stands on a line of its own.
When standard input is not a terminal, lines are read one at a time as typed
answers, so a game can be scripted; the end of the input ends the program
cleanly (exit status 0). Input that is not text (a NUL byte, bad UTF-8), a
line without end, or :data:`MAX_REFUSED` lines in a row that make no move end
it with ``picnic: error: ...`` (exit status 2), the game saved.
"""

from __future__ import annotations

import argparse
import os
import re
import secrets
import shlex
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from ..analysis import DEFAULT_ITERATIONS, Budget
from ..errors import IllegalMove, InvalidMove, PicnicError, not_a_seat, shorten
from ..game import CHANCE, AnyGame
from ..host import Table
from ..match import MAX_SEED
from ..registry import get_game
from .common import (
    EXAMPLE_GAME,
    add_rules_options,
    agent_list,
    check_agents,
    default_agent,
    format_outcome,
    non_negative,
    positive,
    rules_from,
)
from .hints import hint_lines
from .records import locate, read_record, write_record
from .screen import REDRAW, Screen, fold, group_rows, numbered_rows, sections, wrap

__all__ = [
    "DATA_DIR_VARIABLE",
    "HELP",
    "KEEP_PLAYED",
    "MAX_REFUSED",
    "MENU_ROWS",
    "STORY_FLAT",
    "add_arguments",
    "latest_save",
    "menu_groups",
    "played_folder",
    "run",
    "saves_folder",
]

HELP = "play a game in the terminal (against the computer, hot-seat, or watch)"
"""The line ``picnic --help`` shows for this command."""

STORY_FLAT = 8
"""The most moves told one line each before a decision; a longer story shares lines
between the moves of one kind in a row (``history`` tells every move on a line of its own)."""

MENU_ROWS = 8
"""A menu takes at most this many rows, or a third of the terminal's if more, before it is
grouped (off a terminal a menu is never grouped: a script reads one move a line)."""

MAX_REFUSED = 1000
"""Off a terminal, the most lines in a row that make no move before the input is refused
(``yes | picnic play sandwich`` ends instead of running for ever)."""

DATA_DIR_VARIABLE = "PICNIC_DATA_DIR"
"""The environment variable naming the folder for saved games (instead of the platform's)."""

KEEP_PLAYED = 50
"""The most finished games kept in :func:`played_folder` (the oldest go first)."""

_COMMANDS = """\
Type one of:
  a number        the move of that number in the list
  a move          in notation, as the list shows it (for example: {example})
  hint            the search's three favourite moves, with your chance to win
  undo            take back your last decision (the same cards come again)
  save [FILE]     write a copy of the game so far to FILE (default: {save})
  history         every move so far, from your seat
  moves           every move you may make now, numbered, each in words
  board           the whole table (a short screen folds some of it)
  quit            stop playing (the game stays saved: picnic play --resume goes on)
  help rules      what the game is about: its goal, a turn, the end and the score
  help WORD       the help's paragraphs that name WORD (help fly, help score)
  ?               this help"""

_TABLE_FORMS = (
    "At this real table you also type what chance does when asked (table>, where ? shows "
    "this), in notation"
)

_NAMES = 18
"""The width of the commands' names in the help (their words start there)."""

_MORE = "-- Enter: more help, q: back to the game -- "
_BACK = "-- Enter: back to the game -- "


def _delay(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, not '{shorten(text)}'") from None
    if not 0 <= value <= 60:
        raise argparse.ArgumentTypeError(f"expected 0 to 60 seconds, not {shorten(text)}")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The command's arguments."""
    parser.add_argument(
        "game",
        metavar="GAME",
        nargs="?",
        help=f"the game's name, e.g. {EXAMPLE_GAME} (not with --resume)",
    )
    parser.add_argument(
        "--seat",
        type=non_negative,
        action="append",
        metavar="K",
        help="your seat (default: 0, first to play); repeat for hot-seat play; with --watch, "
        "the seat whose view is shown",
    )
    parser.add_argument(
        "--vs",
        type=agent_list,
        metavar="AGENT[,AGENT...]",
        help="who plays the other seats: one agent for all, or one per seat in seat order "
        "(default: computer; see `picnic rules GAME` for the agents)",
    )
    parser.add_argument(
        "--players", type=positive, metavar="P", help="number of seats (default: 2)"
    )
    add_rules_options(parser)
    parser.add_argument("--seed", type=int, metavar="S", help="the seed of the deal (default: new)")
    parser.add_argument(
        "--resume",
        metavar="FILE",
        nargs="?",
        const="",
        help="play on from a saved record (no FILE: the latest game saved automatically; "
        "a name alone: a game of the saved games' folder)",
    )
    parser.add_argument(
        "--save",
        metavar="FILE",
        help="save the game here after every move (default: a file of its own in the "
        f"user's data directory, or ${DATA_DIR_VARIABLE})",
    )
    parser.add_argument(
        "--table",
        action="store_true",
        help="at a real table: type what chance does (the card drawn, a toss's landing) "
        "instead of letting the program draw it",
    )
    hints = parser.add_mutually_exclusive_group()
    hints.add_argument(
        "--hints",
        action="store_true",
        default=None,
        help="allow `hint` for every person at the table (each agrees by starting the "
        "game so; with one person hints are on anyway)",
    )
    hints.add_argument(
        "--no-hints", dest="hints", action="store_false", help="no `hint`, even for one person"
    )
    parser.add_argument(
        "--hint-iterations",
        type=positive,
        default=DEFAULT_ITERATIONS,
        metavar="N",
        help=f"the search's iterations for a hint (default: {DEFAULT_ITERATIONS})",
    )
    parser.add_argument("--watch", action="store_true", help="the computer plays every seat")
    parser.add_argument(
        "--all-seeing", action="store_true", help="with --watch: show every seat's view"
    )
    parser.add_argument(
        "--delay",
        type=_delay,
        metavar="SECONDS",
        help="with --watch: pause after each decision (default: 0.5 on a terminal, else 0)",
    )
    parser.add_argument("--plain", action="store_true", help="no colours, even on a terminal")


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Play (or watch) the game the arguments describe."""
    screen = Screen(out, rich=False if args.plain else None)
    if args.resume == "":
        args.resume = str(latest_save())
    elif args.resume is not None:
        args.resume = locate(args.resume, (saves_folder(), played_folder()))
    table = _table(args)
    if args.watch:
        try:
            _watch(table, screen, args)
        except KeyboardInterrupt:
            if args.save:
                write_record(table.record(), args.save)
                screen.line(f"saved {len(table.moves)} moves to {shorten(args.save)}", whole=True)
            raise
        return 0
    target = _target(table, args)
    try:
        _play(table, screen, args, target)
    except KeyboardInterrupt:
        screen.line()
        _stop(table, screen, target, "interrupted")
        raise
    except PicnicError as exc:
        problem = _autosave(table, target)
        hint = _resume_hint(table, target) if problem is None else f"not saved: {problem}"
        raise PicnicError(f"{exc}; {hint}") from None
    return 0


def _data_folder() -> Path:
    """``$PICNIC_DATA_DIR``, else the user's data directory
    (``platformdirs.user_data_dir("picnic-rules")``)."""
    base = os.environ.get(DATA_DIR_VARIABLE)
    if not base:
        try:
            import platformdirs
        except ImportError:  # the cli extra is not installed: the XDG default
            home = os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share")
            base = os.path.join(home, "picnic-rules")
        else:
            base = platformdirs.user_data_dir("picnic-rules")
    return Path(base)


def saves_folder() -> Path:
    """Where games in progress are saved automatically: ``$PICNIC_DATA_DIR/games``, else
    the folder ``games`` of the user's data directory."""
    return _data_folder() / "games"


def played_folder() -> Path:
    """Where games played to their end are kept to replay (the newest :data:`KEEP_PLAYED`):
    the folder ``played`` beside :func:`saves_folder`."""
    return _data_folder() / "played"


def _records(folder: Path) -> list[Path]:
    """The record files of ``folder`` (none if it does not exist), oldest first."""
    try:
        found = [
            path
            for path in folder.iterdir()
            if path.suffix == ".json" and not path.name.startswith(".") and path.is_file()
        ]
    except OSError:
        return []
    return sorted(found, key=lambda path: (path.stat().st_mtime, path.name))


def latest_save() -> Path:
    """The game saved automatically most recently (``picnic play --resume`` without a file)."""
    found = _records(saves_folder())
    if not found:
        raise PicnicError(
            f"no saved game in {shorten(saves_folder(), 200)} to resume: name one with --resume FILE"
        )
    return found[-1]


def _target(table: Table, args: argparse.Namespace) -> Path:
    """The file a game is saved to after each move: ``--save``, the resumed file, or a new one."""
    if args.save:
        return Path(args.save)
    if args.resume:
        return Path(args.resume)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return saves_folder() / f"{table.game.name}-{stamp}-seed{table.seed}.json"


def _name(path: Path) -> str:
    """How a command names ``path``: its name alone in the saved games' folders (where
    ``picnic play --resume`` and ``picnic replay`` look), else the path; quoted for a shell."""
    kept = path.parent in (saves_folder(), played_folder())
    return shlex.quote(path.name if kept else str(path))


def _autosave(table: Table, target: Path) -> str | None:
    """Write the game to ``target``; the reason if that failed."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"cannot make {shorten(target.parent, 200)}: {shorten(exc.strerror or exc, 200)}"
    try:
        write_record(table.record(), str(target))
    except PicnicError as exc:
        return str(exc)
    return None


def _resume_hint(table: Table, target: Path) -> str:
    return (
        f"the game is {_where(target)} after {len(table.moves)} moves; "
        f"go on with: picnic play --resume {shorten(_name(target), 300)}"
    )


def _keep(table: Table, target: Path) -> Path:
    """A finished game's record, kept: moved from the games in progress to
    :func:`played_folder` (the oldest beyond :data:`KEEP_PLAYED` go), or written to the
    file it was saved to. Returns where it is."""
    if target.parent != saves_folder():
        write_record(table.record(), str(target))
        return target
    folder = played_folder()
    kept = folder / target.name
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_record(table.record(), str(kept))
    except (OSError, PicnicError):
        write_record(table.record(), str(target))  # kept where it was saved
        return target
    target.unlink(missing_ok=True)
    for old in _records(folder)[:-KEEP_PLAYED]:
        old.unlink(missing_ok=True)
    return kept


# --------------------------------------------------------------------------
# setting up


def _table(args: argparse.Namespace) -> Table:
    """The table the arguments ask for: a new game, or a saved one resumed."""
    if args.all_seeing and not args.watch:
        raise PicnicError("--all-seeing goes with --watch")
    if args.delay is not None and not args.watch:
        raise PicnicError("--delay goes with --watch")
    if args.table and args.watch:
        raise PicnicError("--table asks a person for chance's outcomes; --watch has nobody to ask")
    if args.seed is not None and abs(args.seed) >= MAX_SEED:
        raise PicnicError("a seed has at most 39 digits")
    if args.resume is not None:
        record = read_record(args.resume)
        if args.game is not None and args.game != record.game:
            raise PicnicError(
                f"{shorten(args.resume)} is a game of {record.game}, not {shorten(args.game)}"
            )
        if args.players is not None or args.variant is not None or args.rules:
            raise PicnicError("--resume plays on with the record's players and rules")
        if args.seed is not None and record.seed is not None and args.seed != record.seed:
            raise PicnicError(
                f"--seed {args.seed}, but the record was dealt with seed {record.seed}"
            )
        game = get_game(record.game)
        players, rules, moves = record.players, record.rules, record.moves
        seed = record.seed if record.seed is not None else _seed(args.seed)
    else:
        if args.game is None:
            raise PicnicError(
                f"name a game (e.g. `picnic play {EXAMPLE_GAME}`) or give --resume FILE"
            )
        game = get_game(args.game)
        rules = rules_from(game, args.variant, args.rules)
        players, moves, seed = args.players, (), _seed(args.seed)
    humans = [] if args.watch else sorted(set(args.seat or [0]))
    if players is None:
        for seat in humans:
            if seat >= game.max_players:
                raise PicnicError(
                    f"there is no seat {seat}: {game.name} seats at most {game.max_players} players"
                )
        players = max(game.min_players, 2, len(humans), max(humans, default=0) + 1)
    players = game.check_players(players)
    for seat in args.seat or []:
        if seat >= players:
            raise PicnicError(not_a_seat(seat, players))
    if args.watch and len(args.seat or []) > 1:
        raise PicnicError("--watch shows one seat's view (--seat K) or every seat's (--all-seeing)")
    others = [seat for seat in range(players) if seat not in humans]
    agents = dict(zip(others, _opponents(game, args.vs, len(others)), strict=True))
    try:
        return Table(
            game,
            players=players,
            rules=rules,
            seed=seed,
            agents=agents,
            moves=moves,
            real_table=args.table,
            hints=args.hints,
        )
    except IllegalMove as exc:
        raise PicnicError(f"{shorten(args.resume)}: {shorten(exc.reason, 300)}") from None


def _seed(given: int | None) -> int:
    return given if given is not None else secrets.randbelow(10**9)


def _opponents(game: AnyGame, names: list[str] | None, count: int) -> list[str]:
    """The agent of each seat nobody types for: ``--vs`` one for all, or one per seat."""
    if names is None:
        names = [default_agent(game)]
    if len(names) == 1:
        names = names * count
    elif len(names) != count:
        raise PicnicError(f"--vs names {len(names)} agents for {count} seats: give one, or {count}")
    check_agents(game, names, people=False)
    return names


# --------------------------------------------------------------------------
# what a seat is shown

_Line = tuple[str, int | None]  # a line of text and the indent its wrapped rows go on with


def _words(table: Table, index: int, seat: int) -> str:
    """Move ``index`` (from 0) as seat ``seat`` saw it, in words."""
    game, state, move = table.game, table.states[index], table.moves[index]
    try:
        return str(game.describe(game.view(state, seat), game.observe(state, move, seat)))
    except PicnicError:  # a game that cannot word a move still gets its notation
        actor = game.to_move(state)
        return f"{'chance' if actor is CHANCE else f'seat {actor}'}: {move}"


def _story(table: Table, seat: int, start: int, *, grouped: bool | str) -> list[_Line]:
    """The moves from ``start`` (from 0) on, numbered from 1, in seat ``seat``'s words:
    one line each, or (``grouped``) the moves of one kind in a row on one line, or
    (``grouped="who"``) the moves told of one seat in a row (a turn) on one line."""
    end = len(table.moves)
    said = [_words(table, k, seat) for k in range(start, end)]
    entries = []
    index = start
    while index < end:
        last = index
        if grouped == "who":
            while last + 1 < end and _who(said[last + 1 - start]) == _who(said[index - start]):
                last += 1
        elif grouped:
            while last + 1 < end and _kind(table, last + 1) == _kind(table, index):
                last += 1
        label = f"{index + 1}" if last == index else f"{index + 1}-{last + 1}"
        told = said[index - start : last - start + 1]
        entries.append((label, _once(told, in_order=grouped == "who")))
        index = last + 1
    column = max((len(label) for label, _ in entries), default=0)
    return [(f"  {label + '.':>{column + 1}} {words}", column + 4) for label, words in entries]


def _who(sentence: str) -> str:
    """Whom a sentence tells of: its first word, or two for a seat (``seat 1``, also of
    ``seat 1's``)."""
    words = sentence.split(" ", 2)
    return " ".join(words[:2]).removesuffix("'s") if words[0] == "seat" else words[0]


def _kind(table: Table, index: int) -> tuple[bool, type]:
    """What moves share a line of a grouped story: chance's or a seat's, of one type."""
    return table.game.to_move(table.states[index]) is CHANCE, type(table.moves[index])


def _once(said: Sequence[str], *, in_order: bool = False) -> str:
    """Sentences joined by ``; ``: one repeated word for word said once with its count,
    sentences that begin alike (two words or more, up to an article or a possessive after
    the first word) said as one -- wherever they stand, or (``in_order``) only when next
    to each other, so that nothing is told out of its order. A sentence with a
    consequence (after a dash: ``-``, ``--`` or an em dash) is said whole, in its place: the sentences
    before it and after it are joined apart.

    >>> _once(["seat 1 draws a card", "you draw a bread", "seat 1 draws a card",
    ...        "you draw a jelly", "you draw an ant"])
    'seat 1 draws a card (twice); you draw a bread, a jelly and an ant'
    >>> _once(["you roll a 4", "seat 1 rolls a 4 -- a tie", "you roll a 3", "seat 1 rolls a 2"])
    'you roll a 4; seat 1 rolls a 4 -- a tie; you roll a 3; seat 1 rolls a 2'
    >>> _once(["seat 1 draws a card", "seat 1's ant takes your jelly", "seat 1 ends the turn"],
    ...       in_order=True)
    "seat 1 draws a card; seat 1's ant takes your jelly; seat 1 ends the turn"
    """
    out: list[str] = []
    run: list[str] = []
    for sentence in said:
        if _CONSEQUENCE.search(sentence):
            out += [_joined(run, in_order)] if run else []
            out.append(sentence)
            run = []
        else:
            run.append(sentence)
    out += [_joined(run, in_order)] if run else []
    return "; ".join(out)


def _joined(said: Sequence[str], in_order: bool) -> str:
    """Sentences without consequences, joined as :func:`_once` says."""
    runs: list[tuple[str, int]] = []  # each sentence once (in order: each run), its count
    for sentence in said:
        same = [k for k, (told, _) in enumerate(runs) if told == sentence]
        if in_order:
            same = same[-1:] if runs and runs[-1][0] == sentence else []
        if same:
            runs[same[0]] = (sentence, runs[same[0]][1] + 1)
        else:
            runs.append((sentence, 1))
    runs = _together(runs)
    clusters: list[tuple[list[str], list[list[str]]]] = []  # (shared words, each one's words)
    for sentence, n in runs:
        words = sentence.split(" ")
        if n > 1:
            words[-1] += f" ({'twice' if n == 2 else f'{n} times'})"
        for cluster in clusters[-1:] if in_order else clusters:
            shared = _shared(cluster[1][0], words)
            if shared:
                del cluster[0][len(shared) :]  # what every member begins with
                cluster[1].append(words)
                break
        else:
            clusters.append((list(words), [words]))
    out = []
    for shared, members in clusters:
        if len(members) == 1:
            out.append(" ".join(members[0]))
            continue
        rests = [" ".join(words[len(shared) :]) for words in members]
        out.append(f"{' '.join(shared)} {', '.join(rests[:-1])} and {rests[-1]}")
    return "; ".join(out)


def _together(runs: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """Sentences said once, next to each other, that tell of seats doing the same thing
    (``seat 1 draws a card``, ``seat 2 draws a card``) said as one, the verb agreeing
    (``seat 1 and seat 2 draw a card``); any other sentence as it is.

    >>> _together([("you draw a red 3", 1), ("seat 1 draws a card", 1), ("seat 2 draws a card", 1),
    ...            ("seat 3 draws a card", 1), ("seat 3 passes", 1)])
    [('you draw a red 3', 1), ('seat 1, seat 2 and seat 3 draw a card', 1), ('seat 3 passes', 1)]
    """
    groups: list[tuple[list[str], str, str, int]] = []  # (subjects, verb, rest, count)
    for sentence, count in runs:
        found = _SUBJECT.fullmatch(sentence)
        subject, verb, rest = found.groups() if found and count == 1 else (sentence, "", "")
        last = groups[-1] if groups else None
        if (
            last is not None
            and verb
            and (last[1], last[2]) == (verb, rest)
            and subject not in last[0]
            and _plural(verb)
        ):
            last[0].append(subject)
        else:
            groups.append(([subject], verb, rest, count))
    out = []
    for subjects, verb, rest, count in groups:
        if len(subjects) == 1:
            out.append((" ".join(part for part in (subjects[0], verb, rest) if part), count))
        else:
            who = f"{', '.join(subjects[:-1])} and {subjects[-1]}"
            out.append((f"{who} {_plural(verb)} {rest}", 1))
    return out


_SUBJECT = re.compile(r"(seat \d+) ([a-z]+) (.+)")
"""A sentence that tells of a seat: the seat, its verb, the rest."""


def _plural(verb: str) -> str:
    """The verb said of several (``draws``: ``draw``), or ``""`` if it does not end in s.

    >>> [_plural(verb) for verb in ("draws", "passes", "carries", "has", "is", "took")]
    ['draw', 'pass', 'carry', 'have', 'are', '']
    """
    irregular = {"has": "have", "is": "are", "does": "do", "goes": "go", "was": "were"}
    if verb in irregular:
        return irregular[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return ""


_CONSEQUENCE = re.compile(r" (-|--|\u2014) ")
"""A dash between spaces: what a move led to follows it (every game's words say so)."""

_DETERMINERS = frozenset({"a", "an", "the", "your", "my", "its", "their", "his", "her"})


def _shared(one: list[str], other: list[str]) -> list[str]:
    """The words two sentences begin with, up to an article or a possessive after the first
    word, if two or more and both go on after them; else none."""
    shared = []
    for a, b in zip(one, other, strict=False):
        if a != b:
            break
        shared.append(a)
    for place, word in enumerate(shared[1:], start=1):
        if word in _DETERMINERS:  # "you draw" a black 4 and a black 5, "at" the ...
            del shared[place:]
            break
    if len(shared) < 2 or len(shared) >= min(len(one), len(other)):
        return []
    return shared


def _described(table: Table, seat: int, legal: Sequence[Any]) -> list[tuple[str, str]]:
    """Each legal move of ``seat`` in notation and in words."""
    game = table.game
    view = game.view(table.state, seat)
    rows = []
    for move in legal:
        try:
            words = str(game.describe_move(view, move))
        except PicnicError:
            words = ""
        rows.append((str(move), words))
    return rows


def _menu_lines(
    table: Table, screen: Screen, seat: int, *, flat: bool = False
) -> tuple[tuple[Any, ...], list[_Line]]:
    """The legal moves of ``seat`` and the menu's lines, its title first: each move
    numbered, in notation and in words; on a terminal where that list is long, grouped
    (see :func:`menu_groups`) unless ``flat``."""
    legal, forms, _ = _menus(table, screen, seat)
    if flat:
        return legal, [("Every move, in words:", None), *forms[0][1:]]
    if screen.height is not None and _long(screen, forms[0]) and len(forms) > 1:
        return legal, forms[1]
    return legal, forms[0]


def _menus(
    table: Table, screen: Screen, seat: int
) -> tuple[tuple[Any, ...], list[list[_Line]], dict[str, list[_Line]]]:
    """The legal moves of ``seat``, the forms of its menu, each a list of lines with the
    title first, and the rows of the last form by their letters.

    The forms: every move numbered, in notation and in words; then, on a terminal, if
    they take fewer rows, the moves grouped (:func:`menu_groups`), and a line for each
    row of that grouped menu, with the numbers of its moves and a letter that lists
    them (for a menu too long for any screen: an ants placement with the Planner card
    may offer hundreds)."""
    game = table.game
    legal = tuple(game.legal_moves(table.state))
    numbered = list(numbered_rows(_described(table, seat, legal), width=screen.width))
    forms: list[list[_Line]] = [[(f"Your move, seat {seat}:", None), *numbered]]
    letters: dict[str, list[_Line]] = {}
    if screen.height is None:
        return legal, forms, letters
    verb, groups = menu_groups(game, legal)
    grouped: list[_Line] = list(group_rows(groups, screen.width))
    if _rows(screen, grouped) >= _rows(screen, numbered):
        return legal, forms, letters
    shared = f" {verb} ..." if verb else ""
    title = f"Your move, seat {seat}:{shared} ({len(legal)} moves; type moves to see each in words)"
    forms.append([(title, None), *grouped])
    if len(groups) > len(_LETTERS):
        return legal, forms, letters
    summary: list[_Line] = []
    for letter, (label, items) in zip(_LETTERS, groups, strict=False):
        lines: list[_Line] = list(group_rows([(label, items)], screen.width))
        if _rows(screen, lines) == 1:
            summary.append(lines[0])
            continue
        numbers = [number for number, _ in items]
        span = (
            f"{numbers[0]} to {numbers[-1]}"
            if numbers == list(range(numbers[0], numbers[-1] + 1))
            else ", ".join(map(str, numbers[:3])) + ", ..."
        )
        what = f"{verb} {label}".strip() if label else "the other moves"
        summary.append((f"  {letter}) {what} ...: {len(items)} moves, {span}", 6))
        letters[letter] = lines
    if letters and _rows(screen, summary) < _rows(screen, grouped):
        title = (
            f"Your move, seat {seat}: {len(legal)} moves, too many for the screen: type a "
            "row's letter to list its moves, or moves to see each in words"
        )
        forms.append([(title, None), *summary])
    else:
        letters = {}
    return legal, forms, letters


_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _long(screen: Screen, menu: Sequence[_Line]) -> bool:
    """Whether a menu takes more than :data:`MENU_ROWS` rows (or a third of the screen)."""
    return _rows(screen, menu[1:]) > max(MENU_ROWS, (screen.height or 0) // 3)


def _rows(screen: Screen, lines: Sequence[_Line]) -> int:
    """How many rows ``lines`` take on the screen, wrapped."""
    return sum(len(wrap(line, screen.width, hang)) for line, hang in lines)


def menu_groups(
    game: AnyGame, legal: Sequence[Any]
) -> tuple[str, list[tuple[str, list[tuple[int, str]]]]]:
    """``legal`` grouped for a short menu: the first word of every move's notation if they
    all share it, and rows ``(label, [(number, rest), ...])``.

    Moves are grouped by ``game.move_group(move)``: its first part (the card, or the
    action) makes a row, labelled with the notation the row's moves share (the shared first
    word left out); its second part (the target) ends a move's notation, and is what the
    row shows after the move's number, as in the full list (from 1). A move's notation is
    never split otherwise: a move whose notation does not end with its target, or alone
    in its row, is listed whole in a last row without a label.

    >>> from picnic_rules import GAMES
    >>> poultry = GAMES["poultry"]
    >>> moves = [poultry.move_from_str(m) for m in ("commit blue 6 + red 3",
    ...          "commit blue 6 + green 4", "commit red 3 + green 4")]
    >>> menu_groups(poultry, moves)
    ('commit', [('blue 6 +', [(1, 'red 3'), (2, 'green 4')]), ('', [(3, 'red 3 + green 4')])])
    """
    notations = [str(move) for move in legal]
    firsts = {text.split(" ", 1)[0] for text in notations}
    verb = firsts.pop() if len(firsts) == 1 and all(" " in text for text in notations) else ""
    texts = [text[len(verb) :].strip() for text in notations]
    rows: dict[tuple[str, str], list[tuple[int, str]]] = {}  # by group and shared head
    loose: list[tuple[int, str]] = []  # moves in no row of their own
    for number, (move, text) in enumerate(zip(legal, texts, strict=True), start=1):
        try:
            key, target = (str(part) for part in game.move_group(move))
        except PicnicError:
            key, target = text, ""
        head = text[: -len(target)].rstrip() if target and text.endswith(" " + target) else ""
        if head:
            rows.setdefault((key, head), []).append((number, target))
        else:
            loose.append((number, text))
    out = []
    for (_, head), members in rows.items():
        if len(members) > 1:
            out.append((head, members))
        else:
            loose.extend((number, texts[number - 1]) for number, _ in members)
    out.sort(key=lambda row: row[1][0][0])  # in the order of the full list
    if loose:
        out.append(("", sorted(loose)))
    return verb, out


def _outcome_line(table: Table, humans: Sequence[int]) -> str:
    """Who won, and every seat's final score, speaking to the one person if there is one
    (how the game ended, and the score counted out, are the picture's)."""
    outcome = table.outcome
    if outcome is None:
        return "the game is not over"
    person = humans[0] if len(humans) == 1 else None

    def who(seat: int) -> str:
        return "you" if seat == person else f"seat {seat}"

    scores = ", ".join(f"{who(seat)} {score}" for seat, score in enumerate(outcome.scores))
    winners = outcome.winners
    if person is not None and person in winners:
        said = "You win!" if len(winners) == 1 else "You share the win."
    elif not winners:
        said = "Nobody wins."
    else:
        names = " and ".join(who(seat) for seat in winners)
        said = f"{names[0].upper()}{names[1:]} {'wins' if len(winners) == 1 else 'share the win'}"
        said += "; you lose." if person is not None else "."
    ended = ""
    if "render" not in table.game.provides:  # the kit's picture does not say how it ended
        words = table.game.reason_words.get(outcome.reason, outcome.reason)
        ended = f"The game ended: {words}. "
    return f"{ended}{said} Final scores: {scores}."


# --------------------------------------------------------------------------
# screens


def _picture_rows(screen: Screen, game: AnyGame, view: Any) -> list[list[int]]:
    """The rows each line of the picture of ``view`` takes, section by section."""
    return [
        [len(wrap(line, screen.width)) for line in section]
        for section in sections(game.render(view))
    ]


def _fitted(screen: Screen, game: AnyGame, view: Any, below: int, *, blank: bool = True) -> None:
    """The picture of ``view`` above ``below`` rows of other text (and a blank line first,
    if ``blank`` and there is room): whole off a terminal or where it fits, else folded
    (:func:`~.screen.fold`) with a note that ``board`` shows it all."""
    height = screen.height
    if height is None:
        if blank:
            screen.line()
        screen.picture(game, view)
        return
    rows = _picture_rows(screen, game, view)
    room = height - below
    if blank and sum(rows[-1] if rows else []) + 1 <= room:
        screen.line()
        room -= 1
    shown = fold(rows, room)
    used = sum(
        n
        for section, flags in zip(rows, shown, strict=True)
        for n, f in zip(section, flags, strict=True)
        if f
    )
    screen.picture(game, view, [flag for flags in shown for flag in flags])
    if not all(all(flags) for flags in shown) and used < room:
        screen.line("  (more of the table above: board shows it all)", style="dim")


def _show(
    table: Table, screen: Screen, seat: int, since: int, confirmed: bool
) -> tuple[tuple[Any, ...], dict[str, list[_Line]]]:
    """Seat ``seat``'s screen at its decision: the table as it sees it, what happened from
    move ``since`` on (the seat's own last move, ``confirmed`` if its confirmation was the
    last line shown), and the moves it may make, numbered. Returns those moves, and the
    rows of the menu by their letters if it had to show its rows by letter.

    The story and the menu are shown whole: each in its fuller form (a move a line; every
    move with its words) where that leaves room for the part of the table the decision is
    about, else the story grouped, then the menu grouped (a long menu always is), then,
    for a menu that fits no screen, a line for each of its rows."""
    game = table.game
    view = game.view(table.state, seat)
    legal, menus, letters = _menus(table, screen, seat)
    end = len(table.moves)
    own = since < end and game.to_move(table.states[since]) == seat
    alone = confirmed and own and since == end - 1  # one's own move alone, confirmed above
    stories = [[]] if alone else _shortest(screen, _stories(table, seat, since))
    confirmation = _rows(screen, [(_words(table, end - 1, seat), None)]) if alone else 0
    height = screen.height
    if height is None:
        story, menu = stories[0], menus[0]
    else:
        if _long(screen, menus[0]) and len(menus) > 1:
            menus = menus[1:]
        focus = sum(sum(rows) for rows in _picture_rows(screen, game, view)[-1:])
        pairs = [(story, menu) for menu in menus for story in stories]
        room = height - 1 - confirmation - focus  # the prompt, the confirmation
        fits = [pair for pair in pairs if _rows(screen, pair[0]) + _rows(screen, pair[1]) <= room]
        if fits:
            story, menu = fits[0]
        else:  # the fullest menu that leaves room for the story told in short
            shorts = [(_in_short(screen, stories[-1], room - _rows(screen, m)), m) for m in menus]
            story, menu = next(
                (
                    pair
                    for pair in shorts
                    if _rows(screen, pair[0]) + _rows(screen, pair[1]) <= room
                ),
                shorts[-1],
            )
    if letters and menu is not menus[-1]:
        letters = {}
    below = _rows(screen, story) + _rows(screen, menu) + 1 + confirmation
    _fitted(screen, game, view, below)
    for number, (line, hang) in enumerate(story):
        screen.line(line, hang=hang, style="dim" if number == 0 else None)
    for number, (line, hang) in enumerate(menu):
        screen.line(line, hang=hang, style="bold" if number == 0 else None)
    return legal, letters


def _stories(table: Table, seat: int, since: int) -> list[list[_Line]]:
    """The forms of the story from move ``since`` (from 0) on, under its title, the
    fullest first: a line a move (only for at most :data:`STORY_FLAT` moves); the moves of
    one kind in a row on a line; the moves told of one seat in a row on a line (each
    only if it has fewer lines than the one before); then, where move ``since`` is the
    seat's own (confirmed when it was made), the same forms of what followed it alone.
    ``[[]]`` for no story."""
    end = len(table.moves)
    if since >= end:
        return [[]]
    own = table.game.to_move(table.states[since]) == seat
    title = "So far:" if not own else "Your last move:" if since == end - 1 else None
    out = _forms(table, seat, since, title or "From your last move on:")
    if own and since + 1 < end:
        out += _forms(table, seat, since + 1, "Since your last move:")
    return out


def _forms(table: Table, seat: int, since: int, title: str) -> list[list[_Line]]:
    """The forms of the story from move ``since`` on under ``title`` (see :func:`_stories`)."""
    forms = [_story(table, seat, since, grouped=way) for way in (False, True, "who")]
    kept = [forms[0]]
    for form in forms[1:]:
        if len(form) < len(kept[-1]):
            kept.append(form)
    if len(table.moves) - since > STORY_FLAT and len(kept) > 1:
        kept = kept[1:]
    return [[(title, None), *form] for form in kept]


def _shortest(screen: Screen, stories: Sequence[list[_Line]]) -> list[list[_Line]]:
    """``stories`` (from :func:`_stories`) without a form that takes as many rows on the
    screen as a fuller one: the fuller is as good."""
    kept = [stories[0]]
    for story in stories[1:]:
        if _rows(screen, story) < _rows(screen, kept[-1]):
            kept.append(story)
    return kept


def _story_lines(table: Table, screen: Screen, seat: int, since: int, *, room: int) -> list[_Line]:
    """The story from move ``since`` on (:func:`_stories`): its fuller form if it takes at
    most ``room`` rows, else its shortest."""
    stories = _shortest(screen, _stories(table, seat, since))
    return next((story for story in stories if _rows(screen, story) <= room), stories[-1])


SHORT_TITLE = " (in short: history tells every move):"
"""What the story's title says when the story is told in short (:func:`_in_short`)."""

_LABEL = re.compile(r"^ *(\d+)(?:-(\d+))?\. ")


def _in_short(screen: Screen, story: list[_Line], room: int) -> list[_Line]:
    """``story`` (its title first) in at most ``room`` rows, if it can be: each entry
    cut to its first row, ended by `` ...``, until the rest fits -- first the entries
    without a consequence (what the table shows: a card drawn, grain fallen), then those
    with one (after a dash: the cards turned up, a duel won), each kind from the oldest
    on; then the oldest entries told together on one row by their numbers and how many
    they are. Every move keeps its number on the screen; the title says ``history`` tells
    it whole.

    >>> import io
    >>> story = [("Since your last move:", None), ("  4. you draw a card", 7),
    ...          ("  5-6. seat 1 draws a card and plays the long red fly on pile 3, the one"
    ...           " that the ants guard", 9)]
    >>> screen = Screen(io.StringIO())
    >>> for line, _ in _in_short(screen, story, 3):
    ...     print(line)
    Since your last move (in short: history tells every move):
      4. you draw a card
      5-6. seat 1 draws a card and plays the long red fly on pile 3, the one ...
    >>> for line, _ in _in_short(screen, story, 2):
    ...     print(line)
    Since your last move (in short: history tells every move):
      4-6. 3 moves
    """
    if not story or _rows(screen, story) <= room:
        return story
    title, hang = story[0]
    lines = [(title.removesuffix(":") + SHORT_TITLE, hang), *story[1:]]
    width = screen.width
    order = sorted(range(1, len(lines)), key=lambda n: (bool(_CONSEQUENCE.search(lines[n][0])), n))
    for number in order:
        if _rows(screen, lines) <= room:
            return lines
        line, indent = lines[number]
        if _rows(screen, [(line, indent)]) > 1:
            first = wrap(line, width - 4, indent)[0]
            lines[number] = (f"{first} ...", indent)
    while len(lines) > 2 and _rows(screen, lines) > room:
        low = _LABEL.match(lines[1][0])
        high = _LABEL.match(lines[2][0])
        if low is None or high is None:
            break
        start, end = int(low.group(1)), int(high.group(2) or high.group(1))
        lines[1:3] = [(f"  {start}-{end}. {end - start + 1} moves", None)]
    return lines


def _last_own(table: Table, seat: int) -> int:
    """The index (from 0) of ``seat``'s last move so far, or 0 if it has made none."""
    for index in range(len(table.moves) - 1, -1, -1):
        if table.game.to_move(table.states[index]) == seat:
            return index
    return 0


# --------------------------------------------------------------------------
# playing


def _advance(table: Table, screen: Screen) -> None:
    """Play chance and the computer until a person is to decide, chance is to be told at a
    real table, or the game ends; a sign on the last row while a computer seat thinks."""
    while not table.over and table.to_move not in table.humans:
        actor = table.to_move
        if actor is CHANCE:
            if table.real_table:  # a real table: what it dealt before an undo, else ask
                if not table.advance():
                    return
                continue
            table.step()
        else:
            with screen.thinking(f"seat {actor} ({table.names[actor]}) is thinking ..."):
                table.step()


def _play(table: Table, screen: Screen, args: argparse.Namespace, target: Path) -> None:
    game, humans = table.game, table.humans
    hot_seat = len(humans) > 1
    save_to = args.save or f"{game.name}-{table.seed}.json"
    opponents = ", ".join(f"seat {seat} {name}" for seat, name in sorted(table.names.items()))
    screen.heading(f"{game.title}: seed {table.seed}")
    screen.line(
        ", ".join(
            f"seat {seat} you" if not hot_seat else f"seat {seat} a person" for seat in humans
        )
        + (f"; {opponents}" if opponents else "")
        + ". Type ? for help."
    )
    # where each person's story starts: its own last move (told again with what followed)
    seen = {seat: _last_own(table, seat) for seat in humans}
    if table.moves:
        screen.line(f"Resumed after {len(table.moves)} moves.")
    shown: int | None = None
    confirmed: int | None = None  # the move whose confirmation was the last line shown
    saved_at: int | None = None
    warned = False
    while True:
        _advance(table, screen)
        if table.over:
            break
        if saved_at != table.version:
            problem = _autosave(table, target)
            if problem is not None and not warned:
                screen.problem(f"the game is not being saved: {problem}")
            warned = warned or problem is not None
            saved_at = table.version
        seat = table.to_move
        if seat is CHANCE:  # at a real table: ask what happened
            if not _ask_chance(table, screen):
                _stop(table, screen, target, "end of input")
                return
            continue
        if hot_seat and seat != shown:
            screen.clear()
            if screen.interactive:
                screen.heading(f"seat {seat}'s turn")
                answer = screen.ask(
                    f"Pass to seat {seat}, then press Enter to show seat {seat}'s hand "
                )
                if answer is None:
                    _stop(table, screen, target, "end of input")
                    return
            else:
                screen.heading(f"seat {seat}'s turn")
        shown = seat
        since, alone = seen[seat], confirmed == seen[seat]
        legal, letters = _show(table, screen, seat, since, alone)
        seen[seat] = len(table.moves)

        def redraw(seat: int = seat, since: int = since) -> None:
            _show(table, screen, seat, since, False)

        result = _decide(table, screen, seat, legal, save_to, redraw, letters, args.hint_iterations)
        if result == "stop":
            _stop(table, screen, target, "stopped")
            return
        if result == "eof":
            _stop(table, screen, target, "end of input")
            return
        if result == "undo":
            seen = {k: min(count, len(table.moves)) for k, count in seen.items()}
        else:
            if result == "moved":  # one's own move, confirmed in the game's words
                screen.line(_words(table, len(table.moves) - 1, seat))
                confirmed = len(table.moves) - 1
            seen[seat] = len(table.moves) - 1
    _finish(table, screen, target, seen)


def _finish(table: Table, screen: Screen, target: Path, seen: dict[int, int]) -> None:
    """The last screen: the table, what happened since one's last move, who won and the
    scores, and the command that replays the game, kept on disk."""
    game, humans = table.game, table.humans
    kept = _keep(table, target)
    person = humans[0] if len(humans) == 1 else None
    command = f"picnic replay {shorten(_name(kept), 300)}"
    command += f" --seat {person}" if person is not None else ""
    ending: list[_Line] = [
        (_outcome_line(table, humans), None),
        ("The game is kept to replay, as you saw it, with:", None),
        (f"  {command}", None),
    ]
    screen.line()
    screen.heading("game over")
    if person is not None:
        room = 10**6 if screen.height is None else screen.height - _rows(screen, ending) - 12
        story = _story_lines(table, screen, person, seen[person], room=room)
        view = game.view(table.state, person)
        _fitted(screen, game, view, _rows(screen, story) + _rows(screen, ending) + 2, blank=False)
        for number, (line, hang) in enumerate(story):
            screen.line(line, hang=hang, style="dim" if number == 0 else None)
    else:
        for shown in humans:
            screen.line(f"seat {shown}:", style="bold")
            screen.picture(game, game.view(table.state, shown))
    screen.line(ending[0][0], style="bold")
    screen.line(ending[1][0])
    screen.line(ending[2][0], whole=True)


def _decide(
    table: Table,
    screen: Screen,
    seat: int,
    legal: tuple[Any, ...],
    save_to: str,
    redraw: Callable[[], None],
    letters: dict[str, list[_Line]],
    hint_iterations: int = DEFAULT_ITERATIONS,
) -> str:
    """Ask seat ``seat`` until it makes a move (``"moved"``) or ``"undo"``, ``"stop"``, ``"eof"``
    (``letters``: the menu's rows by letter, listed when one is typed; ``hint_iterations``:
    the search's for a hint)."""
    game = table.game
    refused = 0
    while True:
        if not screen.interactive and refused >= MAX_REFUSED:
            raise PicnicError(f"standard input gave {MAX_REFUSED} lines in a row that made no move")
        refused += 1
        text = screen.ask(f"seat {seat}> ", _words_to_complete(legal))
        if text is None:
            return "eof"
        if text == REDRAW:  # Ctrl-L: the screen again, cleared
            screen.clear()
            redraw()
            continue
        command, _, rest = text.partition(" ")
        command = command.lower()
        word = rest.strip().lower()
        if not text:
            continue
        if text in ("?", "help"):
            if _pages(screen, _help(table, legal, save_to)):
                redraw()
            continue
        if command in ("help", "rules") and word in ("rules", "") and game.about:
            if _pages(screen, [f"{game.title}\n\n{game.about}"]):
                redraw()
            continue
        if command == "help" and word:
            found = _help_about(table, legal, save_to, word)
            if not found:
                screen.problem(f"nothing in the help names '{shorten(word, 40)}': ? shows it all")
            elif _pages(screen, ["\n\n".join(found)]):
                redraw()
            continue
        if text.lower() in letters:
            for line, hang in letters[text.lower()]:
                screen.line(line, hang=hang)
            continue
        if text in ("quit", "exit"):
            return "stop"
        if text == "hint":
            _hint(table, screen, seat, hint_iterations)
            continue
        if text == "undo":
            taken = table.undo(seat)
            if not taken:
                screen.problem("nothing to undo: you have not made a move yet")
                continue
            screen.line(f"took back {taken} move{'s' if taken > 1 else ''}")
            return "undo"
        if command == "save":
            path = rest.strip() or save_to
            try:
                write_record(table.record(), path)
            except PicnicError as exc:
                screen.problem(str(exc))
            else:
                screen.line(f"saved {len(table.moves)} moves to {shorten(path)}; go on later with:")
                screen.line(f"  picnic play --resume {shorten(shlex.quote(path))}", whole=True)
            continue
        if text == "history":
            for line, hang in _story(table, seat, 0, grouped=False):
                screen.line(line, hang=hang)
            continue
        if text == "moves":
            for number, (line, hang) in enumerate(_menu_lines(table, screen, seat, flat=True)[1]):
                screen.line(line, hang=hang, style="bold" if number == 0 else None)
            continue
        if text == "board":
            screen.picture(game, game.view(table.state, seat))
            for number, (line, hang) in enumerate(_menu_lines(table, screen, seat)[1]):
                screen.line(line, hang=hang, style="bold" if number == 0 else None)
            continue
        if _tried(screen, text, "a move", lambda typed: table.choose(seat, _pick(legal, typed))):
            return "moved"


def _hint(table: Table, screen: Screen, seat: int, iterations: int) -> None:
    """The search's hint for ``seat`` now, or why there is none (the table's policy)."""
    try:
        with screen.thinking("the search is looking for a hint ..."):
            estimates = table.hint(seat, Budget(iterations=iterations, seed=table.seed))
    except PicnicError as exc:
        screen.problem(shorten(exc, 300))
        return
    for line, hang in hint_lines(estimates):
        screen.line(line, hang=hang)


def _ask_chance(table: Table, screen: Screen) -> bool:
    """Ask what chance did, until it is possible; ``False`` at the end of input."""
    game = table.game
    outcomes = [move for move, _ in game.chance_outcomes(table.state)]
    options = tuple(outcomes)  # empty for sampled chance: typed in notation only
    screen.line()
    screen.line(f"Chance acts (move {len(table.moves) + 1}): type what happened at the table.")
    if outcomes and len(outcomes) <= 40:
        screen.numbered([(str(move), "") for move in outcomes])
    while True:
        text = screen.ask("table> ", [str(move) for move in outcomes])
        if text is None:
            return False
        if not text or text == REDRAW:
            continue
        if text in ("quit", "exit"):
            return False
        if text in ("?", "help"):
            screen.line(_notation(game, "Type what happened at the table, in notation"))
            continue
        if _tried(screen, text, "an outcome", lambda typed: table.tell(_pick(options, typed))):
            return True


def _words_to_complete(legal: Sequence[Any]) -> list[str]:
    """What Tab completes at a decision: the legal moves' notation, then the commands."""
    commands = ["hint", "undo", "save", "history", "moves", "board", "quit", "?"]
    return [str(move) for move in legal] + commands


def _tried(screen: Screen, text: str, what: str, action: Callable[[str], object]) -> bool:
    """Do ``action(text)`` (a move typed); on a refusal say why and return ``False``."""
    try:
        action(text)
    except InvalidMove as exc:
        screen.problem(f"'{shorten(text)}' is not {what}: {shorten(exc.reason, 300)} (? for help)")
    except IllegalMove as exc:
        screen.problem(f"{shorten(exc.move)} is not possible now: {shorten(exc.reason, 300)}")
    except PicnicError as exc:
        screen.problem(shorten(exc, 300))
    else:
        return True
    return False


def _pick(legal: tuple[Any, ...], text: str) -> Any:
    """The move a typed number names, or ``text`` itself (notation)."""
    if legal and text.isascii() and text.isdigit():
        count = len(legal)
        if len(text) <= len(str(count)) and 1 <= int(text) <= count:
            return legal[int(text) - 1]
        raise PicnicError(f"there is no move {shorten(text, 20)}: type a number from 1 to {count}")
    return text


# --------------------------------------------------------------------------
# help


def _help(table: Table, legal: Sequence[Any], save_to: str) -> list[str]:
    """The help's pages: what the game is about (its :attr:`~picnic_rules.Game.about`,
    the goal first), then the commands (at a real table, the notation of chance's moves)."""
    game = table.game
    pages = [f"{game.title}\n\n{game.about}"] if game.about else []
    example = str(legal[0]) if legal else "1"
    commands = _COMMANDS.format(example=shorten(example), save=shorten(save_to))
    if table.real_table:
        commands += "\n\n" + _notation(game, _TABLE_FORMS)
    return [*pages, commands]


def _notation(game: AnyGame, intro: str) -> str:
    """``intro``, then every form of the game's notation (what an unknown word is answered
    with), the moves a real table types for chance among them."""
    try:
        game.move_from_str("?")
    except InvalidMove as error:
        return f"{intro}: {error.reason}"
    return intro


def _help_about(table: Table, legal: Sequence[Any], save_to: str, word: str) -> list[str]:
    """The paragraphs of the help (and the lines of its commands) that name ``word``."""
    pattern = re.compile(rf"(?<![\w-]){re.escape(word)}", re.IGNORECASE)
    found = []
    for page in _help(table, legal, save_to):
        pieces = page.split("\n\n")
        for piece in pieces:
            lines = piece.split("\n")
            if lines[0].startswith("Type one of:"):  # the commands, by their names
                found += [line for line in lines[1:] if pattern.search(line[:_NAMES])]
            elif pattern.search(piece):
                found.append(piece)
    return found


def _pages(screen: Screen, texts: Sequence[str]) -> bool:
    """Show ``texts``; on a terminal a screenful at a time (a page never breaks a paragraph
    that fits one), waiting for Enter after each. Returns whether the decision's screen
    should be drawn again (a person read the pages on a terminal)."""
    height = screen.height
    if height is None or not screen.interactive:
        for number, text in enumerate(texts):
            if number:
                screen.line()
            screen.line(text, hang=_NAMES if text.startswith("Type one of:") else None)
        return False
    room = height - 1  # a row for the question under each page
    pages: list[list[str]] = []
    for text in texts:
        hang = _NAMES if text.startswith("Type one of:") else None
        rows: list[str] = []
        for paragraph in text.split("\n\n"):
            block = [
                row for line in paragraph.split("\n") for row in wrap(line, screen.width, hang)
            ]
            if rows and len(rows) + 1 + len(block) > room:
                pages.append(rows)
                rows = []
            rows += ([""] if rows else []) + block
            while len(rows) > room:
                pages.append(rows[:room])
                rows = rows[room:]
        pages.append(rows)
    for number, rows in enumerate(pages):
        screen.line()
        for row in rows:
            screen.line(row, whole=True)
        last = number == len(pages) - 1
        answer = screen.ask(_BACK if last else _MORE)
        if answer is None or answer.lower() in ("q", "quit"):
            return True
    return True


def _stop(table: Table, screen: Screen, target: Path, why: str) -> None:
    """The person stopped, or the input ended, or Ctrl-C: save, and say how to go on."""
    screen.line(f"{why}: the game stops after {len(table.moves)} moves")
    problem = _autosave(table, target)
    if problem is not None:
        screen.problem(f"the game could not be saved: {problem}")
        return
    screen.line(f"{_where(target)}; go on with:")
    screen.line(f"  picnic play --resume {shorten(_name(target), 300)}", whole=True)


def _where(path: Path) -> str:
    """Where a game is saved, in words: a file of the saved games' folder by its name (the
    folder is long, and ``picnic play --resume`` looks there), any other by its path."""
    if path.parent in (saves_folder(), played_folder()):
        return f"saved as {shorten(path.name, 300)} with the saved games"
    return f"saved to {shorten(path, 300)}"


# --------------------------------------------------------------------------
# watching


def _watch(table: Table, screen: Screen, args: argparse.Namespace) -> None:
    game = table.game
    seat = (args.seat or [0])[0]
    delay = args.delay if args.delay is not None else (0.5 if screen.interactive else 0.0)
    agents = ", ".join(f"seat {k} {name}" for k, name in sorted(table.names.items()))
    seen = "every seat's view" if args.all_seeing else f"seat {seat}'s view"
    screen.heading(f"{game.title}: seed {table.seed}")
    screen.line(f"{agents}; showing {seen}")
    if table.moves:
        screen.line(f"Resumed after {len(table.moves)} moves.")
    last: Any = None
    while not table.over:
        actor = table.to_move
        if actor is not CHANCE and actor != last:
            _pictures(table, screen, None if args.all_seeing else seat)
            last = actor
        index = len(table.moves)
        move = table.step()
        if args.all_seeing:
            who = "chance" if actor is CHANCE else f"seat {actor}"
            screen.line(f"  {index + 1:>4}. {who}: {move}")
        else:
            screen.line(f"  {index + 1:>4}. {_words(table, index, seat)}")
        if actor is not CHANCE and delay:
            time.sleep(delay)
    screen.heading("game over")
    _pictures(table, screen, None if args.all_seeing else seat)
    screen.line(format_outcome(table.outcome, table.game), style="bold")
    if args.save:
        write_record(table.record(), args.save)
        screen.line(f"saved the game to {shorten(args.save)}", whole=True)


def _pictures(table: Table, screen: Screen, seat: int | None) -> None:
    game = table.game
    seats = range(table.players) if seat is None else (seat,)
    for shown in seats:
        if seat is None:
            screen.line(f"seat {shown}:", style="bold")
        screen.picture(game, game.view(table.state, shown))
