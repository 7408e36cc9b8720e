"""Two Texas 42 rules at the edges of the deal and the bidding.

A deal must order all 28 tiles once each (docs/texas42.md, "Table and deal": 28 tiles, 7 each,
and "Violations": ``bad_deal``): ``deal_of`` given hands that are not seven tiles each still
builds a deal, which the game refuses with that sentence rather than failing some other way.

A point or mark bid over a standing splash makes the standing contract a plain bid again
(docs/texas42.md, "Plunge": later players may pass or bid one mark higher; "Views, records and
JSON": the view's ``contract`` says what stands once a plunge or splash is called).

Written to kill mutants of ``texas42.calling.deal_of`` and ``texas42.calling._bidding``
(docs/testing.md, "Mutation testing").
"""

from __future__ import annotations

import pytest

from tablegames.core.violations import ViolationCode
from tablegames.texas42 import Rules, deal_of, new_match, parse_action

_UNEVEN = [
    ["6:6 6:5 6:4 6:3 6:2 6:1", "6:0 5:5 5:4 5:3 5:2 5:1 5:0 4:4"],  # 6 and 8 tiles
    ["6:6 6:5 6:4 6:3 6:2 6:1 6:0", "5:5 5:4 5:3 5:2 5:1 5:0"],  # 7 and 6: 27 tiles in all
]


@pytest.mark.parametrize("first", _UNEVEN)
@pytest.mark.parametrize("dealer", [0, 3])
def test_hands_that_are_not_seven_tiles_each_make_a_deal_the_game_refuses(
    first: list[str], dealer: int
) -> None:
    hands = [*first, "4:3 4:2 4:1 4:0 3:3 3:2 3:1", "3:0 2:2 2:1 2:0 1:1 1:0 0:0"]
    deal = deal_of(hands, dealer)
    assert len(deal.order) == 28
    violation = new_match(Rules(first_dealer=dealer)).check(deal)
    assert violation is not None
    assert violation.code is ViolationCode.BAD_DEAL
    assert violation.message == "A deal must order all 28 tiles, each exactly once."


# Seat 1 (first to bid, dealer 0) holds six doubles: enough for a splash.
_SIX_DOUBLES = [
    "4:0 3:2 3:1 3:0 2:1 2:0 1:0",
    "5:5 4:4 3:3 2:2 1:1 0:0 5:4",
    "6:6 6:5 6:4 6:3 6:2 6:1 6:0",
    "5:3 5:2 5:1 5:0 4:3 4:2 4:1",
]


def test_a_mark_bid_over_a_splash_makes_the_contract_a_plain_bid_again() -> None:
    rules = Rules(scoring="marks", bid_ladder="marks", splash=True)
    state = new_match(rules).apply(deal_of(_SIX_DOUBLES, 0))
    state = state.apply(parse_action("bid splash"))
    assert state.contract == "splash"
    state = state.apply(parse_action("bid 126"))  # seat 2: one mark over the splash's two
    assert state.contract == "bid"
    data = state.view(0).to_dict()
    assert data["contract"] == "bid"
    assert data["calls"] == ["bid splash", "bid 126"]
    state = state.apply(parse_action("pass"))
    assert state.contract == "bid"
    assert state.bidder == 2
