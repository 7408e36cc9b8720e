"""Seats (docs/play-online.md, "Invite friends, play"): an invitation is claimed once and then
becomes that player's secret; the creator keeps their own seat, re-issues invitations not yet
claimed, and cannot read another seat's hand; a seeded table shows its seed to everyone at it,
an unseeded one to nobody; a person whose seat went to a bot takes it back by acting,
by saying they are back, or by reconnecting.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

pytest.importorskip("aiohttp", reason="the server tests need the server extra (aiohttp)")

import aiohttp

from tablegames.server.app import HUB
from tablegames.server.client import SeatClient, create_table
from tablegames.server.table import TableOptions
from test_server_support import config, serving

PEOPLE = ["person"] * 4


async def _hello(session: aiohttp.ClientSession, base: str, table: str, token: str) -> Any:
    ws = await session.ws_connect(f"{base}/ws/{table}")
    await ws.send_json({"type": "hello", "token": token})
    first = await ws.receive_json()
    await ws.close()
    return first


def test_an_invitation_is_claimed_once() -> None:
    async def main() -> None:
        async with serving() as (base, app), aiohttp.ClientSession() as session:
            answer = await create_table(session, base, "texas42", PEOPLE, seed=1)
            table_id = answer["table"]
            assert answer["you"]["seat"] == 0 and answer["seats"][0]["creator"]
            invitation = answer["seats"][2]["token"]
            friend = SeatClient(base, table_id, invitation, session)
            welcome = await friend.connect()
            secret = welcome["token"]
            assert welcome["seat"] == 2 and secret != invitation and friend.token == secret
            # the invitation is spent: whoever else holds it (the creator) cannot take the seat
            refused = await _hello(session, base, table_id, invitation)
            assert refused["code"] == "bad_token"
            headers = {"Authorization": f"Bearer {invitation}"}
            url = f"{base}/api/tables/{table_id}/seat-record"
            async with session.get(url, headers=headers) as response:
                assert response.status == 403
            # the secret is the seat's, across reconnections, and nothing is stored but digests
            again = await _hello(session, base, table_id, secret)
            assert again["seat"] == 2 and "token" not in again
            seats = app[HUB].tables[table_id].info.seats
            assert all(secret not in json.dumps(s.to_dict()) for s in seats)
            mine = await _hello(session, base, table_id, answer["you"]["token"])
            assert mine["seat"] == 0 and "token" not in mine
            await friend.close()

    asyncio.run(main())


def test_the_creator_reissues_only_unclaimed_invitations() -> None:
    async def main() -> None:
        async with serving() as (base, _), aiohttp.ClientSession() as session:
            answer = await create_table(session, base, "texas42", PEOPLE, seed=1)
            table_id = answer["table"]
            url = f"{base}/api/tables/{table_id}/invitations"
            creator = {"Authorization": f"Bearer {answer['you']['token']}"}
            async with session.post(url, json={"seat": 1}, headers=creator) as response:
                fresh = await response.json()
                assert response.status == 200 and fresh["seat"] == 1
                assert fresh["link"].endswith("#" + fresh["token"])
            old = await _hello(session, base, table_id, answer["seats"][1]["token"])
            assert old["code"] == "bad_token"
            claimed = await _hello(session, base, table_id, fresh["token"])
            assert claimed["seat"] == 1 and claimed["token"]
            async with session.post(url, json={"seat": 1}, headers=creator) as response:
                assert response.status == 409 and "taken" in (await response.json())["message"]
            async with session.post(url, json={"seat": 0}, headers=creator) as response:
                assert response.status == 409  # the creator's own seat is claimed too
            stranger = {"Authorization": f"Bearer {claimed['token']}"}
            async with session.post(url, json={"seat": 3}, headers=stranger) as response:
                assert response.status == 403
            async with session.post(url, json={"seat": "3"}, headers=creator) as response:
                assert response.status == 400

    asyncio.run(main())


def test_a_seed_is_shown_to_everyone_or_to_nobody() -> None:
    async def main() -> None:
        async with serving() as (base, app), aiohttp.ClientSession() as session:
            seeded = await create_table(session, base, "texas42", PEOPLE, seed=1234)
            plain = await create_table(session, base, "texas42", PEOPLE)
            assert seeded["seed"] == "1234" and plain["seed"] is None
            for answer, seed in ((seeded, "1234"), (plain, None)):
                for seat in answer["seats"]:
                    welcome = await _hello(session, base, answer["table"], seat["token"])
                    assert welcome["seed"] == seed
                async with session.get(f"{base}/api/tables/{answer['table']}") as response:
                    assert (await response.json())["seed"] == seed
                watcher = SeatClient(base, answer["table"], None, session)
                assert (await watcher.connect())["seed"] == seed
                await watcher.close()
            hidden = app[HUB].tables[plain["table"]].info
            assert hidden.seed is not None and not hidden.seed_shown  # drawn by the server

    asyncio.run(main())


async def _away(table: Any, seat: int) -> None:
    for _ in range(600):
        if table.away[seat]:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the seat was never handed to the standby bot")


@pytest.mark.parametrize("how", ["a stale move", "back", "reconnecting"])
def test_a_person_takes_their_seat_back_from_the_bot(how: str) -> None:
    """Seat 1 is silent past bot_after: the standby bot plays for them. Then the person acts
    (even a move on an old view), says back, or reconnects: everyone is told the seat is the
    person's again, and the person's next move on their turn is accepted."""
    options = TableOptions(bot_delay=0.3, bot_after=1.0, standby="first-legal")

    async def main() -> None:
        async with serving(config(options=options)) as (base, app), aiohttp.ClientSession() as s:
            answer = await create_table(s, base, "texas42", PEOPLE, seed=3, rules={"target": 250})
            people = [SeatClient(base, answer["table"], t["token"], s) for t in answer["seats"]]
            for person in people:
                await person.connect()
            table = app[HUB].tables[answer["table"]]
            await _away(table, 1)
            person = people[1]
            if how == "a stale move":
                refused = await person.move("pass", turn=0)
                assert refused["code"] in ("stale", "out_of_turn")
            elif how == "back":
                await person.send({"type": "back"})
            else:
                await person.close()
                person = people[1] = SeatClient(base, answer["table"], person.token, s)
                await person.connect()
            told = [m["seats"][1]["away"] for m in people[0].messages if m["type"] == "seats"]
            while not (True in told and told[-1] is False):  # away, then back: everyone is told
                message = await people[0].receive(timeout=5)
                if message["type"] == "seats":
                    told.append(message["seats"][1]["away"])
            assert not table.away[1]
            while table.state.to_act != 1 or table.state.is_chance:
                mover = people[table.state.to_act] if table.state.to_act is not None else None
                if mover is None:
                    await asyncio.sleep(0.01)
                    continue
                await mover.move(str(table.state.legal_actions()[0]), table.turn)
            accepted = await person.move(str(table.state.legal_actions()[0]), table.turn)
            assert accepted["type"] == "accepted"
            for client in people:
                await client.close()

    asyncio.run(main())
