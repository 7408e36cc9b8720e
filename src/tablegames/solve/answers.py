"""What the solver's questions answer (:class:`Bound`, :class:`Solution`,
:class:`ContractAnswer`); :mod:`tablegames.solve.solver` asks them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeAlias

import attrs

from .entries import INFINITY

__all__ = ["Bound", "ContractAnswer", "Solution"]

Action: TypeAlias = Any
"""The game's own actions (the solver answers for any trick game's state, so it names them
loosely: a caller applies them to the state it asked about without a cast)."""


@attrs.frozen
class Bound:
    """What a search proved about a value: it lies in ``lower..upper``; ``exact`` when they
    meet (a search whose budget ran out proves less).

    >>> Bound(4, 4).exact, Bound(-2, 10).exact, Bound(4, 4).value
    (True, False, 4)
    """

    lower: int
    upper: int

    @property
    def exact(self) -> bool:
        """True when the value is known."""
        return self.lower == self.upper

    @property
    def value(self) -> int | None:
        """The value when it is known, else None."""
        return self.lower if self.lower == self.upper else None

    @property
    def middle(self) -> float:
        """The middle of the bounds: the value when exact, else a guess between them."""
        return (self.lower + self.upper) / 2

    @property
    def bounded(self) -> bool:
        """True when both ends are in the game's units: always where the game's trick values
        are known by piece (every built-in game: the bounds start at what is left to take);
        a game whose trick values are not leaves them at plus and minus infinity until the
        search proves more.

        >>> Bound(-2, 10).bounded, Bound(-INFINITY, INFINITY).bounded
        (True, False)
        """
        return self.lower > -INFINITY and self.upper < INFINITY


@attrs.frozen
class Solution:
    """The solved position (see :meth:`~tablegames.solve.solver.Solver.solve`): values are
    the margin of ``side`` (the side of ``seat``, to move): what it takes from here less what
    the other side takes.

    ``actions`` holds each legal action's value; ``best`` the actions of the best value (when
    every value is exact); ``line`` a best line of play from here (the actions in order, each
    side playing for its margin) and ``takes`` what ``side`` and the other side take along it
    (empty and None when a budget ran out). ``nodes`` counts the plays searched.
    """

    seat: int
    side: int
    value: Bound
    actions: Mapping[Action, Bound]
    line: tuple[Action, ...]
    takes: tuple[int, int] | None
    nodes: int

    @property
    def exact(self) -> bool:
        """True when the position's value and every action's are known."""
        return self.value.exact and all(bound.exact for bound in self.actions.values())

    @property
    def best(self) -> tuple[Action, ...]:
        """The actions of the best value (every one, when the values are exact; else those
        whose upper bound reaches the best lower bound)."""
        floor = max(bound.lower for bound in self.actions.values())
        return tuple(action for action, bound in self.actions.items() if bound.upper >= floor)


@attrs.frozen
class ContractAnswer:
    """Whether the declarer's side makes its contract under best play by both sides (see
    :meth:`~tablegames.solve.solver.Solver.contract`): ``made`` from here, and after each
    legal action in ``actions`` (None where a budget ran out first). ``declarer`` is the
    contract's seat, ``side`` its side; ``seat`` is to move.
    """

    declarer: int
    side: int
    seat: int
    made: bool | None
    actions: Mapping[Action, bool | None]
    nodes: int
