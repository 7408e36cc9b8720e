"""An opening splash raised by every seat after it: each raise is legal, and every call it
reaches is in the action space (docs/texas42.md, "Splash"), with splash on and plunge off, the
case where only a splash opens the marks ladder at 126."""

from __future__ import annotations

import random

from tablegames import texas42
from tablegames.texas42.actions import action_space


def test_every_raise_of_an_opening_splash_is_in_the_action_space() -> None:
    rules = texas42.Rules(scoring="marks", bid_ladder="marks", splash=True, splash_marks=3)
    space = set(action_space(rules))
    for seed in range(200):  # a deal whose first bidder holds the doubles to open a splash
        state = texas42.new_match(rules)
        state = state.apply(state.chance_outcome(random.Random(seed)))
        splash = [a for a in state.legal_actions() if str(a) == "bid splash"]
        if splash:
            break
    else:
        raise AssertionError("no deal of 200 lets the first bidder splash")
    state = state.apply(splash[0])
    raises = []
    for _ in range(3):
        highest = max(
            (a for a in state.legal_actions() if isinstance(a, texas42.Bid)),
            key=lambda bid: bid.amount,
        )
        raises.append(highest.amount)
        assert highest in space
        state = state.apply(highest)
    assert raises == [168, 210, 252]
