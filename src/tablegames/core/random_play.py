"""Random play: a random legal action (or the chance outcome), and a whole random match from a
state on. Tests, the benchmark and the pictures' positions play this way.

>>> import random
>>> from tablegames import texas42
>>> play_randomly(texas42.new_match(texas42.Rules(target=40)), random.Random(0)).is_over
True
"""

from __future__ import annotations

import random
from typing import Any, TypeVar

from .errors import TableGamesError
from .game_state import GameState
from .limits import MAX_ACTIONS

__all__ = ["play_randomly", "random_action", "random_states"]

A = TypeVar("A")
S = TypeVar("S", bound="GameState[Any]")


def random_action(state: GameState[A], rng: random.Random) -> A:
    """A chance outcome at a chance node, else a uniformly random legal action.

    >>> from tablegames import texas42
    >>> str(random_action(texas42.new_match(), random.Random(0))).split()[0]
    'deal'
    """
    if state.is_chance:
        return state.chance_outcome(rng)
    actions = state.legal_actions()
    if not actions:
        raise TableGamesError("nobody can act: the match is over")
    return actions[rng.randrange(len(actions))]


def play_randomly(state: S, rng: random.Random, max_steps: int = MAX_ACTIONS) -> S:
    """Play on with random actions until the match ends (or ``max_steps`` actions: by default
    the most a record holds).

    >>> from tablegames import texas42
    >>> play_randomly(texas42.new_match(texas42.Rules(target=40)), random.Random(0)).is_over
    True
    """
    for _ in range(max_steps):
        if state.is_over:
            break
        state = state.apply(random_action(state, rng))
    return state


def random_states(state: S, rng: random.Random, max_steps: int = MAX_ACTIONS) -> list[S]:
    """Every state of a random match from ``state`` on (``state`` first), played as
    :func:`play_randomly` plays it: the same random numbers give the same match.

    >>> from tablegames import texas42
    >>> states = random_states(texas42.new_match(texas42.Rules(target=40)), random.Random(0))
    >>> states[-1] == play_randomly(texas42.new_match(texas42.Rules(target=40)), random.Random(0))
    True
    """
    states = [state]
    for _ in range(max_steps):
        if state.is_over:
            break
        state = state.apply(random_action(state, rng))
        states.append(state)
    return states
