"""An immutable, append-only action log shared between states: appending is O(1), nothing is copied.

Nodes are immutable: ``history.last = x`` raises ``AttributeError`` (Python's own signal for a
read-only attribute), so no state can rewrite the log it shares with others. Iteration, equality,
hashing and pickling walk the log in a loop, never by recursion, so a log of any length pickles,
copies and compares (it is pickled as the flat tuple of its actions and rebuilt).

>>> h = History.EMPTY.append("bid 30").append("pass")
>>> len(h), list(h)
(2, ['bid 30', 'pass'])
>>> h.last = "bid 42"
Traceback (most recent call last):
...
AttributeError: a History is immutable: append to it instead of setting 'last'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, ClassVar, Generic, NoReturn, TypeVar

from tablegames.errors import TableGamesError

A = TypeVar("A")


class History(Generic[A]):
    """A persistent singly linked list of actions, newest last when iterated.

    >>> History.EMPTY.append("pass").to_tuple()
    ('pass',)
    >>> import pickle
    >>> log = History.of(range(100_000))
    >>> pickle.loads(pickle.dumps(log)) == log
    True
    """

    __slots__ = ("_node",)
    EMPTY: ClassVar[History[Any]]
    _node: tuple[History[A] | None, A | None, int]
    """(the log one action shorter, the newest action, the length): one slot, set once."""

    def __init__(self, prev: History[A] | None, last: A | None, length: int) -> None:
        _set_node(self, (prev, last, length))

    @property
    def last(self) -> A | None:
        """The newest action (``None`` in the empty log)."""
        return self._node[1]

    @classmethod
    def of(cls, actions: Iterable[A]) -> History[A]:
        """The log of ``actions``, oldest first.

        >>> History.of(["deal", "pass"]).last
        'pass'
        """
        node: History[A] = History.EMPTY
        for action in actions:
            node = node.append(action)
        return node

    def append(self, action: A) -> History[A]:
        """A log one action longer; this one is unchanged."""
        node: History[A] = _new(History)
        _set_node(node, (self, action, self._node[2] + 1))
        return node

    def back(self, count: int) -> History[A]:
        """The log as it was ``count`` actions ago.

        >>> History.of("abc").back(2).to_tuple()
        ('a',)
        """
        length = self._node[2]
        if not 0 <= count <= length:
            raise TableGamesError(
                f"cannot go back {count} actions in a log of {length}: that is before the start"
            )
        node: History[A] = self
        for _ in range(count):
            node = node._node[0]  # type: ignore[assignment]
        return node

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"a History is immutable: append to it instead of setting {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"a History is immutable: {name!r} cannot be deleted")

    def __len__(self) -> int:
        return self._node[2]

    def __iter__(self) -> Iterator[A]:
        return iter(self.to_tuple())

    def to_tuple(self) -> tuple[A, ...]:
        """Every action, oldest first."""
        out: list[A] = []
        node: History[A] | None = self
        while node is not None:
            prev, last, length = node._node
            if not length:
                break
            out.append(last)  # type: ignore[arg-type]
            node = prev
        out.reverse()
        return tuple(out)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, History) or len(self) != len(other):
            return False
        return self.to_tuple() == other.to_tuple()

    def __hash__(self) -> int:
        return hash(self.to_tuple())

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        actions = self.to_tuple()
        root = self.back(len(actions))
        if type(root) is not History:  # a log from a start position keeps its start
            return (_rebuild_from, (root, actions))
        return (_rebuild, (actions,))

    def __copy__(self) -> History[A]:
        return self

    def __repr__(self) -> str:
        return f"History({len(self)} actions)"


_new = object.__new__
_set_node = History.__dict__["_node"].__set__


def _rebuild(actions: tuple[A, ...]) -> History[A]:
    """Unpickle a log from its actions (the empty log is the shared ``History.EMPTY``)."""
    return History.of(actions)


def _rebuild_from(root: History[A], actions: tuple[A, ...]) -> History[A]:
    """Unpickle a log from its first, empty node (a start position's) and its actions."""
    node = root
    for action in actions:
        node = node.append(action)
    return node


History.EMPTY = History(None, None, 0)
