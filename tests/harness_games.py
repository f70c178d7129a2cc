"""Tiny games for the harness's own tests, built with :func:`picnic_rules.kit.define_game`.

Dice: each turn chance rolls ``dice`` dice of ``faces`` faces (10 d1000 by
default: 10**30 outcomes, far too many to list, so chance is *sampled*), and
the seat to act picks one die, whose value it scores. After ``rounds`` turns
each, the highest score wins. Everything is public, so every seat observes
every move as it is.

Notation: ``roll 3 997 12 ...`` (chance) and ``pick 4``.
"""

from __future__ import annotations

import random

import attrs

from picnic_rules.errors import IllegalMove, InvalidMove, InvalidState, PicnicError
from picnic_rules.game import CHANCE, Actor, Game, Measure, Outcome, check_player_count
from picnic_rules.kit import check_fields, define_game, expect, ill_typed
from picnic_rules.kit.options import count

PLAYERS = (2, 3)
REASONS = ("rounds",)


@attrs.frozen
class Rules:
    """How many dice, of how many faces, for how many rounds."""

    dice: int = count(10, minimum=1, maximum=20)
    faces: int = count(1000, minimum=2, maximum=10**6)
    rounds: int = count(3, minimum=1, maximum=50)


@attrs.frozen
class Roll:
    """Chance: the faces rolled."""

    dice: tuple[int, ...]

    def __str__(self) -> str:
        return " ".join(["roll", *map(str, self.dice)])


@attrs.frozen
class Pick:
    """The seat to act scores die ``die`` of the roll."""

    die: int

    def __str__(self) -> str:
        return f"pick {self.die}"


Move = Roll | Pick
MOVE_TYPES = (Roll, Pick)


@attrs.frozen
class State:
    """A position: scores, turns taken, and the roll waiting for a pick (None: chance rolls)."""

    rules: Rules
    players: int
    turns: int
    scores: tuple[int, ...]
    roll: tuple[int, ...] | None


@attrs.frozen
class View:
    """What seat ``player`` sees: everything."""

    player: int
    rules: Rules
    players: int
    turns: int
    scores: tuple[int, ...]
    roll: tuple[int, ...] | None


@attrs.frozen
class Observation:
    """What seat ``seat`` learns from a move: the move itself (everything is public)."""

    seat: int
    move: Move


def new_game(players: int = 2, rules: Rules = Rules()) -> State:
    """The state before the first roll."""
    check_player_count("dice", PLAYERS, players)
    return State(rules, players, 0, (0,) * players, None)


def is_over(state: State) -> bool:
    """Whether every seat has had its turns."""
    return state.turns == state.rules.rounds * state.players


def to_move(state: State) -> Actor:
    """None when over, CHANCE before a roll, else the seat whose turn it is."""
    if is_over(state):
        return None
    return CHANCE if state.roll is None else state.turns % state.players


def legal_moves(state: State) -> tuple[Move, ...]:
    """A pick of each die after a roll; nothing at a chance node (it is sampled)."""
    if state.roll is None:
        return ()
    return tuple(Pick(i) for i in range(len(state.roll)))


def chance_outcomes(state: State) -> tuple[tuple[Move, int], ...]:
    """Nothing: the rolls are too many to list."""
    return ()


def sample_chance(state: State, rng: random.Random) -> Move:
    """A roll of every die."""
    if to_move(state) is not CHANCE:
        raise PicnicError("chance does not act now")
    return Roll(tuple(rng.randrange(1, state.rules.faces + 1) for _ in range(state.rules.dice)))


def _listed(state: State, move: object) -> Move:
    """``move`` as the game's own value: a roll of int faces, or the legal pick equal to it."""
    if type(move) is Roll and type(move.dice) is tuple and len(move.dice) <= state.rules.dice:
        faces = tuple(int(d) if type(d) in (bool, float) and d == int(d) else d for d in move.dice)
        return Roll(faces)
    legal = legal_moves(state)
    if move in legal:
        return legal[legal.index(move)]
    problem = ill_typed(move)
    if problem is not None:
        raise IllegalMove(move, f"not a move of dice: {problem}")
    return move  # type: ignore[return-value]


def apply(state: State, move: Move) -> State:
    """The state after ``move``; IllegalMove for a move or a supplied roll that cannot happen."""
    if is_over(state):
        raise IllegalMove(move, "the game is over")
    move = _listed(state, move)
    if state.roll is None:
        if type(move) is not Roll:
            raise IllegalMove(move, "chance rolls now")
        dice, faces = move.dice, state.rules.faces
        if len(dice) != state.rules.dice or any(
            type(d) is not int or not 1 <= d <= faces for d in dice
        ):
            raise IllegalMove(move, f"a roll is {state.rules.dice} faces from 1 to {faces}")
        return attrs.evolve(state, roll=dice)
    if type(move) is not Pick or not 0 <= move.die < len(state.roll):
        raise IllegalMove(move, "pick one of the dice rolled")
    seat = state.turns % state.players
    scores = list(state.scores)
    scores[seat] += state.roll[move.die]
    return State(state.rules, state.players, state.turns + 1, tuple(scores), None)


def result(state: State) -> Outcome:
    """The highest score wins."""
    if not is_over(state):
        raise PicnicError("the game is not over")
    return Outcome.from_scores(state.scores, "rounds")


def turns_taken(state: State | View, seat: int) -> int:
    """How many turns ``seat`` has finished."""
    return state.turns // state.players + (seat < state.turns % state.players)


