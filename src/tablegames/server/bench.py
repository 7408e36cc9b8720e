"""The server's load benchmark (not a test): ``python -m tablegames bench --server``.

For each store (``--stores sqlite,postgres``: a fresh SQLite file with ``synchronous=FULL``,
and a throwaway PostgreSQL cluster with fsync on, when PostgreSQL's programs are installed;
or ``--store`` to use a database of one's own, tables already in it included) it starts
``tablegames serve`` in a child process on a loopback port, and for each count of tables N
(``--tables 1,4,16,64``) creates N Texas 42 tables (matches to 1,000,000 points, so that none
ends during a level) of four people, and plays them with four scripted clients each (random
legal moves, sent as soon as a view makes it the client's turn) for ``--seconds`` seconds. It
prints moves a second (all tables together) and the 50th, 95th and 99th percentiles of a
move's latency: from sending the move to receiving ``accepted``, which the server sends once
the commit holding the move returned.

Then (``--bots 16``) it measures one table of people while 16 tables of four ``solver`` bots
play as fast as they can (no bot delay): the people's moves' latency, and the bots' moves a
second.

>>> percentile([1.0, 2.0, 3.0, 4.0], 0.5)
2.5
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator, Sequence

__all__ = ["main", "percentile", "run_level"]

LAX = (
    "--rate", "10000", "--burst", "100000", "--max-tables", "1000000",
    "--tables-per-client", "1000000", "--creates-per-hour", "1000000",
    "--client-rate", "1000000", "--http-rate", "1000000",
    "--connections-per-client", "1000000", "--max-connections", "1000000",
    "--bot-after", "never", "--idle-after", "20",
)  # fmt: skip
"""The benchmark's clients all come from one address and move as fast as they can."""


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (linear between the closest ranks)."""
    ordered = sorted(values)
    position = q * (len(ordered) - 1)
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def _figures(latencies: list[float], elapsed: float) -> dict[str, float]:
    got = bool(latencies)
    return {
        "moves": len(latencies),
        "moves_per_second": len(latencies) / elapsed,
        "p50_ms": 1000 * percentile(latencies, 0.50) if got else 0.0,
        "p95_ms": 1000 * percentile(latencies, 0.95) if got else 0.0,
        "p99_ms": 1000 * percentile(latencies, 0.99) if got else 0.0,
    }


async def run_level(
    base: str, tables: int, seconds: float, game: str, seed: int, *, bots: int = 0
) -> dict[str, float]:
    """Play ``tables`` tables of four scripted clients for ``seconds`` (while ``bots`` tables
    of four solver bots play too); the figures of the people's moves, and ``bot_moves`` a
    second."""
    import aiohttp  # noqa: PLC0415

    from .client import SeatClient, create_table, random_policy  # noqa: PLC0415

    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        rules = {"target": 1_000_000} if game == "texas42" else {}  # no match ends mid-level
        robots = [
            await create_table(session, base, game, ["solver"] * 4, seed=seed + 1000 + n)
            for n in range(bots)
        ]
        clients: list[SeatClient] = []
        for n in range(tables):
            answer = await create_table(
                session, base, game, ["person"] * 4, seed=seed + n, rules=rules
            )
            for seat in answer["seats"]:
                client = SeatClient(base, answer["table"], seat["token"], session, keep=False)
                await client.connect()
                clients.append(client)

        async def turns() -> int:
            total = 0
            for answer in robots:
                async with session.get(f"{base}/api/tables/{answer['table']}") as r:
                    total += (await r.json())["turn"]
            return total

        async def stop() -> None:
            await asyncio.sleep(seconds)
            # every play returns once its connection is closed
            await asyncio.gather(*(client.close() for client in clients))

        gc.collect()
        gc.freeze()
        before = await turns()
        started = time.perf_counter()
        plays = [c.play(random_policy(random.Random(seed + i))) for i, c in enumerate(clients)]
        await asyncio.gather(stop(), *plays)
        elapsed = time.perf_counter() - started
        bot_moves = (await turns() - before) / elapsed
        gc.unfreeze()
    figures = _figures([x for c in clients for x in c.latencies], elapsed)
    return {"tables": tables, **figures, "bot_moves_per_second": bot_moves}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def _server(store: str, where: str, sync: str, extra: Sequence[str] = ()) -> Iterator[str]:
    """``tablegames serve`` on a loopback port: its base URL."""
    port = _free_port()
    command = [
        sys.executable, "-m", "tablegames", "serve", "--port", str(port), "--store", store,
        "--sync", sync, "--key-file", os.path.join(where, "key"), *LAX, *extra,
    ]  # fmt: skip
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            if server.poll() is not None:
                raise RuntimeError(f"the server exited with status {server.returncode}")
            try:
                urllib.request.urlopen(base + "/healthz", timeout=1).read()
                break
            except OSError:
                time.sleep(0.1)
        yield base
    finally:
        server.terminate()
        server.wait(60)


@contextlib.contextmanager
def _store(kind: str, where: str, own: str | None) -> Iterator[tuple[str, str]]:
    """The store to measure: its ``--store`` and its name in the report."""
    if own is not None:
        yield own, "PostgreSQL" if own.startswith("postgres") else f"SQLite ({own})"
    elif kind == "postgres":
        from .pgcluster import Cluster  # noqa: PLC0415

        with Cluster(fsync=True) as dsn:
            yield dsn, "PostgreSQL (throwaway cluster, fsync on)"
    else:
        yield os.path.join(where, f"bench-{kind}.db"), "SQLite"


def _line(label: object, figures: dict[str, float]) -> str:
    return (
        f"{label:>6} {figures['moves']:>7.0f} {figures['moves_per_second']:>8.0f} "
        f"{figures['p50_ms']:>7.1f} {figures['p95_ms']:>7.1f} {figures['p99_ms']:>7.1f}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print its tables of figures."""
    parser = argparse.ArgumentParser(prog="python -m tablegames bench --server")
    parser.add_argument("--tables", default="1,4,16,64", help="table counts, comma-separated")
    parser.add_argument("--seconds", type=float, default=8.0, help="seconds of play a level")
    parser.add_argument("--game", default="texas42")
    parser.add_argument("--sync", default="FULL", choices=["FULL", "NORMAL"])
    parser.add_argument("--stores", default="sqlite,postgres", help="sqlite, postgres or both")
    parser.add_argument("--store", default=None, help="a database of one's own to measure")
    parser.add_argument("--bots", type=int, default=16, help="tables of solver bots (0: none)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    levels = [int(n) for n in args.tables.split(",") if n]
    kinds = [k.strip() for k in args.stores.split(",") if k.strip()]
    if args.store is not None:
        kinds = ["own"]
    with tempfile.TemporaryDirectory() as where:
        print(f"{args.game}, four scripted clients a table, {args.seconds:g} s a level, "
              f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")  # fmt: skip
        for kind in kinds:
            if kind == "postgres" and args.store is None:
                from .pgcluster import binaries  # noqa: PLC0415

                if binaries() is None:
                    print("PostgreSQL: skipped (initdb and pg_ctl are not installed)")
                    continue
            with _store(kind, where, args.store) as (store, name):
                sync = f", synchronous={args.sync}" if name.startswith("SQLite") else ""
                print(f"\n{name}{sync}")
                print(f"{'tables':>6} {'moves':>7} {'moves/s':>8} {'p50 ms':>7} {'p95 ms':>7} "
                      f"{'p99 ms':>7}")  # fmt: skip
                with _server(store, where, args.sync) as base:
                    for n in levels:
                        level = run_level(base, n, args.seconds, args.game, args.seed)
                        print(_line(n, asyncio.run(level)), flush=True)
                if args.bots and kind == kinds[0]:
                    with _server(store, where, args.sync, ("--bot-delay", "0")) as base:
                        level = run_level(
                            base, 1, args.seconds, args.game, args.seed, bots=args.bots
                        )
                        figures = asyncio.run(level)
                    rate = figures["bot_moves_per_second"]
                    print(f"\none table of people while {args.bots} tables of four solver "
                          f"bots play (bots: {rate:.1f} moves a second)")  # fmt: skip
                    print(_line("people", figures), flush=True)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
