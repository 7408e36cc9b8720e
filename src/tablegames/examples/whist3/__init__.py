"""Three-handed whist: a small complete game on the trick core, built with :mod:`tablegames.kit`.

Three players, each for themself; a 24-card deck (nine to ace in four suits), eight cards each;
no bidding and no trump: follow suit if you can, the highest card of the suit led takes the
trick, the winner leads the next. A match is ``Rules.hands`` hands (three: everyone deals once);
whoever takes the most tricks wins (ties share the win). docs/writing-a-game.md walks through
the code.

>>> import random
>>> from tablegames.kit import play_randomly, register_game
>>> from tablegames.examples import whist3
>>> final = play_randomly(whist3.new_match(), random.Random(3))
>>> final.is_over, sum(final.scores)
(True, 24)
"""

from tablegames.kit import Game

from .actions import DECK, MODEL, Action, action_space, parse_action
from .rules import SEATS, Rules
from .state import Phase, Whist3State, Whist3View, new_match

GAME: Game[Whist3State, Rules] = Game(
    name="whist3",
    title="Three-handed whist",
    deck=DECK,
    rules_type=Rules,
    new_match=new_match,
    parse_action=parse_action,
    action_space=action_space,
    seats=lambda rules: SEATS,
)
"""The descriptor: register it with ``register_game(GAME)`` to use the CLI and records."""

__all__ = [
    "DECK",
    "GAME",
    "MODEL",
    "SEATS",
    "Action",
    "Phase",
    "Rules",
    "Whist3State",
    "Whist3View",
    "action_space",
    "new_match",
    "parse_action",
]
