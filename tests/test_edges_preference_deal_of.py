"""Building a Preference deal by hand, and round two's offers at the bound of the offers cache.

docs/preference.md, "The deal": *``deal_of(hands, widow, dealer)`` builds the ``Deal`` that
gives named hands*: ten cards to each active player, none to the dealer, two to the widow, the
32 cards of the deck shared out exactly; anything else is refused with a ``TableGamesError``
that says why. "Round two (rulings)": an offer is more than the largest so far and no more than
the player's stack. docs/architecture.md lists the offers cache: *256 lists (``OFFER_LISTS``)
of at most 1,024 offers (``KEPT_OFFERS``; longer ones are made when asked for)*. Written to kill
mutants of ``tablegames.preference.calling`` (docs/testing.md, "Mutation testing").
"""

from __future__ import annotations

import pytest

from tablegames import preference
from tablegames.core.errors import TableGamesError
from tablegames.preference import Rules, calling
from tablegames.preference.deal import start_part

HANDS = ["", "AH KH QH JH TH 9H 8H 7H AS KS", "AD KD QD JD TD 9D 8D 7D QS JS"]
THIRD = "AC KC QC JC TC 9C 8C 7C TS 9S"


def test_deal_of_needs_four_hands_by_seat() -> None:
    with pytest.raises(TableGamesError, match=r"^deal_of needs four hands, by seat \(the dealer"):
        preference.deal_of(HANDS, "8S 7S")


def test_deal_of_refuses_a_card_outside_the_32_card_deck() -> None:
    # Ten cards each, two in the widow, no card twice, but 2S is not in the deck (9S is left out).
    with pytest.raises(TableGamesError, match="must share out the 32 cards"):
        preference.deal_of([*HANDS, "AC KC QC JC TC 9C 8C 7C TS 2S"], "8S 7S")
    with pytest.raises(TableGamesError, match="must share out the 32 cards"):
        preference.deal_of([*HANDS, THIRD], "8S")
    assert len(preference.deal_of([*HANDS, THIRD], "8S 7S").order) == 32


def _offers(largest: int, stack: int) -> list[str]:
    part = start_part(Rules(), 0, (stack,) * 4, 20, ())
    if largest:
        part = part.after_offer((largest,), 1, part.stacks, part.pot)
    return [str(a) for a in calling.legal_offers(part)]


@pytest.mark.parametrize(
    ("largest", "stack", "kept"),
    [
        (0, calling.KEPT_OFFERS, True),  # exactly the bound: kept
        (0, calling.KEPT_OFFERS + 1, False),  # one more: made when asked for
        (10, calling.KEPT_OFFERS + 10, True),  # the bound counts the offers, not the stack
        (10, calling.KEPT_OFFERS + 11, False),
    ],
)
def test_round_two_offers_are_kept_up_to_the_documented_length(
    largest: int, stack: int, kept: bool
) -> None:
    calling._kept_offers.cache_clear()
    offers = _offers(largest, stack)
    assert offers == ["pass", *(f"offer {n}" for n in range(largest + 1, stack + 1))]
    assert calling._kept_offers.cache_info().currsize == (1 if kept else 0)
