"""Quartets views as JSON-ready data in the notation (schema in ``docs/views.md``).

>>> import random
>>> from tablegames import quartets
>>> state = quartets.new_match(quartets.Rules(players=3))
>>> state = state.apply(state.chance_outcome(random.Random(0)))
>>> data = view_dict(state.view(1))
>>> data["phase"], data["hand_sizes"], data["asks"]
('ask', [17, 14, 17], [])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablegames.collecting.asking import Asked
from tablegames.core.wire import actions_text, rules_dict
from tablegames.pieces.cards import CARDS
from tablegames.pieces.sets import bits

if TYPE_CHECKING:
    from .state import QuartetsView


def cards_text(mask: int) -> list[str]:
    """The cards of a mask, as text in index order.

    >>> cards_text(0b101)
    ['2C', '4C']
    """
    return [str(CARDS[i]) for i in bits(mask)]


def ask_text(asked: Asked) -> str:
    """The ask as it was written: ``ask 3 8S`` for one card, ``ask 3 8`` for a rank.

    >>> ask_text(Asked(0, 3, wanted=1 << 6, given=0, laid=0))
    'ask 3 8C'
    """
    wanted = cards_text(asked.wanted)
    if len(wanted) == 1:
        return f"ask {asked.target} {wanted[0]}"
    return f"ask {asked.target} {wanted[0][:-1]}"


def asked_dict(asked: Asked) -> dict[str, Any]:
    """One ask with what it brought: the cards handed over and the cards then laid down."""
    return {
        "asker": asked.asker,
        "ask": ask_text(asked),
        "given": cards_text(asked.given),
        "laid": cards_text(asked.laid),
    }


def view_dict(view: QuartetsView) -> dict[str, Any]:
    """``view`` as JSON-ready data: see the Quartets schema in ``docs/views.md``."""
    return {
        "game": "quartets",
        "seat": view.seat,
        "phase": view.phase.value,
        "to_act": view.to_act,
        "dealer": view.dealer,
        "hand": [str(c) for c in view.hand],
        "hand_sizes": list(view.hand_sizes),
        "laid": [[str(c) for c in sets] for sets in view.laid],
        "asks": [asked_dict(a) for a in view.asks],
        "points": list(view.points),
        "scores": list(view.scores),
        "results": [{"dealer": r.dealer, "points": list(r.points)} for r in view.results],
        "legal_actions": actions_text(view.legal_actions),
        "rules": rules_dict(view.rules),
    }
