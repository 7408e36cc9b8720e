"""A plain demo for any registered game: random players, every action in notation.

The built-in games tell their demo hand by hand (``tablegames.texas42.demo`` and so on); a game
registered from elsewhere is shown by :func:`narrate_any`.

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

from tablegames.core.actions import Deal
from tablegames.core.game import Game, random_action


def narrate_any(game: Game[Any, Any], rules: Any, seed: int) -> Iterator[str]:
    """Yield the lines of a match of ``game`` under ``rules`` played by random players: the
    title, one line per action (``seat 1: play AS``; a deal shows as ``deal``), the winners.

    >>> from tablegames import quartets
    >>> lines = list(narrate_any(quartets.GAME, quartets.Rules(players=2, deals=1), seed=1))
    >>> lines[1], lines[2].startswith("seat ")
    ('deal', True)
    """
    rng = random.Random(seed)
    state = game.new_match(rules)
    yield f"{game.title} — random players, seed {seed}."
    while not state.is_over:
        seat = state.to_act
        action = random_action(state, rng)
        yield "deal" if isinstance(action, Deal) else f"seat {seat}: {action}"
        state = state.apply(action)
    winners = state.winners
    label = "Winners: seats" if len(winners) > 1 else "Winner: seat"
    yield f"{label} {' and '.join(map(str, winners))}."
