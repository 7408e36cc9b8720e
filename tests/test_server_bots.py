"""Bots run off the event loop, in worker processes, with a time budget a decision and a fair
share between tables (docs/play-online.md, "Bots"). The budget's effect on a people table's
latency is measured by the benchmark (``bench --server``), not here.
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from pathlib import Path
from typing import Any

from tablegames import texas42
from tablegames.server.bots import BotPool
from test_server_support import ServerProcess, http_json


def _view(seat: int = 1) -> Any:
    state = texas42.new_match()
    return state.apply(state.chance_outcome(random.Random(3))).view(seat)


def test_a_decision_is_made_in_a_worker_process() -> None:
    async def main() -> None:
        pool = BotPool(workers=1, budget=30.0)
        try:
            action = await pool.choose("t1", "first-legal", _view(), seed=1)
            assert action == _view().legal_actions[0]
            (worker,) = pool._idle
            assert worker.process.is_alive() and worker.process.pid != os.getpid()
        finally:
            pool.close()

    asyncio.run(main())


def test_a_decision_over_its_budget_plays_a_random_legal_action() -> None:
    """The worker that overran is stopped and another one started; the seat plays the legal
    action the decision's seed draws."""

    async def main() -> None:
        pool = BotPool(workers=1, budget=0.5)
        try:
            view = _view()
            action = await pool.choose("t1", "server_agents:Sleepy", view, seed=7)
            assert action == random.Random(7).choice(list(view.legal_actions))
            assert pool.overruns == 1 and not pool._busy and not pool._idle
            assert await pool.choose("t1", "first-legal", view, seed=8) == view.legal_actions[0]
            assert pool.overruns == 1
        finally:
            pool.close()

    asyncio.run(main())


def test_the_event_loop_runs_on_while_a_bot_thinks() -> None:
    async def main() -> None:
        pool = BotPool(workers=1, budget=30.0)
        ticks = 0

        async def tick() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        ticker = asyncio.get_running_loop().create_task(tick())
        try:
            await pool.choose("t1", "server_agents:Drowsy", _view(), seed=1)
            assert ticks >= 20  # a second of thinking, and the loop was never held
        finally:
            ticker.cancel()
            pool.close()

    asyncio.run(main())


def test_tables_take_turns_for_the_workers() -> None:
    """One worker, four tables that each ask for decision after decision: each table is
    served once a round, whatever the order they asked in."""

    async def main() -> None:
        pool = BotPool(workers=1, budget=30.0)
        served: list[str] = []

        async def table(name: str, decisions: int) -> None:
            for _ in range(decisions):
                await pool.choose(name, "server_agents:Brisk", _view(), seed=1)
                served.append(name)

        try:
            await asyncio.gather(*(table(f"t{n}", 3) for n in range(4)))
        finally:
            pool.close()
        rounds = [served[n : n + 4] for n in range(0, 12, 4)]
        assert all(sorted(r) == ["t0", "t1", "t2", "t3"] for r in rounds), served

    asyncio.run(main())


def test_the_server_plays_its_bots_in_worker_processes(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path, "--store", str(tmp_path / "t.db"), "--bot-delay", "0")
    server.start()
    try:
        answer = http_json(
            server.base + "/api/tables",
            {"game": "texas42", "seats": ["heuristic"] * 4, "rules": {"target": 7}, "seed": 1},
        )
        url = f"{server.base}/api/tables/{answer['table']}"
        for _ in range(600):
            if http_json(url)["turn"] > 8:
                break
            time.sleep(0.05)
        assert http_json(url)["turn"] > 8
        assert server.process is not None
        pid = server.process.pid
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        names = [Path(f"/proc/{c}/cmdline").read_bytes() for c in children]
        assert any(b"multiprocessing" in n for n in names), names
    finally:
        server.stop()
