"""The shared store: PostgreSQL through psycopg 3, for tables spread over several processes.

The same tables as :class:`~tablegames.server.store.SQLiteStore`, the same ordering check (a
move whose number is not the table's next is a
:class:`~tablegames.server.store.StoreConflictError`: the ``UPDATE ... WHERE moves = n`` takes
the table's row lock, so two processes can never both write move ``n``). Each process serves
its own shard of table ids (see docs/play-online.md) and they all share one database.

The store survives its database: when the connection is lost (PostgreSQL restarted, the
network cut) a call raises :class:`~tablegames.server.store.StoreUnavailableError` at once,
and the next call after a backoff (0.1 s, doubling up to :data:`MAX_BACKOFF`) connects again.
Nothing half-written is ever reported as written: a move's commit either returned, or the
move is refused.

This module imports :mod:`~tablegames.server.store`, never the other way round.

>>> backoff(0), backoff(3), backoff(20)
(0.1, 0.8, 5.0)
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NoReturn, TypeVar

from tablegames.errors import TableGamesError

if TYPE_CHECKING:
    from psycopg import Connection
    from psycopg.rows import TupleRow

from .store import (
    COLUMNS,
    DROP_MOVES,
    DROP_TABLE,
    END,
    INSERT_TABLE,
    LOAD_MOVES,
    LOAD_TABLE,
    OLD,
    OPEN,
    SCHEMA,
    SEATS,
    AppendsOne,
    MoveRow,
    SeatInfo,
    StoreConflictError,
    StoredTable,
    StoreUnavailableError,
    TableInfo,
    conflict,
    safe_text,
    sql,
    table_from_row,
    table_values,
    write_move,
)

__all__ = ["MAX_BACKOFF", "PostgresStore", "backoff"]

MAX_BACKOFF = 5.0
"""The longest wait, in seconds, between two attempts to reach a lost database."""

T = TypeVar("T")


def backoff(failures: int) -> float:
    """Seconds to wait before the next attempt after ``failures`` failed ones in a row."""
    return float(min(MAX_BACKOFF, 0.1 * 2 ** min(failures, 10)))


def _reason(exc: BaseException) -> str:
    return " ".join(str(exc).split())[:200] or type(exc).__name__


class PostgresStore(AppendsOne):
    """A :class:`~tablegames.server.store.Store` in PostgreSQL; ``dsn`` is a libpq connection
    string (``postgresql://user@host:5432/tablegames``). Needs ``psycopg`` (extra ``server``).

    One connection, shared by the server's threads behind a lock, connected again (with
    backoff) when it is lost; every write is a transaction committed before the call returns.
    The first connection must succeed (a TableGamesError otherwise): a server does not start
    on a database it cannot reach.
    """

    def __init__(self, dsn: str, connect_timeout: float = 5.0) -> None:
        import psycopg  # noqa: PLC0415 (the driver is only needed for this store)

        self.dsn = dsn
        self._psycopg = psycopg
        self._timeout = connect_timeout
        self._lock = threading.Lock()
        self._db: Connection[TupleRow] | None = None
        self._failures = 0
        self._retry_at = 0.0
        self.problem: str | None = None
        try:
            self._connect()
        except StoreUnavailableError as exc:
            raise TableGamesError(f"Cannot reach PostgreSQL: {exc}") from None

    def _connect(self) -> Connection[TupleRow]:
        psycopg = self._psycopg
        db: Connection[TupleRow] | None = None
        try:
            db = psycopg.connect(
                self.dsn, autocommit=True, connect_timeout=max(1, int(self._timeout))
            )
            with db.transaction():
                # one process at a time creates the tables (CREATE IF NOT EXISTS can race)
                db.execute("SELECT pg_advisory_xact_lock(4242)")
                for statement in SCHEMA:
                    db.execute(statement)
                for column, kind in COLUMNS:
                    db.execute(f"ALTER TABLE game_tables ADD COLUMN IF NOT EXISTS {column} {kind}")
        except psycopg.Error as exc:
            if db is not None:
                db.close()
            self._failed(exc)
        self._db, self._failures, self.problem = db, 0, None
        return db

    def _failed(self, exc: BaseException) -> NoReturn:
        """Forget the connection; the next attempt waits for the backoff."""
        if self._db is not None:
            with contextlib.suppress(Exception):  # closing a broken connection may fail too
                self._db.close()
        self._db = None
        self._retry_at = time.monotonic() + backoff(self._failures)
        self._failures += 1
        self.problem = f"PostgreSQL cannot be reached: {_reason(exc)}"
        raise StoreUnavailableError(self.problem) from None

    def _run(self, work: Callable[[Connection[TupleRow]], T]) -> T:
        """Run ``work(connection)`` under the lock, connecting first if the connection was
        lost; a lost connection becomes StoreUnavailableError."""
        with self._lock:
            db = self._db
            if db is None:
                if time.monotonic() < self._retry_at:
                    raise StoreUnavailableError(self.problem or "PostgreSQL cannot be reached.")
                db = self._connect()
            try:
                return work(db)
            except (self._psycopg.OperationalError, self._psycopg.InterfaceError) as exc:
                self._failed(exc)
                raise  # pragma: no cover (_failed raises)

    def create(self, table: TableInfo) -> None:
        """Add a new table with no moves."""

        def work(db: Connection[TupleRow]) -> None:
            try:
                db.execute(sql(INSERT_TABLE, "%s"), table_values(table))
            except self._psycopg.errors.UniqueViolation:
                raise StoreConflictError(f"Table {table.id!r} is already stored.") from None

        self._run(work)

    def append_many(self, moves: Sequence[MoveRow]) -> list[StoreConflictError | None]:
        """Write many moves in one transaction, each in a savepoint (see the Store)."""
        now = time.time()

        def work(db: Connection[TupleRow]) -> list[StoreConflictError | None]:
            answers: list[StoreConflictError | None] = []
            with db.transaction():
                for move in moves:
                    try:
                        with db.transaction():  # a savepoint
                            answers.append(write_move(db, move, now, "%s"))
                    except self._psycopg.errors.UniqueViolation:
                        answers.append(conflict(move.table_id, move.number, None))
            return answers

        return self._run(work)

    def load(self, table_id: str) -> StoredTable | None:
        """The table and its moves, or ``None``."""

        def work(db: Connection[TupleRow]) -> StoredTable | None:
            with db.transaction():
                row = db.execute(sql(LOAD_TABLE, "%s"), (table_id,)).fetchone()
                if row is None:
                    return None
                moves = db.execute(sql(LOAD_MOVES, "%s"), (table_id,)).fetchall()
            return table_from_row(row, [m[0] for m in moves])

        return self._run(work)

    def open_tables(self) -> list[str]:
        """The ids of the tables whose match is not over, oldest first."""
        return self._run(lambda db: [str(r[0]) for r in db.execute(OPEN).fetchall()])

    def update_seats(self, table_id: str, seats: Sequence[SeatInfo]) -> None:
        """Replace a table's seats."""
        text = json.dumps([s.to_dict() for s in seats])
        self._run(lambda db: db.execute(sql(SEATS, "%s"), (text, table_id)))

    def end(self, table_id: str, reason: str) -> None:
        """Mark a table's match over, with the reason."""
        values = (safe_text(reason), time.time(), table_id)
        self._run(lambda db: db.execute(sql(END, "%s"), values))

    def purge(self, before: float) -> int:
        """Delete the finished tables that last changed before ``before``."""

        def work(db: Connection[TupleRow]) -> int:
            with db.transaction():
                old = [r[0] for r in db.execute(sql(OLD, "%s"), (before,)).fetchall()]
                for table_id in old:
                    db.execute(sql(DROP_MOVES, "%s"), (table_id,))
                    db.execute(sql(DROP_TABLE, "%s"), (table_id,))
            return len(old)

        return self._run(work)

    def ping(self) -> None:
        """Raise StoreUnavailableError unless PostgreSQL answers now."""
        self._run(lambda db: db.execute("SELECT 1").fetchone())

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None
