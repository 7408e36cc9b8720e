"""The generic trick-taking core shared by Texas 42, Ninety-Two and Preference.

- :mod:`~tablegames.tricks.play`: the play engine, written once: legal plays, the play step
  and its refusals, the end of a trick, the end of the hand handed to the game
  (:class:`~tablegames.tricks.play.TrickPlay`, made from a game's
  :class:`~tablegames.tricks.hooks.PlayHooks` and, for a solver, its
  :class:`~tablegames.tricks.hooks.Valuation`);
- :mod:`~tablegames.tricks.hooks`: what a game tells the engine, and what it tells a solver;
- :mod:`~tablegames.tricks.model`: what a game tells the core about suits, ranks and trump;
- :mod:`~tablegames.tricks.follow`: the play rule (the lead, following, a forced order): legal
  plays, its violation, and what a play reveals;
- :mod:`~tablegames.tricks.winner`: who takes a trick;
- :mod:`~tablegames.tricks.finished`: the trick a move finished, read from a seat's views before
  and after it (the last trick of a hand too, which the view after it no longer shows);
- :mod:`~tablegames.tricks.table`: turn order, the trick in progress, and tricks and pieces won
  per seat (:class:`~tablegames.tricks.table.TrickTable`, the public record of a hand's play);
- :mod:`~tablegames.tricks.tally`: the same as a state carries it on from trick to trick cheaply
  (:class:`~tablegames.tricks.tally.TrickTally`, shared by every state of a trick), the table
  built when asked for, and folds of the finished tricks for views;
- :mod:`~tablegames.tricks.stock`: refilling hands from a stock.
"""

from .follow import legal_plays, play_violation, reveals
from .hooks import PlayHooks, Valuation, one_trick
from .model import SpecialWinner, TrickModel, card_of, plain_card_model
from .play import PlaySlots, Position, TrickPlay, TrickRulesError
from .stock import draw_round
from .table import Trick, TrickTable, revealed_voids, turn_order
from .tally import Seating, TrickTally
from .winner import leading_position, trick_winner

__all__ = [
    "PlayHooks",
    "PlaySlots",
    "Position",
    "Seating",
    "SpecialWinner",
    "Trick",
    "TrickModel",
    "TrickPlay",
    "TrickRulesError",
    "TrickTable",
    "TrickTally",
    "Valuation",
    "card_of",
    "draw_round",
    "leading_position",
    "legal_plays",
    "one_trick",
    "plain_card_model",
    "play_violation",
    "revealed_voids",
    "reveals",
    "trick_winner",
    "turn_order",
]
