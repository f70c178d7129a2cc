"""The games a web server keeps: one :class:`Table` per game, :class:`Tables` for all of them.

Nothing here knows HTTP. A table holds the one true state of a sandwich game,
each human seat's token, and everything each seat observed with its view before
each observation, so a seat can ask for "everything after the first N" at any
time. Moves arrive as text with a token; the token gives the seat, and
:meth:`Game.move_as <picnic_rules.Game.move_as>` checks the move for that seat.
Chance (dealing and drawing) and the computer's seat are played by the server
itself, with the table's own random generator.

>>> tables = Tables()
>>> game_id, table = tables.new("computer", seed=1)
>>> [seat for seat, token in table.tokens.items()]
[0]
>>> answer = table.answer(table.seat_of(table.tokens[0]), 0)
>>> answer["update"]["update"]["to_move"]
0
"""

from __future__ import annotations

import random
import secrets
import threading
import time
from typing import Any, Final, Literal

from .. import codec
from ..agents import make_agent
from ..client import seat_update
from ..game import CHANCE, AnyGame
from ..history import observe_all
from ..registry import get_game

__all__ = [
    "IDLE_SECONDS",
    "MAX_GAMES",
    "MAX_SEED",
    "MODES",
    "Mode",
    "RequestError",
    "Table",
    "Tables",
]

Mode = Literal["computer", "pass"]
"""How a game is played: ``"computer"`` (seat 0 is the human, who goes first; seat 1
the computer) or ``"pass"`` (pass-and-play: two humans, Player 1 = seat 0 starts)."""

MODES: Final[tuple[Mode, ...]] = ("computer", "pass")
"""Every :data:`Mode`."""

MAX_SEED: Final = 2**63 - 1
"""The largest seed a new game accepts (seeds are 0 to ``MAX_SEED``)."""

MAX_GAMES: Final = 1000
"""The most games one server keeps at once (the default of :class:`Tables`)."""

IDLE_SECONDS: Final = 3600.0
"""How long an unfinished game must go untouched before a new game may evict it."""

COMPUTER: Final = "computer"
"""The agent that plays the computer's seat (the game's own heuristic opponent)."""