def check(state: State) -> None:
    """Refuse a state no game reaches: each score is between 1 and ``faces`` per turn taken."""
    check_fields(state)
    rules = state.rules
    expect(PLAYERS[0] <= state.players <= PLAYERS[1], f"{state.players} players")
    expect(len(state.scores) == state.players, "one score per seat")
    expect(0 <= state.turns <= rules.rounds * state.players, f"turn {state.turns}")
    for seat, score in enumerate(state.scores):
        taken = turns_taken(state, seat)
        expect(taken <= score <= taken * rules.faces, f"seat {seat} cannot score {score}")
    if state.roll is not None:
        expect(not is_over(state), "a roll after the last turn")
        expect(len(state.roll) == rules.dice, f"a roll of {len(state.roll)} dice")
        expect(all(1 <= d <= rules.faces for d in state.roll), "a face out of range")


def view(state: State, player: int) -> View:
    """Everything, seen by ``player``."""
    if not 0 <= player < state.players:
        raise PicnicError(f"no seat {player}")
    return View(player, state.rules, state.players, state.turns, state.scores, state.roll)


def determinize(view: View, rng: random.Random) -> State:
    """The one state with this view (nothing is hidden)."""
    if not 0 <= view.player < view.players:
        raise InvalidState(f"no seat {view.player}")
    return State(view.rules, view.players, view.turns, view.scores, view.roll)


def max_moves(players: int, rules: Rules) -> int:
    """One pick per turn."""
    return players * rules.rounds


def max_chance_steps(players: int, rules: Rules) -> int:
    """One roll per turn."""
    return players * rules.rounds


def remaining(state: State) -> Measure:
    """A pick per turn left, and a roll per turn left but the one already rolled."""
    turns = state.rules.rounds * state.players - state.turns
    return Measure(turns, turns - (state.roll is not None))


def move_from_str(text: str) -> Move:
    """``roll 1 2 3`` or ``pick 2``; InvalidMove for anything else."""
    words = text.split() if type(text) is str and len(text) < 200 else []
    if len(words) >= 2 and all(w.isdigit() and len(w) < 9 for w in words[1:]):
        if words[0] == "roll":
            return Roll(tuple(int(w) for w in words[1:]))
        if words[0] == "pick" and len(words) == 2:
            return Pick(int(words[1]))
    raise InvalidMove(str(text)[:40], "expected 'roll N N ...' or 'pick N'")


def observe(state: State, move: Move, seat: int) -> Observation:
    """What ``seat`` learns from ``move``: the move; IllegalMove if it cannot be made."""
    view(state, seat)  # PicnicError for a seat the game does not have
    apply(state, move)  # IllegalMove for a move that cannot be made
    return Observation(seat, move)


def update(view: View, observation: Observation) -> View:
    """The view after ``observation``, from the view alone; IllegalMove if it cannot follow."""
    if observation.seat != view.player:
        raise PicnicError(f"an observation of seat {observation.seat}, not {view.player}")
    move = observation.move
    if view.turns == view.rules.rounds * view.players:
        raise IllegalMove(move, "the game is over")
    if view.roll is None:
        faces = view.rules.faces
        if type(move) is not Roll or len(move.dice) != view.rules.dice:
            raise IllegalMove(move, f"chance rolls {view.rules.dice} dice now")
        if not all(type(d) is int and 1 <= d <= faces for d in move.dice):
            raise IllegalMove(move, f"a die shows 1 to {faces}")
        return attrs.evolve(view, roll=move.dice)
    if type(move) is not Pick or not 0 <= move.die < len(view.roll):
        raise IllegalMove(move, "pick one of the dice rolled")
    seat = view.turns % view.players
    scores = list(view.scores)
    scores[seat] += view.roll[move.die]
    return attrs.evolve(view, turns=view.turns + 1, scores=tuple(scores), roll=None)


def _who(view: View) -> tuple[str, str]:
    """Who acts in ``view``, as its seat says it, and the verb's ending."""
    seat = view.turns % view.players
    return ("You", "") if seat == view.player else (f"Seat {seat}", "s")


def describe(view: View, observation: Observation) -> str:
    """A sentence: ``"Seat 1 rolls 3 5."``, ``"You pick die 0 (a 3)."``."""
    move = observation.move
    who, s = _who(view)
    if isinstance(move, Roll):
        return f"{who} roll{s} {' '.join(map(str, move.dice))}."
    face = view.roll[move.die] if view.roll and 0 <= move.die < len(view.roll) else "?"
    return f"{who} pick{s} die {move.die} (a {face})."


def render(view: View, *, markup: bool = False) -> str:
    """The scores, one line a seat (``<`` marks the seat to act), then the roll."""
    over = view.turns == view.rules.rounds * view.players
    lines = []
    for seat, score in enumerate(view.scores):
        name = f"[bold]seat {seat}[/bold]" if markup and seat == view.player else f"seat {seat}"
        mark = " <" if not over and seat == view.turns % view.players else ""
        lines.append(f"{name}: {score}{mark}")
    lines.append("roll: " + (" ".join(map(str, view.roll)) if view.roll else "-"))
    return "\n".join(lines)


def move_group(move: Move) -> tuple[str, str]:
    """``("pick", die)``, or ``("roll", faces)`` for chance."""
    if isinstance(move, Pick):
        return "pick", str(move.die)
    if isinstance(move, Roll):
        return "roll", " ".join(map(str, move.dice))
    raise PicnicError(f"not a dice move: {type(move).__name__}")


VARIANTS = {"two-d6": Rules(dice=2, faces=6, rounds=4)}

DICE: Game[State, View, Move, Rules, Observation] = define_game(
    globals(),
    name="dice",
    title="Dice (a harness test game)",
    players=PLAYERS,
    variants=VARIANTS,
    chance="sampled",
)
