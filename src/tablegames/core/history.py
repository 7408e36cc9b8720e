"""An append-only action log shared between states: appending is O(1), nothing is copied.

>>> h = History.EMPTY.append("bid 30").append("pass")
>>> len(h), list(h)
(2, ['bid 30', 'pass'])
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar, Generic, TypeVar

A = TypeVar("A")


class History(Generic[A]):
    """A persistent singly linked list of actions, newest last when iterated.

    >>> History.EMPTY.append("pass").to_tuple()
    ('pass',)
    """

    __slots__ = ("_len", "_prev", "last")
    EMPTY: ClassVar[History[Any]]

    def __init__(self, prev: History[A] | None, last: A | None, length: int) -> None:
        self._prev = prev
        self.last = last
        self._len = length

    def append(self, action: A) -> History[A]:
        """A log one action longer; this one is unchanged."""
        return History(self, action, self._len + 1)

    def back(self, count: int) -> History[A]:
        """The log as it was ``count`` actions ago."""
        node: History[A] = self
        for _ in range(count):
            assert node._prev is not None, "cannot go back past the start"
            node = node._prev
        return node

    def __len__(self) -> int:
        return self._len

    def __iter__(self) -> Iterator[A]:
        return iter(self.to_tuple())

    def to_tuple(self) -> tuple[A, ...]:
        """Every action, oldest first."""
        out: list[A] = []
        node: History[A] | None = self
        while node is not None and node._len:
            out.append(node.last)  # type: ignore[arg-type]
            node = node._prev
        out.reverse()
        return tuple(out)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, History) and self.to_tuple() == other.to_tuple()

    def __hash__(self) -> int:
        return hash(self.to_tuple())

    def __repr__(self) -> str:
        return f"History({len(self)} actions)"


History.EMPTY = History(None, None, 0)
