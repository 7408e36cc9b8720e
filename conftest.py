"""Doctest collection: the server's modules that need its extra (aiohttp, psycopg) are left out
when it is not installed (the ``tests`` session); the ``server`` session installs it and runs
them. Which modules need it is found by importing each one, so a new module cannot be missed."""

import importlib
import importlib.util
from pathlib import Path

_SERVER = Path(__file__).parent / "src" / "tablegames" / "server"
_EXTRA = {"aiohttp", "psycopg"}


def _needs_the_extra(module: str) -> bool:
    try:
        importlib.import_module(module)
    except ModuleNotFoundError as error:
        if (error.name or "").split(".")[0] in _EXTRA:
            return True
        raise
    return False


collect_ignore_glob: list[str] = []
if any(importlib.util.find_spec(name) is None for name in _EXTRA):
    collect_ignore_glob += [
        f"src/tablegames/server/{path.name}"
        for path in sorted(_SERVER.glob("*.py"))
        if _needs_the_extra(f"tablegames.server.{path.stem}")
    ]
