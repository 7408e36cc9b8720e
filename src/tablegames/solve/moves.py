"""The moves a node of the search tries, in the order it tries them, and the count of nodes.

Every node of either search (value or contract) starts here: it is counted against the
budget, the seat to play is read off its entry, its legal plays come from the engine's follow
rule (:func:`~tablegames.tricks.follow.legal_plays`), interchangeable pieces are one choice
(:mod:`tablegames.solve.tables`), and the rest are ordered the likeliest best first:

- a leader tries the best lead found before, then its sure winners (pieces nothing of the
  other side can beat), then its most valuable pieces, highest first;
- a follower whose side holds the trick gives its most valuable piece, else it wins as
  cheaply as it can, or throws its least useful piece.

The pieces of a mask in an order are sorted once and kept (counted in the searcher's
:class:`~tablegames.solve.memory.Memory`, and let go when it thins what it keeps). A node is
counted after the budget is looked at, so a search stops with exactly the nodes it was
allowed.

>>> import random
>>> from tablegames.solve.bench import first_lead
>>> from tablegames.texas42.state import PLAY
>>> from tablegames.texas42.trumps import COUNT
>>> from .tables import tables_for
>>> state = first_lead("texas42", random.Random(3))
>>> hands, _, part, tally = PLAY.position(state)
>>> from .memory import Memory
>>> order = move_order(tables_for(tally.model, COUNT), tally.model, (0, 1, 0, 1),
...     merging=True, memory=Memory(64), checkpoint=lambda nodes: 1 << 40)
>>> entry = [0, 0, -1, {}, part, tally, tally.turns, 1, None, hands, None]
>>> moves, side = order.ordered((), -1, 0, entry)
>>> side, set(moves) <= {p for p in range(28) if hands[tally.turns[0]] >> p & 1}, order.counted()
(1, True, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from tablegames.tricks.follow import legal_plays
from tablegames.tricks.model import TrickModel

from .entries import INFINITY, Entry
from .memory import BEST, HANDS, LIVE, TURNS, Memory
from .tables import Tables

__all__ = ["MoveOrder", "Ordered", "move_order"]

Ordered = Callable[[tuple[int, ...], int, int, Entry], tuple[tuple[int, ...], int]]
"""The moves of a node, from the pieces of the trick so far, the key of the piece heading it
(-1 before the lead), the side that played that piece and the entry of the trick's start:
the moves in order and the side of the seat to play."""


class MoveOrder(NamedTuple):
    """What :func:`move_order` makes: the moves of a node (:data:`Ordered`), the count of
    nodes so far (``counted()``) and ``arm(check)``, which sets the count at which the budget is
    looked at next.

    >>> MoveOrder._fields
    ('ordered', 'counted', 'arm')
    """

    ordered: Ordered
    counted: Callable[[], int]
    arm: Callable[[int], None]


def move_order(
    tables: Tables,
    model: TrickModel,
    sides: tuple[int, ...],
    *,
    merging: bool,
    memory: Memory,
    checkpoint: Callable[[int], int],
    refilled: bool = False,
) -> MoveOrder:
    """The moves of each node (see the module doc) for a hand whose seats play for ``sides``;
    ``merging``: interchangeable pieces are one choice (``refilled``: the hands are refilled
    after a trick, so every piece not taken yet is still in play, the stock's too: the entry's
    ``live``); a leader's sure winners go first. When the count of nodes reaches the count of
    the next check, before the node is counted, ``checkpoint(nodes)`` raises to stop the
    search or returns the count of the check after. The sorted moves are counted in
    ``memory``.

    >>> from tablegames.tricks import plain_card_model
    >>> from .tables import tables_for
    >>> model = plain_card_model(None)
    >>> order = move_order(tables_for(model, None), model, (0, 1), merging=False,
    ...     memory=Memory(8), checkpoint=lambda nodes: 1 << 40)
    >>> order.counted()
    0
    """
    side = sides
    legal = legal_plays
    lead_suit = model.lead_suit
    beats = tables.beats
    below = tables.below
    lower = tables.lower
    between = tables.between
    size = tables.size
    with_mates = tables.with_mates
    above = tables.above
    orders = tables.orders
    suits = len(model.keys)
    dump_id = tuple(range(1, 1 + suits))
    cheap_id = tuple(range(1 + suits, 1 + 2 * suits))
    shift = len(orders).bit_length()
    in_order: dict[int, tuple[int, ...]] = {}
    memory.caches.append(in_order)
    room = memory.room
    nodes = 0
    check = INFINITY

    def merged(mask: int, candidates: int, entry: Entry) -> int:
        """``mask`` without the pieces interchangeable with a lower one in it (of the
        ``candidates``, those of ``mask`` with classmates), nothing still in play between
        them (in the hands as the trick was led; once the hands refill, any piece not taken)."""
        live = -1  # worked out once a piece has a classmate below it in the mask
        drop = 0
        while candidates:
            low = candidates & -candidates
            piece = low.bit_length() - 1
            candidates ^= low
            if not lower[piece] & mask:
                continue
            if live < 0:
                if refilled:
                    live = entry[LIVE]
                else:
                    live = 0
                    for hand in entry[HANDS]:
                        live |= hand
            for mate in below[piece]:
                if mask >> mate & 1:
                    if not between[piece * size + mate] & live:
                        drop |= low  # one choice with the piece just below it
                    break
        return mask ^ drop

    def sort_mask(mask: int, order_id: int) -> tuple[int, ...]:
        """The pieces of ``mask`` in order ``order_id`` (kept: see ``in_order``)."""
        pieces = []
        key = mask << shift | order_id
        while mask:
            low = mask & -mask
            pieces.append(low.bit_length() - 1)
            mask ^= low
        pieces.sort(key=orders[order_id].__getitem__)
        room()
        found = in_order[key] = tuple(pieces)
        return found

    def ordered(
        pieces: tuple[int, ...], top: int, holder: int, entry: Entry
    ) -> tuple[tuple[int, ...], int]:
        nonlocal nodes, check
        if nodes >= check:
            check = checkpoint(nodes)
        nodes += 1
        turns = entry[TURNS]
        seat = turns[len(pieces)]
        mine = side[seat]
        hands = entry[HANDS]
        mask = legal(hands[seat], pieces, model)
        if merging:
            candidates = mask & with_mates
            if candidates & (candidates - 1):
                mask = merged(mask, candidates, entry)
        if pieces:
            suit = lead_suit[pieces[0]]
            if holder == mine:
                order_id = dump_id[suit]
                return in_order.get(mask << shift | order_id) or sort_mask(mask, order_id), mine
            order_id = cheap_id[suit]
            win = mask & above[suit][top + 1]
            if win and win != mask:
                rest = mask ^ win
                return (in_order.get(win << shift | order_id) or sort_mask(win, order_id)) + (
                    in_order.get(rest << shift | order_id) or sort_mask(rest, order_id)
                ), mine
            return in_order.get(mask << shift | order_id) or sort_mask(mask, order_id), mine
        if mask & (mask - 1):
            others = 0
            for seat in turns:
                if side[seat] != mine:
                    others |= hands[seat]
            sure = 0
            rest = mask
            while rest:
                low = rest & -rest
                rest ^= low
                if not beats[low.bit_length() - 1] & others:
                    sure |= low
            if sure and sure != mask:
                rest = mask ^ sure
                moves = (in_order.get(sure << shift) or sort_mask(sure, 0)) + (
                    in_order.get(rest << shift) or sort_mask(rest, 0)
                )
            else:
                moves = in_order.get(mask << shift) or sort_mask(mask, 0)
        else:
            moves = in_order.get(mask << shift) or sort_mask(mask, 0)
        best = entry[BEST]
        if best >= 0 and best in moves and moves[0] != best:
            moves = (best, *[p for p in moves if p != best])
        return moves, mine

    def count() -> int:
        return nodes

    def arm(next_check: int) -> None:
        nonlocal check
        check = next_check

    return MoveOrder(ordered, count, arm)
