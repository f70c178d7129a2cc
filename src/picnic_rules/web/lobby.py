"""The lobby of the web server: every game with its options, tables of any game, the
open tables, and the page's board scripts.

==========================================  ===========================================
``GET /api/lobby``                          ``{"games": [GAME, ...], "tables": [OPEN,
                                            ...]}``: each game's name, title, player
                                            range, seat kinds, variants and ``Rules``
                                            fields (:func:`describe_game`), with what
                                            introduces it to a newcomer (``intro``,
                                            ``how_to_play``, ``rules_url``, ``options``:
                                            :func:`~picnic_rules.web.intro.introduce`);
                                            the listed
                                            tables that still have a free seat
                                            (:func:`describe_open`), newest first, at
                                            most :data:`MAX_SHOWN`
``POST /api/tables``                        the one door to a new table: ``{"game",
                                            "players", "seats": [KIND, ...] or "mode":
                                            MODE, "seed", "variant", "rules": {...},
                                            "names", "listed", "real_table", "hints"}``
                                            (``"hints"``: the hint policy, null, true
                                            or false) → 201
                                            ``{"id", "game", "mode", "seats": [{"seat",
                                            "token"}], "invites": [{"seat", "invite"}]}``
                                            (a :data:`Mode` is a preset of the seats)
``GET /api/tables/ID``                      who sits where: ``{"id", "game", "title",
                                            "players", "variant", "real_table", "seats":
                                            [{"seat", "kind", "name"}]}`` (no credential,
                                            no card)
``GET /static/boards/NAME.js``              a game's board script (:func:`board_source`;
                                            ``common.js``: what every board shares)
``GET /static/favicon.svg``                 the page's icon
==========================================  ===========================================

A seat's kind is ``"person"`` (the opener's: it gets a credential), ``"open"`` (a person
invited: it gets an invite), or an agent's name (:data:`AGENTS`). A table's rules are
its ``variant``'s (the defaults when none) with the ``rules`` fields changed, read by the
one reader of rules from outside, as the command line and PettingZoo read them
(:func:`~picnic_rules.options_text.rules_from_values`: a name by its value or member
name, a set's names in any order): a refusal is a 400 JSON error (``"request"`` for a
malformed field, ``"rules"`` for an unknown variant or option or a value not of its
option's form or that the rules refuse, ``"players"`` for a player count).
``"real_table": true`` opens a table played with real cards and dice: the seats type in
what chance did (``POST /api/games/ID/chance``) rather than the server drawing it.

The lobby names no game: it describes each game of :data:`~picnic_rules.GAMES` from its
:class:`~picnic_rules.Game` record -- its words for the page (:func:`describe_game`) and
its board, the script the game ships (:attr:`Game.board <picnic_rules.Game.board>`), else
the server's own ``static/boards/NAME.js``; a game with neither is played on the page's
generic board (see :doc:`/frontends`).
"""

from __future__ import annotations

import collections
import enum
import importlib
import json
import typing
import warnings
from collections.abc import Awaitable, Callable, Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, Final, Literal

import attrs
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from ..agents import agent_names
from ..errors import PicnicError, RulesError, shorten
from ..game import AnyGame
from ..host import Host, Saved
from ..options_text import rules_form, rules_from_values, rules_types
from ..registry import GAMES, get_game
from .intro import introduce
from .reading import HEADERS, MAX_SEED, RequestError, host_of, in_thread, take
from .reading import json_answer as _json
from .reading import only_fields as _only
from .reading import read_body as _body

__all__ = [
    "AGENTS",
    "COMMON",
    "KINDS",
    "MAX_LISTED",
    "MAX_NAME",
    "MAX_SHOWN",
    "MODES",
    "Lobby",
    "Mode",
    "board_source",
    "describe_game",
    "describe_open",
    "lobby",
    "new_table",
    "routes",
    "static_file",
    "table",
]

AGENTS: Final[tuple[str, ...]] = ("computer", "random")
"""The agents a lobby seat may be given (each game's own computer player, or random)."""

KINDS: Final[tuple[str, ...]] = ("person", "open", *AGENTS)
"""Every kind of seat ``POST /api/tables`` takes."""

