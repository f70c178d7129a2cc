"""The games as OpenSpiel Python games (:func:`register_all`): every game of
:data:`~picnic_rules.GAMES` with an action space
(:func:`picnic_rules.pettingzoo.spaces.supported`), built-in or installed.

Each game is sequential, with explicit chance (its chance outcomes with their exact
weights as probabilities) or sampled chance (outcomes that cannot be listed: chance is
drawn inside ``apply_action`` with the state's own ``random.Random``, which a clone
copies, so a clone given the same actions plays the same game; each new initial state's
generator is seeded from the game's, seeded by ``rng_seed``; chance never shows in the
history); imperfect information; zero-sum terminal
rewards (:func:`picnic_rules.pettingzoo.rewards.returns`). An action is an index of the
game's fixed action space, a chance action an index of its chance space.
"""

from __future__ import annotations

import base64
import binascii
import random
from typing import Any, Final

import attrs

from ..codec import dumps, loads
from ..errors import PicnicError, RulesError
from ..game import CHANCE, AnyGame
from ..kit.information import Information, Step
from ..pettingzoo._extra import missing
from ..pettingzoo.actions import ActionSpace
from ..pettingzoo.rewards import returns
from ..pettingzoo.spaces import chance_space, player_space, supported
from ..registry import GAMES
from .observer import InformationObserver, ViewObserver, make_observer

try:
    import pyspiel
except ImportError as error:  # pragma: no cover - the extra is installed in CI
    raise missing("open_spiel", "picnic_rules.openspiel") from error

__all__ = ["SHORT_NAMES", "PicnicGame", "PicnicState", "register_all"]

WINDOW: Final = 4
"""The information-state tensor holds the last ``WINDOW * players`` steps a seat saw."""

SHORT_NAMES: Final = {name: f"python_picnic_{name.replace('-', '_')}" for name in supported()}
"""The OpenSpiel short name of each game with an action space: ``python_picnic_`` and its
name, a ``-`` written ``_`` (``python_picnic_my_game`` for ``my-game``)."""


class _Shared:
    """What every state of one loaded game shares; copied by reference, never deep, and
    pickled as its game's name, players, rules and seed (:func:`_shared`)."""

    def __init__(self, game: AnyGame, players: int, rules: Any, seed: int, slots: int = 0) -> None:
        self.game = game
        self.players = players
        self.rules = rules
        self.seed = seed
        self.slots = slots
        """0: an action is a move's index in the flat space; else a place in the list of
        legal moves, of ``slots`` places."""
        self.moves: ActionSpace = player_space(game, players, rules)
        self.chance: ActionSpace | None = chance_space(game, players, rules)
        tensors = game.tensors
        if tensors is None:
            raise PicnicError(f"the game {game.name!r} has no encoding of its views")
        self.encoding = tensors(players, rules)
        self.information = Information(
            self.encoding, players, self.moves, self.chance, WINDOW * players
        )
        self.rng = random.Random(seed)
        self.sampled = game.chance == "sampled"

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return _shared, (self.game.name, self.players, self.rules, self.seed, self.slots)


_MADE: dict[tuple[str, int, Any, int, int], _Shared] = {}
"""The :class:`_Shared` of each game, players, rules and seed an unpickled state named."""


def _shared(name: str, players: int, rules: Any, seed: int, slots: int = 0) -> _Shared:
    """The shared part of a game, for a state being unpickled: made once per key."""
    key = (name, players, rules, seed, slots)
    if key not in _MADE:
        _MADE[key] = _Shared(GAMES[name], players, rules, seed, slots)
    return _MADE[key]


