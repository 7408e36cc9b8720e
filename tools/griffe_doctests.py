"""A griffe extension for the docs site: docstring examples (``>>>`` blocks) become code
blocks, and Sphinx roles such as :class:`Game` become code, so Markdown renders them as such.

Used by mkdocs.yml (mkdocstrings ``extensions``); the docstrings themselves stay plain
doctests, which pytest runs.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

_ROLE = re.compile(r":(?:class|meth|func|mod|attr|data|exc|obj):`~?([^`]+)`")


def fence_examples(text: str) -> str:
    """Wrap every run of ``>>>`` lines and their output in a ```pycon fence.

    >>> fence_examples("Text.\\n\\n>>> 1 + 1\\n2").splitlines()
    ['Text.', '', '```pycon', '>>> 1 + 1', '2', '```']
    """
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        if not inside and line.lstrip().startswith(">>>"):
            out.append("```pycon")
            inside = True
        elif inside and not line.strip():
            out.append("```")
            inside = False
        out.append(line)
    if inside:
        out.append("```")
    return "\n".join(out)


def plain_roles(text: str) -> str:
    """Sphinx roles as Markdown code: :class:`~a.B` becomes `a.B`.

    >>> plain_roles("see :meth:`GameState.apply`")
    'see `GameState.apply`'
    """
    return _ROLE.sub(r"`\1`", text)


class DoctestBlocks(griffe.Extension):
    """Rewrite each docstring as it is loaded (see the module doc)."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        """Called by griffe for every object it loads."""
        if obj.docstring is not None:
            obj.docstring.value = fence_examples(plain_roles(obj.docstring.value))
