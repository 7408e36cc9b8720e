"""Seats and turn order. Seats are numbered 0..n-1 clockwise; "left of X" is X+1.

>>> left_of(3, 4), clockwise_from(2, 4)
(0, (2, 3, 0, 1))
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import SeatError
from .text import describe

Seat = int
"""A seat number, 0..players-1, clockwise."""

DEFAULT_SEATS = 4
"""Seats at a table whose rules do not say (Texas 42 and Preference are four-seat games)."""


def is_seat(seat: object, players: int) -> bool:
    """True if ``seat`` is a seat number at a table of ``players``: an int (not a bool) in
    0..players-1.

    >>> is_seat(3, 4), is_seat(4, 4), is_seat(True, 4), is_seat(1.0, 4)
    (True, False, False, False)
    """
    return type(seat) is int and 0 <= seat < players


def seat_problem(seat: object, players: int) -> str:
    """The sentence that says why ``seat`` is not a seat at a table of ``players``.

    >>> seat_problem(7, 4)
    'Seats are numbered 0 to 3; 7 is not a seat.'
    >>> seat_problem("2", 4)
    "Seats are whole numbers 0 to 3, not '2'."
    """
    if type(seat) is int:
        shown = str(seat) if -(10**9) < seat < 10**9 else "that number"
        return f"Seats are numbered 0 to {players - 1}; {shown} is not a seat."
    return f"Seats are whole numbers 0 to {players - 1}, not {describe(seat)}."


def check_seat(seat: object, players: int) -> None:
    """Raise :class:`SeatError` unless ``seat`` is a seat at a table of ``players``.

    >>> check_seat(2, 4) is None
    True
    """
    if type(seat) is not int or not 0 <= seat < players:
        raise SeatError(seat_problem(seat, players))


def seat_count(rules: object) -> int:
    """How many seats a match under ``rules`` has: ``rules.players`` when the rules say,
    else four (Texas 42, Preference).

    >>> from tablegames import ninety_two, texas42
    >>> seat_count(texas42.Rules()), seat_count(ninety_two.Rules(players=6))
    (4, 6)
    """
    players = getattr(rules, "players", DEFAULT_SEATS)
    return players if type(players) is int else DEFAULT_SEATS


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


def leaders(scores: Sequence[int]) -> tuple[Seat, ...]:
    """The seats with the highest score, every one of them on a tie (how each game names its
    winners from its own scores: points, chips, tricks or sets).

    >>> leaders((93, 95, 95, 12))
    (1, 2)
    """
    best = max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best)


def ordinal(seat: Seat) -> str:
    """How messages name a seat.

    >>> ordinal(2)
    'seat 2'
    """
    return f"seat {seat}"
