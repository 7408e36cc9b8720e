"""The solver's reference: a plain minimax over the public game API (``legal_actions()``,
``apply()`` and each game's public facts), with no pruning, no table and nothing of the engine.

It walks every line of play from a state to the end of its hand and reads what each side took
from the game's own count: Texas 42's ``hand_points`` and, once the hand is over, its result's
``points`` (docs/texas42.md "Counting and scoring"); the tricks of Preference's and Ninety-Two's
``table.won`` and result ``tricks``; and whether the declaring side made its contract from the
result's ``made``. Who plays with whom is public: Texas 42's partners sit opposite
("Table and deal"); Preference's declarer plays the other two ("Rules, rulings and options");
Ninety-Two's bidder plays with the partners it named, its ``team`` ("Partners").

Each node of the walk is kept (:class:`Node`): the state, the best total for each side from
there, the value of each action and whether the contract is made, so that every position of the
tree can be checked against the solver, not only its root.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import attrs

from tablegames import ninety_two, preference, texas42
from tablegames.pieces import Domino


@attrs.frozen
class Facts:
    """What the minimax reads of a game's public state: the side of a seat in the hand being
    played (0 or 1), what each side has taken so far in it, and, from the first state after the
    hand, what each side took in all and whether the declaring side made its contract."""

    phase: Any
    side: Callable[[Any, int], int]
    taken: Callable[[Any], tuple[int, int]]
    final: Callable[[Any, Any], tuple[tuple[int, int], bool]]
    declarer: Callable[[Any], int]
    left: Callable[[Any], int] | None = None
    """What is left to take by the pieces still in play, where a hand may end before they
    are all played (None: the most the minimax finds both sides take together)."""


def _by_side(
    state: Any, per_seat: tuple[int, ...], side: Callable[[Any, int], int]
) -> tuple[int, int]:
    totals = [0, 0]
    for seat, count in enumerate(per_seat):
        totals[side(state, seat)] += count
    return totals[0], totals[1]


def _texas42_side(state: Any, seat: int) -> int:
    return seat % 2


COUNT = {
    Domino.parse(tile).index: count
    for tile, count in (("5:5", 10), ("6:4", 10), ("5:0", 5), ("4:1", 5), ("3:2", 5))
}
"""The count tiles (docs/texas42.md "Counting and scoring"), by index."""


def _texas42_left(state: Any) -> int:
    """A point for each trick still to play and the count of every tile still in play."""
    table = state.table
    pieces = [*table.pieces]
    for hand in state.hands:
        pieces.extend(index for index in range(28) if hand >> index & 1)
    return 7 - len(table.tricks) + sum(COUNT.get(index, 0) for index in pieces)


def _texas42_final(before: Any, after: Any) -> tuple[tuple[int, int], bool]:
    result = after.last_result
    return (result.points[0], result.points[1]), bool(result.made)


def _preference_side(state: Any, seat: int) -> int:
    return int(seat != state.declarer)


def _preference_final(before: Any, after: Any) -> tuple[tuple[int, int], bool]:
    result = after.last_result
    return _by_side(before, result.tricks, _preference_side), bool(result.made)


def _ninety_two_side(state: Any, seat: int) -> int:
    return int(seat not in state.team)


def _ninety_two_final(before: Any, after: Any) -> tuple[tuple[int, int], bool]:
    result = after.last_result
    return _by_side(before, result.tricks, _ninety_two_side), bool(result.made)


FACTS: dict[str, Facts] = {
    "texas42": Facts(
        texas42.Phase.PLAY,
        _texas42_side,
        lambda state: state.hand_points,
        _texas42_final,
        lambda state: state.bidder,
        _texas42_left,
    ),
    "preference": Facts(
        preference.Phase.PLAY,
        _preference_side,
        lambda state: _by_side(state, state.table.won, _preference_side),
        _preference_final,
        lambda state: state.declarer,
    ),
    "ninety-two": Facts(
        ninety_two.Phase.PLAY,
        _ninety_two_side,
        lambda state: _by_side(state, state.table.won, _ninety_two_side),
        _ninety_two_final,
        lambda state: state.bidder,
    ),
}
"""Each game's public facts (see :class:`Facts`), by the game's name."""


@attrs.frozen(eq=False)
class Node:
    """A state of the walk: ``total`` is side 0's take less side 1's over the whole hand under
    best play from here (side 0 maximises it, side 1 minimises it); ``most`` the most both sides
    can take together from here on any line; ``made`` whether the declaring side makes its
    contract under best play by both sides (it plays to make it, the other side to set it);
    ``children`` by legal action: the node after it, or the hand's end (``(total, made)``)."""

    state: Any
    total: int
    most: int
    made: bool
    children: dict[Any, Node | tuple[int, bool]]

    def margin(self, facts: Facts) -> int:
        """The value of the position for the side to move: what it takes from here on less
        what the other side takes."""
        return self.sign(facts) * (self.total - _difference(facts.taken(self.state)))

    def action_margin(self, facts: Facts, action: Any) -> int:
        """The value of ``action`` for the side to move (see :meth:`margin`)."""
        child = self.children[action]
        total = child[0] if isinstance(child, tuple) else child.total
        return self.sign(facts) * (total - _difference(facts.taken(self.state)))

    def action_made(self, action: Any) -> bool:
        """Whether the contract is made under best play after ``action``."""
        child = self.children[action]
        return child[1] if isinstance(child, tuple) else child.made

    def left(self, facts: Facts) -> int:
        """What is left to take from here (see :attr:`Facts.left`)."""
        return self.most if facts.left is None else facts.left(self.state)

    def sign(self, facts: Facts) -> int:
        """1 when the seat to move plays for side 0, -1 for side 1."""
        return -1 if facts.side(self.state, self.state.to_act) else 1

    def walk(self) -> Iterator[Node]:
        """This node and every node below it."""
        yield self
        for child in self.children.values():
            if isinstance(child, Node):
                yield from child.walk()


def _difference(taken: tuple[int, int]) -> int:
    return taken[0] - taken[1]


class TooLarge(Exception):  # noqa: N818 (a signal to the caller, not an error)
    """The walk met more states than it was allowed."""


def minimax(facts: Facts, state: Any, largest: int | None = None) -> Node:
    """Every line of play from ``state`` (in play) to the end of its hand (see the module
    doc); raises :class:`TooLarge` when it meets more than ``largest`` states (None: no
    limit)."""
    return _walk(facts, state, [largest if largest is not None else -1])


def _walk(facts: Facts, state: Any, left: list[int]) -> Node:
    left[0] -= 1
    if left[0] == -1:
        raise TooLarge
    seat = state.to_act
    side = facts.side(state, seat)
    declaring = facts.side(state, facts.declarer(state))
    before = facts.taken(state)
    children: dict[Any, Node | tuple[int, bool]] = {}
    totals = []
    mosts = []
    mades = []
    for action in state.legal_actions():
        after = state.apply(action)
        if after.phase is facts.phase and after.to_act is not None:
            child = _walk(facts, after, left)
            children[action] = child
            totals.append(child.total)
            mades.append(child.made)
            mosts.append(child.most + sum(facts.taken(after)) - sum(before))
        else:
            taken, made = facts.final(state, after)
            children[action] = (_difference(taken), made)
            totals.append(_difference(taken))
            mades.append(made)
            mosts.append(sum(taken) - sum(before))
    total = min(totals) if side else max(totals)
    made = any(mades) if side == declaring else all(mades)
    return Node(state, total, max(mosts), made, children)
