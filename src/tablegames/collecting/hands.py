"""Dealing a whole deck one piece at a time, and laying down the sets a hand completes.

>>> dealt = deal_round((0, 1, 2, 3, 4), players=2, first=1)
>>> [bin(h) for h in dealt], hand_sizes(5, players=2, first=1)
(['0b1010', '0b10101'], (2, 3))
"""

from __future__ import annotations

from collections.abc import Sequence

from tablegames.core.seats import Seat

from .model import SetModel


def deal_round(order: Sequence[int], players: int, first: Seat) -> tuple[int, ...]:
    """The hands (masks by seat) that dealing the pieces ``order`` one at a time gives, the
    first piece to ``first`` and on clockwise until the pieces run out.

    >>> deal_round((5, 6, 7), players=2, first=0)
    (160, 64)
    """
    hands = [0] * players
    for i, piece in enumerate(order):
        hands[(first + i) % players] |= 1 << piece
    return tuple(hands)


def hand_sizes(pieces: int, players: int, first: Seat) -> tuple[int, ...]:
    """How many pieces each seat receives when ``pieces`` are dealt one at a time from
    ``first``: the first ``pieces % players`` seats from ``first`` get one more.

    >>> hand_sizes(52, players=5, first=3)
    (10, 10, 10, 11, 11)
    """
    base, extra = divmod(pieces, players)
    return tuple(base + ((seat - first) % players < extra) for seat in range(players))


def lay_down(hand: int, model: SetModel) -> tuple[int, int]:
    """``(what is left, what is laid down)``: every whole set leaves ``hand`` at once.

    >>> from tablegames.pieces import CARD_UNIVERSE
    >>> lay_down(0b10111, SetModel(CARD_UNIVERSE, (0b11, 0b1100), ("low", "high")))
    (20, 3)
    """
    laid = model.complete(hand)
    return hand & ~laid, laid


def lay_down_all(hands: Sequence[int], model: SetModel) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """:func:`lay_down` for every hand: ``(hands left, pieces laid by seat)``.

    >>> from tablegames.pieces import CARD_UNIVERSE
    >>> lay_down_all((0b0111, 0b1000), SetModel(CARD_UNIVERSE, (0b11, 0b1100), ("low", "high")))
    ((4, 8), (3, 0))
    """
    pairs = [lay_down(hand, model) for hand in hands]
    return tuple(p[0] for p in pairs), tuple(p[1] for p in pairs)


def holders(hands: Sequence[int]) -> int:
    """How many seats still hold pieces.

    >>> holders((0, 5, 0, 1))
    2
    """
    return sum(1 for hand in hands if hand)
