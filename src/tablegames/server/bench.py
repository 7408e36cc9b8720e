"""The server's load benchmark (not a test): ``python -m tablegames.server.bench``.

It starts ``tablegames serve`` in a child process on a loopback port, with a fresh SQLite store,
then for each count of tables N (``--tables 1,4,16,64``) creates N Texas 42 tables (matches to
3,000 points, so that none ends during a level) of four people and plays them with four
scripted clients each (random legal moves, sent as soon as a view makes it the client's turn)
for ``--seconds`` seconds. It prints moves a second (all tables together) and the median and
99th percentile of a move's latency: from sending the move to receiving ``accepted``, which
the server sends once the move is stored.

>>> percentile([1.0, 2.0, 3.0, 4.0], 0.5)
2.5
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Sequence

__all__ = ["main", "percentile", "run_level"]


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (linear between the closest ranks)."""
    ordered = sorted(values)
    position = q * (len(ordered) - 1)
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


async def run_level(
    base: str, tables: int, seconds: float, game: str, seed: int
) -> dict[str, float]:
    """Play ``tables`` tables of four scripted clients for ``seconds``; the figures."""
    import aiohttp  # noqa: PLC0415

    from .client import SeatClient, create_table, random_policy  # noqa: PLC0415

    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        clients: list[SeatClient] = []
        for n in range(tables):
            rules = {"target": 3000} if game == "texas42" else {}  # no match ends mid-level
            answer = await create_table(
                session, base, game, ["person"] * 4, seed=seed + n, rules=rules
            )
            for seat in answer["seats"]:
                client = SeatClient(base, answer["table"], seat["token"], session)
                await client.connect()
                clients.append(client)

        async def stop() -> None:
            await asyncio.sleep(seconds)
            # every play returns once its connection is closed
            await asyncio.gather(*(client.close() for client in clients))

        started = time.perf_counter()
        plays = [c.play(random_policy(random.Random(seed + i))) for i, c in enumerate(clients)]
        await asyncio.gather(stop(), *plays)
        elapsed = time.perf_counter() - started
        latencies = [x for c in clients for x in c.latencies]
    return {
        "tables": tables,
        "moves": len(latencies),
        "moves_per_second": len(latencies) / elapsed,
        "p50_ms": 1000 * statistics.median(latencies) if latencies else 0.0,
        "p99_ms": 1000 * percentile(latencies, 0.99) if latencies else 0.0,
    }


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print a table of figures."""
    parser = argparse.ArgumentParser(prog="python -m tablegames.server.bench")
    parser.add_argument("--tables", default="1,4,16,64", help="table counts, comma-separated")
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds of play a level")
    parser.add_argument("--game", default="texas42")
    parser.add_argument("--sync", default="FULL", choices=["FULL", "NORMAL"])
    parser.add_argument("--store", default=None, help="a postgresql:// store instead of SQLite")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    levels = [int(n) for n in args.tables.split(",")]
    with tempfile.TemporaryDirectory() as where:
        port = _free_port()
        store = args.store or os.path.join(where, "bench.db")
        command = [
            sys.executable,
            "-m",
            "tablegames",
            "serve",
            "--port",
            str(port),
            "--store",
            store,
            "--sync",
            args.sync,
            "--key-file",
            os.path.join(where, "key"),
            "--bot-after",
            "never",
            "--rate",
            "1000",
            "--burst",
            "1000",
            "--max-tables",
            str(sum(levels) + 10),
        ]
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(base + "/healthz", timeout=1).read()
                    break
                except OSError:
                    time.sleep(0.1)
            print(
                f"{args.game}, four scripted clients a table, store "
                f"{'PostgreSQL' if args.store else 'SQLite synchronous=' + args.sync}, "
                f"{args.seconds:g} s a level, {os.cpu_count()} cores"
            )
            print(
                f"{'tables':>6} {'clients':>7} {'moves':>7} {'moves/s':>8} {'p50 ms':>7} "
                f"{'p99 ms':>7}"
            )
            for n in levels:
                figures = asyncio.run(run_level(base, n, args.seconds, args.game, args.seed))
                print(
                    f"{n:>6} {4 * n:>7} {figures['moves']:>7.0f} "
                    f"{figures['moves_per_second']:>8.0f} {figures['p50_ms']:>7.1f} "
                    f"{figures['p99_ms']:>7.1f}",
                    flush=True,
                )
        finally:
            server.terminate()
            server.wait(30)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
