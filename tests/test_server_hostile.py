"""Hostile clients: huge and malformed frames, stolen and forged tokens, moves out of turn,
floods. Each is refused (an error with a code, or the connection closed) without the server
reading more than its limits, and the table plays on unharmed: its stored record still replays
to the table's state and an honest client finishes the match. docs/play-online.md, "Limits".
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import os
import random
import socket
import struct
from typing import Any

import pytest

pytest.importorskip("aiohttp", reason="the server tests need the server extra (aiohttp)")

import aiohttp

from tablegames.core.records import GameRecord
from tablegames.games import get_game
from tablegames.server.app import HUB
from tablegames.server.client import SeatClient, create_table, random_policy
from tablegames.server.protocol import MAX_MESSAGE_CHARS
from test_server_support import config, serving

PEOPLE = ["person", "heuristic", "person", "heuristic"]


async def _unharmed(
    app: Any, base: str, session: aiohttp.ClientSession, answer: dict[str, Any]
) -> None:
    """The table's stored moves replay to its state, and honest people finish the match."""
    table = app[HUB].tables[answer["table"]]
    async with table.lock:  # no move is being stored meanwhile
        stored = app[HUB].writer.store.load(answer["table"])
        record = GameRecord(answer["game"], answer["rules"], stored.actions)
        assert get_game(answer["game"]).replay(record) == table.state
    people = [
        SeatClient(base, answer["table"], s["token"], session)
        for s in answer["seats"]
        if s["token"]
    ]
    for person in people:
        await person.connect()
    await asyncio.gather(*(p.play(random_policy(random.Random(3))) for p in people))
    assert table.state.is_over
    for person in people:
        await person.close()


async def _closed(ws: aiohttp.ClientWebSocketResponse[bool]) -> tuple[list[Any], int | None]:
    """Every message until the server closes the connection, and the close code."""
    seen: list[Any] = []
    while True:
        frame = await ws.receive(timeout=30)
        if frame.type in (
            aiohttp.WSMsgType.CLOSE,
            aiohttp.WSMsgType.CLOSED,
            aiohttp.WSMsgType.CLOSING,
            aiohttp.WSMsgType.ERROR,
        ):
            return seen, ws.close_code
        if frame.type == aiohttp.WSMsgType.TEXT:
            seen.append(frame.json())


def test_a_ten_megabyte_frame_closes_the_connection_unread() -> None:
    """The frame's header says 10 MB: the server closes with 1009 (message too big) before it
    buffers the payload; the table is unharmed."""

    async def main() -> None:
        async with serving() as (base, app), aiohttp.ClientSession() as session:
            answer = await create_table(session, base, "texas42", PEOPLE, rules={"target": 30})
            token = answer["seats"][0]["token"]
            ws = await session.ws_connect(f"{base}/ws/{answer['table']}", max_msg_size=0)
            await ws.send_json({"type": "hello", "token": token})
            with contextlib.suppress(ConnectionError, aiohttp.ClientError):
                await ws.send_str(
                    '{"type": "move", "action": "' + "9" * 10_000_000 + '"}'
                )  # the server may close while the client writes
            _, code = await _closed(ws)
            assert code in (1009, 1006)  # 1006: the close came while the client still wrote
            assert await asyncio.to_thread(_frame_header_alone, base, answer["table"]) == 1009
            async with session.post(f"{base}/api/tables", data=b"{" * 10_000_000) as response:
                assert response.status == 413
            await _unharmed(app, base, session, answer)

    asyncio.run(main())


