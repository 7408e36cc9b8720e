"""The store survives its database, and a shard is served by one process at a time
(docs/play-online.md, "Nothing lost" and "Scaling"): PostgreSQL restarted under a playing
table (moves refused as ``not_stored`` meanwhile, never acknowledged; ``/healthz`` says so;
the server reconnects by itself), shard leases on SQLite and PostgreSQL, and a process that
loses its lease stops serving.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("aiohttp", reason="the server tests need the server extra (aiohttp)")

import aiohttp

from tablegames.server.app import HUB, make_app
from tablegames.server.client import SeatClient, create_table, random_policy
from tablegames.server.lease import LeaseTakenError, PostgresLease, open_lease
from tablegames.server.pgcluster import Cluster
from tablegames.server.serve import main as serve
from tablegames.server.writer import open_store
from test_server_support import ServerProcess, config, postgres_cluster, serving

PEOPLE = ["person"] * 4


async def _until(check: Any, seconds: float = 30.0) -> None:
    for _ in range(int(seconds / 0.05)):
        if await check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("not within the time given")


async def _health(session: aiohttp.ClientSession, base: str) -> tuple[int, dict[str, Any]]:
    async with session.get(f"{base}/healthz") as response:
        return response.status, await response.json()


def test_a_postgresql_restart_under_a_playing_table() -> None:
    clusters: list[Cluster] = []
    with postgres_cluster(clusters) as dsn:
        asyncio.run(_restart(clusters[0], dsn))


async def _restart(cluster: Cluster, dsn: str) -> None:
    settings = config(store=dsn, check_every=0.1)
    async with serving(settings) as (base, app), aiohttp.ClientSession() as session:
        answer = await create_table(session, base, "texas42", PEOPLE, seed=2)
        people = [SeatClient(base, answer["table"], s["token"], session) for s in answer["seats"]]
        for person in people:
            await person.connect()
        await asyncio.gather(
            *(
                p.play(random_policy(random.Random(1)), until=lambda m: m["turn"] >= 4)
                for p in people
            )
        )
        table = app[HUB].tables[answer["table"]]
        await asyncio.to_thread(cluster.stop, "immediate")
        mover = people[table.state.to_act]
        assert mover.last_view is not None
        legal = mover.last_view["view"]["legal_actions"]
        refused = await mover.move(legal[0], table.turn)
        assert refused["type"] == "refused" and refused["code"] == "not_stored"
        assert "try again" in refused["message"]
        turn = table.turn
        await _until(lambda: _down(session, base))
        status, _ = await _create_status(session, base)
        assert status == 503
        await asyncio.to_thread(cluster.start)
        await _until(lambda: _up(session, base))
        accepted = await mover.move(legal[0], turn)
        assert accepted["type"] == "accepted", accepted
        await asyncio.gather(
            *(
                p.play(random_policy(random.Random(2)), until=lambda m: m["turn"] >= 12)
                for p in people
            )
        )
        store = await asyncio.to_thread(open_store, dsn)
        stored = store.load(answer["table"])
        store.close()
        assert stored is not None and len(stored.actions) == table.turn
        for person in people:
            for move in person.accepted:
                assert stored.actions[move["turn"] - 1] == move["action"]
            await person.close()


async def _down(session: aiohttp.ClientSession, base: str) -> bool:
    status, health = await _health(session, base)
    return status == 503 and "PostgreSQL cannot be reached" in health["store"]


async def _up(session: aiohttp.ClientSession, base: str) -> bool:
    status, health = await _health(session, base)
    return status == 200 and health["store"] == "ok"


async def _create_status(session: aiohttp.ClientSession, base: str) -> tuple[int, Any]:
    body = {"game": "texas42", "seats": PEOPLE}
    async with session.post(f"{base}/api/tables", json=body) as response:
        return response.status, await response.json()


def test_a_second_process_cannot_take_a_served_shard(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """SQLite (a file lock) and PostgreSQL (an advisory lock): the second ``serve`` of a
    shard exits with status 2 and says why; so does one with another count of shards."""
    with postgres_cluster() as dsn:
        for store in (str(tmp_path / "t.db"), dsn):
            first = ServerProcess(tmp_path, "--store", store, "--shard", "0/2").start()
            try:
                for shard, words in (("0/2", "serves shard 0 of 2"), ("1/3", "in 2 shards")):
                    argv = ["--store", store, "--shard", shard, "--lease-wait", "0",
                            "--key-file", str(tmp_path / "k"), "--port", "1"]  # fmt: skip
                    assert serve(argv) == 2
                    assert words in capsys.readouterr().err
                second = ServerProcess(tmp_path, "--store", store, "--shard", "1/2").start()
                second.stop()
            finally:
                first.kill()
            # the lease dies with the process: a new one takes the shard at once
            again = ServerProcess(tmp_path, "--store", store, "--shard", "0/2").start()
            again.stop()


def test_leases_refuse_a_second_holder(tmp_path: Path) -> None:
    with postgres_cluster() as dsn:
        for store in (str(tmp_path / "t.db"), dsn):
            held = open_lease(store, 1, 4)
            with pytest.raises(LeaseTakenError, match="shard 1 of 4"):
                open_lease(store, 1, 4)
            other = open_lease(store, 2, 4)
            with pytest.raises(LeaseTakenError, match="in 4 shards, not 2"):
                open_lease(store, 0, 2)
            assert held.check() and other.check()
            held.release()
            open_lease(store, 1, 4).release()
            other.release()


def test_a_process_that_loses_its_lease_stops_serving() -> None:
    """The lease's session is cut and another process takes the shard meanwhile: the first
    process finds its lease lost, closes its tables, and refuses to serve them."""
    with postgres_cluster() as dsn:
        asyncio.run(_lose(dsn))


async def _lose(dsn: str) -> None:
    from aiohttp.test_utils import TestServer

    lease = PostgresLease(dsn, 0, 1)
    app = make_app(config(store=dsn, check_every=0.5), lease)
    server = TestServer(app, host="127.0.0.1")
    await server.start_server()
    base = str(server.make_url("")).rstrip("/")
    try:
        async with aiohttp.ClientSession() as session:
            answer = await create_table(session, base, "texas42", PEOPLE, seed=1)
            person = SeatClient(base, answer["table"], answer["seats"][0]["token"], session)
            await person.connect()
            assert lease._db is not None  # a lease taken holds its session
            pid = lease._db.info.backend_pid

            def cut_and_steal() -> PostgresLease:
                """End the lease's session (waiting for it to end), then take the lease."""
                import psycopg

                with psycopg.connect(dsn, autocommit=True) as killer:
                    killer.execute("SELECT pg_terminate_backend(%s, 5000)", (pid,))
                return PostgresLease(dsn, 0, 1)

            thief = await asyncio.to_thread(cut_and_steal)
            await _until(lambda: _lost(session, base))
            closed = await person.receive()
            while closed["type"] != "error":
                closed = await person.receive()
            assert closed["code"] == "table_closed"
            async with session.get(f"{base}/api/tables/{answer['table']}") as response:
                assert response.status == 503
            status, refused = await _create_status(session, base)
            assert status == 503 and "another one took it over" in refused["message"]
            thief.release()
    finally:
        await server.close()


async def _lost(session: aiohttp.ClientSession, base: str) -> bool:
    status, health = await _health(session, base)
    return status == 503 and health["lease"] == "lost"
