"""Running ``mypy --strict`` on a snippet, for the tests that check what the type checker sees
(a builder's signature, a forwarded attribute's type). Such a test is marked
:data:`needs_mypy`: it is skipped where mypy is not installed."""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

needs_mypy = pytest.mark.skipif(shutil.which("mypy") is None, reason="mypy is not installed")
"""Skips a test where mypy is not installed."""


def mypy_strict(folder: Path, snippet: str) -> str:
    """What ``mypy --strict`` prints for ``snippet`` (dedented, written to a file in
    ``folder``), ``builtins.`` left out of the types (mypy versions differ in writing it)."""
    source = folder / "snippet.py"
    source.write_text(textwrap.dedent(snippet))
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(source)],
        capture_output=True,
        text=True,
        check=False,
    )
    return run.stdout.replace("builtins.", "") + run.stderr
