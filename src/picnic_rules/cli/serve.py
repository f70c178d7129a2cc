"""Serve the picnic games in the browser, its tables kept in a database.

A web app on the library's host (pip install 'picnic-rules[web]').
``picnic serve`` listens on 127.0.0.1:8000 by default; open that address in a
browser to play against the computer, pass and play, or invite a second browser.
Every table is kept in a database (``--db``: SQLite in the user's data folder by
default, or any SQLAlchemy URL; ``memory:`` keeps none), so a restart loses
nothing. Each browser receives only what its seat may see.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TextIO

from ..errors import PicnicError
from .common import at_most

__all__ = ["HELP", "add_arguments", "default_db", "database_url", "run"]

HELP = "serve the picnic games in the browser (pip install 'picnic-rules[web]')"
"""The line ``picnic --help`` shows for this command."""

MAX_PORT = 65535
"""The largest port number."""


_port = at_most(MAX_PORT, f"a port 0 to {MAX_PORT}")


def default_db() -> Path:
    """The default database: ``tables.db`` in the user's data folder for picnic-rules
    (``platformdirs.user_data_dir("picnic-rules")``)."""
    import platformdirs

    return Path(platformdirs.user_data_dir("picnic-rules")) / "tables.db"


def database_url(db: str | None) -> str:
    """The store URL ``--db`` names: ``memory:`` as it is, a URL (``scheme://...``) as it
    is, else a file path as an SQLite URL (its folder created if missing); ``None`` is
    :func:`default_db`."""
    if db == "memory:":
        return db
    if db is not None and "://" in db:
        return db
    path = Path(db).expanduser() if db is not None else default_db()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PicnicError(
            f"cannot create the folder {str(path.parent)!r}: {exc.strerror}"
        ) from None
    return f"sqlite:///{path.resolve()}"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The command's arguments."""
    parser.add_argument(
        "--host", default="127.0.0.1", help="the address to listen on (default: 127.0.0.1)"
    )
    parser.add_argument(
        "--port", type=_port, default=8000, help="the port to listen on (default: 8000)"
    )
    parser.add_argument(
        "--db",
        metavar="PATH|URL",
        default=None,
        help="where the tables are kept: an SQLite file, an SQLAlchemy URL "
        "(postgresql+psycopg://...) or memory: for none (default: tables.db in the "
        "user's data folder)",
    )


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Start the web server and serve until interrupted."""
    try:
        import platformdirs  # noqa: F401  (the default database's folder)
        import uvicorn  # noqa: F401

        from ..host import Host, open_store
        from ..web import create_app, listen, server
    except ImportError as exc:
        raise PicnicError(
            f"picnic serve needs the web extra: pip install 'picnic-rules[web]' ({exc.name} is missing)"
        ) from None
    url = database_url(args.db)
    store = open_store(url)
    sock = listen(args.host, args.port)
    try:
        kept = "in memory only" if url == "memory:" else f"in {_shown(url)}"
        print(
            f"Serving the picnic games on http://{args.host}:{args.port}/ (Ctrl-C stops); "
            f"tables kept {kept}",
            file=out,
        )
        out.flush()
        server(create_app(Host(store))).run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn stops cleanly on Ctrl-C, then raises it again
        pass
    finally:
        sock.close()
    return 0


def _shown(url: str) -> str:
    """``url`` without a password."""
    if url.startswith("sqlite:///"):
        return url[len("sqlite:///") :]
    head, at, tail = url.rpartition("@")
    if not at:
        return url
    scheme, _, user = head.partition("://")
    return f"{scheme}://{user.split(':')[0]}@{tail}"
