"""Preference views as JSON-ready data in the notation (schema in ``docs/views.md``).

>>> import random
>>> from tablegames import preference
>>> state = preference.new_match()
>>> state = state.apply(state.chance_outcome(random.Random(0)))
>>> data = view_dict(state.view(1))
>>> data["phase"], len(data["hand"]), data["widow"], data["legal_actions"]
('bid', 10, [], ['pass', 'bid S', 'bid C', 'bid D', 'bid H'])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablegames.core.wire import actions_text, plain, rules_dict, trick_now, tricks_done
from tablegames.pieces.cards import Suit

if TYPE_CHECKING:
    from .state import DealResult, PreferenceView


def call_text(call: Suit | None) -> str:
    """A round-one call as notation: ``pass`` or ``bid H``.

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
    """A finished deal as a dict."""
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


def view_dict(view: PreferenceView) -> dict[str, Any]:
    """``view`` as JSON-ready data: see the Preference schema in ``docs/views.md``."""
    return {
        "game": "preference",
        "seat": view.seat,
        "phase": view.phase.value,
        "to_act": view.to_act,
        "dealer": view.dealer,
        "active": list(view.active),
        "hand": plain(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "widow": plain(view.widow),
        "widow_size": view.widow_size,
        "discards": plain(view.discards),
        "discards_size": view.discards_size,
        "calls": [call_text(c) for c in view.calls],
        "offers": [offer_text(o) for o in view.offers],
        "declarer": view.declarer,
        "trump": plain(view.trump),
        "trick": trick_now(view.trick),
        "tricks": tricks_done(view.tricks),
        "tricks_won": list(view.tricks_won),
        "stacks": list(view.stacks),
        "pot": view.pot,
        "results": [result_dict(r) for r in view.results],
        "legal_actions": actions_text(view.legal_actions),
        "rules": rules_dict(view.rules),
    }
