"""The generic trick-taking core shared by Texas 42, Ninety-Two and Preference.

- :mod:`~tablegames.tricks.model`: what a game tells the core about suits, ranks and trump;
- :mod:`~tablegames.tricks.follow`: the follow-suit rule (legal plays and its violation);
- :mod:`~tablegames.tricks.winner`: who takes a trick;
- :mod:`~tablegames.tricks.table`: turn order, the trick in progress, and tricks and pieces won
  per seat (:class:`~tablegames.tricks.table.TrickTable`, the public record of a hand's play);
- :mod:`~tablegames.tricks.tally`: the same as a state carries it on from trick to trick cheaply
  (:class:`~tablegames.tricks.tally.TrickTally`, shared by every state of a trick), the table
  built when asked for; Texas 42, Ninety-Two and Preference keep their hand's tricks in one;
- :mod:`~tablegames.tricks.fold`: what the finished tricks add up to for views, worked out
  once per trick (:func:`~tablegames.tricks.fold.fold_finished`);
- :mod:`~tablegames.tricks.stock`: refilling hands from a stock.
"""

from .fold import fold_finished
from .follow import legal_plays, play_violation
from .model import (
    SpecialWinner,
    TrickModel,
    card_of,
    plain_card_model,
    publish_models,
    publish_recipe,
    published_model,
)
from .stock import draw_round
from .table import Trick, TrickTable, revealed_voids, turn_order
from .tally import Seating, TrickTally
from .winner import leading_position, trick_winner

__all__ = [
    "Seating",
    "SpecialWinner",
    "Trick",
    "TrickModel",
    "TrickTable",
    "TrickTally",
    "card_of",
    "draw_round",
    "fold_finished",
    "leading_position",
    "legal_plays",
    "plain_card_model",
    "play_violation",
    "publish_models",
    "publish_recipe",
    "published_model",
    "revealed_voids",
    "trick_winner",
    "turn_order",
]
