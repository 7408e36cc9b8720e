"""Every resource has a per-client limit, a global limit and a lifetime (docs/play-online.md,
"Limits"): sockets per client, per table and per process, tables per client and per process
(live ones only), the key to create tables, message and request rates, idle tables ended and
finished ones deleted after their time. Clients are told apart by address; these tests run
the server behind_proxy, so that ``X-Forwarded-For`` names each test client's address.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

pytest.importorskip("aiohttp", reason="the server tests need the server extra (aiohttp)")

import aiohttp

from tablegames.core.records import GameRecord
from tablegames.core.signing import verify
from tablegames.games import get_game
from tablegames.server.app import HUB
from tablegames.server.limits import Limits
from test_server_support import KEY, config, serving

PEOPLE = ["person"] * 4
BOTS = ["random"] * 4


def _from(address: str) -> dict[str, str]:
    return {"X-Forwarded-For": f"198.51.100.77, {address}"}


async def _create(
    session: aiohttp.ClientSession, base: str, address: str, **extra: Any
) -> tuple[int, dict[str, Any]]:
    body = {"game": "texas42", "seats": extra.pop("seats", PEOPLE), **extra}
    headers = {**_from(address), **extra.pop("headers", {})}
    async with session.post(f"{base}/api/tables", json=body, headers=headers) as response:
        return response.status, await response.json()


def test_one_client_cannot_take_every_socket() -> None:
    """A client with no token opens spectator sockets until refused (429 at its limit); other
    clients still connect; a table takes so many spectators; the process so many sockets."""

    async def main() -> None:
        settings = config(
            behind_proxy=True, connections_per_client=5, spectators_per_table=7, max_connections=9
        )
        async with serving(settings) as (base, app), aiohttp.ClientSession() as session:
            _, answer = await _create(session, base, "203.0.113.1")
            url = f"{base}/ws/{answer['table']}"
            mine = []
            for _ in range(5):
                ws = await session.ws_connect(url, headers=_from("203.0.113.1"))
                await ws.send_json({"type": "hello"})
                assert (await ws.receive_json())["type"] == "welcome"
                mine.append(ws)
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await session.ws_connect(url, headers=_from("203.0.113.1"))
            assert refused.value.status == 429
            others = []
            for n in range(2, 4):  # other clients: spectators 6 and 7 of the table
                ws = await session.ws_connect(url, headers=_from(f"203.0.113.{n}"))
                await ws.send_json({"type": "hello"})
                assert (await ws.receive_json())["type"] == "welcome"
                others.append(ws)
            ws = await session.ws_connect(url, headers=_from("203.0.113.4"))
            await ws.send_json({"type": "hello"})
            seen = await ws.receive_json()
            assert seen["code"] == "full"  # the table's eighth spectator
            await ws.close()
            assert app[HUB].connections == 7
            for n in (5, 6):  # sockets 8 and 9 of the process, then it is full
                ws = await session.ws_connect(url, headers=_from(f"203.0.113.{n}"))
                others.append(ws)
            with pytest.raises(aiohttp.WSServerHandshakeError) as full:
                await session.ws_connect(url, headers=_from("203.0.113.9"))
            assert full.value.status == 503
            for ws in mine + others:
                await ws.close()
            await asyncio.sleep(0.05)
            assert app[HUB].connections == 0
            assert app[HUB].clients.connections("203.0.113.1") == 0

    asyncio.run(main())


def test_tables_per_client_and_per_process_count_live_tables() -> None:
    """A client may have so many live tables, and the process so many; a finished or ended
    table no longer counts, so creating is possible again."""

    async def main() -> None:
        settings = config(behind_proxy=True, tables_per_client=2, max_tables=3)
        async with serving(settings) as (base, app), aiohttp.ClientSession() as session:
            made = [await _create(session, base, "203.0.113.1") for _ in range(2)]
            assert [status for status, _ in made] == [201, 201]
            status, refused = await _create(session, base, "203.0.113.1")
            assert status == 429 and "2 live tables" in refused["message"]
            assert (await _create(session, base, "203.0.113.2"))[0] == 201
            status, full = await _create(session, base, "203.0.113.3")
            assert status == 429 and "3 live tables" in full["message"]
            table = app[HUB].tables[made[0][1]["table"]]
            async with table.lock:
                await table.end("Stopped by the test.")
            assert (await _create(session, base, "203.0.113.3"))[0] == 201
            assert app[HUB].live() == 3

    asyncio.run(main())


def test_creating_tables_is_rate_limited_per_client() -> None:
    async def main() -> None:
        settings = config(behind_proxy=True, tables_per_client=3, creates_per_hour=1.0)
        async with serving(settings) as (base, app), aiohttp.ClientSession() as session:
            for _ in range(3):  # the burst
                status, answer = await _create(session, base, "203.0.113.1", seats=BOTS)
                assert status == 201
                table = app[HUB].tables[answer["table"]]
                async with table.lock:
                    await table.end("Stopped by the test.")
            status, refused = await _create(session, base, "203.0.113.1", seats=BOTS)
            assert status == 429 and "too fast" in refused["message"]

    asyncio.run(main())


def test_an_operator_can_require_a_key_to_create_tables() -> None:
    async def main() -> None:
        async with (
            serving(config(create_key="s3cret-key")) as (base, _),
            aiohttp.ClientSession() as s,
        ):
            async with s.get(f"{base}/api/games") as response:
                assert (await response.json())["key"] is True
            for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": "s3cret-key"}):
                status, answer = await _create(s, base, "203.0.113.1", headers=headers)
                assert status == 403 and answer["error"] == "key_needed"
            ok = {"Authorization": "Bearer s3cret-key"}
            assert (await _create(s, base, "203.0.113.1", headers=ok))[0] == 201

    asyncio.run(main())


def test_message_and_request_rates_are_per_client() -> None:
    """Two sockets of one client share its message rate; its API requests have a rate too,
    and another client is not slowed by either."""

    async def main() -> None:
        settings = config(behind_proxy=True, client_rate=5.0, http_rate=5.0)
        async with serving(settings) as (base, _), aiohttp.ClientSession() as session:
            _, answer = await _create(session, base, "203.0.113.1")
            url = f"{base}/ws/{answer['table']}"
            sockets = []
            for _ in range(2):
                ws = await session.ws_connect(url, headers=_from("203.0.113.8"))
                await ws.send_json({"type": "hello"})
                sockets.append(ws)
            for n in range(30):
                await sockets[n % 2].send_json({"type": "ping"})
            pongs = limited = 0
            for ws in sockets:
                while True:
                    try:
                        message = await ws.receive_json(timeout=0.5)
                    except asyncio.TimeoutError:
                        break
                    pongs += message["type"] == "pong"
                    limited += message.get("code") == "rate_limited"
            assert pongs <= 16 and limited >= 1  # a burst of 15, and a token or so more
            statuses = []
            for _ in range(25):
                async with session.get(f"{base}/api/games", headers=_from("203.0.113.8")) as r:
                    statuses.append(r.status)
            assert 429 in statuses and statuses.count(200) <= 17
            async with session.get(f"{base}/api/games", headers=_from("203.0.113.9")) as r:
                assert r.status == 200
            for ws in sockets:
                await ws.close()

    asyncio.run(main())


def test_idle_tables_end_and_finished_ones_go_after_their_time(tmp_path: Any) -> None:
    """A live table nobody is at ends after idle_after (its record downloads, signed); a
    finished table's record is deleted from the store after keep_records."""

    async def main() -> None:
        settings = config(
            store=str(tmp_path / "t.db"), limits=Limits(idle_after=60.0, keep_records=3600.0)
        )
        async with serving(settings) as (base, app), aiohttp.ClientSession() as session:
            hub = app[HUB]
            _, answer = await _create(session, base, "203.0.113.1")
            table = hub.tables[answer["table"]]
            await hub.sweep(now=time.monotonic() + 30)
            assert not table.over
            await hub.sweep(now=time.monotonic() + 61)
            assert table.ended == "Nobody was at the table for 1 minute: it was ended."
            assert answer["table"] not in hub.tables  # forgotten here, kept in the store
            url = f"{base}/api/tables/{answer['table']}"
            async with session.get(url) as response:
                info = await response.json()
                assert info["over"] and info["ended"] == table.ended
            async with session.get(url + "/record") as response:
                record = GameRecord.from_json(verify(await response.text(), KEY))
            assert get_game("texas42").replay(record) == table.state
            assert hub.live() == 0
            stored = hub.writer.store
            stored._db.execute(
                "UPDATE game_tables SET updated = updated - 7200 WHERE id = ?", (answer["table"],)
            )
            hub.tables.pop(answer["table"], None)
            await hub.sweep()
            async with session.get(url) as response:
                assert response.status == 404

    asyncio.run(main())
