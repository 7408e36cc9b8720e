"""A game package's descriptor, read off its modules: every built-in game declares its
:class:`~tablegames.core.game.Game` the same way, so the way is written once, here.

A game package keeps its notation in its ``actions`` module (``parse_action``,
``action_space``) and its matches in its ``state`` module (``new_match``,
``start_from_notation``); its descriptor is those, with its name, title, deck and rules type,
and the default count of seats (``rules.players``, else four).

>>> from tablegames.pieces.dominoes import DOUBLE_SIX
>>> from tablegames.texas42 import Rules, actions, state
>>> game = package_game("texas42", "Texas 42", DOUBLE_SIX, Rules, actions=actions, state=state)
>>> game.seats(Rules()), str(game.parse_action("bid 30")), game.start_from is not None
(4, 'bid 30', True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from tablegames.pieces.cards import Card
from tablegames.pieces.dominoes import Domino
from tablegames.pieces.sets import PieceSet

from .game import Game
from .game_state import GameState

__all__ = ["Matches", "Notation", "package_game"]

R = TypeVar("R")
R_contra = TypeVar("R_contra", contravariant=True)
S = TypeVar("S", bound="GameState[Any]")
S_co = TypeVar("S_co", covariant=True)


class Notation(Protocol[R_contra]):
    """A game's notation, as its ``actions`` module offers it.

    >>> from tablegames.quartets import actions
    >>> [str(a) for a in actions.action_space(actions.Rules(players=3))][:1]
    ['ask 0 2C']
    """

    @property
    def parse_action(self) -> Callable[[str], object]:
        """The game's notation read into one of its actions."""
        ...

    @property
    def action_space(self) -> Callable[[R_contra], Sequence[object]]:
        """Every action that could ever be legal under the rules."""
        ...


class Matches(Protocol[R_contra, S_co]):
    """How a game's matches begin, as its ``state`` module offers it.

    >>> from tablegames.ninety_two import state
    >>> state.new_match().phase.value
    'deal'
    """

    @property
    def new_match(self) -> Callable[[R_contra], S_co]:
        """The first state of a match under the rules."""
        ...

    @property
    def start_from_notation(self) -> Callable[[R_contra, Mapping[str, object]], S_co]:
        """The state at a start position written in the notation (a record's ``start``)."""
        ...


def package_game(
    name: str,
    title: str,
    deck: PieceSet[Card] | PieceSet[Domino],
    rules_type: type[R],
    *,
    actions: Notation[R],
    state: Matches[R, S],
) -> Game[S, R]:
    """The descriptor of the game ``name`` (shown as ``title``) played with ``deck`` under
    ``rules_type``, whose package's modules are ``actions`` and ``state``.

    >>> from tablegames import quartets
    >>> quartets.GAME == package_game("quartets", "Quartets", quartets.GAME.deck,
    ...     quartets.Rules, actions=quartets.actions, state=quartets.state)
    True
    """
    return Game(
        name,
        title,
        deck,
        rules_type,
        state.new_match,
        actions.parse_action,
        actions.action_space,
        start_from=state.start_from_notation,
    )
