"""The bidding ladder: which bids stand over which.

>>> legal_bids(0, Rules())[:3], legal_bids(41, Rules()), legal_bids(42, Rules())
((30, 31, 32), (42,), (84,))
>>> print(bid_violation(84, 35, Rules()))
84 may only be bid over a standing 42.
"""

from __future__ import annotations

import functools

from tablegames.core.violations import Violation, ViolationCode

from .rules import Rules

MIN_BID = 30
ALL_TRICKS = 42


def legal_bids(standing: int, rules: Rules) -> tuple[int, ...]:
    """The bids allowed over ``standing`` (0 when nobody has bid yet).

    >>> legal_bids(84, Rules()), legal_bids(84, Rules(bid_ladder="marks"))
    ((168,), (126,))
    """
    points = tuple(b for b in range(MIN_BID, ALL_TRICKS + 1) if b > standing)
    if rules.bid_ladder == "marks":
        if standing < ALL_TRICKS:
            return (*points, 2 * ALL_TRICKS)
        return (standing + ALL_TRICKS,)
    if standing == ALL_TRICKS:
        return (84,)
    if standing == 84:
        return (168,)
    return points


BIDS_OVER_MEMO = 256
"""How many ``(standing bid, rules)`` pairs :func:`bids_over` keeps (the most recently used):
a match meets about twenty standing bids."""


@functools.lru_cache(maxsize=BIDS_OVER_MEMO)
def bids_over(standing: int, rules: Rules) -> frozenset[int]:
    """The bids allowed over ``standing`` under ``rules``, as a set, memoized for the last
    :data:`BIDS_OVER_MEMO` pairs (keyed by the rules themselves, so every setting counts).

    >>> sorted(bids_over(84, Rules(bid_ladder="marks")))
    [126]
    """
    return frozenset(legal_bids(standing, rules))


def bid_violation(amount: int, standing: int, rules: Rules) -> Violation | None:
    """Why ``amount`` may not be bid over ``standing``, or None.

    >>> bid_violation(31, 30, Rules()) is None, bid_violation(30, 30, Rules()).code.value
    (True, 'bid_not_higher')
    """
    if amount in legal_bids(standing, rules):
        return None
    if amount < MIN_BID:
        return Violation(
            ViolationCode.BID_OUT_OF_RANGE, f"The lowest bid is {MIN_BID}, not {amount}."
        )
    if rules.bid_ladder == "marks":
        if amount > ALL_TRICKS and amount % ALL_TRICKS:
            return Violation(
                ViolationCode.BID_NOT_ON_LADDER,
                f"{amount} is not a bid: bids are 30 to 42 points or whole marks of 42.",
            )
        if standing >= ALL_TRICKS and amount > standing:
            return Violation(
                ViolationCode.BID_NOT_ON_LADDER,
                f"Over a standing {standing} the only bid is {standing + ALL_TRICKS} "
                "(one more mark).",
            )
        if standing < ALL_TRICKS and amount > 2 * ALL_TRICKS:
            return Violation(
                ViolationCode.BID_NOT_ON_LADDER,
                f"The first mark bid may be 42 or 84, not {amount}.",
            )
    else:
        if amount not in (*range(MIN_BID, ALL_TRICKS + 1), 84, 168):
            return Violation(
                ViolationCode.BID_NOT_ON_LADDER,
                f"{amount} is not a bid: bids are 30 to 42, then 84 and 168.",
            )
        if amount == 84 and standing != ALL_TRICKS:
            return Violation(
                ViolationCode.BID_NOT_ON_LADDER, "84 may only be bid over a standing 42."
            )
        if amount == 168 and standing != 84:
            return Violation(
                ViolationCode.BID_NOT_ON_LADDER, "168 may only be bid over a standing 84."
            )
    return Violation(
        ViolationCode.BID_NOT_HIGHER,
        f"A bid must be higher than the standing bid of {standing}; {amount} is not.",
    )