class _Frozen:
    """An immutable game state with the steps that led to it, which a clone shares rather
    than copies: ``before`` and ``move`` are the last step (``None`` at the new game),
    ``previous`` the node before it. ``known`` remembers each seat's information state once
    asked (a pure function of the node)."""

    __slots__ = (
        "before",
        "depth",
        "game",
        "known",
        "move",
        "past",
        "previous",
        "seen",
        "state",
    )

    def __init__(
        self, state: Any, previous: _Frozen | None = None, move: Any = None, game: str = ""
    ) -> None:
        self.state = state
        self.previous = previous
        self.before = None if previous is None else previous.state
        self.move = move
        self.game: str = game if previous is None else previous.game
        """The name of the game (given at the new game, kept by every step after it)."""
        self.depth: int = 0 if previous is None else previous.depth + 1
        """The steps from the new game to this node."""
        self.known: dict[int, str] = {}
        self.seen: dict[int, Step] = {}
        """Each seat's view of the step to this node, once asked (:meth:`steps`)."""
        self.past: dict[int, list[Step]] = {} if previous is None else previous.past
        """At a resampled root, the steps each seat saw before it (the latest first)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Frozen:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the first state and the moves since, not as a chain of nodes (which
        pickle would follow one call deeper per step: a long game exceeded Python's
        recursion limit)."""
        moves = []
        node = self
        while node.previous is not None:
            moves.append(node.move)
            node = node.previous
        moves.reverse()
        return _replay, (self.game, node.state, moves, self.state)

    def steps(self, shared: _Shared, seat: int, window: int) -> list[Step]:
        """The last ``window`` steps to this node as seat ``seat`` saw them, the latest
        first (:class:`~picnic_rules.kit.information.Step`)."""
        found: list[Step] = []
        node: _Frozen | None = self
        while node is not None and node.previous is not None and len(found) < window:
            step = node.seen.get(seat)
            if step is None:
                step = _step(shared, node.before, node.move, seat)
                node.seen[seat] = step
            found.append(step)
            node = node.previous
        if len(found) < window:
            found += self.past.get(seat, [])[: window - len(found)]
        return found

    def information(self, game: AnyGame, seat: int) -> str:
        """Seat ``seat``'s perfect-recall information: one line per step, what it observed."""
        path: list[_Frozen] = []
        node: _Frozen | None = self
        while node is not None and seat not in node.known:
            path.append(node)
            node = node.previous
        text = f"seat {seat}" if node is None else node.known[seat]
        for step in reversed(path):
            if step.previous is not None:
                text += "\n" + repr(game.observe(step.before, step.move, seat))
            step.known[seat] = text
        return text


def _replay(name: str, first: Any, moves: list[Any], last: Any) -> _Frozen:
    """The chain of nodes of game ``name`` from state ``first`` through ``moves`` (each
    applied with the game's unchecked ``apply``, as they were once), ending at ``last``
    itself."""
    game = GAMES[name]
    cell = _Frozen(first, game=name)
    state = first
    for move in moves[:-1]:
        state = game.engine.apply(state, move)
        cell = _Frozen(state, cell, move)
    return _Frozen(last, cell, moves[-1]) if moves else cell


def _load_state(game_string: str, text: str) -> PicnicState:
    """The state that ``state.serialize()`` wrote, in the game ``game_string`` loads."""
    state: PicnicState = pyspiel.load_game(game_string).deserialize_state(text)
    return state


def _step(shared: _Shared, before: Any, move: Any, seat: int) -> Step:
    """The step ``move`` from ``before`` as seat ``seat`` observed it."""
    game = shared.game
    actor = game.to_move(before)
    seen = getattr(game.observe(before, move, seat), "move", None) == move
    if actor is CHANCE:
        chance = shared.chance
        outcome = chance.find(move) if seen and chance is not None else None
        return Step(None, not seen, outcome=outcome)
    return Step(actor, not seen, move=shared.moves.find(move) if seen else None)


