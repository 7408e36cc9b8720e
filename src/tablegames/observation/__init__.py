"""Fixed-length observations, action ids and match returns for every game, from views only.

``observe(state, seat)`` encodes ``state.view(seat)`` as a tuple of floats whose length depends
only on the game and its rules; ``encoding_for(name, rules).layout`` says what every index means
(see docs/interop.md). Action ids are places in ``GAME.action_space(rules)``; ``returns`` is
what the match is worth to each seat. Nothing here needs numpy: the adapters in
:mod:`tablegames.interop` turn these into arrays.

>>> import random
>>> from tablegames import texas42
>>> state = texas42.new_match(texas42.Rules(target=100))
>>> state = state.apply(state.chance_outcome(random.Random(5)))
>>> obs = observe(state, 1)
>>> len(obs), encoding_for("texas42", state.rules).size
(305, 305)
"""

from __future__ import annotations

import functools
import importlib
from typing import Any, TypeVar

from tablegames.core.errors import TableGamesError
from tablegames.core.game import GameState
from tablegames.games import get_game

from .actions import ActionIds
from .encoding import Encoding
from .layout import Layout, Segment, Writer
from .outcome import players, returns, score_unit, scores, standing

A = TypeVar("A")

_MODULES = {
    "texas42": "tablegames.observation.texas42",
    "ninety-two": "tablegames.observation.ninety_two",
    "preference": "tablegames.observation.preference",
    "quartets": "tablegames.observation.quartets",
}


@functools.lru_cache(maxsize=64)
def encoding_for(name: str, rules: object) -> Encoding[Any]:
    """The observation encoding of game ``name`` under ``rules``.

    >>> from tablegames import quartets
    >>> encoding_for("quartets", quartets.Rules(players=3)).layout["hand"].size
    52
    """
    module = _MODULES.get(name)
    if module is None:
        raise TableGamesError(f"there is no observation encoding for a game called {name!r}")
    encoding: Encoding[Any] = importlib.import_module(module).encoding(rules)
    return encoding


def observe(state: GameState[A], seat: int) -> tuple[float, ...]:
    """The observation of ``seat``: its view of ``state``, encoded.

    >>> from tablegames import preference
    >>> len(observe(preference.new_match(), 0))
    427
    """
    return encoding_for(state.game_name, state.rules).encode(state.view(seat))


@functools.lru_cache(maxsize=64)
def action_ids(name: str, rules: object) -> ActionIds:
    """The fixed action ids of game ``name`` under ``rules``.

    >>> from tablegames import ninety_two
    >>> action_ids("ninety-two", ninety_two.Rules()).size
    109
    """
    return ActionIds.of(get_game(name), rules)


__all__ = [
    "ActionIds",
    "Encoding",
    "Layout",
    "Segment",
    "Writer",
    "action_ids",
    "encoding_for",
    "observe",
    "players",
    "returns",
    "score_unit",
    "scores",
    "standing",
]
