"""The first entries of the searches: what a position is known to be worth before it is
searched.

A value search's fresh entry (:func:`value_entries`) bounds side 0's margin from a trick start
by what is left to take (:func:`left_to_take`: every trick still to play at its base worth,
and every live piece's value), and, in a hand that ends only as the hands run out and whose
tricks are taken by the model's keys (no special piece of a special winner in play elsewhere),
by *quick tricks*: the winners the leader can cash keeping the lead, and the pieces one seat
holds that take any trick they fall in. In a hand that refills from a stock, every piece not
taken yet counts as in play. A last trick
of forced plays is scored at once. A game whose trick values are not known by piece starts
unbounded.

A contract search's fresh entry (:func:`contract_entries`) is the game's own answer once the
hand is over (1 when side 0 gets its way, 0 when not), and 0..1 before.

>>> from tablegames.texas42.model import model_for
>>> from tablegames.texas42.trumps import COUNT
>>> from .tables import tables_for
>>> def no_end(pieces):
...     raise AssertionError("not asked")
>>> tables = tables_for(model_for(6), COUNT)
>>> fresh = value_entries(tables, (0, 1, 0, 1), left=left_to_take(tables, base=1,
...     tricks_left=None), base=1, quick=[True, True], special=0, trick_end=no_end,
...     finish=None, trick_value=None)
>>> hands = (1 << 27 | 1 << 26, 1 << 0 | 1 << 1, 1 << 2 | 1 << 3, 1 << 4 | 1 << 5)
>>> fresh(hands, None, None, (0, 1, 2, 3), 6, None, None, None)[:2]   # 6:6 6:5 take both
[2, 2]
"""

from __future__ import annotations

from collections.abc import Callable

from tablegames.tricks.tally import TrickTally

from .entries import INFINITY, Entry, Fresh, Past, TrickEnd, last_winner
from .tables import Tables, live_value

__all__ = ["Left", "contract_entries", "left_to_take", "value_entries"]

Left = Callable[[tuple[int, ...], object, "TrickTally | None", tuple[int, ...]], int]
"""What is left to take from a trick start at most, from its hands, part, tally (None in a
lazy search) and turns: the bound of the margin either way."""


def left_to_take(
    tables: Tables,
    *,
    base: int,
    tricks_left: Callable[[object, tuple[int, ...], TrickTally], int] | None,
) -> Left:
    """What is left to take from a trick start at most (see :data:`Left`): ``base`` for each
    trick still to play and every live piece's value. The tricks still to play are the game's
    ``tricks_left`` hook's (a game whose hands refill from a stock), or as many as the largest
    hand of a seat in turn holds (each trick takes one piece from each); the live pieces are
    those in the hands, or, in a game with the hook, every piece not taken yet (some are still
    to be drawn).

    >>> from tablegames.tricks import plain_card_model
    >>> from .tables import tables_for
    >>> left = left_to_take(tables_for(plain_card_model(None), None), base=1, tricks_left=None)
    >>> left((0b111, 0b11000, 0), None, None, (0, 1))
    3
    """
    chunks = tables.value_chunks
    every = (1 << tables.size) - 1

    def left(
        hands: tuple[int, ...], part: object, tally: TrickTally | None, turns: tuple[int, ...]
    ) -> int:
        if tricks_left is not None and tally is not None:
            tricks = tricks_left(part, hands, tally)
            if not chunks:
                return base * tricks
            taken = 0
            for mask in tally.taken:
                taken |= mask
            return base * tricks + live_value(chunks, every & ~taken)
        most = 0
        live = 0
        for seat in turns:
            hand = hands[seat]
            live |= hand
            count = hand.bit_count()
            if count > most:  # noqa: PLR1730 (no call of max: this runs at every new entry)
                most = count
        if not chunks:
            return base * most
        return base * most + live_value(chunks, live)

    return left


