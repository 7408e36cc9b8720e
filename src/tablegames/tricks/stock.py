"""Refilling hands from a stock after each trick, for games that deal short hands.

>>> hands, stock = draw_round((0, 0, 0), (5, 6, 7, 8), first=1, order=(0, 1, 2))
>>> hands, stock
((128, 32, 64), (8,))
>>> draw_round(hands, stock, first=0, order=(0, 1, 2)) == (hands, stock)
True
"""

from __future__ import annotations

from tablegames.core.seats import Seat

from .table import turn_order


def draw_round(
    hands: tuple[int, ...], stock: tuple[int, ...], first: Seat, order: tuple[Seat, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each seat of ``order``, from ``first`` round clockwise, draws the top piece of ``stock``.

    Nobody draws unless the stock holds a piece for every seat; what is left then stays put (a
    game may call it dead). Returns the new hands (masks by seat) and the rest of the stock.

    >>> draw_round((0, 0), (3,), first=0, order=(0, 1))
    ((0, 0), (3,))
    """
    if len(stock) < len(order):
        return hands, stock
    out = list(hands)
    rest = draw_in_turn(out, stock, turn_order(order, first))
    return tuple(out), rest


def draw_in_turn(
    hands: list[int], stock: tuple[int, ...], turns: tuple[Seat, ...]
) -> tuple[int, ...]:
    """Each seat of ``turns``, in that order, draws the top piece of ``stock`` into its mask in
    ``hands`` (changed in place); returns the rest of the stock. The stock must hold a piece for
    every seat: a game that draws each trick passes the next trick's turn order, ready-made,
    which is what :func:`draw_round` works out from the seating and the first seat.

    >>> hands = [0, 0, 0]
    >>> draw_in_turn(hands, (5, 6, 7, 8), turns=(1, 2, 0)), hands
    ((8,), [128, 32, 64])
    """
    for seat, piece in zip(turns, stock):
        hands[seat] |= 1 << piece
    return stock[len(turns) :]
