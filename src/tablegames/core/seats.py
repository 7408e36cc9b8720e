"""Seats and turn order. Seats are numbered 0..n-1 clockwise; "left of X" is X+1.

>>> left_of(3, 4), clockwise_from(2, 4)
(0, (2, 3, 0, 1))
"""

from __future__ import annotations

Seat = int
"""A seat number, 0..players-1, clockwise."""


def left_of(seat: Seat, players: int) -> Seat:
    """The seat on ``seat``'s left: the next one clockwise.

    >>> left_of(5, 6)
    0
    """
    return (seat + 1) % players


def clockwise_from(start: Seat, players: int) -> tuple[Seat, ...]:
    """Every seat once, clockwise, starting with ``start``.

    >>> clockwise_from(1, 3)
    (1, 2, 0)
    """
    return tuple((start + i) % players for i in range(players))


def ordinal(seat: Seat) -> str:
    """How messages name a seat.

    >>> ordinal(2)
    'seat 2'
    """
    return f"seat {seat}"
