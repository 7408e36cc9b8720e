"""Rank arithmetic on card masks, for Quartets' hot paths.

Cards are numbered suit by suit (``index = 13 * suit + rank - 2``), so the four cards of a rank
lie 13 bits apart: the ranks a hand holds are four shifts and an OR, and every card of those
ranks one multiplication.

>>> from tablegames.pieces import CARD_UNIVERSE, PieceSet, cards
>>> hand = cards("2C 2D 8S").mask
>>> bin(ranks_held(hand)), str(PieceSet(askable_cards(hand), CARD_UNIVERSE))
('0b1000001', '8C 8D 2H 8H 2S')
>>> card_indices(askable_cards(hand))
(6, 19, 26, 32, 39)
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


def card_indices(mask: int) -> tuple[int, ...]:
    """The indices of the cards in ``mask``, lowest first: one table look-up per suit.

    >>> from tablegames.pieces import cards
    >>> card_indices(cards("3C 2D AS").mask), card_indices(0)
    ((1, 13, 51), ())
    """
    clubs, diamonds, hearts, spades = _RUNS
    try:
        # Before the first decoding the runs are None, and adding them raises: cheaper than a test.
        return (
            clubs[mask & RANKS]  # type: ignore[operator]
            + diamonds[mask >> 13 & RANKS]
            + hearts[mask >> 26 & RANKS]
            + spades[mask >> 39 & RANKS]
        )
    except TypeError:  # the runs are not made yet: make them all, once
        for suit, runs in enumerate(_RUNS):
            _fill(runs, 13 * suit)
        return card_indices(mask)


def _fill(runs: list[tuple[int, ...] | None], first: int) -> None:
    """Make every run of one suit whose first card is ``first``: a mask's run is its lowest
    card, then the run of the rest (made before it, as the rest is a smaller number).

    >>> runs: list[tuple[int, ...] | None] = [None] * (1 << 13)
    >>> _fill(runs, 13)
    >>> runs[0b101], runs[1 << 12]
    ((13, 15), (25,))
    """
    runs[0] = ()
    for ranks in range(1, 1 << 13):
        lowest = ranks & -ranks
        runs[ranks] = (first + lowest.bit_length() - 1, *runs[ranks ^ lowest])  # type: ignore[misc]


_RUNS: tuple[list[tuple[int, ...] | None], ...] = tuple([None] * (1 << 13) for _ in range(4))
"""By suit, by a 13-bit mask of ranks: the indices of those cards of the suit, lowest first;
all made at the first decoding (4 x 8,192 small tuples, some 3 MB, in a few milliseconds):
made as they were met, they cost a failed look-up and a decoding each for millions of
decisions."""
