"""The tables one process serves: resumed from the store at start, created on request within
the limits, ended when abandoned, forgotten when finished, and the health of the store and
of the shard's lease.

A stored table that cannot be resumed (its moves do not replay, it is beyond a record's
limits, its game is unknown here) is set aside with the reason: the log says so, ``/healthz``
lists it, its page says so, and every other table resumes.

>>> ServerConfig(key=b"0123456789abcdef0123").limits.max_tables
1000
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
import time
from collections.abc import Sequence

import attrs

from tablegames.errors import TableGamesError

from .bots import BotPool
from .driver import drive
from .lease import Lease, NoLease
from .limits import Clients, LimitError, Limits
from .store import StoreUnavailableError
from .table import Table, TableOptions
from .writer import StoreWriter, open_store

__all__ = ["Hub", "ServerConfig", "shard_of"]

LOG = logging.getLogger("tablegames.server")

_FINISHED_KEPT = 256
"""Finished tables kept in memory for their downloads and late spectators (the store keeps
them all: a table forgotten here is loaded again when asked for)."""


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
    it signs records with, its shard (``shard`` of ``shards``), how tables behave, the limits
    (:class:`~tablegames.server.limits.Limits`), the key a client must show to create a
    table (``create_key``; ``None``: anyone may), whether it runs behind a reverse proxy
    (``behind_proxy``: the client's address is read from ``X-Forwarded-For``), the bots'
    worker processes and their time budget a decision, and how often (seconds) the store and
    the lease are checked."""

    key: bytes
    store: str = "tablegames.db"
    synchronous: str = "FULL"
    shard: int = 0
    shards: int = 1
    options: TableOptions = attrs.field(factory=TableOptions)
    limits: Limits = attrs.field(factory=Limits)
    create_key: str | None = None
    behind_proxy: bool = False
    public_url: str | None = None
    bot_workers: int = 1
    bot_budget: float = 10.0
    hello_timeout: float = 10.0
    heartbeat: float = 20.0
    check_every: float = 2.0


