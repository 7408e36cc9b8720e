"""Lay a :class:`~tablegames.render.scene.Scene` out as one SVG document.

The table is a green oval with the seats around it, the seat whose view it is at the bottom
and play passing clockwise (to each seat's left). The trick in progress lies on the felt in
front of the seats that played it; a panel on the right names the game, the phase and the
facts (trump, contract, calls, scores), the last finished trick and the piles.

>>> from tablegames.render.scene import Scene
>>> svg_of_scene(Scene("Texas 42", None, "deal", None, (), (), None, (), ())).startswith("<svg")
True
"""

from __future__ import annotations

import math
import re
import textwrap
from xml.sax.saxutils import escape

from tablegames.pieces.dominoes import Domino

from .pieces import FONT, attr, back_svg, num, piece_size, piece_svg
from .scene import Piece, Pile, Scene, SeatScene

WIDTH, HEIGHT = 1180.0, 720.0
_CX, _CY = 450.0, 360.0
_SEAT_RX, _SEAT_RY = 350.0, 275.0
_FELT_RX, _FELT_RY = 230.0, 170.0
_MARGIN = 8.0
_PANEL_X = 910.0
_PANEL_W = 255.0
_WRAP = 36
_KEEP_TOGETHER = str.maketrans({" ": "\u00a0"})
_SEATS = re.compile(r"seats? \d+(?: & \d+)?(?::? -?\d+)?")


def svg_of_scene(scene: Scene) -> str:
    """The SVG document of ``scene`` (UTF-8 text, deterministic: same scene, same bytes).

    >>> from tablegames.render.scene import Scene
    >>> "Quartets" in svg_of_scene(Scene("Quartets", 0, "ask", 0, (), (), None, (), ()))
    True
    """
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(WIDTH)}" height="{num(HEIGHT)}" '
        f'viewBox="0 0 {num(WIDTH)} {num(HEIGHT)}" font-family="{attr(FONT)}">',
        f"<title>{escape(_caption(scene))}</title>",
        f'<rect width="{num(WIDTH)}" height="{num(HEIGHT)}" fill="#f3efe4"/>',
        f'<ellipse cx="{num(_CX)}" cy="{num(_CY)}" rx="{num(_FELT_RX)}" ry="{num(_FELT_RY)}" '
        f'fill="#2f7a4d" stroke="#6b4a2b" stroke-width="12"/>',
    ]
    n = len(scene.seats)
    anchors = {s.seat: _anchor(s.seat, scene.viewer or 0, n) for s in scene.seats}
    for seat in scene.seats:
        out.extend(_seat(seat, anchors[seat.seat], n, scene))
    out.extend(_trick(scene, anchors))
    out.extend(_panel(scene))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _caption(scene: Scene) -> str:
    who = "every hand" if scene.viewer is None else f"seat {scene.viewer}'s view"
    return f"{scene.title}: {who}, {scene.phase}"


def _anchor(seat: int, viewer: int, players: int) -> tuple[float, float, float]:
    """Where a seat sits: (x, y, angle); the viewer at the bottom, the next seat to its left."""
    angle = math.pi / 2 + 2 * math.pi * ((seat - viewer) % players) / players
    return _CX + _SEAT_RX * math.cos(angle), _CY + _SEAT_RY * math.sin(angle), angle


def _text(
    x: float,
    y: float,
    text: str,
    *,
    size: float = 13,
    anchor: str = "middle",
    weight: str = "normal",
    fill: str = "#222",
    cls: str = "",
) -> str:
    extra = f' class="{cls}"' if cls else ""
    bold = ' font-weight="bold"' if weight == "bold" else ""
    return (
        f'<text x="{num(x)}" y="{num(y)}" font-size="{size:g}" text-anchor="{anchor}"'
        f'{bold} fill="{fill}"{extra}>{escape(text)}</text>'
    )


