"""The sandwich game in the browser: a small web server and its page (extra ``web``).

``picnic serve`` starts it (``pip install 'picnic-rules[web]'``); :func:`create_app`
gives the ASGI application to run under any ASGI server. The server keeps each
game's state and sends each seat only its own client documents
(:func:`picnic_rules.client.seat_update`, codec kind ``"update"``): never the draw
pile, never another seat's hand. A seat is bound to its browser by an unguessable
token, and every move goes through :meth:`Game.move_as <picnic_rules.Game.move_as>`
for the token's seat, so no seat moves for another. See :doc:`/web`.
"""

from __future__ import annotations

from .app import MAX_BODY, create_app
from .tables import MAX_GAMES, MAX_SEED, MODES, Mode, RequestError, Table, Tables

__all__ = [
    "MAX_BODY",
    "MAX_GAMES",
    "MAX_SEED",
    "MODES",
    "Mode",
    "RequestError",
    "Table",
    "Tables",
    "create_app",
]
