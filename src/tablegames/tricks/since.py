"""The actions of the hand in progress, read off the end of a history without walking it all.

>>> from tablegames.core.history import History
>>> h = History.EMPTY.append("deal").append("bid 30").append("pass")
>>> actions_since(h, 1)
('bid 30', 'pass')
"""

from __future__ import annotations

from typing import TypeVar

from tablegames.core.history import History

A = TypeVar("A")


def actions_since(history: History[A], length: int) -> tuple[A, ...]:
    """The actions of ``history`` after its first ``length`` ones, oldest first.

    The cost depends on how many actions follow, never on how long the history is.

    >>> from tablegames.core.history import History
    >>> actions_since(History.EMPTY.append("pass"), 1)
    ()
    """
    out: list[A] = []
    node = history
    for _ in range(len(history) - length):
        last = node.last
        assert last is not None  # (a history as long as this holds an action here)
        out.append(last)
        node = node.back(1)
    out.reverse()
    return tuple(out)
