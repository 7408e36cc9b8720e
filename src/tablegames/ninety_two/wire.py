"""Ninety-Two views as JSON-ready data in the notation (schema in ``docs/views.md``).

>>> import random
>>> from tablegames import ninety_two
>>> state = ninety_two.new_match()
>>> state = state.apply(state.chance_outcome(random.Random(0)))
>>> data = view_dict(state.view(1))
>>> data["phase"], len(data["hand"]), data["stock_size"], data["legal_actions"][:2]
('bid', 4, 36, ['pass', 'bid 1 C'])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablegames.core.wire import actions_text, plain, rules_dict, trick_now, tricks_done

if TYPE_CHECKING:
    from .state import DealResult, NinetyTwoView


def result_dict(result: DealResult) -> dict[str, Any]:
    """A finished deal as a dict."""
    return {
        "dealer": result.dealer,
        "bidder": result.bidder,
        "bid": None if result.bid is None else str(result.bid),
        "team": list(result.team),
        "tricks": list(result.tricks),
        "made": result.made,
        "score": list(result.score),
    }


def view_dict(view: NinetyTwoView) -> dict[str, Any]:
    """``view`` as JSON-ready data: see the Ninety-Two schema in ``docs/views.md``."""
    return {
        "game": "ninety-two",
        "seat": view.seat,
        "players": view.players,
        "phase": view.phase.value,
        "to_act": view.to_act,
        "dealer": view.dealer,
        "hand": plain(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "stock_size": view.stock_size,
        "dead_count": view.dead_count,
        "calls": actions_text(view.calls),
        "high": None if view.high is None else str(view.high),
        "bidder": view.bidder,
        "partners": list(view.partners),
        "trick": trick_now(view.trick),
        "tricks": tricks_done(view.tricks),
        "won": list(view.won),
        "scores": list(view.scores),
        "results": [result_dict(r) for r in view.results],
        "legal_actions": actions_text(view.legal_actions),
        "rules": rules_dict(view.rules),
    }
