"""Where tables live between moves: a small interface, an embedded SQLite store and the rows.

A table is stored as one row (its game, rules, seats and seed) and one row per move, in the
order played: exactly a game record, so a table is resumed by replaying it. A move is written
with its number; writing a number other than the next one is refused with
:class:`StoreConflictError` (two processes never both extend one table). The server waits for
:meth:`Store.append` to return before it acknowledges a move, so an acknowledged move is on
disk (SQLite in WAL mode, ``synchronous=FULL`` by default).

>>> store = SQLiteStore(":memory:")
>>> store.create(TableInfo("t1", "texas42", {}, (SeatInfo("heuristic"),) * 4, seed="7"))
>>> store.append("t1", 0, "pass", seat=1)
>>> store.append("t1", 0, "pass", seat=1)
Traceback (most recent call last):
...
tablegames.server.store.StoreConflictError: Table 't1' has 1 move stored, so move 0 cannot be ...
>>> stored = store.load("t1")
>>> stored.actions, stored.over, store.open_tables()
(('pass',), False, ['t1'])
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

import attrs

from tablegames.errors import TableGamesError

__all__ = [
    "SCHEMA",
    "SQLiteStore",
    "SeatInfo",
    "Store",
    "StoreConflictError",
    "StoredTable",
    "TableInfo",
    "open_store",
]


class StoreConflictError(TableGamesError):
    """A move was written out of order: another process (or a stale copy) extends this table,
    or the table is not in the store.

    >>> issubclass(StoreConflictError, TableGamesError)
    True
    """


@attrs.frozen
class SeatInfo:
    """One seat: who plays it (``"person"``, or an agent's name such as ``"heuristic"``) and,
    for a person, the SHA-256 digest of the seat's secret token (the token itself is never
    stored).

    >>> SeatInfo("random").to_dict()
    {'player': 'random', 'token_hash': None}
    """

    player: str
    token_hash: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The seat as JSON-ready data."""
        return {"player": self.player, "token_hash": self.token_hash}

    @classmethod
    def from_dict(cls, data: Any) -> SeatInfo:
        """A seat read back from :meth:`to_dict`.

        >>> SeatInfo.from_dict({"player": "person", "token_hash": "ab"}).player
        'person'
        """
        return cls(str(data["player"]), data.get("token_hash"))


@attrs.frozen
class TableInfo:
    """What a table is, apart from its moves: its id, game name, rules (as a record writes
    them), seats, the seed of its deals and bots (``None``: drawn from the system's generator),
    and when it was created (seconds since the epoch).

    >>> TableInfo("t1", "quartets", {"players": 3}, (SeatInfo("random"),) * 3).game
    'quartets'
    """

    id: str
    game: str
    rules: dict[str, Any]
    seats: tuple[SeatInfo, ...]
    seed: str | None = None
    created: float = attrs.field(factory=time.time)

    def seats_json(self) -> str:
        """The seats as JSON text (how the stores keep them)."""
        return json.dumps([s.to_dict() for s in self.seats])


@attrs.frozen
class StoredTable:
    """A table as the store holds it: its info, every move in the notation (deals included),
    and whether its match is over.

    >>> StoredTable(TableInfo("t", "texas42", {}, ()), ("pass",), False).actions
    ('pass',)
    """

    info: TableInfo
    actions: tuple[str, ...]
    over: bool


@runtime_checkable
class Store(Protocol):
    """The interface the server keeps its tables behind (:class:`SQLiteStore`, or
    :class:`~tablegames.server.postgres.PostgresStore` for several processes).

    Every method is blocking; the server calls them off its event loop, one at a time.

    >>> isinstance(SQLiteStore(":memory:"), Store)
    True
    """

    def create(self, table: TableInfo) -> None:
        """Add a new table with no moves (a table id already stored is a StoreConflictError)."""
        ...

    def append(
        self, table_id: str, number: int, action: str, seat: int | None = None, over: bool = False
    ) -> None:
        """Write move ``number`` (0 for the first) of a table durably, or raise StoreConflictError
        when the table holds another count of moves; ``over`` when this move ends the match."""
        ...

    def load(self, table_id: str) -> StoredTable | None:
        """The table and its moves in order, or ``None`` when no such table is stored."""
        ...

    def open_tables(self) -> list[str]:
        """The ids of every stored table whose match is not over, oldest first."""
        ...

    def close(self) -> None:
        """Release the connection."""
        ...


SCHEMA: Sequence[str] = (
    """CREATE TABLE IF NOT EXISTS game_tables (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        rules TEXT NOT NULL,
        seats TEXT NOT NULL,
        seed TEXT,
        created DOUBLE PRECISION NOT NULL,
        moves INTEGER NOT NULL DEFAULT 0,
        over BOOLEAN NOT NULL DEFAULT FALSE
    )""",
    """CREATE TABLE IF NOT EXISTS game_moves (
        table_id TEXT NOT NULL REFERENCES game_tables (id),
        number INTEGER NOT NULL,
        seat INTEGER,
        action TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (table_id, number)
    )""",
)
"""The two tables both stores create (plain SQL that SQLite and PostgreSQL read alike): a row
per table, with its count of moves (the check that moves are written in order), and a row per
move."""

