"""Players for simulations: an agent picks an action for the seat to act.

>>> import random
>>> from tablegames import texas42
>>> final = play_match(texas42.new_match(texas42.Rules(target=60)), RandomAgent(random.Random(4)))
>>> final.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeVar

import attrs

from tablegames.core.errors import TableGamesError
from tablegames.core.game import GameState
from tablegames.core.seats import Seat

S = TypeVar("S", bound=GameState[Any])


class Agent(Protocol):
    """Anything that chooses one of ``state.legal_actions()`` for the seat to act.

    >>> callable(getattr(RandomAgent(), "choose", None))
    True
    """

    def choose(self, state: GameState[Any]) -> Any:
        """The action to play in ``state``."""
        ...


@attrs.define
class RandomAgent:
    """Chooses uniformly among the legal actions.

    >>> import random
    >>> from tablegames import texas42
    >>> state = texas42.new_match()
    >>> state = state.apply(state.chance_outcome(random.Random(0)))
    >>> RandomAgent(random.Random(0)).choose(state) in state.legal_actions()
    True
    """

    rng: random.Random = attrs.field(factory=random.Random)

    def choose(self, state: GameState[Any]) -> Any:
        """A random legal action."""
        actions = state.legal_actions()
        return actions[self.rng.randrange(len(actions))]


@attrs.define
class FirstLegalAgent:
    """Always plays the first legal action: a deterministic opponent for tests.

    >>> from tablegames import texas42
    >>> FirstLegalAgent().choose(texas42.new_match()) is None
    True
    """

    def choose(self, state: GameState[Any]) -> Any:
        """The first legal action (None when nobody may act)."""
        actions = state.legal_actions()
        return actions[0] if actions else None


def play_match(
    state: S,
    agents: Agent | Mapping[Seat, Agent],
    chance: random.Random | None = None,
    on_step: Callable[[S, Any, S], None] | None = None,
    max_steps: int = 1_000_000,
) -> S:
    """Play ``state`` to the end: chance steps from ``chance`` (default: the agent's or a fresh
    generator), every seat's choice from ``agents`` (one agent for all, or one per seat).
    ``on_step(before, action, after)`` is called after every step.

    >>> import random
    >>> from tablegames import texas42
    >>> rules = texas42.Rules(target=40, forced_bid=True)  # else first-legal players all pass
    >>> play_match(texas42.new_match(rules), FirstLegalAgent(), random.Random(1)).is_over
    True
    """
    rng = chance or getattr(agents, "rng", None) or random.Random()
    while not state.is_over:
        if state.is_chance:
            action = state.chance_outcome(rng)
        else:
            seat = state.to_act
            assert seat is not None
            agent = agents.get(seat) if isinstance(agents, Mapping) else agents
            if agent is None:
                raise TableGamesError(f"no agent plays seat {seat}")
            action = agent.choose(state)
        after = state.apply(action)
        if on_step is not None:
            on_step(state, action, after)
        state = after
    return state


__all__ = ["Agent", "FirstLegalAgent", "RandomAgent", "play_match"]
