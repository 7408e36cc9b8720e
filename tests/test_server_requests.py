"""Every bad request gets a 4xx with a sentence, never a 500 (docs/play-online.md, "The HTTP
API"): bodies that are not UTF-8, a charset nobody knows, lone surrogates, the wrong types
anywhere, a finished match asked for while the server is full, and whatever hypothesis
sends to every route.
"""

from __future__ import annotations

import asyncio
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("aiohttp", reason="the server tests need the server extra (aiohttp)")

import aiohttp

from tablegames.server.app import HUB
from tablegames.server.client import create_table
from tablegames.server.limits import Limits
from tablegames.server.table import TableOptions
from test_server_support import LAX, config, serving

BAD_BODIES: list[tuple[bytes, dict[str, str], str]] = [
    (b'{"game": "texas42", "seats": ["\xff\xfe"]}', {}, "not UTF-8"),
    (b'{"game": "texas42"}', {"Content-Type": "application/json; charset=nope"}, "seats"),
    (b'{"game": "texas42", "seats": ["person"], "seed": "\\ud800"}', {}, "not Unicode"),
    (
        b'{"game": "texas42", "seats": ["person", "random", "random", "random"], "seed": "a\\nb"}',
        {},
        "seed",
    ),
    (
        b'{"game": "texas42", "seats": ["person", "random", "random", "random"], "me": 2}',
        {},
        "me",
    ),
    (
        b'{"game": "texas42", "seats": ["person", "random", "random", "random"], "seed": 1.5}',
        {},
        "seed",
    ),
    (b"[" * 50, {}, "not a JSON object"),
    (b"nul", {}, "not JSON"),
    (b'"text"', {}, "JSON object"),
    (b'{"game": ["texas42"]}', {}, "names a game"),
    (b'{"game": "texas42", "seats": "person"}', {}, "seats"),
    (b'{"game": "texas42", "seats": ["person"], "rule": "target=60"}', {}, "KEY=VALUE"),
]


@pytest.mark.parametrize(("body", "headers", "words"), BAD_BODIES, ids=lambda v: repr(v)[:30])
def test_a_bad_table_request_is_a_400_with_a_sentence(
    body: bytes, headers: dict[str, str], words: str
) -> None:
    async def main() -> None:
        async with (
            serving() as (base, _),
            aiohttp.ClientSession() as session,
            session.post(f"{base}/api/tables", data=body, headers=headers) as r,
        ):
            answer = await r.json()
            assert r.status == 400, answer
            assert words in answer["message"] and answer["message"].endswith(".")

    asyncio.run(main())


def test_a_finished_match_downloads_while_the_server_is_full() -> None:
    """The server holds its most live tables; a finished table is asked for (loaded from the
    store): its record downloads, and creating is refused with a 429 and a sentence."""
    options = TableOptions(bot_delay=0.0, bot_after=None, max_deals=2)

    async def main() -> None:
        settings_ = config(options=options, limits=Limits(max_tables=1, tables_per_client=5))
        async with serving(settings_) as (base, app), aiohttp.ClientSession() as session:
            done = await create_table(session, base, "texas42", ["first-legal"] * 4, seed=1)
            hub = app[HUB]
            for _ in range(200):
                if hub.tables[done["table"]].over:
                    break
                await asyncio.sleep(0.02)
            await create_table(session, base, "texas42", ["person"] * 4)
            hub.tables.pop(done["table"])  # forgotten here: it is read from the store again
            async with session.post(
                f"{base}/api/tables", json={"game": "texas42", "seats": ["person"] * 4}
            ) as r:
                assert r.status == 429 and "1 live tables" in (await r.json())["message"]
            async with session.get(f"{base}/api/tables/{done['table']}/record") as r:
                assert r.status == 200
            async with session.get(f"{base}/t/{done['table']}") as r:
                assert r.status == 200

    asyncio.run(main())


def test_refusals_of_the_other_routes() -> None:
    async def main() -> None:
        async with serving() as (base, _), aiohttp.ClientSession() as session:
            answer = await create_table(session, base, "texas42", ["person"] * 4)
            url = f"{base}/api/tables/{answer['table']}"
            for method, path, status in [
                ("GET", "/api/tables/nosuchtable", 404),
                ("GET", "/api/tables/" + "x" * 300, 404),
                ("GET", "/t/nosuchtable", 404),
                ("GET", url.removeprefix(base) + "/record", 409),
                ("GET", url.removeprefix(base) + "/seat-record", 403),
                ("POST", url.removeprefix(base) + "/invitations", 400),
                ("DELETE", "/api/tables", 405),
                ("GET", "/nowhere", 404),
            ]:
                async with session.request(method, base + path) as r:
                    assert r.status == status, (method, path)
                    if path.startswith("/api/"):
                        assert (await r.json())["message"]

    asyncio.run(main())


ROUTES = st.sampled_from(
    ["/api/tables", "/api/tables/{table}/invitations", "/api/tables/{table}", "/api/games"]
)
HEADERS = st.dictionaries(
    st.sampled_from(["Content-Type", "Authorization", "X-Forwarded-For", "Accept-Charset"]),
    st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=40),
    max_size=3,
)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
TABLES = st.fixed_dictionaries(
    {
        "game": st.sampled_from(["texas42", "quartets", "x"]),
        "seats": st.lists(st.sampled_from(["person", "random", "solver", 1, None]), max_size=6),
    },
    optional={
        "seed": st.one_of(st.text(max_size=50), st.integers(), st.floats()),
        "me": st.one_of(st.integers(-2, 9), st.text(max_size=3), st.none()),
        "rules": st.dictionaries(st.text(max_size=8), st.integers()),
        "rule": st.lists(st.text(max_size=12), max_size=3),
        "seat": JSON_VALUES,
    },
)
BODIES = st.one_of(
    st.binary(max_size=200), st.one_of(JSON_VALUES, TABLES).map(lambda v: json.dumps(v).encode())
)


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(route=ROUTES, headers=HEADERS, body=BODIES)
def test_no_request_is_answered_500(route: str, headers: dict[str, str], body: bytes) -> None:
    asyncio.run(_any_request(route, headers, body))


async def _any_request(route: str, headers: dict[str, str], body: bytes) -> None:
    async with serving(config(limits=LAX)) as (base, _), aiohttp.ClientSession() as session:
        answer = await create_table(session, base, "texas42", ["person"] * 4)
        path = route.format(table=answer["table"])
        async with session.post(base + path, data=body, headers=headers) as r:
            assert r.status < 500, (r.status, await r.text())
            if r.status >= 400:
                assert (await r.json())["message"]
