"""Positions worth a picture: a seeded random match stopped after some actions.

>>> from tablegames import texas42
>>> state = position(texas42.GAME, texas42.Rules(), seed=1)
>>> len(state.view(0).trick) >= 2
True
>>> len(position(texas42.GAME, texas42.Rules(), seed=1, step=3).history)
3
"""

from __future__ import annotations

import random
from typing import Any, TypeVar

from tablegames.core.game import Game, GameState, random_action

S = TypeVar("S", bound=GameState[Any])
R = TypeVar("R")

_LIMIT = 100_000
_ASKS = 8


def position(game: Game[S, R], rules: R, seed: int, step: int | None = None) -> S:
    """Play ``game`` with random players from ``seed``: stop after ``step`` actions (chance
    steps included) or at the end of the match; with no ``step``, at the first moment worth
    a look (two or more pieces on the trick, or eight asks made in Quartets).

    >>> from tablegames import quartets
    >>> len(position(quartets.GAME, quartets.Rules(players=3), seed=2).view(0).asks)
    8
    """
    rng = random.Random(seed)
    state = game.new_match(rules)
    for done in range(_LIMIT if step is None else step):
        if state.is_over or (step is None and done and _worth_a_look(state)):
            break
        state = state.apply(random_action(state, rng))
    return state


def _worth_a_look(state: S) -> bool:
    view = state.view(0)
    trick = getattr(view, "trick", ())
    asks = getattr(view, "asks", ())
    return len(trick) >= 2 or len(asks) >= _ASKS
