"""The default toss model and :func:`sample_chance`, which draws every chance outcome.

A rules engine cannot throw dice: a toss is a chance node whose outcome is a
:class:`~picnic_rules.ants.Landing`. A front end at a real table reports the
real landing, a video game its physics engine's; bots and simulations draw
landings from a :class:`TossModel`. Replace the model with your own numbers::

    >>> import attrs
    >>> from picnic_rules.ants import GAME, TossModel, sampler
    >>> steady = attrs.evolve(GAME, sample_chance=sampler(TossModel(accuracy=(0.9, 0.9, 0.9))))
    >>> steady.sample_chance is not GAME.sample_chance
    True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

import attrs

from ..errors import PicnicError
from ..kit.build import builder
from ..kit.counts import draw
from .cards import CARD_KINDS, DIE_KINDS, RoundCard, ScoringCard
from .fast import AREA, FILL, LAND, LISTED, ROLLOFF, ROUND_CARD, SETUP, cards_near
from .legal import area_cards, drawn_round_cards, home_dice
from .moves import MAX_KNOCKS, Deal, Draw, Knock, Landing, Move, Reveal, Rolloff
from .rules import POSITIONS, neighbours
from .state import State

__all__ = ["DEFAULT_TOSS_MODEL", "TossModel", "sample_chance", "sample_landing", "sampler"]


def _probabilities(
    instance: object, attribute: attrs.Attribute[tuple[float, ...]], value: object
) -> None:
    if type(value) is not tuple or len(value) != 3:
        raise PicnicError(f"{attribute.name} must be three probabilities (soldier, worker, scout)")
    if any(type(p) is not float or not 0.0 <= p <= 1.0 for p in value):
        raise PicnicError(f"{attribute.name}: each probability is a float from 0.0 to 1.0")


def _probability(instance: object, attribute: attrs.Attribute[float], value: object) -> None:
    if type(value) is not float or not 0.0 <= value <= 1.0:
        raise PicnicError(f"{attribute.name} is a probability: a float from 0.0 to 1.0")


@attrs.frozen
class TossModel:
    """The default toss model's parameters; each triple is for (Soldier, Worker, Scout).

    A toss at card T lands on T alone with probability ``accuracy``; else on T and a
    neighbouring card with ``edge``; else on a neighbouring card alone with ``near``;
    else loose. The face is uniform over the die's faces. Each die on a card the tossed
    die lands on is knocked with probability ``knock[tossed size][its size]`` -- big dice
    knock small ones -- and a knocked die keeps its face and goes to a neighbouring card
    (``knocked_to_card``) or lies loose. Without a knock, the landing touched a die on its
    card with probability ``touch``. A value that is not a probability raises
    :class:`~picnic_rules.PicnicError`; ``accuracy + edge + near`` above 1 leaves no loose
    landing.

    >>> TossModel(touch=2.0)
    Traceback (most recent call last):
    ...
    picnic_rules.errors.PicnicError: touch is a probability: a float from 0.0 to 1.0
    """

    accuracy: tuple[float, ...] = attrs.field(default=(0.45, 0.55, 0.6), validator=_probabilities)
    """Lands on the target alone."""
    edge: tuple[float, ...] = attrs.field(default=(0.25, 0.15, 0.1), validator=_probabilities)
    """Lands touching the target and one neighbouring card."""
    near: tuple[float, ...] = attrs.field(default=(0.15, 0.15, 0.15), validator=_probabilities)
    """Lands on a neighbouring card alone."""
    knock_soldier: tuple[float, ...] = attrs.field(
        default=(0.2, 0.35, 0.5), validator=_probabilities
    )
    """A tossed Soldier knocks a Soldier, a Worker, a Scout."""
    knock_worker: tuple[float, ...] = attrs.field(
        default=(0.05, 0.15, 0.3), validator=_probabilities
    )
    """A tossed Worker knocks a Soldier, a Worker, a Scout."""
    knock_scout: tuple[float, ...] = attrs.field(default=(0.0, 0.05, 0.1), validator=_probabilities)
    """A tossed Scout knocks a Soldier, a Worker, a Scout."""
    knocked_to_card: float = attrs.field(default=0.5, validator=_probability)
    """A knocked die lands on a neighbouring card (else it lies loose)."""
    touch: float = attrs.field(default=0.3, validator=_probability)
    """Without a knock, the die touched a die already on its card."""


_LANDING: Final = builder(Landing)
_KNOCK: Final = builder(Knock)
_DRAWS: Final = tuple(Draw(card) for card in CARD_KINDS)
"""The draw of each card kind (moves are immutable, so shared)."""
_REVEALS: Final = {card: Reveal(card) for card in RoundCard}
"""The reveal of each Round card (shared, as the draws)."""
_SCORING_CARDS: Final = tuple(ScoringCard)
"""The Scoring cards, in their order (dealt from)."""
_SCORING_RANK: Final = {card: card.value for card in ScoringCard}
"""Each Scoring card's value, which orders the cards dealt."""
_NEIGHBOURS: Final = tuple(neighbours(p) for p in range(POSITIONS))

DEFAULT_TOSS_MODEL = TossModel()
"""The model :func:`sample_chance` uses."""

_ORDER = {3: 0, 2: 1, 1: 2}
_KIND_OF_DIE: Final = tuple(_ORDER[kind.size] for kind in DIE_KINDS)
"""Each die index's row in the model's triples: 0 Soldier, 1 Worker, 2 Scout."""

