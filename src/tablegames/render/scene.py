"""What a picture shows, game by game: a :class:`Scene` of seats, the trick and the facts.

Each game turns a view (what one seat may know) or a full state into a scene; the SVG and the
terminal text are both drawn from scenes, so they show the same things.

>>> from tablegames.pieces import Card
>>> seat = SeatScene(0, ("dealer",), hand=(Card.parse("AS"),), count=1)
>>> seat.name, seat.face_up
('seat 0', True)
"""

from __future__ import annotations

from typing import Union

import attrs

from tablegames.core.seats import Seat
from tablegames.pieces.cards import Card
from tablegames.pieces.dominoes import Domino

Piece = Union[Card, Domino]  # noqa: UP007 (a runtime alias)
"""A piece a picture draws: a card or a domino."""


@attrs.frozen
class SeatScene:
    """One seat at the table: its tags (``dealer``, ``to act``, ``bid 30``...), its hand face up
    when the picture may show it (``hand`` is None otherwise: ``count`` backs are drawn), and
    its public pieces (the sets laid down in Quartets).

    >>> SeatScene(2, (), hand=None, count=7).face_up
    False
    """

    seat: Seat
    tags: tuple[str, ...]
    hand: tuple[Piece, ...] | None
    count: int
    score: str = ""
    laid: tuple[tuple[Piece, ...], ...] = ()

    @property
    def name(self) -> str:
        """How the seat is named: ``seat 2``."""
        return f"seat {self.seat}"

    @property
    def face_up(self) -> bool:
        """True when the picture shows this hand's faces."""
        return self.hand is not None


@attrs.frozen
class Pile:
    """A pile in the middle (the stock, the widow, dead cards): its size, and its pieces when
    the picture may show them.

    >>> Pile("stock", 36).pieces
    ()
    """

    name: str
    count: int
    pieces: tuple[Piece, ...] = ()


@attrs.frozen
class Scene:
    """Everything one picture shows. ``viewer`` is the seat whose view it is (None for a full
    state, where every hand is face up); ``trick`` pairs seats with the pieces of the trick in
    progress; ``last_trick`` is the latest finished trick and its winner; ``facts`` are
    labelled lines (trump, contract, calls, scores).

    >>> Scene("Texas 42", 0, "bid", 1, (), (), None, (), ()).viewer
    0
    """

    title: str
    viewer: Seat | None
    phase: str
    to_act: Seat | None
    seats: tuple[SeatScene, ...]
    trick: tuple[tuple[Seat, Piece], ...]
    last_trick: tuple[tuple[tuple[Seat, Piece], ...], Seat] | None
    piles: tuple[Pile, ...]
    facts: tuple[tuple[str, str], ...]
