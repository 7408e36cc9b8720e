"""The server's modules stay small, and the stores import one way: postgres.py may use
store.py, never the reverse (issue 34; docs/architecture.md)."""

from __future__ import annotations

import ast
from pathlib import Path

SERVER = Path(__file__).parent.parent / "src" / "tablegames" / "server"


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            found.add("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_every_server_module_has_at_most_500_lines() -> None:
    modules = sorted(SERVER.glob("*.py"))
    assert len(modules) > 10
    long = {m.name: n for m in modules if (n := len(m.read_text().splitlines())) > 500}
    assert not long


def test_store_and_postgres_import_one_way() -> None:
    assert ".store" in _imports(SERVER / "postgres.py")
    assert not {i for i in _imports(SERVER / "store.py") if "postgres" in i or "psycopg" in i}
