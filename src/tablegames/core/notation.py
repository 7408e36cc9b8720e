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

from .actions import Deal, Pass, Play, shared_verbs
from .errors import NotationError
from .text import QUOTE_LIMIT, describe, quote
from .words import MAX_ACTION_TEXT, MAX_DIGITS, MAX_WORD, expect_args, number, words

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


def parse_deal(parts: tuple[str, ...], parse_piece: Callable[[str], P], size: int) -> Deal[P]:
    """``deal <pieces>``: exactly ``size`` pieces, counted before any is read.

    >>> from tablegames.pieces import Card
    >>> str(parse_deal(("deal", "as", "ks"), Card.parse, 2))
    'deal AS KS'
    >>> parse_deal(("deal", "AS"), Card.parse, 52)
    Traceback (most recent call last):
    ...
    tablegames.core.errors.NotationError: A deal orders all 52 pieces, not 1.
    """
    if len(parts) - 1 != size:
        raise NotationError(f"A deal orders all {size} pieces, not {len(parts) - 1}.")
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
    return shared_verbs(
        parts,
        lambda word: plays[parse_piece(word).index],
        lambda pieces: parse_deal(parts, parse_piece, deal_size),
    )
