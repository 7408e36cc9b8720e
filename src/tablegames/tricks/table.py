"""The trick in progress and the tally of tricks: turn order, leading, winning, pieces won.

>>> from tablegames.tricks import plain_card_model
>>> from tablegames.pieces import Card, Suit
>>> model = plain_card_model(None)
>>> table = TrickTable.start(order=(0, 1, 2), leader=1, seats=3)
>>> for text in ("9C", "JC", "7D"):
...     table = table.play(Card.parse(text).index, model)
>>> table.leader, table.won, table.tricks[-1].winner
(2, (0, 0, 1), 2)
"""

from __future__ import annotations

import functools
from typing import TypeVar

import attrs

from tablegames.core.seats import Seat

from .follow import reveals
from .model import TrickModel
from .winner import trick_winner

T = TypeVar("T")


class _TrickSlots:
    """The slots of :class:`Trick`'s fields (built by plain stores: see
    :mod:`tablegames.core.frozen`)."""

    __slots__ = ("__weakref__", "leader", "pieces", "seats", "winner")
    leader: Seat
    pieces: tuple[int, ...]
    seats: tuple[Seat, ...]
    winner: Seat


@attrs.frozen
class Trick(_TrickSlots):
    """A finished trick: who led, the pieces in play order, the seat of each, and the winner.

    >>> Trick(leader=0, pieces=(1, 2), seats=(0, 1), winner=1).winner
    1
    """

    leader: Seat
    """The seat that led the trick."""
    pieces: tuple[int, ...]
    """The pieces in play order, by index (``DOMINOES[i]``, ``CARDS[i]``)."""
    seats: tuple[Seat, ...]
    """The seat of each piece, in play order (the leader first)."""
    winner: Seat
    """The seat that took the trick."""


@attrs.frozen
class TrickTable:
    """The play of one hand, trick by trick.

    ``order`` lists the seats that play, clockwise (Preference's dealer sits out, so not every
    seat is in it); ``won`` and ``taken`` are indexed by seat over the whole table.

    >>> table = TrickTable.start(order=(0, 2), leader=2, seats=3)
    >>> table.to_play, table.won
    (2, (0, 0, 0))
    """

    order: tuple[Seat, ...]
    leader: Seat
    pieces: tuple[int, ...]
    won: tuple[int, ...]
    taken: tuple[int, ...]
    tricks: tuple[Trick, ...]

    @classmethod
    def start(cls, order: tuple[Seat, ...], leader: Seat, seats: int) -> TrickTable:
        """A hand before its first lead; ``seats`` is the number of seats at the table."""
        return cls(order, leader, (), (0,) * seats, (0,) * seats, ())

    @property
    def to_play(self) -> Seat:
        """The seat whose piece comes next."""
        return turn_order(self.order, self.leader)[len(self.pieces)]

    @property
    def seats_in_trick(self) -> tuple[Seat, ...]:
        """The seats that have played to the current trick, in order."""
        return turn_order(self.order, self.leader)[: len(self.pieces)]

    def play(self, piece: int, model: TrickModel, trick_size: int | None = None) -> TrickTable:
        """Add ``piece`` from the seat to play (legality is checked by the caller).

        The trick is complete after ``trick_size`` pieces (default: one per seat in ``order``);
        then its winner is found, credited, and leads the next trick.
        """
        pieces = (*self.pieces, piece)
        if len(pieces) < (trick_size or len(self.order)):
            return TrickTable(self.order, self.leader, pieces, self.won, self.taken, self.tricks)
        return _finish(self, pieces, turn_order(self.order, self.leader)[: len(pieces)], model)

    def played(self) -> tuple[int, ...]:
        """By seat, the mask of pieces each seat has played this hand (current trick included).

        >>> from tablegames.tricks import plain_card_model
        >>> from tablegames.pieces import Card
        >>> table = TrickTable.start(order=(0, 1), leader=1, seats=2)
        >>> table = table.play(Card.parse("2C").index, plain_card_model(None))
        >>> table.played()
        (0, 1)
        """
        out = [0] * len(self.won)
        for trick in self.tricks:
            for seat, piece in zip(trick.seats, trick.pieces):
                out[seat] |= 1 << piece
        for seat, piece in zip(self.seats_in_trick, self.pieces):
            out[seat] |= 1 << piece
        return tuple(out)

    @property
    def in_play(self) -> int:
        """Mask of the pieces in the current, unfinished trick."""
        mask = 0
        for p in self.pieces:
            mask |= 1 << p
        return mask


