"""Texas 42's pieces of the notation that views, results and start positions are written in
(a view's own JSON form is :func:`tablegames.texas42.view.view_dict`).

>>> trump_word(5), call_text(0), result_dict(HandResult(0, None, 0, None, (0, 0), (0, 0), None,
...     (0, 0)))["trump"]
('5', 'pass', None)
"""

from __future__ import annotations

from typing import Any

from tablegames.pieces.dominoes import DOMINOES

from .contracts import LAST_TRUMP
from .contracts import trump_word as special_word
from .hand import HandResult
from .trumps import DOUBLES, NO_TRUMP


def trump_word(trump: int | None) -> str | None:
    """The word after ``trump`` in the notation: ``0``..``6``, ``doubles``, ``none``, or for the
    special contracts ``nello suit``, ``nello high``, ``nello low`` and ``sevens``.

    >>> trump_word(5), trump_word(7), trump_word(8), trump_word(None), trump_word(12)
    ('5', 'doubles', 'none', None, 'sevens')
    """
    if trump is None:
        return None
    if NO_TRUMP < trump <= LAST_TRUMP:
        return special_word(trump)
    return {DOUBLES: "doubles", NO_TRUMP: "none"}.get(trump, str(trump))


def call_text(call: int) -> str:
    """A call as notation: 0 is ``pass``, else ``bid N``.

    >>> call_text(0), call_text(31)
    ('pass', 'bid 31')
    """
    return "pass" if call == 0 else f"bid {call}"


def result_dict(result: HandResult) -> dict[str, Any]:
    """A finished hand as a dict (sides: 0 is seats 0 and 2, 1 is seats 1 and 3); a plunge or
    splash adds ``"contract"``.

    >>> result_dict(HandResult(0, 1, 30, 5, (30, 12), (5, 2), True, (30, 12)))["points"]
    [30, 12]
    """
    out = {
        "dealer": result.dealer,
        "bidder": result.bidder,
        "bid": result.bid,
        "trump": trump_word(result.trump),
        "points": list(result.points),
        "tricks": list(result.tricks),
        "made": result.made,
        "score": list(result.score),
        "played": [
            {
                "led_by": t.leader,
                "pieces": [str(DOMINOES[p]) for p in t.pieces],
                "winner": t.winner,
            }
            for t in result.played
        ],
    }
    if result.contract != "bid":
        out["contract"] = result.contract
    return out
