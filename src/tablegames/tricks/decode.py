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

from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar, cast, overload

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


@overload
def mask_reader(
    items: Sequence[T],
    chunks: Sequence[tuple[int, int]],
    quick: Mapping[int, tuple[T, ...]] | None = None,
    attribute: None = None,
) -> Callable[[int], tuple[T, ...]]: ...


@overload
def mask_reader(
    items: Sequence[T],
    chunks: Sequence[tuple[int, int]],
    quick: Mapping[int, tuple[T, ...]] | None = None,
    *,
    attribute: str,
) -> Callable[[object], tuple[T, ...]]: ...


def mask_reader(
    items: Sequence[T],
    chunks: Sequence[tuple[int, int]],
    quick: Mapping[int, tuple[T, ...]] | None = None,
    attribute: str | None = None,
) -> Callable[[int], tuple[T, ...]] | Callable[[object], tuple[T, ...]]:
    """A function from a mask over ``items`` to the tuple of its items in index order, by one
    table look-up per chunk: ``chunks`` are (first bit, width) pairs, low bits first, covering
    every bit that can be set (Preference's 32 cards are 8 bits of each suit's 13). ``quick``
    maps masks met often to their tuples (one look-up, tried first). With ``attribute``, the
    function takes an object and reads the mask from that attribute (a method, for the play
    engine's ``legal_actions``: no call in between).

    It is written out as plain code (one look-up per chunk, no loop), as
    :func:`~tablegames.core.frozen.builder` writes its builders: this is the hot path of every
    ``legal_actions()`` in play.

    >>> read = mask_reader("abcdefghij", ((0, 5), (5, 5)))
    >>> read(0b1000000101), read(0)
    (('a', 'c', 'j'), ())
    >>> mask_reader("abcdefghij", ((1, 4), (6, 4)), quick={1: ("a",)})(0b1000000101)
    ('c', 'j')
    >>> class Hand:
    ...     legal = 0b11
    >>> mask_reader("abcdefghij", ((0, 10),), attribute="legal")(Hand())
    ('a', 'b')
    """
    if attribute is not None and not attribute.isidentifier():
        raise ValueError(f"{attribute!r} is not an attribute name")
    namespace: dict[str, object] = {"quick": quick}
    terms = []
    for number, (first, width) in enumerate(chunks):
        (namespace[f"t{number}"],) = chunk_tables(items[first : first + width], width)
        last = first + width >= len(items)
        shifted = f"m >> {first}" if first else "m"
        terms.append(
            f"t{number}[{shifted}]" if last else f"t{number}[{shifted} & {(1 << width) - 1}]"
        )
    lines = ["def read(m):"] if attribute is None else [f"def read(o):\n    m = o.{attribute}"]
    if quick is not None:
        lines += ["    found = quick.get(m)", "    if found is not None:", "        return found"]
    lines.append("    return " + " + ".join(terms))
    exec(compile("\n".join(lines) + "\n", "<mask reader>", "exec"), namespace)
    # The code written here reads the mask and looks its chunks up, as the overloads say.
    return cast("Callable[[object], tuple[T, ...]]", namespace["read"])
