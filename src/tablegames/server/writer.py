"""The store, called off the event loop: one thread does every call, and writes the moves of
many tables together (group commit).

Moves that arrive while a commit is under way wait for the next one, which writes them all
in one transaction (each in its own savepoint, see
:meth:`~tablegames.server.store.Store.append_many`); each move's future is resolved only once
that transaction is committed, so a move is acknowledged after its commit and never before.
One fsync (SQLite ``synchronous=FULL``) or one round trip (PostgreSQL) then serves every table
that moved meanwhile.

>>> import asyncio
>>> from tablegames.server.store import SQLiteStore, TableInfo, SeatInfo
>>> async def demo():
...     writer = StoreWriter(SQLiteStore(":memory:"))
...     await writer.create(TableInfo("t", "texas42", {}, (SeatInfo("random"),) * 4))
...     await asyncio.gather(*(writer.append("t", n, "pass", 1, False) for n in range(3)))
...     stored = await writer.load("t")
...     writer.close()
...     return stored.actions, 1 <= writer.commits <= 3
>>> asyncio.run(demo())
(('pass', 'pass', 'pass'), True)
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable
from typing import TypeVar, cast

from .store import MoveRow, SeatInfo, SQLiteStore, Store, StoredTable, TableInfo

T = TypeVar("T")

__all__ = ["MAX_BATCH", "StoreWriter", "open_store"]

MAX_BATCH = 512
"""The most moves one transaction writes."""


def open_store(where: str, synchronous: str = "FULL") -> Store:
    """The store ``where`` names: a ``postgresql://`` (or ``postgres://``) connection string,
    else the path of a SQLite file (``sqlite:`` in front is allowed; ``:memory:`` for tests).

    >>> type(open_store("sqlite::memory:")).__name__
    'SQLiteStore'
    """
    if where.startswith(("postgresql://", "postgres://")):
        from .postgres import PostgresStore  # noqa: PLC0415 (needs psycopg)

        return PostgresStore(where)
    return SQLiteStore(where.removeprefix("sqlite:"), synchronous)


_Job = tuple[Callable[[], object] | MoveRow, asyncio.AbstractEventLoop, "asyncio.Future[object]"]


class StoreWriter:
    """A :class:`~tablegames.server.store.Store` behind one thread: every call is awaited on
    the event loop and run on that thread, one at a time; appends are gathered into group
    commits. :attr:`commits` counts the transactions that wrote moves."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.commits = 0
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._work, name="tablegames-store", daemon=True)
        self._thread.start()

    def _submit(self, job: Callable[[], object] | MoveRow) -> asyncio.Future[object]:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[object] = loop.create_future()
        self._jobs.put((job, loop, future))
        return future

    async def call(self, fn: Callable[..., T], *args: object) -> T:
        """``fn(*args)`` on the store's thread."""
        return cast("T", await self._submit(lambda: fn(*args)))  # the future holds fn's answer

    def _work(self) -> None:
        pending: list[_Job] = []
        while True:
            job = self._jobs.get() if not pending else None
            if job is not None:
                pending.append(job)
            while len(pending) < MAX_BATCH:  # everything waiting joins this round
                try:
                    more = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._jobs.put(None)
                    break
                pending.append(more)
            if not pending:
                return
            moves = [j for j in pending if isinstance(j[0], MoveRow)]
            calls = [j for j in pending if not isinstance(j[0], MoveRow)]
            pending = []
            if moves:
                self._commit(moves)
            for fn, loop, future in calls:
                assert not isinstance(fn, MoveRow)
                try:
                    _settle(loop, future, fn(), None)
                except BaseException as exc:
                    _settle(loop, future, None, exc)

    def _commit(self, moves: list[_Job]) -> None:
        rows = [row for row, _, _ in moves if isinstance(row, MoveRow)]
        try:
            answers = self.store.append_many(rows)
        except BaseException as exc:
            for _, loop, future in moves:
                _settle(loop, future, None, exc)
            return
        self.commits += 1
        for (_, loop, future), refused in zip(moves, answers):
            _settle(loop, future, None, refused)

    async def create(self, info: TableInfo) -> None:
        """Store a new table."""
        await self.call(self.store.create, info)

    async def append(
        self, table_id: str, number: int, action: str, seat: int | None, over: bool
    ) -> None:
        """Store a move; returns once the transaction that holds it is committed."""
        await self._submit(MoveRow(table_id, number, action, seat, over))

    async def load(self, table_id: str) -> StoredTable | None:
        """A stored table, or ``None``."""
        result: StoredTable | None = await self.call(self.store.load, table_id)
        return result

    async def open_tables(self) -> list[str]:
        """The stored tables whose match is not over."""
        result: list[str] = await self.call(self.store.open_tables)
        return result

    async def update_seats(self, table_id: str, seats: tuple[SeatInfo, ...]) -> None:
        """Replace a table's seats."""
        await self.call(self.store.update_seats, table_id, seats)

    async def end(self, table_id: str, reason: str) -> None:
        """Mark a table's match over, with the reason."""
        await self.call(self.store.end, table_id, reason)

    async def purge(self, before: float) -> int:
        """Delete the finished tables that last changed before ``before``."""
        result: int = await self.call(self.store.purge, before)
        return result

    async def ping(self) -> None:
        """Raise unless the store answers now."""
        await self.call(self.store.ping)

    def close(self) -> None:
        """Let the thread finish what was asked, then close the store."""
        self._jobs.put(None)
        self._thread.join()
        self.store.close()


def _settle(
    loop: asyncio.AbstractEventLoop,
    future: asyncio.Future[object],
    value: object,
    error: BaseException | None,
) -> None:
    def settle() -> None:
        if future.done():
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(value)

    with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
        loop.call_soon_threadsafe(settle)
