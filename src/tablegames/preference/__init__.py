"""Preference, the 4-player whist variant: the dealer sits out, the other three bid a trump suit
(or offer chips for the right to name it and take the widow), and the declarer must take 6 of
10 tricks to win chips from the pot.

>>> import random
>>> from tablegames import preference
>>> from tablegames.core import play_randomly
>>> final = play_randomly(preference.new_match(preference.Rules(deals=4)), random.Random(7))
>>> final.is_over, sum(final.stacks) + final.pot
(True, 400)
"""

from tablegames.core.actions import PASS, Deal, Pass, Play
from tablegames.core.game import Game
from tablegames.core.package_game import package_game
from tablegames.pieces.cards import DECK_32

from . import actions, state
from .actions import KEEP, Action, Bid, Discard, Keep, Offer, Trump, action_space, parse_action
from .rules import SUIT_ORDER, SUIT_RANK, Rules
from .scoring import match_winners, settle
from .state import (
    DealResult,
    Phase,
    PreferenceState,
    PreferenceView,
    active_seats,
    deal_of,
    first_leader,
    new_match,
)

GAME: Game[PreferenceState, Rules] = package_game(
    "preference", "Preference", DECK_32, Rules, actions=actions, state=state
)
"""The Preference game descriptor (for records, JSON and the conformance checks).

>>> GAME.name, str(GAME.parse_action("discard 7S 8S"))
('preference', 'discard 7S 8S')
"""

__all__ = [
    "GAME",
    "KEEP",
    "PASS",
    "SUIT_ORDER",
    "SUIT_RANK",
    "Action",
    "Bid",
    "Deal",
    "DealResult",
    "Discard",
    "Keep",
    "Offer",
    "Pass",
    "Phase",
    "Play",
    "PreferenceState",
    "PreferenceView",
    "Rules",
    "Trump",
    "action_space",
    "active_seats",
    "deal_of",
    "first_leader",
    "match_winners",
    "new_match",
    "parse_action",
    "settle",
]
