"""Who asks next: the first asker of a deal, after a lucky ask, a failed one, or going out.

A seat with no pieces is out of the deal and is skipped. After an ask that got something the
asker asks again; after a failed ask the turn passes to the seat asked (or, with ``"left"``, to
the next seat on the asker's left that holds pieces). An asker who went out passes the turn to
the seat last asked, or, if that seat is out too, to the next seat clockwise that holds pieces.

>>> hands = (0b1, 0, 0b10, 0b100)
>>> first_asker(hands, dealer=0), next_asker(hands, asker=0, target=3, got=False, passes="left")
(2, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from tablegames.core.seats import Seat

TurnPass = Literal["asked", "left"]
"""Where the turn goes after a failed ask: to the seat asked, or on the asker's left."""


def next_holder(hands: Sequence[int], start: Seat) -> Seat | None:
    """The first seat from ``start`` clockwise (``start`` included) that holds pieces.

    >>> next_holder((0, 0, 1), 0), next_holder((0, 0), 1)
    (2, None)
    """
    players = len(hands)
    for i in range(players):
        seat = (start + i) % players
        if hands[seat]:
            return seat
    return None


def first_asker(hands: Sequence[int], dealer: Seat) -> Seat | None:
    """The seat left of the dealer, or the next one clockwise holding pieces.

    >>> first_asker((3, 0, 5), dealer=0)
    2
    """
    return next_holder(hands, (dealer + 1) % len(hands))


def next_asker(
    hands: Sequence[int], asker: Seat, target: Seat, got: bool, passes: TurnPass = "asked"
) -> Seat | None:
    """Who asks after ``asker`` asked ``target`` (``hands`` as they are after the ask and any
    laying down); ``None`` when nobody holds pieces any more.

    >>> next_asker((0, 4, 0), asker=0, target=1, got=True)   # asker went out: the giver asks
    1
    >>> next_asker((0, 0, 4, 1), asker=0, target=1, got=True)  # giver out too: on clockwise
    2
    """
    if got:
        if hands[asker]:
            return asker
        if hands[target]:
            return target
        return next_holder(hands, (asker + 1) % len(hands))
    if passes == "asked" and hands[target]:
        return target
    return next_holder(hands, (asker + 1) % len(hands))
