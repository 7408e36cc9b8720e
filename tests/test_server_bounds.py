"""Every table ends: the server's driver applies play_match's bounds (the most deals, the
most actions in one deal, the most actions), after which the match ends with its record; and
a move's frames do not grow with the match (docs/play-online.md, "Every match ends").
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import attrs
import pytest

pytest.importorskip("aiohttp", reason="the server tests need the server extra (aiohttp)")

import aiohttp

from tablegames.agents import FirstLegalAgent, play_match
from tablegames.core.limits import MAX_ACTIONS, MAX_DEAL_ACTIONS, MAX_MATCH_DEALS
from tablegames.core.records import GameRecord
from tablegames.core.signing import verify
from tablegames.games import get_game
from tablegames.server.app import HUB
from tablegames.server.bots import BotPool
from tablegames.server.driver import drive
from tablegames.server.public import HISTORY
from tablegames.server.store import SQLiteStore
from tablegames.server.table import Table, TableOptions
from tablegames.server.writer import StoreWriter
from test_server_support import FAST, KEY, config, serving

FIRST_LEGAL = ["first-legal"] * 4  # in Texas 42 under the default rules: all pass, for ever


def test_the_bounds_are_play_matchs() -> None:
    options = TableOptions()
    assert (options.max_deals, options.max_deal_actions, options.max_actions) == (
        MAX_MATCH_DEALS,
        MAX_DEAL_ACTIONS,
        MAX_ACTIONS,
    )


async def _driven(game: str, rules: dict[str, Any], options: TableOptions) -> Table:
    writer, pool = StoreWriter(SQLiteStore(":memory:")), BotPool(workers=0)
    try:
        table, _ = await Table.create(writer, game, rules, FIRST_LEGAL, options, seed="5")
        await asyncio.wait_for(drive(table, pool), 120)
        return table
    finally:
        pool.close()
        writer.close()


@pytest.mark.parametrize(
    ("bound", "value", "words"),
    [
        ("max_deals", 30, "after 30 deals"),
        ("max_deal_actions", 3, "after 3 moves in one deal"),
        ("max_actions", 77, "after 77 moves"),
    ],
)
def test_a_match_stops_where_play_match_stops(bound: str, value: int, words: str) -> None:
    """A table of four first-legal bots under the default rules passes every hand out: the
    driver stops it at each bound exactly where play_match stops the same match."""
    changes: dict[str, Any] = {bound: value}
    options = attrs.evolve(TableOptions(bot_delay=0.0, bot_after=None), **changes)
    table = asyncio.run(_driven("texas42", {}, options))
    assert table.over and table.ended is not None and words in table.ended
    bounds: dict[str, Any] = {{"max_actions": "max_steps"}.get(bound, bound): value}
    game: Any = get_game("texas42")
    expected = play_match(game.new_match(), FirstLegalAgent(), random.Random(0), **bounds)
    assert len(table.state.history) == len(expected.history)
    assert not table.state.is_over


def test_a_stopped_match_is_over_with_its_record() -> None:
    """Over the network: the table says why it ended, the view says so, the signed record
    downloads and replays to the table's state; no move is taken after."""
    options = TableOptions(bot_delay=0.0, bot_after=None, max_deals=12)

    async def main() -> None:
        async with serving(config(options=options)) as (base, app), aiohttp.ClientSession() as s:
            async with s.post(
                f"{base}/api/tables", json={"game": "texas42", "seats": FIRST_LEGAL, "seed": 4}
            ) as response:
                answer = await response.json()
            table = app[HUB].tables[answer["table"]]
            for _ in range(400):
                if table.over:
                    break
                await asyncio.sleep(0.05)
            url = f"{base}/api/tables/{answer['table']}"
            async with s.get(url) as response:
                info = await response.json()
            assert info["over"] and "after 12 deals" in info["ended"]
            async with s.get(url + "/record") as response:
                record = GameRecord.from_json(verify(await response.text(), KEY))
            assert get_game("texas42").replay(record) == table.state
            frame = json.loads(table.view_message(None))
            assert frame["over"] and frame["ended"] == info["ended"] and frame["winners"] == []
            turn = table.turn
            await asyncio.sleep(0.2)
            assert table.turn == turn

    asyncio.run(main())


def test_frames_stay_the_same_size_as_the_match_grows() -> None:
    """After 40 deals and after 400 deals of passing, every frame is as long (the views carry
    the last results only, and say how many they left out)."""

    async def frames(deals: int) -> list[str]:
        options = attrs.evolve(FAST, max_deals=deals)
        table = await _driven("texas42", {}, options)
        return [table.view_message(seat) for seat in (0, 1, 2, 3, None)]

    early, late = asyncio.run(frames(40)), asyncio.run(frames(400))
    for before, after in zip(early, late):
        assert abs(len(after) - len(before)) <= 4  # the turn and the count left out: a digit
    for frame in late:
        data = json.loads(frame)
        assert len(data["view"]["results"]) == HISTORY["results"]
        assert data["omitted"] == {"results": 400 - HISTORY["results"]}
