"""A hand's tricks as a state keeps them while they are played: cheap to carry on, and the
public :class:`~tablegames.tricks.table.TrickTable` built from it only when asked for.

A :class:`TrickTally` holds what stays put while one trick is played (who plays to it, in
order, and the contract's model) and the running tally of the tricks before it: tricks won and
pieces taken by seat, read off the finished tricks, which are a persistent linked list. The
end of a trick builds the trick and one new tally, and nothing else (no ``TrickTable``).
Texas 42, Ninety-Two and Preference keep their hand's tricks in one.

>>> from tablegames.tricks import plain_card_model
>>> from tablegames.pieces import Card
>>> tally = TrickTally.begin(order=(0, 1, 2), leader=1, seats=3, model=plain_card_model(None))
>>> tally.turns
(1, 2, 0)
>>> tally = tally.after(tuple(Card.parse(c).index for c in ("9C", "JC", "7D")))
>>> tally.turns, tally.won, tally.number
((2, 0, 1), (0, 0, 1), 1)
>>> tally.table_with(()) == TrickTable.start((0, 1, 2), 1, 3).play(
...     Card.parse("9C").index, plain_card_model(None)).play(
...     Card.parse("JC").index, plain_card_model(None)).play(
...     Card.parse("7D").index, plain_card_model(None))
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar, Union, cast

import attrs

from tablegames.core.frozen import builder
from tablegames.core.seats import Seat

from .model import TrickModel
from .table import Trick, TrickTable, _TrickSlots, turn_order
from .winner import trick_winner

Finished = tuple[Union["Finished", None], Trick, int]
"""A finished trick on top of those before it: (the earlier ones or None, the trick, how many
tricks are finished). Each state of a hand shares the list; ending a trick adds one node."""

Tallied = tuple[tuple[int, ...], tuple[int, ...], tuple[Trick, ...]]
"""What the finished tricks add up to: tricks won and pieces taken by seat, and the tricks."""

Folded = tuple[Finished | None, object, object]
"""A kept :meth:`TrickTally.fold`: the finished tricks it folded, the step, and the result (of
the step's own type, known by the step: see :meth:`TrickTally.fold`)."""

R = TypeVar("R")


SEATINGS = 1024
"""How many seatings :meth:`Seating.of` keeps, by its arguments (values): the trick games meet
a few dozen (Ninety-Two's seats dropping out among them), so the bound is never reached."""


@attrs.frozen
class Seating:
    """Who plays to a hand's tricks: ``order`` (clockwise), the number of seats at the table,
    and, by leader, the seats in the order they play to a trick of ``size`` pieces.

    >>> seating = Seating.of((0, 1, 3), seats=4)
    >>> seating.turns[3], seating.turns[2], seating
    ((3, 0, 1), (), Seating(order=(0, 1, 3), seats=4, size=3))
    """

    order: tuple[Seat, ...]
    seats: int
    size: int
    turns: tuple[tuple[Seat, ...], ...] = attrs.field(eq=False, repr=False)
    """By seat: the turn order of a trick that seat leads (empty for a seat not in ``order``)."""

    @staticmethod
    @functools.lru_cache(maxsize=SEATINGS)
    def of(order: tuple[Seat, ...], seats: int, size: int | None = None) -> Seating:
        """The seating of ``order`` at a table of ``seats`` (made once for each, then shared:
        see :data:`SEATINGS`)."""
        size = len(order) if size is None else size
        turns = tuple(
            turn_order(order, seat)[:size] if seat in order else () for seat in range(seats)
        )
        return Seating(order, seats, size, turns)


class _TallySlots:
    """The slots of :class:`TrickTally`'s fields (built by plain stores: see
    :mod:`tablegames.core.frozen`)."""

    __slots__ = ("__weakref__", "_folded", "_memo", "finished", "model", "seating", "turns")
    seating: Seating
    turns: tuple[Seat, ...]
    model: TrickModel
    finished: Finished | None
    _memo: Tallied | None
    _folded: Folded | None


@attrs.frozen(repr=False)
class TrickTally(_TallySlots):
    """The tricks of one hand, with the trick in progress still open (see the module doc).

    It holds what a ``TrickTable`` holds in a shape that is cheap to carry on from trick to
    trick: the tricks won and pieces taken by seat are read off the finished tricks the first
    time a table is asked for during a trick, and kept for the rest of it. Two tallies are
    equal when their tables are.

    >>> from tablegames.tricks import plain_card_model
    >>> tally = TrickTally.begin((0, 1), leader=1, seats=2, model=plain_card_model(None))
    >>> tally.table_with((5,)).to_play, tally.leader, tally.tricks
    (0, 1, ())
    """

    seating: Seating
    turns: tuple[Seat, ...]
    """The seats that play to the trick in progress, leader first."""
    model: TrickModel = attrs.field(eq=False)
    """The contract's model: which pieces follow, and which take the trick."""
    finished: Finished | None
    """The finished tricks, newest first (see :data:`Finished`)."""
    _memo: Tallied | None = attrs.field(eq=False, default=None)
    """None until a table (or ``taken``) is first asked for, then what the finished tricks add
    up to: a cache of ``finished``, so it takes no part in equality (views ask for a table
    several times a trick)."""
    _folded: Folded | None = attrs.field(eq=False, default=None)
    """The latest :meth:`fold` of this hand's finished tricks (carried on from trick to trick,
    so a fold costs one step per new trick): a cache, no part of equality."""

    @classmethod
    def begin(
        cls,
        order: tuple[Seat, ...],
        leader: Seat,
        seats: int,
        model: TrickModel,
        size: int | None = None,
    ) -> TrickTally:
        """A hand before its first lead: ``order`` plays (clockwise), ``leader`` leads, at a
        table of ``seats``, in tricks of ``size`` pieces (default: one per seat in ``order``)."""
        seating = Seating.of(order, seats, size)
        if cls is TrickTally:  # by plain stores, as every later tally of the hand is built
            return _new_tally(seating, seating.turns[leader], model, None, None, None)
        return cls(seating, seating.turns[leader], model, None)

    def fold(self, step: Callable[[R, Trick], R], start: R) -> R:
        """``step`` folded over the finished tricks, oldest first, from ``start``: what they add
        up to in a game's own terms (a view's list of tricks, each side's points). The latest
        fold is kept and carried on to the next trick's tally, so folding a hand's tricks at
        every view costs one step per new trick. ``step`` must be a pure function, always
        given the same ``start``; one fold is kept (of the step asked for last).

        >>> from tablegames.tricks import plain_card_model
        >>> tally = TrickTally.begin((0, 1), leader=0, seats=2, model=plain_card_model(None))
        >>> tally = tally.after((0, 1)).after((2, 3))
        >>> def winners(before: tuple[int, ...], trick: Trick) -> tuple[int, ...]:
        ...     return (*before, trick.winner)
        >>> tally.fold(winners, ()), tally.after((4, 9)).fold(winners, ())
        ((1, 0), (1, 0, 1))
        """
        finished = self.finished
        kept = self._folded
        # A kept result was made by this very step, so it is of the step's result type.
        if kept is not None and kept[1] is step and kept[0] is finished:
            return cast(R, kept[2])
        since: list[Trick] = []
        node = finished
        folded = start
        base = kept[0] if kept is not None and kept[1] is step else None
        while node is not None:
            if kept is not None and node is base:
                folded = cast(R, kept[2])
                break
            node, trick, _ = node
            since.append(trick)
        for trick in reversed(since):
            folded = step(folded, trick)
        # The one other write to a built tally: its fold cache, which equality ignores.
        object.__setattr__(self, "_folded", (finished, step, folded))
        return folded

    @property
    def leader(self) -> Seat:
        """The seat that leads the trick in progress."""
        return self.turns[0]

    @property
    def number(self) -> int:
        """How many tricks are finished."""
        finished = self.finished
        return 0 if finished is None else finished[2]

    def after(self, pieces: tuple[int, ...]) -> TrickTally:
        """The tally once the complete trick ``pieces`` is won: its winner leads the next.

        >>> from tablegames.tricks import plain_card_model
        >>> tally = TrickTally.begin((0, 1), leader=0, seats=2, model=plain_card_model(None))
        >>> tally = tally.after((0, 1))
        >>> tally.leader, tally.taken, tally.number
        (1, (0, 3), 1)
        >>> tally.tricks == (Trick(leader=0, pieces=(0, 1), seats=(0, 1), winner=1),)
        True
        >>> tally == TrickTally(tally.seating, (1, 0), tally.model, tally.finished)
        True
        """
        turns = self.turns
        seats = turns if len(pieces) == len(turns) else turns[: len(pieces)]
        model = self.model
        winner = seats[trick_winner(pieces, model)]
        finished = self.finished
        # The trick and the tally built by plain stores into their slot layouts, as their
        # builders do (see :mod:`tablegames.core.frozen`), with no call in between: every trick
        # ends here.
        trick: _TrickSlots = _new(_TrickSlots)
        trick.leader = seats[0]
        trick.pieces = pieces
        trick.seats = seats
        trick.winner = winner
        trick.__class__ = Trick
        if TYPE_CHECKING:  # its class is Trick now (no cost at run time)
            trick = cast(Trick, trick)
        seating = self.seating
        tally: _TallySlots = _new(_TallySlots)
        tally.seating = seating
        tally.turns = seating.turns[winner]
        tally.model = model
        tally.finished = (finished, trick, 1 if finished is None else finished[2] + 1)
        tally._memo = None
        tally._folded = self._folded
        tally.__class__ = TrickTally
        if TYPE_CHECKING:  # its class is TrickTally now
            return cast(TrickTally, tally)
        return tally

    def seated(self, order: tuple[Seat, ...], leader: Seat) -> TrickTally:
        """This tally with the seats of ``order`` (clockwise) playing from the trick in
        progress on, ``leader`` leading it, in tricks of one piece per seat. Ninety-Two's
        seats drop out of the deal's last tricks as their hands run out.

        >>> from tablegames.tricks import plain_card_model
        >>> tally = TrickTally.begin((0, 1, 2), leader=0, seats=3, model=plain_card_model(None))
        >>> tally = tally.after((0, 1, 2)).seated((0, 1), leader=0)
        >>> tally.turns, tally.number, tally.table.order
        ((0, 1), 1, (0, 1))
        """
        seating = Seating.of(order, self.seating.seats)
        return _new_tally(
            seating, seating.turns[leader], self.model, self.finished, self._memo, self._folded
        )

    def _tallied(self) -> Tallied:
        """Tricks won and pieces taken by seat, and the finished tricks oldest first: worked out
        once per tally (one walk over the finished tricks), then kept."""
        memo = self._memo
        if memo is not None:
            return memo
        won = [0] * self.seating.seats
        taken = [0] * self.seating.seats
        tricks: list[Trick] = []
        node = self.finished
        while node is not None:
            node, trick, _ = node
            winner = trick.winner
            won[winner] += 1
            for piece in trick.pieces:
                taken[winner] |= 1 << piece
            tricks.append(trick)
        tricks.reverse()
        tallied = (tuple(won), tuple(taken), tuple(tricks))
        # The one write to a built tally: filling its cache, which equality ignores (starting
        # every tally with an empty list to fill instead cost each trick about 0.05 us).
        object.__setattr__(self, "_memo", tallied)
        return tallied

    @property
    def won(self) -> tuple[int, ...]:
        """By seat: tricks won so far this hand.

        >>> from tablegames.tricks import plain_card_model
        >>> TrickTally.begin((0, 1), leader=0, seats=2, model=plain_card_model(None)).won
        (0, 0)
        """
        memo = self._memo
        if memo is not None:
            return memo[0]
        # Asked for alone when a hand is scored: counted without the rest of the tally (and
        # not kept: a hand is scored once).
        won = [0] * self.seating.seats
        node = self.finished
        while node is not None:
            node, trick, _ = node
            won[trick.winner] += 1
        return tuple(won)

    @property
    def taken(self) -> tuple[int, ...]:
        """By seat: the mask of the pieces in the tricks it won."""
        return self._tallied()[1]

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The finished tricks, oldest first."""
        memo = self._memo
        if memo is not None:
            return memo[2]
        # Asked for alone when a hand's result is recorded: listed without the rest.
        tricks: list[Trick] = []
        node = self.finished
        while node is not None:
            node, trick, _ = node
            tricks.append(trick)
        tricks.reverse()
        return tuple(tricks)

    @property
    def table(self) -> TrickTable:
        """The public table before the trick in progress is led (built on each call)."""
        return self.table_with(())

    def table_with(self, pieces: tuple[int, ...]) -> TrickTable:
        """The public table with ``pieces`` played to the trick in progress (built on each call).

        >>> from tablegames.tricks import plain_card_model
        >>> tally = TrickTally.begin((0, 1), leader=1, seats=2, model=plain_card_model(None))
        >>> tally.table_with((5,)).pieces
        (5,)
        """
        won, taken, tricks = self._tallied()
        return TrickTable(self.seating.order, self.turns[0], pieces, won, taken, tricks)

    def __repr__(self) -> str:
        return f"TrickTally(table={self.table!r}, turns={self.turns!r})"

    def __reduce__(self) -> tuple[type[TrickTally], tuple[object, ...]]:
        # Pickled without its caches (a fold's step need not pickle).
        return (TrickTally, (self.seating, self.turns, self.model, self.finished))


_new_tally = builder(TrickTally)
"""Quicker than the constructor (see :mod:`tablegames.core.frozen`); :meth:`TrickTally.after`,
which ends every trick, writes the same stores itself (no call in between), into the layouts
the builders would use:

>>> from tablegames.core.frozen import uses_layout
>>> uses_layout(TrickTally) and uses_layout(Trick)
True
"""
_new = object.__new__
