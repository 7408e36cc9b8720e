"""SVG for single pieces: cards with rank and suit symbol in red or black, dominoes with
pips, and backs. Each face carries its notation in ``data-piece`` and a ``<title>``; a back
carries nothing that names a piece.

>>> from tablegames.pieces import Card, Domino
>>> 'data-piece="AS"' in card_svg(Card.parse("AS"), 0, 0)
True
>>> 'data-piece="6:4"' in domino_svg(Domino(6, 4), 0, 0)
True
>>> 'data-piece' in back_svg(0, 0, card=True)
False
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from tablegames.pieces.cards import Card
from tablegames.pieces.dominoes import Domino

from .scene import Piece

CARD_W, CARD_H = 46.0, 66.0
"""A card's size at scale 1."""
TILE_W, TILE_H = 30.0, 58.0
"""A domino's size at scale 1 (standing, high end on top)."""
FONT = "DejaVu Sans, Segoe UI Symbol, Arial, sans-serif"
"""The font list every text uses (the suit symbols need a font that has them)."""

_RED, _BLACK = "#c62828", "#1b1b1b"
_PIPS = {
    0: (),
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
}
"""Pip positions on a 3 x 3 grid (column, row) for each number."""


def num(value: float) -> str:
    """A coordinate as short, deterministic text.

    >>> num(3.0), num(2.25), num(-0.04)
    ('3', '2.2', '0')
    """
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def attr(value: str) -> str:
    """Text escaped for a double-quoted XML attribute.

    >>> attr('a<"b">')
    'a&lt;&quot;b&quot;&gt;'
    """
    return escape(value, {'"': "&quot;"})


def _place(x: float, y: float, scale: float) -> str:
    if scale == 1:
        return f"translate({num(x)},{num(y)})"
    return f"translate({num(x)},{num(y)}) scale({scale:g})"


def piece_size(piece: Piece | None, *, card: bool = True) -> tuple[float, float]:
    """Width and height at scale 1 of a piece (or of a back, a card's when ``card``).

    >>> piece_size(None, card=False)
    (30.0, 58.0)
    """
    if isinstance(piece, Domino) or (piece is None and not card):
        return TILE_W, TILE_H
    return CARD_W, CARD_H


def piece_svg(piece: Piece, x: float, y: float, scale: float = 1.0) -> str:
    """A card or a domino face up with its top-left corner at (x, y).

    >>> piece_svg(Domino(1, 0), 0, 0).count("<circle")
    1
    """
    if isinstance(piece, Card):
        return card_svg(piece, x, y, scale)
    return domino_svg(piece, x, y, scale)


def card_svg(card: Card, x: float, y: float, scale: float = 1.0) -> str:
    """A card face: rank and suit in the corner, a large suit symbol in the middle.

    >>> '>10<' in card_svg(Card.parse("TH"), 0, 0), '#c62828' in card_svg(Card.parse("TH"), 0, 0)
    (True, True)
    """
    colour = _RED if card.suit.colour == "red" else _BLACK
    rank = "10" if card.rank.letter == "T" else card.rank.letter
    symbol = card.suit.symbol
    name = str(card)
    return (
        f'<g class="card" data-piece="{name}" transform="{_place(x, y, scale)}">'
        f"<title>{name}</title>"
        f'<rect width="{num(CARD_W)}" height="{num(CARD_H)}" rx="5" fill="#fffdf7" '
        f'stroke="#555" stroke-width="1"/>'
        f'<text x="4" y="15" font-size="13" font-weight="bold" fill="{colour}">{rank}</text>'
        f'<text x="4" y="28" font-size="12" fill="{colour}">{symbol}</text>'
        f'<text x="27" y="52" font-size="26" text-anchor="middle" fill="{colour}">'
        f"{symbol}</text></g>"
    )


def domino_svg(tile: Domino, x: float, y: float, scale: float = 1.0) -> str:
    """A domino standing up: the high end on top, pips on each half.

    >>> domino_svg(Domino(6, 6), 0, 0).count("<circle")
    12
    """
    name = str(tile)
    parts = [
        f'<g class="domino" data-piece="{name}" transform="{_place(x, y, scale)}">',
        f"<title>{name}</title>",
        f'<rect width="{num(TILE_W)}" height="{num(TILE_H)}" rx="4" fill="#fbf8ee" '
        f'stroke="#222" stroke-width="1"/>',
        f'<line x1="4" y1="{num(TILE_H / 2)}" x2="{num(TILE_W - 4)}" y2="{num(TILE_H / 2)}" '
        f'stroke="#222" stroke-width="1"/>',
    ]
    half = TILE_H / 2
    for number, top in ((tile.high, 0.0), (tile.low, half)):
        for col, row in _PIPS[number]:
            cx = 7.5 + col * 7.5
            cy = top + 6.5 + row * 8.0
            parts.append(f'<circle cx="{num(cx)}" cy="{num(cy)}" r="2.6" fill="#222"/>')
    parts.append("</g>")
    return "".join(parts)


def back_svg(x: float, y: float, scale: float = 1.0, *, card: bool = True) -> str:
    """The back of a card (or of a domino when ``card`` is false): no face, no name.

    >>> back_svg(0, 0).startswith('<g class="back"')
    True
    """
    w, h = (CARD_W, CARD_H) if card else (TILE_W, TILE_H)
    return (
        f'<g class="back" transform="{_place(x, y, scale)}">'
        f'<rect width="{num(w)}" height="{num(h)}" rx="{5 if card else 4}" fill="#24477a" '
        f'stroke="#f4f1e8" stroke-width="1.5"/>'
        f'<rect x="4" y="4" width="{num(w - 8)}" height="{num(h - 8)}" rx="3" fill="none" '
        f'stroke="#8fb0de" stroke-width="1" stroke-dasharray="3 2"/></g>'
    )
