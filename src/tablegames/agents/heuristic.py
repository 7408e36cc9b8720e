"""``HeuristicAgent``: one agent that plays every game by that game's rules of thumb.

>>> import random
>>> from tablegames import quartets
>>> from tablegames.agents import play_match
>>> final = play_match(quartets.new_match(quartets.Rules(players=3, deals=1)), HeuristicAgent(),
...     random.Random(1))
>>> final.is_over
True
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from tablegames.core.errors import TableGamesError
from tablegames.ninety_two.state import NinetyTwoView
from tablegames.preference.state import PreferenceView
from tablegames.quartets.state import QuartetsView
from tablegames.texas42.state import Texas42View

from .ninety_two import NinetyTwoHeuristic
from .preference import PreferenceHeuristic
from .protocol import Agent, View
from .quartets import QuartetsHeuristic
from .texas42 import Texas42Heuristic

_PLAYERS: dict[type, Agent] = {
    Texas42View: Texas42Heuristic(),
    NinetyTwoView: NinetyTwoHeuristic(),
    PreferenceView: PreferenceHeuristic(),
    QuartetsView: QuartetsHeuristic(),
}


@attrs.frozen
class HeuristicAgent:
    """Plays any of the four games by rules of thumb (see the game's agent module:
    :mod:`tablegames.agents.texas42`, ``ninety_two``, ``preference``, ``quartets``).

    It looks at nothing but the view, and draws from ``rng`` only to break ties, so a match is
    reproducible from its seed.

    >>> import random
    >>> from tablegames import texas42
    >>> state = texas42.new_match()
    >>> view = state.apply(state.chance_outcome(random.Random(0))).view(1)
    >>> HeuristicAgent().choose(view, random.Random(0)) in view.legal_actions
    True
    """

    def choose(self, view: View, rng: random.Random) -> Any:
        """The action this seat plays."""
        player = _PLAYERS.get(type(view))
        if player is None:
            raise TableGamesError(
                f"The heuristic agent does not know how to play from a {type(view).__name__}."
            )
        if not view.legal_actions:
            raise TableGamesError(f"Seat {view.seat} has nothing to do now.")
        return player.choose(view, rng)

    def knows(self, view: object) -> bool:
        """True if this agent has rules of thumb for the game the view belongs to.

        >>> from tablegames import preference
        >>> HeuristicAgent().knows(preference.new_match().view(0)), HeuristicAgent().knows(None)
        (True, False)
        """
        return type(view) in _PLAYERS

    def ranked(self, view: View, rng: random.Random) -> tuple[object, ...]:
        """The legal actions, the most promising first: the game's own ranking where it has
        one (Quartets), else the action :meth:`choose` plays, then the rest in the order of
        ``view.legal_actions``. The search agent uses it to pick the actions worth searching.

        >>> import random
        >>> from tablegames import texas42
        >>> state = texas42.new_match()
        >>> view = state.apply(state.chance_outcome(random.Random(0))).view(1)
        >>> ranked = HeuristicAgent().ranked(view, random.Random(0))
        >>> ranked[0] == HeuristicAgent().choose(view, random.Random(0)), len(ranked) == len(
        ...     view.legal_actions)
        (True, True)
        """
        player = _PLAYERS.get(type(view))
        ranking = getattr(player, "ranked", None)
        if ranking is not None:
            return tuple(ranking(view))
        first = self.choose(view, rng)
        return (first, *(a for a in view.legal_actions if a != first))


__all__ = ["HeuristicAgent"]