_Draws = tuple[tuple[tuple[float, float, float, tuple[float, ...]], ...], float, float]
"""What a landing draws against (:func:`_draws`)."""


def _draws(model: TossModel) -> _Draws:
    """``model``'s numbers as a landing draws against them: for each tossed die index, the
    bounds of a roll landing on the target alone, on its edge, near it (each the sum of the
    chances before it), and the chance to knock each die index; then ``knocked_to_card`` and
    ``touch``."""
    rows = []
    for kind in _KIND_OF_DIE:
        accuracy = model.accuracy[kind]
        edge = accuracy + model.edge[kind]
        table = (model.knock_soldier, model.knock_worker, model.knock_scout)[kind]
        knock = tuple(table[of] for of in _KIND_OF_DIE)
        rows.append((accuracy, edge, edge + model.near[kind], knock))
    return tuple(rows), model.knocked_to_card, model.touch


_DEFAULT_DRAWS: Final = _draws(DEFAULT_TOSS_MODEL)
"""The default model's numbers, worked out once."""


def sample_landing(
    state: State, rng: random.Random, model: TossModel = DEFAULT_TOSS_MODEL
) -> Landing:
    """A landing of the die in the air, drawn from ``model``."""
    return _landing(state, rng, _DEFAULT_DRAWS if model is DEFAULT_TOSS_MODEL else _draws(model))


def _landing(state: State, rng: random.Random, draws: _Draws) -> Landing:
    """A landing of the die in the air, drawn against a model's ``draws`` (:func:`_draws`)."""
    seat, tossed, target = state.turn, state.tossing, state.target
    accuracy, edge, near_bound, knock = draws[0][tossed]
    present = area_cards(state)
    on_target = target in present
    roll = rng.random()
    cards: tuple[int, ...]
    if on_target and roll < accuracy:
        cards = (target,)
    else:
        near = cards_near(present, target) if on_target else present  # asked only now
        if on_target and near and roll < edge:
            other = rng.choice(near)
            cards = (target, other) if target < other else (other, target)
        elif near and roll < near_bound:
            cards = (rng.choice(near),)
        else:
            cards = ()
    face = rng.choice(state.rules.die_faces(tossed))
    if not cards:
        landing = _LANDING(face, cards, False, ())
        LISTED[0] = (state, (landing,))
        return landing
    knocks: list[Knock] = []
    nearby = False
    first, last = cards[0], cards[-1]
    s = -1
    for own in state.dice:  # counted by hand: faster than enumerate for six dice
        s += 1
        i = -1
        for die in own:
            i += 1
            if (
                die.spot is AREA
                and (first in die.cards or last in die.cards)  # on a card it landed on
                and (s != seat or i != tossed)
            ):
                nearby = True
                if len(knocks) < MAX_KNOCKS and rng.random() < knock[i]:
                    options = [q for p in die.cards for q in _NEIGHBOURS[p] if q in present]
                    where = (rng.choice(options),) if options and rng.random() < draws[1] else ()
                    knocks.append(_KNOCK(s, i, where, die.face))
    if knocks:
        landing = _LANDING(face, cards, True, tuple(knocks))
    else:
        landing = _LANDING(face, cards, nearby and rng.random() < draws[2], ())
    LISTED[0] = (state, (landing,))  # apply trusts it: a landing the rules allow
    return landing


def sampler(model: TossModel) -> Callable[[State, random.Random], Move]:
    """A ``sample_chance`` that draws landings from ``model`` (every other chance outcome as
    :func:`sample_chance` does)."""

    draws = _draws(model)

    def sample(state: State, rng: random.Random) -> Move:
        if state.phase is LAND:
            return _landing(state, rng, draws)
        return _sample(state, rng, model)

    return sample


def sample_chance(state: State, rng: random.Random) -> Move:
    """One outcome of the chance node ``state``: the set-up deal (Scoring cards and Reward tokens
    at random), a card from the face-up deck (each card alike), a landing from the default
    :class:`TossModel`, a roll-off (each tied seat rolls its anthill's dice), a Round card (each
    left alike). Raises :class:`~picnic_rules.PicnicError` when chance does not act."""
    if state.phase is LAND:  # the commonest chance node, drawn directly
        return _landing(state, rng, _DEFAULT_DRAWS)
    if state.phase is FILL:  # the next commonest, as _sample draws it
        return _DRAWS[draw(state.deck, rng)]
    return _sample(state, rng, DEFAULT_TOSS_MODEL)


def _sample(state: State, rng: random.Random, model: TossModel) -> Move:
    phase = state.phase
    if phase is LAND:
        return sample_landing(state, rng, model)
    if phase is FILL:
        return _DRAWS[draw(state.deck, rng)]
    if phase is ROUND_CARD:
        drawn = drawn_round_cards(state)
        return _REVEALS[rng.choice([c for c in state.rules.round_cards if c not in drawn])]
    if phase is SETUP:
        n = state.rules.scoring_cards_for(state.players)
        scoring = tuple(sorted(rng.sample(_SCORING_CARDS, n), key=_SCORING_RANK.__getitem__))
        tokens = list(state.rules.rewards)
        rng.shuffle(tokens)
        return Deal(scoring, tuple(tokens[:n]), tuple(tokens[n : n + 6]))
    if phase is ROLLOFF:
        return Rolloff(
            tuple(
                sum(rng.choice(state.rules.die_faces(i)) for i in home_dice(state, seat))
                for seat in state.tied
            )
        )
    raise PicnicError(f"chance does not act now ({phase.value})")