Mode = Literal["computer", "pass", "invite"]
"""A preset of a new table's seats (``POST /api/tables`` with ``"mode"`` and no
``"seats"``): ``"computer"`` (seat 0 is the person, who goes first; every other seat the
game's computer player, else its first agent), ``"pass"`` (pass and play: every seat on
one device, Player 1 = seat 0 starts) or ``"invite"`` (seat 0 here, every other seat for
whoever opens its invite link)."""

MODES: Final[tuple[Mode, ...]] = ("computer", "pass", "invite")
"""Every :data:`Mode`."""

MAX_LISTED: Final = 64
"""The most open tables the lobby remembers (the oldest are forgotten first)."""

MAX_SHOWN: Final = 20
"""The most open tables ``GET /api/lobby`` lists."""

MAX_NAME: Final = 24
"""The longest player's name kept, in characters."""

COMMON: Final = "common"
"""The board script every board builds on (``static/boards/common.js``: the registry, the
element builders, the generic board); no game's board takes its name."""

SCRIPT: Final = "text/javascript; charset=utf-8"
"""The type of a board script."""

ICON: Final = "favicon.svg"
"""The page's icon, under ``static/``."""

_Handler = Callable[[Request], Awaitable[Response]]


def _value_json(value: Any) -> Any:
    """A ``Rules`` value as JSON: enums by name, tuples as lists."""
    if isinstance(value, enum.Enum):
        return str(value)
    if isinstance(value, tuple):
        return [_value_json(item) for item in value]
    return value


def _field(field: attrs.Attribute[Any], kind: Any, default: Any) -> dict[str, Any]:
    """One ``Rules`` field as the lobby describes it."""
    described: dict[str, Any] = {
        "name": field.name,
        "default": _value_json(default),
        "form": rules_form(kind),
    }
    origin = typing.get_origin(kind)
    items = typing.get_args(kind) if origin is tuple else ()
    if kind is bool:
        described["type"] = "bool"
    elif kind is int:
        described["type"] = "int"
        minimum = getattr(field.validator, "minimum", None)
        maximum = getattr(field.validator, "maximum", None)
        if type(minimum) is int and type(maximum) is int:
            described["minimum"], described["maximum"] = minimum, maximum
    elif isinstance(kind, type) and issubclass(kind, enum.Enum):
        described["type"] = "name"
        described["choices"] = [str(member) for member in kind]
    elif items and all(item is int for item in items if item is not Ellipsis):
        described["type"] = "ints"
    elif items and isinstance(items[0], type) and issubclass(items[0], enum.Enum):
        described["type"] = "names"
        described["choices"] = [str(member) for member in items[0]]
    else:
        described["type"] = "other"
    if items and Ellipsis not in items:
        described["length"] = len(items)
    return described


def board_source(game: AnyGame) -> Traversable | None:
    """The board script the server sends for ``game``: the one the game ships
    (:attr:`Game.board <picnic_rules.Game.board>`, ``"PACKAGE:FILE.js"``), else the server's
    own ``static/boards/NAME.js``, else ``None``: the page plays the game on its generic
    board. A shipped script that cannot be found is warned of (:class:`RuntimeWarning`)
    and the game gets the generic board.

    >>> from picnic_rules import GAMES
    >>> board_source(GAMES["poultry"]).name
    'poultry.js'
    """
    if game.board:
        package, _, file = game.board.partition(":")
        try:
            found = resources.files(importlib.import_module(package)).joinpath(file)
        except Exception as exc:  # the package does not import: warn, and play on
            problem = f"{type(exc).__name__}: {exc}"
        else:
            if found.is_file():
                return found
            problem = "no such file"
        warnings.warn(
            f"the board {game.board!r} of the game {game.name} cannot be read ({problem}): "
            "its tables are played on the generic board",
            RuntimeWarning,
            stacklevel=2,
        )
        return None
    if game.name == COMMON or "/" in game.name or game.name.startswith("."):
        return None
    found = resources.files(__package__).joinpath("static", "boards", f"{game.name}.js")
    return found if found.is_file() else None


def _kinds(game: AnyGame) -> list[str]:
    """The kinds of seat a table of ``game`` takes: people, and the agents it has."""
    return ["person", "open", *(name for name in AGENTS if name in agent_names(game))]


def _short_name(game: AnyGame) -> str:
    """The game's name as a word for players: ``"Keep or swap"`` for ``keep-or-swap``."""
    return game.name.replace("-", " ").replace("_", " ").capitalize()


