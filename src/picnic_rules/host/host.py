"""The host: every table of a server (or of several servers sharing one database).

A :class:`Host` opens tables for any :class:`~picnic_rules.Game`, hands each
person's seat a *credential* (a secret token; a link a player can bookmark)
and each open seat an *invite* (a second browser joins with it and gets the
seat's credential), takes seat-checked moves (:meth:`Host.move`, through
:meth:`Game.move_as <picnic_rules.Game.move_as>`), advances chance and the
agents' seats, and answers each seat with its client document
(:meth:`Host.answer`). Every table lives in a :class:`~.store.Store`; a move is
stored before it is acknowledged, and a store refuses a save whose version is
stale, so two servers on one database never both accept a move for one table
step.

>>> host = Host()
>>> opened = host.open("sandwich", agents={1: "computer"}, seed=3)
>>> update = host.answer(opened.table_id, opened.tokens[0]).update
>>> update.to_move, [legal.notation for legal in update.legal_moves]
(0, ['discard pb', 'discard ant', 'discard fly'])
>>> seen = host.version(opened.table_id)
>>> after = host.move(opened.table_id, opened.tokens[0], "discard fly", seen=seen)
>>> after.update.observations[0].description
'you have no play and discard a fly'
>>> host.move(opened.table_id, opened.tokens[0], "discard ant", seen=seen)
Traceback (most recent call last):
...
picnic_rules.host.errors.StaleMove: the table moved on: 9 moves made, not 5
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import secrets
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Final, TypeVar

import attrs

from .. import codec
from ..analysis import (
    Budget,
    Estimates,
    HintRefused,
    NotADecision,
    estimates_document,
    review,
    review_document,
)
from ..client import SeatUpdate, public_words, seat_update
from ..errors import IllegalMove, InvalidMove, PicnicError, not_a_seat, shorten
from ..game import CHANCE, AnyGame, Outcome
from ..match import Record
from ..registry import get_game
from . import errors as refusals
from .errors import NoSuchTable, NotASeat, NotChance, SeatTaken, StaleMove, UndoOff
from .inputs import agents_of, hints_of, labels_of, seats_of, seed_of, table_id_of, undo_of
from .store import MemoryStore, Store
from .table import Table
from .told import GUESSES, JUDGED, Verdict, judge, possible_outcomes

__all__ = ["CACHED", "GUESSES", "Answer", "Host", "Opened", "Public", "Saved", "possible_outcomes"]

CACHED: Final = 1000
"""How many unfinished tables a host keeps loaded by default (finished ones leave memory
at once; every table stays in the store)."""


def _hash(token: str) -> str:
    """What a store keeps of a credential or invite: its SHA-256, never the token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@attrs.frozen
class Opened:
    """A new table: its id, the credential of each seat its opener holds, and an invite
    for each open seat."""

    table_id: str
    """The table's id."""
    tokens: Mapping[int, str]
    """Each person's seat the opener holds, to its credential."""
    invites: Mapping[int, str]
    """Each open seat, to the invite another person joins with."""


@attrs.frozen
class Answer:
    """What a seat is sent: the table's version (the moves its client now knows of), the
    seat's client document and the table's labels (:attr:`Saved.meta`)."""

    seen: int
    """How many moves the table has made."""
    update: SeatUpdate[Any, Any, Any]
    """The seat's client document."""
    meta: Mapping[str, str]
    """The labels the table was opened with."""
    real_table: bool = False
    """Whether the table is played at a real table: chance's outcomes are typed in
    (:meth:`Host.tell`), not drawn."""
    outcomes: tuple[str, ...] = ()
    """At a real table where chance is to act: the notation of every outcome possible now
    (empty where the game's chance is sampled, an ants die's landing: any outcome typed in
    the game's notation is checked). Empty otherwise."""
    redealt: tuple[int, ...] = ()
    """At a real table: the move counts at which this seat's own cards were dealt again,
    because a seat told an outcome they contradicted (:meth:`Host.tell`). Never the
    teller's: its view is what the outcome was judged by."""


