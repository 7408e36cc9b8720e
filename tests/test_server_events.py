"""A table's events: the trick each move finished (its pieces and winner) and the hand each
finished, in every trick game; the last trick of a hand, gone from the view that follows it,
included. docs/play-online.md, "The protocol".
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

pytest.importorskip("aiohttp", reason="the server tests need the server extra (aiohttp)")

from tablegames.server.store import SQLiteStore
from tablegames.server.table import Table
from tablegames.server.writer import StoreWriter
from test_server_support import FAST

GAMES = [
    ("texas42", {"target": 60}, 4),
    ("ninety-two", {"target": 20}, 4),
    ("ninety-two", {"target": 20, "players": 6}, 6),
    ("preference", {"deals": 3}, 4),
]


class Spectator:
    """A listener that keeps every view message it is sent, read."""

    seat: int | None = None

    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []

    def deliver(self, text: str) -> None:
        message = json.loads(text)
        if message["type"] == "view":
            self.frames.append(message)


def seats_of(before: dict[str, Any], seat: int | None) -> list[int | None]:
    """The seats of the trick a play by ``seat`` finished: those of the trick in progress in the
    view ``before`` the play, in play order, then ``seat``."""
    return [p["seat"] for p in before["trick"]] + [seat]


def _hand_end_winner(game: str, before: dict[str, Any], result: dict[str, Any]) -> int:
    """Who took a hand's last trick, read apart from the trick rule: Texas 42's result lists
    the hand's tricks; the other games' results count each seat's tricks, one more than the
    view before the last play counted for the seat that took it."""
    if game == "texas42":
        winner: int = result["played"][-1]["winner"]
        return winner
    counts = before["won"] if game == "ninety-two" else before["tricks_won"]
    pairs = enumerate(zip(counts, result["tricks"], strict=True))
    raised = [seat for seat, (was, now) in pairs if now == was + 1]
    assert len(raised) == 1
    return raised[0]


async def _play(game: str, rules: dict[str, object], players: int, seed: int) -> tuple[int, int]:
    """Plays a table to its end with random moves, checking every move's events; returns how
    many hands ended on a play, and how many results were told."""
    writer = StoreWriter(SQLiteStore(":memory:"))
    table, _ = await Table.create(writer, game, rules, ["person"] * players, FAST, seed=str(seed))
    spectator = Spectator()
    table.join(spectator)
    rng = random.Random(seed)
    hand_ends = told = 0
    while not table.over:
        before = spectator.frames[-1]["view"]
        if table.state.is_chance:
            await table.deal()
            played = None
        else:
            seat, action = table.state.to_act, rng.choice(table.state.legal_actions())
            assert seat is not None
            answer = await table.submit(seat, str(action))
            assert answer["type"] == "accepted"
            played = getattr(action, "piece", None)
        frame = spectator.frames[-1]
        view, events = frame["view"], frame["events"]
        kinds = [e["kind"] for e in events]
        tricks = [e for e in events if e["kind"] == "trick"]
        results = [e["result"] for e in events if e["kind"] == "result"]
        assert kinds == sorted(kinds, key=["trick", "result"].index)
        assert len(results) == (len(view["results"]) > len(before["results"]))
        if results:
            assert results[0] == view["results"][-1]
            told += 1
        if played is None:
            assert not tricks
        elif len(view["tricks"]) > len(before["tricks"]):  # a trick in the hand
            last = view["tricks"][-1]
            assert tricks == [
                {
                    "kind": "trick",
                    "winner": last["winner"],
                    "pieces": last["pieces"],
                    "seats": seats_of(before, seat),
                }
            ]
        elif results:  # the hand's last trick, gone from the view after it
            hand_ends += 1
            pieces = [p["piece"] for p in before["trick"]] + [str(played)]
            winner = _hand_end_winner(game, before, results[0])
            assert tricks == [
                {
                    "kind": "trick",
                    "winner": winner,
                    "pieces": pieces,
                    "seats": seats_of(before, seat),
                }
            ]
        else:
            assert not tricks
            assert [p["piece"] for p in view["trick"]][-1] == str(played)
    writer.close()
    return hand_ends, told


@pytest.mark.parametrize(("game", "rules", "players"), GAMES)
def test_every_move_tells_the_trick_and_the_hand_it_finished(
    game: str, rules: dict[str, object], players: int
) -> None:
    """Random matches at a table: a move that finishes a trick tells its pieces and winner, the
    hand's last trick too (then the winner is the one the hand's result shows), and a move that
    finishes a hand tells its result after the trick; no other move tells anything."""
    hand_ends = sum(asyncio.run(_play(game, rules, players, seed))[0] for seed in range(3))
    assert hand_ends >= 3


def test_a_game_without_tricks_tells_only_its_results() -> None:
    """Quartets' view has no tricks: its moves tell the deals they finished, and nothing else."""
    hand_ends, told = asyncio.run(_play("quartets", {"players": 3}, 3, 1))
    assert hand_ends == 0
    assert told >= 1
