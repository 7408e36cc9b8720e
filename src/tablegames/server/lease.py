"""Shard leases: a process holds a lease on the shard it serves, and no other process can take
it while it does.

- With SQLite the lease is an exclusive ``flock`` on a file beside the database
  (``tables.db.shard-0-of-2.lease``): the kernel frees it when the process ends, even by
  SIGKILL.
- With PostgreSQL it is a session advisory lock, held on a connection of its own: PostgreSQL
  frees it when that session ends. A process checks its lease every few seconds
  (:meth:`Lease.check`); if the session was lost it takes the lease again, and if another
  process has taken it meanwhile, the lease is lost and the process stops serving the shard.

Every process of one store serves the same count of shards: a lease of shard K of N is
refused while a process holds a lease of another N.

>>> import tempfile, os
>>> where = os.path.join(tempfile.mkdtemp(), "t.db")
>>> first = open_lease(where, 0, 2)
>>> open_lease(where, 0, 2)
Traceback (most recent call last):
...
tablegames.server.lease.LeaseTakenError: Another process serves shard 0 of 2 of this store.
>>> open_lease(where, 1, 3)
Traceback (most recent call last):
...
tablegames.server.lease.LeaseTakenError: Another process serves this store in 2 shards, not 3.
>>> first.release(); open_lease(where, 0, 2).check()
True
"""

from __future__ import annotations

import contextlib
import fcntl
import glob
import os
import threading
from typing import TYPE_CHECKING, Protocol, TextIO

from tablegames.errors import TableGamesError

if TYPE_CHECKING:
    from psycopg import Connection
    from psycopg.rows import TupleRow

__all__ = ["FileLease", "Lease", "LeaseTakenError", "NoLease", "PostgresLease", "open_lease"]

LEASE_SPACE = 424_242
"""The first key of the shard leases' PostgreSQL advisory locks (the second is N * 1024 + K)."""


class LeaseTakenError(TableGamesError):
    """Another process holds the lease of this shard (or serves the store in another count
    of shards).

    >>> issubclass(LeaseTakenError, TableGamesError)
    True
    """


class Lease(Protocol):
    """A held lease: :meth:`check` answers whether it is still held (taking it again if it
    was lost and is free), :meth:`release` lets it go; :attr:`lost` once another process has
    taken it."""

    lost: bool

    def check(self) -> bool:
        """Whether this process still holds the lease."""
        ...

    def release(self) -> None:
        """Let the lease go."""
        ...


class NoLease:
    """The lease of a store no other process can open (SQLite in memory).

    >>> NoLease().check()
    True
    """

    lost = False

    def check(self) -> bool:
        """Always held."""
        return True

    def release(self) -> None:
        """Nothing to let go."""


def _taken(shard: int, shards: int, other: int | None = None) -> LeaseTakenError:
    if other is not None and other != shards:
        return LeaseTakenError(
            f"Another process serves this store in {other} shards, not {shards}."
        )
    return LeaseTakenError(f"Another process serves shard {shard} of {shards} of this store.")


