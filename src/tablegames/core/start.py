"""Start positions: states rebuilt at the start of a deal rather than of the match.

``view.sample(rng)`` builds its state from what a seat knows, so it starts from the position at
the start of the current deal (dealer, scores, results so far...), not from the first deal: the
earlier deals are hidden. Such a state's history begins with an empty log of its own, a
:class:`StartHistory`, which carries the start position in the notation (a JSON-ready dict), so
that records can say where the actions begin.

>>> log = StartHistory({"dealer": 2}).append("pass")
>>> len(log), start_of(log)
(1, {'dealer': 2})
>>> from tablegames.core.history import History
>>> start_of(History.EMPTY.append("pass")) is None
True
>>> import pickle
>>> start_of(pickle.loads(pickle.dumps(log)))
{'dealer': 2}
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Protocol

from .history import LogNode, StartHistory, first_node
from .json_values import freeze_object

__all__ = ["LaterStart", "StartHistory", "start_of"]


class _Logged(Protocol):
    """A history, as :func:`start_of` reads it: the log it views."""

    @property
    def log(self) -> LogNode: ...


def start_of(history: _Logged) -> Mapping[str, object] | None:
    """The start position a log begins at (a frozen copy: changing it is refused, and never
    changes the log), or ``None`` for a log from the start of a match.

    The cost is the length of the log (a record walks it anyway).

    >>> start_of(StartHistory({"scores": [0, 0]})) == {"scores": [0, 0]}
    True
    """
    start: Mapping[str, object] | None = first_node(history.log)[1]
    return None if start is None else freeze_object(start)


class LaterStart(Mapping[str, object]):
    """A start position in the notation, written out only when first read: a state sampled
    from a view begins its log at one, and writing out every finished hand of a long match at
    each sample would make sampling cost grow with the match. ``build`` makes the notation
    (a pure function, called once); the mapping then reads as what it made, frozen.

    >>> import functools
    >>> start = LaterStart(functools.partial(dict, dealer=2))
    >>> start["dealer"], start == {"dealer": 2}, len(start)
    (2, True, 1)
    """

    __slots__ = ("_build", "_made")

    def __init__(self, build: Callable[[], Mapping[str, object]]) -> None:
        self._build = build
        self._made: Mapping[str, object] | None = None

    def _notation(self) -> Mapping[str, object]:
        made = self._made
        if made is None:
            made = self._made = freeze_object(self._build())
        return made

    def __getitem__(self, key: str) -> object:
        return self._notation()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._notation())

    def __len__(self) -> int:
        return len(self._notation())

    def __repr__(self) -> str:
        return repr(self._notation())

    def __eq__(self, other: object) -> bool:
        return self._notation() == other

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Callable[..., object], tuple[object, ...]]:
        return (dict, (dict(self._notation()),))
