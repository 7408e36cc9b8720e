"""What one client may cost the server: every resource has a limit per client, a limit for the
whole process, and a lifetime (docs/play-online.md lists them all with their defaults).

A client is an address: an IPv4 address, or an IPv6 address's /64 network (one machine is
given a whole /64). Behind a reverse proxy the address is the one the proxy names last in
``X-Forwarded-For`` (``--behind-proxy``); otherwise that header is ignored, so nobody can
pretend to be many clients.

>>> client_of("203.0.113.9"), client_of("2001:db8:1:2:3:4:5:6")
('203.0.113.9', '2001:db8:1:2::/64')
>>> bucket = TokenBucket(rate=1.0, burst=2, clock=lambda: 0.0)
>>> bucket.take(), bucket.take(), bucket.take()
(True, True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import time
from collections.abc import Callable

import attrs

from tablegames.errors import TableGamesError

__all__ = ["Clients", "LimitError", "Limits", "TokenBucket", "client_of"]


class LimitError(TableGamesError):
    """A request refused because a limit is reached (answered 429 or 503, with the limit).

    >>> issubclass(LimitError, TableGamesError)
    True
    """


@attrs.frozen
class Limits:
    """The limits, per client and for the whole process, and the lifetimes.

    >>> Limits().tables_per_client, Limits().max_tables
    (5, 1000)
    """

    max_tables: int = 1_000
    """Live tables (matches not over) this process holds; creating one more is refused."""
    tables_per_client: int = 5
    """Live tables one client may have created."""
    creates_per_hour: float = 30.0
    """Tables one client may create an hour (bursts of ``tables_per_client``)."""
    max_connections: int = 4_000
    """WebSockets this process holds."""
    connections_per_client: int = 32
    """WebSockets one client may hold at once."""
    spectators_per_table: int = 64
    """Spectators' WebSockets one table takes."""
    connections_per_seat: int = 4
    """WebSockets one seat may hold at once (a person's tabs and devices)."""
    rate: float = 10.0
    """Messages a second one WebSocket may send ..."""
    burst: int = 30
    """... and how many it may save up."""
    client_rate: float = 30.0
    """Messages a second one client may send over all its WebSockets (bursts of 3 times it)."""
    http_rate: float = 10.0
    """HTTP requests a second one client may make (bursts of 3 times it)."""
    idle_after: float = 1_800.0
    """Seconds a live table may go with nobody connected (no person, no spectator) before
    its match is ended as abandoned."""
    keep_records: float = 7 * 86_400.0
    """Seconds a finished table's record stays downloadable before the store deletes it."""


class TokenBucket:
    """A rate limit: ``rate`` tokens a second, at most ``burst`` saved up; :meth:`take` spends
    one, or answers False when none is left."""

    __slots__ = ("_at", "_clock", "_tokens", "burst", "rate")

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic):
        self.rate, self.burst, self._clock = rate, float(burst), clock
        self._tokens, self._at = float(burst), clock()

    def take(self) -> bool:
        """Spend a token if there is one."""
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        return False

    def full(self) -> bool:
        """Whether the bucket has filled up again (its client has been quiet)."""
        return self._tokens + (self._clock() - self._at) * self.rate >= self.burst


def client_of(address: str | None) -> str:
    """The client an address belongs to: the address itself (IPv4, or any text that is no
    address), or an IPv6 address's /64."""
    if not address:
        return "unknown"
    try:
        parsed = ipaddress.ip_address(address.strip())
    except ValueError:
        return address.strip()[:64]
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)


_MAX_BUCKETS = 100_000


class Clients:
    """The per-client accounts of one process: open WebSockets and rate buckets, by client.
    Buckets of quiet clients are let go, so the accounts stay bounded.

    >>> clients = Clients(Limits(connections_per_client=1), key=b"k")
    >>> clients.connect("a"), clients.connect("a"), clients.connections("a")
    (True, False, 1)
    >>> clients.disconnect("a"); clients.connections("a")
    0
    """

    def __init__(self, limits: Limits, key: bytes) -> None:
        self.limits = limits
        self._key = key
        self._sockets: dict[str, int] = {}
        self._buckets: dict[tuple[str, str], TokenBucket] = {}

    def digest(self, client: str) -> str:
        """The name a client's tables are stored under: a keyed digest of its address (the
        address itself is never stored)."""
        return hmac.new(self._key, client.encode("utf-8", "replace"), hashlib.sha256).hexdigest()[
            :24
        ]

    def connections(self, client: str) -> int:
        """The client's open WebSockets."""
        return self._sockets.get(client, 0)

    def connect(self, client: str) -> bool:
        """Count a new WebSocket of ``client``; False (and nothing counted) at its limit."""
        if self.connections(client) >= self.limits.connections_per_client:
            return False
        self._sockets[client] = self.connections(client) + 1
        return True

    def disconnect(self, client: str) -> None:
        """A WebSocket of ``client`` closed."""
        left = self.connections(client) - 1
        if left > 0:
            self._sockets[client] = left
        else:
            self._sockets.pop(client, None)

    def allow(self, client: str, kind: str) -> bool:
        """Spend one of the client's tokens of ``kind`` (``"message"``, ``"http"``,
        ``"create"``); False when the client is over its rate."""
        bucket = self._buckets.get((client, kind))
        if bucket is None:
            if len(self._buckets) >= _MAX_BUCKETS:
                self._prune()
            bucket = self._buckets[(client, kind)] = TokenBucket(*self._rate(kind))
        return bucket.take()

    def _rate(self, kind: str) -> tuple[float, float]:
        limits = self.limits
        if kind == "create":
            return limits.creates_per_hour / 3600.0, max(1, limits.tables_per_client)
        rate = limits.client_rate if kind == "message" else limits.http_rate
        return rate, max(1.0, 3 * rate)

    def _prune(self) -> None:
        full = [key for key, bucket in self._buckets.items() if bucket.full()]
        for key in full or list(self._buckets)[: _MAX_BUCKETS // 2]:
            del self._buckets[key]

    def describe(self) -> dict[str, object]:
        """How many clients hold WebSockets and rate buckets now (for ``/healthz``)."""
        return {"clients_connected": len(self._sockets), "rate_buckets": len(self._buckets)}
