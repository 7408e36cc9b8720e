"""Helpers for reading action notation: words separated by spaces, case-insensitive verbs.

Reading is bounded: a text longer than :data:`MAX_ACTION_TEXT` characters is refused before it
is split, a deal with the wrong number of pieces is refused after counting its words and before
reading any piece, no word may exceed :data:`MAX_WORD` characters, numbers are plain ASCII digits
(at most :data:`MAX_DIGITS` of them), and an error message quotes at most :data:`QUOTE_LIMIT`
characters of the input.

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
from .text import QUOTE_LIMIT, describe, quote

P = TypeVar("P", bound=Piece)

__all__ = [
    "MAX_ACTION_TEXT",
    "MAX_DIGITS",
    "MAX_WORD",
    "QUOTE_LIMIT",
    "describe",
    "expect_args",
    "number",
    "parse_deal",
    "parse_shared",
    "quote",
    "words",
]

MAX_ACTION_TEXT = 4096
"""The longest text read as one action, in characters (a 52-card deal takes about 160)."""
MAX_DIGITS = 9
"""The most digits a number in an action may have."""
MAX_WORD = 24
"""The longest word of an action (a verb, a piece, a number), in characters."""


def words(text: str) -> tuple[str, ...]:
    """Split an action into words; the first (the verb) is lower-cased.

    >>> words("PLAY 6:4")
    ('play', '6:4')
    """
    if type(text) is not str:
        raise NotationError(f"an action is written as text, not {describe(text)}")
    if len(text) > MAX_ACTION_TEXT:
        raise NotationError(
            f"{quote(text)} is not an action: an action is at most {MAX_ACTION_TEXT} characters"
        )
    parts = text.split()
    if not parts:
        raise NotationError("an empty string is not an action")
    for part in parts:
        if len(part) > MAX_WORD:
            raise NotationError(f"{quote(part, MAX_WORD)} is not a word of any action")
    return (parts[0].lower(), *parts[1:])


def number(text: str, what: str) -> int:
    """Read a whole number, naming ``what`` it should be in the error.

    Only the ASCII digits 0-9 count (no sign, no ``_``, no other scripts' digits), at most
    :data:`MAX_DIGITS` of them.

    >>> number("7", "tricks")
    7
    >>> number("3_0", "a bid")
    Traceback (most recent call last):
    ...
    tablegames.core.errors.NotationError: '3_0' is not a number (a bid)
    """
    if not (text.isascii() and text.isdigit()) or len(text) > MAX_DIGITS:
        raise NotationError(f"{quote(text)} is not a number ({what})")
    return int(text)


def expect_args(parts: tuple[str, ...], count: int, form: str) -> None:
    """Refuse an action with the wrong number of words; ``form`` shows the right one.

    >>> expect_args(("bid", "30"), 1, "bid 30") is None
    True
    """
    if len(parts) - 1 != count:
        raise NotationError(f"{quote(' '.join(parts))} is not an action: write {form}")


def parse_deal(parts: tuple[str, ...], parse_piece: Callable[[str], P], size: int) -> Deal[P]:
    """``deal <pieces>``: exactly ``size`` pieces, counted before any is read.

    >>> from tablegames.pieces import Card
    >>> str(parse_deal(("deal", "as", "ks"), Card.parse, 2))
    'deal AS KS'
    >>> parse_deal(("deal", "AS"), Card.parse, 52)
    Traceback (most recent call last):
    ...
    tablegames.core.errors.NotationError: a deal orders all 52 pieces, not 1
    """
    if len(parts) - 1 != size:
        raise NotationError(f"a deal orders all {size} pieces, not {len(parts) - 1}")
    return Deal(tuple(parse_piece(p) for p in parts[1:]))


def parse_shared(
    parts: tuple[str, ...],
    parse_piece: Callable[[str], P],
    plays: Sequence[Play[P]],
    deal_size: int,
) -> Pass | Play[P] | Deal[P] | None:
    """The verbs the trick games share: ``pass``, ``play <piece>`` and ``deal <pieces>``.

    ``plays`` holds the ready-made ``Play`` of each piece by index; a deal has ``deal_size``
    pieces. Other verbs give ``None``.

    >>> from tablegames.pieces import Card, CARDS
    >>> plays = tuple(Play(c) for c in CARDS)
    >>> str(parse_shared(words("play 10h"), Card.parse, plays, 52))
    'play TH'
    >>> parse_shared(("bid", "4"), Card.parse, plays, 52) is None
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
        return parse_deal(parts, parse_piece, deal_size)
    return None