class FileLease:
    """A lease on a SQLite store: an exclusive ``flock`` on ``<path>.shard-K-of-N.lease``."""

    def __init__(self, path: str, shard: int, shards: int) -> None:
        self.file = f"{path}.shard-{shard}-of-{shards}.lease"
        self.lost = False
        self._handle: TextIO | None = open(self.file, "a+")  # noqa: SIM115 (held as long as the lease)
        try:
            fcntl.flock(self._handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self._handle.close()
            raise _taken(shard, shards) from None
        for other in glob.glob(f"{glob.escape(path)}.shard-*-of-*.lease"):
            count = other.rsplit("-of-", 1)[1].removesuffix(".lease")
            if count != str(shards) and _held(other):
                self.release()
                raise _taken(shard, shards, int(count))

    def check(self) -> bool:
        """A file lock is held until this process lets it go or ends."""
        return self._handle is not None

    def release(self) -> None:
        """Unlock the file."""
        if self._handle is not None:
            self._handle.close()
            self._handle = None


def _held(path: str) -> bool:
    """Whether some process holds the lock on the lease file ``path``."""
    try:
        with open(path, "a+") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    return False


class PostgresLease:
    """A lease on a PostgreSQL store: the advisory lock ``(LEASE_SPACE, N * 1024 + K)`` on a
    session of its own."""

    def __init__(self, dsn: str, shard: int, shards: int) -> None:
        import psycopg  # noqa: PLC0415

        self._psycopg = psycopg
        self.dsn, self.shard, self.shards = dsn, shard, shards
        self._lock = threading.Lock()
        self._db: Connection[TupleRow] | None = None
        self.lost = False
        taken = self._take()
        if taken is None:
            raise TableGamesError("Cannot reach PostgreSQL to take the shard's lease.")
        if not taken:
            raise _taken(shard, shards, self._other_count())

    @property
    def _key(self) -> int:
        """The advisory lock's second key: the count of shards and the shard."""
        return self.shards * 1024 + self.shard

    def _take(self) -> bool | None:
        """Connect and try the lock: True if taken, False if another process holds it (or
        serves the store in another count of shards), None if PostgreSQL cannot be reached."""
        try:
            db = self._psycopg.connect(self.dsn, autocommit=True, connect_timeout=5)
        except self._psycopg.Error:
            return None
        try:
            row = db.execute(
                "SELECT pg_try_advisory_lock(%s, %s)", (LEASE_SPACE, self._key)
            ).fetchone()
            taken = bool(row and row[0])
            other = self._count_held(db)
        except self._psycopg.Error:
            db.close()
            return None
        if not taken or other not in (None, self.shards):
            db.close()
            return False
        self._db = db
        return True

    def _count_held(self, db: Connection[TupleRow]) -> int | None:
        """The count of shards of the other processes' leases on this store (another count
        first), if any."""
        rows = db.execute(
            "SELECT objid FROM pg_locks WHERE locktype = 'advisory' AND classid = %s "
            "AND objsubid = 2 AND granted AND pid <> pg_backend_pid()",
            (LEASE_SPACE,),
        ).fetchall()
        counts = {int(row[0]) // 1024 for row in rows}
        others = counts - {self.shards}
        return min(others) if others else (self.shards if counts else None)

    def _other_count(self) -> int | None:
        try:
            with self._psycopg.connect(self.dsn, autocommit=True, connect_timeout=5) as db:
                return self._count_held(db)
        except self._psycopg.Error:
            return None

    def check(self) -> bool:
        """Whether the lease's session is alive; if it was lost, take the lease again if it is
        free. Once another process holds it, the lease stays lost (:attr:`lost`)."""
        with self._lock:
            if self.lost:
                return False
            if self._db is not None:
                try:
                    self._db.execute("SELECT 1").fetchone()
                    return True
                except self._psycopg.Error:
                    with contextlib.suppress(Exception):
                        self._db.close()
                    self._db = None
            taken = self._take()
            if taken is False:
                self.lost = True
            return bool(taken)

    def release(self) -> None:
        """Unlock and close the lease's session. The unlock is explicit: PostgreSQL frees a
        closed session's locks only when its backend has ended, a moment after the close, and
        a process taking the shard at once would find it still held."""
        with self._lock:
            if self._db is not None:
                with contextlib.suppress(Exception):
                    self._db.execute("SELECT pg_advisory_unlock(%s, %s)", (LEASE_SPACE, self._key))
                with contextlib.suppress(Exception):
                    self._db.close()
                self._db = None


def open_lease(where: str, shard: int, shards: int) -> Lease:
    """The lease of shard ``shard`` of ``shards`` of the store ``where`` names (as
    :func:`~tablegames.server.writer.open_store` reads it); LeaseTakenError if another process
    holds it."""
    if where.startswith(("postgresql://", "postgres://")):
        return PostgresLease(where, shard, shards)
    path = where.removeprefix("sqlite:")
    if path == ":memory:" or path.startswith("file::memory:"):
        return NoLease()
    return FileLease(os.path.abspath(path), shard, shards)