_INSERT_TABLE = (
    "INSERT INTO game_tables (id, game, rules, seats, seed, created) VALUES ({0}, {0}, {0}, {0}, "
    "{0}, {0})"
)
_BUMP = "UPDATE game_tables SET moves = moves + 1, over = {0} WHERE id = {0} AND moves = {0}"
_INSERT_MOVE = (
    "INSERT INTO game_moves (table_id, number, seat, action, at) VALUES ({0}, {0}, {0}, {0}, {0})"
)
_COUNT = "SELECT moves FROM game_tables WHERE id = {0}"
_LOAD_TABLE = "SELECT id, game, rules, seats, seed, created, over FROM game_tables WHERE id = {0}"
_LOAD_MOVES = "SELECT action FROM game_moves WHERE table_id = {0} ORDER BY number"
_OPEN = "SELECT id FROM game_tables WHERE NOT over ORDER BY created, id"


def sql(template: str, placeholder: str) -> str:
    """One of the stores' statements with the driver's placeholder (``?`` or ``%s``).

    >>> sql(_COUNT, "?")
    'SELECT moves FROM game_tables WHERE id = ?'
    """
    return template.format(placeholder)


def conflict(table_id: str, number: int, stored: int | None) -> StoreConflictError:
    """The error for a move written out of order (or to a table that is not stored)."""
    if stored is None:
        return StoreConflictError(f"Table {table_id!r} is not in the store.")
    moves = "move" if stored == 1 else "moves"
    return StoreConflictError(
        f"Table {table_id!r} has {stored} {moves} stored, so move {number} cannot be written."
    )


def table_from_row(row: Sequence[Any], actions: Sequence[str]) -> StoredTable:
    """A :class:`StoredTable` from a ``game_tables`` row and the table's moves."""
    table_id, game, rules, seats, seed, created, over = row
    info = TableInfo(
        str(table_id),
        str(game),
        json.loads(rules),
        tuple(SeatInfo.from_dict(s) for s in json.loads(seats)),
        None if seed is None else str(seed),
        float(created),
    )
    return StoredTable(info, tuple(str(a) for a in actions), bool(over))


class SQLiteStore:
    """The embedded store: one SQLite file in WAL mode (standard library ``sqlite3``).

    ``synchronous`` is ``"FULL"`` (the default: a move survives a power cut once stored) or
    ``"NORMAL"`` (it survives the server's crash, not the machine's; faster). The connection is
    shared by the server's threads behind a lock.

    >>> SQLiteStore(":memory:").load("nowhere") is None
    True
    """

    def __init__(self, path: str, synchronous: str = "FULL") -> None:
        if synchronous.upper() not in ("FULL", "NORMAL"):
            raise TableGamesError(f"synchronous is FULL or NORMAL, not {synchronous!r}.")
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(f"PRAGMA synchronous={synchronous.upper()}")
        self._db.execute("PRAGMA busy_timeout=5000")
        self._db.execute("PRAGMA foreign_keys=ON")
        with self._lock:
            for statement in SCHEMA:
                self._db.execute(statement)

    def create(self, table: TableInfo) -> None:
        """Add a new table with no moves."""
        rules = json.dumps(table.rules)
        values = (table.id, table.game, rules, table.seats_json(), table.seed, table.created)
        with self._lock:
            try:
                self._db.execute(sql(_INSERT_TABLE, "?"), values)
            except sqlite3.IntegrityError:
                raise StoreConflictError(f"Table {table.id!r} is already stored.") from None

    def append(
        self, table_id: str, number: int, action: str, seat: int | None = None, over: bool = False
    ) -> None:
        """Write move ``number`` of a table in one transaction, or raise StoreConflictError."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                bumped = self._db.execute(sql(_BUMP, "?"), (over, table_id, number)).rowcount
                if bumped != 1:
                    row = self._db.execute(sql(_COUNT, "?"), (table_id,)).fetchone()
                    raise conflict(table_id, number, None if row is None else int(row[0]))
                self._db.execute(
                    sql(_INSERT_MOVE, "?"), (table_id, number, seat, action, time.time())
                )
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def load(self, table_id: str) -> StoredTable | None:
        """The table and its moves, or ``None``."""
        with self._lock:
            row = self._db.execute(sql(_LOAD_TABLE, "?"), (table_id,)).fetchone()
            if row is None:
                return None
            moves = self._db.execute(sql(_LOAD_MOVES, "?"), (table_id,)).fetchall()
        return table_from_row(row, [m[0] for m in moves])

    def open_tables(self) -> list[str]:
        """The ids of the tables whose match is not over, oldest first."""
        with self._lock:
            return [str(r[0]) for r in self._db.execute(_OPEN).fetchall()]

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._db.close()


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
