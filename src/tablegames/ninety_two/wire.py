"""Ninety-Two's finished deals as JSON-ready data in the notation (views, records' start
positions; the views' schema is in ``docs/views.md``, their JSON in
:func:`~tablegames.ninety_two.view.view_dict`).

>>> from tablegames.pieces import Suit
>>> from tablegames.ninety_two import Bid, DealResult
>>> result_dict(DealResult(0, 1, Bid(2, Suit.HEARTS), (1, 3), (1, 1, 5, 6), True, (6, 0, 6, 0)))
... # doctest: +NORMALIZE_WHITESPACE
{'dealer': 0, 'bidder': 1, 'bid': 'bid 2 H', 'team': [1, 3], 'tricks': [1, 1, 5, 6],
 'made': True, 'score': [6, 0, 6, 0]}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .part import DealResult


def result_dict(result: DealResult) -> dict[str, Any]:
    """A finished deal as a dict.

    >>> from tablegames.ninety_two import DealResult
    >>> result_dict(DealResult(2, None, None, (), (0,) * 4, None, (0,) * 4))["bid"] is None
    True
    """
    return {
        "dealer": result.dealer,
        "bidder": result.bidder,
        "bid": None if result.bid is None else str(result.bid),
        "team": list(result.team),
        "tricks": list(result.tricks),
        "made": result.made,
        "score": list(result.score),
    }
