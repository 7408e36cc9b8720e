"""``python -m tablegames bench --server`` runs, on a store that already holds tables too
(docs/play-online.md, "Load benchmark"). Only that it runs and reports: its figures are
measurements, never asserted."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("aiohttp", reason="the server tests need the server extra (aiohttp)")

from tablegames.cli import main
from tablegames.server.store import SeatInfo, SQLiteStore, TableInfo


def test_the_benchmark_runs_on_a_used_store(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    used = tmp_path / "used.db"
    store = SQLiteStore(str(used))
    for n in range(3):
        store.create(TableInfo(f"old{n}", "texas42", {}, (SeatInfo("person"),) * 4, seed="1"))
    store.close()
    argv = ["bench", "--server", "--store", str(used), "--tables", "1,2", "--seconds", "0.5"]
    assert main([*argv, "--bots", "0"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = [line.split() for line in lines if line.split()[:1] in (["1"], ["2"])]
    assert [row[0] for row in rows] == ["1", "2"]
    assert all(float(row[1]) > 0 for row in rows)  # moves were played at every level
    assert "p95 ms" in "\n".join(lines)
