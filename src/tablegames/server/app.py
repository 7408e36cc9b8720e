"""The web server (aiohttp): the page, the HTTP API and a WebSocket per seat or spectator.

Routes:

- ``GET /`` and ``GET /t/{table}``: the page (one static HTML file: create a table; play or
  watch one); the page of a table that is not here answers 404 and says so;
- ``GET /static/{name}``: the page's scripts, style, icon and pieces (``pieces.svg``);
- ``GET /api/games``: the games, their seats and default rules, each rule as a form control;
- ``POST /api/tables``: create a table (JSON body, at most :data:`MAX_BODY_BYTES`;
  ``Authorization: Bearer <key>`` when the server asks for a key): the answer holds the
  creator's seat with its secret token and an invitation link for every other person's seat;
- ``GET /api/tables``: the live tables their creators listed as open;
- ``POST /api/tables/{table}/invitations`` with the creator's token (or none, at a table
  listed as open): a new invitation for a seat nobody has claimed;
- ``GET /api/tables/{table}``: who plays each seat, the turn, whether the match is over;
- ``GET /api/tables/{table}/record``: the finished match's full record, signed with the server
  key (409 while the match is on);
- ``GET /api/tables/{table}/seat-record`` with ``Authorization: Bearer <token>``: what that seat
  has seen of the match, signed;
- ``GET /ws/{table}``: the WebSocket (protocol in :mod:`tablegames.server.protocol`);
- ``GET /healthz``: the store, the shard's lease, the tables (503 when the store or the lease
  is lost).

Every bad request is answered 4xx with ``{"error": code, "message": sentence}``; a request
the store cannot serve now is answered 503 with ``"retry": true``. Each client has a rate of
requests (429 beyond it). A table whose id belongs to another shard answers 421.

>>> MAX_BODY_BYTES
16384
"""

from __future__ import annotations

import asyncio
import hmac
import logging
from collections.abc import AsyncIterator, Awaitable, Callable

from aiohttp import WSCloseCode, web
from aiohttp.typedefs import Middleware

from tablegames.errors import TableGamesError

from .assets import STATIC, game_descriptions, pieces_sprite, read_static
from .hub import Hub, ServerConfig, shard_of
from .lease import Lease
from .limits import LimitError, client_of
from .plan import MAX_SEATS, RequestError, bearer, json_error, read_body, table_plan
from .protocol import MAX_FRAME_BYTES
from .seats import BOT_NAMES
from .sockets import Connection, converse
from .store import StoreUnavailableError
from .table import Table

__all__ = ["HUB", "MAX_BODY_BYTES", "MAX_SEATS", "ServerConfig", "make_app", "shard_of"]

LOG = logging.getLogger("tablegames.server")

MAX_BODY_BYTES = 16_384
"""The largest HTTP request body the server reads (a table's settings fit in far less)."""

HUB = web.AppKey("hub", Hub)
"""Where the application keeps its :class:`~tablegames.server.hub.Hub` (``app[HUB]``)."""


