"""Preference's pieces of the notation that views, results and start positions are written in
(a view's own JSON form is :func:`tablegames.preference.view.view_dict`).

>>> call_text(None), offer_text(3)
('pass', 'offer 3')
"""

from __future__ import annotations

from typing import Any

from tablegames.core.wire import plain

from .deal import DealResult
from .rules import Contract


def call_text(call: Contract | None) -> str:
    """A round-one call as notation: ``pass`` or ``bid H``.

    >>> from tablegames.pieces import Suit
    >>> call_text(None), call_text(Suit.HEARTS)
    ('pass', 'bid H')
    """
    return "pass" if call is None else f"bid {call.letter}"


def offer_text(chips: int) -> str:
    """A round-two call as notation: 0 is ``pass``, else ``offer N``.

    >>> offer_text(0), offer_text(3)
    ('pass', 'offer 3')
    """
    return "pass" if chips == 0 else f"offer {chips}"


def result_dict(result: DealResult) -> dict[str, Any]:
    """A finished deal as a dict.

    >>> from tablegames.pieces import Suit
    >>> result_dict(DealResult(1, 0, 2, Suit.CLUBS, 0, (0, 6, 4, 0), True, 2, (95, 95, 97, 95),
    ...     18))["trump"]
    'C'
    """
    return {
        "number": result.number,
        "dealer": result.dealer,
        "declarer": result.declarer,
        "trump": plain(result.trump),
        "offer": result.offer,
        "tricks": list(result.tricks),
        "made": result.made,
        "chips": result.chips,
        "stacks": list(result.stacks),
        "pot": result.pot,
    }
