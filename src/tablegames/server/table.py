"""A live table: the authoritative state, its seats and listeners, its bots and its driver.

Everything that changes a table happens under the table's lock, in this order: the move is
read (``parse_action``) and checked for its seat (``check(action, seat)``), the next state is
computed, the move is written to the store, and only then is the state replaced, the mover
told ``accepted`` and every listener sent its view. A chance step (the deal) and a bot's move go
the same way. A listener is a seat's connection (it receives ``view(seat)``) or a spectator's
(the public view); a slow listener never holds the table up (see :class:`Listener`).

>>> import asyncio
>>> from tablegames.server.store import SQLiteStore
>>> async def demo():
...     writer = StoreWriter(SQLiteStore(":memory:"))
...     table, tokens = await Table.create(writer, "texas42", {}, ["person"] * 4,
...         TableOptions(bot_after=None), seed="1")
...     table.start()                                   # the driver deals
...     while table.state.is_chance:
...         await asyncio.sleep(0.01)
...     answer = await table.submit(0, "bid 30")        # seat 1 bids first
...     await table.stop()
...     return answer["type"], answer["code"], table.seat_of(tokens[0]), table.turn
>>> asyncio.run(demo())
('refused', 'out_of_turn', 0, 1)
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import random
import secrets
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol

import attrs

from tablegames.agents import make_agent
from tablegames.core.actions import Deal
from tablegames.core.game import Game, GameState
from tablegames.core.records import GameRecord
from tablegames.core.seat_record import WITHHELD, seat_record
from tablegames.core.signing import sign
from tablegames.errors import TableGamesError, excerpt
from tablegames.games import get_game

from .protocol import encode
from .public import public_action, public_view, table_events
from .store import SeatInfo, Store, StoreConflictError, StoredTable, TableInfo

__all__ = [
    "BOT_NAMES",
    "Listener",
    "StoreWriter",
    "Table",
    "TableOptions",
    "check_players",
    "new_token",
    "token_hash",
]

BOT_NAMES = ("random", "heuristic", "search", "solver", "first-legal")
"""The agents a seat may be given when a table is created (``make_agent`` names)."""

PERSON = "person"
"""The player of a seat that a person takes through an invite link."""


def new_token() -> str:
    """A seat's secret token: 32 URL-safe characters (192 random bits).

    >>> len(new_token())
    32
    """
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """The SHA-256 digest (hex) under which a seat's token is stored.

    >>> token_hash("abc")[:12]
    'ba7816bf8f01'
    """
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def check_players(title: str, seats: int, players: Sequence[str]) -> None:
    """Raise :class:`~tablegames.errors.TableGamesError` unless ``players`` names one player
    for each of the ``seats`` of a table of ``title``: ``"person"`` or one of :data:`BOT_NAMES`.

    >>> check_players("Texas 42", 4, ["person", "random", "random", "random"])
    >>> check_players("Texas 42", 4, ["person"])
    Traceback (most recent call last):
    ...
    tablegames.core.errors.TableGamesError: A Texas 42 table under these rules has 4 seats, not 1.
    """
    if len(players) != seats:
        raise TableGamesError(
            f"A {title} table under these rules has {seats} seats, not {len(players)}."
        )
    for player in players:
        if player != PERSON and player not in BOT_NAMES:
            raise TableGamesError(
                f"A seat is played by a person or by {', '.join(BOT_NAMES)}, "
                f"not {excerpt(str(player))}."
            )


@attrs.frozen
class TableOptions:
    """How tables behave: ``bot_delay`` seconds before a bot moves (so people can follow),
    ``bot_after`` seconds a person may take on a turn before the ``standby`` agent plays for
    them until they come back (``None``: never), and how many messages may wait for one
    listener before it is dropped (``max_queue``).

    >>> TableOptions().standby
    'heuristic'
    """

    bot_delay: float = 0.7
    bot_after: float | None = 120.0
    standby: str = "heuristic"
    max_queue: int = 256


class Listener(Protocol):
    """A connection to a table: its seat (``None`` for a spectator), and ``deliver(text)``,
    which must not block: it queues the text, and drops the connection when its queue is full
    (the client reconnects and resumes at the current view)."""

    seat: int | None

    def deliver(self, text: str) -> None:
        """Queue one message for the client."""
        ...


class StoreWriter:
    """A :class:`~tablegames.server.store.Store` called off the event loop, on one thread, so
    the loop never waits on the disk or the database and the store sees one call at a time."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tablegames-store")

    async def _call(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)

    async def create(self, info: TableInfo) -> None:
        """Store a new table."""
        await self._call(self.store.create, info)

    async def append(
        self, table_id: str, number: int, action: str, seat: int | None, over: bool
    ) -> None:
        """Store a move (returns once it is written)."""
        await self._call(self.store.append, table_id, number, action, seat, over)

    async def load(self, table_id: str) -> StoredTable | None:
        """A stored table, or ``None``."""
        result: StoredTable | None = await self._call(self.store.load, table_id)
        return result

    async def open_tables(self) -> list[str]:
        """The stored tables whose match is not over."""
        result: list[str] = await self._call(self.store.open_tables)
        return result

    def close(self) -> None:
        """Close the store once its last call is done."""
        self._pool.shutdown(wait=True)
        self.store.close()


