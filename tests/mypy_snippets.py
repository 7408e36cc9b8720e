"""Running ``mypy --strict`` on a snippet, for the tests that check what the type checker sees
(a builder's signature, a forwarded attribute's type). Such a test is marked
:data:`needs_mypy`: it is skipped where mypy is not installed. mypy is pointed at the
``tablegames`` these tests import (``MYPYPATH``), so it checks the same source wherever the
suite runs: an installed package or a checkout."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import tablegames

needs_mypy = pytest.mark.skipif(shutil.which("mypy") is None, reason="mypy is not installed")
"""Skips a test where mypy is not installed."""

SOURCE_ROOT = Path(tablegames.__file__).resolve().parents[1]
"""The folder that holds the imported ``tablegames`` package."""


def run_mypy(folder: Path, snippet: str) -> subprocess.CompletedProcess[str]:
    """``mypy --strict`` run on ``snippet`` (dedented, written to a file in ``folder``)."""
    source = folder / "snippet.py"
    source.write_text(textwrap.dedent(snippet))
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(source)],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "MYPYPATH": str(SOURCE_ROOT)},
        cwd=folder,
    )


def mypy_strict(folder: Path, snippet: str) -> str:
    """What ``mypy --strict`` prints for ``snippet``, ``builtins.`` left out of the types (mypy
    versions differ in writing it)."""
    run = run_mypy(folder, snippet)
    return run.stdout.replace("builtins.", "") + run.stderr


def mypy_errors(folder: Path, snippet: str) -> tuple[int, list[str], str]:
    """``mypy --strict`` on ``snippet``: its exit code, its error lines, and its whole output
    (for an assertion's message)."""
    run = run_mypy(folder, snippet)
    errors = [line for line in run.stdout.splitlines() if ": error:" in line]
    return run.returncode, errors, run.stdout + run.stderr
