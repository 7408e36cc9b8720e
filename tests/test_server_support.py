"""Helpers of the server tests (no tests here): an in-process server, a server process, a
throwaway PostgreSQL cluster, and the pieces a message may name.

The server tests need the ``server`` extra (aiohttp, psycopg); without it they are skipped.
"""

from __future__ import annotations

import contextlib
import json
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

pytest.importorskip("aiohttp", reason="the server tests need the server extra (aiohttp)")

from aiohttp.test_utils import TestServer

from tablegames.errors import TableGamesError
from tablegames.server.app import ServerConfig, make_app
from tablegames.server.limits import Limits
from tablegames.server.pgcluster import Cluster
from tablegames.server.table import TableOptions

KEY = bytes(range(32))
"""The signing key of the test servers."""

FAST = TableOptions(bot_delay=0.0, bot_after=None)
"""Tables whose bots move at once and whose people are never replaced."""


LAX = Limits(
    tables_per_client=1_000,
    creates_per_hour=1e6,
    rate=1000.0,
    burst=1000,
    client_rate=1e5,
    http_rate=1e5,
)
"""Limits for tests: scripted clients on one address move faster than people and create
more tables than one person may."""


def config(store: str = ":memory:", **changes: Any) -> ServerConfig:
    """A test server's settings (in-memory SQLite unless told; :data:`LAX` limits, with any
    ``limits`` field given by name)."""
    limits = {k: changes.pop(k) for k in list(changes) if k in attrs.fields_dict(Limits)}
    changes.setdefault("limits", attrs.evolve(changes.pop("limits", LAX), **limits))
    changes.setdefault("bot_workers", 0)
    return ServerConfig(key=KEY, store=store, options=changes.pop("options", FAST), **changes)


LAX_ARGS = (
    "--rate",
    "1000",
    "--burst",
    "1000",
    "--tables-per-client",
    "1000",
    "--creates-per-hour",
    "1000000",
    "--client-rate",
    "100000",
    "--http-rate",
    "100000",
)
"""The :data:`LAX` limits as ``tablegames serve`` options."""


@contextlib.asynccontextmanager
async def serving(settings: ServerConfig | None = None) -> AsyncIterator[tuple[str, Any]]:
    """An in-process server on a free loopback port: its base URL and the aiohttp app."""
    app = make_app(settings or config())
    server = TestServer(app, host="127.0.0.1")
    await server.start_server()
    try:
        yield str(server.make_url("")).rstrip("/"), app
    finally:
        await server.close()


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def http_json(url: str, body: dict[str, Any] | None = None) -> Any:
    """GET (or POST ``body``) and read the JSON answer."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


class ServerProcess:
    """``python -m tablegames serve`` in a child process (kill it with :meth:`kill`)."""

    def __init__(self, workdir: Path, *args: str, port: int | None = None) -> None:
        self.workdir = workdir
        self.args = args
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> ServerProcess:
        """Start it and wait until it answers."""
        command = [
            sys.executable,
            "-m",
            "tablegames",
            "serve",
            "--port",
            str(self.port),
            "--key-file",
            str(self.workdir / "server.key"),
            *self.args,
        ]
        log = open(self.workdir / f"server-{self.port}.log", "ab")  # noqa: SIM115
        self.process = subprocess.Popen(command, cwd=self.workdir, stdout=log, stderr=log)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log()}")
            try:
                if http_json(self.base + "/healthz")["ok"]:
                    return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"the server did not start: {self.log()}")

    def log(self) -> str:
        """What the server printed."""
        return (self.workdir / f"server-{self.port}.log").read_text(errors="replace")[-3000:]

    def kill(self) -> None:
        """SIGKILL: no clean-up of any kind."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(30)

    def stop(self) -> None:
        """SIGTERM, then wait."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.kill()


@contextlib.contextmanager
def postgres_cluster(cluster: list[Cluster] | None = None) -> Iterator[str]:
    """A throwaway PostgreSQL cluster (:class:`~tablegames.server.pgcluster.Cluster`, fsync
    off): its connection string; the cluster and its directory are removed afterwards. The
    cluster itself is appended to ``cluster`` when given (to stop and start it). Skips when
    PostgreSQL or psycopg is not installed."""
    pytest.importorskip("psycopg", reason="the PostgreSQL store needs psycopg (server extra)")
    try:
        made = Cluster(fsync=False)
    except TableGamesError as exc:
        pytest.skip(str(exc))
    if cluster is not None:
        cluster.append(made)
    with made as dsn:
        yield dsn


_WORD = re.compile(r"[^\s\"\[\]{},]+")


def pieces_named(text: str, pieces: frozenset[str]) -> set[str]:
    """Every piece of ``pieces`` that the raw message ``text`` names as a word (``6:4`` in
    ``"play 6:4"``, ``AH`` in ``["AH", "KH"]``).

    >>> sorted(pieces_named('{"hand":["AH","KH"],"calls":["play 6:4"]}', frozenset({"AH", "6:4"})))
    ['6:4', 'AH']
    """
    return {w for w in _WORD.findall(text) if w in pieces}
