"""A table's driver: the task that deals, asks the bots for their moves, hands a silent
person's seat to the standby bot, and ends the match at its bounds.

Every match ends: before each step the driver applies the bounds of
:class:`~tablegames.server.table.TableOptions` (the most deals, actions in one deal and
actions in all, as :func:`~tablegames.agents.play_match` does), and a match that reaches one
ends there with its record. A bot's decision is made by the :class:`~.bots.BotPool`, off the
event loop.

>>> import asyncio
>>> from tablegames.server.bots import BotPool
>>> from tablegames.server.store import SQLiteStore
>>> from tablegames.server.table import Table, TableOptions
>>> from tablegames.server.writer import StoreWriter
>>> async def demo():
...     writer, pool = StoreWriter(SQLiteStore(":memory:")), BotPool(workers=0)
...     options = TableOptions(bot_delay=0.0, max_deals=3)   # first-legal bots all pass
...     table, _ = await Table.create(writer, "texas42", {}, ["first-legal"] * 4, options)
...     await drive(table, pool)
...     pool.close(); writer.close()
...     return table.over, table.deals, table.ended
>>> asyncio.run(demo())
(True, 3, 'The match was stopped after 3 deals, the most a match is played.')
"""

from __future__ import annotations

import asyncio
import time

from tablegames.errors import TableGamesError

from .bots import BotPool
from .protocol import encode
from .seats import PERSON
from .table import Table

__all__ = ["agent_for", "drive"]

_RETRY = 1.0
"""Seconds the driver waits before it tries again a step the store could not take."""


def agent_for(table: Table, seat: int) -> str | None:
    """The agent that plays ``seat`` now: its bot, the standby bot for an absent person, or
    ``None`` (a person plays it)."""
    player = table.info.seats[seat].player
    if player != PERSON:
        return player
    return table.options.standby if table.away[seat] else None


async def drive(table: Table, bots: BotPool) -> None:
    """Play the table's chance steps and bots until its match is over or it is closed."""
    while table.closed is None and not table.over:
        table.changed.clear()
        state = table.state
        if state.is_chance:
            try:
                await table.deal()
            except TableGamesError:
                await asyncio.sleep(_RETRY)
            continue
        seat = state.to_act
        assert seat is not None
        turn = table.turn
        agent = agent_for(table, seat)
        if agent is None:
            await _wait_for_person(table, seat, turn)
            continue
        if table.options.bot_delay > 0:
            await _wait(table, table.options.bot_delay)
        if table.turn != turn or agent_for(table, seat) is None or table.over:
            continue
        reason = table.bound(chance=False)
        if reason is not None:
            async with table.lock:
                await _end(table, reason)
            continue
        seed = table.rng("bot").getrandbits(63)
        action = await bots.choose(table.id, agent, state.view(seat), seed)
        async with table.lock:
            still = table.turn == turn and table.closed is None and not table.over
            if still and agent_for(table, seat) is not None:
                try:
                    await table.commit(action, seat)
                except TableGamesError:
                    await asyncio.sleep(_RETRY)


async def _end(table: Table, reason: str) -> None:
    try:
        await table.end(reason)
    except TableGamesError:
        await asyncio.sleep(_RETRY)


async def _wait(table: Table, seconds: float) -> bool:
    """Wait ``seconds`` or until the table changes; True if it changed."""
    try:
        await asyncio.wait_for(table.changed.wait(), seconds)
    except asyncio.TimeoutError:
        return False
    return True


async def _wait_for_person(table: Table, seat: int, turn: int) -> None:
    limit = table.options.bot_after
    if limit is None:
        await table.changed.wait()
        return
    left = limit - (time.monotonic() - table.turn_started)
    if left > 0 and await _wait(table, left):
        return
    if table.turn == turn and not table.away[seat]:
        table.away[seat] = True
        table.tell_all(encode(table.seats_message()))
