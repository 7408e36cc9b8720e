"""The parts of a Quartets view in the notation: cards and asks as JSON-ready data (the view's
schema is in ``docs/views.md``; ``QuartetsView.to_dict`` gives the whole view).

>>> import random
>>> from tablegames import quartets
>>> state = quartets.new_match(quartets.Rules(players=3))
>>> state = state.apply(state.chance_outcome(random.Random(0)))
>>> asked_dict(state.apply(quartets.parse_action("ask 2 2C")).view(1).asks[0])
{'asker': 1, 'ask': 'ask 2 2C', 'given': [], 'laid': []}
"""

from __future__ import annotations

from typing import Any

from tablegames.collecting.asking import Asked
from tablegames.pieces.cards import CARDS
from tablegames.pieces.sets import bits


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
