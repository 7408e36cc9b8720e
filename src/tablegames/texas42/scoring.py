"""Settling a hand and deciding the match.

Points (the seed): a bid of 30..41 made scores both sides what they took; set, the bidders score
nothing and the opponents what they took plus the bid. A bid of 42, 84 or 168 is made only with
all 42 points and then scores 42; set, the opponents score what they took plus the bid.

>>> settle(31, bidders=20, opponents=22, rules=Rules())      # (made, bidders' score, opponents')
(False, 0, 53)
>>> settle(84, bidders=42, opponents=0, rules=Rules())
(True, 42, 0)
>>> settle(84, bidders=42, opponents=0, rules=Rules(scoring="marks"))
(True, 2, 0)
"""

from __future__ import annotations

from typing import TypeVar

from .bidding import ALL_TRICKS
from .rules import Rules

N = TypeVar("N", int, float)
"""Points taken: whole in a hand, any number in a solver's guess between its bounds."""


def marks_for(bid: int) -> int:
    """Marks at stake for a bid: one per 42 bid, one for 30..42.

    >>> marks_for(30), marks_for(84), marks_for(168)
    (1, 2, 4)
    """
    return max(1, bid // ALL_TRICKS)


def settle(bid: int, bidders: N, opponents: N, rules: Rules) -> tuple[bool, N, N]:
    """Whether the bid was made, and what bidders and opponents score, from the points they took.

    >>> settle(30, 35, 7, Rules())
    (True, 35, 7)
    """
    made = bidders >= bid if bid < ALL_TRICKS else bidders == ALL_TRICKS
    if rules.scoring == "marks":
        marks = marks_for(bid)
        return (True, marks, 0) if made else (False, 0, marks)
    if made:
        return (
            True,
            (bidders if bid < ALL_TRICKS else ALL_TRICKS),
            (opponents if bid < ALL_TRICKS else 0),
        )
    return False, 0, opponents + bid


def bid_gain(bid: int, margin: N, rules: Rules) -> float:
    """What a hand bid at ``bid`` is worth to the bidding side when it takes ``margin`` points
    more than the other side (of the 42; a solver's margin, which may be a guess between its
    bounds): what :func:`settle` scores the bidders when they make the bid, less what it scores
    the opponents when they set it.

    >>> bid_gain(30, 20, Rules()), bid_gain(30, -2, Rules())     # made 31 to 11; set 20 to 22
    (31.0, -52.0)
    >>> bid_gain(30, -2, Rules(scoring="marks")), bid_gain(42, 42, Rules(scoring="marks"))
    (-1, 1)
    """
    bidders = (ALL_TRICKS + margin) / 2
    made, ours, theirs = settle(bid, bidders, ALL_TRICKS - bidders, rules)
    return ours if made else -theirs


def decided(bid: int, bidders: int, opponents: int, opponents_tricks: int) -> bool:
    """Marks scoring stops a hand as soon as this is true (after a complete trick).

    >>> decided(30, 30, 5, 2), decided(30, 20, 13, 3), decided(42, 12, 0, 0)
    (True, True, False)
    """
    if bid < ALL_TRICKS:
        return bidders >= bid or opponents > ALL_TRICKS - bid
    return opponents_tricks > 0


def match_winner(scores: tuple[int, int], rules: Rules) -> int | None:
    """The winning side (0 for seats 0 and 2, 1 for seats 1 and 3) once the match is decided.

    A side at or past the target with more than the other wins; equal totals there play on.

    >>> match_winner((251, 260), Rules()), match_winner((250, 250), Rules())
    (1, None)
    >>> match_winner((249, 0), Rules()) is None
    True
    """
    if max(scores) < rules.game_target or scores[0] == scores[1]:
        return None
    return 0 if scores[0] > scores[1] else 1
