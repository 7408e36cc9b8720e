"""A bare position of the play, what a solver works on (:class:`Position`), and the end of a
trick's effect on the hands (:func:`without`); :mod:`tablegames.tricks.play` gives both.
"""

from __future__ import annotations

from typing_extensions import TypeVar as DefaultingTypeVar

from .hooks import Hands, Pieces
from .tally import TrickTally

__all__ = ["Position", "without"]

Part_co = DefaultingTypeVar("Part_co", default=object, covariant=True)
"""The part of a hand a :class:`Position` holds (any object when not said)."""


class Position(tuple[Hands, Pieces, Part_co, TrickTally]):
    """A bare position of the play (what a solver works on): the hands as the trick in
    progress was led, its pieces so far, the game's part of the hand and the tally.

    >>> from tablegames.tricks import plain_card_model
    >>> tally = TrickTally.begin((0, 1), leader=1, seats=2, model=plain_card_model(None))
    >>> position = Position((1, 2), (), "part", tally)
    >>> position.tally.leader, position.part, position == ((1, 2), (), "part", tally)
    (1, 'part', True)
    """

    __slots__ = ()

    def __new__(
        cls, hands: Hands, pieces: Pieces, part: Part_co, tally: TrickTally
    ) -> Position[Part_co]:
        return tuple.__new__(cls, (hands, pieces, part, tally))

    def __getnewargs__(self) -> tuple[Hands, Pieces, Part_co, TrickTally]:
        return (self[0], self[1], self[2], self[3])

    def __repr__(self) -> str:
        return f"Position(hands={self[0]!r}, pieces={self[1]!r}, part={self[2]!r}, tally=...)"

    @property
    def hands(self) -> Hands:
        """The hands as the trick in progress was led."""
        return self[0]

    @property
    def pieces(self) -> Pieces:
        """The pieces of the trick in progress, in play order."""
        return self[1]

    @property
    def part(self) -> Part_co:
        """The game's part of the hand."""
        return self[2]

    @property
    def tally(self) -> TrickTally:
        """The hand's tricks, and who plays to the trick in progress."""
        return self[3]


def without(hands: Hands, pieces: tuple[int, ...]) -> Hands:
    """The ``hands`` with the ``pieces`` taken out of them (whoever held them): what the end
    of every trick does to the hands.

    >>> without((0b0011, 0b1100), (0, 3))
    (2, 4)
    """
    if len(pieces) == 3:  # the card games' tricks, and Texas 42's, written out: no loop
        a, b, c = pieces
        keep = ~(1 << a | 1 << b | 1 << c)
    elif len(pieces) == 4:
        a, b, c, d = pieces
        keep = ~(1 << a | 1 << b | 1 << c | 1 << d)
    else:
        taken = 0
        for piece in pieces:
            taken |= 1 << piece
        keep = ~taken
    if len(hands) == 4:  # four hands (most tables), written out: no list in between
        h0, h1, h2, h3 = hands
        return (h0 & keep, h1 & keep, h2 & keep, h3 & keep)
    return tuple(map(keep.__and__, hands))  # (no comprehension: ``keep`` stays a plain local)
