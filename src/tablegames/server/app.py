"""The web server (aiohttp): the page, the HTTP API and a WebSocket per seat or spectator.

Routes:

- ``GET /`` and ``GET /t/{table}``: the page (one static HTML file: create a table; play or
  watch one);
- ``GET /api/games``: the games, their seats and default rules;
- ``POST /api/tables``: create a table (JSON body, at most :data:`MAX_BODY_BYTES`): the
  answer holds every person's invite link, with its secret token;
- ``GET /api/tables/{table}``: who plays each seat, the turn, whether the match is over;
- ``GET /api/tables/{table}/record``: the finished match's full record, signed with the server
  key (409 while the match is on);
- ``GET /api/tables/{table}/seat-record`` with ``Authorization: Bearer <token>``: what that seat
  has seen of the match, signed;
- ``GET /ws/{table}``: the WebSocket (protocol in :mod:`tablegames.server.protocol`).

Every connection is rate-limited (a token bucket: :attr:`ServerConfig.rate` messages a second,
bursts of :attr:`ServerConfig.burst`); one that keeps flooding is closed (code 1008). A table
whose id belongs to another shard (see :attr:`ServerConfig.shards`) answers 421.

>>> ServerConfig(key=b"0123456789abcdef0123").shards
1
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import secrets
import time
from importlib import resources
from typing import Any

import attrs
from aiohttp import WSCloseCode, WSMsgType, web

from tablegames.core.bounded_json import nesting_within
from tablegames.errors import TableGamesError
from tablegames.games import available_games, get_game
from tablegames.rule_options import rules_from_options

from .protocol import (
    MAX_FRAME_BYTES,
    Hello,
    Move,
    Ping,
    ProtocolError,
    encode,
    error,
    read_message,
)
from .store import open_store
from .table import BOT_NAMES, StoreWriter, Table, TableOptions

__all__ = ["HUB", "MAX_BODY_BYTES", "Hub", "ServerConfig", "TokenBucket", "make_app", "shard_of"]

MAX_BODY_BYTES = 16_384
"""The largest HTTP request body the server reads (a table's settings fit in far less)."""

MAX_SEATS = 16
"""The most seats a table may have (the four games need at most nine)."""

_FLOOD_STRIKES = 50
_CONNECTIONS_PER_SEAT = 4
_SPECTATORS_PER_TABLE = 64


def shard_of(table_id: str, shards: int) -> int:
    """The shard (``0..shards-1``) that serves a table: from the SHA-256 of its id.

    >>> shard_of("abc", 1), shard_of("abc", 2) in (0, 1)
    (0, True)
    """
    digest = hashlib.sha256(table_id.encode("utf-8", "replace")).digest()
    return int.from_bytes(digest[:4], "big") % shards


@attrs.frozen
class ServerConfig:
    """A server's settings: its store (a SQLite path or a ``postgresql://`` string), the key
    it signs records with, its shard (``shard`` of ``shards``), how tables behave, and the
    limits that keep one client from costing the others."""

    key: bytes
    store: str = "tablegames.db"
    synchronous: str = "FULL"
    shard: int = 0
    shards: int = 1
    options: TableOptions = attrs.field(factory=TableOptions)
    max_tables: int = 1_000
    max_connections: int = 4_000
    public_url: str | None = None
    rate: float = 10.0
    burst: int = 30
    hello_timeout: float = 10.0
    heartbeat: float = 20.0


class TokenBucket:
    """A rate limit: ``rate`` tokens a second, at most ``burst`` saved up; :meth:`take` spends
    one, or answers False when none is left.

    >>> bucket = TokenBucket(rate=1.0, burst=2, clock=lambda: 0.0)
    >>> bucket.take(), bucket.take(), bucket.take()
    (True, True, False)
    """

    def __init__(self, rate: float, burst: int, clock: Any = time.monotonic) -> None:
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


class Hub:
    """The tables this process serves: resumed from the store at start, created on request,
    loaded from the store when a finished one is asked for."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.writer = StoreWriter(open_store(config.store, config.synchronous))
        self.tables: dict[str, Table] = {}
        self.connections = 0

    def owns(self, table_id: str) -> bool:
        """Whether this process's shard serves ``table_id``."""
        return shard_of(table_id, self.config.shards) == self.config.shard

    def _new_id(self) -> str:
        while True:
            table_id = secrets.token_urlsafe(9)
            if self.owns(table_id):
                return table_id

    async def resume_all(self) -> int:
        """Resume every stored table of this shard whose match is not over; returns how many."""
        resumed = 0
        for table_id in await self.writer.open_tables():
            if self.owns(table_id) and table_id not in self.tables:
                table = await self.get(table_id)
                resumed += table is not None
        return resumed

    async def get(self, table_id: str) -> Table | None:
        """The table, from memory or from the store (``None``: not ours, or no such table)."""
        if not self.owns(table_id) or len(table_id) > 40:
            return None
        table = self.tables.get(table_id)
        if table is None:
            stored = await self.writer.load(table_id)
            if stored is None or table_id in self.tables:
                return self.tables.get(table_id)
            table = Table.resume(stored, self.writer, self.config.options)
            self._make_room()
            self.tables[table_id] = table
            table.start()
        return table

    def _make_room(self) -> None:
        """Forget finished tables nobody watches when the table limit is reached."""
        if len(self.tables) < self.config.max_tables:
            return
        for table_id, table in list(self.tables.items()):
            if table.state.is_over and not table.listeners:
                del self.tables[table_id]
        if len(self.tables) >= self.config.max_tables:
            raise TableGamesError(f"This server holds {self.config.max_tables:,} tables already.")

    async def create(
        self, game: str, rules: dict[str, Any], players: list[str], seed: str | None = None
    ) -> tuple[Table, list[str | None]]:
        """A new table of this shard, stored and started."""
        self._make_room()
        table, tokens = await Table.create(
            self.writer,
            game,
            rules,
            players,
            self.config.options,
            seed=seed,
            table_id=self._new_id(),
        )
        self.tables[table.id] = table
        table.start()
        return table, tokens

    async def close(self) -> None:
        """Stop every table's driver and close the store."""
        for table in list(self.tables.values()):
            await table.stop()
        await asyncio.to_thread(self.writer.close)


HUB = web.AppKey("hub", Hub)
"""Where the application keeps its :class:`Hub` (``app[HUB]``, once started)."""


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


def _json_error(status: int, code: str, message: str) -> web.Response:
    return web.json_response({"error": code, "message": message}, status=status)


async def _body(request: web.Request) -> dict[str, Any]:
    text = await request.text()
    if not nesting_within(text, 4):
        raise TableGamesError("The request is not a JSON object.")
    try:
        data = json.loads(text)
    except ValueError:
        raise TableGamesError("The request is not JSON.") from None
    if not isinstance(data, dict):
        raise TableGamesError("The request is a JSON object.")
    return data


def _rules(game_name: str, data: dict[str, Any]) -> dict[str, Any]:
    game = get_game(game_name)
    options = data.get("rule", [])
    rules = data.get("rules", {})
    if not isinstance(rules, dict) or not isinstance(options, list):
        raise TableGamesError('"rules" is an object of settings, "rule" a list of KEY=VALUE.')
    if not all(isinstance(o, str) and len(o) <= 100 for o in options) or len(options) > 40:
        raise TableGamesError('"rule" is a list of at most 40 texts such as "target=60".')
    parsed = game.rules_from_json(rules)
    if options:
        parsed = rules_from_options(game.rules_type, options, game.rules_to_json(parsed))
    return game.rules_to_json(parsed)


class Server:
    """The aiohttp handlers around one :class:`Hub`."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.hub: Hub | None = None
        self.page = (
            resources.files("tablegames.server")
            .joinpath("static/index.html")
            .read_text(encoding="utf-8")
        )

    @property
    def tables(self) -> Hub:
        """The hub (once the app has started)."""
        assert self.hub is not None
        return self.hub

    def _base(self, request: web.Request) -> str:
        return self.config.public_url or f"{request.scheme}://{request.host}"

    async def page_handler(self, request: web.Request) -> web.Response:
        """The page."""
        return web.Response(
            text=self.page,
            content_type="text/html",
            headers={"Cache-Control": "no-cache", "Referrer-Policy": "no-referrer"},
        )

    async def healthz(self, request: web.Request) -> web.Response:
        """Whether the server is up, and how many tables it holds."""
        hub = self.hub
        return web.json_response(
            {"ok": hub is not None, "tables": 0 if hub is None else len(hub.tables)}
        )

    async def games(self, request: web.Request) -> web.Response:
        """The games a table may play."""
        listed = []
        for name in sorted(available_games()):
            game = get_game(name)
            rules = game.rules_type()
            listed.append(
                {
                    "name": name,
                    "title": game.title,
                    "seats": game.seats(rules),
                    "rules": game.rules_to_json(rules),
                }
            )
        return web.json_response({"games": listed, "bots": list(BOT_NAMES)})

    async def create(self, request: web.Request) -> web.Response:
        """Create a table: ``{"game", "rules"?, "rule"?, "seats": [...], "seed"?}``."""
        try:
            data = await _body(request)
            game_name = data.get("game")
            if not isinstance(game_name, str) or len(game_name) > 40:
                raise TableGamesError('"game" names a game, such as "texas42".')
            rules = _rules(game_name, data)
            players = data.get("seats")
            if (
                not isinstance(players, list)
                or not 0 < len(players) <= MAX_SEATS
                or not all(isinstance(p, str) for p in players)
            ):
                raise TableGamesError('"seats" lists who plays each seat: "person" or a bot.')
            seed = data.get("seed")
            if seed is not None and (not isinstance(seed, (str, int)) or len(str(seed)) > 40):
                raise TableGamesError('"seed" is a short text or a number.')
            table, tokens = await self.tables.create(
                game_name, rules, players, None if seed is None else str(seed)
            )
        except TableGamesError as exc:
            return _json_error(400, "bad_table", str(exc))
        base = self._base(request)
        seats = [
            {
                "seat": seat,
                "player": info.player,
                "token": tokens[seat],
                "link": None if tokens[seat] is None else f"{base}/t/{table.id}#{tokens[seat]}",
            }
            for seat, info in enumerate(table.info.seats)
        ]
        return web.json_response(
            {
                "table": table.id,
                "game": table.game.name,
                "rules": table.info.rules,
                "seats": seats,
                "watch": f"{base}/t/{table.id}",
            },
            status=201,
        )

    async def _table(self, request: web.Request) -> Table | web.Response:
        table_id = request.match_info["table"]
        if not self.tables.owns(table_id):
            return _json_error(421, "other_shard", "Another server process serves this table.")
        table = await self.tables.get(table_id)
        if table is None:
            return _json_error(404, "no_table", "There is no such table.")
        return table

    async def table_info(self, request: web.Request) -> web.Response:
        """Who plays each seat, the turn, whether the match is over."""
        table = await self._table(request)
        if isinstance(table, web.Response):
            return table
        return web.json_response(
            {
                "table": table.id,
                "game": table.game.name,
                "title": table.game.title,
                "rules": table.info.rules,
                "seats": table.seats_message()["seats"],
                "turn": table.turn,
                "over": table.state.is_over,
            }
        )

    async def record(self, request: web.Request) -> web.Response:
        """The finished match's signed record."""
        table = await self._table(request)
        if isinstance(table, web.Response):
            return table
        try:
            text = table.signed_record(self.config.key)
        except TableGamesError as exc:
            return _json_error(409, "not_over", str(exc))
        return _download(text, f"{table.id}.record.json")

    async def seat_record(self, request: web.Request) -> web.Response:
        """What the bearer's seat has seen, signed."""
        table = await self._table(request)
        if isinstance(table, web.Response):
            return table
        header = request.headers.get("Authorization", "")
        token = header.removeprefix("Bearer ").strip() if header.startswith("Bearer ") else ""
        seat = table.seat_of(token) if 0 < len(token) <= 64 else None
        if seat is None:
            return _json_error(403, "bad_token", "That is not a seat's token at this table.")
        text = table.signed_seat_record(seat, self.config.key)
        return _download(text, f"{table.id}.seat{seat}.json")

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        """A seat's or a spectator's connection."""
        table = await self._table(request)
        if isinstance(table, web.Response):
            return table
        hub = self.tables
        if hub.connections >= self.config.max_connections:
            return _json_error(503, "full", "This server has all the connections it can take.")
        ws = web.WebSocketResponse(
            heartbeat=self.config.heartbeat, max_msg_size=MAX_FRAME_BYTES, compress=False
        )
        await ws.prepare(request)
        hub.connections += 1
        connection = Connection(ws, self.config.options.max_queue)
        try:
            await self._converse(table, ws, connection)
        finally:
            hub.connections -= 1
            table.leave(connection)
            await connection.finish()
            if not ws.closed:
                await ws.close()
        return ws

    async def _hello(self, table: Table, ws: web.WebSocketResponse, conn: Connection) -> bool:
        """Read the first message: a hello with a token (a seat) or without (a spectator)."""
        try:
            first = await ws.receive(timeout=self.config.hello_timeout)
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
        if message.token is None:
            watchers = sum(1 for listener in table.listeners if listener.seat is None)
            if watchers >= _SPECTATORS_PER_TABLE:
                conn.deliver(encode(error("full", "This table has all the spectators it can.")))
                return False
        else:
            seat = table.seat_of(message.token)
            if seat is None:
                conn.deliver(encode(error("bad_token", "That is not a seat's token here.")))
                return False
            if sum(1 for lst in table.listeners if lst.seat == seat) >= _CONNECTIONS_PER_SEAT:
                conn.deliver(encode(error("full", "This seat has all the connections it can.")))
                return False
            conn.seat = seat
        table.join(conn)
        return True

    async def _converse(self, table: Table, ws: web.WebSocketResponse, conn: Connection) -> None:
        if not await self._hello(table, ws, conn):
            await conn.close(WSCloseCode.POLICY_VIOLATION)
            return
        bucket = TokenBucket(self.config.rate, self.config.burst)
        strikes = 0
        async for frame in ws:
            if frame.type != WSMsgType.TEXT:
                if frame.type == WSMsgType.BINARY:
                    conn.deliver(encode(error("bad_message", "Messages are JSON text.")))
                continue
            if not bucket.take():
                strikes += 1
                if strikes >= _FLOOD_STRIKES:
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
            elif isinstance(message, Move):
                if conn.seat is None:
                    conn.deliver(encode(error("not_seated", "A spectator cannot move.")))
                    continue
                answer = await table.submit(conn.seat, message.action, message.turn, conn)
                if answer["type"] == "refused":
                    conn.deliver(encode(answer))


def _download(text: str, name: str) -> web.Response:
    return web.Response(
        text=text,
        content_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


def make_app(config: ServerConfig) -> web.Application:
    """The aiohttp application: on start it opens the store and resumes this shard's tables;
    on cleanup it stops the tables and closes the store."""
    server = Server(config)
    app = web.Application(client_max_size=MAX_BODY_BYTES)

    async def lifecycle(app: web.Application) -> Any:
        hub = await asyncio.to_thread(Hub, config)
        server.hub = hub
        app[HUB] = hub
        await hub.resume_all()
        yield
        await hub.close()

    app.cleanup_ctx.append(lifecycle)
    app.router.add_get("/", server.page_handler)
    app.router.add_get("/t/{table}", server.page_handler)
    app.router.add_get("/api/games", server.games)
    app.router.add_post("/api/tables", server.create)
    app.router.add_get("/api/tables/{table}", server.table_info)
    app.router.add_get("/api/tables/{table}/record", server.record)
    app.router.add_get("/api/tables/{table}/seat-record", server.seat_record)
    app.router.add_get("/ws/{table}", server.websocket)
    app.router.add_get("/healthz", server.healthz)
    return app
