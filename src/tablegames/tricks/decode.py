"""Ready-made tables that turn a mask of legal plays into the tuple of play actions.

A trick game's legal plays are a mask; ``legal_actions()`` must give action objects in index
order. Splitting the mask into a few fixed-width chunks and looking each chunk up in a table
of ready-made tuples does that without a loop or a call:

>>> low, high = chunk_tables("abcdefghij", 5)
>>> mask = 0b1000000101
>>> low[mask & 31] + high[mask >> 5]
('a', 'c', 'j')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def chunk_tables(
    items: Sequence[T], widths: int | Sequence[int]
) -> tuple[tuple[tuple[T, ...], ...], ...]:
    """For each chunk of a mask over ``items`` (``widths`` bits each, low bits first, or one
    width for all): by chunk value, the chunk's items in order.

    >>> [len(t) for t in chunk_tables(range(28), 10)]
    [1024, 1024, 256]
    >>> [len(t) for t in chunk_tables(range(52), (11, 11, 10, 10, 10))]
    [2048, 2048, 1024, 1024, 1024]
    """
    if isinstance(widths, int):
        widths = [widths] * -(-len(items) // widths)
    tables = []
    start = 0
    for width in widths:
        chunk = tuple(items[start : start + width])
        start += width
        size = 1 << len(chunk)
        tables.append(
            tuple(tuple(chunk[i] for i in range(len(chunk)) if v >> i & 1) for v in range(size))
        )
    return tuple(tables)
