"""Registering the strategies with hypothesis, so ``st.from_type(Texas42State)`` just works.

Installed with the ``testing`` extra, tablegames declares :func:`_hypothesis_setup_hook` in
hypothesis's ``hypothesis`` entry-point group, and hypothesis calls it when it is imported.
From a source tree (no installed distribution, so no entry point) call
:func:`register_type_strategies` yourself, in a ``conftest.py`` for instance.

>>> from hypothesis import given, strategies as st
>>> from tablegames.texas42 import Texas42State
>>> register_type_strategies()
>>> @given(st.from_type(Texas42State))
... def test_states_conserve_dominoes(state):
...     assert sum(len(zone) for zone in state.zones().values()) == 28
>>> test_states_conserve_dominoes()
"""

from __future__ import annotations

import warnings

from hypothesis import strategies as st

from tablegames.core.game import Game

from . import strategies
from .rules_strategies import R, S

__all__ = ["register_game_strategies", "register_type_strategies"]


def register_game_strategies(game: Game[S, R]) -> None:
    """Have ``st.from_type`` draw ``game``'s rules, reachable states and views.

    >>> from hypothesis import given
    >>> from tablegames import quartets
    >>> register_game_strategies(quartets.GAME)
    >>> @given(st.from_type(quartets.Rules))
    ... def test_players(rules):
    ...     assert 2 <= rules.players <= 9
    >>> test_players()
    """
    start = game.new_match(game.rules_type())
    st.register_type_strategy(type(start.rules), strategies.rules(game))
    st.register_type_strategy(type(start), strategies.states(game))
    st.register_type_strategy(type(start.view(0)), strategies.views(game))


def register_type_strategies() -> None:
    """Register the strategies of every available game (see :func:`register_game_strategies`).

    >>> from hypothesis import given
    >>> from tablegames import texas42
    >>> register_type_strategies()
    >>> @given(st.from_type(texas42.Texas42View))
    ... def test_views(view):
    ...     assert isinstance(view, texas42.Texas42View)
    >>> test_views()
    """
    from tablegames.games import available_games  # noqa: PLC0415 (the registry loads every game)

    for game in available_games().values():
        register_game_strategies(game)


def _hypothesis_setup_hook() -> None:
    """The hook hypothesis runs through its entry point: registers every game's strategies.

    It runs whenever hypothesis is imported, so a game that cannot be registered (a broken
    plugin) is skipped with a warning instead of breaking hypothesis.
    """
    from tablegames.games import available_games  # noqa: PLC0415

    for name, game in available_games().items():
        try:
            register_game_strategies(game)
        except Exception as exc:
            warnings.warn(
                f"tablegames could not register hypothesis strategies for {name!r}: {exc}",
                stacklevel=2,
            )
