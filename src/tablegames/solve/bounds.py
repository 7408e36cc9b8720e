"""The first entries of the searches: what a position is known to be worth before it is
searched.

A value search's fresh entry (:func:`value_entries`) bounds side 0's margin from a trick start
by what is left to take (every trick's base worth and every live piece's value), and, in a
hand that ends only as the hands run out, by *quick tricks*: the sure winners the leader can
cash one by one, and the pieces one seat holds that take any trick they fall in. A last trick
of forced plays is scored at once. A game whose tricks change more than the hands (an
``after_trick``) or whose trick values are not known by piece starts unbounded.

A contract search's fresh entry (:func:`contract_entries`) is the game's own answer once the
hand is over (1 when side 0 gets its way, 0 when not), and 0..1 before.

>>> from tablegames.texas42.model import model_for
>>> from tablegames.texas42.trumps import COUNT
>>> from .tables import tables_for
>>> def no_end(pieces):
...     raise AssertionError("not asked")
>>> fresh = value_entries(tables_for(model_for(6), COUNT), (0, 1, 0, 1), base=1,
...     bounded=True, quick=True, trick_end=no_end, finish=None, trick_value=None)
>>> hands = (1 << 27 | 1 << 26, 1 << 0 | 1 << 1, 1 << 2 | 1 << 3, 1 << 4 | 1 << 5)
>>> fresh(hands, None, None, (0, 1, 2, 3), 6, None, None)[:2]   # 6:6 6:5 take both tricks
[2, 2]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tablegames.tricks.tally import TrickTally

from .entries import INFINITY, Entry, Fresh, Past, TrickEnd, last_winner
from .tables import Tables, live_value

__all__ = ["contract_entries", "value_entries"]


def value_entries(
    tables: Tables,
    sides: tuple[int, ...],
    *,
    base: int,
    bounded: bool,
    quick: bool,
    trick_end: TrickEnd,
    finish: Callable[..., tuple[Any, tuple[int, ...], TrickTally, Any]] | None,
    trick_value: Callable[[tuple[int, ...]], int] | None,
) -> Fresh:
    """The fresh entries of a value search (see the module doc) for a hand whose seats play
    for ``sides``: ``base`` is a trick's worth without its pieces' values; ``bounded``: what
    is left is known from the hands (else every entry starts unbounded); ``quick``: the quick
    tricks bound it too. ``trick_end`` scores a last trick of a lazy search (no tally);
    ``finish`` (the engine's end of a trick) and ``trick_value`` one of a search that asks
    the engine.

    >>> from tablegames.tricks import plain_card_model
    >>> from .tables import tables_for
    >>> fresh = value_entries(tables_for(plain_card_model(None), None), (0, 1), base=1,
    ...     bounded=False, quick=False, trick_end=None, finish=None, trick_value=None)
    >>> fresh((1, 2), None, None, (0, 1), 1, None, None)[:2] == [-INFINITY, INFINITY]
    True
    """
    side = sides
    values = tables.values
    beats = tables.beats
    over = tables.over
    anywhere = tables.anywhere
    chunks = tables.value_chunks

    def remaining(hands: tuple[int, ...], players: int) -> int:
        everything = 0
        for hand in hands:
            everything |= hand
        return base * (everything.bit_count() // players) + live_value(chunks, everything)

    def sure_tricks(hands: tuple[int, ...], turns: tuple[int, ...]) -> int:
        """What the leader's side takes at least by leading its sure winners one by one
        (pieces no piece of the other side can beat)."""
        leader = turns[0]
        mine = side[leader]
        others = 0
        for seat in turns:
            if side[seat] != mine:
                others |= hands[seat]
        hand = hands[leader]
        taken = 0
        while hand:
            low = hand & -hand
            piece = low.bit_length() - 1
            hand ^= low
            if not beats[piece] & others:
                taken += base + values[piece]
        return taken

    def bosses(hands: tuple[int, ...], turns: tuple[int, ...]) -> tuple[int, int]:
        """The seat holding pieces that take any trick they fall in (its highest trumps),
        and what they take at least (or -1 and 0)."""
        live = 0
        for seat in turns:
            live |= hands[seat]
        for seat in turns:
            hand = hands[seat]
            strong = hand & anywhere
            if not strong:
                continue
            others = live & ~hand
            taken = 0
            while strong:
                low = strong & -strong
                piece = low.bit_length() - 1
                strong ^= low
                if not over[piece] & others:
                    taken += base + values[piece]
            if taken:
                return seat, taken
        return -1, 0

    def last_trick(
        hands: tuple[int, ...], part: Any, tally: TrickTally | None, turns: tuple[int, ...]
    ) -> int | None:
        """Side 0's margin from the last trick, when every seat holds one piece (its only
        legal play) and the hand ends with it; else None."""
        final = []
        for seat in turns:
            hand = hands[seat]
            if hand & (hand - 1) or not hand:
                return None
            final.append(hand.bit_length() - 1)
        pieces = tuple(final)
        if tally is None:  # a lazy search: the hand ends as the hands run out
            place, worth, _ = trick_end(pieces)
            return -worth if side[turns[place]] else worth
        assert finish is not None and trick_value is not None
        ended = finish(part, hands, tally, pieces)
        if ended[3] is None:
            return None
        worth = trick_value(pieces)
        return -worth if side[last_winner(ended[2])] else worth

    def value_entry(  # noqa: PLR0917 (an entry's fields, in order)
        hands: tuple[int, ...],
        part: Any,
        tally: TrickTally | None,
        turns: tuple[int, ...],
        number: int,
        past: Past,
        result: Any,
    ) -> Entry:
        if result is not None:
            low = high = 0
        elif bounded:
            exact = last_trick(hands, part, tally, turns)
            if exact is not None:
                return [exact, exact, -1, {}, part, tally, turns, number, past, hands]
            high = remaining(hands, len(turns))
            low = -high
            if quick:
                most = high
                sure = sure_tricks(hands, turns)
                if sure:
                    floor = 2 * sure - most
                    if side[turns[0]]:
                        high = -floor
                    else:
                        low = floor
                holder, taken = bosses(hands, turns)
                if taken:
                    floor = 2 * taken - most
                    if side[holder]:
                        high = min(high, -floor)
                    else:
                        low = max(low, floor)
        else:
            low, high = -INFINITY, INFINITY
        return [low, high, -1, {}, part, tally, turns, number, past, hands]

    return value_entry


def contract_entries(made: Callable[[Any], bool | None], declaring: int) -> Fresh:
    """The fresh entries of a contract search (see the module doc): ``made`` reads the
    game's result, ``declaring`` is the declarer's side (side 0 gets its way when that side
    makes it and ``declaring`` is 0, or fails and it is 1).

    >>> fresh = contract_entries(lambda result: result == "made", 1)
    >>> fresh((0, 0), None, None, (), 3, None, "made")[:2], fresh((1, 2), None, None, (0, 1),
    ...     1, None, None)[:2]
    ([0, 0], [0, 1])
    """
    wins = declaring == 0

    def contract_entry(  # noqa: PLR0917 (an entry's fields, in order)
        hands: tuple[int, ...],
        part: Any,
        tally: TrickTally | None,
        turns: tuple[int, ...],
        number: int,
        past: Past,
        result: Any,
    ) -> Entry:
        if result is None:
            return [0, 1, -1, {}, part, tally, turns, number, past, hands]
        got = int(bool(made(result)) is wins)
        return [got, got, -1, {}, part, tally, turns, number, past, hands]

    return contract_entry
