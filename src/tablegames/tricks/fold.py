"""What a hand's finished tricks add up to, worked out once per trick for every view.

A view shows the finished tricks in its game's own public form (and Texas 42 the points each side
took). Converting every trick at every view would cost a hand's length each time, so
:func:`fold_finished` folds a step over the finished tricks, oldest first, and remembers the
result by the finished-tricks node it came from (a :data:`~tablegames.tricks.tally.Finished`,
shared by every state of the hand): a view works out the newest trick at most.

>>> from tablegames.tricks import TrickTally, plain_card_model
>>> tally = TrickTally.begin((0, 1), leader=0, seats=2, model=plain_card_model(None))
>>> tally = tally.after((0, 1)).after((2, 3))
>>> def winners(before: tuple[int, ...], trick: Trick) -> tuple[int, ...]:
...     return (*before, trick.winner)
>>> fold_finished(tally.finished, winners, ())
(1, 0)
>>> fold_finished(tally.finished, winners, ()) is fold_finished(tally.finished, winners, ())
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from .table import Trick
from .tally import Finished

R = TypeVar("R")

REMEMBERED = 4096
"""How many folds are remembered (then forgotten all at once, so memory stays bounded)."""

_FOLDS: dict[tuple[int, int], tuple[Finished, Callable[..., Any], Any]] = {}
"""By (step, node) identities: the node and the step (kept alive, so their identities are not
reused while the entry stands) and the fold up to that node."""


def fold_finished(finished: Finished | None, step: Callable[[R, Trick], R], start: R) -> R:
    """``step`` folded over the finished tricks oldest first, from ``start``: remembered for
    each node and step, so the fold of a hand's tricks costs one step per new trick. ``step``
    must be a pure function kept alive by its module (and always given the same ``start``)."""
    if finished is None:
        return start
    key = (id(step), id(finished))
    entry = _FOLDS.get(key)
    if entry is not None and entry[0] is finished and entry[1] is step:
        folded: R = entry[2]
        return folded
    earlier, trick, _ = finished
    folded = step(fold_finished(earlier, step, start), trick)
    if len(_FOLDS) >= REMEMBERED:
        _FOLDS.clear()
    _FOLDS[key] = (finished, step, folded)
    return folded
