"""Rank arithmetic on card masks, for Quartets' hot paths.

Cards are numbered suit by suit (``index = 13 * suit + rank - 2``), so the four cards of a rank
lie 13 bits apart: the ranks a hand holds are four shifts and an OR, and every card of those
ranks one multiplication.

>>> from tablegames.pieces import CARD_UNIVERSE, PieceSet, cards
>>> hand = cards("2C 2D 8S").mask
>>> bin(ranks_held(hand)), str(PieceSet(askable_cards(hand), CARD_UNIVERSE))
('0b1000001', '8C 8D 2H 8H 2S')
"""

from __future__ import annotations

from tablegames.pieces.cards import CARDS

RANKS = (1 << 13) - 1
"""The 13 low bits: one per rank, twos first."""
SPREAD = 1 | 1 << 13 | 1 << 26 | 1 << 39
"""Multiplying a mask of ranks by this gives every card of those ranks."""
RANK_CARDS: tuple[int, ...] = tuple((1 << card.rank - 2) * SPREAD for card in CARDS)
"""By card index: the mask of the four cards of its rank."""


def ranks_held(hand: int) -> int:
    """The ranks (bit ``rank - 2``) of which ``hand`` holds at least one card.

    >>> from tablegames.pieces import cards
    >>> ranks_held(cards("AS AH 3C").mask) == 1 << 12 | 1 << 1
    True
    """
    return (hand | hand >> 13 | hand >> 26 | hand >> 39) & RANKS


def askable_cards(hand: int) -> int:
    """The cards ``hand`` may ask for: those it lacks of the ranks it holds.

    >>> from tablegames.pieces import cards
    >>> askable_cards(cards("2C 2D 2H 2S").mask)
    0
    """
    return ranks_held(hand) * SPREAD & ~hand
