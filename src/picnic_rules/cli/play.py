"""Play a game in the terminal: against the computer, hot-seat with friends, or watch bots.

``picnic play sandwich`` seats you at seat 0 (you go first) against the
computer. At each of your decisions it shows your seat's view of the table;
what happened from your last move on, in words; and your legal moves, numbered.
Type a number, a move in notation, or a command (``?`` lists them):
``undo`` takes your last decision back (the cards that were dealt stay the
same), ``save [FILE]`` writes the game so far as a record, ``quit`` stops.
A game in progress is saved after every move, to ``--save FILE`` or else to
a file of its own in the user's data directory (``PICNIC_DATA_DIR``, else the
platform's, such as ``~/.local/share/picnic-rules``, folder ``games``): Ctrl-D,
Ctrl-C and ``quit`` say where it is and the one command that resumes it.
``--resume FILE`` plays on from a saved record, ``--resume`` alone from the
latest game saved there. Several ``--seat`` options
make a hot-seat game: the screen is cleared and waits for Enter before each
seat's turn, so nobody sees another's hand. ``--watch`` lets the computer
play every seat and shows one seat's view (``--all-seeing``: every seat's).
The screen at a decision is laid out for a terminal of 80x24: the table,
then the story, then the moves, so that one's own last move and what followed
it sit right above the moves (a move of one's own that nothing followed is
not told again when its confirmation is still on screen). The story is never
cut: when it is longer than :data:`STORY_FLAT` moves, the moves of one kind
in a row (the deal, a round's draws, the farmyards' results) share a line, a
sentence repeated word for word said once with its count, sentences that
begin alike said as one. On a terminal, a menu longer than :data:`MENU_ROWS`
rows (or a third of the terminal) is grouped by the game's ``move_group``:
one row per group, the notation its moves share, then each move's number and
the rest of its notation; every move keeps its number in the full list, so a
number or a move in notation is answered the same whether the menu is grouped
or not, and ``moves`` lists them all with their words. Every line is wrapped
at spaces to the width of the terminal (80 columns off a terminal), never
inside a word.
When standard input is not a terminal, lines are read one at a time as typed
answers, so a game can be scripted; the end of the input ends the program
cleanly (exit status 0). Input that is not text (a NUL byte, bad UTF-8), a
line without end, or :data:`MAX_REFUSED` lines in a row that make no move end
it with ``picnic: error: ...`` (exit status 2), the game saved.
"""

from __future__ import annotations

import argparse
import os
import secrets
import shlex
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from ..errors import IllegalMove, InvalidMove, PicnicError, not_a_seat
from ..game import CHANCE, AnyGame
from ..host import Table
from ..match import MAX_SEED
from ..registry import get_game
from .common import (
    add_rules_options,
    agent_list,
    check_agents,
    default_agent,
    format_outcome,
    non_negative,
    positive,
    rules_from,
    safe,
)
from .records import read_record, write_record
from .screen import REDRAW, Screen, group_rows, numbered_rows, wrap

