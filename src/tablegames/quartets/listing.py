"""The legal asks of the seat to act: listed target by target, and remembered by seat.

A seat may have dozens of legal asks, so listing them is most of the cost of a decision. They
follow from three things alone: the seat's hand, the seats it may ask (its *targets*, fixed for
a deal part: see :mod:`tablegames.quartets.parts`) and the ask rule (the part's too). The asks
are listed target by target, each target's *run* in the order of the *wanted* mask (the cards
the hand may ask for, or the ranks it holds under ``ask="rank"``), so a bit of that mask is a
*column*: the ask at one position of every run.

Each deal part remembers each seat's last listing (:data:`Listings`). A seat often asks again
holding what it held at its last turn (the others asked each other in between): the same
listing. After an ask that got a card, the asker may ask for that card no more: one column
fewer. A seat asked since its last turn may have lost a card: one column more, or its last card
of a rank: three columns fewer. The listing is edited column by column, or, when many columns
come in, listed anew.

>>> from tablegames.pieces import cards
>>> hand = cards("2C 2D 8S").mask
>>> [str(a) for a in list_asks(listings(3), 0, hand, (1, 2), True)][:3]
['ask 1 8C', 'ask 1 8D', 'ask 1 2H']
>>> listed = listings(3)
>>> len(list_asks(listed, 0, hand, (1, 2), True))
10
>>> len(list_asks(listed, 0, hand | cards("8C").mask, (1, 2), True))  # edited: one column fewer
8
"""

from __future__ import annotations

from operator import itemgetter

from tablegames.core.seats import Seat

from .actions import ASKS, RANK_ASKS, Action
from .masks import RANKS, SPREAD, card_indices

Listed = tuple[int, int, tuple[Action, ...]]
"""A seat's listing of its legal asks: its hand, its wanted mask, the asks."""

_NONE: Listed = (-1, 0, ())
"""The listing of a seat that has not listed yet (no hand is -1)."""


Listings = list[Listed]
"""By seat, its last listing (see :data:`Listed`), for the states of one deal part: a listing
is good for any of them whose seat holds that hand, as the part fixes whom each seat may ask and
the ask rule. One entry per seat (at most 9), replaced as the seat lists again; keyed by the
hand, a value. (A plain list: a subclass's items are slower to read.)"""


def listings(seats: int) -> Listings:
    """The listings of a new deal part: no seat has listed yet.

    >>> listed = listings(2)
    >>> len(listed), listed[1][0]
    (2, -1)
    >>> _ = list_asks(listed, 1, 1, (0,), True)
    >>> listed[1][0]
    1
    """
    return [_NONE] * seats


def wanted(hand: int, cards: bool) -> int:
    """What ``hand`` may ask for, as a mask: the cards it lacks of the ranks it holds (card
    asks), or the ranks it holds (bit ``rank - 2``, rank asks).

    >>> from tablegames.pieces import cards
    >>> wanted(cards("2C 2D 2H").mask, True) == cards("2S").mask, wanted(1 << 51, False)
    (True, 4096)
    """
    held = (hand | hand >> 13 | hand >> 26 | hand >> 39) & RANKS
    return held * SPREAD & ~hand if cards else held


def asks_for(wanted: int, targets: tuple[Seat, ...], cards: bool) -> tuple[Action, ...]:
    """The asks of the ``wanted`` mask (see :func:`wanted`) of each of ``targets``, listed
    anew.

    >>> [str(a) for a in asks_for(0b101, (3, 1), False)]
    ['ask 3 2', 'ask 3 4', 'ask 1 2', 'ask 1 4']
    """
    # The clubs' indices are the ranks' (rank - 2), so one decoder serves both ask rules.
    indices = card_indices(wanted)
    rows: tuple[tuple[Action, ...], ...] = ASKS if cards else RANK_ASKS
    if len(indices) == 1:
        only = indices[0]
        return tuple([rows[t][only] for t in targets])
    pick = itemgetter(*indices)
    out: tuple[Action, ...] = ()
    for target in targets:
        out += pick(rows[target])
    return out


def list_asks(
    listed: Listings, seat: Seat, hand: int, targets: tuple[Seat, ...], cards: bool
) -> tuple[Action, ...]:
    """The legal asks of ``seat`` holding ``hand`` (made from its last listing in ``listed``
    when it can be), remembered there as its last listing.

    >>> from tablegames.pieces import cards
    >>> [str(a) for a in list_asks(listings(5), 4, cards("QS").mask, (0,), True)]
    ['ask 0 QC', 'ask 0 QD', 'ask 0 QH']
    """
    last = listed[seat]
    if last[0] == hand:
        return last[2]
    if last[0] < 0:
        now = wanted(hand, cards)
        asks = asks_for(now, targets, cards)
    else:
        before = last[1]
        got = hand ^ last[0]
        if cards and got & before and not got & (got - 1):
            # The usual edit, first: the seat got the card it asked for (and asks again).
            now = before ^ got
            listing = list(last[2])
            del listing[(before & got - 1).bit_count() :: before.bit_count()]
            asks = tuple(listing)
        else:
            now = wanted(hand, cards)
            asks = _edited(last[2], before, now, targets, cards)
    listed[seat] = (hand, now, asks)
    return asks


def _edited(
    asks: tuple[Action, ...], before: int, now: int, targets: tuple[Seat, ...], cards: bool
) -> tuple[Action, ...]:
    """``asks``, listed for the wanted mask ``before``, made into the listing for ``now``: by
    deleting the columns ``now`` lacks and inserting those it gained, or anew when more than
    :data:`MOST_INSERTED` columns are gained (inserting one costs an insert a target).

    >>> asks = asks_for(0b1011, (1, 2), False)
    >>> _edited(asks, 0b1011, 0b0110, (1, 2), False) == asks_for(0b0110, (1, 2), False)
    True
    """
    changed = before ^ now
    if not changed:
        return asks  # e.g. a rank ask that got more cards of a rank it held
    gained = now & changed
    if gained.bit_count() > MOST_INSERTED:
        return asks_for(now, targets, cards)
    listing = list(asks)
    width = before.bit_count()
    lost = before & changed
    while lost:  # the highest column first, so the lower ones keep their positions
        column = 1 << lost.bit_length() - 1
        del listing[(before & column - 1).bit_count() :: width]  # that ask in each run
        width -= 1
        lost ^= column
    if gained:
        rows: tuple[tuple[Action, ...], ...] = ASKS if cards else RANK_ASKS
        listed = before & now
        while gained:  # the lowest column first, each at its place among those listed
            column = gained & -gained
            at = (listed & column - 1).bit_count()
            index = column.bit_length() - 1
            for k in range(len(targets) - 1, -1, -1):  # the last run first: the others stay put
                listing.insert(k * width + at, rows[targets[k]][index])
            width += 1
            listed |= column
            gained ^= column
    return tuple(listing)


MOST_INSERTED = 2
"""The most columns :func:`_edited` inserts; with more, listing anew is cheaper."""
