"""Crash and restart, and two processes on one PostgreSQL: the server process is killed with
SIGKILL mid-match and started again; every table resumes where its store left it and no
acknowledged move is lost. docs/play-online.md, "Nothing lost" and "Scaling".
"""

from __future__ import annotations

import asyncio
import random
import threading
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("aiohttp", reason="the server tests need the server extra (aiohttp)")

import aiohttp

from tablegames.core.records import GameRecord
from tablegames.core.signing import verify
from tablegames.games import get_game
from tablegames.server.client import SeatClient, create_table, random_policy
from tablegames.server.writer import open_store
from test_server_support import KEY, LAX_ARGS, ServerProcess, http_json, postgres_cluster

FAST = ("--bot-delay", "0", "--bot-after", "never", *LAX_ARGS)
TABLES = [
    ("texas42", {"target": 250}, ["person", "heuristic", "person", "random"]),
    ("ninety-two", {"players": 6}, ["person", "random"] * 3),
    ("preference", {}, ["person"] * 4),
    ("quartets", {"players": 3}, ["person", "person", "random"]),
]


async def _people(
    base: str, answer: dict[str, Any], session: aiohttp.ClientSession
) -> list[SeatClient]:
    people = [
        SeatClient(base, answer["table"], s["token"], session)
        for s in answer["seats"]
        if s["token"]
    ]
    for person in people:
        await person.connect()
        answer["seats"][person.seat]["token"] = person.token  # the invitation is spent
    return people


async def _play_until_killed(
    server: ServerProcess, tables: list[dict[str, Any]]
) -> list[SeatClient]:
    """Everyone plays until the server is killed, after 60 acknowledged moves or so."""
    async with aiohttp.ClientSession() as session:
        everyone = [p for answer in tables for p in await _people(server.base, answer, session)]
        killed = threading.Event()

        async def killer() -> None:
            while sum(len(p.accepted) for p in everyone) < 60:
                await asyncio.sleep(0.01)
            await asyncio.to_thread(server.kill)
            killed.set()

        plays = [p.play(random_policy(random.Random(n))) for n, p in enumerate(everyone)]
        results = await asyncio.gather(killer(), *plays, return_exceptions=True)
        assert killed.is_set(), results
        return everyone


def _check_nothing_lost(
    store: str, tables: list[dict[str, Any]], everyone: list[SeatClient]
) -> None:
    stored_store = open_store(store)
    try:
        by_table = {answer["table"]: stored_store.load(answer["table"]) for answer in tables}
    finally:
        stored_store.close()
    acknowledged = 0
    for person in everyone:
        stored = by_table[person.table]
        assert stored is not None
        for accepted in person.accepted:
            assert stored.actions[accepted["turn"] - 1] == accepted["action"]
            acknowledged += 1
    assert acknowledged >= 60


def test_sigkill_mid_match_loses_no_acknowledged_move(tmp_path: Path) -> None:
    db = str(tmp_path / "tables.db")
    server = ServerProcess(tmp_path, "--store", db, *FAST).start()
    try:
        tables = [
            http_json(server.base + "/api/tables", {"game": g, "rules": r, "seats": s})
            for g, r, s in TABLES
        ]
        everyone = asyncio.run(_play_until_killed(server, tables))
        assert server.process is not None and server.process.returncode == -9
        _check_nothing_lost(db, tables, everyone)
        turns_then = {a["table"]: len(open_store(db).load(a["table"]).actions) for a in tables}  # type: ignore[union-attr]

        server = ServerProcess(tmp_path, "--store", db, *FAST, port=server.port).start()
        assert http_json(server.base + "/healthz")["tables"] == len(TABLES)
        for answer in tables:
            info = http_json(f"{server.base}/api/tables/{answer['table']}")
            assert info["turn"] >= turns_then[answer["table"]]
        asyncio.run(_finish(server.base, tables))
        for answer in tables:
            assert http_json(f"{server.base}/api/tables/{answer['table']}")["over"]
    finally:
        server.stop()


async def _finish(base: str, tables: list[dict[str, Any]]) -> None:
    """Reconnect every person and play every table to its end."""
    async with aiohttp.ClientSession() as session:
        everyone = [p for answer in tables for p in await _people(base, answer, session)]
        for person in everyone:
            assert person.last_view is not None  # resumed at the current view
        await asyncio.gather(*(p.play(random_policy(random.Random(9))) for p in everyone))
        for person in everyone:
            await person.close()


def test_two_processes_serve_their_shards_from_one_postgresql(tmp_path: Path) -> None:
    with postgres_cluster() as dsn:
        first = ServerProcess(tmp_path, "--store", dsn, "--shard", "0/2", *FAST).start()
        second = ServerProcess(tmp_path, "--store", dsn, "--shard", "1/2", *FAST).start()
        try:
            asyncio.run(_two_processes(tmp_path, dsn, first, second))
        finally:
            first.stop()
            second.stop()


async def _two_processes(
    tmp_path: Path, dsn: str, first: ServerProcess, second: ServerProcess
) -> None:
    async with aiohttp.ClientSession() as session:
        made: dict[str, list[dict[str, Any]]] = {first.base: [], second.base: []}
        for server in (first, second):
            for game, rules, seats in TABLES[:2]:
                made[server.base].append(
                    await create_table(session, server.base, game, seats, rules=rules)
                )
        # each process answers for its own tables only
        for mine, theirs in ((first, second), (second, first)):
            for answer in made[mine.base]:
                async with session.get(f"{theirs.base}/api/tables/{answer['table']}") as r:
                    assert r.status == 421
        # people play a few moves at every table, on both processes at once
        clients = [
            (server, await _people(server.base, a, session))
            for server in (first, second)
            for a in made[server.base]
        ]
        await asyncio.gather(
            *(
                p.play(random_policy(random.Random(1)), until=_past(12))
                for _, people in clients
                for p in people
            )
        )
        for _, people in clients:
            for person in people:
                await person.close()
        # the first process dies; the second plays on; the first comes back with its tables
        first.kill()
        for answer in made[second.base]:
            async with session.get(f"{second.base}/api/tables/{answer['table']}") as r:
                assert r.status == 200
        restarted = ServerProcess(
            tmp_path, "--store", dsn, "--shard", "0/2", *FAST, port=first.port
        ).start()
        first.process = restarted.process
        assert http_json(first.base + "/healthz")["tables"] == len(made[first.base])
        store = open_store(dsn)
        try:
            for people_of in clients:
                for person in people_of[1]:
                    stored = store.load(person.table)
                    assert stored is not None
                    for accepted in person.accepted:
                        assert stored.actions[accepted["turn"] - 1] == accepted["action"]
        finally:
            store.close()
        # a table of each process plays to its end; its record, signed by the shared key
        for server in (first, second):
            answer = made[server.base][0]
            await _finish(server.base, [answer])
            async with session.get(f"{server.base}/api/tables/{answer['table']}/record") as r:
                record = GameRecord.from_json(verify(await r.text(), KEY_OF(tmp_path)))
            assert get_game(answer["game"]).replay(record).is_over


def _past(turn: int) -> Any:
    return lambda message: message["turn"] >= turn


def KEY_OF(tmp_path: Path) -> bytes:  # noqa: N802
    """The key both processes read from their shared key file."""
    return bytes.fromhex((tmp_path / "server.key").read_text().strip())


_ = KEY
