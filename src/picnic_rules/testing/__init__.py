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
harness runs these checks, each named in :data:`CHECKS` (pass ``only=`` or
``skip=`` with names to run a subset):

* ``check``: ``check(state)`` passes;
* ``to-move``, ``legal-moves``: ``to_move``/``is_over``/``legal_moves``
  agree, and legal moves are hashable, distinct and listed in a stable order;
* ``apply-pure``: ``apply`` (and every other function) leaves its input unchanged;
* ``legal-applies``: every legal move applies (a sample of them at most
  steps, all of them at every ``every``-th step), and a game's own ``apply_legal``
  gives the same state;
* ``illegal-raises``: moves not in ``legal_moves`` -- legal moves of other
  states, and moves built by ``game.random_move`` -- raise
  :class:`~picnic_rules.IllegalMove`, and nothing else;
* ``chance``, as the game declares its ``chance`` mode: with ``"explicit"``
  chance, ``legal_moves`` at a chance node lists exactly the moves of
  ``chance_outcomes``, the weights are positive ints or Fractions, and
  ``sample_chance`` returns one of them; with ``"sampled"`` chance, both are
  empty, one seed gives one outcome, the outcome applies, and outcomes
  changed at one place (and ``random_move``'s) raise IllegalMove or apply to
  a state that ``check`` accepts;
* ``notation``: ``parse_move(state, str(move)) == move``;
* ``codec``: JSON round trips through :mod:`picnic_rules.codec` of the
  rules, the state, every seat's view, the move, the outcome and the record
  are exact -- and of one seat's observation, client update and history,
  once the codec knows those kinds;
* ``documents``: deleting any one key of any JSON object of those documents
  makes ``codec.loads`` raise :class:`~picnic_rules.DecodeError` -- never a
  default, never another error;
* ``view``: ``check_view`` accepts every seat's view, which is stable and hashable;
* ``leak``, for every seat ``p``: ``view(determinize(view(s, p)), p) ==
  view(s, p)``, the determinized state passes ``check``, has the same actor,
  and, when ``p`` acts, the same legal moves;
* ``forged-views``: views changed at one place (ints moved, bools flipped,
  enum members swapped, tuple items dropped, duplicated or changed, ``None``
  toggled) are refused by ``check_view`` with
  :class:`~picnic_rules.InvalidState`, or determinize into a state that
  ``check`` accepts and that shows exactly that view;
* ``public-view``: at every step ``public(view(s, k))`` is the game's
  ``PublicView`` and the same for every seat ``k`` (so it shows nothing some
  seat cannot see, no hand's cards); at the expensive steps it is unchanged
  when the hidden cards are dealt again -- for each seat ``k``, the public
  view of every seat's view of ``determinize(view(s, k))`` is that of ``s``
  -- and it round-trips through the codec as a ``"public"`` document
  (:mod:`picnic_rules.testing.public`);
* ``observations``: every seat follows the game by ``update`` alone -- the
  harness keeps, per seat, the view made only by ``update`` from its view of
  the new game, and after every move ``m`` played in ``s`` it must equal
  ``view(apply(s, m), k)``; so ``update(view(s, k), observe(s, m, k)) ==
  view(apply(s, m), k)`` holds for the move played (and, at the expensive
  steps, for every legal move), and ``observe`` returns the game's
  ``Observation``. :attr:`Report.observations` counts the (state, move,
  seat) triples checked;
* ``observation-leaks``: an observation tells its seat no more than it may
  know -- at a chance node, and for every move of a game with
  ``face_down_moves=True``, moves after which a seat's view is the same give
  it the same observation; with ``face_down_moves=False`` each non-chance
  move is observed alike by every seat (but in fields holding the
  observer's seat) and every seat tells any two legal moves apart; and in
  ``determinize(view(s, k))``, which seat ``k`` cannot tell from ``s``, a
  move that leaves ``k`` the same view gives it the same observation;
* ``describe``: ``describe(view, observation)`` of every seat's observation
  of the move played (and at the expensive steps, of every legal move) is
  one non-empty line, the view being the seat's before the move; at the
  expensive steps, ``describe_move(view, move)`` of every legal move of the
  seat to act is one non-empty line, the same for its view computed twice,
  and -- where the game uses the kit's default
  (:func:`picnic_rules.kit.describe_move`) -- the same as ``describe`` of the
  move's observation in the real state and in ``determinize(view,
  Random(seed))`` for seeds 1 and 2: words that change show a card the seat
  cannot see, and the game must define its own ``describe_move``;
* ``render``: ``render(view)`` and ``render(view, markup=True)`` of every
  seat's view are non-empty texts (with rich installed, one seat's markup a
  step, in turn, parses);
* ``move-group``: ``move_group`` gives every legal move a ``(card, target)``
  pair of strings, no two moves the same;
* ``apply-as``: ``game.apply_as(s, actor, m)``, with the move and with its
  notation, equals ``apply(s, m)`` for the move played; from every other
  seat it raises :class:`~picnic_rules.OutOfTurn`; a move that is not legal
  raises IllegalMove, not OutOfTurn;
* ``move-values``: an object that compares equal to everything is refused by
  ``apply`` with :class:`~picnic_rules.IllegalMove` (a move is a value of one of
  the game's move classes); ill-typed copies of legal moves (a field of the wrong
  type) are refused by ``apply`` with :class:`~picnic_rules.IllegalMove`
  and by ``move_as`` with :class:`~picnic_rules.InvalidMove` or
  ``IllegalMove``, never another error; look-alikes (equal to a legal move,
  a field of another type: ``3.0`` for ``3``) apply exactly as the listed
  move, leaving no look-alike in the state, and ``move_as`` returns the move
  in the game's own form (:mod:`picnic_rules.testing.move_values`);
* ``text-path``: ``move_as(state, seat, str(move))`` gives the move; every
  text ``parse_move`` accepts (shorthands included), ``move_as`` accepts as
  the same move; the reason for an illegal move is the same in the real
  state and in a determinization of the seat's view;
* ``closure``: ``check`` is closed under play -- every one-place change of
  a reachable state that ``check`` accepts is over or has a legal move, and
  every legal move (chance outcome) from it, for several steps, gives a
  state ``check`` accepts (:mod:`picnic_rules.testing.closure`);
* ``forged-observations``: at the end of each game, one seat's history with
  one field of one observation changed is refused by
  :func:`picnic_rules.history.follow` with ``IllegalMove`` or yields only
  views ``check_view`` accepts (:mod:`picnic_rules.testing.forgery`);
* ``spaces``, ``view-bounds``: for a game with an action-space tier (its own or the
  kit's: :mod:`picnic_rules.kit.spaces`), every move ``legal_moves`` lists (every chance
  outcome, with explicit chance) has an index in the game's action space (chance space)
  and back, and every seat's view fits ``view_bounds``, which names exactly the view's
  variable-length tuples (:mod:`picnic_rules.testing.spaces`);
* ``tensors``: every seat's view, encoded by the game's ``tensors`` at an offset,
  writes inside its own places alone, the same numbers at any offset
  (:mod:`picnic_rules.testing.spaces`);
* ``measure``: the game's termination measure ``remaining(state)`` (a
  :class:`~picnic_rules.Measure`) starts within ``max_moves`` and
  ``max_chance_steps`` and falls at every step: a move lowers its ``moves``
  by at least one, a chance step its ``chance``, neither raising the other
  (:mod:`picnic_rules.testing.termination`) -- a proof of termination
  checked at every step;
