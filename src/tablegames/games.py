"""The registry of games, by the names the command line and records use.

>>> sorted(GAME_MODULES)
['ninety-two', 'preference', 'quartets', 'texas42']
>>> get_game("texas42").title
'Texas 42'
"""

from __future__ import annotations

import importlib
from typing import Any

from tablegames.core.errors import TableGamesError
from tablegames.core.game import Game

GAME_MODULES: dict[str, str] = {
    "texas42": "tablegames.texas42",
    "ninety-two": "tablegames.ninety_two",
    "preference": "tablegames.preference",
    "quartets": "tablegames.quartets",
}
"""Game name to the package that defines its ``GAME`` descriptor."""


def get_game(name: str) -> Game[Any, Any]:
    """The descriptor of the game called ``name``.

    >>> get_game("ninety-two").title
    'Ninety-Two'
    """
    module_name = GAME_MODULES.get(name)
    if module_name is None:
        raise TableGamesError(
            f"no game called {name!r}: try one of {', '.join(sorted(GAME_MODULES))}"
        )
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError:
        raise TableGamesError(f"{name} is not available in this version") from None
    game = getattr(module, "GAME", None)
    if not isinstance(game, Game):
        raise TableGamesError(f"{name} is not available in this version")
    return game


def available_games() -> dict[str, Game[Any, Any]]:
    """Every game this installation provides, by name.

    >>> sorted(available_games())
    ['ninety-two', 'preference', 'quartets', 'texas42']
    """
    out: dict[str, Game[Any, Any]] = {}
    for name in GAME_MODULES:
        try:
            out[name] = get_game(name)
        except TableGamesError:
            continue
    return out
