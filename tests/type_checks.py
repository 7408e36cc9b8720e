"""Running ``mypy --strict`` on a snippet, for the tests that check mypy refuses badly typed
code. mypy is pointed at the ``tablegames`` these tests import (``MYPYPATH``), so it checks the
same source wherever the suite runs: an installed package, a checkout, or the mutation
session's copied tree, where nothing is installed.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import tablegames

SOURCE_ROOT = Path(tablegames.__file__).resolve().parents[1]
"""The folder that holds the imported ``tablegames`` package."""


def mypy_errors(tmp_path: Path, snippet: str) -> tuple[int, list[str], str]:
    """Check ``snippet`` (dedented) with ``mypy --strict``: its exit code, its error lines, and
    its whole output (for an assertion's message)."""
    source = tmp_path / "snippet.py"
    source.write_text(textwrap.dedent(snippet))
    env = {**os.environ, "MYPYPATH": str(SOURCE_ROOT)}
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(source)],
        capture_output=True,
        text=True,
        check=False,
        env=env,
        cwd=tmp_path,
    )
    errors = [line for line in run.stdout.splitlines() if ": error:" in line]
    return run.returncode, errors, run.stdout + run.stderr
