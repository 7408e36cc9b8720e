"""A throwaway PostgreSQL cluster for the tests and the benchmark: made in a new temporary
directory with the server programs ``initdb`` and ``pg_ctl``, listening on a free loopback
port, stopped (and restarted, to try the store's reconnection) at will, removed afterwards.
As root the cluster runs as the ``postgres`` user, since PostgreSQL refuses to run as root.

>>> binaries() is None or (binaries() / "initdb").exists()
True
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path
from types import TracebackType

from tablegames.errors import TableGamesError

__all__ = ["Cluster", "binaries"]


def binaries() -> Path | None:
    """The directory of PostgreSQL's server programs (Debian's layout, or on the PATH)."""
    for candidate in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (candidate / "initdb").exists() and (candidate / "pg_ctl").exists():
            return candidate
    found = shutil.which("initdb")
    return Path(found).parent if found and shutil.which("pg_ctl") else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """A throwaway cluster: ``with Cluster() as dsn: ...``; :meth:`stop` and :meth:`start`
    in between (same port, same data). ``fsync=False`` for tests (faster, not durable)."""

    def __init__(self, fsync: bool = True) -> None:
        found = binaries()
        if found is None:
            raise TableGamesError("PostgreSQL's initdb and pg_ctl are not installed.")
        self.bin = found
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            if shutil.which("runuser") is None:
                raise TableGamesError(
                    "Running PostgreSQL as root needs runuser and a postgres user."
                )
            self.as_user = ["runuser", "-u", "postgres", "--"]
        self.fsync = fsync
        self.where = Path(tempfile.mkdtemp(prefix="tablegames-pg-"))
        self.data = self.where / "pgdata"
        self.port = _free_port()
        self.dsn = f"postgresql://tablegames@127.0.0.1:{self.port}/postgres"

    def _run(self, *args: str) -> None:
        subprocess.run([*self.as_user, *args], check=True, capture_output=True, timeout=120)

    def make(self) -> None:
        """initdb, then start."""
        self.data.mkdir()
        if self.as_user:
            shutil.chown(self.where, "postgres")
            shutil.chown(self.data, "postgres")
        self._run(
            str(self.bin / "initdb"), "-D", str(self.data), "-U", "tablegames", "--auth=trust",
            "-E", "UTF8", "--no-sync",
        )  # fmt: skip
        self.start()

    def start(self) -> None:
        """Start the cluster (and wait until it takes connections)."""
        options = f"-p {self.port} -k {self.where} -c listen_addresses=127.0.0.1"
        if not self.fsync:
            options += " -c fsync=off"
        log = str(self.where / "pg.log")
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", options, "-w", "-l", log,
                  "start")  # fmt: skip

    def stop(self, mode: str = "fast") -> None:
        """Stop the cluster (``fast``: every session is ended; ``immediate``: as a crash)."""
        subprocess.run(
            [*self.as_user, str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w",
             "stop"],
            check=False, capture_output=True, timeout=120,
        )  # fmt: skip

    def remove(self) -> None:
        """Stop the cluster and remove its directory."""
        self.stop("immediate")
        shutil.rmtree(self.where, ignore_errors=True)

    def __enter__(self) -> str:
        try:
            self.make()
        except BaseException:
            self.remove()
            raise
        return self.dsn

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.remove()
