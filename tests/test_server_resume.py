"""A restart never fails because of one table: a stored table that cannot be resumed is set
aside with its reason (the log, ``/healthz``, the table's API and page say so) and every other
table resumes; a store written by the first version of the server keeps loading.
docs/play-online.md, "Nothing lost".
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from pathlib import Path

import pytest

pytest.importorskip("aiohttp", reason="the server tests need the server extra (aiohttp)")

import aiohttp

from tablegames.server.app import HUB
from tablegames.server.store import SeatInfo, SQLiteStore, TableInfo
from test_server_support import ServerProcess, config, http_json, serving

DEAL = "deal 4:4 3:1 0:0 6:0 5:0 3:2 1:0 6:1 5:1 3:3 1:1 6:2 5:2 4:0 2:0 6:3 5:3 4:1 2:1 6:4 5:4 4:2 2:2 6:5 5:5 4:3 3:0 6:6"  # noqa: E501


def _store_tables(path: Path) -> None:
    """A good table, one with 100,001 moves, one whose moves do not replay, one of a game
    this server does not know."""
    store = SQLiteStore(str(path))
    seats = (SeatInfo("random"),) * 4
    for table_id, game in [("good", "texas42"), ("long", "texas42"), ("bad", "texas42"),
                           ("odd", "chess")]:  # fmt: skip
        store.create(TableInfo(table_id, game, {}, seats, seed="1"))
    store.append("good", 0, DEAL)
    store.append("bad", 0, DEAL)
    store.append("bad", 1, "bid 99")
    db = store._db
    db.execute("BEGIN")
    db.executemany(
        "INSERT INTO game_moves (table_id, number, seat, action, at) VALUES ('long', ?, 1, ?, 0)",
        [(n, DEAL if n == 0 else "pass") for n in range(100_001)],
    )
    db.execute("UPDATE game_tables SET moves = 100001 WHERE id = 'long'")
    db.execute("COMMIT")
    store.close()


def test_a_table_that_cannot_be_resumed_is_set_aside(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    _store_tables(tmp_path / "t.db")

    async def main() -> None:
        settings = config(store=str(tmp_path / "t.db"))
        async with serving(settings) as (base, app), aiohttp.ClientSession() as session:
            hub = app[HUB]
            assert set(hub.tables) == {"good"}
            assert set(hub.set_aside) == {"long", "bad", "odd"}
            async with session.get(f"{base}/healthz") as response:
                health = await response.json()
            assert health["ok"] and health["set_aside_count"] == 3
            assert "100,001 actions; the limit is 100,000" in health["set_aside"]["long"]
            assert "action 2" in health["set_aside"]["bad"]
            assert "chess" in health["set_aside"]["odd"]
            for table_id in ("long", "bad", "odd"):
                async with session.get(f"{base}/api/tables/{table_id}") as response:
                    answer = await response.json()
                    assert response.status == 503 and answer["error"] == "set_aside"
                    assert answer["message"] == hub.set_aside[table_id]
                async with session.get(f"{base}/t/{table_id}") as response:
                    assert response.status == 503
            async with session.get(f"{base}/api/tables/good") as response:
                assert response.status == 200 and (await response.json())["turn"] >= 1

    with caplog.at_level(logging.WARNING, logger="tablegames.server"):
        asyncio.run(main())
    assert sum("set aside" in r.getMessage() for r in caplog.records) == 3


def test_serve_starts_beside_a_table_it_cannot_resume(tmp_path: Path) -> None:
    """The command itself: ``serve`` starts (it exited with status 2 before), says so in its
    log and its health, and plays the other tables."""
    _store_tables(tmp_path / "t.db")
    server = ServerProcess(tmp_path, "--store", str(tmp_path / "t.db"), "--bot-delay", "0")
    server.start()
    try:
        health = http_json(server.base + "/healthz")
        assert health["tables"] >= 1 and health["set_aside_count"] == 3
        assert "table long set aside" in server.log()
    finally:
        server.stop()


def test_a_store_of_the_first_version_keeps_loading(tmp_path: Path) -> None:
    """The tables of the first version (no ended, updated, seed_shown or creator columns;
    seats with a token digest only) load, resume and take moves."""
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    db.execute(
        "CREATE TABLE game_tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, rules TEXT NOT NULL,"
        " seats TEXT NOT NULL, seed TEXT, created DOUBLE PRECISION NOT NULL, moves INTEGER NOT"
        " NULL DEFAULT 0, over BOOLEAN NOT NULL DEFAULT FALSE)"
    )
    db.execute(
        "CREATE TABLE game_moves (table_id TEXT NOT NULL REFERENCES game_tables (id), number"
        " INTEGER NOT NULL, seat INTEGER, action TEXT NOT NULL, at DOUBLE PRECISION NOT NULL,"
        " PRIMARY KEY (table_id, number))"
    )
    seats = '[{"player": "person", "token_hash": "' + "ab" * 32 + '"}' + (
        ', {"player": "random", "token_hash": null}' * 3
    ) + "]"  # fmt: skip
    db.execute(
        "INSERT INTO game_tables VALUES ('old', 'texas42', '{}', ?, '3', 1.5, 1, 0)", (seats,)
    )
    db.execute("INSERT INTO game_moves VALUES ('old', 0, NULL, ?, 2.0)", (DEAL,))
    db.commit()
    db.close()
    store = SQLiteStore(str(path))
    stored = store.load("old")
    assert stored is not None
    assert stored.info.seed_shown
    assert stored.info.seats[0] == SeatInfo("person", "ab" * 32)
    assert stored.actions == (DEAL,) and stored.ended is None and stored.updated == 1.5
    store.append("old", 1, "pass", seat=1)
    assert store.open_tables() == ["old"]
    store.close()