TURN_ORDERS = 4096
"""How many turn orders :func:`turn_order` keeps, by (order, leader), values both: the trick
games meet at most a few hundred (Ninety-Two's eight seats dropping out one by one among them),
so the bound is never reached in play."""


@functools.lru_cache(maxsize=TURN_ORDERS)
def turn_order(order: tuple[Seat, ...], leader: Seat) -> tuple[Seat, ...]:
    """The seats of ``order`` in the order they play to a trick that ``leader`` leads (made
    once for each order and leader: see :data:`TURN_ORDERS`).

    >>> turn_order((0, 1, 3), 3)
    (3, 0, 1)
    """
    start = order.index(leader)
    return order[start:] + order[:start]


SeatedTrick = tuple[tuple[tuple[Seat, T], ...], Seat]
"""A finished trick as a reader sees it: (seat, piece) in play order, and the seat that took it."""


def seated_trick(
    order: tuple[Seat, ...], leader: Seat, pieces: tuple[T, ...], winner: Seat
) -> SeatedTrick[T]:
    """A finished trick with who played each piece: the seats of ``order`` from ``leader``
    (:func:`turn_order`) paired with ``pieces`` in play order, and its ``winner``. Views give
    their finished tricks so (``seated_tricks``, ``last_trick``).

    >>> seated_trick((0, 1, 3), 3, ("AS", "KS", "QS"), 3)
    (((3, 'AS'), (0, 'KS'), (1, 'QS')), 3)
    """
    return tuple(zip(turn_order(order, leader), pieces)), winner


def _finish(
    table: TrickTable, pieces: tuple[int, ...], seats: tuple[Seat, ...], model: TrickModel
) -> TrickTable:
    """The table after the complete trick ``pieces`` (played by ``seats``) is won and credited."""
    winner = seats[trick_winner(pieces, model)]
    mask = 0
    for p in pieces:
        mask |= 1 << p
    won = list(table.won)
    won[winner] += 1
    taken = list(table.taken)
    taken[winner] |= mask
    tricks = (*table.tricks, Trick(table.leader, pieces, seats, winner))
    return TrickTable(table.order, winner, (), tuple(won), tuple(taken), tricks)


def revealed_voids(table: TrickTable, model: TrickModel) -> dict[Seat, int]:
    """What play has shown each seat not to hold: for every piece it played, the pieces of a
    better priority it would have had to play instead (:func:`~tablegames.tricks.follow.reveals`,
    the follow rule's own answer: the suit led when it did not follow). Only seats shown
    something are listed. Valid while hands are not refilled.

    >>> from tablegames.tricks import plain_card_model
    >>> revealed_voids(TrickTable.start((0, 1), 0, 2), plain_card_model(None))
    {}
    >>> table = TrickTable.start((0, 1), 0, 2).play(12, plain_card_model(None)).play(
    ...     13, plain_card_model(None))
    >>> revealed_voids(table, plain_card_model(None)) == {1: 0b1111111111111}
    True
    """
    voids: dict[Seat, int] = {}
    current = Trick(table.leader, table.pieces, table.seats_in_trick, -1)
    for trick in (*table.tricks, current):
        pieces = trick.pieces
        for position, (seat, piece) in enumerate(zip(trick.seats, pieces)):
            shown = reveals(pieces[:position], piece, model)
            if shown:
                voids[seat] = voids.get(seat, 0) | shown
    return voids