def _row(
    pieces: tuple[Piece, ...] | None,
    count: int,
    card: bool,
    *,
    cx: float,
    top: float,
    scale: float,
    max_width: float,
) -> list[str]:
    """A row of faces (or ``count`` backs) centred on ``cx``, overlapping to fit ``max_width``."""
    total = len(pieces) if pieces is not None else count
    if total == 0:
        return []
    w, _ = piece_size(pieces[0] if pieces else None, card=card)
    w *= scale
    step = w + 3 * scale if pieces is not None else w * 0.4
    if total > 1 and step * (total - 1) + w > max_width:
        step = max((max_width - w) / (total - 1), 2.0)
    left = cx - (step * (total - 1) + w) / 2
    if pieces is not None:
        return [piece_svg(p, left + i * step, top, scale) for i, p in enumerate(pieces)]
    return [back_svg(left + i * step, top, scale, card=card) for i in range(total)]


def _uses_cards(scene: Scene) -> bool:
    for seat in scene.seats:
        for piece in seat.hand or ():
            return not isinstance(piece, Domino)
    for _, piece in scene.trick:
        return not isinstance(piece, Domino)
    return scene.title != "Texas 42"


def _seat(seat: SeatScene, anchor: tuple[float, float, float], n: int, scene: Scene) -> list[str]:
    x, y, angle = anchor
    bottom = scene.viewer is not None and seat.seat == scene.viewer
    vertical = abs(math.sin(angle)) > 0.9
    room = 2 * math.pi * math.sqrt((_SEAT_RX**2 + _SEAT_RY**2) / 2) / n * 0.85
    max_width = 600.0 if bottom else min(600.0 if vertical else 220.0, room)
    max_width = min(max_width, 2 * min(x - _MARGIN, _PANEL_X - 16 - x))
    card = _uses_cards(scene)
    scale = 1.0 if bottom else (0.72 if seat.face_up else 0.55)
    _, h = piece_size(None, card=card)
    top = y - 42 if not bottom else y - 60
    acting = seat.seat == scene.to_act
    name = seat.name + (" (you)" if bottom else "")
    label = " · ".join((name, *seat.tags))
    what = "tile" if not card else "card"
    counted = f"{seat.count} {what}{'' if seat.count == 1 else 's'}"
    second = ", ".join(p for p in (counted, seat.score) if p)
    out = [f'<g class="seat" data-seat="{seat.seat}">']
    width = max(len(label) * 8.2, len(second) * 6.4) + 16
    lx = min(max(x, _MARGIN + width / 2), _PANEL_X - 16 - width / 2)
    if acting:
        out.append(
            f'<rect x="{num(lx - width / 2)}" y="{num(top - 16)}" width="{num(width)}" '
            f'height="20" rx="10" fill="#ffd54f" opacity="0.8"/>'
        )
    out.append(_text(lx, top, label, weight="bold", size=13))
    out.append(_text(lx, top + 15, second, size=11, fill="#444"))
    out.extend(
        _row(seat.hand, seat.count, card, cx=x, top=top + 22, scale=scale, max_width=max_width)
    )
    if seat.laid:
        out.extend(_laid(seat.laid, x, top + 24 + h * scale + 4, max_width))
    out.append("</g>")
    return out