class Server:
    """The aiohttp handlers around one :class:`~tablegames.server.hub.Hub`."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.hub: Hub | None = None
        self.sockets: set[web.WebSocketResponse] = set()
        self.files = {name: read_static(name) for name in STATIC}
        self.files["pieces.svg"] = pieces_sprite()
        self.games_answer: dict[str, object] = {
            "games": game_descriptions(),
            "bots": list(BOT_NAMES),
            "key": config.create_key is not None,
        }

    @property
    def tables(self) -> Hub:
        """The hub (once the app has started)."""
        assert self.hub is not None
        return self.hub

    def client(self, request: web.Request) -> str:
        """The client a request comes from (see :func:`~tablegames.server.limits.client_of`)."""
        if self.config.behind_proxy:
            forwarded = request.headers.get("X-Forwarded-For", "")
            last = forwarded.rsplit(",", 1)[-1].strip()
            if last:
                return client_of(last)
        return client_of(request.remote)

    def _base(self, request: web.Request) -> str:
        return self.config.public_url or f"{request.scheme}://{request.host}"

    async def page_handler(self, request: web.Request) -> web.Response:
        """The page (404 for the page of a table that is not here: the page says so)."""
        status = 200
        table_id = request.match_info.get("table")
        if table_id is not None and self.hub is not None and self.tables.owns(table_id):
            try:
                found = await self.tables.get(table_id) is not None
                status = 200 if found else 503 if table_id in self.tables.set_aside else 404
            except StoreUnavailableError:
                status = 503
        return web.Response(
            text=self.files["index.html"], status=status, content_type="text/html", headers=PAGE
        )

    async def static(self, request: web.Request) -> web.Response:
        """One of the page's files (404 for any other name)."""
        name = request.match_info.get("name", "favicon.svg")
        if name not in self.files:
            raise RequestError(404, "no_file", "There is no such file here.")
        kind = STATIC.get(name, "image/svg+xml")
        return web.Response(text=self.files[name], content_type=kind, headers=PAGE)

    async def healthz(self, request: web.Request) -> web.Response:
        """The store, the lease and the tables; 503 when the store or the lease is lost."""
        if self.hub is None:
            return web.json_response({"ok": False, "store": "starting"}, status=503)
        health = self.tables.health()
        return web.json_response(health, status=200 if health["ok"] else 503)

    async def games(self, request: web.Request) -> web.Response:
        """The games a table may play, each with its rules as form controls and its words
        (:func:`~tablegames.server.assets.game_descriptions`), the bots, and whether creating
        a table needs the server's key."""
        return web.json_response(self.games_answer)

    async def open_tables(self, request: web.Request) -> web.Response:
        """The live tables their creators listed as open, newest first (at most 50): each
        with its game, its seats (who plays them, their names, which are open) and its
        spectators' link."""
        base = self._base(request)
        listed = [t for t in self.tables.tables.values() if t.info.listed and not t.over]
        listed.sort(key=lambda t: t.info.created, reverse=True)
        return web.json_response(
            {
                "tables": [
                    {
                        "table": t.id,
                        "game": t.game.name,
                        "title": t.game.title,
                        "seats": t.seats_message()["seats"],
                        "turn": t.turn,
                        "watch": f"{base}/t/{t.id}",
                    }
                    for t in listed[:50]
                ]
            }
        )

    async def create(self, request: web.Request) -> web.Response:
        """Create a table: ``{"game", "rules"?, "rule"?, "seats": [...], "seed"?, "me"?}``."""
        wanted = self.config.create_key
        if wanted is not None and not hmac.compare_digest(bearer(request), wanted):
            raise RequestError(403, "key_needed", "This server asks for its key to create a table.")
        data = await read_body(request)
        refusal = self.tables.refusal()
        if refusal is not None:
            raise RequestError(503, "not_served", refusal)
        try:
            plan = table_plan(data)
            table, tokens = await self.tables.create(
                plan.game,
                plan.rules,
                plan.players,
                plan.seed,
                client=self.client(request),
                mine=plan.mine,
                names=plan.names,
                listed=plan.listed,
            )
        except LimitError as exc:
            raise RequestError(429, "too_many_tables", str(exc)) from None
        except StoreUnavailableError:
            raise
        except TableGamesError as exc:
            raise RequestError(400, "bad_table", str(exc)) from None
        base = self._base(request)
        seats = []
        you = None
        for seat, info in enumerate(table.info.seats):
            token = tokens[seat]
            link = None if token is None else f"{base}/t/{table.id}#{token}"
            seats.append(
                {
                    "seat": seat,
                    "player": info.player,
                    "token": token,
                    "link": link,
                    "creator": info.creator,
                }
            )
            if info.creator:
                you = {"seat": seat, "token": token, "link": link}
        return web.json_response(
            {
                "table": table.id,
                "game": table.game.name,
                "rules": table.info.rules,
                "seed": table.seed,
                "you": you,
                "seats": seats,
                "watch": f"{base}/t/{table.id}",
            },
            status=201,
        )

    async def _table(self, request: web.Request) -> Table:
        table_id = request.match_info["table"]
        hub = self.tables
        if not hub.owns(table_id):
            raise RequestError(421, "other_shard", "Another server process serves this table.")
        refusal = hub.refusal()
        if refusal is not None:
            raise RequestError(503, "not_served", refusal)
        table = await hub.get(table_id)
        if table is None:
            aside = hub.set_aside.get(table_id)
            if aside is not None:
                raise RequestError(503, "set_aside", aside)
            raise RequestError(404, "no_table", "There is no such table here.")
        return table

    async def table_info(self, request: web.Request) -> web.Response:
        """Who plays each seat, the turn, whether the match is over (and why it ended)."""
        table = await self._table(request)
        return web.json_response(
            {
                "table": table.id,
                "game": table.game.name,
                "title": table.game.title,
                "rules": table.info.rules,
                "seats": table.seats_message()["seats"],
                "seed": table.seed,
                "turn": table.turn,
                "over": table.over,
                "ended": table.ended,
            }
        )

    async def record(self, request: web.Request) -> web.Response:
        """The finished match's signed record."""
        table = await self._table(request)
        try:
            text = await asyncio.to_thread(table.signed_record, self.config.key)
        except TableGamesError as exc:
            raise RequestError(409, "not_over", str(exc)) from None
        return _download(text, f"{table.id}.record.json")

    async def seat_record(self, request: web.Request) -> web.Response:
        """What the bearer's seat has seen, signed."""
        table = await self._table(request)
        token = bearer(request)
        seat = table.seat_of(token) if token else None
        if seat is None:
            raise RequestError(403, "bad_token", "That is not a seat's token at this table.")
        text = table.signed_seat_record(seat, self.config.key)
        return _download(text, f"{table.id}.seat{seat}.json")

    async def invitation(self, request: web.Request) -> web.Response:
        """A new invitation for a seat nobody has claimed: ``{"seat": n}``, with the creator's
        token as the bearer, or without one at a table listed as open."""
        table = await self._table(request)
        data = await read_body(request)
        seat = data.get("seat")
        if type(seat) is not int:
            raise RequestError(400, "bad_seat", '"seat" is the number of a seat.')
        try:
            fresh = await table.invite(bearer(request) or None, seat)
        except PermissionError as exc:
            raise RequestError(403, "not_creator", str(exc)) from None
        except TableGamesError as exc:
            raise RequestError(409, "seat_taken", str(exc)) from None
        link = f"{self._base(request)}/t/{table.id}#{fresh}"
        return web.json_response({"seat": seat, "token": fresh, "link": link})

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        """A seat's or a spectator's connection."""
        table = await self._table(request)
        hub = self.tables
        client = self.client(request)
        if hub.connections >= hub.limits.max_connections:
            raise RequestError(503, "full", "This server has all the connections it can take.")
        if not hub.clients.connect(client):
            raise RequestError(
                429, "too_many_connections", "You have all the connections one client may have."
            )
        try:
            ws = web.WebSocketResponse(
                heartbeat=self.config.heartbeat, max_msg_size=MAX_FRAME_BYTES, compress=False
            )
            await ws.prepare(request)
            hub.connections += 1
            connection = Connection(ws, self.config.options.max_queue)
            self.sockets.add(ws)
            try:
                await converse(table, ws, connection, hub, client)
            finally:
                self.sockets.discard(ws)
                hub.connections -= 1
                table.leave(connection)
                await connection.finish()
                if not ws.closed:
                    await ws.close()
        finally:
            hub.clients.disconnect(client)
        return ws