def value_entries(
    tables: Tables,
    sides: tuple[int, ...],
    *,
    left: Left | None,
    base: int,
    quick: list[bool],
    special: int,
    trick_end: TrickEnd,
    finish: Callable[..., tuple[object, tuple[int, ...], TrickTally, object]] | None,
    trick_value: Callable[[tuple[int, ...]], int] | None,
) -> Fresh:
    """The fresh entries of a value search (see the module doc) for a hand whose seats play
    for ``sides``: ``left`` bounds what is left to take (None: nothing is known, every entry
    starts unbounded); ``base`` is a trick's worth without its pieces' values; ``quick``: which
    quick tricks bound it too, the leader's winners (``quick[0]``) and the pieces one seat holds
    that take any trick (``quick[1]``) (their grounds: the hand ends only as the hands run out,
    the keys take the tricks, but where a ``special`` piece of the special winner is still in
    play in another hand or the stock, no piece is worth less than nothing, a piece leaves a
    hand only when it is played; the leader's besides: it may lead any piece it holds, and the
    winner of a trick leads the next while it holds a piece; what the engine does is checked
    on the first lines, see :class:`~tablegames.solve.search.Searcher`). ``trick_end`` scores a
    last trick of a lazy search (no tally); ``finish`` (the engine's end of a trick) and
    ``trick_value`` one of a search that asks the engine. The pieces in play are an entry's
    ``live`` in a hand that refills (the stock's among them), else those in the hands.

    >>> from tablegames.tricks import plain_card_model
    >>> from .tables import tables_for
    >>> fresh = value_entries(tables_for(plain_card_model(None), None), (0, 1), left=None,
    ...     base=1, quick=[False, False], special=0, trick_end=None, finish=None,
    ...     trick_value=None)
    >>> fresh((1, 2), None, None, (0, 1), 1, None, None, None)[:2] == [-INFINITY, INFINITY]
    True
    """
    side = sides
    values = tables.values
    beats = tables.beats
    over = tables.over
    anywhere = tables.anywhere

    def sure_tricks(hands: tuple[int, ...], turns: tuple[int, ...], live: int) -> int:
        """What the leader's side takes at least by cashing winners: each piece of the leader
        that no other piece in play beats takes its trick and keeps the lead (the winner
        leads), so all of them are cashed one after the other; then one piece that only its
        own side can beat takes one more trick for the side (a partner may have to overtake
        it, and lead next). Nothing, while a special piece is in play outside the leader's
        hand (the special winner may give it a trick)."""
        leader = turns[0]
        hand = hands[leader]
        if special & live & ~hand:
            return 0
        mine = side[leader]
        own = partners = 0
        for seat in turns:
            if side[seat] == mine:
                own |= hands[seat]
                if seat != leader:
                    partners |= hands[seat]
        others = live & ~own
        taken = last = 0
        while hand:
            low = hand & -hand
            piece = low.bit_length() - 1
            hand ^= low
            beaten = beats[piece]
            if not beaten & others:
                worth = base + values[piece]
                if beaten & partners:
                    if worth > last:  # noqa: PLR1730 (no call of max: at every new entry)
                        last = worth
                else:
                    taken += worth
        return taken + last

    def bosses(hands: tuple[int, ...], turns: tuple[int, ...], live: int) -> tuple[int, int]:
        """The seat holding pieces that take any trick they fall in (its highest trumps, no
        special piece in play elsewhere), and what they take at least (or -1 and 0)."""
        for seat in turns:
            hand = hands[seat]
            strong = hand & anywhere
            if not strong or special & live & ~hand:
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
        hands: tuple[int, ...], part: object, tally: TrickTally | None, turns: tuple[int, ...]
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
        part: object,
        tally: TrickTally | None,
        turns: tuple[int, ...],
        number: int,
        past: Past,
        result: object,
        live: int | None,
    ) -> Entry:
        if result is not None:
            low = high = 0
        elif left is not None:
            exact = last_trick(hands, part, tally, turns)
            if exact is not None:
                return [exact, exact, -1, {}, part, tally, turns, number, past, hands, live]
            high = left(hands, part, tally, turns)
            low = -high
            leaders, holders = quick
            if leaders or holders:
                most = high
                if live is None:
                    everything = 0
                    for seat in turns:
                        everything |= hands[seat]
                else:
                    everything = live
                sure = sure_tricks(hands, turns, everything) if leaders else 0
                if sure:
                    floor = 2 * sure - most
                    if side[turns[0]]:
                        high = -floor
                    else:
                        low = floor
                holder, taken = bosses(hands, turns, everything) if holders else (-1, 0)
                if taken:
                    floor = 2 * taken - most
                    if side[holder]:
                        high = min(high, -floor)
                    else:
                        low = max(low, floor)
        else:
            low, high = -INFINITY, INFINITY
        return [low, high, -1, {}, part, tally, turns, number, past, hands, live]

    return value_entry


def contract_entries(made: Callable[[object], bool | None], declaring: int) -> Fresh:
    """The fresh entries of a contract search (see the module doc): ``made`` reads the
    game's result, ``declaring`` is the declarer's side (side 0 gets its way when that side
    makes it and ``declaring`` is 0, or fails and it is 1).

    >>> fresh = contract_entries(lambda result: result == "made", 1)
    >>> fresh((0, 0), None, None, (), 3, None, "made", None)[:2], fresh((1, 2), None, None,
    ...     (0, 1), 1, None, None, None)[:2]
    ([0, 0], [0, 1])
    """
    wins = declaring == 0

    def contract_entry(  # noqa: PLR0917 (an entry's fields, in order)
        hands: tuple[int, ...],
        part: object,
        tally: TrickTally | None,
        turns: tuple[int, ...],
        number: int,
        past: Past,
        result: object,
        live: int | None,
    ) -> Entry:
        if result is None:
            return [0, 1, -1, {}, part, tally, turns, number, past, hands, live]
        got = int(bool(made(result)) is wins)
        return [got, got, -1, {}, part, tally, turns, number, past, hands, live]

    return contract_entry
