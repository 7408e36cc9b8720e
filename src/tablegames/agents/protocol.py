"""The agent protocol: an agent chooses an action from what its seat may know.

An agent is any object with ``choose(view, rng) -> action``. ``view`` is ``state.view(seat)``
for the seat to act: its own pieces, everything public and ``view.legal_actions``; the agent
never receives the state, so it cannot peek at hidden hands. ``rng`` is the driver's random
generator, so a match is reproducible from one seed. A search agent fits the same protocol: it
draws full states consistent with the view and plays them out.

>>> import random
>>> from tablegames import texas42
>>> class FirstLegal:
...     def choose(self, view, rng):
...         return view.legal_actions[0]
>>> state = texas42.new_match()
>>> state = state.apply(state.chance_outcome(random.Random(0)))
>>> FirstLegal().choose(state.view(state.to_act), random.Random(0))
Pass()
>>> isinstance(FirstLegal(), Agent)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Agent(Protocol):
    """Anything that picks one of ``view.legal_actions`` for the seat the view belongs to.

    >>> from tablegames.agents import RandomAgent
    >>> isinstance(RandomAgent(), Agent)
    True
    """

    def choose(self, view: Any, rng: random.Random) -> Any:
        """The action to play, one of ``view.legal_actions``."""
        ...


class View(Protocol):
    """What an agent reads of any game's view: the seat it belongs to and that seat's legal
    actions (each game's view has more: its hand, the table, the phase).

    >>> import random
    >>> from tablegames import texas42
    >>> state = texas42.new_match()
    >>> view: View = state.apply(state.chance_outcome(random.Random(0))).view(1)
    >>> view.seat, len(view.legal_actions) > 0
    (1, True)
    """

    @property
    def seat(self) -> int:
        """The seat the view belongs to."""
        ...

    @property
    def legal_actions(self) -> Sequence[object]:
        """The seat's legal actions (none when it may not act)."""
        ...


__all__ = ["Agent", "View"]
