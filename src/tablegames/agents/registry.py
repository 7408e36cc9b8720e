"""Agents by name, for the command line and for simulations that ship work to other processes.

An agent spec is a name (``"random"``, ``"heuristic"``, ``"first-legal"``, ``"search"``; the
search takes options after a colon: ``"search:64"`` for 64 worlds a decision) or a picklable
factory: any callable that takes no argument and returns an agent (a class, a
``functools.partial``, a module-level function).

>>> type(make_agent("heuristic")).__name__
'HeuristicAgent'
>>> make_agent("clever")
Traceback (most recent call last):
...
tablegames.core.errors.TableGamesError: No agent is called 'clever': try first-legal, ...
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tablegames.core.errors import TableGamesError

from .heuristic import HeuristicAgent
from .protocol import Agent
from .random_agents import FirstLegalAgent, RandomAgent
from .search import SearchAgent

AgentSpec = str | Callable[[], Any]
"""An agent's name, or a picklable factory that takes no argument and returns an agent."""

AGENTS: dict[str, Callable[[], Any]] = {
    "random": RandomAgent,
    "heuristic": HeuristicAgent,
    "first-legal": FirstLegalAgent,
    "search": SearchAgent,
}
"""The agents known by name."""

OPTIONS: dict[str, Callable[[str], Any]] = {
    "search": SearchAgent.from_text,
}
"""The agents that take options after a colon (``search:64``, ``search:50ms:random``): the
name, then a function from the options' text to the agent."""


def make_agent(spec: AgentSpec) -> Agent:
    """The agent a spec names or makes.

    >>> import functools
    >>> from tablegames.agents import RandomAgent
    >>> make_agent(functools.partial(RandomAgent, None))
    RandomAgent(rng=None)
    >>> make_agent("search:32").samples
    32
    """
    if isinstance(spec, str):
        name, colon, options = spec.strip().lower().partition(":")
        with_options = OPTIONS.get(name) if colon else None
        factory = AGENTS.get(name) if not colon else None
        if with_options is not None:
            agent = with_options(options)
        elif factory is None:
            names = ", ".join(sorted(AGENTS))
            raise TableGamesError(f"No agent is called {spec!r}: try {names}.")
        else:
            agent = factory()
    elif callable(spec):
        agent = spec()
    else:
        raise TableGamesError(
            f"An agent is given by name or by a factory, not by {type(spec).__name__}."
        )
    if not callable(getattr(agent, "choose", None)):
        raise TableGamesError(f"{type(agent).__name__} has no choose(view, rng) method.")
    return agent  # type: ignore[no-any-return]


def agent_name(spec: AgentSpec) -> str:
    """A short name for a spec, for tables and JSON.

    >>> from tablegames.agents import RandomAgent
    >>> agent_name("Heuristic"), agent_name(RandomAgent)
    ('heuristic', 'RandomAgent')
    """
    if isinstance(spec, str):
        return spec.strip().lower()
    return str(
        getattr(spec, "__name__", None)
        or getattr(getattr(spec, "func", None), "__name__", None)
        or type(spec).__name__
    )


__all__ = ["AGENTS", "OPTIONS", "AgentSpec", "agent_name", "make_agent"]
