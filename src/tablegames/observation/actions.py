"""Fixed action ids: an action's id is its place in ``GAME.action_space(rules)``.

>>> from tablegames import texas42
>>> ids = ActionIds.of(texas42.GAME, texas42.Rules())
>>> ids.size, ids.id_of(texas42.PASS), str(ids.action(1))
(51, 0, 'bid 30')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from tablegames.core.errors import TableGamesError
from tablegames.core.game import Game


@attrs.frozen
class ActionIds:
    """The numbering of a game's finite action space under one set of rules.

    >>> from tablegames import quartets
    >>> ids = ActionIds.of(quartets.GAME, quartets.Rules(players=2))
    >>> ids.size, str(ids.action(ids.size - 1))
    (104, 'ask 1 AS')
    """

    actions: tuple[object, ...]
    ids: dict[object, int] = attrs.field(eq=False, repr=False)

    @classmethod
    def of(cls, game: Game[Any, Any], rules: object) -> ActionIds:
        """The ids of ``game`` under ``rules``."""
        actions = tuple(game.action_space(rules))
        return cls(actions, {action: i for i, action in enumerate(actions)})

    @property
    def size(self) -> int:
        """How many ids there are (ids are 0..size-1)."""
        return len(self.actions)

    def id_of(self, action: object) -> int:
        """The id of ``action``; an action outside the space raises :class:`TableGamesError`.

        >>> from tablegames import texas42
        >>> ActionIds.of(texas42.GAME, texas42.Rules()).id_of(texas42.Trump(0))
        16
        """
        try:
            return self.ids[action]
        except KeyError:
            raise TableGamesError(f"{action} is not in this game's action space") from None

    def action(self, action_id: int) -> object:
        """The action numbered ``action_id``.

        >>> from tablegames import texas42
        >>> str(ActionIds.of(texas42.GAME, texas42.Rules()).action(50))
        'play 6:6'
        """
        if not 0 <= action_id < len(self.actions):
            raise TableGamesError(f"action id {action_id} is not in 0..{len(self.actions) - 1}")
        return self.actions[action_id]

    def ids_of(self, actions: Iterable[object]) -> list[int]:
        """The ids of ``actions``, ascending.

        >>> import random
        >>> from tablegames import texas42
        >>> state = texas42.new_match()
        >>> state = state.apply(state.chance_outcome(random.Random(0)))
        >>> ActionIds.of(texas42.GAME, texas42.Rules()).ids_of(state.legal_actions())[:3]
        [0, 1, 2]
        """
        return sorted(self.id_of(a) for a in actions)

    def mask(self, actions: Iterable[object]) -> list[int]:
        """A 0/1 list of length ``size``: 1 at the id of each action given.

        >>> from tablegames import texas42
        >>> sum(ActionIds.of(texas42.GAME, texas42.Rules()).mask([texas42.PASS]))
        1
        """
        out = [0] * len(self.actions)
        for action in actions:
            out[self.id_of(action)] = 1
        return out
