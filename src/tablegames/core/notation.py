"""Helpers for reading action notation: words separated by spaces, case-insensitive verbs.

>>> words("  Bid   30 ")
('bid', '30')
>>> number("30", "a bid")
30
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from tablegames.pieces.sets import Piece

from .actions import PASS, Deal, Pass, Play
from .errors import NotationError

P = TypeVar("P", bound=Piece)


def words(text: str) -> tuple[str, ...]:
    """Split an action into words; the first (the verb) is lower-cased.

    >>> words("PLAY 6:4")
    ('play', '6:4')
    """
    parts = text.split()
    if not parts:
        raise NotationError("an empty string is not an action")
    return (parts[0].lower(), *parts[1:])


def number(text: str, what: str) -> int:
    """Read a whole number, naming ``what`` it should be in the error.

    >>> number("7", "tricks")
    7
    """
    try:
        return int(text)
    except ValueError:
        raise NotationError(f"{text!r} is not a number ({what})") from None


def expect_args(parts: tuple[str, ...], count: int, form: str) -> None:
    """Refuse an action with the wrong number of words; ``form`` shows the right one.

    >>> expect_args(("bid", "30"), 1, "bid 30") is None
    True
    """
    if len(parts) - 1 != count:
        raise NotationError(f"{' '.join(parts)!r} is not an action: write {form}")


def parse_shared(
    parts: tuple[str, ...], parse_piece: Callable[[str], P], plays: Sequence[Play[P]]
) -> Pass | Play[P] | Deal[P] | None:
    """The verbs the trick games share: ``pass``, ``play <piece>`` and ``deal <pieces>``.

    ``plays`` holds the ready-made ``Play`` of each piece by index. Other verbs give ``None``.

    >>> from tablegames.pieces import Card, CARDS
    >>> plays = tuple(Play(c) for c in CARDS)
    >>> str(parse_shared(words("play 10h"), Card.parse, plays))
    'play TH'
    >>> parse_shared(("bid", "4"), Card.parse, plays) is None
    True
    """
    verb = parts[0]
    if verb == "pass":
        expect_args(parts, 0, "pass")
        return PASS
    if verb == "play":
        expect_args(parts, 1, "play and one piece")
        return plays[parse_piece(parts[1]).index]
    if verb == "deal":
        return Deal(tuple(parse_piece(p) for p in parts[1:]))
    return None
