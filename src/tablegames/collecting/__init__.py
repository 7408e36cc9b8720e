"""The generic set-collecting core: players ask each other for pieces and lay down sets.

It knows no game: a game supplies a :class:`SetModel` (which pieces make up each set) and the
core does the rest, for sets of any size.

- :mod:`~tablegames.collecting.model`: the set model a game supplies;
- :mod:`~tablegames.collecting.hands`: dealing one piece at a time and laying down whole sets;
- :mod:`~tablegames.collecting.asking`: who may ask whom for what, handing over, the public record;
- :mod:`~tablegames.collecting.turns`: who asks first and next, and dropping out with no pieces;
- :mod:`~tablegames.collecting.reveal`: what the asks reveal about how the pieces were dealt;
- :mod:`~tablegames.collecting.sampling`: drawing a deal that fits that knowledge.

>>> from tablegames.pieces import CARDS, CARD_UNIVERSE
>>> pairs = set_model(CARD_UNIVERSE, CARDS, key=lambda c: (c.rank, c.suit.colour))
>>> hands, _ = lay_down_all(deal_round(range(52), players=2, first=0), pairs)
>>> sum(bin(h).count("1") for h in hands)    # this order deals no pair complete
52
"""

from .asking import Asked, AskKind, ask, ask_violation, askable_pieces, askable_sets
from .hands import deal_round, hand_sizes, holders, lay_down, lay_down_all
from .model import SetModel, set_model
from .reveal import Knowledge, knowledge
from .sampling import sample_deal
from .turns import TurnPass, first_asker, next_asker, next_holder

__all__ = [
    "AskKind",
    "Asked",
    "Knowledge",
    "SetModel",
    "TurnPass",
    "ask",
    "ask_violation",
    "askable_pieces",
    "askable_sets",
    "deal_round",
    "first_asker",
    "hand_sizes",
    "holders",
    "knowledge",
    "lay_down",
    "lay_down_all",
    "next_asker",
    "next_holder",
    "sample_deal",
    "set_model",
]