__all__ = [
    "DATA_DIR_VARIABLE",
    "HELP",
    "MAX_REFUSED",
    "MENU_ROWS",
    "STORY_FLAT",
    "add_arguments",
    "latest_save",
    "menu_groups",
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

_COMMANDS = """\
Type one of:
  a number        the move of that number in the list
  a move          in notation{forms}
  undo            take back your last decision (the same cards come again)
  save [FILE]     write the game so far to FILE (default: {save})
  history         every move so far, from your seat
  moves           every move you may make now, numbered, each in words
  board           your view of the table again
  quit            stop playing (the game stays saved: go on with picnic play --resume)
  help rules      what the game is about: its goal, a turn, the end and the score
  ?               this help"""


def _delay(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, not '{safe(text)}'") from None
    if not 0 <= value <= 60:
        raise argparse.ArgumentTypeError(f"expected 0 to 60 seconds, not {safe(text)}")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The command's arguments."""
    parser.add_argument(
        "game", metavar="GAME", nargs="?", help="the game's name, e.g. sandwich (not with --resume)"
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
        help="play on from a saved record (no FILE: the latest game saved automatically)",
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
    session = _session(args)
    if args.watch:
        try:
            _watch(session, screen, args)
        except KeyboardInterrupt:
            if args.save:
                write_record(session.record(), args.save)
                screen.line(f"saved {len(session.moves)} moves to {safe(args.save)}", whole=True)
            raise
        return 0
    saves = _Saves(_target(session, args))
    try:
        _play(session, screen, args, saves)
    except KeyboardInterrupt:
        screen.line()
        _stop(session, screen, saves, "interrupted")
        raise
    except PicnicError as exc:
        problem = _autosave(session, saves.path)
        hint = _resume_hint(session, saves.path) if problem is None else f"not saved: {problem}"
        raise PicnicError(f"{exc}; {hint}") from None
    return 0


def saves_folder() -> Path:
    """Where games are saved automatically: ``$PICNIC_DATA_DIR/games``, else the folder
    ``games`` of the user's data directory (``platformdirs.user_data_dir("picnic-rules")``)."""
    base = os.environ.get(DATA_DIR_VARIABLE)
    if not base:
        try:
            import platformdirs
        except ImportError:  # the cli extra is not installed: the XDG default
            home = os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share")
            base = os.path.join(home, "picnic-rules")
        else:
            base = platformdirs.user_data_dir("picnic-rules")
    return Path(base) / "games"


def latest_save() -> Path:
    """The game saved automatically most recently (``picnic play --resume`` without a file)."""
    folder = saves_folder()
    try:
        found = [
            path
            for path in folder.iterdir()
            if path.suffix == ".json" and not path.name.startswith(".") and path.is_file()
        ]
    except OSError:
        found = []
    if not found:
        raise PicnicError(
            f"no saved game in {safe(folder, 200)} to resume: name one with --resume FILE"
        )
    return max(found, key=lambda path: path.stat().st_mtime)


def _target(session: Table, args: argparse.Namespace) -> Path:
    """The file a game is saved to after each move: ``--save``, the resumed file, or a new one."""
    if args.save:
        return Path(args.save)
    if args.resume:
        return Path(args.resume)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return saves_folder() / f"{session.game.name}-{stamp}-seed{session.seed}.json"


class _Saves:
    """Where the game is saved after each move (``save FILE`` moves it there)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def move_to(self, path: Path) -> None:
        """Save to ``path`` from now on; a file of the data directory left behind goes."""
        if path.resolve() != self.path.resolve() and self.path.parent == saves_folder():
            self.path.unlink(missing_ok=True)
        self.path = path


def _autosave(session: Table, target: Path) -> str | None:
    """Write the game to ``target``; the reason if that failed."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"cannot make {safe(target.parent, 200)}: {safe(exc.strerror or exc, 200)}"
    try:
        write_record(session.record(), str(target))
    except PicnicError as exc:
        return str(exc)
    return None


def _resume_hint(session: Table, target: Path) -> str:
    return (
        f"the game is saved after {len(session.moves)} moves in {safe(target, 300)}; "
        f"go on with: picnic play --resume {safe(shlex.quote(str(target)), 300)}"
    )


# --------------------------------------------------------------------------
# setting up


def _session(args: argparse.Namespace) -> Table:
    """The session the arguments ask for: a new game, or a saved one resumed."""
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
                f"{safe(args.resume)} is a game of {record.game}, not {safe(args.game)}"
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
            raise PicnicError("name a game (e.g. `picnic play sandwich`) or give --resume FILE")
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
            table=args.table,
        )
    except IllegalMove as exc:
        raise PicnicError(f"{safe(args.resume)}: {safe(exc.reason, 300)}") from None


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


def _words(session: Table, index: int, seat: int) -> str:
    """Move ``index`` (from 0) as seat ``seat`` saw it, in words."""
    game, state, move = session.game, session.states[index], session.moves[index]
    try:
        return str(game.describe(game.view(state, seat), game.observe(state, move, seat)))
    except PicnicError:  # a game that cannot word a move still gets its notation
        actor = game.to_move(state)
        return f"{'chance' if actor is CHANCE else f'seat {actor}'}: {move}"


def _story(session: Table, screen: Screen, seat: int, start: int, *, grouped: bool) -> None:
    """The moves from ``start`` (from 0) on, numbered from 1, in seat ``seat``'s words:
    one line each, or (``grouped``) the moves of one kind in a row on one line."""
    end = len(session.moves)
    entries = []
    index = start
    while index < end:
        last = index
        if grouped:
            while last + 1 < end and _kind(session, last + 1) == _kind(session, index):
                last += 1
        said = [_words(session, k, seat) for k in range(index, last + 1)]
        label = f"{index + 1}" if last == index else f"{index + 1}-{last + 1}"
        entries.append((label, _once(said)))
        index = last + 1
    column = max((len(label) for label, _ in entries), default=0)
    for label, words in entries:
        screen.line(f"  {label + '.':>{column + 1}} {words}", hang=column + 4)


def _kind(session: Table, index: int) -> tuple[bool, type]:
    """What moves share a line of a grouped story: chance's or a seat's, of one type."""
    return session.game.to_move(session.states[index]) is CHANCE, type(session.moves[index])


def _once(said: Sequence[str]) -> str:
    """Sentences joined by ``; ``: one repeated word for word said once with its count,
    sentences that begin alike (two words or more, up to an article or a possessive after
    the first word) said as one.

    >>> _once(["seat 1 draws a card", "you draw a bread", "seat 1 draws a card",
    ...        "you draw a jelly", "you draw an ant"])
    'seat 1 draws a card (twice); you draw a bread, a jelly and an ant'
    """
    counts: dict[str, int] = {}
    for sentence in said:
        counts[sentence] = counts.get(sentence, 0) + 1
    clusters: list[tuple[list[str], list[list[str]]]] = []  # (shared words, each one's words)
    for sentence, n in counts.items():
        words = sentence.split(" ")
        if n > 1:
            words[-1] += f" ({'twice' if n == 2 else f'{n} times'})"
        for cluster in clusters:
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


def _described(session: Table, seat: int, legal: Sequence[Any]) -> list[tuple[str, str]]:
    """Each legal move of ``seat`` in notation and in words."""
    game = session.game
    view = game.view(session.state, seat)
    rows = []
    for move in legal:
        try:
            words = str(game.describe_move(view, move))
        except PicnicError:
            words = ""
        rows.append((str(move), words))
    return rows


def _menu(session: Table, screen: Screen, seat: int, *, flat: bool = False) -> tuple[Any, ...]:
    """The numbered legal moves of ``seat``, each in notation and in words; on a terminal
    where that list is long, grouped (see :func:`menu_groups`) unless ``flat``."""
    legal, title, lines = _menu_lines(session, screen, seat, flat=flat)
    screen.line(title, style="bold")
    for line, hang in lines:
        screen.line(line, hang=hang)
    return legal


def _menu_lines(
    session: Table, screen: Screen, seat: int, *, flat: bool = False
) -> tuple[tuple[Any, ...], str, list[tuple[str, int]]]:
    """The legal moves of ``seat``, the menu's title and its lines (each with its indent)."""
    game = session.game
    legal = tuple(game.legal_moves(session.state))
    numbered = numbered_rows(_described(session, seat, legal), width=screen.width)
    height = screen.height
    if height is not None and not flat:
        long = _rows(screen, numbered)
        if long > max(MENU_ROWS, height // 3):
            verb, groups = menu_groups(game, legal)
            grouped = group_rows(groups, screen.width)
            if _rows(screen, grouped) < long:
                shared = f" {verb} ..." if verb else ""
                title = (
                    f"Your move, seat {seat}:{shared} ({len(legal)} moves; "
                    "type moves to see each in words)"
                )
                return legal, title, grouped
    return legal, f"Your move, seat {seat}:" if not flat else "Every move, in words:", numbered


def _rows(screen: Screen, lines: Sequence[tuple[str, int | None]]) -> int:
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
    row shows after the move's number, as in the full list (from 1). A group whose
    notations do not end with their targets is labelled with the words they all begin
    with; moves without a target, or alone in a group that shares nothing, share a last
    row without a label, each with its whole notation.

    >>> from picnic_rules import GAMES
    >>> poultry = GAMES["poultry"]
    >>> moves = [poultry.move_from_str(m) for m in ("commit blue 6 + red 3",
    ...          "commit blue 6 + green 4", "commit red 3 + green 4")]
    >>> menu_groups(poultry, moves)
    ('commit', [('blue 6 +', [(1, 'red 3'), (2, 'green 4')]), ('red 3 +', [(3, 'green 4')])])
    """
    notations = [str(move) for move in legal]
    firsts = {text.split(" ", 1)[0] for text in notations}
    verb = firsts.pop() if len(firsts) == 1 and all(" " in text for text in notations) else ""
    texts = [text[len(verb) :].strip() for text in notations]
    groups: dict[str, list[tuple[int, str]]] = {}  # a group's moves: (number, target)
    loose: list[tuple[int, str]] = []  # moves in no row of their own
    for number, (move, text) in enumerate(zip(legal, texts, strict=True), start=1):
        try:
            key, target = (str(part) for part in game.move_group(move))
        except PicnicError:
            key, target = text, ""
        if target:
            groups.setdefault(key, []).append((number, target))
        else:
            loose.append((number, text))
    rows = []
    for members in groups.values():
        label, items = _shared_head(texts, members)
        if label:
            rows.append((label, items))
        else:
            loose.extend((number, texts[number - 1]) for number, _ in members)
    if loose:
        rows.append(("", sorted(loose)))
    return verb, sorted(rows, key=lambda row: row[1][0][0])  # in the order of the full list


def _shared_head(
    texts: Sequence[str], members: Sequence[tuple[int, str]]
) -> tuple[str, list[tuple[int, str]]]:
    """The notation a group's moves share before their targets (else the words they all
    begin with), and each move's number and rest; ``("", [])`` if they share nothing."""
    heads = set()
    for number, target in members:
        text = texts[number - 1]
        heads.add(text[: -len(target)].rstrip() if text.endswith(" " + target) else "")
    if len(heads) == 1 and (head := heads.pop()):
        return head, list(members)
    words = [texts[number - 1].split(" ") for number, _ in members]
    shared: list[str] = []
    if len(members) > 1:
        for column in zip(*words, strict=False):
            if len(set(column)) > 1:
                break
            shared.append(column[0])
        while shared and any(len(split) == len(shared) for split in words):
            shared.pop()  # a move that is all label keeps a word of its own
    if not shared:
        return "", []
    rests = [" ".join(split[len(shared) :]) for split in words]
    return " ".join(shared), [
        (number, rest) for (number, _), rest in zip(members, rests, strict=True)
    ]


def _outcome_line(session: Table, humans: Sequence[int]) -> str:
    outcome = session.outcome
    line = format_outcome(outcome)
    if outcome is not None and len(humans) == 1:
        won = humans[0] in outcome.winners
        line += " -- you win!" if won and len(outcome.winners) == 1 else ""
        line += " -- you share the win" if won and len(outcome.winners) > 1 else ""
        line += " -- you lose" if not won else ""
    return line


# --------------------------------------------------------------------------
# playing


def _play(session: Table, screen: Screen, args: argparse.Namespace, saves: _Saves) -> None:
    game, humans = session.game, session.humans
    hot_seat = len(humans) > 1
    save_to = args.save or f"{game.name}-{session.seed}.json"
    opponents = ", ".join(f"seat {seat} {name}" for seat, name in sorted(session.names.items()))
    screen.heading(f"{game.title}: seed {session.seed}")
    screen.line(
        ", ".join(
            f"seat {seat} you" if not hot_seat else f"seat {seat} a person" for seat in humans
        )
        + (f"; {opponents}" if opponents else "")
        + ". Type ? for help."
    )
    # where each person's story starts: its own last move (told again with what followed)
    seen = {seat: _last_own(session, seat) for seat in humans}
    if session.moves:
        screen.line(f"Resumed after {len(session.moves)} moves.")
    shown: int | None = None
    confirmed: int | None = None  # the move whose confirmation was the last line shown
    saved_at: int | None = None
    warned = False
    while True:
        session.advance()
        if session.over:
            break
        if saved_at != session.version:
            problem = _autosave(session, saves.path)
            if problem is not None and not warned:
                screen.problem(f"the game is not being saved: {problem}")
            warned = warned or problem is not None
            saved_at = session.version
        seat = session.to_move
        if seat is CHANCE:  # at a real table: ask what happened
            if not _ask_chance(session, screen):
                _stop(session, screen, saves, "end of input")
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
                    _stop(session, screen, saves, "end of input")
                    return
            else:
                screen.heading(f"seat {seat}'s turn")
        shown = seat
        _show(session, screen, seat, seen[seat], confirmed == seen[seat])
        seen[seat] = len(session.moves)
        result = _decide(session, screen, seat, save_to, saves)
        if result == "stop":
            _stop(session, screen, saves, "stopped")
            return
        if result == "eof":
            _stop(session, screen, saves, "end of input")
            return
        if result == "undo":
            seen = {k: min(count, len(session.moves)) for k, count in seen.items()}
        else:
            if result == "moved":  # one's own move, confirmed in the game's words
                screen.line(_words(session, len(session.moves) - 1, seat))
                confirmed = len(session.moves) - 1
            seen[seat] = len(session.moves) - 1
    screen.line()
    screen.heading("game over")
    last = humans[0] if len(humans) == 1 else None
    if last is not None:
        screen.picture(game, game.view(session.state, last))
        _since(session, screen, last, seen[last])
    else:
        for seat in humans:
            screen.line(f"seat {seat}:", style="bold")
            screen.picture(game, game.view(session.state, seat))
    screen.line(_outcome_line(session, humans), style="bold")
    if saves.path.parent == saves_folder():  # over: nothing left to resume
        saves.path.unlink(missing_ok=True)
    else:
        write_record(session.record(), str(saves.path))
        screen.line(f"saved the game to {safe(saves.path, 300)}", whole=True)


def _show(session: Table, screen: Screen, seat: int, since: int, confirmed: bool) -> None:
    """The table as ``seat`` sees it, then what happened from move ``since`` on (the seat's
    own last move, ``confirmed`` if its confirmation was the last line shown)."""
    game = session.game
    view = game.view(session.state, seat)
    screen.line()
    screen.picture(game, view)
    end = len(session.moves)
    own = since < end and game.to_move(session.states[since]) == seat
    if confirmed and own and since == end - 1:  # one's own move alone, confirmed above
        height = screen.height
        if height is None:
            return  # no screen: the confirmation is the line before the table
        table = _rows(screen, [(row, None) for row in str(game.render(view)).split("\n")])
        menu = _rows(screen, _menu_lines(session, screen, seat)[2]) + 1
        if 2 + table + menu + 1 <= height:
            return  # ... and stays on screen
    _since(session, screen, seat, since)


def _since(session: Table, screen: Screen, seat: int, since: int) -> None:
    """The story from move ``since`` (from 0) on."""
    end = len(session.moves)
    if since >= end:
        return
    own = session.game.to_move(session.states[since]) == seat
    title = "So far:" if not own else "Your last move:" if since == end - 1 else None
    screen.line(title or "From your last move on:", style="dim")
    _story(session, screen, seat, since, grouped=end - since > STORY_FLAT)


def _last_own(session: Table, seat: int) -> int:
    """The index (from 0) of ``seat``'s last move so far, or 0 if it has made none."""
    for index in range(len(session.moves) - 1, -1, -1):
        if session.game.to_move(session.states[index]) == seat:
            return index
    return 0


def _decide(session: Table, screen: Screen, seat: int, save_to: str, saves: _Saves) -> str:
    """Ask seat ``seat`` until it makes a move (``"moved"``) or ``"undo"``, ``"stop"``, ``"eof"``."""
    game = session.game
    legal = _menu(session, screen, seat)
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
            screen.picture(game, game.view(session.state, seat))
            _menu(session, screen, seat)
            continue
        command, _, rest = text.partition(" ")
        command = command.lower()
        if not text:
            continue
        if text in ("?", "help"):
            screen.line(_help(game, save_to), hang=18)  # under the commands' words
            continue
        if command in ("help", "rules") and rest.strip().lower() in ("rules", "") and game.about:
            screen.line(game.about)
            continue
        if text in ("quit", "exit"):
            return "stop"
        if text == "undo":
            taken = session.undo(seat)
            if not taken:
                screen.problem("nothing to undo: you have not made a move yet")
                continue
            screen.line(f"took back {taken} move{'s' if taken > 1 else ''}")
            return "undo"
        if command == "save":
            path = rest.strip() or save_to
            try:
                write_record(session.record(), path)
            except PicnicError as exc:
                screen.problem(str(exc))
            else:
                saves.move_to(Path(path))
                screen.line(
                    f"saved {len(session.moves)} moves to {safe(path)}; "
                    f"go on later with: picnic play --resume {safe(path)}",
                    whole=True,
                )
            continue
        if text == "history":
            _story(session, screen, seat, 0, grouped=False)
            continue
        if text == "moves":
            _menu(session, screen, seat, flat=True)
            continue
        if text == "board":
            screen.picture(game, game.view(session.state, seat))
            _menu(session, screen, seat)
            continue
        if _tried(screen, text, "a move", lambda typed: session.choose(seat, _pick(legal, typed))):
            return "moved"


def _ask_chance(session: Table, screen: Screen) -> bool:
    """Ask what chance did, until it is possible; ``False`` at the end of input."""
    game = session.game
    outcomes = [move for move, _ in game.chance_outcomes(session.state)]
    options = tuple(outcomes)  # empty for sampled chance: typed in notation only
    screen.line()
    screen.line(f"Chance acts (move {len(session.moves) + 1}): type what happened at the table.")
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
        if _tried(screen, text, "an outcome", lambda typed: session.tell(_pick(options, typed))):
            return True


def _words_to_complete(legal: Sequence[Any]) -> list[str]:
    """What Tab completes at a decision: the legal moves' notation, then the commands."""
    commands = ["undo", "save", "history", "moves", "board", "quit", "?"]
    return [str(move) for move in legal] + commands


def _tried(screen: Screen, text: str, what: str, action: Callable[[str], object]) -> bool:
    """Do ``action(text)`` (a move typed); on a refusal say why and return ``False``."""
    try:
        action(text)
    except InvalidMove as exc:
        screen.problem(f"'{safe(text)}' is not {what}: {safe(exc.reason, 300)} (? for help)")
    except IllegalMove as exc:
        screen.problem(f"{safe(exc.move)} is not possible now: {safe(exc.reason, 300)}")
    except PicnicError as exc:
        screen.problem(safe(exc, 300))
    else:
        return True
    return False


def _pick(legal: tuple[Any, ...], text: str) -> Any:
    """The move a typed number names, or ``text`` itself (notation)."""
    if legal and text.isascii() and text.isdigit():
        count = len(legal)
        if len(text) <= len(str(count)) and 1 <= int(text) <= count:
            return legal[int(text) - 1]
        raise PicnicError(f"there is no move {safe(text, 20)}: type a number from 1 to {count}")
    return text


def _help(game: AnyGame, save_to: str) -> str:
    """What the game is about (its :attr:`~picnic_rules.Game.about`), then the commands."""
    try:
        game.move_from_str("?")
        forms = ""
    except InvalidMove as error:
        forms = f" ({error.reason})"
    about = f"{game.title}\n\n{game.about}\n\n" if game.about else ""
    return about + _COMMANDS.format(forms=forms, save=safe(save_to))


def _stop(session: Table, screen: Screen, saves: _Saves, why: str) -> None:
    """The person stopped, or the input ended, or Ctrl-C: save, and say how to go on."""
    screen.line(f"{why}: the game stops after {len(session.moves)} moves")
    target = saves.path
    problem = _autosave(session, target)
    if problem is not None:
        screen.problem(f"the game could not be saved: {problem}")
        return
    screen.line(
        f"saved to {safe(target, 300)}; "
        f"go on with: picnic play --resume {safe(shlex.quote(str(target)), 300)}",
        whole=True,
    )


# --------------------------------------------------------------------------
# watching


def _watch(session: Table, screen: Screen, args: argparse.Namespace) -> None:
    game = session.game
    seat = (args.seat or [0])[0]
    delay = args.delay if args.delay is not None else (0.5 if screen.interactive else 0.0)
    agents = ", ".join(f"seat {k} {name}" for k, name in sorted(session.names.items()))
    seen = "every seat's view" if args.all_seeing else f"seat {seat}'s view"
    screen.heading(f"{game.title}: seed {session.seed}")
    screen.line(f"{agents}; showing {seen}")
    if session.moves:
        screen.line(f"Resumed after {len(session.moves)} moves.")
    last: Any = None
    while not session.over:
        actor = session.to_move
        if actor is not CHANCE and actor != last:
            _pictures(session, screen, None if args.all_seeing else seat)
            last = actor
        index = len(session.moves)
        move = session.step()
        if args.all_seeing:
            who = "chance" if actor is CHANCE else f"seat {actor}"
            screen.line(f"  {index + 1:>4}. {who}: {move}")
        else:
            screen.line(f"  {index + 1:>4}. {_words(session, index, seat)}")
        if actor is not CHANCE and delay:
            time.sleep(delay)
    screen.heading("game over")
    _pictures(session, screen, None if args.all_seeing else seat)
    screen.line(format_outcome(session.outcome), style="bold")
    if args.save:
        write_record(session.record(), args.save)
        screen.line(f"saved the game to {safe(args.save)}", whole=True)


def _pictures(session: Table, screen: Screen, seat: int | None) -> None:
    game = session.game
    seats = range(session.players) if seat is None else (seat,)
    for shown in seats:
        if seat is None:
            screen.line(f"seat {shown}:", style="bold")
        screen.picture(game, game.view(session.state, shown))
