"""A WebSocket at a table: the hello (a seat's secret, an invitation to claim, or nothing to
watch), then moves and pings, each within the connection's and the client's message rates.

A connection that floods (keeps sending past its rate) is closed with code 1008; one whose
client does not read its messages is dropped when ``max_queue`` are waiting (it reconnects
and resumes at the current view).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from aiohttp import WSCloseCode, WSMsgType, web

from .limits import TokenBucket
from .protocol import Back, Hello, Move, Ping, ProtocolError, encode, error, read_message
from .store import StoreUnavailableError
from .table import Table

if TYPE_CHECKING:
    from .hub import Hub

__all__ = ["Connection", "converse"]

FLOOD_STRIKES = 50
"""Messages over the rate a connection may send before it is closed."""


class Connection:
    """One WebSocket: a bounded queue of outgoing messages and the task that sends them."""

    def __init__(self, ws: web.WebSocketResponse, max_queue: int) -> None:
        self.ws = ws
        self.seat: int | None = None
        self.dropped = False
        self._queue: asyncio.Queue[str] = asyncio.Queue(max_queue)
        self._pump = asyncio.get_running_loop().create_task(self._send())

    def deliver(self, text: str) -> None:
        """Queue a message; a client that lets its queue fill up is disconnected."""
        if self.dropped:
            return
        try:
            self._queue.put_nowait(text)
        except asyncio.QueueFull:
            self.dropped = True
            self._pump.cancel()
            asyncio.get_running_loop().create_task(
                self.ws.close(code=WSCloseCode.TRY_AGAIN_LATER, message=b"too slow")
            )

    async def _send(self) -> None:
        try:
            while True:
                await self.ws.send_str(await self._queue.get())
        except (ConnectionError, RuntimeError):
            self.dropped = True

    async def close(self, code: int) -> None:
        """Send what is queued (for at most a second), then close with ``code``."""
        for _ in range(100):
            if self._queue.empty() or self.dropped:
                break
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.01)
        self._pump.cancel()
        await self.ws.close(code=code)

    async def finish(self) -> None:
        """Stop sending."""
        self._pump.cancel()


async def _hello(table: Table, ws: web.WebSocketResponse, conn: Connection, hub: Hub) -> bool:
    """Read the first message: a hello with a token (a seat, or an invitation to claim) or
    without (a spectator)."""
    limits = hub.limits
    try:
        first = await ws.receive(timeout=hub.config.hello_timeout)
    except asyncio.TimeoutError:
        conn.deliver(encode(error("hello_first", "Say hello first, within a few seconds.")))
        return False
    if first.type != WSMsgType.TEXT:
        return False
    message = read_message(first.data)
    if not isinstance(message, Hello):
        code = message.code if isinstance(message, ProtocolError) else "hello_first"
        conn.deliver(encode(error(code, "The first message is a hello.")))
        return False
    secret: str | None = None
    if message.token is None:
        watchers = sum(1 for listener in table.listeners if listener.seat is None)
        if watchers >= limits.spectators_per_table:
            conn.deliver(encode(error("full", "This table has all the spectators it can.")))
            return False
    else:
        seat = table.seat_of(message.token)
        if seat is None:
            try:
                seat, secret = await table.claim(message.token)
            except StoreUnavailableError as exc:
                conn.deliver(encode(error("store_unavailable", f"{exc} Try again.")))
                return False
            except Exception:
                conn.deliver(
                    encode(
                        error(
                            "bad_token",
                            "That is not a seat's token here, or its invitation was used.",
                        )
                    )
                )
                return False
        if sum(1 for lst in table.listeners if lst.seat == seat) >= limits.connections_per_seat:
            conn.deliver(encode(error("full", "This seat has all the connections it can.")))
            return False
        conn.seat = seat
    table.join(conn, secret)
    return True


async def converse(
    table: Table, ws: web.WebSocketResponse, conn: Connection, hub: Hub, client: str
) -> None:
    """The whole conversation of one WebSocket, after the upgrade."""
    if not await _hello(table, ws, conn, hub):
        await conn.close(WSCloseCode.POLICY_VIOLATION)
        return
    limits = hub.limits
    bucket = TokenBucket(limits.rate, limits.burst)
    strikes = 0
    async for frame in ws:
        if frame.type != WSMsgType.TEXT:
            if frame.type == WSMsgType.BINARY:
                conn.deliver(encode(error("bad_message", "Messages are JSON text.")))
            continue
        if not bucket.take() or not hub.clients.allow(client, "message"):
            strikes += 1
            if strikes >= FLOOD_STRIKES:
                conn.deliver(encode(error("flood", "Too many messages: disconnected.")))
                await conn.close(WSCloseCode.POLICY_VIOLATION)
                return
            if strikes == 1 or strikes % 10 == 0:
                conn.deliver(encode(error("rate_limited", "Too many messages: slow down.")))
            continue
        message = read_message(frame.data)
        if isinstance(message, ProtocolError):
            conn.deliver(encode(message.to_message()))
        elif isinstance(message, Ping):
            conn.deliver(encode({"type": "pong"}))
        elif isinstance(message, Hello):
            conn.deliver(encode(error("bad_message", "This connection has said hello.")))
        elif conn.seat is None:
            conn.deliver(encode(error("not_seated", "A spectator has no seat to play.")))
        elif isinstance(message, Back):
            table.back(conn.seat)
        elif isinstance(message, Move):
            answer = await table.submit(conn.seat, message.action, message.turn, conn)
            if answer["type"] == "refused":
                conn.deliver(encode(answer))
