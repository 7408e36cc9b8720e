"""Dealing the cards a seat cannot see, within what it knows: one function shared by
``PreferenceState.sample`` and ``PreferenceView.sample``, fed by the seat's knowledge only,
so that both draw alike from the same random numbers.

>>> import random
>>> dealt, widow, discards = deal_hidden(
...     0, (1, 2, 3), (0, 1, 1, 0), 0b110, own=0b1, widow=None, discards=None,
...     widow_taken=False, discards_size=0, declarer=None, played=(0,) * 4, voids={},
...     rng=random.Random(0))
Traceback (most recent call last):
...
tablegames.core.errors.TableGamesError: hidden pieces and places to fill do not match
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from tablegames.core.sampling import assign_hidden
from tablegames.core.seats import Seat

SEATS = 4
WIDOW = 2
WIDOW_PLACE = 4
DISCARD_PLACE = 5


def deal_hidden(
    seat: Seat,
    active: Sequence[Seat],
    counts: Sequence[int],
    hidden: int,
    *,
    own: int,
    widow: int | None,
    discards: int | None,
    widow_taken: bool,
    discards_size: int,
    declarer: Seat | None,
    played: Sequence[int],
    voids: Mapping[Seat, int],
    rng: random.Random,
) -> tuple[list[int], int, int]:
    """The deal (hands by seat as dealt, the widow) and the discards, for the cards ``seat``
    cannot see.

    ``counts`` are the cards each seat holds now, ``hidden`` the mask of the cards ``seat``
    has not seen (the others' hands, and the widow and discards unless it saw them), ``own``
    its hand; ``widow`` and ``discards`` are known only to the round-two winner (else
    ``None``); ``played`` is what each seat has played this deal, ``voids`` the cards each is
    known to lack. A widow taken and not seen may be any two of the declarer's twelve: the
    discards stand in for it.

    >>> import random
    >>> dealt, widow, discards = deal_hidden(
    ...     0, (1, 2, 3), (0, 1, 1, 0), 0b11110, own=0, widow=None, discards=None,
    ...     widow_taken=False, discards_size=0, declarer=None, played=(0,) * 4, voids={},
    ...     rng=random.Random(0))
    >>> widow.bit_count(), sum(m.bit_count() for m in dealt)
    (2, 2)
    """
    capacity: dict[Seat, int] = {}
    for s in active:
        if s != seat:
            capacity[s] = counts[s]
    if widow is None:
        if not widow_taken:
            capacity[WIDOW_PLACE] = WIDOW
        if discards_size:
            capacity[DISCARD_PLACE] = WIDOW
    new = assign_hidden(hidden, capacity, voids, rng)
    hands = [new.get(s, own if s == seat else 0) for s in range(SEATS)]
    laid = new.get(DISCARD_PLACE, discards or 0)
    if widow_taken:
        taken = widow if widow is not None else laid  # any two of the twelve will do
    else:
        taken = new.get(WIDOW_PLACE, widow or 0)
    dealt = [hands[s] | played[s] for s in range(SEATS)]
    if widow_taken:
        assert declarer is not None
        dealt[declarer] = (dealt[declarer] | laid) & ~taken
    return dealt, taken, laid


def chips_before_offers(
    payment: str,
    *,
    dealer: Seat,
    offers: Sequence[int],
    declarer: Seat | None,
    stacks: Sequence[int],
    pot: int,
) -> tuple[tuple[int, ...], int]:
    """The stacks and the pot as they were at the start of a deal, before round two's
    offers were paid (``payment``: the rule ``round_two_payment``).

    >>> chips_before_offers("all", dealer=0, offers=(2, 0, 3), declarer=3,
    ...                     stacks=(95, 93, 95, 92), pot=25)
    ((95, 95, 95, 95), 20)
    """
    paid = [0] * SEATS
    if payment == "all":
        for i, chips in enumerate(offers):
            paid[(dealer + 1 + i) % SEATS] += chips
    elif len(offers) == SEATS - 1 and declarer is not None:
        paid[declarer] = max(offers)
    return tuple(c + p for c, p in zip(stacks, paid)), pot - sum(paid)
