"""Dealing the tiles a seat cannot see, within what it knows: one function shared by
``Texas42State.sample`` and ``Texas42View.sample``, fed by the seat's knowledge only, so that
both draw alike from the same random numbers. What play has shown a seat not to hold comes
from the play rule itself (:func:`tablegames.tricks.table.revealed_voids`).

>>> import random
>>> hands, aside = deal_hidden(0, (7, 7, 7, 7), 0b1111, {}, (), 0, 0, (), None, random.Random(0))
Traceback (most recent call last):
...
tablegames.core.errors.TableGamesError: no way to place the hidden tiles consistently
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from tablegames.core.actions import Deal
from tablegames.core.errors import TableGamesError
from tablegames.core.sampling import assign_hidden
from tablegames.core.seats import Seat
from tablegames.pieces.dominoes import DOMINOES, Domino
from tablegames.tricks.model import TrickModel
from tablegames.tricks.table import TrickTable, revealed_voids

from .calling import deal_of
from .contracts import PLUNGE_DOUBLES, SPLASH_DOUBLES, doubles_held
from .hand import HandPart
from .trumps import DOUBLES_MASK

SEATS = 4


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


def resampled_deal(  # noqa: PLR0917 (what the seat knows, piece by piece)
    seat: Seat,
    hands: Sequence[int],
    part: HandPart,
    table: TrickTable | None,
    model: TrickModel | None,
    rng: random.Random,
) -> Deal[Domino]:
    """A deal of this hand that ``seat`` cannot tell from the real one: ``hands`` (the tiles
    held now) with those ``seat`` cannot see dealt anew within what it knows (what play
    revealed: :func:`~tablegames.tricks.table.revealed_voids`, the play rule's own answer),
    every tile played where it was played (``table``: this hand's play, under ``model``).

    >>> from tablegames import texas42
    >>> from tablegames.texas42.hand import start_part
    >>> hands = texas42.new_match().apply(texas42.deal_of(["6:6 6:5 6:4 6:3 6:2 6:1 6:0",
    ...     "5:5 5:4 5:3 5:2 5:1 5:0 4:4", "4:3 4:2 4:1 4:0 3:3 3:2 3:1",
    ...     "3:0 2:2 2:1 2:0 1:1 1:0 0:0"])).hands
    >>> part = start_part(texas42.Rules(), 0, (0, 0), ())
    >>> deal = resampled_deal(0, hands, part, None, None, random.Random(1))
    >>> texas42.new_match().apply(deal).hands[0] == hands[0]
    True
    """
    laid = None if not part.aside else (part.bidder + 2) % SEATS  # type: ignore[operator]
    held = list(hands)
    if laid is not None:
        held[laid] = part.aside
    hidden = 0
    for s in range(SEATS):
        if s != seat:
            hidden |= held[s]
    played = (0,) * SEATS if table is None else table.played()
    voids = {} if table is None or model is None else revealed_voids(table, model)
    new, aside = deal_hidden(
        seat,
        [h.bit_count() for h in held],
        hidden,
        voids,
        played,
        held[seat],
        part.dealer,
        part.specials,
        laid,
        rng,
    )
    dealt = [
        [DOMINOES[i] for i in range(28) if (new[s] | played[s] | aside[s]) >> i & 1]
        for s in range(SEATS)
    ]
    return deal_of(dealt, part.dealer)
