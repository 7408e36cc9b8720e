"""Ninety-Two: 4, 6 or 8 players, four-card hands refilled from the stock, exact bids with
partners named by the high bidder, the duplicate two, game to 92.

>>> import random
>>> from tablegames import ninety_two
>>> from tablegames.core import play_randomly
>>> final = play_randomly(ninety_two.new_match(ninety_two.Rules(players=6)), random.Random(7))
>>> final.is_over, max(final.scores) >= 92
(True, True)
"""

from tablegames.core.actions import PASS, Deal, Pass, Play
from tablegames.core.game import Game
from tablegames.core.package_game import package_game
from tablegames.pieces.cards import DECK_52

from . import actions, state
from .actions import Action, Bid, Partners, action_space, parse_action
from .bidding import bid_violation, legal_bids, legal_partner_sets, partners_violation
from .calling import deal_of
from .model import MODELS, duplicate_suit, duplicate_two, ninety_two_model
from .part import DealResult, Phase
from .rules import Rules
from .scoring import deal_scores, match_winners, settle
from .state import NinetyTwoState, NinetyTwoView, new_match

GAME: Game[NinetyTwoState, Rules] = package_game(
    "ninety-two", "Ninety-Two", DECK_52, Rules, actions=actions, state=state
)
"""The Ninety-Two game descriptor (for records, JSON and the conformance checks).

>>> GAME.name, GAME.title, len(GAME.deck)
('ninety-two', 'Ninety-Two', 52)
"""

__all__ = [
    "GAME",
    "MODELS",
    "PASS",
    "Action",
    "Bid",
    "Deal",
    "DealResult",
    "NinetyTwoState",
    "NinetyTwoView",
    "Partners",
    "Pass",
    "Phase",
    "Play",
    "Rules",
    "action_space",
    "bid_violation",
    "deal_of",
    "deal_scores",
    "duplicate_suit",
    "duplicate_two",
    "legal_bids",
    "legal_partner_sets",
    "match_winners",
    "new_match",
    "ninety_two_model",
    "parse_action",
    "partners_violation",
    "settle",
]
