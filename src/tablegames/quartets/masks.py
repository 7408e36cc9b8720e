"""Rank arithmetic on card masks, for the hot path of a Quartets decision.

Cards are numbered suit by suit (``13 * suit + rank - 2``), so the four cards of a rank sit 13
bits apart: folding a mask onto its lowest 13 bits gives the ranks it holds, and multiplying a
mask of ranks by :data:`SPREAD` gives every card of those ranks. No loop, no table.

>>> from tablegames.pieces import cards, mask_of, CARD_UNIVERSE
>>> hand = mask_of(CARD_UNIVERSE, "2C 2D 8S")
>>> bin(ranks_held(hand)), askable(hand) == mask_of(CARD_UNIVERSE, "2H 2S 8C 8D 8H")
('0b1000001', True)
"""

from __future__ import annotations

from tablegames.collecting.asking import Asked

from .model import RANK_SETS

RANKS = 13
"""Ranks in the deck, so bits in a mask of ranks."""
LOW = (1 << RANKS) - 1
"""The 13 bits of a mask of ranks."""
SPREAD = 1 | 1 << 13 | 1 << 26 | 1 << 39
"""Multiplying a mask of ranks by this gives every card of those ranks."""

assert all(RANK_SETS.members[k] == SPREAD << k for k in range(RANKS)), "cards are suit-major"


def ranks_held(hand: int) -> int:
    """The ranks (bit ``rank - 2``) of which ``hand`` holds at least one card.

    >>> bin(ranks_held(1 << 13 | 1 << 14 | 1 << 40))    # 2D, 3D and 3S: twos and threes
    '0b11'
    """
    return (hand | hand >> 13 | hand >> 26 | hand >> 39) & LOW


def askable(hand: int) -> int:
    """The cards ``hand`` may ask for: those it lacks of the ranks it holds.

    >>> askable(SPREAD) == 0, askable(1) == SPREAD - 1    # all four twos; the 2C alone
    (True, True)
    """
    return ((hand | hand >> 13 | hand >> 26 | hand >> 39) & LOW) * SPREAD & ~hand


ASK_RECORDS: tuple[list[Asked | None], ...] = tuple([None] * 169 for _ in range(81))
"""The records of asks that any deal may repeat, made once and shared as they are immutable:
``ASK_RECORDS[9 * asker + target][slot]``. Slots 0-64 hold asks that got nothing (the card
index, or 50 + the rank for a rank ask: see :func:`failed_ask`); slots 65-168 card asks that got
their card, ``65 + 2 * card index + 1`` when it completed a set (see :func:`got_card`)."""


def failed_ask(asker: int, target: int, slot: int, wanted: int) -> Asked:
    """The shared record of an ask that got nothing (``slot``: see :data:`ASK_RECORDS`).

    >>> failed_ask(0, 1, 2, 4) is failed_ask(0, 1, 2, 4), failed_ask(0, 1, 2, 4).got
    (True, False)
    """
    row = ASK_RECORDS[9 * asker + target]
    record = row[slot]
    if record is None:
        record = row[slot] = Asked(asker, target, wanted, 0, 0)
    return record


def got_card(asker: int, target: int, index: int, laid: int) -> Asked:
    """The shared record of an ask for card ``index`` that got it, then laid down ``laid``
    (0, or the whole rank).

    >>> got_card(0, 1, 2, 0) is got_card(0, 1, 2, 0), got_card(0, 1, 2, 0).given
    (True, 4)
    """
    row = ASK_RECORDS[9 * asker + target]
    slot = 65 + 2 * index + (laid != 0)
    record = row[slot]
    if record is None:
        record = row[slot] = Asked(asker, target, 1 << index, 1 << index, laid)
    return record


_SUIT_INDICES: tuple[list[tuple[int, ...] | None], ...] = tuple(
    [None] * (1 << RANKS) for _ in range(4)
)


def _suit_indices(suit: int, chunk: int) -> tuple[int, ...]:
    table = _SUIT_INDICES[suit]
    found = table[chunk]
    if found is None:
        base = RANKS * suit
        found = table[chunk] = tuple(base + r for r in range(RANKS) if chunk >> r & 1)
    return found


def card_indices(mask: int) -> tuple[int, ...]:
    """The card indices in ``mask``, lowest first: four look-ups, one per suit, in tables
    filled as they are needed (at most 4 x 8,192 entries).

    >>> card_indices(1 | 1 << 14 | 1 << 51)
    (0, 14, 51)
    """
    c, d, h, s = _SUIT_INDICES
    k0, k1, k2, k3 = mask & LOW, mask >> 13 & LOW, mask >> 26 & LOW, mask >> 39
    t0, t1, t2, t3 = c[k0], d[k1], h[k2], s[k3]
    if t0 is None:
        t0 = _suit_indices(0, k0)
    if t1 is None:
        t1 = _suit_indices(1, k1)
    if t2 is None:
        t2 = _suit_indices(2, k2)
    if t3 is None:
        t3 = _suit_indices(3, k3)
    return t0 + t1 + t2 + t3
