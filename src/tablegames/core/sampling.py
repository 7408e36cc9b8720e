"""Redistribute hidden pieces among places, respecting counts and known voids.

>>> import random
>>> out = assign_hidden(0b1111, {1: 2, 2: 2}, {1: 0b0011}, random.Random(0))
>>> out[1], bin(out[2])
(12, '0b11')
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from .errors import TableGamesError
from .seats import Seat


def assign_hidden(
    pieces: int, capacity: Mapping[Seat, int], forbidden: Mapping[Seat, int], rng: random.Random
) -> dict[Seat, int]:
    """Deal the pieces of mask ``pieces`` into places holding ``capacity[place]`` each.

    No place receives a piece of ``forbidden[place]``. The assignment is random (by random order
    and augmenting paths), and one is always found when one exists.

    >>> import random
    >>> out = assign_hidden(0b111, {0: 1, 1: 2}, {0: 0b011}, random.Random(1))
    >>> out[0]
    4
    """
    order = [i for i in range(pieces.bit_length()) if pieces >> i & 1]
    if len(order) != sum(capacity.values()):
        raise TableGamesError("hidden pieces and places to fill do not match")
    rng.shuffle(order)
    places = list(capacity)
    holder: dict[int, Seat] = {}
    load = dict.fromkeys(places, 0)

    def place(piece: int, seen: set[Seat]) -> bool:
        choices = places[:]
        rng.shuffle(choices)
        for seat in choices:
            if seat in seen or forbidden.get(seat, 0) >> piece & 1:
                continue
            seen.add(seat)
            if load[seat] < capacity[seat]:
                holder[piece] = seat
                load[seat] += 1
                return True
            for other, where in list(holder.items()):
                if where == seat and place(other, seen):
                    holder[piece] = seat
                    return True
        return False

    for piece in order:
        if not place(piece, set()):
            raise TableGamesError("no way to place the hidden pieces consistently")
    out = dict.fromkeys(places, 0)
    for piece, seat in holder.items():
        out[seat] |= 1 << piece
    return out
