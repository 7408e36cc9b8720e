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

    >>> from tablegames import texas42
    >>> from tablegames.examples.house42 import opening_bid_at_least_31 as rule
    >>> rule(texas42.new_match(), texas42.Bid(30)).code.value
    'bid_out_of_range'

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
