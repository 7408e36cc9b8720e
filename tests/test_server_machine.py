"""The library's own conformance machine (tablegames.testing.server.ServerMachine) connected to
a server table: for every game, hypothesis plays matches of legal moves and junk from any seat,
and the table must accept exactly what ``check(action, seat)`` accepts, refuse with the same
code, and send every seat exactly ``view(seat).to_dict()``. docs/property-testing.md.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

pytest.importorskip("aiohttp", reason="the server tests need the server extra (aiohttp)")

from hypothesis import settings

from tablegames import ninety_two, preference, quartets, texas42
from tablegames.core.seats import Seat
from tablegames.server.public import HISTORY
from tablegames.server.store import SQLiteStore
from tablegames.server.table import Table, TableOptions
from tablegames.server.writer import StoreWriter
from tablegames.testing.server import ServerMachine, run_machine

OPTIONS = TableOptions(bot_delay=0.0, bot_after=None)


class TableMachine(ServerMachine):
    """A :class:`Table` with every seat a person; the machine deals, the table stores."""

    def start(self, rules: Any) -> None:
        self.loop = asyncio.new_event_loop()
        self.writer = StoreWriter(SQLiteStore(":memory:"))
        seats = ["person"] * self.game.seats(rules)
        self.table, _ = self.loop.run_until_complete(
            Table.create(
                self.writer, self.game.name, self.game.rules_to_json(rules), seats, OPTIONS
            )
        )

    def deal(self, text: str) -> None:
        async def dealt() -> None:
            async with self.table.lock:
                await self.table.commit(self.game.parse_action(text), None)

        self.loop.run_until_complete(dealt())

    def submit(self, seat: Seat, text: str) -> str | None:
        answer = self.loop.run_until_complete(self.table.submit(seat, text))
        return None if answer["type"] == "accepted" else str(answer["code"])

    def server_view(self, seat: Seat) -> Any:
        return json.loads(self.table.view_message(seat))["view"]

    def expected_view(self, seat: Seat) -> Any:
        """The library's view as a frame carries it: the lists that grow with the match cut
        to their latest entries (docs/play-online.md, "What each connection receives")."""
        view = self._now().view(seat).to_dict()
        return {k: v[-HISTORY[k] :] if k in HISTORY else v for k, v in view.items()}

    def teardown(self) -> None:
        if hasattr(self, "loop"):
            self.writer.close()
            self.loop.close()


@pytest.mark.parametrize("game", [texas42.GAME, ninety_two.GAME, preference.GAME, quartets.GAME])
def test_a_server_table_answers_as_the_library_does(game: Any) -> None:
    machine = type(f"{game.name}Machine", (TableMachine,), {"game": game})
    run_machine(machine, settings=settings())  # the profile's examples (ci: 25)
