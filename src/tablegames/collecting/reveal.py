"""What the public course of a deal reveals about how the pieces were dealt.

After the deal every movement of a piece is public (an ask names what it wants and everyone sees
what is handed over and laid down), so the only hidden thing is who was dealt which piece. A
piece that was ever handed over was dealt to its first giver; a piece laid down without being
handed over was dealt to the seat that laid it. The other pieces, the *free* ones, never moved,
and the asks constrain where they can lie:

- the seat asked holds none of what it was asked for once it has answered;
- asking for one piece, the asker does not hold it;
- the asker holds part of the set it asks about;
- nobody ever holds a whole set without laying it down.

>>> from tablegames.pieces import CARD_UNIVERSE
>>> model = SetModel(CARD_UNIVERSE, (0b0011, 0b1100), ("lows", "highs"))
>>> ask = Asked(asker=1, target=2, wanted=0b0001, given=0, laid=0)
>>> k = knowledge(model, 0, counts=(1, 2, 1), own=0b1000, laid_at_deal=(0, 0, 0), asks=[ask])
>>> bin(k.free), k.room, bin(k.forbidden[2]), bin(k.needs[1])
('0b111', (0, 2, 1), '0b1', '0b1')
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from tablegames.core.seats import Seat

from .asking import Asked
from .model import SetModel


@attrs.frozen
class Knowledge:
    """Where the pieces of a deal may have been dealt, as one seat can tell.

    ``known[s]`` are the pieces known to have been dealt to seat ``s``; ``free`` the rest;
    ``room[s]`` how many free pieces seat ``s`` was dealt; ``forbidden[s]`` the free pieces it
    cannot have been dealt; ``needs[s]`` the sets (a mask of set ids) of which it was dealt at
    least one free piece; ``most[s][k]`` the most free pieces of set ``k`` it can have been dealt.

    >>> Knowledge((1, 0), 2, (0, 1), (0, 0), (0, 0), ((0,), (1,))).room
    (0, 1)
    """

    known: tuple[int, ...]
    free: int
    room: tuple[int, ...]
    forbidden: tuple[int, ...]
    needs: tuple[int, ...]
    most: tuple[tuple[int, ...], ...]


def knowledge(
    model: SetModel,
    seat: Seat,
    *,
    counts: Sequence[int],
    own: int,
    laid_at_deal: Sequence[int],
    asks: Sequence[Asked],
    piece_asks: bool = True,
) -> Knowledge:
    """What ``seat`` knows of the deal: ``counts`` are the numbers of pieces dealt to each
    seat, ``own`` the pieces dealt to ``seat``, ``laid_at_deal`` the sets each seat laid down
    straight from the deal, ``asks`` every ask since, in order (each wants pieces of one set);
    ``piece_asks`` is True when an ask names one piece (the asker then lacked it).

    >>> from tablegames.pieces import CARD_UNIVERSE
    >>> model = SetModel(CARD_UNIVERSE, (0b0011, 0b1100), ("lows", "highs"))
    >>> knowledge(model, 0, counts=(2, 2), own=0b0011, laid_at_deal=(0b0011, 0), asks=()).room
    (0, 2)
    """
    players = len(counts)
    known = list(laid_at_deal)
    known[seat] |= own
    fixed = 0
    for mask in known:
        fixed |= mask
    for event in asks:
        new = event.given & ~fixed
        known[event.target] |= new
        fixed |= new
        new = event.laid & ~fixed
        known[event.asker] |= new
        fixed |= new
    free = model.deck & ~fixed
    members = model.members
    set_of = model.set_of
    sets = range(len(members))
    holding = [known[s] & ~laid_at_deal[s] for s in range(players)]
    peak = [[(holding[s] & members[k]).bit_count() for k in sets] for s in range(players)]
    forbidden = [0] * players
    needs = [0] * players
    for event in asks:
        asker, target, wanted, given = event.asker, event.target, event.wanted, event.given
        k = set_of[(wanted & -wanted).bit_length() - 1]
        if not holding[asker] & members[k]:
            needs[asker] |= 1 << k
        forbidden[target] |= wanted & free
        if piece_asks:
            forbidden[asker] |= wanted & free
        if given:
            holding[target] &= ~given
            hand = holding[asker] | given
            count = (hand & members[k]).bit_count()
            peak[asker][k] = max(peak[asker][k], count)
            holding[asker] = hand & ~event.laid
    return Knowledge(
        known=tuple(known),
        free=free,
        room=tuple(counts[s] - known[s].bit_count() for s in range(players)),
        forbidden=tuple(forbidden),
        needs=tuple(needs),
        most=tuple(
            tuple(members[k].bit_count() - 1 - peak[s][k] for k in sets) for s in range(players)
        ),
    )