def _download(text: str, name: str) -> web.Response:
    return web.Response(
        text=text,
        content_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


PAGE = {
    "Cache-Control": "no-cache",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; object-src 'none'; "
    "base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
}
"""The headers of the page and its files: the page runs only its own scripts and styles, and
talks only to its own server (its WebSocket included)."""

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def _middleware(server: Server) -> Middleware:
    @web.middleware
    async def answer(request: web.Request, handler: Handler) -> web.StreamResponse:
        """Rate-limit the API by client; every refusal as JSON with a sentence."""
        path = request.path
        limited = server.hub is not None and path.startswith(("/api/", "/ws/"))
        if limited and not server.tables.clients.allow(server.client(request), "http"):
            return json_error(429, "rate_limited", "Too many requests: slow down.")
        try:
            return await handler(request)
        except RequestError as exc:
            return json_error(exc.status, exc.code, exc.message)
        except StoreUnavailableError as exc:
            return json_error(503, "store_unavailable", f"{exc} Try again.", retry=True)
        except web.HTTPRequestEntityTooLarge:
            return json_error(
                413, "too_big", f"A request body is at most {MAX_BODY_BYTES:,} bytes."
            )
        except web.HTTPException as exc:
            if exc.status >= 500:
                raise
            return json_error(exc.status, "bad_request", exc.reason)

    return answer


def make_app(config: ServerConfig, lease: Lease | None = None) -> web.Application:
    """The aiohttp application: on start it opens the store and resumes this shard's tables
    (``lease``: the shard's lease, taken by the caller); on cleanup it stops the tables and
    closes the store."""
    server = Server(config)
    app = web.Application(client_max_size=MAX_BODY_BYTES, middlewares=[_middleware(server)])

    async def lifecycle(app: web.Application) -> AsyncIterator[None]:
        hub = await asyncio.to_thread(Hub, config, lease)
        server.hub = hub
        app[HUB] = hub
        await hub.resume_all()
        watcher = asyncio.get_running_loop().create_task(hub.watch())
        yield
        watcher.cancel()
        await hub.close()

    async def going_away(app: web.Application) -> None:
        """Close every WebSocket when the server stops (clients reconnect to its successor)."""
        for ws in list(server.sockets):
            await ws.close(code=WSCloseCode.GOING_AWAY, message=b"server stopping")

    app.cleanup_ctx.append(lifecycle)
    app.on_shutdown.append(going_away)
    app.router.add_get("/", server.page_handler)
    app.router.add_get("/t/{table}", server.page_handler)
    app.router.add_get("/static/{name}", server.static)
    app.router.add_get("/favicon.ico", server.static)
    app.router.add_get("/api/games", server.games)
    app.router.add_get("/api/tables", server.open_tables)
    app.router.add_post("/api/tables", server.create)
    app.router.add_get("/api/tables/{table}", server.table_info)
    app.router.add_get("/api/tables/{table}/record", server.record)
    app.router.add_get("/api/tables/{table}/seat-record", server.seat_record)
    app.router.add_post("/api/tables/{table}/invitations", server.invitation)
    app.router.add_get("/ws/{table}", server.websocket)
    app.router.add_get("/healthz", server.healthz)
    return app
