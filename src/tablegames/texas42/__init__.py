"""Texas 42: partnership dominoes, bids of 30 to 42, 84 and 168, count tiles, game to 250.

>>> import random
>>> from tablegames import texas42
>>> from tablegames.core import play_randomly
>>> final = play_randomly(texas42.new_match(), random.Random(7))
>>> final.is_over, len(final.winners)
(True, 2)
"""

from tablegames.core.actions import PASS, Deal, Pass, Play
from tablegames.core.game import Game
from tablegames.core.package_game import package_game
from tablegames.pieces.dominoes import DOUBLE_SIX

from . import actions, state
from .actions import Action, Bid, SpecialBid, Trump, action_space, parse_action
from .bidding import legal_bids
from .rules import Rules
from .scoring import settle
from .state import (
    HandResult,
    Phase,
    Texas42State,
    Texas42View,
    deal_of,
    new_match,
    side_of,
)

GAME: Game[Texas42State, Rules] = package_game(
    "texas42", "Texas 42", DOUBLE_SIX, Rules, actions=actions, state=state
)
"""The Texas 42 game descriptor (for records, JSON and the conformance checks)."""

__all__ = [
    "GAME",
    "PASS",
    "Action",
    "Bid",
    "Deal",
    "HandResult",
    "Pass",
    "Phase",
    "Play",
    "Rules",
    "SpecialBid",
    "Texas42State",
    "Texas42View",
    "Trump",
    "action_space",
    "deal_of",
    "legal_bids",
    "new_match",
    "parse_action",
    "settle",
    "side_of",
]
