"""Quartets, also called Authors: ask the other players for cards and lay down sets of four.

>>> import random
>>> from tablegames import quartets
>>> from tablegames.core import play_randomly
>>> final = play_randomly(quartets.new_match(quartets.Rules(players=3)), random.Random(7))
>>> final.is_over, sum(final.scores), len(final.results)
(True, 39, 3)
"""

from tablegames.core.actions import Deal
from tablegames.core.game import Game
from tablegames.core.package_game import package_game
from tablegames.pieces.cards import DECK_52

from . import actions, state
from .actions import Action, Ask, AskRank, action_space, parse_action
from .model import RANK_NAMES, RANK_SETS
from .rules import Rules
from .state import (
    DealResult,
    Phase,
    QuartetsState,
    QuartetsView,
    deal_of,
    new_match,
)

GAME: Game[QuartetsState, Rules] = package_game(
    "quartets", "Quartets", DECK_52, Rules, actions=actions, state=state
)
"""The Quartets game descriptor (for records, JSON and the conformance checks)."""

__all__ = [
    "GAME",
    "RANK_NAMES",
    "RANK_SETS",
    "Action",
    "Ask",
    "AskRank",
    "Deal",
    "DealResult",
    "Phase",
    "QuartetsState",
    "QuartetsView",
    "Rules",
    "action_space",
    "deal_of",
    "new_match",
    "parse_action",
]
