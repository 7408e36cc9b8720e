"""Preference's tables made once at import, rebuilt and checked against the rules page.

Who is dealt in, where each card of the pack goes and the plays of a one-suit mask are worked
out once, when the modules are imported (``deal.ACTIVE``, ``calling._PLACES``,
``playing.ONE_SUIT``). These tests call the functions that make them and state the rules they
encode (docs/preference.md):

- "The dealer sits out (ruling)": *in each deal the dealer sits out*; the three others are dealt
  in, and "Round one": *each player in turn, starting with the one sitting to the dealer's
  left*;
- "The deal": *from the dealer's left the three active players get 3 each, then 2 go to the
  widow, then 4 each, then 3 each*;
- "Play": *the active player on the declarer's left leads; the dealer is skipped*;
- docs/contract.md: ``legal_actions()`` lists the legal plays in a fixed order (deck order).

Written to kill mutants that run only at import (docs/testing.md, "Mutation testing").
"""

from __future__ import annotations

from tablegames.core.actions import Play
from tablegames.pieces import DECK_32
from tablegames.preference import calling, deal, playing
from tablegames.preference.actions import PLAYS

WIDOW = 4  # the place of a widow card in calling.places


def test_the_dealer_sits_out_and_the_others_are_dealt_in_from_the_dealers_left() -> None:
    for dealer in range(4):
        left = (dealer + 1) % 4
        expected = (left, (left + 1) % 4, (left + 2) % 4)
        assert deal.active_seats(dealer) == expected == deal.ACTIVE[dealer]
        assert dealer not in expected


def test_the_first_lead_is_the_declarers_left_skipping_the_dealer() -> None:
    for dealer in range(4):
        for declarer in deal.active_seats(dealer):
            leader = deal.first_leader(declarer, dealer)
            left = (declarer + 1) % 4
            assert leader == ((left + 1) % 4 if left == dealer else left)
            assert leader not in (dealer, declarer)


def test_the_pack_goes_out_in_packets_of_three_widow_two_four_three() -> None:
    for dealer in range(4):
        a, b, c = deal.active_seats(dealer)
        expected = (
            (a,) * 3 + (b,) * 3 + (c,) * 3
            + (WIDOW,) * 2
            + (a,) * 4 + (b,) * 4 + (c,) * 4
            + (a,) * 3 + (b,) * 3 + (c,) * 3
        )  # fmt: skip
        assert calling.places(dealer) == expected == calling._PLACES[dealer]
        assert len(expected) == 32


def test_every_one_suit_mask_reads_as_its_plays_in_deck_order() -> None:
    rebuilt = playing._one_suit()
    assert rebuilt == playing.ONE_SUIT
    assert len(rebuilt) == 4 * 255
    deck = [card.index for card in DECK_32]
    for mask, plays in rebuilt.items():
        pieces = [i for i in deck if mask >> i & 1]
        cards = [p.piece for p in plays if isinstance(p, Play)]
        assert [card.index for card in cards] == pieces and len(cards) == len(plays)
        assert plays == tuple(PLAYS[i] for i in pieces)
        assert len({card.suit for card in cards}) == 1  # one suit only
        assert mask & ~DECK_32.mask == 0