class RequestError(Exception):
    """A request the server refuses: an HTTP status, a short error name and a reason."""

    def __init__(self, status: int, error: str, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        """The HTTP status (a 4xx)."""
        self.error = error
        """A short name for the kind of error (``"request"``, ``"stale"``, ``"token"``...)."""
        self.reason = reason
        """What is wrong, for the client."""


class Table:
    """One sandwich game on the server: its state, its seats' tokens, what each seat saw.

    ``mode`` says who plays (:data:`Mode`) and ``seed`` seeds the table's random
    generator (chance and the computer); ``None`` draws an unpredictable one. The
    state moves on only through :meth:`move`, which also lets chance and the
    computer act until a human seat must decide or the game is over.
    """

    def __init__(self, mode: Mode, seed: int | None = None) -> None:
        if mode not in MODES:
            raise ValueError(f"mode: one of {', '.join(MODES)}, not {mode!r}")
        self.game: AnyGame = get_game("sandwich")
        """The game (sandwich)."""
        self.mode: Mode = mode
        """Who plays: see :data:`Mode`."""
        self.rng = random.Random(secrets.randbits(64) if seed is None else seed)
        """The table's random generator: every card dealt or drawn, every computer choice."""
        self.state: Any = self.game.new_game(2)
        """The one true state (never sent to anyone)."""
        humans = (0,) if mode == "computer" else (0, 1)
        self.tokens: dict[int, str] = {seat: secrets.token_urlsafe(24) for seat in humans}
        """Each human seat's token: whoever holds it moves for that seat, and only for it."""
        self.computer = make_agent(self.game, COMPUTER) if mode == "computer" else None
        """The agent of seat 1 against the computer, else ``None``."""
        # observations[seat][i]: what the seat saw of move i; views[seat][i]: its view before
        self.observations: list[list[Any]] = [[], []]
        self.views: list[list[Any]] = [[self.game.view(self.state, seat)] for seat in (0, 1)]
        self.used = time.monotonic()
        """When a seat last used this table (``time.monotonic``)."""
        self.lock = threading.Lock()
        """Held while the table is read or changed."""
        self._advance()

    @property
    def moves(self) -> int:
        """How many moves (chance's and the computer's included) have been made."""
        return len(self.observations[0])

    def seat_of(self, token: str | None) -> int:
        """The human seat ``token`` belongs to (compared in constant time), else a 401."""
        if token is not None:
            given = token.encode("utf-8", "surrogatepass")
            for seat, known in self.tokens.items():
                if secrets.compare_digest(given, known.encode()):
                    self.used = time.monotonic()
                    return seat
        raise RequestError(401, "token", "no seat of this game has that token")

    def answer(self, seat: int, since: int) -> dict[str, Any]:
        """What seat ``seat`` is sent: ``seen`` (the number of moves so far), its
        ``mode`` and its client document (codec kind ``"update"``) holding its
        observations after the first ``since``."""
        if not 0 <= since <= self.moves:
            raise RequestError(400, "request", f"since: 0 to {self.moves}, not {since}")
        update = seat_update(
            self.game,
            self.state,
            seat,
            self.observations[seat][since:],
            before=self.views[seat][since],
        )
        return {"seen": self.moves, "mode": self.mode, "update": codec.encode(update)}

    def move(self, seat: int, text: str, seen: int) -> None:
        """Make the move ``text`` for ``seat``, ``seen`` being the number of moves the
        client knew of; a stale ``seen`` is a 409. Raises what ``move_as`` raises
        (:class:`~picnic_rules.InvalidMove`, :class:`~picnic_rules.OutOfTurn`,
        :class:`~picnic_rules.IllegalMove`); the state is unchanged unless the move
        is made."""
        if seen != self.moves:
            raise RequestError(
                409, "stale", f"the game moved on: {self.moves} moves made, not {seen}"
            )
        self._record(self.game.move_as(self.state, seat, text))
        self._advance()

    def _record(self, move: Any) -> None:
        """Tell every seat what it sees of ``move``, then make it."""
        seen_by = observe_all(self.game, self.state, move)
        self.state = self.game.apply(self.state, move)
        for seat, observation in enumerate(seen_by):
            self.observations[seat].append(observation)
            self.views[seat].append(self.game.view(self.state, seat))

    def _advance(self) -> None:
        """Let chance and the computer act until a human seat must decide or the game ends."""
        while True:
            actor = self.game.to_move(self.state)
            if actor is CHANCE:
                self._record(self.game.sample_chance(self.state, self.rng))
            elif actor is not None and actor not in self.tokens and self.computer is not None:
                view = self.game.view(self.state, actor)
                legal = self.game.legal_moves(self.state)
                self._record(
                    self.game.move_as(self.state, actor, self.computer(view, legal, self.rng))
                )
            else:
                return


class Tables:
    """Every game of one server by id: at most ``max_games``; a new game then evicts the
    least recently used finished game, else the least recently used one untouched for
    ``idle_seconds``, else it is refused (503)."""

    def __init__(
        self,
        max_games: int = MAX_GAMES,
        idle_seconds: float = IDLE_SECONDS,
    ) -> None:
        if type(max_games) is not int or max_games < 1:
            raise ValueError(f"max_games: a positive integer, not {max_games!r}")
        self.max_games = max_games
        """The most games kept at once."""
        self.idle_seconds = idle_seconds
        """How long an unfinished game must be untouched to be evicted."""
        self.games: dict[str, Table] = {}
        """Every game by its id."""
        self.lock = threading.Lock()
        """Held while :attr:`games` is read or changed."""

    def new(self, mode: Mode, seed: int | None = None) -> tuple[str, Table]:
        """A new game and its id (unguessable)."""
        table = Table(mode, seed)
        with self.lock:
            self._make_room()
            game_id = secrets.token_urlsafe(12)
            self.games[game_id] = table
        return game_id, table

    def get(self, game_id: str) -> Table:
        """The game ``game_id``, else a 404."""
        with self.lock:
            table = self.games.get(game_id)
        if table is None:
            raise RequestError(404, "game", "no game has that id (it may have ended long ago)")
        return table

    def _make_room(self) -> None:
        if len(self.games) < self.max_games:
            return
        now = time.monotonic()
        finished = [key for key, table in self.games.items() if table.game.is_over(table.state)]
        idle = [key for key, table in self.games.items() if now - table.used > self.idle_seconds]
        if not (finished or idle):
            raise RequestError(503, "full", "too many games at once: try again later")
        del self.games[min(finished or idle, key=lambda key: self.games[key].used)]
