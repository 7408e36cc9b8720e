"""The stores behind the server: the same tests for SQLite and for PostgreSQL (a throwaway
cluster started for this module). docs/play-online.md, "Nothing lost" and "Scaling".
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tablegames.server.store import (
    MoveRow,
    SeatInfo,
    SQLiteStore,
    Store,
    StoreConflictError,
    TableInfo,
)
from tablegames.server.writer import StoreWriter, open_store
from test_server_support import postgres_cluster

SEATS = (
    SeatInfo("person", "ab" * 32),
    SeatInfo("heuristic"),
    SeatInfo("random"),
    SeatInfo("search"),
)


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    with postgres_cluster() as dsn:
        yield dsn


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        made: Store = SQLiteStore(str(tmp_path / "tables.db"))
    else:
        dsn = request.getfixturevalue("postgres")
        made = open_store(dsn)
        _empty(made)
    yield made
    made.close()


def _empty(store: Store) -> None:
    db = store._db  # type: ignore[attr-defined]
    db.execute("DELETE FROM game_moves")
    db.execute("DELETE FROM game_tables")


def _info(table_id: str = "t1", game: str = "texas42") -> TableInfo:
    return TableInfo(table_id, game, {"target": 60}, SEATS, seed="9", created=1.5)


def test_a_table_comes_back_as_it_was_written(store: Store) -> None:
    store.create(_info())
    for number, action in enumerate(["deal 0:0", "pass", "bid 30"]):
        store.append("t1", number, action, seat=None if number == 0 else number)
    stored = store.load("t1")
    assert stored is not None
    assert stored.info == _info()
    assert stored.actions == ("deal 0:0", "pass", "bid 30")
    assert stored.over is False
    assert store.load("t2") is None


def test_moves_are_written_in_order_only(store: Store) -> None:
    store.create(_info())
    store.append("t1", 0, "pass")
    with pytest.raises(StoreConflictError, match="has 1 move stored, so move 0"):
        store.append("t1", 0, "bid 30")
    with pytest.raises(StoreConflictError, match="move 2 cannot"):
        store.append("t1", 2, "bid 30")
    with pytest.raises(StoreConflictError, match="not in the store"):
        store.append("nowhere", 0, "pass")
    stored = store.load("t1")
    assert stored is not None and stored.actions == ("pass",)


def test_a_table_id_is_stored_once(store: Store) -> None:
    store.create(_info())
    with pytest.raises(StoreConflictError, match="already stored"):
        store.create(_info(game="quartets"))


def test_finished_tables_are_not_open(store: Store) -> None:
    store.create(_info("a"))
    store.create(_info("b"))
    store.append("a", 0, "pass", over=True)
    store.append("b", 0, "pass")
    assert store.open_tables() == ["b"]
    stored = store.load("a")
    assert stored is not None and stored.over


def test_two_writers_never_both_write_a_move(store: Store) -> None:
    """Threads race to write the same move numbers: each number is written once."""
    store.create(_info())
    wins: list[int] = []

    def writer(name: int) -> None:
        for number in range(30):
            try:
                store.append("t1", number, f"move {number} by {name}")
                wins.append(number)
            except StoreConflictError:
                pass

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    stored = store.load("t1")
    assert stored is not None
    assert sorted(wins) == list(range(30))
    assert [a.split()[1] for a in stored.actions] == [str(n) for n in range(30)]


def test_two_connections_share_one_store(store: Store, tmp_path: Path) -> None:
    """A second connection to the same database sees what the first wrote and cannot write a
    move number the first has taken (SQLite file or PostgreSQL alike)."""
    where = getattr(store, "path", None) or store._db.info.dsn  # type: ignore[attr-defined]
    if not where.startswith(("/", "host=", "user=", "port=", "dbname=")):
        pytest.skip("an in-memory store has no second connection")
    other = open_store(where if where.startswith("/") else "postgresql://" + _uri(where))
    try:
        store.create(_info())
        store.append("t1", 0, "pass")
        seen = other.load("t1")
        assert seen is not None and seen.actions == ("pass",)
        with pytest.raises(StoreConflictError):
            other.append("t1", 0, "bid 30")
        other.append("t1", 1, "bid 30")
        again = store.load("t1")
        assert again is not None and again.actions == ("pass", "bid 30")
    finally:
        other.close()


def _uri(dsn: str) -> str:
    parts = dict(item.split("=", 1) for item in dsn.split())
    return f"{parts['user']}@{parts.get('host', '127.0.0.1')}:{parts['port']}/{parts['dbname']}"


def test_synchronous_is_full_or_normal(tmp_path: Path) -> None:
    with pytest.raises(Exception, match="FULL or NORMAL"):
        SQLiteStore(str(tmp_path / "x.db"), synchronous="OFF")
    store = SQLiteStore(str(tmp_path / "x.db"), synchronous="normal")
    assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    store.close()


def test_one_refused_move_does_not_fail_the_others_of_its_commit(store: Store) -> None:
    store.create(_info("a"))
    store.create(_info("b"))
    answers = store.append_many(
        [MoveRow("a", 0, "pass"), MoveRow("b", 5, "pass"), MoveRow("b", 0, "bid 30")]
    )
    assert answers[0] is None and answers[2] is None
    assert isinstance(answers[1], StoreConflictError)
    assert [store.load(t).actions for t in "ab"] == [("pass",), ("bid 30",)]  # type: ignore[union-attr]


class _SlowCommits:
    """A store whose commits take a tenth of a second, recording when each one returned."""

    def __init__(self, inner: Store) -> None:
        self.inner = inner
        self.committed: list[tuple[float, int]] = []

    def append_many(self, moves: list[MoveRow]) -> list[StoreConflictError | None]:
        time.sleep(0.1)
        answers = self.inner.append_many(moves)
        self.committed.append((time.monotonic(), len(moves)))
        return answers

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)


def test_moves_of_many_tables_share_a_commit_and_wait_for_it() -> None:
    """Sixteen tables move at once while a commit is under way: they are written together
    in the next one, and each move is answered only after the commit that holds it."""
    slow = _SlowCommits(SQLiteStore(":memory:"))

    async def main() -> list[float]:
        writer = StoreWriter(slow)  # type: ignore[arg-type]
        for n in range(16):
            await writer.create(_info(f"t{n}"))

        async def move(n: int) -> float:
            await writer.append(f"t{n}", 0, "pass", 1, False)
            return time.monotonic()

        answered = await asyncio.gather(*(move(n) for n in range(16)))
        writer.close()
        return answered

    answered = asyncio.run(main())
    assert sum(count for _, count in slow.committed) == 16
    assert len(slow.committed) <= 2  # one move alone at most, then all the others at once
    last_commit = max(at for at, _ in slow.committed)
    first_commit = min(at for at, _ in slow.committed)
    assert all(at >= first_commit for at in answered)
    assert sorted(answered)[-1] >= last_commit
