"""The demo of any game: random players, the story of the match as terminal play tells it.

:func:`narrate_any` tells what :func:`tablegames.render.story.told` tells a spectator: every
hand after each deal, the calls, each trick and who took it, each result in the game's words
(a game built on one of the four, with house rules, in that game's words); any other game
each move in its notation.

>>> from tablegames import texas42
>>> lines = list(narrate_any(texas42.GAME, texas42.Rules(target=20), seed=2))
>>> lines[0]
'Texas 42 — random players, seed 2.'
>>> lines[-1].startswith("Winners: seats ")
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from tablegames.core.game import Game, random_action
from tablegames.render.story import told


def narrate_any(
    game: Game[Any, Any], rules: object, seed: int, *, ascii: bool = False
) -> Iterator[str]:
    """Yield the lines of a match of ``game`` under ``rules`` played by random players: the
    title, the story of every move (each deal with every hand, the calls, the tricks and who
    took them, each result), the winners.

    >>> from tablegames import quartets
    >>> lines = list(narrate_any(quartets.GAME, quartets.Rules(players=2, deals=1), seed=1))
    >>> lines[2], lines[3].startswith("  seat 0 holds ")
    ('Deal 1: seat 0 deals.', True)
    >>> from tablegames.examples.whist3 import GAME as WHIST3
    >>> lines = list(narrate_any(WHIST3, WHIST3.rules_type(), seed=1))
    >>> lines[1], lines[2].startswith("seat ")
    ('deal', True)
    """
    rng = random.Random(seed)
    state = game.new_match(rules)
    yield f"{game.title} — random players, seed {seed}."
    while not state.is_over:
        action = random_action(state, rng)
        before, state = state, state.apply(action)
        yield from told(before, action, state, ascii=ascii)
    winners = state.winners
    label = "Winners: seats" if len(winners) > 1 else "Winner: seat"
    yield f"{label} {' and '.join(map(str, winners))}."
