"""A house rule for Texas 42: the opening bid must be at least 31 (docs/house-rules.md).

>>> from tablegames import texas42
>>> from tablegames.core.game import play_randomly
>>> import random
>>> final = play_randomly(GAME.new_match(texas42.Rules(target=60)), random.Random(2))
>>> final.is_over, all(r.bid != 30 for r in final.inner.results if r.bidder is not None)
(True, True)
"""

from __future__ import annotations

from tablegames import texas42
from tablegames.core.violations import Violation, ViolationCode
from tablegames.house import with_house_rules

LOWEST_OPENING_BID = 31
"""At this table nobody may open the bidding at 30."""


def opening_bid_at_least_31(state: texas42.Texas42State, action: object) -> Violation | None:
    """Forbid an opening bid below 31 (once someone has bid, the game's own rules apply).

    >>> state = texas42.new_match().apply(texas42.deal_of(["6:6 6:5 6:4 6:3 6:2 6:1 6:0",
    ...     "5:5 5:4 5:3 5:2 5:1 5:0 4:4", "4:3 4:2 4:1 4:0 3:3 3:2 3:1",
    ...     "3:0 2:2 2:1 2:0 1:1 1:0 0:0"]))
    >>> print(opening_bid_at_least_31(state, texas42.Bid(30)))
    The opening bid must be at least 31 at this table, not 30.
    """
    if not isinstance(action, texas42.Bid) or state.high_bid != 0:
        return None  # not a bid, or not the opening one
    if action.amount >= LOWEST_OPENING_BID:
        return None
    return Violation(
        ViolationCode.BID_OUT_OF_RANGE,
        f"The opening bid must be at least {LOWEST_OPENING_BID} at this table, "
        f"not {action.amount}.",
    )


GAME = with_house_rules(
    texas42.GAME, "texas42-open-31", "Texas 42 (opening bid 31)", opening_bid_at_least_31
)
"""Texas 42 with the house rule; register it with ``register_game(GAME)``."""
