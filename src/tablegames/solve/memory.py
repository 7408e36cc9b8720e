"""What a searcher keeps, and its bound: the memory of a solve follows ``table_size``.

A searcher keeps four kinds of *items*: the entries of its tables (trick starts, and roots
within a trick), the trick ends each entry has met (its *kids*: the entry after each complete
trick), the ends of the distinct tricks met (winner, worth, what stays in play) and the moves
of a mask in each order. Each is counted here when it is made (:meth:`Memory.room`); when the
count would pass ``size``, the searcher *thins* what it keeps (:meth:`Memory.forget`): it lets
go the kids of every entry that holds any (so no entry keeps another alive once its table has
let it go), every trick end and move order, and every entry but those nearest the start of the
hand, at most a quarter of the bound (few, and each the fruit of a large search: the questions
that follow, MTD(f)'s tests of the same position, find them again). Only the entries on the
search's own path stay besides, until it returns.

So a solve holds at most ``size`` items and its path: :data:`ITEM_BYTES` bytes an item at
most, and :data:`FIXED_BYTES` for the rest.

An entry is a plain list whose fields are named by the indices below (see
:mod:`tablegames.solve.entries`).

>>> memory = Memory(8)
>>> table = {key: [0, 0, -1, {}, None, None, (), key, None, (), None] for key in range(3)}
>>> memory.tables.append(table)
>>> memory.room(3); memory.room(5); memory.kept[0]
8
>>> memory.room(1); memory.kept[0], sorted(table)   # thinned: the entries of tricks 0 and 1
(3, [0, 1])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # entries builds on this module
    from .entries import Entry

__all__ = [
    "BEST",
    "FIXED_BYTES",
    "HANDS",
    "HIGH",
    "ITEM_BYTES",
    "KEPT_SHARE",
    "KIDS",
    "LIVE",
    "LOW",
    "NUMBER",
    "PART",
    "PAST",
    "TALLY",
    "TURNS",
    "Memory",
]

LOW, HIGH, BEST, KIDS, PART, TALLY, TURNS, NUMBER, PAST, HANDS, LIVE = range(11)
"""The fields of an entry (see :mod:`tablegames.solve.entries`)."""

ITEM_BYTES = 512
"""Bytes a kept item takes at most, on average over the items of a solve (an entry with its
hands, key and tally, a kid, a trick's end or a sorted move list). Measured on CPython 3.11
with ``tracemalloc``: about 270 in Texas 42 and 140 to 300 in Ninety-Two of 4, 6 and 8 players;
an entry takes more, a kid or a trick's end less."""

FIXED_BYTES = 1 << 20
"""Bytes a solve holds besides its items, at most: the search's path (its entries until it
returns), the searcher's functions and the first lines it checks (measured: under 0.4 MB).
The model's own tables (:func:`~tablegames.solve.tables.tables_for`) are kept apart, once for
every solve of a model."""

KEPT_SHARE = 4
"""When a searcher thins what it keeps, the entries nearest the start of the hand it keeps
fill at most ``size // KEPT_SHARE`` of the bound."""


class Memory:
    """The count of the items a searcher keeps (see the module doc), at most ``size``: its
    ``tables`` of entries are thinned and its ``caches`` emptied when the count would pass it.
    """

    __slots__ = ("caches", "kept", "parents", "size", "tables", "thinning")

    def __init__(self, size: int) -> None:
        self.size = size
        self.kept = [0]
        """Items kept (in a list of one, so that the search's hot paths count in place:
        ``kept[0] += 1``, then :meth:`forget` and count on from what it kept when it passes
        :attr:`size`)."""
        self.tables: list[dict[Hashable, Entry]] = []
        """The tables of entries (by key), thinned to the entries nearest the start."""
        self.caches: list[
            dict[tuple[int, ...], tuple[int, int, int]] | dict[int, tuple[int, ...]]
        ] = []
        """What is let go whole: the ends of distinct tricks, the sorted moves."""
        self.parents: list[Entry] = []
        """The entries that were given a kid since what is kept was last thinned."""
        self.thinning: Callable[[int], None] | None = None
        """Told how many items are kept before they are thinned: it may stop the search
        instead (by raising), where a time budget would not leave the time to thin them (the
        item about to be made is not made)."""

    def room(self, count: int = 1) -> None:
        """Count ``count`` items about to be made, thinning what is kept first when they would
        pass the bound."""
        kept = self.kept[0] + count
        if kept > self.size:
            self.forget()
            kept = self.kept[0] + count
        self.kept[0] = kept

    def forget(self) -> None:
        """Thin what is kept (see the module doc): every kid, trick end and move order goes,
        and every entry but those nearest the start of the hand, at most
        ``size // KEPT_SHARE`` of them (:attr:`thinning` is told first)."""
        if self.thinning is not None:
            self.thinning(self.kept[0])
        for entry in self.parents:
            entry[KIDS].clear()
        self.parents.clear()
        for cache in self.caches:
            cache.clear()
        counts = Counter(entry[NUMBER] for table in self.tables for entry in table.values())
        room = self.size // KEPT_SHARE
        kept = 0
        last = -1
        for number in sorted(counts):
            if kept + counts[number] > room:
                break
            kept += counts[number]
            last = number
        for table in self.tables:
            nearest = {key: entry for key, entry in table.items() if entry[NUMBER] <= last}
            table.clear()
            table.update(nearest)
        self.kept[0] = kept

    def clear(self) -> None:
        """Let everything go (the searcher is let go)."""
        for entry in self.parents:
            entry[KIDS].clear()
        self.parents.clear()
        for table in (*self.tables, *self.caches):
            table.clear()
        self.kept[0] = 0
