"""Where tables live between moves: a small interface, an embedded SQLite store and the rows.

A table is stored as one row (its game, rules, seats, seed, who made it, when it last moved,
whether it is over and why it was stopped) and one row per move, in the order played: exactly
a game record, so a table is resumed by replaying it. A move is written with its number;
writing a number other than the next one is refused with :class:`StoreConflictError` (two
processes never both extend one table). The server waits for the commit that holds a move
before it acknowledges it; :meth:`Store.append_many` writes the moves of many tables in one
transaction (group commit), each in its own savepoint, so one refused move never fails the
others.

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
    "COLUMNS",
    "SCHEMA",
    "MoveRow",
    "SQLiteStore",
    "SeatInfo",
    "Store",
    "StoreConflictError",
    "StoreUnavailableError",
    "StoredTable",
    "TableInfo",
]


class StoreConflictError(TableGamesError):
    """A move was written out of order: another process (or a stale copy) extends this table,
    or the table is not in the store.

    >>> issubclass(StoreConflictError, TableGamesError)
    True
    """


class StoreUnavailableError(TableGamesError):
    """The store cannot be reached now (the database is down or restarting): nothing was
    written, and the same call may succeed later.

    >>> issubclass(StoreUnavailableError, TableGamesError)
    True
    """


@attrs.frozen
class SeatInfo:
    """One seat: who plays it (``"person"``, or an agent's name such as ``"heuristic"``); for
    a person, the SHA-256 digest of the seat's secret token once the seat is claimed
    (``token_hash``) or of its invitation while it is not (``invite_hash``), and whether the
    table's creator sits there (``creator``), and the name the creator gave the seat
    (``name``; ``None``: none). Tokens themselves are never stored.

    >>> SeatInfo("random").to_dict()
    {'player': 'random', 'token_hash': None}
    """

    player: str
    token_hash: str | None = None
    invite_hash: str | None = None
    creator: bool = False
    name: str | None = None

    def to_dict(self) -> dict[str, object]:
        """The seat as JSON-ready data (the fields of an older version's rows first)."""
        data: dict[str, object] = {"player": self.player, "token_hash": self.token_hash}
        if self.invite_hash is not None:
            data["invite_hash"] = self.invite_hash
        if self.creator:
            data["creator"] = True
        if self.name is not None:
            data["name"] = self.name
        return data

    @classmethod
    def from_dict(cls, data: Any) -> SeatInfo:
        """A seat read back from :meth:`to_dict` (an older version's rows too).

        >>> SeatInfo.from_dict({"player": "person", "token_hash": "ab"}).player
        'person'
        """
        return cls(
            str(data["player"]),
            data.get("token_hash"),
            data.get("invite_hash"),
            bool(data.get("creator", False)),
            None if data.get("name") is None else str(data["name"]),
        )


@attrs.frozen
class TableInfo:
    """What a table is, apart from its moves: its id, game name, rules (as a record writes
    them), seats, the seed of its deals and bots (``None``: drawn from the system's generator),
    whether the seed is shown to the people at the table (``seed_shown``; a seed the server
    drew is kept from everyone), when it was created (seconds since the epoch) and a digest
    of the address of the client that created it (``creator``, for the per-client limits),
    and whether its creator lists it in the lobby's open tables (``listed``).

    >>> TableInfo("t1", "quartets", {"players": 3}, (SeatInfo("random"),) * 3).game
    'quartets'
    """

    id: str
    game: str
    rules: dict[str, object]
    seats: tuple[SeatInfo, ...]
    seed: str | None = None
    created: float = attrs.field(factory=time.time)
    seed_shown: bool = True
    creator: str | None = None
    listed: bool = False

    def seats_json(self) -> str:
        """The seats as JSON text (how the stores keep them)."""
        return json.dumps([s.to_dict() for s in self.seats])


@attrs.frozen
class StoredTable:
    """A table as the store holds it: its info, every move in the notation (deals included),
    whether its match is over, why it was stopped before its end (``ended``: ``None`` for a
    match played out) and when it last changed (seconds since the epoch).

    >>> StoredTable(TableInfo("t", "texas42", {}, ()), ("pass",), False).actions
    ('pass',)
    """

    info: TableInfo
    actions: tuple[str, ...]
    over: bool
    ended: str | None = None
    updated: float = 0.0


@attrs.frozen
class MoveRow:
    """One move to write: the table, its number (0 for the first), its text, the seat that
    made it (``None``: a deal) and whether it ends the match."""

    table_id: str
    number: int
    action: str
    seat: int | None = None
    over: bool = False


@runtime_checkable
class Store(Protocol):
    """The interface the server keeps its tables behind (:class:`SQLiteStore`, or
    :class:`~tablegames.server.postgres.PostgresStore` for several processes).

    Every method is blocking; the server calls them off its event loop, one at a time. A
    store that cannot reach its database raises :class:`StoreUnavailableError`.

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

    def append_many(self, moves: Sequence[MoveRow]) -> list[StoreConflictError | None]:
        """Write many moves in one transaction, each in its own savepoint: for each move
        ``None`` (written) or the StoreConflictError that refused it. Returns once committed."""
        ...

    def load(self, table_id: str) -> StoredTable | None:
        """The table and its moves in order, or ``None`` when no such table is stored."""
        ...

    def open_tables(self) -> list[str]:
        """The ids of every stored table whose match is not over, oldest first."""
        ...

    def update_seats(self, table_id: str, seats: Sequence[SeatInfo]) -> None:
        """Replace a table's seats (an invitation claimed or issued again)."""
        ...

    def end(self, table_id: str, reason: str) -> None:
        """Mark a table's match over without a last move: stopped at a bound or expired."""
        ...

    def purge(self, before: float) -> int:
        """Delete every finished table that last changed before ``before`` (seconds since the
        epoch), with its moves; returns how many."""
        ...

    def ping(self) -> None:
        """Raise StoreUnavailableError unless the database answers now."""
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
move. The columns of :data:`COLUMNS` are added to an older version's ``game_tables``."""

COLUMNS: Sequence[tuple[str, str]] = (
    ("ended", "TEXT"),
    ("updated", "DOUBLE PRECISION NOT NULL DEFAULT 0"),
    ("seed_shown", "BOOLEAN NOT NULL DEFAULT TRUE"),
    ("creator", "TEXT"),
    ("listed", "BOOLEAN NOT NULL DEFAULT FALSE"),
)
"""The columns of ``game_tables`` added since the first version, with their SQL types: each
store adds those a database lacks when it opens it, so a store written by an older version
keeps loading."""

INSERT_TABLE = (
    "INSERT INTO game_tables (id, game, rules, seats, seed, created, updated, seed_shown, "
    "creator, listed) VALUES ({0}, {0}, {0}, {0}, {0}, {0}, {0}, {0}, {0}, {0})"
)
BUMP = (
    "UPDATE game_tables SET moves = moves + 1, over = {0}, updated = {0} "
    "WHERE id = {0} AND moves = {0}"
)
INSERT_MOVE = (
    "INSERT INTO game_moves (table_id, number, seat, action, at) VALUES ({0}, {0}, {0}, {0}, {0})"
)
COUNT = "SELECT moves FROM game_tables WHERE id = {0}"
LOAD_TABLE = (
    "SELECT id, game, rules, seats, seed, created, over, seed_shown, creator, ended, updated, "
    "listed FROM game_tables WHERE id = {0}"
)
LOAD_MOVES = "SELECT action FROM game_moves WHERE table_id = {0} ORDER BY number"
OPEN = "SELECT id FROM game_tables WHERE NOT over ORDER BY created, id"
SEATS = "UPDATE game_tables SET seats = {0} WHERE id = {0}"
END = "UPDATE game_tables SET over = TRUE, ended = {0}, updated = {0} WHERE id = {0}"
OLD = "SELECT id FROM game_tables WHERE over AND updated < {0}"
DROP_MOVES = "DELETE FROM game_moves WHERE table_id = {0}"
DROP_TABLE = "DELETE FROM game_tables WHERE id = {0}"


def sql(template: str, placeholder: str) -> str:
    """One of the stores' statements with the driver's placeholder (``?`` or ``%s``).

    >>> sql(COUNT, "?")
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


def table_values(table: TableInfo) -> tuple[object, ...]:
    """The values of :data:`INSERT_TABLE` for a new table."""
    rules = json.dumps(table.rules)
    return (
        table.id,
        table.game,
        rules,
        table.seats_json(),
        table.seed,
        table.created,
        table.created,
        table.seed_shown,
        table.creator,
        table.listed,
    )


def table_from_row(row: Sequence[Any], actions: Sequence[str]) -> StoredTable:
    """A :class:`StoredTable` from a :data:`LOAD_TABLE` row and the table's moves."""
    table_id, game, rules, seats, seed, created, over, shown, creator, ended, updated, listed = row
    info = TableInfo(
        str(table_id),
        str(game),
        json.loads(rules),
        tuple(SeatInfo.from_dict(s) for s in json.loads(seats)),
        None if seed is None else str(seed),
        float(created),
        bool(shown),
        None if creator is None else str(creator),
        bool(listed),
    )
    return StoredTable(
        info,
        tuple(str(a) for a in actions),
        bool(over),
        None if ended is None else str(ended),
        float(updated or created),
    )


def write_move(db: Any, move: MoveRow, now: float, placeholder: str) -> StoreConflictError | None:
    """Write one move inside the caller's transaction, on a connection of either driver
    (``placeholder`` is its parameter mark): ``None``, or the StoreConflictError refusing it
    when it is not the table's next move."""
    values = (move.over, now, move.table_id, move.number)
    if db.execute(sql(BUMP, placeholder), values).rowcount != 1:
        row = db.execute(sql(COUNT, placeholder), (move.table_id,)).fetchone()
        return conflict(move.table_id, move.number, None if row is None else int(row[0]))
    row_values = (move.table_id, move.number, move.seat, safe_text(move.action), now)
    db.execute(sql(INSERT_MOVE, placeholder), row_values)
    return None


def safe_text(text: str) -> str:
    """``text`` with any lone surrogate replaced, so every store can encode it.

    >>> safe_text("a\\ud800b")
    'a?b'
    """
    return text.encode("utf-8", "replace").decode("utf-8")


class AppendsOne:
    """A store's ``append``, written once: one move through the store's ``append_many``.

    >>> store = SQLiteStore(":memory:")
    >>> store.create(TableInfo("t1", "quartets", {"players": 3}, (SeatInfo("random"),) * 3))
    >>> store.append("t1", 0, "deal")
    >>> store.append("t1", 0, "deal")
    Traceback (most recent call last):
    ...
    tablegames.server.store.StoreConflictError: ...
    """

    def append(
        self: Store,
        table_id: str,
        number: int,
        action: str,
        seat: int | None = None,
        over: bool = False,
    ) -> None:
        """Write move ``number`` of a table in one transaction, or raise StoreConflictError."""
        (refused,) = self.append_many([MoveRow(table_id, number, action, seat, over)])
        if refused is not None:
            raise refused


class SQLiteStore(AppendsOne):
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
            have = {row[1] for row in self._db.execute("PRAGMA table_info(game_tables)")}
            for column, kind in COLUMNS:
                if column not in have:
                    self._db.execute(f"ALTER TABLE game_tables ADD COLUMN {column} {kind}")

    def create(self, table: TableInfo) -> None:
        """Add a new table with no moves."""
        with self._lock:
            try:
                self._db.execute(sql(INSERT_TABLE, "?"), table_values(table))
            except sqlite3.IntegrityError:
                raise StoreConflictError(f"Table {table.id!r} is already stored.") from None

    def append_many(self, moves: Sequence[MoveRow]) -> list[StoreConflictError | None]:
        """Write many moves in one transaction (each in a savepoint); see :class:`Store`."""
        answers: list[StoreConflictError | None] = []
        now = time.time()
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for move in moves:
                    answers.append(self._write(move, now))
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        return answers

    def _write(self, move: MoveRow, now: float) -> StoreConflictError | None:
        return write_move(self._db, move, now, "?")

    def load(self, table_id: str) -> StoredTable | None:
        """The table and its moves, or ``None``."""
        with self._lock:
            row = self._db.execute(sql(LOAD_TABLE, "?"), (table_id,)).fetchone()
            if row is None:
                return None
            moves = self._db.execute(sql(LOAD_MOVES, "?"), (table_id,)).fetchall()
        return table_from_row(row, [m[0] for m in moves])

    def open_tables(self) -> list[str]:
        """The ids of the tables whose match is not over, oldest first."""
        with self._lock:
            return [str(r[0]) for r in self._db.execute(OPEN).fetchall()]

    def update_seats(self, table_id: str, seats: Sequence[SeatInfo]) -> None:
        """Replace a table's seats."""
        text = json.dumps([s.to_dict() for s in seats])
        with self._lock:
            self._db.execute(sql(SEATS, "?"), (text, table_id))

    def end(self, table_id: str, reason: str) -> None:
        """Mark a table's match over, with the reason."""
        with self._lock:
            self._db.execute(sql(END, "?"), (safe_text(reason), time.time(), table_id))

    def purge(self, before: float) -> int:
        """Delete the finished tables that last changed before ``before``."""
        with self._lock:
            old = [r[0] for r in self._db.execute(sql(OLD, "?"), (before,)).fetchall()]
            self._db.execute("BEGIN IMMEDIATE")
            for table_id in old:
                self._db.execute(sql(DROP_MOVES, "?"), (table_id,))
                self._db.execute(sql(DROP_TABLE, "?"), (table_id,))
            self._db.execute("COMMIT")
        return len(old)

    def ping(self) -> None:
        """SQLite is in this process: it always answers."""
        with self._lock:
            self._db.execute("SELECT 1")

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._db.close()
