"""What render reads of any game's views and states, as typed protocols: every built-in game's
view and state has these members, so the scenes and the tellers that read them through a
protocol are type-checked against each game's own classes.

>>> from tablegames import texas42
>>> view: TableView = texas42.new_match().view(0)
>>> view.seat, view.dealer, view.to_act
(0, 0, None)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import Protocol, runtime_checkable

from tablegames.core.seats import Seat

from .scene import Piece

__all__ = ["HoldsHands", "TableState", "TableView", "TrickView"]


class TableView(Protocol):
    """What the scenes and every teller read of a game's view (every built-in game's view has
    these)."""

    @property
    def seat(self) -> Seat:
        """Whose view this is."""

    @property
    def phase(self) -> enum.Enum:
        """What the table is doing."""

    @property
    def to_act(self) -> Seat | None:
        """The seat to act, if any."""

    @property
    def dealer(self) -> Seat:
        """The dealer of this deal."""

    @property
    def hand(self) -> Iterable[Piece]:
        """The seat's own pieces."""

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many pieces each seat holds."""

    @property
    def results(self) -> Sequence[object]:
        """Every finished deal of the match."""


class TrickView(TableView, Protocol):
    """What a trick game's teller reads besides: the trick in progress and the finished ones."""

    @property
    def trick(self) -> Sequence[tuple[Seat, Piece]]:
        """The trick in progress: (seat, piece) in play order."""

    @property
    def tricks(self) -> Sequence[object]:
        """This deal's finished tricks."""


@runtime_checkable
class HoldsHands(Protocol):
    """A full state that shows each seat's hand (every built-in game's state does)."""

    def hand(self, seat: Seat) -> Iterable[Piece]:
        """The pieces ``seat`` holds."""


class TableState(HoldsHands, Protocol):
    """What every teller reads of a game's state (besides its view)."""

    @property
    def is_chance(self) -> bool:
        """True at a deal."""

    @property
    def to_act(self) -> Seat | None:
        """The seat to act."""

    @property
    def phase(self) -> enum.Enum:
        """What the table is doing."""

    def view(self, seat: Seat) -> object:
        """What ``seat`` may know."""
