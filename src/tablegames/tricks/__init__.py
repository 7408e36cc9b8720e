"""The generic trick-taking core shared by Texas 42, Ninety-Two and Preference.

- :mod:`~tablegames.tricks.model`: what a game tells the core about suits, ranks and trump;
- :mod:`~tablegames.tricks.follow`: the follow-suit rule (legal plays and its violation);
- :mod:`~tablegames.tricks.winner`: who takes a trick;
- :mod:`~tablegames.tricks.table`: turn order, tricks and pieces won per seat;
- :mod:`~tablegames.tricks.stock`: refilling hands from a stock.
"""

from .follow import legal_plays, play_violation
from .model import SpecialWinner, TrickModel, card_of, plain_card_model
from .stock import draw_round
from .table import Trick, TrickTable, revealed_voids
from .winner import trick_winner

__all__ = [
    "SpecialWinner",
    "Trick",
    "TrickModel",
    "TrickTable",
    "card_of",
    "draw_round",
    "legal_plays",
    "plain_card_model",
    "play_violation",
    "revealed_voids",
    "trick_winner",
]
