"""The table as a few lines of text, drawn from the same scene as the SVG picture: what
``str(state)`` and ``str(view)`` print (in plain notation, the way python-chess's
``str(board)`` draws a board) and what ``look`` shows in terminal play (with suit symbols
and tiles as ``[6|4]``).

A view's table shows that seat's own hand and only counts of the others; a full state's
shows every hand.

>>> from tablegames import texas42
>>> state = texas42.new_match().apply(texas42.deal_of(["6:6 6:5 6:4 6:3 6:2 6:1 6:0",
...     "5:5 5:4 5:3 5:2 5:1 5:0 4:4", "4:3 4:2 4:1 4:0 3:3 3:2 3:1",
...     "3:0 2:2 2:1 2:0 1:1 1:0 0:0"]))
>>> for text in ("bid 30", "pass", "pass", "pass", "trump 5", "play 5:5"):
...     state = state.apply(texas42.parse_action(text))
>>> print(state.view(2))
Texas 42 · play · seat 2 to act · seen by seat 2
  trump: fives
  contract: bid 30 by seat 1
  this hand: seats 0 & 2: 0 points, seats 1 & 3: 0
  score: seats 0 & 2: 0, seats 1 & 3: 0
  seat 0: dealer · pass · 7 tiles
  seat 1: bid 30 · 6 tiles
  seat 2 (you): to act · pass · 7 tiles: 3:1 3:2 3:3 4:0 4:1 4:2 4:3
  seat 3: pass · 7 tiles
  trick: seat 1 5:5
"""

from __future__ import annotations

from collections.abc import Iterable

from .games import scene_of
from .scene import Scene, SeatScene
from .text import piece_text, pieces_text, plural

__all__ = ["table_lines", "table_text"]


def table_lines(subject: object, *, ascii: bool = True, heading: bool = True) -> list[str]:
    """The lines of the table of a view or of a full state: the game, the phase and who acts
    (with ``heading``), the facts (trump, contract, scores), each seat (its tags, its count of
    pieces, its score, its hand when shown), the trick so far and the last one, the piles.
    Pieces are in plain notation with ``ascii``, else with suit symbols and tiles as ``[6|4]``.

    >>> from tablegames import quartets
    >>> table_lines(quartets.new_match(quartets.Rules(players=3)))[:2]
    ['Quartets · deal', '  seat 0: dealer · 0 cards · 0 points']
    """
    scene = scene_of(subject)
    noun = "tile" if scene.title == "Texas 42" else "card"
    lines = [_heading(scene)] if heading else []
    lines.extend(f"  {label}: {value}" for label, value in scene.facts)
    lines.extend(_seat_line(scene, seat, noun, ascii) for seat in scene.seats)
    if scene.trick:
        lines.append(f"  trick: {_plays(scene.trick, ascii)}")
    if scene.last_trick is not None:
        plays, winner = scene.last_trick
        lines.append(f"  last trick: {_plays(plays, ascii)}; won by seat {winner}")
    for pile in scene.piles:
        known = f": {pieces_text(pile.pieces, ascii=ascii)}" if pile.pieces else ""
        lines.append(f"  {pile.name}: {plural(pile.count, noun)}{known}")
    return [line.translate(_PLAIN) for line in lines] if ascii else lines


def table_text(subject: object) -> str:
    """:func:`table_lines` as one text in plain notation: ``str()`` of every state and view.

    >>> from tablegames import ninety_two
    >>> print(table_text(ninety_two.new_match()).splitlines()[0])
    Ninety-Two, 4 players · deal
    """
    return "\n".join(table_lines(subject))


def _heading(scene: Scene) -> str:
    parts = [scene.title, scene.phase]
    if scene.to_act is not None:
        parts.append(f"seat {scene.to_act} to act")
    if scene.viewer is not None:
        parts.append(f"seen by seat {scene.viewer}")
    return " · ".join(parts)


def _seat_line(scene: Scene, seat: SeatScene, noun: str, ascii: bool) -> str:
    you = " (you)" if seat.seat == scene.viewer else ""
    held = plural(seat.count, noun)
    if seat.hand is not None and seat.hand:
        held += f": {pieces_text(seat.hand, ascii=ascii)}"
    parts = [*seat.tags, held, *([seat.score] if seat.score else [])]
    if seat.laid:
        sets = " ".join(piece_text(group[0], ascii=True)[0] for group in seat.laid)
        parts.append(f"sets laid: {sets}")
    return f"  seat {seat.seat}{you}: {' · '.join(parts)}"


def _plays(plays: Iterable[tuple[int, object]], ascii: bool) -> str:
    return ", ".join(f"seat {s} {piece_text(p, ascii=ascii)}" for s, p in plays)


_PLAIN = str.maketrans("♣♦♥♠", "CDHS")
"""Suit symbols to notation letters, for ``ascii`` (the facts name trumps with symbols)."""
