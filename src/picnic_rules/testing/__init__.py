"""The game-agnostic invariant harness, and hypothesis strategies built on it.

Every game of the library -- and every variant a user writes, as a new
``Rules`` value or a whole new :class:`~picnic_rules.Game` -- can be checked
with one call::

    >>> from picnic_rules import GAMES
    >>> from picnic_rules.testing import check_game
    >>> report = check_game(GAMES["sandwich"], games=1, players=[2], variants=["short-limit"])
    >>> report.games, report.steps > 0
    (1, True)

:func:`check_game` random-plays games over every registered variant and every
player count; :func:`check_play` plays one of them. After every step the
harness asserts that

* ``check(state)`` passes, ``to_move``/``is_over``/``legal_moves`` agree, and
  legal moves are hashable, distinct and listed in a stable order;
* ``apply`` (and every other function) leaves its input unchanged;
* every legal move applies (a sample of them at most steps, all of them at
  every ``every``-th step);
* moves not in ``legal_moves`` -- legal moves of other states, and moves built
  by ``game.random_move`` -- raise :class:`~picnic_rules.IllegalMove`, and
  nothing else;
* at a chance node ``legal_moves`` lists exactly the moves of
  ``chance_outcomes``, the weights are positive ints or Fractions, and
  ``sample_chance`` returns one of them;
* the notation round-trips: ``parse_move(state, str(move)) == move``;
* JSON round trips through :mod:`picnic_rules.codec` of the state, of every
  seat's view and of the move are exact (and of the record at the end);
* the leak test, for every seat ``p``: ``view(determinize(view(s, p)), p) ==
  view(s, p)``, the determinized state passes ``check``, has the same actor,
  and, when ``p`` acts, the same legal moves;
* the game ends within ``game.max_moves(players, rules)`` non-chance moves
  (and ``max_steps`` moves in all), and ``result`` gives one score per seat
  with the winners among the top scores;
* determinism: :func:`~picnic_rules.play` with the same seed twice gives the
  same :class:`~picnic_rules.Record`, and replaying a record reaches the same
  final state.

A failure raises :class:`AssertionError` naming the game, the variant, the
number of players, the seed, the step, the check that failed and the call
that reproduces it.

With hypothesis (a test extra, imported only when these are called),
:func:`play_out` plays a whole game in which hypothesis chooses every move,
chance outcomes included, so failures shrink to short, readable games;
:func:`players`, :func:`rules_variants` and :func:`setups` are strategies and
:func:`GameMachine` builds a stateful test.

This module imports no game: it works from the :class:`~picnic_rules.Game`
record it is given.
"""

from __future__ import annotations

from .checker import CHECKS, Report, default_max_steps
from .harness import check_game, check_play
from .strategies import GameMachine, play_out, players, rules_variants, setups

__all__ = [
    "CHECKS",
    "GameMachine",
    "Report",
    "check_game",
    "check_play",
    "default_max_steps",
    "play_out",
    "players",
    "rules_variants",
    "setups",
]
