"""The search itself: a fail-soft null-window alpha-beta over the plays of a hand, written once
for both questions.

Side 0 maximises the value, side 1 minimises it. A search against a threshold ``need`` returns
``g >= need`` (then the value is at least ``g``) or ``g < need`` (then it is at most ``g``). In
a *value* search the value is side 0's margin, each trick's worth counted as it is taken; in a
*contract* search it is 1 when side 0 gets its way (the declaring side makes its contract, or
the other side sets it) and 0 when not, read from the game's own result at the end of the hand,
the tricks worth nothing on the way (:mod:`tablegames.solve.bounds` makes both kinds of entry;
:mod:`tablegames.solve.entries` the step over a trick).

At the last play of a trick every end's bounds are looked at first (a cut-off may need no
search), then the undecided ends are searched, the most promising first; the best lead found
at a trick start is kept in its entry and tried first the next time.

>>> import random
>>> from tablegames.solve.bench import first_lead
>>> from tablegames.texas42.state import PLAY
>>> from .search import Searcher
>>> state = first_lead("texas42", random.Random(7))
>>> position = PLAY.position(state)
>>> searcher = Searcher(PLAY, position.part, position.tally)
>>> searcher.test(position, -6) >= -6, searcher.test(position, -5) < -5   # side 1 leads
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter

from tablegames.tricks.model import TrickModel

from .entries import INFINITY, Arrive, Entry
from .memory import BEST, HIGH, KIDS, LOW, TURNS
from .moves import Ordered

__all__ = ["Play", "null_window"]

Play = Callable[[tuple[int, ...], int, int, int, Entry], int]
"""A search from a play within the trick of an entry: ``play(pieces, need, top, holder,
entry)``, the pieces of the trick so far, the threshold, the key of the piece heading the
trick (-1 before the lead) and the side that played it; a fail-soft bound against ``need``."""


def null_window(
    ordered: Ordered, arrive: Arrive, model: TrickModel, lead_key: Sequence[int]
) -> Play:
    """The search (see the module doc) over the moves ``ordered`` gives, stepping over each
    complete trick by ``arrive``; ``lead_key`` is each piece's key as a lead.

    >>> from tablegames.tricks import plain_card_model
    >>> play = null_window(None, None, plain_card_model(None), ())
    >>> callable(play)
    True
    """
    keys = model.keys
    lead_suit = model.lead_suit
    first = itemgetter(0)

    def play(pieces: tuple[int, ...], need: int, top: int, holder: int, entry: Entry) -> int:
        v: int
        w: int
        moves, mine = ordered(pieces, top, holder, entry)
        maximise = not mine
        g = -INFINITY if maximise else INFINITY
        at = len(pieces)
        if at + 1 == len(entry[TURNS]):
            # The last play of the trick: every end's bounds first (a cut-off may need no
            # search), then the undecided ends searched, the most promising first.
            kids = entry[KIDS]
            open_ends: list[tuple[int, tuple[int, Entry]]] = []
            for piece in moves:
                after = (*pieces, piece)
                kid = kids.get(after)
                if kid is None:
                    kid = kids[after] = arrive(entry, after)
                v, following = kid
                low = following[LOW]
                rest = need - v
                if low >= rest:
                    v += low
                else:
                    high = following[HIGH]
                    if high < rest:
                        v += high
                    else:
                        open_ends.append((high + v if maximise else -low - v, kid))
                        continue
                if maximise:
                    if v > g:
                        g = v
                        if g >= need:
                            return g
                elif v < g:
                    g = v
                    if g < need:
                        return g
            if len(open_ends) > 1:
                open_ends.sort(reverse=True, key=first)
            for _, kid in open_ends:
                v, following = kid
                rest = need - v
                low = following[LOW]
                high = following[HIGH]
                if low >= rest:
                    w = low
                elif high < rest:
                    w = high
                else:
                    w = play((), rest, -1, 0, following)
                    if w >= rest:
                        following[LOW] = w
                    else:
                        following[HIGH] = w
                v += w
                if maximise:
                    if v > g:
                        g = v
                        if g >= need:
                            return g
                elif v < g:
                    g = v
                    if g < need:
                        return g
            return g
        row = keys[lead_suit[pieces[0]]] if at else lead_key
        for piece in moves:
            if at:
                key = row[piece]
                if key > top:
                    v = play((*pieces, piece), need, key, mine, entry)
                else:
                    v = play((*pieces, piece), need, top, holder, entry)
            else:
                v = play((piece,), need, lead_key[piece], mine, entry)
            if maximise:
                if v > g:
                    g = v
                    if g >= need:
                        if not at:
                            entry[BEST] = piece
                        return g
            elif v < g:
                g = v
                if g < need:
                    if not at:
                        entry[BEST] = piece
                    return g
        return g

    return play
