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
from tablegames.core.limits import MAX_ACTIONS, MAX_DEAL_ACTIONS, MAX_MATCH_DEALS
from tablegames.core.seats import Seat
from tablegames.core.text import describe

from .protocol import Agent

S = TypeVar("S", bound=GameState[Any])


def play_match(
    state: S,
    agents: Agent | Mapping[Seat, Agent],
    chance: random.Random | None = None,
    on_step: Callable[[S, object, S], None] | None = None,
    max_steps: int = MAX_ACTIONS,
    *,
    rng: random.Random | None = None,
    max_deals: int = MAX_MATCH_DEALS,
    max_deal_actions: int = MAX_DEAL_ACTIONS,
) -> S:
    """Play ``state`` on to the end and return the last state.

    Chance steps are drawn from ``chance`` (default: ``rng``, else a fresh generator). Each seat
    to act gets ``agent.choose(state.view(seat), rng)`` from ``agents`` (one agent for every
    seat, or one per seat); ``rng`` defaults to ``chance``. Agents see only their view, never
    the state. ``on_step(before, action, after)`` is called after every step. An agent that
    answers with an illegal action raises :class:`IllegalActionError`.

    Every match ends: play stops, and the state returned is not over (``is_over`` is false,
    no winners), after ``max_steps`` actions in all (default: the most a record holds, so the
    match's record can always be read back), ``max_deals`` deals or ``max_deal_actions``
    actions in one deal (see :mod:`tablegames.core.limits`). Agents that always pass can stall
    a match for ever (docs/simulation.md says which); these bounds turn that into an
    unfinished match instead of a hang.

    >>> import random
    >>> from tablegames import texas42
    >>> from tablegames.agents import FirstLegalAgent
    >>> rules = texas42.Rules(target=40, forced_bid=True)  # else first-legal players all pass
    >>> play_match(texas42.new_match(rules), FirstLegalAgent(), random.Random(1)).is_over
    True
    >>> stalled = play_match(texas42.new_match(), FirstLegalAgent(), random.Random(1))
    >>> stalled.is_over, len(stalled.results)
    (False, 1000)
    """
    for name, bound in (
        ("max_steps", max_steps),
        ("max_deals", max_deals),
        ("max_deal_actions", max_deal_actions),
    ):
        if type(bound) is not int or bound < 0:
            raise TableGamesError(f"{name} is a whole number 0 or more, not {describe(bound)}.")
    chance_rng = chance or rng or getattr(agents, "rng", None) or random.Random()
    decisions = rng or chance_rng
    deals = 0
    in_deal = 0
    for _ in range(max_steps):
        if state.is_over:
            break
        if state.is_chance:
            if deals >= max_deals:
                break
            deals += 1
            in_deal = 0
            action = state.chance_outcome(chance_rng)
            after = state.apply(action)
        else:
            if in_deal >= max_deal_actions:
                break
            in_deal += 1
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