def describe_game(game: AnyGame, board: bool | None = None) -> dict[str, Any]:
    """What the lobby shows of ``game``: its name, its short name (the name as a word for
    players), title, player range, the seat kinds it takes, its variants (each with the
    fields it changes) and its ``Rules`` fields (name, ``type``: ``int``, ``bool``,
    ``name``, ``ints``, ``names`` or ``other``, default, the bounds of a count, the choices
    of a name, the length of a fixed list, and ``form``: the value's form in words, as
    ``picnic rules GAME`` prints it); and for the page at the table: ``reasons``, each end
    reason in words, ``score_word``, what the scores count, and ``board``, whether the
    server sends a board of the game's own (``board``, else whether
    :func:`board_source` finds one): else the page draws its generic board.

    >>> from picnic_rules import GAMES
    >>> described = describe_game(GAMES["insects"])
    >>> described["min_players"], described["max_players"], described["variants"]["buy"]
    (2, 6, {'buy': True})
    >>> described["rules"][0]
    {'name': 'insects', 'default': 7, 'form': 'an integer', 'type': 'int', 'minimum': 0, 'maximum': 200}
    >>> described["short"], described["reasons"]["cards-out"], described["board"]
    ('Insects', 'nobody with food can play', True)
    """
    default = game.Rules()
    kinds = rules_types(type(default))
    fields = [
        _field(field, kinds[field.name], getattr(default, field.name))
        for field in attrs.fields(type(default))
    ]
    variants = {
        name: {
            field.name: _value_json(getattr(rules, field.name))
            for field in attrs.fields(type(rules))
            if getattr(rules, field.name) != getattr(default, field.name)
        }
        for name, rules in game.variants.items()
    }
    return {
        "name": game.name,
        "short": _short_name(game),
        "title": game.title,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "kinds": _kinds(game),
        "variants": variants,
        "rules": fields,
        "reasons": {reason: game.reason_words.get(reason, reason) for reason in game.reasons},
        "score_word": game.score_word,
        "board": board_source(game) is not None if board is None else board,
    }


@attrs.frozen
class _Listing:
    """An open table the lobby lists: its game and each open seat's invite."""

    table: str
    game: str
    players: int
    invites: Mapping[int, str]


def describe_open(listing: _Listing, taken: set[int]) -> dict[str, Any] | None:
    """A listed table as ``GET /api/lobby`` shows it, or ``None`` when no seat is free:
    its id, game, players, the free seats with their invite links, and its spectators'
    link (links are relative to the page)."""
    free = [seat for seat in sorted(listing.invites) if seat not in taken]
    if not free:
        return None
    return {
        "id": listing.table,
        "game": listing.game,
        "players": listing.players,
        "free": [
            {"seat": seat, "invite": f"#game={listing.table}&invite={listing.invites[seat]}"}
            for seat in free
        ],
        "watch": f"#game={listing.table}&watch=1",
    }


def _seats_of(meta: Mapping[str, str], players: int) -> list[str]:
    """Each seat's kind, as the table's labels say (tables opened before the labels held
    the seats, by their mode)."""
    kinds = meta.get("seats")
    if kinds:
        return kinds.split(",")
    mode = meta.get("mode")
    second = {"computer": "computer", "pass": "person", "invite": "open"}.get(mode or "", "person")
    return ["person", second, *["person"] * (players - 2)]


def _static_files(games: list[AnyGame]) -> dict[str, tuple[bytes, str]]:
    """The files the lobby serves under ``/static/``, with their types: the icon, the
    shared board script and each game's board (:func:`board_source`)."""
    static = resources.files(__package__).joinpath("static")
    files = {
        ICON: (static.joinpath(ICON).read_bytes(), "image/svg+xml"),
        f"boards/{COMMON}.js": (static.joinpath("boards", f"{COMMON}.js").read_bytes(), SCRIPT),
    }
    for game in games:
        found = board_source(game)
        if found is not None:
            files[f"boards/{game.name}.js"] = (found.read_bytes(), SCRIPT)
    return files


