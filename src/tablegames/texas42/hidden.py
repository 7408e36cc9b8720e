"""Dealing the tiles a seat cannot see, within what it knows: one function shared by
``Texas42State.sample`` and ``Texas42View.sample``, fed by the seat's knowledge only, so that
both draw alike from the same random numbers.

>>> import random
>>> hands, aside = deal_hidden(0, (7, 7, 7, 7), 0b1111, {}, (), 0, 0, (), None, random.Random(0))
Traceback (most recent call last):
...
tablegames.core.errors.TableGamesError: no way to place the hidden tiles consistently
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from tablegames.core.errors import TableGamesError
from tablegames.core.sampling import assign_hidden
from tablegames.core.seats import Seat
from tablegames.tricks.model import TrickModel
from tablegames.tricks.table import TrickTable, revealed_voids

from .contracts import PLUNGE_DOUBLES, SEVENS, SPLASH_DOUBLES, doubles_held, sevens_revealed
from .model import DOUBLES_MASK

SEATS = 4


def seen_voids(
    table: TrickTable | None, model: TrickModel | None, trump: int | None
) -> dict[Seat, int]:
    """The tiles play has shown each seat not to hold: the suits it failed to follow, and in
    sevens the tiles closer to 7 than the ones it played.

    >>> seen_voids(None, None, None)
    {}
    """
    if table is None or model is None:
        return {}
    voids = revealed_voids(table, model)
    if trump == SEVENS:
        played = table.played()
        for s in range(SEATS):
            mine = tuple(i for i in range(28) if played[s] >> i & 1)
            voids[s] = voids.get(s, 0) | sevens_revealed(mine)
    return voids


def deal_hidden(  # noqa: PLR0917 (the seat's knowledge, piece by piece)
    seat: Seat,
    counts: Sequence[int],
    hidden: int,
    voids: Mapping[Seat, int],
    played: Sequence[int],
    own: int,
    dealer: Seat,
    specials: Sequence[tuple[int, str]],
    aside_seat: Seat | None,
    rng: random.Random,
) -> tuple[list[int], list[int]]:
    """New hands and laid-aside tiles (masks by seat) for the tiles ``seat`` cannot see.

    ``counts`` are the tiles each seat holds (the nello partner's laid-aside ones counted as
    its hand), ``hidden`` the mask of the tiles held by the others, ``voids`` the tiles each
    seat is known to lack, ``played`` the tiles each has played this hand, ``own`` what
    ``seat`` holds. A plunge or splash (``specials``: position among the calls from the
    dealer's left, contract) shows that its caller held the doubles it needs.

    >>> import random
    >>> hands, aside = deal_hidden(0, (1, 1, 0, 0), 0b10, {}, (0,) * 4, 0b01, 0, (), None,
    ...                            random.Random(0))
    >>> hands, aside
    ([1, 2, 0, 0], [0, 0, 0, 0])
    """
    others = [s for s in range(SEATS) if s != seat]
    callers = {
        (dealer + 1 + index) % SEATS: PLUNGE_DOUBLES if kind == "plunge" else SPLASH_DOUBLES
        for index, kind in specials
    }
    needs = {
        s: max(0, n - doubles_held(played[s] if played else 0))
        for s, n in callers.items()
        if s != seat
    }
    capacity = {s: counts[s] for s in others}
    for _ in range(64):
        chosen: dict[Seat, int] = {}
        left = hidden
        for s, need in needs.items():
            free = left & DOUBLES_MASK & ~voids.get(s, 0)
            pool = [i for i in range(28) if free >> i & 1]
            if len(pool) < need:
                break
            picked = sum(1 << i for i in rng.sample(pool, need))
            chosen[s] = picked
            left &= ~picked
        else:
            room = {s: capacity[s] - chosen.get(s, 0).bit_count() for s in others}
            try:
                new = assign_hidden(left, room, voids, rng)
            except TableGamesError:
                if not needs:
                    break
                continue
            for s, picked in chosen.items():
                new[s] |= picked
            hands = [new.get(s, own) for s in range(SEATS)]
            aside = [0] * SEATS
            if aside_seat is not None:
                aside[aside_seat], hands[aside_seat] = hands[aside_seat], 0
            return hands, aside
    raise TableGamesError("no way to place the hidden tiles consistently")
