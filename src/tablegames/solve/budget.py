"""A searcher's node and time budget (:class:`Budget`), and the signal a search raises when it
runs out (:class:`Exhausted`); :mod:`tablegames.solve.search` gives both.
"""

from __future__ import annotations

import time

from .entries import INFINITY

__all__ = ["CLOCK_EVERY", "THINNING_SECONDS", "Budget", "Exhausted"]

CLOCK_EVERY = 64
"""Nodes between looks at the clock when a time budget is set (a node takes microseconds)."""

THINNING_SECONDS = 1e-6
"""What thinning a searcher's table takes at most, an item kept (measured: about 0.25 µs an
item, a quarter second for the default bound of a million items): under a time budget that
would not leave it, the question stops before it thins."""


class Exhausted(Exception):  # noqa: N818 (a signal inside the search, not an error)
    """Raised inside a search when its node or time budget runs out."""


class Budget:
    """The node and time budget of a searcher's questions (see :meth:`Searcher.limit`): the
    node count at which they stop and the clock's time, None for no bound. Its
    :meth:`checkpoint` is what the count of nodes calls at each check (it holds nothing of
    the searcher, so a searcher is let go as soon as its last reference is).

    >>> budget = Budget()
    >>> budget.nodes = 5
    >>> budget.next_check(0), budget.checkpoint(3)
    (5, 5)
    >>> budget.checkpoint(5)
    Traceback (most recent call last):
    ...
    tablegames.solve.budget.Exhausted
    """

    __slots__ = ("deadline", "nodes")

    def __init__(self) -> None:
        self.nodes: int | None = None
        self.deadline: float | None = None

    def next_check(self, count: int) -> int:
        """The node count at which to look at the budget next, from ``count``."""
        check = INFINITY if self.nodes is None else self.nodes
        if self.deadline is not None:
            check = min(check, count + CLOCK_EVERY)
        return check

    def thinning(self, items: int) -> None:
        """Before the searcher thins its ``items`` kept items: raise :class:`Exhausted`
        (leaving them for a later question) when that could take the question past its
        deadline."""
        deadline = self.deadline
        if deadline is not None and time.perf_counter() + items * THINNING_SECONDS >= deadline:
            self.deadline = time.perf_counter()  # no node more in this question
            raise Exhausted

    def checkpoint(self, count: int) -> int:
        """At the node count of a check, before that node is counted: raise
        :class:`Exhausted` when the budget is spent (once the clock has run out, no node more
        is searched), else the node count of the check after."""
        if self.nodes is not None and count >= self.nodes:
            raise Exhausted
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            self.nodes = count
            raise Exhausted
        return self.next_check(count)