class PicnicState(pyspiel.State):  # type: ignore[misc]
    """A position of a picnic game, for OpenSpiel: ``picnic_state`` is the library's state."""

    def __init__(
        self,
        game: PicnicGame,
        shared: _Shared,
        cell: _Frozen | None = None,
        rng: random.Random | None = None,
    ) -> None:
        super().__init__(game)
        self._shared = shared
        if cell is None:  # the new game
            cell = _Frozen(
                shared.game.new_game(shared.players, shared.rules), game=shared.game.name
            )
            rng = shared.rng
        self._cell = cell
        self._rng: random.Random | None = None
        if shared.sampled:
            assert rng is not None
            self._rng = random.Random(rng.getrandbits(64))
            self._settle()

    @property
    def picnic_state(self) -> Any:
        """The library's state of this position."""
        return self._cell.state

    def view(self, player: int) -> Any:
        """Seat ``player``'s view of this position."""
        return self._shared.game.view(self._cell.state, player)

    def steps(self, player: int, window: int) -> tuple[int, list[Step]]:
        """The steps so far, and the last ``window`` of them as seat ``player`` saw them,
        the latest first (what its information-state tensor holds beside its view)."""
        return self._cell.depth, self._cell.steps(self._shared, player, window)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> PicnicState:
        """A state that seat ``player_id`` cannot tell from this one: the game's
        ``determinize`` of its view, drawn with a generator seeded by
        ``probability_sampler()`` (OpenSpiel's ISMCTS calls it with a uniform sampler).

        The new state remembers the seat's information string and steps, so the search
        keys its nodes alike in every sample; another seat's information starts afresh at
        the sample, from its view there (its past is what the sample makes up), so two
        samples that deal it other cards give it other information states."""
        shared = self._shared
        rng = random.Random(int(float(probability_sampler()) * 2**53))
        game = shared.game
        sampled = game.determinize(game.view(self._cell.state, player_id), rng)
        cell = _Frozen(sampled, game=game.name)
        cell.depth = self._cell.depth
        cell.past = {player_id: self._cell.steps(shared, player_id, shared.information.window)}
        for seat in range(shared.players):
            cell.known[seat] = (
                self.information(seat)
                if seat == player_id
                else f"seat {seat} sampled\n{game.view(sampled, seat)!r}"
            )
        return PicnicState(self.get_game(), shared, cell, rng)

    def information(self, player: int) -> str:
        """Seat ``player``'s information state: ``seat N``, then the ``repr`` of each
        observation it made (:meth:`Game.observe <picnic_rules.Game.observe>`), chance's
        steps included, one a line."""
        return self._cell.information(self._shared.game, player)

    def _settle(self) -> None:
        """Sampled chance: draw outcomes until a seat acts or the game is over."""
        game, rng = self._shared.game, self._rng
        assert rng is not None
        cell = self._cell
        while game.to_move(cell.state) is CHANCE:
            move = game.sample_chance(cell.state, rng)
            cell = _Frozen(game.apply(cell.state, move), cell, move)
        self._cell = cell

    def current_player(self) -> int:
        """The seat to act, ``PlayerId.CHANCE`` or ``PlayerId.TERMINAL``."""
        actor = self._shared.game.to_move(self._cell.state)
        if actor is None:
            return int(pyspiel.PlayerId.TERMINAL)
        if actor is CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return actor

    def _legal_actions(self, player: int) -> list[int]:
        """The actions of the legal moves, ascending."""
        if player != self.current_player():
            return []
        shared = self._shared
        moves = shared.game.legal_moves(self._cell.state)
        if shared.slots:
            if len(moves) > shared.slots:
                raise PicnicError(
                    f"{len(moves)} legal moves, more than the game's legal_slots={shared.slots}"
                )
            return list(range(len(moves)))
        return sorted(shared.moves.indexes(moves))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every chance outcome's action with its probability, ascending."""
        chance = self._shared.chance
        assert chance is not None, "a sampled game shows no chance node"
        weighted = self._shared.game.chance_outcomes(self._cell.state)
        total = sum(weight for _, weight in weighted)
        return sorted((chance.index(move), float(weight / total)) for move, weight in weighted)

    def _move(self, player: int, action: int) -> Any:
        if player == pyspiel.PlayerId.CHANCE:
            assert self._shared.chance is not None
            return self._shared.chance.move(action)
        if self._shared.slots:
            moves = self._shared.game.legal_moves(self._cell.state)
            if not 0 <= action < len(moves):
                raise PicnicError(
                    f"action {action} is not in 0..{len(moves) - 1} (the legal moves)"
                )
            return moves[action]
        return self._shared.moves.move(action)

    def _apply_action(self, action: int) -> None:
        """Apply the move (or chance outcome) numbered ``action``."""
        game, state = self._shared.game, self._cell.state
        actor = game.to_move(state)
        if actor is CHANCE:
            move = self._move(int(pyspiel.PlayerId.CHANCE), action)
        elif actor is None:
            raise PicnicError("the game is over: no action applies")
        else:
            move = game.move_as(state, actor, self._move(actor, action))
        self._cell = _Frozen(game.apply(state, move), self._cell, move)
        if self._shared.sampled:
            self._settle()

    def _action_to_string(self, player: int, action: int) -> str:
        """The move's notation."""
        return str(self._move(player, action))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return bool(self._shared.game.is_over(self._cell.state))

    def returns(self) -> list[float]:
        """Each seat's reward: zero until the end, then the result's shares."""
        if not self.is_terminal():
            return [0.0] * self._shared.players
        return list(returns(self._shared.game.result(self._cell.state)))

    def __str__(self) -> str:
        return dumps(self._cell.state)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game's string and :meth:`serialize`: OpenSpiel's own pickling
        goes through ``serialize_game_and_state``, which asks a game whose chance is
        sampled for its generator's state (``GetRNGState``), which a Python game cannot
        give. The state's own generator is in what :meth:`serialize` writes."""
        return _load_state, (str(self.get_game()), self.serialize())


