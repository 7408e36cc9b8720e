"""Preference's chips before round two's offers (``hidden.chips_before_offers``), which a
view's sample replays a deal from, checked against the chips the game itself held when the
deal began, in random matches under both ways round two's offers are paid
(docs/preference.md, "Round two (rulings)"), read off a state's part and off every
seat's view."""

from __future__ import annotations

import random
from typing import Literal

import pytest

from tablegames import preference
from tablegames.preference.hidden import chips_before_offers


@pytest.mark.parametrize("payment", ["all", "winner_only"])
def test_the_chips_before_the_offers_are_those_the_deal_began_with(
    payment: Literal["all", "winner_only"],
) -> None:
    rules = preference.Rules(round_two_payment=payment)
    offers_paid = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = preference.new_match(rules)
        began = (state.stacks, state.pot)
        for _ in range(400):
            if state.is_over:
                break
            if state.phase is preference.Phase.DEAL:
                began = (state.stacks, state.pot)
            assert chips_before_offers(state._part) == began
            for seat in range(4):
                assert chips_before_offers(state.view(seat)) == began
            offers_paid += (state.stacks, state.pot) != began
            state = state.apply(
                state.chance_outcome(rng) if state.is_chance else rng.choice(state.legal_actions())
            )
    assert offers_paid > 0  # round two was reached and offers were paid, under this payment
