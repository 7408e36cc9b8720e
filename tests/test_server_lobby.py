"""What the lobby and the page ask of the server (docs/play-online.md, "Start a table", "The
HTTP API"): each game's rules as form controls, named seats, tables listed as open and their
free seats taken by anyone, the page's files (and nothing else of the package) under a
content security policy, and the favicon.
"""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("aiohttp", reason="the server tests need the server extra (aiohttp)")

import aiohttp

from tablegames.core.errors import RulesError
from tablegames.games import get_game
from tablegames.rule_options import describe_rules, rules_from_options
from tablegames.server.assets import STATIC
from test_server_support import serving


def test_the_games_describe_every_rule_and_the_player_counts_they_allow() -> None:
    async def main() -> None:
        async with (
            serving() as (base, _),
            aiohttp.ClientSession() as session,
            session.get(f"{base}/api/games") as r,
        ):
            games = {g["name"]: g for g in (await r.json())["games"]}
        assert games["texas42"]["players"] is None and games["preference"]["players"] is None
        assert games["ninety-two"]["players"] == [4, 6, 8]
        assert games["quartets"]["players"] == list(range(2, 10))
        for name, game in games.items():
            rules_type = get_game(name).rules_type
            names = [o["name"] for o in game["options"]]
            assert names == list(rules_type().to_dict())
            for option in game["options"]:
                assert option["help"].endswith("."), option
                assert option["default"] == rules_type().to_dict()[option["name"]]
                # every choice offered is one the rules take
                for choice in option.get("choices", []):
                    rules_from_options(rules_type, [f"{option['name']}={choice}"])
        assert games["texas42"]["words"]["trump"]["trump 4"] == "fours"

    asyncio.run(main())


def test_a_rule_kind_follows_what_the_rules_constructor_takes() -> None:
    """A choice of numbers lists exactly the numbers the constructor takes; a number's
    minimum is the least it takes; every flag and word choice round-trips."""
    for name in ("texas42", "ninety-two", "preference", "quartets"):
        game = get_game(name)
        for option in describe_rules(game.rules_type, game.seats(game.rules_type())):
            if option["kind"] == "number" and option["min"] is not None:
                low = option["min"]
                rules_from_options(game.rules_type, [f"{option['name']}={low}"])
                with pytest.raises(RulesError, match=option["name"]):
                    rules_from_options(game.rules_type, [f"{option['name']}={low - 1}"])
            if option["kind"] == "flag":
                for value in ("true", "false"):
                    try:
                        rules_from_options(game.rules_type, [f"{option['name']}={value}"])
                    except RulesError as exc:  # a special contract needs marks: said so
                        assert "marks" in str(exc)


def test_seats_are_named_and_a_listed_tables_free_seat_is_taken_by_anyone() -> None:
    async def main() -> None:
        async with serving() as (base, _), aiohttp.ClientSession() as session:
            body = {"game": "texas42", "seats": ["person", "random", "person", "random"],
                    "names": ["Ann", None, "  Cy  "], "listed": True}  # fmt: skip
            async with session.post(f"{base}/api/tables", json=body) as r:
                listed = await r.json()
            body["listed"] = False
            async with session.post(f"{base}/api/tables", json=body) as r:
                private = await r.json()
            async with session.get(f"{base}/api/tables") as r:
                shown = (await r.json())["tables"]
            assert [t["table"] for t in shown] == [listed["table"]]
            seats = shown[0]["seats"]
            assert [s["name"] for s in seats] == ["Ann", None, "Cy", None]
            assert [s["open"] for s in seats] == [False, False, True, False]
            for table, status in ((listed["table"], 200), (private["table"], 403)):
                url = f"{base}/api/tables/{table}/invitations"
                async with session.post(url, json={"seat": 2}) as r:
                    assert r.status == status, await r.json()
            async with session.post(
                f"{base}/api/tables/{listed['table']}/invitations", json={"seat": 0}
            ) as r:
                assert r.status == 409  # the creator sits there
            too_long = {**body, "names": ["x" * 25]}
            async with session.post(f"{base}/api/tables", json=too_long) as r:
                assert r.status == 400 and "24 characters" in (await r.json())["message"]
            for bad in ({"listed": "yes"}, {"names": "Ann"}):
                async with session.post(f"{base}/api/tables", json={**body, **bad}) as r:
                    assert r.status == 400

    asyncio.run(main())


def test_only_the_pages_own_files_are_served_under_its_policy() -> None:
    async def main() -> None:
        async with serving() as (base, _), aiohttp.ClientSession() as session:
            for name, kind in STATIC.items():
                async with session.get(f"{base}/static/{name}") as r:
                    assert r.status == 200 and r.content_type == kind
                    assert "script-src" not in r.headers["Content-Security-Policy"]
                    assert "default-src 'self'" in r.headers["Content-Security-Policy"]
            async with session.get(f"{base}/static/pieces.svg") as r:
                sprite = await r.text()
                assert r.status == 200 and sprite.count("<symbol") == 28 + 52 + 2
            async with session.get(f"{base}/favicon.ico") as r:
                assert r.status == 200 and r.content_type == "image/svg+xml"
            for name in ("app.py", "..%2Fapp.py", "index.htm", "%2e%2e%2fstore.py"):
                async with session.get(f"{base}/static/{name}") as r:
                    assert r.status == 404, name
            async with session.get(f"{base}/") as r:
                page = await r.text()
                assert '<script type="module" src="/static/main.js">' in page
                assert "<script>" not in page and "style=" not in page

    asyncio.run(main())
