"""Serve the sandwich game in the browser: a local web app (needs the ``web`` extra).

``picnic serve`` listens on 127.0.0.1:8000 by default; open that address in a
browser to play against the computer or pass and play. The server keeps every
game's state and sends each browser only what its seat may see.
"""

from __future__ import annotations

import argparse
from typing import TextIO

from ..errors import PicnicError
from .common import at_most

__all__ = ["HELP", "add_arguments", "run"]

HELP = "serve the sandwich game in the browser (pip install 'picnic-rules[web]')"
"""The line ``picnic --help`` shows for this command."""

MAX_PORT = 65535
"""The largest port number."""


_port = at_most(MAX_PORT, f"a port 0 to {MAX_PORT}")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The command's arguments."""
    parser.add_argument(
        "--host", default="127.0.0.1", help="the address to listen on (default: 127.0.0.1)"
    )
    parser.add_argument(
        "--port", type=_port, default=8000, help="the port to listen on (default: 8000)"
    )


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Start the web server and serve until interrupted."""
    try:
        import uvicorn

        from ..web import create_app
    except ImportError as exc:
        raise PicnicError(
            f"picnic serve needs the web extra: pip install 'picnic-rules[web]' ({exc.name} is missing)"
        ) from None
    print(f"Serving the sandwich game on http://{args.host}:{args.port}/ (Ctrl-C stops)", file=out)
    out.flush()
    uvicorn.run(create_app(), host=args.host, port=args.port, log_level="warning")
    return 0
