"""The registry of games, by the names the command line and records use.

Three sources, in this order of precedence:

1. games registered at run time with :func:`register_game`;
2. games installed distributions declare in the entry-point group ``tablegames.games`` (the
   name is the game's name, the object its :class:`~tablegames.core.game.Game` descriptor);
   tablegames declares its own four there;
3. the four built-ins of :data:`GAME_MODULES`, always known, so that a source tree (where no
   distribution, hence no entry point, is installed) still finds them.

>>> sorted(GAME_MODULES)
['ninety-two', 'preference', 'quartets', 'texas42']
>>> get_game("texas42").title
'Texas 42'
"""

from __future__ import annotations

import importlib
import importlib.metadata
import re
from typing import Any

from tablegames.core.errors import TableGamesError, excerpt
from tablegames.core.game import Game
from tablegames.core.limits import MAX_GAME_NAME_CHARS
from tablegames.core.text import describe

__all__ = [
    "ENTRY_POINT_GROUP",
    "GAME_MODULES",
    "available_games",
    "get_game",
    "refresh_games",
    "register_game",
    "unregister_game",
]

ENTRY_POINT_GROUP = "tablegames.games"
"""The entry-point group through which installed distributions add games.

In a plugin's ``pyproject.toml``::

    [project.entry-points."tablegames.games"]
    whist3 = "mypackage.whist3:GAME"

>>> ENTRY_POINT_GROUP
'tablegames.games'
"""

GAME_MODULES: dict[str, str] = {
    "texas42": "tablegames.texas42",
    "ninety-two": "tablegames.ninety_two",
    "preference": "tablegames.preference",
    "quartets": "tablegames.quartets",
}
"""Game name to the package that defines its ``GAME`` descriptor (the built-ins)."""

_GAME_NAME = re.compile(f"[a-z0-9][a-z0-9-]{{0,{MAX_GAME_NAME_CHARS - 1}}}")
"""What a game's name may be: it names the game in records and on the command line."""

_REGISTERED: dict[str, Game[Any, Any]] = {}
_DISCOVERED: dict[str, importlib.metadata.EntryPoint] | None = None


def _entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    """The entry points of the group by name, read once (see :func:`refresh_games`)."""
    global _DISCOVERED  # noqa: PLW0603 (a cache of what is installed)
    if _DISCOVERED is None:
        found = importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)
        _DISCOVERED = {ep.name: ep for ep in found}
    return _DISCOVERED


def refresh_games() -> None:
    """Forget the entry points read so far; the next look-up reads them again (after installing
    a plugin in a running process, or in a test that fakes the installed distributions).

    >>> refresh_games()
    >>> "texas42" in available_games()
    True
    """
    global _DISCOVERED  # noqa: PLW0603
    _DISCOVERED = None


def register_game(game: Game[Any, Any], *, replace: bool = False) -> Game[Any, Any]:
    """Make ``game`` known by ``game.name`` to :func:`get_game`, the command line and records.

    Registering another descriptor under a name already taken is refused unless ``replace``;
    registering the same descriptor again does nothing. Returns ``game``.

    >>> from tablegames import texas42
    >>> import attrs
    >>> mine = register_game(attrs.evolve(texas42.GAME, name="my-42", title="My 42"))
    >>> get_game("my-42").title
    'My 42'
    >>> unregister_game("my-42")
    """
    if not isinstance(game, Game):
        raise TableGamesError(f"register_game takes a Game descriptor, not {type(game).__name__}.")
    name = game.name
    if type(name) is not str or not _GAME_NAME.fullmatch(name):
        raise TableGamesError(
            f"A game's name is 1 to {MAX_GAME_NAME_CHARS} lowercase letters, digits and dashes "
            f"(as texas42 or my-42), not {describe(name)}."
        )
    if not replace and name in _names() and _known(name) is not game:
        raise TableGamesError(
            f"A game called {excerpt(name)} is already registered; pass replace=True to replace it."
        )
    _REGISTERED[game.name] = game
    return game


def unregister_game(name: str) -> None:
    """Forget a game registered with :func:`register_game` (built-ins and entry points stay).

    >>> unregister_game("never-registered")
    """
    _REGISTERED.pop(name, None)


def _names() -> list[str]:
    names = dict.fromkeys([*GAME_MODULES, *_entry_points(), *_REGISTERED])
    return list(names)


def _known(name: str) -> Game[Any, Any] | None:
    try:
        return get_game(name)
    except TableGamesError:
        return None


def get_game(name: str) -> Game[Any, Any]:
    """The descriptor of the game called ``name``.

    >>> get_game("ninety-two").title
    'Ninety-Two'
    >>> get_game("chess")
    Traceback (most recent call last):
    ...
    tablegames.core.errors.TableGamesError: no game called 'chess': try one of ninety-two, ...
    """
    if type(name) is not str:
        raise TableGamesError(f"A game is named by a string, not {describe(name)}.")
    registered = _REGISTERED.get(name)
    if registered is not None:
        return registered
    entry = _entry_points().get(name)
    if entry is not None:
        return _load(name, entry)
    module_name = GAME_MODULES.get(name)
    if module_name is None:
        raise TableGamesError(
            f"no game called {excerpt(name)}: try one of {', '.join(sorted(_names()))}"
        )
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError:
        raise TableGamesError(f"{name} is not available in this version") from None
    game = getattr(module, "GAME", None)
    if not isinstance(game, Game):
        raise TableGamesError(f"{name} is not available in this version")
    return game


def _load(name: str, entry: importlib.metadata.EntryPoint) -> Game[Any, Any]:
    try:
        game = entry.load()
    except Exception as exc:  # a broken plugin must not take the other games down
        raise TableGamesError(
            f"The game {excerpt(name)} could not be loaded from {excerpt(entry.value)}: "
            f"{describe(str(exc), 200)}"
        ) from None
    if not isinstance(game, Game) or game.name != name:
        raise TableGamesError(
            f"The entry point {excerpt(name)} ({excerpt(entry.value)}) is not the Game "
            f"descriptor of {excerpt(name)}."
        )
    return game


def available_games() -> dict[str, Game[Any, Any]]:
    """Every game this installation provides, by name (a plugin that fails to load is left out).

    >>> sorted(available_games())
    ['ninety-two', 'preference', 'quartets', 'texas42']
    """
    out: dict[str, Game[Any, Any]] = {}
    for name in _names():
        try:
            out[name] = get_game(name)
        except TableGamesError:
            continue
    return out