def _laid(sets: tuple[tuple[Piece, ...], ...], cx: float, top: float, width: float) -> list[str]:
    """Quartets' sets laid down: one small badge per set, with its four cards named."""
    per_row = max(1, int(width // 22))
    out = []
    for i, group in enumerate(sets):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(sets) - row * per_row)
        x = cx - in_row * 22 / 2 + col * 22
        y = top + row * 28
        first = group[0]
        rank = str(first)[0] if not isinstance(first, Domino) else str(first)
        rank = "10" if rank == "T" else rank
        names = " ".join(str(p) for p in group)
        out.append(
            f'<g class="set" data-pieces="{attr(names)}"><title>{escape(names)}</title>'
            f'<rect x="{num(x)}" y="{num(y)}" width="20" height="25" rx="3" fill="#fffdf7" '
            f'stroke="#555"/>'
            + _text(x + 10, y + 13, rank, size=11, weight="bold")
            + _text(x + 10, y + 22, "♣♦♥♠", size=5.5, fill="#a33")
            + "</g>"
        )
    return out


def _trick(scene: Scene, anchors: dict[int, tuple[float, float, float]]) -> list[str]:
    out = []
    for order, (seat, piece) in enumerate(scene.trick):
        ax, ay, _ = anchors[seat]
        w, h = piece_size(piece)
        scale = 0.85
        x = _CX + (ax - _CX) * 0.42 - w * scale / 2
        y = _CY + (ay - _CY) * 0.42 - h * scale / 2
        out.append(f'<g class="played" data-seat="{seat}">')
        out.append(piece_svg(piece, x, y, scale))
        out.append(
            _text(
                x + w * scale / 2,
                y + h * scale + 12,
                f"seat {seat}" + (" led" if order == 0 else ""),
                size=10,
                fill="#f4f1e8",
            )
        )
        out.append("</g>")
    return out


def _panel(scene: Scene) -> list[str]:
    x = _PANEL_X
    out = [
        f'<rect x="{num(x - 8)}" y="8" width="{num(_PANEL_W + 8)}" height="{num(HEIGHT - 16)}" '
        f'rx="10" fill="#fffaf0" stroke="#c9bfa6"/>',
        _text(x + 4, 40, scene.title, size=20, anchor="start", weight="bold"),
    ]
    who = "every hand face up" if scene.viewer is None else f"seat {scene.viewer}'s view"
    out.append(_text(x + 4, 60, who, size=12, anchor="start", fill="#555"))
    turn = f"seat {scene.to_act} to act" if scene.to_act is not None else ""
    out.append(
        _text(
            x + 4,
            80,
            " · ".join(p for p in (scene.phase, turn) if p),
            size=12,
            anchor="start",
            fill="#555",
        )
    )
    y = 106.0
    for label, value in scene.facts:
        lines = textwrap.wrap(f"{label}: {_together(value)}", _WRAP) or [label]
        for line in lines:
            out.append(_text(x + 4, y, line, size=12, anchor="start", cls="fact"))
            y += 16
        y += 3
    if scene.last_trick is not None:
        y += 10
        plays, winner = scene.last_trick
        out.append(
            _text(
                x + 4,
                y,
                f"last trick, won by seat {winner}",
                size=12,
                anchor="start",
                weight="bold",
            )
        )
        y += 8
        for i, (seat, piece) in enumerate(plays[:9]):
            w, h = piece_size(piece)
            scale = 0.55
            px = x + 4 + i * (w * scale + 6)
            out.append(piece_svg(piece, px, y, scale))
            out.append(_text(px + w * scale / 2, y + h * scale + 11, str(seat), size=10))
        y += 66 * 0.55 + 26
    for pile in scene.piles:
        out.extend(_pile(pile, x + 4, y, scene))
        y += 70
    return out


def _together(text: str) -> str:
    """Keep ``seat 3`` and ``seats 0 & 2`` on one line when a fact wraps."""
    return re.sub(_SEATS, lambda m: m[0].translate(_KEEP_TOGETHER), text)


def _pile(pile: Pile, x: float, y: float, scene: Scene) -> list[str]:
    card = _uses_cards(scene)
    what = "card" if card else "tile"
    out = [
        _text(
            x,
            y + 12,
            f"{pile.name}: {pile.count} {what}{'' if pile.count == 1 else 's'}",
            size=12,
            anchor="start",
            weight="bold",
        )
    ]
    if pile.pieces:
        w, _ = piece_size(pile.pieces[0])
        cx = x + (len(pile.pieces) * (w + 3) * 0.6) / 2
        out.extend(_row(pile.pieces, 0, card, cx=cx, top=y + 20, scale=0.6, max_width=230))
    else:
        shown = min(pile.count, 6)
        out.extend(back_svg(x + i * 3, y + 20 - i * 1, 0.6, card=card) for i in range(shown))
    return out
