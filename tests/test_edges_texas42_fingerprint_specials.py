"""A Texas 42 position's fingerprint digests the hand's plunge and splash calls, with either
option on alone (docs/texas42.md, "Plunge" and "Splash": other seats' views show the call once
made; docs/contract.md, "Fingerprints": the parts are public properties of the position).

Written to kill a mutant of ``texas42.position.specials`` that read the calls only when both
options are on (docs/testing.md, "Mutation testing").
"""

from __future__ import annotations

import pytest

from tablegames.core.fingerprint import position_text
from tablegames.texas42 import Rules, deal_of, new_match, parse_action

# Seat 1 (first to bid, dealer 0) holds six doubles: enough for a plunge (4) and a splash (3).
_SIX_DOUBLES = [
    "4:0 3:2 3:1 3:0 2:1 2:0 1:0",
    "5:5 4:4 3:3 2:2 1:1 0:0 5:4",
    "6:6 6:5 6:4 6:3 6:2 6:1 6:0",
    "5:3 5:2 5:1 5:0 4:3 4:2 4:1",
]


@pytest.mark.parametrize("contract", ["plunge", "splash"])
def test_a_special_call_is_part_of_the_position_with_its_option_alone(contract: str) -> None:
    rules = Rules(scoring="marks", bid_ladder="marks", **{contract: True})  # type: ignore[arg-type]
    dealt = new_match(rules).apply(deal_of(_SIX_DOUBLES, 0))
    called = dealt.apply(parse_action(f"bid {contract}"))
    assert called.view(2).specials == ((0, contract),)
    assert position_text(called).endswith(f'"{contract}",0,[[0,"{contract}"]]]')
    assert called.fingerprint() != dealt.apply(parse_action("bid 42")).fingerprint()
