"""The shared store: PostgreSQL through psycopg 3, for tables spread over several processes.

The same two tables as :class:`~tablegames.server.store.SQLiteStore`, the same ordering check
(a move whose number is not the table's next is a
:class:`~tablegames.server.store.StoreConflictError`: the ``UPDATE ... WHERE moves = n`` takes the
table's row lock, so two processes can never both write move ``n``). Each process serves its
own shard of table ids (see docs/play-online.md) and they all share one database.

>>> PostgresStore.__name__
'PostgresStore'
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any

from tablegames.errors import TableGamesError

from .store import (
    _BUMP,
    _COUNT,
    _INSERT_MOVE,
    _INSERT_TABLE,
    _LOAD_MOVES,
    _LOAD_TABLE,
    _OPEN,
    SCHEMA,
    StoreConflictError,
    StoredTable,
    TableInfo,
    conflict,
    sql,
    table_from_row,
)

__all__ = ["PostgresStore"]


class PostgresStore:
    """A :class:`~tablegames.server.store.Store` in PostgreSQL; ``dsn`` is a libpq connection
    string (``postgresql://user@host:5432/tablegames``). Needs ``psycopg`` (extra ``server``).

    One connection, shared by the server's threads behind a lock; every write is its own
    transaction, committed before :meth:`append` returns.
    """

    def __init__(self, dsn: str) -> None:
        import psycopg  # noqa: PLC0415 (the driver is only needed for this store)

        self._psycopg = psycopg
        self._lock = threading.Lock()
        try:
            self._db: Any = psycopg.connect(dsn, autocommit=True)
        except psycopg.Error as exc:
            raise TableGamesError(f"Cannot reach PostgreSQL: {str(exc).strip()[:200]}") from None
        with self._lock, self._db.transaction():
            # one process at a time creates the tables (CREATE IF NOT EXISTS can race)
            self._db.execute("SELECT pg_advisory_xact_lock(4242)")
            for statement in SCHEMA:
                self._db.execute(statement)

    def create(self, table: TableInfo) -> None:
        """Add a new table with no moves."""
        rules = json.dumps(table.rules)
        values = (table.id, table.game, rules, table.seats_json(), table.seed, table.created)
        with self._lock:
            try:
                self._db.execute(sql(_INSERT_TABLE, "%s"), values)
            except self._psycopg.errors.UniqueViolation:
                raise StoreConflictError(f"Table {table.id!r} is already stored.") from None

    def append(
        self, table_id: str, number: int, action: str, seat: int | None = None, over: bool = False
    ) -> None:
        """Write move ``number`` of a table in one transaction, or raise StoreConflictError."""
        with self._lock:
            try:
                with self._db.transaction():
                    bumped = self._db.execute(sql(_BUMP, "%s"), (over, table_id, number)).rowcount
                    if bumped != 1:
                        row = self._db.execute(sql(_COUNT, "%s"), (table_id,)).fetchone()
                        raise conflict(table_id, number, None if row is None else int(row[0]))
                    self._db.execute(
                        sql(_INSERT_MOVE, "%s"), (table_id, number, seat, action, time.time())
                    )
            except self._psycopg.errors.UniqueViolation:
                raise conflict(table_id, number, None) from None

    def load(self, table_id: str) -> StoredTable | None:
        """The table and its moves, or ``None``."""
        with self._lock, self._db.transaction():
            row = self._db.execute(sql(_LOAD_TABLE, "%s"), (table_id,)).fetchone()
            if row is None:
                return None
            moves = self._db.execute(sql(_LOAD_MOVES, "%s"), (table_id,)).fetchall()
        return table_from_row(row, [m[0] for m in moves])

    def open_tables(self) -> list[str]:
        """The ids of the tables whose match is not over, oldest first."""
        with self._lock:
            return [str(r[0]) for r in self._db.execute(_OPEN).fetchall()]

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._db.close()
