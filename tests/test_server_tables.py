"""Tables over the network, in-process: moves checked for their seat, refusals with the
library's code and sentence, reconnecting, bots for absent people, spectators, signed records,
and many clients on many tables at once. docs/play-online.md, "The protocol".
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("aiohttp", reason="the server tests need the server extra (aiohttp)")

import aiohttp

from tablegames.core.records import GameRecord
from tablegames.core.signing import verify
from tablegames.games import get_game
from tablegames.server.app import HUB
from tablegames.server.client import SeatClient, create_table, random_policy
from tablegames.server.protocol import SCHEMAS
from tablegames.server.table import TableOptions
from test_server_support import KEY, config, serving

PEOPLE = ["person"] * 4


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


async def _seated(
    session: aiohttp.ClientSession, base: str, answer: dict[str, Any]
) -> list[SeatClient]:
    clients = []
    for seat in answer["seats"]:
        if seat["token"] is not None:
            client = SeatClient(base, answer["table"], seat["token"], session)
            welcome = await client.connect()
            assert welcome["type"] == "welcome" and welcome["seat"] == seat["seat"]
            clients.append(client)
    return clients


def test_many_clients_play_many_tables_at_once() -> None:
    """Eight tables of people (every game, 30 clients), all playing at once: every table's moves
    are the ones its clients were told were accepted, in order, and the stored record replays
    to a finished match."""
    games = [
        ("texas42", {"target": 60}),
        ("ninety-two", {"target": 20}),
        ("preference", {"deals": 2}),
        ("quartets", {"players": 3}),
    ]

    async def main() -> None:
        async with serving() as (base, app), aiohttp.ClientSession() as session:
            tables = []
            for n in range(8):
                game, rules = games[n % 4]
                people = PEOPLE[: get_game(game).seats(get_game(game).rules_from_json(rules))]
                answer = await create_table(session, base, game, people, rules=rules, seed=n)
                tables.append((answer, await _seated(session, base, answer)))
            await asyncio.gather(
                *(
                    c.play(random_policy(random.Random(i)))
                    for i, (_, cs) in enumerate(tables)
                    for c in cs
                )
            )
            hub = app[HUB]
            for answer, clients in tables:
                stored = hub.writer.store.load(answer["table"])
                assert stored is not None and stored.over
                played = get_game(answer["game"])
                final = played.replay(GameRecord(played.name, answer["rules"], stored.actions))
                assert final.is_over
                for client in clients:
                    assert client.last_view is not None and client.last_view["over"]
                    assert client.last_view["turn"] == len(stored.actions)
                    for accepted in client.accepted:
                        assert stored.actions[accepted["turn"] - 1] == accepted["action"]
                    await client.close()

    run(main())


def test_moves_are_refused_with_the_library_code_and_sentence() -> None:
    async def main() -> None:
        async with serving() as (base, app), aiohttp.ClientSession() as session:
            answer = await create_table(session, base, "texas42", PEOPLE, seed=3)
            clients = await _seated(session, base, answer)
            view = clients[0].last_view
            while view is None or view["type"] != "view" or view["view"]["to_act"] is None:
                view = await clients[0].receive()  # the deal may come after the welcome
            state = app[HUB].tables[answer["table"]].state
            to_act = view["view"]["to_act"]
            other = clients[(to_act + 1) % 4]
            refused = await other.move("pass")
            expected = state.check(get_game("texas42").parse_action("pass"), (to_act + 1) % 4)
            assert expected is not None
            assert (refused["code"], refused["message"]) == (expected.code.value, str(expected))
            mover = clients[to_act]
            refused = await mover.move("bid 29")
            assert (refused["code"], refused["message"]) == (
                "bid_out_of_range",
                "The lowest bid is 30, not 29.",
            )
            unreadable = await mover.move("bid thirty")
            assert unreadable["code"] == "unreadable"
            stale = await mover.move("pass", turn=0)
            assert stale["code"] == "stale"
            accepted = await mover.move("pass", turn=view["turn"])
            assert accepted == {"type": "accepted", "turn": view["turn"] + 1, "action": "pass"}
            for client in clients:
                await client.close()

    run(main())


def test_a_seat_reconnects_to_the_current_view() -> None:
    async def main() -> None:
        async with serving() as (base, _), aiohttp.ClientSession() as session:
            answer = await create_table(
                session, base, "preference", ["person", "random", "random", "random"], seed=5
            )
            (person,) = await _seated(session, base, answer)
            await person.play(random_policy(random.Random(1)), max_moves=3)
            seen = person.last_view
            await person.close()
            again = SeatClient(base, answer["table"], answer["seats"][0]["token"], session)
            welcome = await again.connect()
            assert welcome["seat"] == 0
            view = again.last_view
            assert view is not None and again.messages[1] is view
            assert seen is not None and view["turn"] >= seen["turn"]
            assert view["view"]["hand"] and view["view"]["seat"] == 0
            await again.close()

    run(main())


def test_an_absent_person_is_replaced_by_a_bot_and_comes_back() -> None:
    """docs/play-online.md, "Bots": after bot_after seconds a bot plays the silent seat."""
    options = TableOptions(bot_delay=0.0, bot_after=0.05, standby="heuristic")

    async def main() -> None:
        async with serving(config(options=options)) as (base, app), aiohttp.ClientSession() as s:
            answer = await create_table(s, base, "texas42", PEOPLE, seed=2, rules={"target": 30})
            watcher = SeatClient(base, answer["table"], None, s)
            await watcher.connect()
            for _ in range(20_000):
                message = await watcher.receive()
                if message["type"] == "view" and message["over"]:
                    break
            table = app[HUB].tables[answer["table"]]
            assert table.state.is_over
            away = [
                m
                for m in watcher.messages
                if m["type"] == "seats" and any(seat["away"] for seat in m["seats"])
            ]
            assert away
            person = SeatClient(base, answer["table"], answer["seats"][1]["token"], s)
            await person.connect()
            assert table.away[1] is False
            await person.close()
            await watcher.close()

    run(main())


def test_spectators_see_the_public_view_and_cannot_move() -> None:
    async def main() -> None:
        async with serving() as (base, _), aiohttp.ClientSession() as session:
            answer = await create_table(session, base, "texas42", PEOPLE, seed=1)
            watcher = SeatClient(base, answer["table"], None, session)
            welcome = await watcher.connect()
            assert welcome["seat"] is None
            view = watcher.last_view
            while view is None or view["type"] != "view" or view["view"]["to_act"] is None:
                view = await watcher.receive()  # the deal may come after the welcome
            assert "hand" not in view["view"] and view["view"]["legal_actions"] == []
            assert view["view"]["hand_sizes"] == [7, 7, 7, 7]
            refused = await watcher.move("pass")
            assert refused["code"] == "not_seated"
            await watcher.close()

    run(main())


def test_a_finished_match_downloads_as_a_signed_record() -> None:
    async def main() -> None:
        async with serving() as (base, app), aiohttp.ClientSession() as session:
            answer = await create_table(
                session,
                base,
                "quartets",
                ["person", "random", "random"],
                rules={"players": 3},
                seed=4,
            )
            (person,) = await _seated(session, base, answer)
            url = f"{base}/api/tables/{answer['table']}"
            async with session.get(url + "/record") as early:
                assert early.status == 409
            await person.play(random_policy(random.Random(2)))
            async with session.get(url + "/record") as response:
                assert response.status == 200
                record = GameRecord.from_json(verify(await response.text(), KEY))
            table = app[HUB].tables[answer["table"]]
            assert get_game("quartets").replay(record) == table.state
            token = answer["seats"][0]["token"]
            headers = {"Authorization": f"Bearer {token}"}
            async with session.get(url + "/seat-record", headers=headers) as response:
                seat_record = json.loads(verify(await response.text(), KEY))
            assert seat_record["format"] == "seat-record" and seat_record["seat"] == 0
            assert len(seat_record["actions"]) == len(record.actions)
            bad = {"Authorization": "Bearer " + "x" * 32}
            async with session.get(url + "/seat-record", headers=bad) as response:
                assert response.status == 403
            await person.close()

    run(main())


def test_tables_are_refused_with_a_reason() -> None:
    async def main() -> None:
        async with serving() as (base, _), aiohttp.ClientSession() as session:
            for body, words in [
                ({"game": "chess", "seats": PEOPLE}, "chess"),
                ({"game": "texas42", "seats": ["person"] * 3}, "has 4 seats, not 3"),
                ({"game": "texas42", "seats": ["person", "oracle", "random", "random"]}, "oracle"),
                ({"game": "texas42", "seats": PEOPLE, "rule": ["target=banana"]}, "target"),
                ({"game": "texas42", "seats": PEOPLE, "rules": {"colour": 1}}, "colour"),
            ]:
                async with session.post(f"{base}/api/tables", json=body) as response:
                    assert response.status == 400
                    assert words in (await response.json())["message"]
            async with session.post(f"{base}/api/tables", data="x" * 100_000) as response:
                assert response.status == 413

    run(main())


def test_a_table_of_another_shard_is_not_served_here() -> None:
    async def main() -> None:
        async with serving(config(shard=0, shards=2)) as (base, app), aiohttp.ClientSession() as s:
            answer = await create_table(s, base, "texas42", PEOPLE)
            assert app[HUB].owns(answer["table"])
            other = next(t for t in (f"t{n}" for n in range(100)) if not app[HUB].owns(t))
            async with s.get(f"{base}/api/tables/{other}") as response:
                assert response.status == 421

    run(main())


def test_every_message_follows_its_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")

    async def main() -> None:
        async with serving() as (base, _), aiohttp.ClientSession() as session:
            answer = await create_table(
                session, base, "ninety-two", PEOPLE, seed=8, rules={"target": 10}
            )
            clients = await _seated(session, base, answer)
            await clients[0].send({"type": "ping"})
            await clients[0].send({"type": "bogus"})
            await clients[1].move("bid 99 H")
            await asyncio.gather(*(c.play(random_policy(random.Random(7))) for c in clients))
            kinds = set()
            for client in clients:
                for message in client.messages:
                    jsonschema.validate(message, SCHEMAS[message["type"]])
                    kinds.add(message["type"])
                await client.close()
            assert kinds >= {"welcome", "view", "accepted", "refused", "seats", "error", "pong"}
            for kind in ("hello", "move", "ping"):
                jsonschema.Draft202012Validator.check_schema(SCHEMAS[kind])

    run(main())


def test_the_page_shows_every_schema_as_the_code_holds_it() -> None:
    """docs/play-online.md's message schemas are the ones the server is checked against."""
    text = (Path(__file__).parent.parent / "docs" / "play-online.md").read_text(encoding="utf-8")
    shown = {}
    for name, block in re.findall(r"#### `(\w+)`\n\n```json\n(.*?)\n```", text, re.S):
        shown[name] = json.loads(block)
    assert shown == SCHEMAS
