"""The numbers on the tiles and the trump codes every other Texas 42 module names.

A trump is named by a code: the numbers 0 (blanks) to 6 (sixes), ``DOUBLES`` (7) and
``NO_TRUMP`` (8); the special contracts' codes follow (see :mod:`tablegames.texas42.contracts`).

>>> trump_name(5), trump_name(DOUBLES), SUIT_NAMES[0]
('fives', 'doubles', 'blanks')
>>> from tablegames.pieces import PieceSet, DOMINO_UNIVERSE
>>> str(PieceSet(bearing(1) & higher_end(1), DOMINO_UNIVERSE))
'1:0 1:1'
"""

from __future__ import annotations

from tablegames.pieces.dominoes import DOMINOES

SUIT_NAMES = ("blanks", "ones", "twos", "threes", "fours", "fives", "sixes")
COUNT = tuple(d.count for d in DOMINOES)
"""By tile index: count points (10 for 5:5 and 6:4, 5 for 5:0, 4:1 and 3:2)."""

DOUBLES = 7
"""The trump "suit" of the seven doubles (option ``doubles_trump``)."""
NO_TRUMP = 8
"""Follow-me: no trumps at all (option ``follow_me``)."""
DOUBLES_MASK = sum(1 << d.index for d in DOMINOES if d.is_double)
"""The mask of the seven doubles."""


def bearing(number: int) -> int:
    """Mask of the seven tiles that show ``number``.

    >>> from tablegames.pieces import PieceSet, DOMINO_UNIVERSE
    >>> str(PieceSet(bearing(6), DOMINO_UNIVERSE))
    '6:0 6:1 6:2 6:3 6:4 6:5 6:6'
    """
    return sum(1 << d.index for d in DOMINOES if d.bears(number))


def higher_end(number: int) -> int:
    """Mask of the seven tiles whose higher end is ``number`` (a double's is its number).

    >>> from tablegames.pieces import PieceSet, DOMINO_UNIVERSE
    >>> str(PieceSet(higher_end(2), DOMINO_UNIVERSE))
    '2:0 2:1 2:2'
    """
    return sum(1 << d.index for d in DOMINOES if d.high == number)


def trump_name(trump: int) -> str:
    """How a trump choice is named: ``fives``, ``doubles`` or ``no trump``.

    >>> trump_name(5), trump_name(DOUBLES), trump_name(NO_TRUMP)
    ('fives', 'doubles', 'no trump')
    """
    if trump == DOUBLES:
        return "doubles"
    if trump == NO_TRUMP:
        return "no trump"
    return SUIT_NAMES[trump]
