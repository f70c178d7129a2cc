"""The picnic games in the browser: a lobby for every game and a board for each, a web server on the library's host, and its page
(extra ``web``).

``picnic serve`` starts it (``pip install 'picnic-rules[web]'``); :func:`create_app`
gives the ASGI application to run under any ASGI server. The server keeps every table
in a :class:`~picnic_rules.host.Host` (in a database with ``picnic serve --db``) and
sends each seat only its own client documents (:func:`picnic_rules.client.seat_update`,
codec kind ``"update"``): never the draw pile, never another seat's hand. A seat is
bound to its browser by an unguessable credential, kept in the page's address and the
browser's storage, and every move goes through :meth:`Game.move_as
<picnic_rules.Game.move_as>` for the credential's seat, so no seat moves for another.
A WebSocket tells each seat and spectator when its table moves. See :doc:`/web` and
:doc:`/hosting`.
"""

from __future__ import annotations

from .app import MAX_BODY, MAX_MOVE, MAX_SEED, MODES, Mode, RequestError, create_app
from .limits import NO_LIMITS, Limits
from .serving import Settings, listen, server

__all__ = [
    "MAX_BODY",
    "MAX_MOVE",
    "MAX_SEED",
    "MODES",
    "NO_LIMITS",
    "Limits",
    "Mode",
    "RequestError",
    "Settings",
    "create_app",
    "listen",
    "server",
]