@attrs.frozen
class Public:
    """What a spectator may see of a table: whose turn, how many moves, the outcome, a
    log of the moves in words that show no hidden card, and the table itself as every seat
    sees it alike, the game's public view (:meth:`Host.public`)."""

    game: str
    """The game's name."""
    players: int
    """How many seats the table has."""
    seen: int
    """How many moves the table has made."""
    to_move: Any
    """Who acts now: a seat, ``CHANCE`` or ``None`` once the game is over."""
    outcome: Outcome | None
    """How the game ended, or ``None`` while it goes on."""
    log: tuple[str, ...]
    """One sentence per move after the first ``since``, in the game's words told to no
    seat (:func:`~picnic_rules.client.public_words`: ``"seat 0 is dealt a card"``, every
    seat in the third person, no hidden card)."""
    meta: Mapping[str, str]
    """The labels the table was opened with."""
    view: Any
    """The table now as every seat sees it alike, the game's ``PublicView``
    (``game.public_view(state)``): everything face up, and of each hidden part only what
    all seats see -- the hand sizes, the deck's size, face-down cards as counts."""
    real_table: bool = False
    """Whether the table is played at a real table: chance's outcomes are typed in
    (:meth:`Host.tell`), not drawn."""


@attrs.frozen
class Saved:
    """A table as a store keeps it: its record, who plays, its policies and the hashes of
    its seats' credentials and invites (never the tokens themselves)."""

    record: Record[Any, Any]
    agents: Mapping[int, str]
    kept: Mapping[int, str]
    undo: bool | None
    credentials: Mapping[int, str]
    invites: Mapping[int, str]
    meta: Mapping[str, str] = attrs.field(factory=dict)
    real_table: bool = False
    """Whether chance's outcomes are typed in by the seats (:meth:`Host.tell`)."""
    redeals: Mapping[int, tuple[Any, tuple[int, ...]]] = attrs.field(factory=dict)
    """Where the hidden cards were dealt again at a real table (:attr:`Table.redeals
    <picnic_rules.host.Table.redeals>`): the move count, to the state put in place and the
    seats whose view it changed."""
    hints: bool | None = None
    """The table's hint policy (:class:`~picnic_rules.host.Table`'s ``hints``); a table
    stored before there were hints has none: the default policy."""
    reviews: Mapping[int, Mapping[str, Any]] = attrs.field(factory=dict)
    """Each seat's review once the game is over, computed once
    (:func:`~picnic_rules.analysis.review_document`), by seat."""

    def dumps(self, moves: Sequence[str] | None = None) -> str:
        """The JSON document of the table; ``moves`` are the notations of the record's moves
        when the caller knows them already (a host keeps them as a table is played, so a
        move does not write out every move before it again)."""
        if moves is None:
            record = codec.encode(self.record)
        else:
            record = codec.encode(attrs.evolve(self.record, moves=()))
            record["moves"] = list(moves)
        return json.dumps(
            {
                "record": record,
                "agents": {str(k): v for k, v in self.agents.items()},
                "kept": {str(k): v for k, v in self.kept.items()},
                "undo": self.undo,
                "credentials": {str(k): v for k, v in self.credentials.items()},
                "invites": {str(k): v for k, v in self.invites.items()},
                "meta": dict(self.meta),
                "real_table": self.real_table,
                "hints": self.hints,
                "reviews": {str(seat): found for seat, found in self.reviews.items()},
                "redeals": {
                    str(count): {"state": codec.encode(state), "seats": list(seats)}
                    for count, (state, seats) in self.redeals.items()
                },
            },
            separators=(",", ":"),
        )

    @classmethod
    def loads(cls, text: str) -> Saved:
        """The table a JSON document holds (one :meth:`dumps` wrote)."""
        data = json.loads(text)
        record = codec.decode(data["record"], kind="record")
        if not isinstance(record, Record):
            raise PicnicError("a stored table holds no record")

        def ints(mapping: dict[str, Any]) -> dict[int, Any]:
            return {int(key): value for key, value in mapping.items()}

        return cls(
            record=record,
            agents=ints(data["agents"]),
            kept=ints(data["kept"]),
            undo=data["undo"],
            credentials=ints(data["credentials"]),
            invites=ints(data["invites"]),
            meta={str(k): str(v) for k, v in data.get("meta", {}).items()},
            real_table=data.get("real_table", False) is True,
            hints=data.get("hints") if type(data.get("hints")) is bool else None,
            reviews={int(seat): found for seat, found in data.get("reviews", {}).items()},
            redeals={
                int(count): (
                    codec.decode(again["state"], kind="state", game=record.game),
                    tuple(int(seat) for seat in again["seats"]),
                )
                for count, again in data.get("redeals", {}).items()
            },
        )


