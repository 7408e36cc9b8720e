"""What a searcher keeps, and its bound: the memory of a solve follows ``table_size``.

A searcher keeps four kinds of *items*: the entries of its tables (trick starts, and roots
within a trick), the trick ends each entry has met (its *kids*: the entry after each complete
trick), the ends of the distinct tricks met (winner, worth, what stays in play) and the moves
of a mask in each order. Each is counted here when it is made (:meth:`Memory.room`); when the
count would pass ``size``, everything is forgotten at once: the tables, the kids of every
entry that holds any (so no entry keeps another alive once its table has let it go), the trick
ends and the move orders. Only the entries on the search's own path stay, until it returns.

So a solve holds at most ``size`` items and its path: :data:`ITEM_BYTES` bytes an item at
most, and :data:`FIXED_BYTES` for the rest.

>>> memory = Memory(3)
>>> forgotten = []
>>> memory.forgets.append(lambda: forgotten.append(True))
>>> memory.room(2); memory.room(1); memory.kept[0], forgotten
(3, [])
>>> memory.room(1); memory.kept[0], forgotten
(1, [True])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["FIXED_BYTES", "ITEM_BYTES", "Memory"]

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


class Memory:
    """The count of the items a searcher keeps (see the module doc), at most ``size``;
    ``forgets`` are called to let them all go when the count would pass it."""

    __slots__ = ("forgets", "kept", "parents", "size")

    def __init__(self, size: int) -> None:
        self.size = size
        self.kept = [0]
        """Items made since everything was last forgotten (in a list of one, so that the
        search's hot paths count in place: ``kept[0] += 1``, then :meth:`forget` and start
        again from the items about to be made when it passes :attr:`size`)."""
        self.forgets: list[Callable[[], None]] = []
        """What lets each kind of item go (a table's ``clear``, ...)."""
        self.parents: list[list[Any]] = []
        """The entries that were given a kid since everything was last forgotten."""

    def room(self, count: int = 1) -> None:
        """Count ``count`` items about to be made, forgetting everything first when they would
        pass the bound."""
        kept = self.kept[0] + count
        if kept > self.size:
            self.forget()
            kept = count
        self.kept[0] = kept

    def forget(self) -> None:
        """Let every kept item go: each kind's ``forgets``, and the kids of every entry that
        holds some (an entry's kids are the dict at index 3 of its list, ``KIDS``)."""
        for forget in self.forgets:
            forget()
        for entry in self.parents:
            entry[3].clear()
        self.parents.clear()
        self.kept[0] = 0