def _refused(turn: int, code: str, message: str) -> dict[str, Any]:
    return {"type": "refused", "turn": turn, "code": code, "message": message}


class Table:
    """One table: build it with :meth:`create` (a new match) or :meth:`resume` (replaying
    what the store holds), start its driver with :meth:`start`."""

    def __init__(
        self,
        info: TableInfo,
        game: Game[Any, Any],
        state: GameState[Any],
        writer: StoreWriter,
        options: TableOptions,
    ) -> None:
        self.info = info
        self.game = game
        self.state = state
        self.writer = writer
        self.options = options
        self.players = len(info.seats)
        self.lock = asyncio.Lock()
        self.changed = asyncio.Event()
        self.listeners: set[Listener] = set()
        self.away = [False] * self.players
        self.bots = [None if s.player == PERSON else make_agent(s.player) for s in info.seats]
        self._standby: Any = None
        self._pieces = frozenset(str(p) for p in game.deck)
        self._hidden = (Deal, *WITHHELD)
        self._driver: asyncio.Task[None] | None = None
        self._turn_started = time.monotonic()
        self.closed = False
        views = self._views()
        self._public = public_view(views)
        self._last: dict[str, Any] | None = None
        self._events: list[dict[str, Any]] = []
        self._messages = self._encode(views)

    # -- building ------------------------------------------------------------------------------

    @classmethod
    async def create(
        cls,
        writer: StoreWriter,
        game_name: str,
        rules: dict[str, Any],
        players: Sequence[str],
        options: TableOptions,
        *,
        seed: str | None = None,
        table_id: str | None = None,
    ) -> tuple[Table, list[str | None]]:
        """A new table, stored before it is returned, and each seat's token (``None`` for a
        bot's seat). ``rules`` are as a record writes them; ``players`` names each seat's
        player: ``"person"`` or one of :data:`BOT_NAMES`."""
        game = get_game(game_name)
        parsed = game.rules_from_json(rules)
        state = game.new_match(parsed)
        check_players(game.title, game.seats(parsed), players)
        tokens: list[str | None] = []
        infos: list[SeatInfo] = []
        for player in players:
            if player == PERSON:
                token = new_token()
                tokens.append(token)
                infos.append(SeatInfo(PERSON, token_hash(token)))
            else:
                tokens.append(None)
                infos.append(SeatInfo(player))
        info = TableInfo(
            table_id or secrets.token_urlsafe(9),
            game.name,
            game.rules_to_json(parsed),
            tuple(infos),
            seed,
        )
        await writer.create(info)
        return cls(info, game, state, writer, options), tokens

    @classmethod
    def resume(cls, stored: StoredTable, writer: StoreWriter, options: TableOptions) -> Table:
        """The table a store holds, its match replayed move by move (a RecordError if the
        stored moves do not replay)."""
        info = stored.info
        game = get_game(info.game)
        state = game.replay(GameRecord(info.game, info.rules, stored.actions))
        return cls(info, game, state, writer, options)

    # -- what anyone may ask -------------------------------------------------------------------

    @property
    def id(self) -> str:
        """The table's id."""
        return self.info.id

    @property
    def turn(self) -> int:
        """How many moves (deals included) the match has had."""
        return len(self.state.history)

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is, or ``None`` (compared in constant time)."""
        digest = token_hash(token)
        found = None
        for seat, info in enumerate(self.info.seats):
            if info.token_hash is not None and hmac.compare_digest(info.token_hash, digest):
                found = seat
        return found

    def seats_message(self) -> dict[str, Any]:
        """The ``seats`` message: who plays each seat, who is connected, who is away."""
        connected = {listener.seat for listener in self.listeners}
        seats = [
            {"seat": s, "player": info.player, "connected": s in connected, "away": self.away[s]}
            for s, info in enumerate(self.info.seats)
        ]
        return {"type": "seats", "seats": seats}

    def welcome(self, seat: int | None) -> dict[str, Any]:
        """The ``welcome`` message for a seat (or a spectator, ``None``)."""
        return {
            "type": "welcome",
            "protocol": 1,
            "table": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "seat": seat,
            "seats": self.seats_message()["seats"],
        }

    def view_message(self, seat: int | None) -> str:
        """The latest ``view`` message for a seat (or the public one), as JSON text."""
        return self._messages[self.players if seat is None else seat]

    def signed_record(self, key: bytes) -> str:
        """The finished match's full record, signed with ``key`` (a TableGamesError while the
        match is on: the record holds every hand)."""
        if not self.state.is_over:
            raise TableGamesError("The match is not over: its record holds every hand.")
        return sign(self.game.record(self.state).to_json(), key)

    def signed_seat_record(self, seat: int, key: bytes) -> str:
        """What ``seat`` has seen of the match so far, signed with ``key``."""
        return sign(seat_record(self.game, self.state, seat).to_json(), key)

    # -- listeners -------------------------------------------------------------------------------

    def join(self, listener: Listener) -> None:
        """Add a listener: it gets the welcome and the current view, and everyone the seats."""
        self.listeners.add(listener)
        seat = listener.seat
        listener.deliver(encode(self.welcome(seat)))
        listener.deliver(self.view_message(seat))
        if seat is not None and self.away[seat]:
            self.away[seat] = False
            self.changed.set()
        self._tell_all(encode(self.seats_message()))

    def leave(self, listener: Listener) -> None:
        """Remove a listener (and tell the others)."""
        if listener in self.listeners:
            self.listeners.discard(listener)
            self._tell_all(encode(self.seats_message()))

    def _tell_all(self, text: str) -> None:
        for listener in list(self.listeners):
            listener.deliver(text)

    # -- moves -------------------------------------------------------------------------------

    async def submit(
        self, seat: int, text: str, turn: int | None = None, listener: Listener | None = None
    ) -> dict[str, Any]:
        """A person's move from ``seat``: the ``accepted`` message once it is stored (it is
        also delivered to ``listener`` ahead of the views), or the ``refused`` one."""
        try:
            action = self.game.parse_action(text)
        except (TableGamesError, ValueError) as exc:
            return _refused(self.turn, "unreadable", str(exc))
        async with self.lock:
            if self.closed:
                return _refused(self.turn, "table_closed", "This table is closed.")
            if turn is not None and turn != self.turn:
                return _refused(
                    self.turn,
                    "stale",
                    f"That move was made at turn {turn}; it is turn {self.turn}.",
                )
            violation = self.state.check(action, seat)
            if violation is not None:
                return _refused(self.turn, violation.code.value, str(violation))
            if self.away[seat]:
                self.away[seat] = False
                self._tell_all(encode(self.seats_message()))
            accepted = {"type": "accepted", "turn": self.turn + 1, "action": str(action)}
            try:
                await self._commit(action, seat, listener, accepted)
            except TableGamesError as exc:
                return _refused(self.turn, "not_stored", f"The move could not be stored: {exc}")
            return accepted

    async def _commit(
        self,
        action: Any,
        seat: int | None,
        listener: Listener | None = None,
        accepted: dict[str, Any] | None = None,
    ) -> None:
        """Store a checked move, then apply it and tell everyone (called under the lock)."""
        after = self.state.apply(action) if seat is None else self.state.apply(action, seat)
        try:
            await self.writer.append(self.id, self.turn, str(action), seat, after.is_over)
        except StoreConflictError:
            self._close("This table is now served elsewhere.")
            raise
        except Exception as exc:
            await self._resync()
            raise TableGamesError(f"the store failed ({type(exc).__name__})") from exc
        self.state = after
        self._turn_started = time.monotonic()
        if listener is not None and accepted is not None:
            listener.deliver(encode(accepted))
        self._last = {"seat": seat, "action": public_action(action, self._hidden)}
        self._broadcast()
        self.changed.set()

    async def _resync(self) -> None:
        """After a failed write: take the state from the store again (it is the truth)."""
        try:
            stored = await self.writer.load(self.id)
            if stored is None:
                raise TableGamesError("the table is gone from the store")
            self.state = Table.resume(stored, self.writer, self.options).state
        except Exception:
            self._close("This table's store cannot be read; it is closed.")

    def _close(self, why: str) -> None:
        self.closed = True
        self._tell_all(encode({"type": "error", "code": "table_closed", "message": why}))
        self.changed.set()

    def _views(self) -> list[dict[str, Any]]:
        return [self.state.view(seat).to_dict() for seat in range(self.players)]

    def _encode(self, views: list[dict[str, Any]]) -> list[str]:
        common = {
            "last": self._last,
            "events": self._events,
            "over": self.state.is_over,
            "winners": list(self.state.winners) if self.state.is_over else [],
        }
        turn = self.turn
        return [
            encode({"type": "view", "turn": turn, "view": view, **common})
            for view in [*views, self._public]
        ]

    def _broadcast(self) -> None:
        views = self._views()
        public = public_view(views)
        action = None if self._last is None else self._last["action"]
        self._events = table_events(self._public, public, action, self._pieces)
        self._public = public
        self._messages = self._encode(views)
        for listener in list(self.listeners):
            listener.deliver(self.view_message(listener.seat))

    # -- the driver: deals, bots and seats handed to a bot ----------------------------------

    def start(self) -> None:
        """Start the driver task (deals, bots, the standby timer)."""
        if self._driver is None:
            self._driver = asyncio.get_running_loop().create_task(self._drive())

    async def stop(self) -> None:
        """Stop the driver task."""
        if self._driver is not None:
            self._driver.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._driver
            self._driver = None

    def _rng(self, purpose: str) -> random.Random:
        """The generator of a deal or a bot's move: from the table's seed and the turn when
        the table has a seed (so a seeded table plays the same after a restart), else the
        system's."""
        if self.info.seed is None:
            return random.SystemRandom()
        return random.Random(f"{self.info.seed}:{purpose}:{self.turn}")

    def _agent_for(self, seat: int) -> Any:
        bot = self.bots[seat]
        if bot is not None:
            return bot
        if self.away[seat]:
            if self._standby is None:
                self._standby = make_agent(self.options.standby)
            return self._standby
        return None

    async def _drive(self) -> None:
        while not self.closed and not self.state.is_over:
            self.changed.clear()
            if self.state.is_chance:
                async with self.lock:
                    if self.state.is_chance and not self.closed:
                        try:
                            await self._commit(self.state.chance_outcome(self._rng("deal")), None)
                        except TableGamesError:
                            await asyncio.sleep(1.0)
                continue
            seat = self.state.to_act
            assert seat is not None
            agent = self._agent_for(seat)
            turn = self.turn
            if agent is None:
                await self._wait_for_person(seat, turn)
                continue
            if self.options.bot_delay > 0:
                await self._wait(self.options.bot_delay)
            if self.turn != turn or self._agent_for(seat) is None:
                continue
            view = self.state.view(seat)
            action = await asyncio.to_thread(agent.choose, view, self._rng("bot"))
            async with self.lock:
                if self.turn == turn and not self.closed and self._agent_for(seat) is not None:
                    try:
                        await self._commit(action, seat)
                    except TableGamesError:
                        await asyncio.sleep(1.0)

    async def _wait(self, seconds: float) -> bool:
        """Wait ``seconds`` or until the table changes; True if it changed."""
        try:
            await asyncio.wait_for(self.changed.wait(), seconds)
        except asyncio.TimeoutError:
            return False
        return True

    async def _wait_for_person(self, seat: int, turn: int) -> None:
        limit = self.options.bot_after
        if limit is None:
            await self.changed.wait()
            return
        left = limit - (time.monotonic() - self._turn_started)
        if left > 0 and await self._wait(left):
            return
        if self.turn == turn and not self.away[seat]:
            self.away[seat] = True
            self._tell_all(encode(self.seats_message()))