* ``max-moves``, ``max-chance-steps``: the game ends within
  ``game.max_moves(players, rules)`` non-chance moves and
  ``game.max_chance_steps(players, rules)`` chance steps;
* ``result``: ``result`` gives one score per seat, the winners among the top
  scores, and a reason from ``game.reasons``;
* ``replay``, ``determinism``: replaying the moves reaches the same final
  state, and :func:`~picnic_rules.play` with the same seed twice gives the
  same :class:`~picnic_rules.Record`, whose moves reach its outcome;
* ``new-game``: ``new_game`` raises nothing but
  :class:`~picnic_rules.RulesError`.

The expensive checks (every legal move applied, notation, codec, documents,
views, leaks, forged views, observations of every legal move, observation
leaks, the words of legal moves, render, move groups, move values, the text
path, closure) run at every ``every``-th step, and at the first and last
states; the cheap ones (``measure`` and ``spaces`` among them) at every step.

Random play misses the long games: :func:`check_long_game` plays one in
which every seat picks the move that lowers the termination measure least
(:func:`picnic_rules.testing.termination.longest_choice`), with every check
that runs at every step.

A failure raises :class:`AssertionError` naming the game, the variant, the
number of players, the seed, the step, the check that failed and the call
that reproduces it.

With hypothesis (a test extra, imported only when these are called),
:func:`play_out` plays a whole game in which hypothesis chooses every move,
chance outcomes included (for sampled chance, the seed of the draw), so
failures shrink to short, readable games; :func:`players`,
:func:`rules_variants` and :func:`setups` are strategies and
:func:`GameMachine` builds a stateful test.

For a game's own scenario tests, :func:`assert_illegal` pins the reason
``apply`` refuses a move with, :func:`apply_all` applies moves with
``check`` after each, and :func:`random_step` takes one step of random play.

This module imports no game: it works from the :class:`~picnic_rules.Game`
record it is given.
"""

from __future__ import annotations

from .harness import check_game, check_long_game, check_play
from .helpers import apply_all, assert_illegal, random_step
from .report import CHECKS, Report, select_checks
from .strategies import GameMachine, play_out, players, rules_variants, setups

__all__ = [
    "CHECKS",
    "GameMachine",
    "Report",
    "apply_all",
    "assert_illegal",
    "check_game",
    "check_long_game",
    "check_play",
    "play_out",
    "players",
    "random_step",
    "rules_variants",
    "select_checks",
    "setups",
]
