"""Driving a match: chance from the driver's generator, every choice from an agent's view.

>>> import random
>>> from tablegames import texas42
>>> from tablegames.agents import RandomAgent
>>> final = play_match(texas42.new_match(texas42.Rules(target=60)), RandomAgent(),
...     random.Random(4))
>>> final.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from tablegames.core.errors import TableGamesError
from tablegames.core.game import GameState
from tablegames.core.seats import Seat

from .protocol import Agent

S = TypeVar("S", bound=GameState[Any])


def play_match(
    state: S,
    agents: Agent | Mapping[Seat, Agent],
    chance: random.Random | None = None,
    on_step: Callable[[S, Any, S], None] | None = None,
    max_steps: int = 1_000_000,
    *,
    rng: random.Random | None = None,
) -> S:
    """Play ``state`` on to the end (or for ``max_steps`` actions) and return the last state.

    Chance steps are drawn from ``chance`` (default: ``rng``, else a fresh generator). Each seat
    to act gets ``agent.choose(state.view(seat), rng)`` from ``agents`` (one agent for every
    seat, or one per seat); ``rng`` defaults to ``chance``. Agents see only their view, never
    the state. ``on_step(before, action, after)`` is called after every step. An agent that
    answers with an illegal action raises :class:`IllegalActionError`.

    >>> import random
    >>> from tablegames import texas42
    >>> from tablegames.agents import FirstLegalAgent
    >>> rules = texas42.Rules(target=40, forced_bid=True)  # else first-legal players all pass
    >>> play_match(texas42.new_match(rules), FirstLegalAgent(), random.Random(1)).is_over
    True
    """
    chance_rng = chance or rng or getattr(agents, "rng", None) or random.Random()
    decisions = rng or chance_rng
    for _ in range(max_steps):
        if state.is_over:
            break
        if state.is_chance:
            action = state.chance_outcome(chance_rng)
            after = state.apply(action)
        else:
            seat = state.to_act
            assert seat is not None
            agent = agents.get(seat) if isinstance(agents, Mapping) else agents
            if agent is None:
                raise TableGamesError(f"no agent plays seat {seat}")
            action = agent.choose(state.view(seat), decisions)
            after = state.apply(action, seat)
        if on_step is not None:
            on_step(state, action, after)
        state = after
    return state


__all__ = ["play_match"]
