"""Double-six dominoes: 28 tiles, each written high end first as ``6:4``.

A tile's ``repr`` is the call that reads it back, ``Domino.parse('6:4')``.

>>> Domino.parse("4-6")
Domino.parse('6:4')
>>> str(DOMINOES[27]), DOMINOES[27].index, Domino(5, 0).count
('6:6', 27, 5)
"""

from __future__ import annotations

import re

import attrs

from tablegames.errors import NotationError, PieceError, excerpt

from .sets import MAX_SET_TEXT, PieceSet, Universe, parse_repr, piece_text
from .sets import shown as _shown

_TILE = re.compile(r"^\s*([0-6])\s*[:\-]\s*([0-6])\s*$")


def _pip(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 0 <= value <= 6:
        raise PieceError(f"A domino end is a whole number of pips 0 to 6, not {_shown(value)}.")


@attrs.frozen(order=False, repr=False)
class Domino:
    """One double-six tile. ``high >= low``; its ``index`` runs 0 (0:0) to 27 (6:6).

    The ends are plain ints 0 to 6 (not bools, floats or numpy numbers); anything else is a
    :class:`~tablegames.errors.PieceError`, so every ``Domino`` is a real tile. Its ``str`` is
    the notation, ``6:4``; its ``repr`` the call that reads it back, ``Domino.parse('6:4')``
    (paste it where ``Domino`` is imported).

    >>> Domino(6, 4).bears(4), Domino(6, 4).other_end(4), Domino(3, 3).is_double
    (True, 6, True)
    >>> Domino(6.0, 4.0)
    Traceback (most recent call last):
    ...
    tablegames.core.errors.PieceError: A domino end is a whole number of pips 0 to 6, not 6.0.
    """

    high: int = attrs.field(validator=_pip)
    """The higher end's pips, 0 to 6."""
    low: int = attrs.field(validator=_pip)
    """The lower end's pips, 0 to ``high``."""
    index: int = attrs.field(init=False, eq=False, repr=False)
    """The tile's place in the set, ``high * (high + 1) // 2 + low``: 0 (0:0) to 27 (6:6)."""

    def __attrs_post_init__(self) -> None:
        if self.low > self.high:
            raise PieceError(
                f"Write a domino high end first: {self.high}:{self.low} is {self.low}:{self.high}."
            )
        object.__setattr__(self, "index", self.high * (self.high + 1) // 2 + self.low)

    @property
    def is_double(self) -> bool:
        """Both ends alike."""
        return self.high == self.low

    @property
    def pips(self) -> int:
        """Total pips on the tile."""
        return self.high + self.low

    @property
    def count(self) -> int:
        """Count value in 42: 10 for 5:5 and 6:4, 5 for 5:0, 4:1 and 3:2, else 0."""
        return self.pips if self.pips in (5, 10) else 0

    def bears(self, number: int) -> bool:
        """True if either end shows ``number``."""
        return number in (self.high, self.low)

    def other_end(self, number: int) -> int:
        """The end opposite ``number`` (the number itself for a double)."""
        if not self.bears(number):
            raise PieceError(f"{self} does not bear a {_shown(number)}.")
        return self.low if self.high == number else self.high

    @classmethod
    def parse(cls, text: str) -> Domino:
        """Read ``6:4``; ``6-4`` and ``4:6`` are accepted too. A text longer than
        :data:`~tablegames.pieces.sets.MAX_PIECE_TEXT` characters is refused unread."""
        match = _TILE.match(piece_text(text, "domino", "6:4"))
        if match is None:
            raise NotationError(f"{excerpt(text)} is not a domino: write the two ends as 6:4")
        a, b = int(match[1]), int(match[2])
        return DOMINOES[max(a, b) * (max(a, b) + 1) // 2 + min(a, b)]

    def __str__(self) -> str:
        return f"{self.high}:{self.low}"

    def __repr__(self) -> str:
        return parse_repr(self, "high", "low")


DOMINOES: tuple[Domino, ...] = tuple(Domino(h, lo) for h in range(7) for lo in range(h + 1))
"""All 28 tiles in index order, 0:0 first and 6:6 last."""

DOMINO_UNIVERSE: Universe[Domino] = Universe("dominoes", DOMINOES, Domino.parse)
DOUBLE_SIX: PieceSet[Domino] = PieceSet((1 << 28) - 1, DOMINO_UNIVERSE)
"""The full double-six set."""


def dominoes(text: str = "") -> PieceSet[Domino]:
    """A set of tiles from space-separated notation.

    >>> len(dominoes("6:6 6:5 0:0"))
    3
    """
    if type(text) is not str:
        raise NotationError(f"Dominoes are written as text, as 6:6 6:5, not {_shown(text)}.")
    if len(text) > MAX_SET_TEXT:
        raise NotationError(
            f"{excerpt(text)} is not a set of dominoes: it is longer than {MAX_SET_TEXT:,} "
            "characters."
        )
    return PieceSet.of(DOMINO_UNIVERSE, (Domino.parse(t) for t in text.split()))