class Hub:
    """The tables this process serves (see the module)."""

    def __init__(self, config: ServerConfig, lease: Lease | None = None) -> None:
        self.config = config
        self.limits = config.limits
        self.writer = StoreWriter(open_store(config.store, config.synchronous))
        self.bots = BotPool(config.bot_workers, config.bot_budget)
        self.clients = Clients(config.limits, config.key)
        self.lease: Lease = lease or NoLease()
        self.tables: dict[str, Table] = {}
        self.set_aside: dict[str, str] = {}
        self.connections = 0
        self.store_problem: str | None = None
        self.lease_lost = False
        self._drivers: dict[str, asyncio.Task[None]] = {}
        self._loading: dict[str, asyncio.Future[Table | None]] = {}

    # -- which tables ------------------------------------------------------------------------

    def owns(self, table_id: str) -> bool:
        """Whether this process's shard serves ``table_id``."""
        return shard_of(table_id, self.config.shards) == self.config.shard

    def _new_id(self) -> str:
        while True:
            table_id = secrets.token_urlsafe(9)
            if self.owns(table_id):
                return table_id

    def live(self, creator: str | None = None) -> int:
        """How many live tables (matches not over) this process holds (of ``creator``)."""
        return sum(
            1
            for t in self.tables.values()
            if not t.over and t.closed is None and (creator is None or t.info.creator == creator)
        )

    def refusal(self) -> str | None:
        """Why this process cannot serve its tables now, if it cannot."""
        if self.lease_lost:
            return "This server process no longer serves its shard: another one took it over."
        return None

    async def resume_all(self) -> int:
        """Resume every stored table of this shard whose match is not over; returns how many
        (the ones that cannot be resumed are set aside)."""
        resumed = 0
        for table_id in await self.writer.open_tables():
            if self.owns(table_id) and table_id not in self.tables:
                resumed += await self.get(table_id) is not None
        return resumed

    async def get(self, table_id: str) -> Table | None:
        """The table, from memory or from the store (``None``: not ours, no such table, or
        set aside; a StoreUnavailableError while the store cannot be read)."""
        if not self.owns(table_id) or len(table_id) > 40 or table_id in self.set_aside:
            return None
        table = self.tables.get(table_id)
        if table is not None:
            return table
        loading = self._loading.get(table_id)
        if loading is not None:
            return await asyncio.shield(loading)
        future: asyncio.Future[Table | None] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            table = await self._load(table_id)
            future.set_result(table)
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: nobody else need wait for it
            raise
        finally:
            del self._loading[table_id]
        return table

    async def _load(self, table_id: str) -> Table | None:
        stored = await self.writer.load(table_id)
        if stored is None:
            return None
        try:
            table = Table.resume(stored, self.writer, self.config.options)
        except Exception as exc:
            reason = f"This table cannot be resumed: {' '.join(str(exc).split())[:300]}"
            self.set_aside[table_id] = reason
            LOG.warning("table %s set aside: %s", table_id, reason)
            return None
        self._keep(table)
        return table

    def _keep(self, table: Table) -> None:
        self.tables[table.id] = table
        if not table.over:
            self._drivers[table.id] = asyncio.get_running_loop().create_task(
                drive(table, self.bots)
            )
        self._forget_finished(_FINISHED_KEPT)

    def _forget_finished(self, keep: int) -> None:
        finished = [t for t in self.tables.values() if t.over and not t.listeners]
        for table in finished[: max(0, len(finished) - keep)]:
            self._drop(table)

    async def stop(self, table: Table) -> None:
        """Stop a table's driver (its deals and bots), keeping the table."""
        task = self._drivers.pop(table.id, None)
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def _drop(self, table: Table) -> None:
        self.tables.pop(table.id, None)
        task = self._drivers.pop(table.id, None)
        if task is not None:
            task.cancel()

    async def create(
        self,
        game: str,
        rules: dict[str, object],
        players: list[str],
        seed: str | None = None,
        *,
        client: str = "local",
        mine: int | None = 0,
        names: Sequence[str | None] = (),
        listed: bool = False,
    ) -> tuple[Table, list[str | None]]:
        """A new table of this shard, stored and started, within the limits (a
        TableGamesError names the one that refused it); ``names`` and ``listed`` as
        :meth:`Table.create <tablegames.server.table.Table.create>` takes them."""
        refusal = self.refusal()
        if refusal is not None:
            raise TableGamesError(refusal)
        creator = self.clients.digest(client)
        if self.live() >= self.limits.max_tables:
            raise LimitError(
                f"This server holds {self.limits.max_tables:,} live tables, its most: "
                "try again when some have ended."
            )
        if self.live(creator) >= self.limits.tables_per_client:
            raise LimitError(
                f"You have {self.limits.tables_per_client} live tables here, the most one "
                "client may have: finish one first."
            )
        if not self.clients.allow(client, "create"):
            raise LimitError("You are creating tables too fast: wait a few minutes.")
        table, tokens = await Table.create(
            self.writer,
            game,
            rules,
            players,
            self.config.options,
            seed=seed,
            table_id=self._new_id(),
            mine=mine,
            creator=creator,
            names=names,
            listed=listed,
        )
        self._keep(table)
        return table, tokens

    # -- health and lifetimes -----------------------------------------------------------------

    async def check(self) -> None:
        """Ping the store and the lease (what ``/healthz`` reports); a lost lease closes every
        table of this process."""
        try:
            await self.writer.ping()
            self.store_problem = None
        except StoreUnavailableError as exc:
            self.store_problem = str(exc)
        if not self.lease_lost:
            held = await asyncio.to_thread(self.lease.check)
            if not held and self.lease.lost:
                self.lease_lost = True
                LOG.error(
                    "the lease of shard %s/%s was lost", self.config.shard, self.config.shards
                )
                for table in list(self.tables.values()):
                    table.close("This table is now served by another server process.")
                    self._drop(table)

    async def sweep(self, now: float | None = None) -> None:
        """End the live tables nobody has been at for ``idle_after`` seconds, forget finished
        tables nobody watches, and delete from the store the finished tables older than
        ``keep_records``."""
        now = time.monotonic() if now is None else now
        idle = self.limits.idle_after
        for table in list(self.tables.values()):
            if table.over or table.closed is not None or table.listeners:
                continue
            if now - table.empty_since >= idle:
                minutes = f"{idle / 60:g} minute{'s' if idle != 60 else ''}"
                async with table.lock:
                    try:
                        await table.end(f"Nobody was at the table for {minutes}: it was ended.")
                    except TableGamesError:
                        continue
        self._forget_finished(0)
        with contextlib.suppress(StoreUnavailableError):
            await self.writer.purge(time.time() - self.limits.keep_records)

    async def watch(self) -> None:
        """Check the store and the lease every ``check_every`` seconds, and sweep every
        fifteen checks (run as a task while the server runs)."""
        ticks = 0
        while True:
            await asyncio.sleep(self.config.check_every)
            await self.check()
            ticks += 1
            if ticks % 15 == 0:
                await self.sweep()

    def health(self) -> dict[str, object]:
        """What ``/healthz`` answers."""
        aside = dict(list(self.set_aside.items())[:20])
        return {
            "ok": self.store_problem is None and not self.lease_lost,
            "store": self.store_problem or "ok",
            "lease": "lost" if self.lease_lost else "held",
            "tables": len(self.tables),
            "live": self.live(),
            "connections": self.connections,
            "set_aside": aside,
            "set_aside_count": len(self.set_aside),
            "bot_overruns": self.bots.overruns,
            "commits": self.writer.commits,
        }

    async def close(self) -> None:
        """Stop every table's driver and the bots, close the store, let the lease go."""
        for task in self._drivers.values():
            task.cancel()
        for task in self._drivers.values():
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.bots.close()
        await asyncio.to_thread(self.writer.close)
        await asyncio.to_thread(self.lease.release)