@attrs.define
class Lobby:
    """What the lobby keeps (``app.state.lobby``): each game described (:func:`describe_game`),
    the files it serves under ``/static/`` with their types, and the listed open tables,
    oldest first."""

    games: list[dict[str, Any]]
    """Each game as ``GET /api/lobby`` describes it."""
    files: dict[str, tuple[bytes, str]]
    """Each file under ``/static/`` the lobby serves (the icon, the board scripts)."""
    listed: collections.OrderedDict[str, _Listing] = attrs.field(factory=collections.OrderedDict)
    """The listed tables by id (:data:`MAX_LISTED` at most), oldest first."""

    @classmethod
    def load(cls) -> Lobby:
        """The lobby of every game of :data:`~picnic_rules.GAMES`, each loaded now (the
        registry's first load is not safe across threads)."""
        every = [get_game(name) for name in GAMES]
        files = _static_files(every)
        games = [
            {**describe_game(game, f"boards/{game.name}.js" in files), **introduce(game)}
            for game in every
        ]
        return cls(games, files)


def _lobby(request: Request) -> Lobby:
    found: Lobby = request.app.state.lobby
    return found


def _still_open(host: Host, listing: _Listing) -> dict[str, Any] | None:
    loaded = host.store.load(listing.table)
    if loaded is None:
        return None
    saved = Saved.loads(loaded[0])
    if saved.record.outcome is not None:
        return None
    return describe_open(listing, set(saved.credentials))


def _open_tables(
    host: Host, listed: collections.OrderedDict[str, _Listing]
) -> list[dict[str, Any]]:
    """The listed tables that still have a free seat, newest first (forgetting the others)."""
    shown: list[dict[str, Any]] = []
    for table_id, listing in reversed(list(listed.items())):
        if len(shown) >= MAX_SHOWN:
            break
        found = _still_open(host, listing)
        if found is None:
            listed.pop(table_id, None)
        else:
            shown.append(found)
    return shown


async def lobby(request: Request) -> Response:
    """``GET /api/lobby``: every game, and the open tables."""
    state = _lobby(request)
    tables = await in_thread(request, _open_tables, host_of(request), state.listed)
    return _json(200, {"games": state.games, "tables": tables})


def _seats_wanted(body: dict[str, Any], game: AnyGame, players: int) -> list[str]:
    """The seats a ``POST /api/tables`` body asks for: its ``seats``, else its ``mode``'s
    preset (:data:`MODES`; ``"computer"`` when neither is given)."""
    kinds = _kinds(game)
    if "seats" in body and "mode" in body:
        raise RequestError(400, "request", 'give "seats" or "mode", not both')
    mode = body.get("mode", "computer")
    if "seats" not in body:
        if type(mode) is not str or mode not in MODES:
            raise RequestError(400, "request", f'"mode" must be one of {", ".join(MODES)}')
        agent = next((kind for kind in kinds if kind in AGENTS), "open")
        other = {"computer": agent, "pass": "person", "invite": "open"}[mode]
        return ["person", *[other] * (players - 1)]
    seats = body["seats"]
    if (
        type(seats) is not list
        or len(seats) != players
        or any(type(kind) is not str or kind not in kinds for kind in seats)
    ):
        raise RequestError(400, "request", f'"seats" must list {players} of: {", ".join(kinds)}')
    if "person" not in seats:
        raise RequestError(400, "request", '"seats": one seat at least must be "person"')
    return seats


def _request_of(body: dict[str, Any]) -> dict[str, Any]:
    """The checked fields of a ``POST /api/tables`` body."""
    _only(
        body,
        {
            "game",
            "players",
            "seats",
            "mode",
            "seed",
            "variant",
            "rules",
            "names",
            "listed",
            "real_table",
            "hints",
        },
    )
    name = body.get("game")
    if type(name) is not str or name not in GAMES:
        raise RequestError(400, "request", f'"game" must be one of {", ".join(GAMES)}')
    game = get_game(name)
    players = body.get("players", game.min_players)
    if type(players) is not int:
        raise RequestError(400, "request", '"players" must be an integer')
    try:
        game.check_players(players)
    except PicnicError as error:
        raise RequestError(400, "players", str(error)) from None
    seats = _seats_wanted(body, game, players)
    seed = body.get("seed")
    if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_SEED):
        raise RequestError(400, "request", f'"seed" must be null or an integer 0 to {MAX_SEED}')
    names = body.get("names", [])
    if (
        type(names) is not list
        or len(names) > players
        or any(type(text) is not str or len(text) > MAX_NAME for text in names)
    ):
        raise RequestError(
            400,
            "request",
            f'"names" must list at most {players} names of {MAX_NAME} characters',
        )
    listed_flag = body.get("listed", True)
    if type(listed_flag) is not bool:
        raise RequestError(400, "request", '"listed" must be true or false')
    real_table = body.get("real_table", False)
    if type(real_table) is not bool:
        raise RequestError(400, "request", '"real_table" must be true or false')
    hints = body.get("hints")
    if hints is not None and type(hints) is not bool:
        raise RequestError(400, "request", '"hints" must be null, true or false')
    try:
        rules = rules_from_values(game, body.get("variant"), body.get("rules"))
    except RulesError as error:
        raise RequestError(400, "rules", error.reason) from None
    return {
        "game": game,
        "players": players,
        "seats": seats,
        "mode": body.get("mode", "table"),
        "seed": seed,
        "rules": rules,
        "variant": body.get("variant") or "",
        "names": [text.strip() for text in names],
        "listed": listed_flag,
        "real_table": real_table,
        "hints": hints,
    }


