"""The plain ```python blocks of a docs page (those without >>>), for tests to run them."""

from __future__ import annotations

from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs"


def code_blocks(page: str, containing: str) -> list[str]:
    """The plain Python blocks of ``docs/<page>`` whose text contains ``containing``."""
    text = (DOCS / page).read_text(encoding="utf-8")
    blocks = []
    for chunk in text.split("```python\n")[1:]:
        code = chunk.split("```", 1)[0]
        if ">>>" not in code and containing in code:
            blocks.append(code)
    return blocks
