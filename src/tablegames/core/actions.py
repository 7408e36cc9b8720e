"""Actions every game shares: passing, playing a piece, and dealing (a chance step).

>>> from tablegames.pieces import Domino
>>> str(Play(Domino(6, 4))), str(PASS)
('play 6:4', 'pass')
"""

from __future__ import annotations

from typing import Generic, TypeVar

import attrs

from tablegames.pieces.sets import Piece

P = TypeVar("P", bound=Piece)


@attrs.frozen
class Pass:
    """Decline to bid (or to offer).

    >>> str(Pass()), Pass() == PASS
    ('pass', True)
    """

    def __str__(self) -> str:
        return "pass"


PASS = Pass()
"""The one pass action."""


@attrs.frozen
class Play(Generic[P]):
    """Play ``piece`` to the trick.

    >>> from tablegames.pieces import Card
    >>> str(Play(Card.parse("10h")))
    'play TH'
    """

    piece: P

    def __str__(self) -> str:
        return f"play {self.piece}"


@attrs.frozen
class Deal(Generic[P]):
    """A chance step: the shuffled deck, top card first. The game deals it out by its own rules.

    >>> from tablegames.pieces import cards
    >>> str(Deal(tuple(cards("AS KS"))))
    'deal KS AS'
    """

    order: tuple[P, ...] = attrs.field(converter=tuple)

    def __str__(self) -> str:
        return "deal " + " ".join(str(p) for p in self.order)