async def new_table(request: Request) -> Response:
    """``POST /api/tables``: a new table of any game (the one door to a new table)."""
    asked = _request_of(await _body(request))
    take(request, request.app.state.creations, "new games")
    game, seats = asked["game"], asked["seats"]
    agents = {seat: kind for seat, kind in enumerate(seats) if kind in AGENTS}
    open_seats = [seat for seat, kind in enumerate(seats) if kind == "open"]
    meta = {
        "mode": asked["mode"],
        "seats": ",".join(seats),
        "names": json.dumps(asked["names"]),
        "variant": asked["variant"],
    }
    try:
        opened = await in_thread(
            request,
            host_of(request).open,
            game,
            players=asked["players"],
            agents=agents,
            open_seats=open_seats,
            rules=asked["rules"],
            seed=asked["seed"],
            meta=meta,
            real_table=asked["real_table"],
            hints=asked["hints"],
        )
    except RulesError as error:
        raise RequestError(400, "rules", error.reason) from None
    if open_seats and asked["listed"]:
        listed = _lobby(request).listed
        listed[opened.table_id] = _Listing(
            opened.table_id, game.name, asked["players"], dict(opened.invites)
        )
        while len(listed) > MAX_LISTED:
            listed.popitem(last=False)
    answer = {
        "id": opened.table_id,
        "game": game.name,
        "mode": asked["mode"],
        "seats": [{"seat": seat, "token": token} for seat, token in opened.tokens.items()],
        "invites": [{"seat": seat, "invite": invite} for seat, invite in opened.invites.items()],
    }
    return _json(201, answer)


def _seating(host: Host, table_id: str) -> dict[str, Any]:
    public = host.public(table_id, host.version(table_id))
    meta = public.meta
    try:
        names = json.loads(meta.get("names", "[]"))
    except ValueError:
        names = []
    names = [str(text)[:MAX_NAME] for text in names] if type(names) is list else []
    kinds = _seats_of(meta, public.players)
    return {
        "id": table_id,
        "game": public.game,
        "title": get_game(public.game).title,
        "players": public.players,
        "variant": meta.get("variant", ""),
        "real_table": public.real_table,
        "seats": [
            {"seat": seat, "kind": kind, "name": names[seat] if seat < len(names) else ""}
            for seat, kind in enumerate(kinds)
        ],
    }


async def table(request: Request) -> Response:
    """``GET /api/tables/ID``: who sits where."""
    table_id = request.path_params["table_id"]
    return _json(200, await in_thread(request, _seating, host_of(request), table_id))


async def static_file(request: Request) -> Response:
    """``GET /static/favicon.svg``, ``/static/boards/NAME.js``: the icon, a board script."""
    path = request.url.path
    found = _lobby(request).files.get(path.removeprefix("/static/"))
    if found is None:
        raise RequestError(404, "path", f"no such path: {shorten(path)}")
    body, media = found
    return Response(body, media_type=media, headers=HEADERS)


def routes(guard: Callable[[_Handler], _Handler]) -> list[BaseRoute]:
    """The lobby's routes, each handler behind ``guard`` (the app's limits and JSON errors)."""
    return [
        Route("/api/lobby", guard(lobby), methods=["GET"]),
        Route("/api/tables", guard(new_table), methods=["POST"]),
        Route("/api/tables/{table_id}", guard(table), methods=["GET"]),
        Route(f"/static/{ICON}", guard(static_file), methods=["GET"]),
        Route("/static/boards/{name}", guard(static_file), methods=["GET"]),
    ]
