"""One game at one table, for any front end: :class:`Table`, the moves so far and who plays.

A table knows which seats are people (:attr:`Table.humans`) and plays the
others and chance itself (:meth:`Table.advance`), takes a person's move
(:meth:`Table.choose`), takes decisions back (:meth:`Table.undo`, if the
table's undo policy allows it), gives a seat the search's hint (:meth:`Table.hint`, if
the table's hint policy allows it), gives each seat what it observed since it
last looked (:meth:`Table.update`, a client document), and writes its
:class:`~picnic_rules.Record`. It never reads, prints or listens, so ``picnic
play``, the web server (through :class:`~picnic_rules.host.Host`) and the
tests drive the same object.

Chance and the computer are deterministic in the position, so undo never
re-deals: the ``k``-th chance event of a game is the outcome kept from the
last time the game got that far, if it is still possible, else the one drawn
with ``random.Random(f"{seed}:chance:{k}")``; a computer seat deciding at
move ``i`` uses ``random.Random(f"{seed}:{seat}:{i}")``. Taking a move back
and playing it again therefore brings the same cards and the same answers.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from ..agents import make_agent
from ..analysis import Budget, Estimates, HintRefused, NotADecision, estimate
from ..client import Observed, SeatUpdate, seat_update
from ..errors import IllegalMove, PicnicError, not_a_seat
from ..game import CHANCE, Agent, AnyGame, Outcome
from ..match import Record

__all__ = ["Table"]


class Table:
    """One game being played: the states so far, the people's seats and the computer's agents.

    ``agents`` maps every seat that is not a person's to an agent name of
    :func:`~picnic_rules.agents.make_agent`; every other seat is a person's.
    ``moves`` (a resumed record's) are replayed first: a move that does not
    fit raises :class:`~picnic_rules.IllegalMove` naming its number, counted
    from 1 as everywhere in ``picnic``; ``kept`` are the chance outcomes kept
    across an undo (:attr:`kept`, saved with the table). ``undo`` is the undo
    policy: ``None`` (the default) allows :meth:`undo` only when at most one
    person plays, so no one takes back what another has seen. ``hints`` is the hint
    policy, alike: ``None`` (the default) allows :meth:`hint` only when at most one person
    plays; ``True`` where every person at the table allowed hints; ``False``: none.
    """

    def __init__(
        self,
        game: AnyGame,
        *,
        players: int,
        rules: Any,
        seed: int,
        agents: Mapping[int, str],
        moves: Sequence[Any] = (),
        real_table: bool = False,
        kept: Mapping[int, Any] | None = None,
        undo: bool | None = None,
        redeals: Mapping[int, tuple[Any, Sequence[int]]] | None = None,
        hints: bool | None = None,
    ) -> None:
        self.game = game
        self.players = game.check_players(players)
        self.rules = rules if rules is not None else game.Rules()
        self.seed = seed
        self.real_table = real_table
        """Whether the table is a real one, played with real cards and dice: chance's
        outcomes are typed in (:meth:`tell`) rather than drawn."""
        self.humans = tuple(seat for seat in range(self.players) if seat not in agents)
        """The seats people play, in seat order."""
        self.names = {seat: name for seat, name in agents.items()}
        self._agents: dict[int, Agent[Any, Any]] = {
            seat: make_agent(game, name) for seat, name in agents.items()
        }
        self.states: list[Any] = [game.new_game(self.players, self.rules)]
        """Every state so far: the new game, then one after each move."""
        self.moves: list[Any] = []
        """Every move so far, chance outcomes included."""
        self.undo_allowed = len(self.humans) <= 1 if undo is None else bool(undo)
        """Whether :meth:`undo` may take decisions back (the table's undo policy)."""
        self.hints_allowed = len(self.humans) <= 1 if hints is None else bool(hints)
        """Whether :meth:`hint` may answer (the table's hint policy)."""
        self._hints_given = hints
        self._chances = [0]  # chance events before each state
        self._kept: dict[int, Any] = {}  # chance outcome by its count, kept across undo
        self.redeals: dict[int, tuple[Any, tuple[int, ...]]] = {}
        """Where the hidden cards were dealt again (:meth:`tell`): the number of moves made
        then, to the state put in place and the seats whose own view it changed."""
        again = dict(redeals or {})
        for number, move in enumerate(moves, start=1):
            if number - 1 in again:
                self._redeal(*again[number - 1])
            try:
                self._push(move)
            except IllegalMove as exc:
                raise IllegalMove(exc.move, f"move {number}: {exc.reason}") from exc
        if len(self.moves) in again:
            self._redeal(*again[len(self.moves)])
        self._kept.update(kept or {})

    @property
    def kept(self) -> dict[int, Any]:
        """The chance outcomes kept across an undo, by their count (saved with the table)."""
        return dict(self._kept)

    @property
    def version(self) -> int:
        """How many moves have been made (chance's and the computer's included): what a
        client that is up to date has seen."""
        return len(self.moves)

    @property
    def state(self) -> Any:
        """The current state."""
        return self.states[-1]

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return bool(self.game.is_over(self.state))

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        return self.game.result(self.state) if self.over else None

    @property
    def to_move(self) -> Any:
        """Who acts now: a seat, ``CHANCE``, or ``None`` once the game is over."""
        return self.game.to_move(self.state)

    def record(self) -> Record[Any, Any]:
        """The game so far as a :class:`~picnic_rules.Record` (``outcome`` ``None`` while it goes on)."""
        return Record(
            game=self.game.name,
            players=self.players,
            rules=self.rules,
            seed=self.seed,
            moves=tuple(self.moves),
            outcome=self.outcome,
        )

    def _push(self, move: Any) -> None:
        chances = self._chances[-1]
        if self.to_move is CHANCE:
            self._kept[chances] = move
            chances += 1
        self.states.append(self.game.apply(self.state, move))
        self.moves.append(move)
        self._chances.append(chances)

    def _kept_outcome(self) -> Any:
        """The outcome kept for the chance event now, if there is one and it is still possible."""
        kept = self._kept.get(self._chances[-1])
        if kept is not None:
            try:
                self.game.apply(self.state, kept)
            except IllegalMove:
                return None
        return kept

    def _chance(self) -> Any:
        """The outcome of the chance event now: the kept one if still possible, else a new draw."""
        kept = self._kept_outcome()
        if kept is not None:
            return kept
        rng = random.Random(f"{self.seed}:chance:{self._chances[-1]}")
        return self.game.sample_chance(self.state, rng)

    def advance(self) -> int:
        """Play chance and the computer until a person is to decide or the game ends.

        At a real table (:attr:`real_table`), it also stops where chance acts, unless an outcome
        kept from before an undo is still possible (the table dealt it already).
        Returns how many moves were made. Raises
        :class:`~picnic_rules.PicnicError` if an agent picks a move that is not legal.
        """
        made = 0
        while not self.over and self.to_move not in self.humans:
            if self.real_table and self.to_move is CHANCE:
                kept = self._kept_outcome()
                if kept is None:
                    break
                self._push(kept)
            else:
                self.step()
            made += 1
        return made

    def tell(self, outcome: Any, instead: Any = None) -> Any:
        """At a real table (:attr:`real_table`), what chance did (a move or its notation); return it.

        Where the position does not allow the outcome but ``instead`` is given (a state the
        teller's view cannot tell apart from this one, in which it is legal:
        :attr:`Verdict.stand_in <picnic_rules.host.told.Verdict.stand_in>`), the hidden
        cards are dealt again as there first (:attr:`redeals`): the teller's word wins over
        the cards told before, whatever they are. Raises
        :class:`~picnic_rules.InvalidMove` for text that is no move and
        :class:`~picnic_rules.IllegalMove` for an outcome the position does not allow (a
        card no longer in the pile, an impossible landing) when ``instead`` is ``None``.
        """
        if self.to_move is not CHANCE:
            raise PicnicError("chance does not act now")
        move = self.game.parse_move(self.state, outcome) if isinstance(outcome, str) else outcome
        try:
            self.game.apply(self.state, move)  # IllegalMove for an impossible outcome
        except IllegalMove:
            if instead is None:
                raise
            self.game.apply(instead, move)  # legal there, or IllegalMove
            changed = [
                seat
                for seat in range(self.players)
                if self.game.view(instead, seat) != self.game.view(self.state, seat)
            ]
            self._redeal(instead, changed)
        self._push(move)
        return move

    def _redeal(self, state: Any, seats: Sequence[int]) -> None:
        """Put ``state`` in place of the current one (the hidden cards dealt again),
        ``seats`` being those whose own view it changed."""
        self.states[-1] = state
        self.redeals[len(self.moves)] = (state, tuple(seats))

    def step(self) -> Any:
        """Make one move of chance or of a computer seat; return it."""
        actor = self.to_move
        if actor is CHANCE:
            move = self._chance()
        elif actor in self._agents:
            index = len(self.moves)
            legal = self.game.legal_moves(self.state)
            view = self.game.view(self.state, actor)
            chosen = self._agents[actor](view, legal, random.Random(f"{self.seed}:{actor}:{index}"))
            try:
                move = legal[legal.index(chosen)]  # the game's own move, not the agent's object
            except Exception:
                raise PicnicError(
                    f"seat {actor}'s agent {self.names[actor]} chose a move that is not legal"
                ) from None
        else:
            raise PicnicError("no move to make: a person is to decide, or the game is over")
        self._push(move)
        return move

    def choose(self, seat: int, move: Any) -> Any:
        """Seat ``seat`` (a person's) makes ``move`` (a legal move or its notation); return it.

        Raises :class:`~picnic_rules.InvalidMove` for text that is no move,
        :class:`~picnic_rules.OutOfTurn` when the seat is not to act, and
        :class:`~picnic_rules.IllegalMove` with the rule's reason, worked out
        on a position that agrees with the seat's view (so the reason never
        tells what the seat cannot see).
        """
        if seat not in self.humans:
            raise PicnicError(f"seat {seat} is played by the computer")
        chosen = self.game.move_as(self.state, seat, move)  # reasons from the seat's view
        self._push(chosen)
        return chosen

    def undo(self, seat: int) -> int:
        """Go back to seat ``seat``'s previous decision; return how many moves were taken back.

        Chance outcomes taken back are kept, so playing on deals the same cards
        where the game still allows them. Returns 0 (and changes nothing) when
        the seat has made no decision yet. Raises
        :class:`~picnic_rules.PicnicError` when the table's undo policy does
        not allow it.
        """
        if not self.undo_allowed:
            raise PicnicError("undo is off at this table: more than one person plays")
        for index in range(len(self.moves) - 1, -1, -1):
            if self.game.to_move(self.states[index]) == seat:
                taken = len(self.moves) - index
                del self.moves[index:]
                del self.states[index + 1 :]
                del self._chances[index + 1 :]
                for count in [count for count in self.redeals if count > index]:
                    del self.redeals[count]
                return taken
        return 0

    def hint(self, seat: int, budget: Budget | None = None) -> Estimates:
        """The search's estimates of seat ``seat``'s moves now, from its view alone
        (:func:`~picnic_rules.analysis.estimate`; ``budget`` seeded by the table's seed
        unless given, so asking again gives the same hint).

        Raises :class:`~picnic_rules.analysis.HintRefused` where the table's hint policy
        refuses hints, or the seat is the computer's;
        :class:`~picnic_rules.analysis.NotADecision` when the seat is not to move.
        """
        if not self.hints_allowed:
            raise HintRefused(
                "hints are off at this table"
                if self._hints_given is False
                else "more than one person plays, and not every one allowed hints"
            )
        if seat not in self.humans:
            raise HintRefused(f"seat {seat} is played by the computer")
        if self.to_move != seat:
            raise NotADecision(f"seat {seat} is not to move")
        budget = Budget(seed=self.seed) if budget is None else budget
        view = self.game.view(self.state, seat)
        return estimate(self.game, view, budget, decision=len(self.moves))

    def update(self, seat: int, since: int = 0) -> SeatUpdate[Any, Any, Any]:
        """What seat ``seat`` is sent when it has seen the first ``since`` moves: its client
        document (:func:`~picnic_rules.client.seat_update`) with its observations of the
        moves after them, described from its view before each.

        Raises :class:`~picnic_rules.PicnicError` for a seat the game does not have or a
        ``since`` outside ``0..version``.
        """
        if type(seat) is not int or not 0 <= seat < self.players:
            raise PicnicError(not_a_seat(seat, self.players))
        if type(since) is not int or not 0 <= since <= self.version:
            raise PicnicError(f"since must be 0 to {self.version}, not {since!r}")
        game = self.game
        # each observation described with the seat's view before it, taken from the states
        # (equal to the views the observations lead to, a law the harness checks, and far
        # cheaper than replaying them); seat_update gives the rest of the document
        observed = []
        for index in range(since, self.version):
            state = self.states[index]
            observation = game.observe(state, self.moves[index], seat)
            words = game.describe(game.view(state, seat), observation)
            observed.append(Observed(observation, words))
        update = seat_update(game, self.state, seat)
        return attrs.evolve(update, observations=tuple(observed))

    def redealt(self, seat: int) -> tuple[int, ...]:
        """The move counts at which seat ``seat``'s own cards were dealt again, because a
        seat told an outcome they contradicted (:meth:`tell`)."""
        return tuple(count for count, (_, seats) in sorted(self.redeals.items()) if seat in seats)

    @property
    def kept_ahead(self) -> dict[int, Any]:
        """The chance outcomes kept beyond the moves made (taken back by an undo), by their
        count: with the record, all a saved table needs of :attr:`kept`."""
        made = self._chances[-1]
        return {count: move for count, move in self._kept.items() if count >= made}
