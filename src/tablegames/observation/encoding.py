"""An encoding: a game's layout plus the function that fills it from one seat's view.

>>> from tablegames.observation.layout import Layout, Writer
>>> layout = Layout.of(("seat", 2, "the observer, one-hot"))
>>> enc = Encoding("demo", layout, lambda w, view: w.one_hot("seat", view))
>>> enc.encode(1), enc.size
((0.0, 1.0), 2)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Generic, TypeVar

import attrs

from tablegames.pieces.sets import bits
from tablegames.tricks.finished import Indexed

from .layout import Layout, Writer

V = TypeVar("V")

INDEX: dict[int, int] = {i: i for i in range(64)}
"""The place of each piece index in a deck numbered as its pieces are (``CARDS``,
``DOMINOES``): the index itself."""


@attrs.frozen
class Encoding(Generic[V]):
    """The fixed-length observation of one game under one set of rules.

    ``encode(view)`` reads nothing but the view, so what a seat may not know cannot reach it.

    >>> from tablegames.observation import encoding_for
    >>> from tablegames import texas42
    >>> encoding_for("texas42", texas42.Rules()).size
    305
    """

    game: str
    layout: Layout
    fill: Callable[[Writer, V], None]

    @property
    def size(self) -> int:
        """The length of every observation."""
        return self.layout.size

    def encode(self, view: V) -> tuple[float, ...]:
        """The observation of ``view``, a tuple of ``size`` floats."""
        out = self.layout.blank()
        self.fill(Writer(self.layout, out), view)
        return tuple(out)


def relative(seat: int, observer: int, players: int) -> int:
    """Where ``seat`` sits seen from ``observer``: 0 itself, 1 its left, and so on clockwise.

    >>> relative(0, 3, 4), relative(3, 3, 4)
    (1, 0)
    """
    return (seat - observer) % players


def relative_or_none(seat: int | None, observer: int, players: int) -> int | None:
    """:func:`relative`, passing ``None`` through.

    >>> relative_or_none(None, 1, 4), relative_or_none(2, 1, 4)
    (None, 1)
    """
    return None if seat is None else relative(seat, observer, players)


def deck_positions(mask: int, position: dict[int, int]) -> Iterator[int]:
    """Positions in the game's deck of the pieces in ``mask`` (piece indices to deck order).

    >>> list(deck_positions(0b1010, {1: 0, 3: 1}))
    [0, 1]
    """
    for index in bits(mask):
        yield position[index]


def positions_of(pieces: Iterable[Indexed], position: dict[int, int]) -> Iterator[int]:
    """Positions in the game's deck of ``pieces`` (anything with an ``index``).

    >>> from tablegames.pieces import cards
    >>> list(positions_of(cards("3C"), {1: 7}))
    [7]
    """
    for piece in pieces:
        yield position[piece.index]