def _answer(loaded: _Loaded, seat: int, since: int) -> Answer:
    """The :class:`Answer` for ``seat`` after the first ``since`` moves (the possible chance
    outcomes added where the seats tell them)."""
    table = loaded.table
    outcomes: tuple[str, ...] = ()
    if table.real_table and table.to_move is CHANCE:
        outcomes = possible_outcomes(table.game, table.state, seat)
    update = table.update(seat, since)
    meta = loaded.saved.meta
    return Answer(table.version, update, meta, table.real_table, outcomes, table.redealt(seat))


class _Reload(Exception):
    """The loaded table is out of date: load it again and retry."""


class _Changed(Exception):
    """A save found the stored document changed under the same moves (a join through
    another server): load the table again and make the change again."""


ATTEMPTS: Final = 5
"""How many times a host makes a change again on the store's newest table when the
stored document changed under it without a move (joins through other servers)."""

_T = TypeVar("_T")


class _Loaded:
    """A table in memory, with what its stored document says beside it."""

    def __init__(self, table: Table, saved: Saved, document: str) -> None:
        self.table = table
        self.saved = saved
        self.document = document  # the stored text of ``saved``
        self.lock = threading.Lock()
        self.notations = [str(move) for move in table.moves]  # the moves' notations so far
        self.judged: dict[tuple[int, str], Verdict | IllegalMove] = {}  # for judged_at
        self.judged_at: Any = None  # the state the verdicts are for

    def judge(self, seat: int, text: str) -> Verdict:
        """:func:`~.told.judge` of ``text`` from seat ``seat``'s view of the table now,
        remembered until the table moves (a refusal deals many states: asking again
        costs nothing)."""
        table = self.table
        if self.judged_at is not table.state:
            self.judged, self.judged_at = {}, table.state
        key = (seat, text)
        found = self.judged.get(key)
        if found is None:
            try:
                found = judge(table.game, table.game.view(table.state, seat), text)
            except IllegalMove as error:
                found = error
            if len(self.judged) < JUDGED:
                self.judged[key] = found
        if isinstance(found, IllegalMove):
            raise IllegalMove(found.move, found.reason)
        return found

    def noted(self) -> list[str]:
        """The notations of the table's moves: those known, and the new moves' after them."""
        moves = self.table.moves
        self.notations.extend(str(move) for move in moves[len(self.notations) :])
        return self.notations


