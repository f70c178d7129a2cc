"""Limits per client address: :class:`Limits` (the numbers) and :class:`Bucket` (one token
bucket per address).

A request takes one token from its address's bucket; an empty bucket answers 429 with
``Retry-After``, the seconds until a token is back. New tables take from a second,
slower bucket, so no client can fill a server with tables, and no client's flood of
requests slows the others more than the server's own bound on connections does.

>>> bucket = Bucket(rate=1.0, burst=2)
>>> bucket.take("10.0.0.1", now=0.0), bucket.take("10.0.0.1", now=0.0)
(0.0, 0.0)
>>> bucket.take("10.0.0.1", now=0.0)     # empty: one token is back in 1 s
1.0
>>> bucket.take("10.0.0.2", now=0.0)     # another address has its own bucket
0.0
"""

from __future__ import annotations

import threading
import time
from typing import Final

import attrs

__all__ = ["NO_LIMITS", "Bucket", "Limits"]


@attrs.frozen
class Limits:
    """The limits of a server, per client address (the defaults of ``picnic serve``)."""

    requests_per_second: float = 30.0
    """Requests an address may make each second, on average."""
    request_burst: int = 60
    """Requests an address may make at once, after a quiet spell."""
    tables_per_minute: float = 20.0
    """Tables an address may open each minute, on average."""
    table_burst: int = 20
    """Tables an address may open at once."""
    sockets: int = 32
    """Live connections (WebSockets) an address may hold open at once."""


NO_LIMITS: Final = Limits(
    requests_per_second=1e9,
    request_burst=10**9,
    tables_per_minute=1e12,
    table_burst=10**9,
    sockets=10**9,
)
"""No limit worth the name (for tests and benchmarks, never for a public server)."""

_PRUNE_AT: Final = 10_000


class Bucket:
    """A token bucket per key: ``burst`` tokens, refilled at ``rate`` tokens a second."""

    def __init__(self, rate: float, burst: int) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError("a bucket needs a positive rate and a burst of at least 1")
        self.rate = rate
        """Tokens back each second."""
        self.burst = burst
        """The most tokens a bucket holds."""
        self._buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, when)
        self._lock = threading.Lock()

    def take(self, key: str, now: float | None = None) -> float:
        """Take a token for ``key``: 0.0 if there was one, else the seconds until there is
        one (nothing is taken then)."""
        now = time.monotonic() if now is None else now
        with self._lock:
            tokens, when = self._buckets.get(key, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - when) * self.rate)
            if tokens < 1.0:
                self._buckets[key] = (tokens, now)
                return (1.0 - tokens) / self.rate
            self._buckets[key] = (tokens - 1.0, now)
            if len(self._buckets) > _PRUNE_AT:
                self._prune(now)
            return 0.0

    def _prune(self, now: float) -> None:
        """Forget the buckets that are full again (their keys have been quiet)."""
        full = [
            key
            for key, (tokens, when) in self._buckets.items()
            if tokens + (now - when) * self.rate >= self.burst
        ]
        for key in full:
            del self._buckets[key]

    def __len__(self) -> int:
        """How many keys have a bucket now."""
        return len(self._buckets)