class PicnicGame(pyspiel.Game):  # type: ignore[misc]
    """A picnic game for OpenSpiel; subclassed once per game by :func:`register_all`."""

    picnic_name: str = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game = GAMES[self.picnic_name]
        players = int(params.get("players", 2))
        rules = _rules(game, params)
        game.new_game(players, rules)  # refuses a player count the rules cannot seat
        seed = int(params.get("rng_seed", 0))
        slots = int(params.get("legal_slots", 0))
        if slots < 0:
            raise RulesError(f"legal_slots must be at least 0, not {slots}", field="legal_slots")
        shared = _Shared(game, players, rules, seed, slots)
        sampled = shared.sampled
        length = game.max_moves(players, rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=slots or len(shared.moves),
            max_chance_outcomes=0 if sampled else len(shared.chance or ()),
            num_players=players,
            min_utility=-1.0,
            max_utility=float(players - 1),
            utility_sum=0.0,
            max_game_length=length if sampled else length + game.max_chance_steps(players, rules),
        )
        super().__init__(_game_type(game), info, _canonical(game, players, rules, params))
        self._shared = shared

    def new_initial_state(self) -> PicnicState:
        """The position before the first move (with sampled chance, after the chance that
        comes first)."""
        return PicnicState(self, self._shared)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> ViewObserver | InformationObserver:
        """The observer of a seat's view, or with perfect recall of its information state."""
        return make_observer(self._shared.encoding, self._shared.information, iig_obs_type, params)


def _options(game: AnyGame) -> dict[str, int | bool]:
    """The rules options OpenSpiel can pass as parameters (ints and bools), with their
    defaults."""
    defaults = game.Rules()
    found: dict[str, int | bool] = {}
    for field in attrs.fields(game.Rules):
        value = getattr(defaults, field.name)
        if type(value) in (int, bool):
            found[field.name] = value
    return found


ENCODED: Final = "b64:"
"""The prefix of a ``rules`` parameter that is its rules document in URL-safe base64 (no
padding): the form the game's own string gives it, since OpenSpiel's game strings cannot
hold the commas, brackets and quotes of a JSON document."""


def _rules(game: AnyGame, params: dict[str, Any]) -> Any:
    """The rules ``params`` give: the ``rules`` document (JSON, or :data:`ENCODED` base64;
    empty: the defaults), with every int or bool option that differs from its default set.

    Raises :class:`~picnic_rules.RulesError` for a ``rules`` value that is no document.
    """
    text = str(params.get("rules", ""))
    if text.startswith(ENCODED):
        try:
            encoded = text[len(ENCODED) :]
            padded = encoded + "=" * (-len(encoded) % 4)
            text = base64.b64decode(padded, altchars=b"-_", validate=True).decode()
        except (binascii.Error, UnicodeDecodeError, ValueError):
            raise RulesError("rules: not a base64 rules document after b64:") from None
    rules = loads(text, kind="rules", game=game) if text else game.Rules()
    changed = {
        name: params[name]
        for name, default in _options(game).items()
        if name in params and params[name] != default
    }
    return attrs.evolve(rules, **changed) if changed else rules


def _canonical(game: AnyGame, players: int, rules: Any, params: dict[str, Any]) -> dict[str, Any]:
    """``params`` as the game's string gives them back, so that ``load_game(str(game))``
    loads the same game: ``players``, every int or bool option at the rules' value, and
    ``rules`` empty when every other option is its default, else the whole rules document
    in :data:`ENCODED` base64."""
    found = {**params, "players": players}
    found.update({name: getattr(rules, name) for name in _options(game)})
    if (
        attrs.evolve(game.Rules(), **{name: getattr(rules, name) for name in _options(game)})
        == rules
    ):
        found["rules"] = ""
    else:
        document = base64.urlsafe_b64encode(dumps(rules).encode()).decode().rstrip("=")
        found["rules"] = ENCODED + document
    return found


def _game_type(game: AnyGame) -> Any:
    sampled = game.chance == "sampled"
    parameters: dict[str, Any] = {"players": 2, "rules": "", "legal_slots": 0, **_options(game)}
    if sampled:
        parameters["rng_seed"] = 0
    return pyspiel.GameType(
        short_name=SHORT_NAMES[game.name],
        long_name=f"Python picnic {game.name} ({game.title})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
            if sampled
            else pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        ),
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.players[1],
        min_num_players=game.players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


def register_all() -> None:
    """Register every game of :data:`SHORT_NAMES` with OpenSpiel (once; calling it again
    does nothing)."""
    registered = set(pyspiel.registered_names())
    for name, short in SHORT_NAMES.items():
        if short in registered:
            continue
        title = "".join(word.capitalize() for word in short.split("_")[2:])
        cls = type(f"{title}Game", (PicnicGame,), {"picnic_name": name})
        pyspiel.register_game(_game_type(GAMES[name]), cls)