class Host:
    """Every table of a server, kept in ``store`` (a :class:`~.store.MemoryStore` by
    default); at most ``cached`` unfinished tables stay loaded."""

    def __init__(
        self, store: Store | None = None, *, cached: int = CACHED, budget: Budget | None = None
    ) -> None:
        self.store: Store = store if store is not None else MemoryStore()
        """Where the tables are kept."""
        self.budget = Budget() if budget is None else attrs.evolve(budget, workers=1)
        """The search of a hint and of each decision of a review (in this process: a
        server's threads make forking workers unsafe)."""
        self.cached = cached
        self._loaded: dict[str, _Loaded] = {}
        self._lock = threading.Lock()

    # opening and joining -----------------------------------------------------

    def open(
        self,
        game: AnyGame | str,
        *,
        players: int = 2,
        agents: Mapping[int, str] | None = None,
        open_seats: Sequence[int] = (),
        rules: Any = None,
        seed: int | None = None,
        undo: bool | None = None,
        meta: Mapping[str, str] | None = None,
        real_table: bool = False,
        hints: bool | None = None,
    ) -> Opened:
        """Open a table of ``game``: ``agents`` maps the seats agents play to their names,
        ``open_seats`` are persons' seats left for others to join (each gets an invite),
        every other seat is the opener's (each gets a credential). ``seed`` ``None`` draws
        an unpredictable one. ``meta`` are labels kept with the table (a front end's mode, say),
        given back in every :class:`Answer`. Chance and agents act at once, until a person
        must decide; at a ``real_table`` (played with real cards and dice, the page keeping
        the score) chance does not: the host stops where it acts until a seat tells what it
        did (:meth:`tell`). ``hints`` is the hint policy (:class:`Table`'s): ``None`` allows
        :meth:`hint` only where one person plays, ``True`` at every table (the people who
        take its seats agree to hints by taking them), ``False`` at none.

        Raises :class:`~.inputs.BadInput` for a seed, label or option the store could not
        keep (a seed of more than 39 digits or not an int, a label that is not text), and a
        :class:`~picnic_rules.PicnicError` for players, seats, agents or rules the game
        does not take."""
        found = get_game(game)
        agents, open_seats = agents_of(agents), seats_of(open_seats)
        seed, undo, labels = seed_of(seed), undo_of(undo), labels_of(meta)
        hints = hints_of(hints)
        count = found.check_players(players)
        for seat in [*agents, *open_seats]:
            if type(seat) is not int or not 0 <= seat < count:
                raise PicnicError(not_a_seat(seat, count))
        table = Table(
            found,
            players=count,
            rules=rules,
            seed=secrets.randbits(63) if seed is None else seed,
            agents=agents,
            undo=undo,
            real_table=bool(real_table),
            hints=hints,
        )
        tokens = {
            seat: secrets.token_urlsafe(24) for seat in table.humans if seat not in open_seats
        }
        invites = {seat: secrets.token_urlsafe(24) for seat in open_seats}
        table.advance()
        table_id = secrets.token_urlsafe(12)
        saved = Saved(
            record=table.record(),
            agents=agents,
            kept={},
            undo=undo,
            credentials={seat: _hash(token) for seat, token in tokens.items()},
            invites={seat: _hash(token) for seat, token in invites.items()},
            meta=labels,
            real_table=bool(real_table),
            hints=hints,
        )
        document = saved.dumps()
        self.store.create(table_id, document, table.version, table.over)
        self._keep(table_id, _Loaded(table, saved, document))
        return Opened(table_id, tokens, invites)

    def join(self, table_id: str, invite: str) -> tuple[int, str]:
        """Take the open seat ``invite`` is for: its seat and its new credential. Raises
        :class:`~.errors.NotASeat` for an invite of no seat and
        :class:`~.errors.SeatTaken` if someone joined with it first (here or through
        another server: the join is saved only onto the document it was read from)."""
        if type(invite) is not str:
            self._get(table_id)  # NoSuchTable first, for an id no table has
            raise NotASeat("no open seat of this table has that invite")
        hashed = _hash(invite)
        for _ in range(ATTEMPTS):
            loaded = self._get(table_id)
            with loaded.lock:
                loaded = self._fresh(table_id, loaded)
                seat = next(
                    (
                        k
                        for k, v in loaded.saved.invites.items()
                        if secrets.compare_digest(v, hashed)
                    ),
                    None,
                )
                if seat is None:
                    raise NotASeat("no open seat of this table has that invite")
                if seat in loaded.saved.credentials:
                    raise SeatTaken(f"seat {seat} was taken already")
                token = secrets.token_urlsafe(24)
                saved = attrs.evolve(
                    loaded.saved, credentials={**loaded.saved.credentials, seat: _hash(token)}
                )
                version, document = loaded.table.version, saved.dumps(loaded.noted())
                # a join makes no move: the version stays, so it is saved only onto the
                # document it was read from (a racing join, or a move, wins first)
                if self.store.save(
                    table_id, document, version, loaded.table.over, version, loaded.document
                ):
                    loaded.document = document
                    loaded.saved = saved
                    return seat, token
                self._forget(table_id)  # read again, and try again
        raise StaleMove(version, self.store.version(table_id) or 0)

    # playing ---------------------------------------------------------------------

    def seat_of(self, table_id: str, token: str) -> int:
        """The seat whose credential ``token`` is; :class:`~.errors.NotASeat` if none."""
        for again in (False, True):
            try:
                return self._seated(table_id, self._get(table_id), token, again)
            except _Reload:
                continue
        raise AssertionError("unreachable")

    @property
    def loaded(self) -> int:
        """How many tables are loaded in memory now (unfinished ones only)."""
        return len(self._loaded)

    def version(self, table_id: str) -> int:
        """How many moves the table has made (what an up-to-date seat has seen)."""
        return self._get(table_id).table.version

    def table(self, table_id: str) -> Table:
        """The table itself (the whole state: for the server's own use, never to send)."""
        return self._get(table_id).table

    def answer(self, table_id: str, token: str, since: int = 0) -> Answer:
        """What the seat ``token`` is for is sent now: its client document, with what it
        observed after the first ``since`` moves, and the table's version and labels, read
        together."""
        with self._at_seat(table_id, token) as (loaded, seat):
            return _answer(loaded, seat, since)

    def answer_loaded(self, table_id: str, token: str, since: int, version: int) -> Answer | None:
        """:meth:`answer` from the loaded table alone, without a look at the store, when
        the caller knows the table was at ``version`` moves a moment ago (this server
        stored that move, or just read that version from the store): the loaded table is
        then as current as that news. ``None`` when this cannot answer at once: the table
        is not loaded, is busy, is behind ``version``, allows undo (its move count does
        not tell two histories apart), has no such credential, or is not ``since`` moves
        along yet. Never blocks; never raises a :class:`~.errors.HostError`."""
        if type(table_id) is not str:
            return None
        with self._lock:
            loaded = self._loaded.get(table_id)
        if loaded is None or not loaded.lock.acquire(blocking=False):
            return None
        try:
            with self._lock:  # forgotten since it was found: its last move may be unstored
                if self._loaded.get(table_id) is not loaded:
                    return None
            table = loaded.table
            if table.version < version or table.undo_allowed or not 0 <= since <= table.version:
                return None
            try:
                seat = self._seat(loaded, token)
            except NotASeat:
                return None
            return _answer(loaded, seat, since)
        finally:
            loaded.lock.release()

    def move(self, table_id: str, token: str, move: Any, *, seen: int) -> Answer:
        """Make ``move`` (a move or its notation) for the seat ``token`` is for, ``seen``
        being the number of moves its client knew of; then chance and the agents act. The
        table is stored before this returns the seat's answer since ``seen`` (with the
        table's new version and labels).

        Raises :class:`~.errors.StaleMove` if the table has moved on (here or on another
        server) and what :meth:`Game.move_as <picnic_rules.Game.move_as>` raises for a move
        the seat may not make; the table is then unchanged.
        """

        def act(loaded: _Loaded, seat: int) -> Answer:
            table = loaded.table
            if seen != table.version:
                raise StaleMove(seen, table.version)
            table.choose(seat, move)  # a move the seat may not make changes nothing
            self._advance(table_id, loaded, seen)
            return _answer(loaded, seat, seen)

        return self._write(table_id, token, seen, act)

    def tell(self, table_id: str, token: str, outcome: str, *, seen: int) -> Answer:
        """At a real table, what chance did (``outcome``, in the game's notation: the card
        drawn, where a die landed), told by the seat ``token`` is for, ``seen`` being the
        number of moves its client knew of; then the agents act (and chance again, only
        where an outcome kept from before an undo still holds). The table is stored before
        this returns the seat's answer since ``seen``.

        The outcome is judged from the teller's view alone (:func:`~.told.judge`): one
        its view allows is taken whatever the hidden cards are, and where the cards told
        before contradict it, they are dealt again from the teller's view (the seats
        whose own cards change see it in :attr:`Answer.redealt`), so no answer tells the
        teller anything its view does not.

        Raises :class:`~.errors.StaleMove` if the table has moved on,
        :class:`~.errors.NotChance` if chance is not to act (or the table draws chance
        itself), :class:`~picnic_rules.InvalidMove` for text that is no outcome and
        :class:`~picnic_rules.IllegalMove` for one the teller's view rules out; the
        table is then unchanged.
        """

        def act(loaded: _Loaded, seat: int) -> Answer:
            table = loaded.table
            if seen != table.version:
                raise StaleMove(seen, table.version)
            if not table.real_table:
                raise NotChance("chance is drawn by the server at this table, not told")
            if table.to_move is not CHANCE:
                raise NotChance("chance does not act now")
            if not isinstance(outcome, str):
                raise InvalidMove(shorten(outcome), "an outcome is text in the game's notation")
            # judged from the teller's view alone: the answer is the same whatever the
            # hidden cards are; where they contradict it, they are dealt again
            verdict = loaded.judge(seat, outcome)  # a refused outcome changes nothing
            table.tell(verdict.move, verdict.stand_in)
            self._advance(table_id, loaded, seen)
            return _answer(loaded, seat, seen)

        return self._write(table_id, token, seen, act)

    def public(self, table_id: str, since: int = 0) -> Public:
        """What a spectator may see of the table (no credential needed, no hidden card):
        whose turn, how many moves, the outcome, the log of the moves after the first
        ``since`` and the public view of the table now (:class:`Public`)."""
        loaded = self._get(table_id)
        with loaded.lock:
            loaded = self._fresh(table_id, loaded)
            table = loaded.table
            if type(since) is not int or not 0 <= since <= table.version:
                raise PicnicError(f"since must be 0 to {table.version}, not {shorten(since)}")
            game = table.game
            log = [
                public_words(game, table.states[index], table.moves[index])
                for index in range(since, table.version)
            ]
            return Public(
                game=game.name,
                players=table.players,
                seen=table.version,
                to_move=table.to_move,
                outcome=table.outcome,
                log=tuple(log),
                meta=loaded.saved.meta,
                view=game.public_view(table.state),
                real_table=table.real_table,
            )

    def meta(self, table_id: str) -> Mapping[str, str]:
        """The labels the table was opened with."""
        return self._get(table_id).saved.meta

    def stored_version(self, table_id: str) -> int | None:
        """The table's version as the store has it now (another server may have moved it),
        or ``None`` if the store has no such table."""
        try:
            return self.store.version(table_id_of(table_id))
        except NoSuchTable:
            return None

    def undo(self, table_id: str, token: str, *, seen: int | None = None) -> tuple[int, Answer]:
        """Take back the seat's last decision (and what chance and the agents did after
        it), if the table's undo policy allows it; return how many moves were taken back
        (0 if the seat has made no decision yet) and the seat's answer afterwards: its whole
        client document (its observations from the first move: what it saw after the
        taken-back moves is gone). The table is stored before this returns.

        Raises :class:`~.errors.UndoOff` if the policy does not allow it (by default, when
        more than one person plays) and, when ``seen`` is given (the moves the seat's client
        knew of), :class:`~.errors.StaleMove` if the table is not at ``seen`` moves.
        """

        def act(loaded: _Loaded, seat: int) -> tuple[int, Answer]:
            table = loaded.table
            if not table.undo_allowed:
                raise UndoOff("undo is off at this table: more than one person plays")
            before = table.version
            if seen is not None and seen != before:
                raise StaleMove(seen, before)
            taken = table.undo(seat)
            del loaded.notations[table.version :]
            if taken:
                self._save(table_id, loaded, before)  # a failed save forgets the changed table
            return taken, _answer(loaded, seat, 0)

        return self._write(table_id, token, seen, act)

    # hints and reviews ------------------------------------------------------------

    def hint(self, table_id: str, token: str) -> Estimates:
        """The search's estimates of the moves of the seat ``token`` is for, now, from its
        view alone (:meth:`Table.hint`, with the host's :attr:`budget` seeded by the table's
        seed: asking again gives the same hint).

        Raises :class:`~.errors.HintsOff` where the table's hint policy refuses hints and
        :class:`~.errors.NoHint` when the seat is not to decide.
        """
        with self._at_seat(table_id, token) as (loaded, seat):
            table = loaded.table
            budget = attrs.evolve(self.budget, seed=table.seed)
            try:
                return table.hint(seat, budget)
            except HintRefused as refused:
                raise refusals.HintsOff(refused.reason) from None
            except NotADecision as not_now:
                raise refusals.NoHint(not_now.reason) from None

    def hint_document(self, table_id: str, token: str) -> dict[str, Any]:
        """:meth:`hint` as a document (:func:`~picnic_rules.analysis.estimates_document`)."""
        return estimates_document(self.hint(table_id, token))

    def review(self, table_id: str, token: str) -> Mapping[str, Any]:
        """The review of the seat ``token`` is for, once the game is over: its own
        decisions only, each searched from its view then
        (:func:`~picnic_rules.analysis.review_document`), computed once and stored with
        the table. Raises :class:`~.errors.NotOver` before the end."""
        seat = self.seat_of(table_id, token)
        return self._reviews(table_id, (seat,))[seat]

    def reviews(self, table_id: str) -> dict[int, Mapping[str, Any]]:
        """Every seat's review, for spectators, once the game is over (no credential:
        after the game its record hides nothing). Raises :class:`~.errors.NotOver` before
        the end."""
        players = self._get(table_id).table.players
        return self._reviews(table_id, tuple(range(players)))

    def moment(self, table_id: str, token: str, number: int) -> SeatUpdate[Any, Any, Any]:
        """The table as the seat ``token`` is for saw it just before move ``number`` (from
        1), once the game is over (its review's "see the table then"): its client document
        of that moment, without the legal moves (nothing to play). Raises
        :class:`~.errors.NotOver` before the end and
        :class:`~picnic_rules.PicnicError` for a move the game does not have."""
        with self._at_seat(table_id, token) as (loaded, seat):
            table = loaded.table
            if not table.over:
                raise refusals.NotOver("the review comes once the game is over")
            if type(number) is not int or not 1 <= number <= table.version:
                raise PicnicError(f"move must be 1 to {table.version}, not {shorten(number)}")
            update = seat_update(table.game, table.states[number - 1], seat)
            return attrs.evolve(update, legal_moves=())

    def _reviews(self, table_id: str, seats: Sequence[int]) -> dict[int, Mapping[str, Any]]:
        """The reviews of ``seats``, those not stored yet computed and stored (onto the
        document they were computed from; a review stored meanwhile is taken instead)."""
        for _ in range(ATTEMPTS):
            loaded = self._get(table_id)
            with loaded.lock:
                loaded = self._fresh(table_id, loaded)
                table = loaded.table
                if not table.over:
                    raise refusals.NotOver("the review comes once the game is over")
                found = dict(loaded.saved.reviews)
                missing = [seat for seat in seats if seat not in found]
                if not missing:
                    return {seat: found[seat] for seat in seats}
                record = table.record()
                for seat in missing:
                    found[seat] = review_document(review(record, seat, self.budget, table.game))
                saved = attrs.evolve(loaded.saved, reviews=found)
                version, document = table.version, saved.dumps(loaded.noted())
                if self.store.save(table_id, document, version, True, version, loaded.document):
                    loaded.saved, loaded.document = saved, document
                    return {seat: found[seat] for seat in seats}
                self._forget(table_id)  # another server stored first: read it again
        raise StaleMove(-1, self.store.version(table_id) or 0)

    # keeping tables ---------------------------------------------------------------

    def _seat(self, loaded: _Loaded, token: str) -> int:
        hashed = _hash(token) if isinstance(token, str) else ""
        for seat, known in loaded.saved.credentials.items():
            if secrets.compare_digest(known, hashed):
                return seat
        raise NotASeat("no seat of this table has that credential")

    @contextlib.contextmanager
    def _at_seat(
        self, table_id: str, token: str, seen: int | None = None
    ) -> Iterator[tuple[_Loaded, int]]:
        """Under the loaded table's lock, the table and the seat of ``token``. The table is
        the store's newest, except for a move whose ``seen`` the loaded table matches (its
        save checks that the store is still there); a credential the loaded table lacks
        makes it load the store's once (someone joined through another server)."""
        for again in (False, True):
            loaded = self._get(table_id)
            with loaded.lock:
                if seen is None or seen != loaded.table.version or loaded.table.undo_allowed:
                    loaded = self._fresh(table_id, loaded)
                try:
                    seat = self._seated(table_id, loaded, token, again)
                except _Reload:
                    continue
                yield loaded, seat
                return
        raise AssertionError("unreachable: a second look at the store raises, not reloads")

    def _seated(self, table_id: str, loaded: _Loaded, token: str, again: bool) -> int:
        """The seat of ``token``; if the loaded table has no such credential but the store's
        may have (someone joined through another server), forget the loaded table and raise
        :class:`_Reload` (the caller tries ``again`` once)."""
        try:
            return self._seat(loaded, token)
        except NotASeat:
            if again or not loaded.saved.invites:
                raise
        self._forget(table_id)
        raise _Reload

    def _write(
        self,
        table_id: str,
        token: str,
        seen: int | None,
        act: Callable[[_Loaded, int], _T],
    ) -> _T:
        """``act`` on the table and the seat of ``token`` (under the table's lock), again on
        the store's newest table when its save finds the stored document changed under the
        same moves (someone joined through another server): a write never lands on a
        document other than the one it was made from, and no seat's move is refused for
        another's join."""
        for _ in range(ATTEMPTS):
            with self._at_seat(table_id, token, seen) as (loaded, seat):
                try:
                    return act(loaded, seat)
                except _Changed:
                    continue
        raise StaleMove(seen if seen is not None else -1, self.store.version(table_id) or 0)

    def _advance(self, table_id: str, loaded: _Loaded, seen: int) -> None:
        """Let chance and the agents act after a seat's move, then store the table (if they
        fail, the loaded table moved on unstored: forget it, the store's is true)."""
        try:
            loaded.table.advance()
        except BaseException:
            self._forget(table_id)
            raise
        self._save(table_id, loaded, seen)

    def _save(self, table_id: str, loaded: _Loaded, expected: int) -> None:
        """Store the table's new document if the stored one is still the one it was read
        from (its version ``expected``, its text the loaded one): a server never writes
        from a stale copy. Otherwise forget the loaded table (the store's is the truth)
        and raise :class:`~.errors.StaleMove` if the table moved on, or :class:`_Changed`
        if only its document changed (a join elsewhere: the caller tries again)."""
        table = loaded.table
        saved = attrs.evolve(
            loaded.saved,
            record=table.record(),
            kept={count: str(move) for count, move in table.kept_ahead.items()},
            redeals=dict(table.redeals),
        )
        document = saved.dumps(loaded.noted())
        try:
            stored = self.store.save(
                table_id, document, table.version, table.over, expected, loaded.document
            )
        except BaseException:
            self._forget(table_id)
            raise
        if not stored:
            self._forget(table_id)
            now = self.store.version(table_id)
            # where undo is allowed, one version may be another history: stale, not retried
            if now == expected and not table.undo_allowed:
                raise _Changed
            raise StaleMove(expected, now or 0)
        loaded.saved, loaded.document = saved, document
        if table.over:
            self._forget(table_id)  # a finished table leaves memory; the store keeps it

    def _get(self, table_id: str) -> _Loaded:
        """The loaded table ``table_id``, loading it from the store if need be
        (:class:`~.errors.NoSuchTable` for an id no table can have)."""
        table_id = table_id_of(table_id)
        with self._lock:
            loaded = self._loaded.get(table_id)
        return loaded if loaded is not None else self._load(table_id)

    def _fresh(self, table_id: str, loaded: _Loaded) -> _Loaded:
        """``loaded``, or the store's newer version of it (another server moved). At a table
        whose undo policy allows undo, the move count can fall and rise again to the same
        number along other moves, so the stored document itself is compared there."""
        if loaded.table.undo_allowed:
            found = self.store.load(table_id)
            if found is not None and found[0] == loaded.document:
                return loaded
            self._forget(table_id)
            return self._load(table_id, found)
        if self.store.version(table_id) == loaded.table.version:
            return loaded
        self._forget(table_id)
        return self._load(table_id)

    def _load(self, table_id: str, found: tuple[str, int] | None = None) -> _Loaded:
        """The table as the store has it (``found``, if just read), kept loaded unless it
        is finished."""
        if found is None:
            found = self.store.load(table_id_of(table_id))
        if found is None:
            raise NoSuchTable("no table has that id")
        saved = Saved.loads(found[0])
        record = saved.record
        game = get_game(record.game)
        kept = {count: game.move_from_str(text) for count, text in saved.kept.items()}
        table = Table(
            game,
            players=record.players,
            rules=record.rules,
            seed=record.seed if record.seed is not None else 0,
            agents=saved.agents,
            moves=record.moves,
            kept=kept,
            undo=saved.undo,
            real_table=saved.real_table,
            redeals=saved.redeals,
            hints=saved.hints,
        )
        loaded = _Loaded(table, saved, found[0])
        if not table.over:
            self._keep(table_id, loaded)
        return loaded

    def _keep(self, table_id: str, loaded: _Loaded) -> None:
        with self._lock:
            if len(self._loaded) >= self.cached:
                self._loaded.pop(next(iter(self._loaded)))  # the longest loaded
            self._loaded[table_id] = loaded

    def _forget(self, table_id: str) -> None:
        with self._lock:
            self._loaded.pop(table_id, None)
