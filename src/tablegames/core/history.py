"""The action log: an immutable, append-only chain shared between states, and its public face.

A state keeps its log as a *log node*, a plain tuple ``(the node before, the newest action,
the length)``, because appending one is the cheapest thing Python builds (a game writes
``(log, action, log[2] + 1)`` on its hot path). The first node, of length 0, holds no action:
``None``, or the start position for a log that begins at a deal (see
:mod:`tablegames.core.start`). Users see a log through :class:`History`, a read-only view.

Nodes are immutable and shared; a :class:`History` cannot be changed either: ``history.last = x``
raises ``AttributeError`` (Python's own signal for a read-only attribute). Iteration, equality,
hashing and pickling walk the log in a loop, never by recursion, so a log of any length pickles,
copies and compares (it is pickled as the flat tuple of its actions and rebuilt).

>>> h = History.EMPTY.append("bid 30").append("pass")
>>> len(h), list(h)
(2, ['bid 30', 'pass'])
>>> h.last = "bid 42"
Traceback (most recent call last):
...
AttributeError: a History is immutable: append to it instead of setting 'last'
>>> log = (EMPTY_LOG, "bid 30", 1)  # what a state appends on its hot path
>>> History.of(["bid 30"]) == History.of_log(log)
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, ClassVar, Generic, NoReturn, TypeAlias, TypeVar, cast

from tablegames.errors import TableGamesError

from .json_values import FreshObject, freeze_object

A = TypeVar("A")

LogNode: TypeAlias = "tuple[LogNode | None, Any, int]"
"""One node of a log: (the node one action shorter, or ``None`` at the first node; the newest
action, or at the first node ``None`` or a start position; the number of actions)."""

EMPTY_LOG: LogNode = (None, None, 0)
"""The first node of every log that begins with the match."""


class History(Generic[A]):
    """A read-only view of a log, newest action last when iterated.

    >>> History.EMPTY.append("pass").to_tuple()
    ('pass',)
    >>> import pickle
    >>> log = History.of(range(100_000))
    >>> pickle.loads(pickle.dumps(log)) == log
    True
    """

    __slots__ = ("_node",)
    EMPTY: ClassVar[History[Any]]
    _node: LogNode

    def __init__(self, node: LogNode = EMPTY_LOG) -> None:
        if not (type(node) is tuple and len(node) == 3 and type(node[2]) is int and node[2] >= 0):
            raise TableGamesError(
                "A History shows a log node (the node before, the action, the length), as "
                "EMPTY_LOG, logged() and extend() make them."
            )
        _set_node(self, node)

    @staticmethod
    def of_log(node: LogNode) -> History[Any]:
        """The view of the log that ends at ``node`` (what a state's ``history`` returns): the
        quick way for a state's own log, unchecked (``History(node)`` checks it).

        >>> len(History.of_log(EMPTY_LOG)), History.of_log(EMPTY_LOG) == History.EMPTY
        (0, True)
        """
        view: History[object] = _new(
            StartHistory if node[1] is not None and not node[2] else History
        )
        _set_node(view, node)
        return view

    @property
    def log(self) -> LogNode:
        """The log node this view shows (what a state keeps).

        >>> History.EMPTY.log == EMPTY_LOG
        True
        """
        return self._node

    @property
    def last(self) -> A | None:
        """The newest action (``None`` in the empty log)."""
        node = self._node
        return node[1] if node[2] else None

    @classmethod
    def of(cls, actions: Iterable[A]) -> History[A]:
        """The log of ``actions``, oldest first.

        >>> History.of(["deal", "pass"]).last
        'pass'
        """
        return History(extend(EMPTY_LOG, actions))

    def append(self, action: A) -> History[A]:
        """A log one action longer; this one is unchanged."""
        node = self._node
        view: History[A] = _new(History)
        _set_node(view, (node, action, node[2] + 1))
        return view

    def back(self, count: int) -> History[A]:
        """The log as it was ``count`` actions ago.

        >>> History.of("abc").back(2).to_tuple()
        ('a',)
        """
        node = self._node
        if not 0 <= count <= node[2]:
            raise TableGamesError(
                f"cannot go back {count} actions in a log of {node[2]}: that is before the start"
            )
        for _ in range(count):
            node = _before(node)
        return History.of_log(node)

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
        return cast("tuple[A, ...]", actions_of(self._node))  # the log holds this history's actions

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, History) or len(self) != len(other):
            return False
        return self._node is other._node or self.to_tuple() == other.to_tuple()

    def __hash__(self) -> int:
        return hash(self.to_tuple())

    def __reduce__(self) -> tuple[Callable[..., object], tuple[object, ...]]:
        return (_rebuild, (self.to_tuple(), first_node(self._node)[1]))

    def __copy__(self) -> History[A]:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> History[A]:
        return self

    def __repr__(self) -> str:
        return f"History({len(self)} actions)"


class StartHistory(History[A]):
    """The empty log at a start position; ``start`` describes that position (JSON-ready).

    >>> StartHistory({"dealer": 1}).start, len(StartHistory({}))
    ({'dealer': 1}, 0)
    """

    __slots__ = ()

    def __init__(self, start: Mapping[str, object]) -> None:
        super().__init__((None, dict(start), 0))

    @property
    def start(self) -> Mapping[str, object]:
        """The start position in the notation: a frozen copy (changing what it was made from,
        or trying to change it, never changes the log or its state); a start written out
        anew at each reading (:class:`~tablegames.core.json_values.FreshObject`) as it is."""
        start = self._node[1]
        return start if isinstance(start, FreshObject) else freeze_object(start)

    def __repr__(self) -> str:
        return f"StartHistory({self.start!r})"


def logged(node: LogNode, action: object) -> LogNode:
    """The log node after appending ``action`` to ``node`` (hot paths write the tuple inline).

    >>> logged(EMPTY_LOG, "pass")[1:]
    ('pass', 1)
    """
    return (node, action, node[2] + 1)


def extend(node: LogNode, actions: Iterable[object]) -> LogNode:
    """The log node after appending ``actions`` to ``node``, oldest first.

    >>> extend(EMPTY_LOG, "ab")[1:]
    ('b', 2)
    """
    for action in actions:
        node = (node, action, node[2] + 1)
    return node


def actions_of(node: LogNode) -> tuple[object, ...]:
    """Every action of the log ending at ``node``, oldest first, walked in a loop.

    >>> actions_of(extend(EMPTY_LOG, "abc"))
    ('a', 'b', 'c')
    """
    out: list[object] = []
    while node[2]:
        out.append(node[1])
        before = node[0]
        if before is None:
            break  # (never: only a first node, of length 0, has none)
        node = before
    out.reverse()
    return tuple(out)


def first_node(node: LogNode) -> LogNode:
    """The first node (length 0) of the log ending at ``node``.

    >>> first_node(extend(EMPTY_LOG, "abc")) is EMPTY_LOG
    True
    """
    while node[2]:
        node = _before(node)
    return node


def _before(node: LogNode) -> LogNode:
    """The node one action shorter than ``node``, which is not a first node."""
    before = node[0]
    if before is None:
        raise TableGamesError("a log node of length 0 has no node before it")
    return before


_new = object.__new__
_set_node = History.__dict__["_node"].__set__


def _rebuild(actions: tuple[A, ...], start: Mapping[str, object] | None = None) -> History[A]:
    """Unpickle a log from its actions and start (the empty log is the shared ``EMPTY``)."""
    if start is None and not actions:
        return History.EMPTY
    root: LogNode = EMPTY_LOG if start is None else (None, dict(start), 0)
    return History(extend(root, actions))


History.EMPTY = History(EMPTY_LOG)