def _frame_header_alone(base: str, table: str) -> int:
    """Upgrade a raw socket, send a text frame's header announcing 10 MB and only 8 bytes of
    it: the server answers with a close frame at once (it does not wait for the payload).
    Returns the close code."""
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as raw:
        key = base64.b64encode(os.urandom(16)).decode()
        raw.sendall(
            f"GET /ws/{table} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        reply = b""
        while b"\r\n\r\n" not in reply:
            reply += raw.recv(4096)
        assert reply.startswith(b"HTTP/1.1 101")
        raw.sendall(
            bytes([0x81, 0x80 | 127]) + struct.pack(">Q", 10_000_000) + b"\0" * 4 + b"x" * 8
        )
        frames = reply.split(b"\r\n\r\n", 1)[1]
        while len(frames) < 4:
            chunk = raw.recv(4096)
            if not chunk:
                break
            frames += chunk
        assert frames[0] == 0x88, frames[:8]  # a close frame
        return int(struct.unpack(">H", frames[2:4])[0])


def test_malformed_messages_are_refused_with_a_code() -> None:
    async def main() -> None:
        async with serving() as (base, app), aiohttp.ClientSession() as session:
            answer = await create_table(session, base, "preference", PEOPLE, rules={"deals": 1})
            client = SeatClient(base, answer["table"], answer["seats"][0]["token"], session)
            await client.connect()
            assert client.ws is not None
            cases = [
                ("x" * (MAX_MESSAGE_CHARS + 1), "too_big"),
                ('{"type": "move", "action": ', "bad_json"),
                ("[" * 4_000, "bad_json"),
                ('{"type": "move", "action": "pass", "action": "pass"}' + "]" * 3, "bad_json"),
                ("NaN", "bad_message"),
                ('"hello"', "bad_message"),
                ("[]", "bad_message"),
                ('{"kind": "move"}', "bad_message"),
                ('{"type": "teleport"}', "bad_message"),
                ('{"type": "move", "action": ["pass"]}', "bad_message"),
                ('{"type": "move", "action": "pass", "turn": -1}', "bad_message"),
                ('{"type": "move", "action": "pass", "turn": 1.5}', "bad_message"),
                ('{"type": "hello", "token": "again"}', "bad_message"),
            ]
            for text, code in cases:
                await client.ws.send_str(text)
                message = await client.receive()
                while message["type"] not in ("error", "refused"):
                    message = await client.receive()
                assert message["code"] == code, text[:60]
            await client.ws.send_bytes(b"\x00" * 1000)
            message = await client.receive()
            while message["type"] not in ("error", "refused"):
                message = await client.receive()  # the bots' moves may come first
            assert message["code"] == "bad_message"
            for text in ["bid " + "9" * 4000, "play AS AS AS", "pass pass", "\x00"]:
                answer_ = await client.move(text)
                assert answer_["type"] == "refused" and answer_["code"] in (
                    "unreadable",
                    "out_of_turn",
                )
            await client.close()
            await _unharmed(app, base, session, answer)

    asyncio.run(main())


def test_tokens_of_another_seat_or_table_are_refused() -> None:
    async def main() -> None:
        async with serving() as (base, app), aiohttp.ClientSession() as session:
            answer = await create_table(session, base, "texas42", PEOPLE, rules={"target": 30})
            other = await create_table(session, base, "texas42", PEOPLE)
            for token in [other["seats"][0]["token"], "x" * 32, "x" * 1_000, "", 42]:
                ws = await session.ws_connect(f"{base}/ws/{answer['table']}")
                await ws.send_json({"type": "hello", "token": token})
                seen, code = await _closed(ws)
                assert seen[-1]["code"] == "bad_token" and code == 1008
            ws = await session.ws_connect(f"{base}/ws/{answer['table']}")
            await ws.send_json({"type": "move", "action": "pass"})
            seen, code = await _closed(ws)
            assert seen[-1]["type"] == "error" and code == 1008
            async with session.get(f"{base}/ws/nosuchtable") as response:
                assert response.status == 404
            # a seat's token works at its own seat only: seat 0 cannot move for seat 2
            table = app[HUB].tables[answer["table"]]
            seat0 = SeatClient(base, answer["table"], answer["seats"][0]["token"], session)
            await seat0.connect()
            while table.state.to_act == 0 or table.state.is_chance:
                await seat0.play(random_policy(random.Random(1)), max_moves=1)
            to_act = table.state.to_act
            legal = [str(a) for a in table.state.legal_actions()]
            refused = await seat0.move(legal[0])
            assert (
                refused["code"] == "out_of_turn" and f"seat {to_act}'s turn" in refused["message"]
            )
            await seat0.close()
            await _unharmed(app, base, session, answer)

    asyncio.run(main())


def test_a_connection_that_says_nothing_is_closed() -> None:
    async def main() -> None:
        async with serving(config(hello_timeout=0.2)) as (base, _), aiohttp.ClientSession() as s:
            answer = await create_table(s, base, "texas42", PEOPLE)
            ws = await s.ws_connect(f"{base}/ws/{answer['table']}")
            seen, code = await _closed(ws)
            assert seen[-1]["code"] == "hello_first" and code == 1008

    asyncio.run(main())


def test_a_flood_is_rate_limited_then_cut_off() -> None:
    """The real limits (10 messages a second, bursts of 30): 2,000 moves sent at once get
    rate_limited errors, then the connection is closed (1008); the table is unharmed and its
    turn moved at most by the moves the bucket let through."""

    async def main() -> None:
        settings = config(rate=10.0, burst=30)
        async with serving(settings) as (base, app), aiohttp.ClientSession() as session:
            answer = await create_table(session, base, "texas42", PEOPLE, rules={"target": 30})
            flooder = SeatClient(base, answer["table"], answer["seats"][0]["token"], session)
            await flooder.connect()
            assert flooder.ws is not None
            turn = app[HUB].tables[answer["table"]].turn
            try:
                for _ in range(2_000):
                    await flooder.ws.send_str('{"type": "move", "action": "bid 30"}')
            except (ConnectionError, aiohttp.ClientError):
                pass
            seen, code = await _closed(flooder.ws)
            assert code == 1008
            errors = [m["code"] for m in seen if m["type"] == "error"]
            assert errors[0] == "rate_limited" and errors[-1] == "flood"
            assert set(errors) == {"rate_limited", "flood"}
            answers = [m for m in seen if m["type"] in ("accepted", "refused")]
            assert len(answers) <= 40
            assert app[HUB].tables[answer["table"]].turn <= turn + 1 + 3 * 40
            await _unharmed(app, base, session, answer)

    asyncio.run(main())
