"""A scripted client of the table protocol (aiohttp), for tests, the benchmark and bots of
one's own that play over the network.

:class:`SeatClient` connects to a table as a seat (with its token) or as a spectator, keeps
every message it receives (the raw text too, so a test can look for what it must never
contain) and plays a policy: a function from the latest ``view`` message to an action's text.

>>> SeatClient("http://127.0.0.1:8042", "abc").url
'ws://127.0.0.1:8042/ws/abc'
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable
from typing import Any

import aiohttp

__all__ = ["Policy", "SeatClient", "create_table", "random_policy"]

Policy = Callable[[dict[str, Any]], str | None]
"""What a scripted seat plays: the latest ``view`` message in, an action's text (or None to
wait) out."""


def random_policy(rng: random.Random) -> Policy:
    """Play a legal action chosen at random whenever it is this seat's turn.

    >>> policy = random_policy(random.Random(1))
    >>> policy({"view": {"seat": 0, "to_act": 0, "legal_actions": ["pass"]}})
    'pass'
    >>> policy({"view": {"seat": 0, "to_act": 1, "legal_actions": []}}) is None
    True
    """

    def choose(message: dict[str, Any]) -> str | None:
        view = message["view"]
        legal = view.get("legal_actions") or []
        if view.get("to_act") != view.get("seat") or not legal:
            return None
        return str(rng.choice(legal))

    return choose


async def create_table(
    session: aiohttp.ClientSession, base: str, game: str, seats: list[str], **extra: object
) -> dict[str, Any]:
    """``POST /api/tables``: the server's answer (the table's id, each seat's token and link)."""
    async with session.post(
        f"{base}/api/tables", json={"game": game, "seats": seats, **extra}
    ) as r:
        answer: dict[str, Any] = await r.json()
        if r.status != 201:
            raise RuntimeError(f"the table was not created: {answer}")
        return answer


class SeatClient:
    """One connection to a table: ``token`` for a seat (its secret, or an invitation, which
    the client replaces by the secret the welcome brings), ``None`` to watch. With
    ``keep=False`` it keeps only the latest view and the latencies, not every message (a
    benchmark's clients)."""

    def __init__(
        self,
        base: str,
        table: str,
        token: str | None = None,
        session: aiohttp.ClientSession | None = None,
        *,
        keep: bool = True,
    ) -> None:
        self.base = base
        self.table = table
        self.token = token
        self.url = base.replace("http", "ws", 1) + f"/ws/{table}"
        self.session = session
        self.ws: aiohttp.ClientWebSocketResponse[bool] | None = None
        self.keep = keep
        self.raw: list[str] = []
        self.messages: list[dict[str, Any]] = []
        self.last_view: dict[str, Any] | None = None
        self.seat: int | None = None
        self.latencies: list[float] = []
        self.accepted: list[dict[str, Any]] = []
        self.refused: list[dict[str, Any]] = []
        self._fresh = False

    async def connect(self) -> dict[str, Any]:
        """Connect and say hello; returns the ``welcome`` (or the ``error`` refusing it). After a
        welcome the current view has been received too (:attr:`last_view`)."""
        assert self.session is not None, "give the client a session"
        self.ws = await self.session.ws_connect(self.url, heartbeat=None, max_msg_size=2**22)
        hello: dict[str, object] = {"type": "hello"}
        if self.token is not None:
            hello["token"] = self.token
        await self.ws.send_str(json.dumps(hello))
        first = await self.receive()
        if first.get("type") == "welcome":
            self.seat = first["seat"]
            self.token = first.get("token", self.token)  # an invitation becomes a secret
            await self.receive()  # the current view follows the welcome
        return first

    async def receive(self, timeout: float = 30.0) -> dict[str, Any]:
        """The next message (a ``{"type": "closed"}`` when the connection closes)."""
        assert self.ws is not None
        frame = await self.ws.receive(timeout=timeout)
        if frame.type != aiohttp.WSMsgType.TEXT:
            return {"type": "closed", "code": self.ws.close_code}
        if self.keep:
            self.raw.append(frame.data)
        message: dict[str, Any] = json.loads(frame.data)
        if self.keep:
            self.messages.append(message)
        if message.get("type") == "view":
            self.last_view = message
            self._fresh = True
        elif message.get("type") == "accepted":
            self.accepted.append(message)
        elif message.get("type") == "refused":
            self.refused.append(message)
        return message

    async def send(self, message: dict[str, object]) -> None:
        """Send a message as JSON."""
        assert self.ws is not None
        await self.ws.send_str(json.dumps(message))

    async def move(self, action: str, turn: int | None = None) -> dict[str, Any]:
        """Send a move and wait for its answer (``accepted`` or ``refused``; messages that come
        first are kept as usual); the time to that answer is added to :attr:`latencies`."""
        message: dict[str, object] = {"type": "move", "action": action}
        if turn is not None:
            message["turn"] = turn
        started = time.perf_counter()
        await self.send(message)
        while True:
            answer = await self.receive()
            if answer["type"] in ("accepted", "refused", "error", "closed"):
                if answer["type"] in ("accepted", "refused"):
                    self.latencies.append(time.perf_counter() - started)
                return answer

    async def play(
        self,
        policy: Policy,
        until: Callable[[dict[str, Any]], bool] = lambda m: False,
        max_moves: int = 100_000,
    ) -> None:
        """Play ``policy`` on every new view until ``until(view message)``, the match's end or
        ``max_moves`` moves sent."""
        moves = 0
        while moves < max_moves:
            while not self._fresh:
                if (await self.receive())["type"] == "closed":
                    return
            self._fresh = False
            message = self.last_view
            assert message is not None
            if message["over"] or until(message):
                return
            action = policy(message)
            if action is None:
                continue
            answer = await self.move(action, message["turn"])
            moves += 1
            if answer["type"] == "closed":
                return
            if answer["type"] == "error":  # rate-limited: wait, then try again
                await asyncio.sleep(0.25)
                self._fresh = True
            elif answer["type"] == "refused" and answer["code"] != "stale":
                self._fresh = True  # the view stands: choose again

    async def close(self) -> None:
        """Close the connection."""
        if self.ws is not None:
            await self.ws.close()
