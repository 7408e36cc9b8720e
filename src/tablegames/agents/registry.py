"""Agents by name, for the command line and for simulations that ship work to other processes.

An agent spec is a name (``"random"``, ``"heuristic"``, ``"first-legal"``, ``"search"``,
``"solver"``; the search and the solver take options after a colon: ``"search:64"`` for 64
worlds a decision, ``"solver:8"`` for 8 worlds solved a decision), your own agent
as ``"package.module:Name"`` (``Name`` is an agent class, or a function that takes no argument
and returns an agent; the module is imported, so it must be on the Python path), or a
picklable factory: any callable that takes no argument and returns an agent (a class, a
``functools.partial``, a module-level function). A spec in text is at most
:data:`MAX_SPEC_CHARS` characters.

Warning:
    A spec of the form ``package.module:Name`` is code: ``make_agent`` imports that module
    (running whatever it runs on import) and calls what it names, so
    ``make_agent("os:abort")`` ends the process. Never make an agent from a spec a client,
    a request or a file from elsewhere supplied: check it against the names you offer first
    (the table server allows only the built-in names, ``server.table.BOT_NAMES``), or use
    :data:`AGENTS` directly.

>>> type(make_agent("heuristic")).__name__
'HeuristicAgent'
>>> make_agent("clever")
Traceback (most recent call last):
...
tablegames.core.errors.TableGamesError: No agent is called 'clever': try first-legal, ...
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from typing import cast

from tablegames.core.errors import TableGamesError, excerpt
from tablegames.core.text import describe

from .heuristic import HeuristicAgent
from .protocol import Agent
from .random_agents import FirstLegalAgent, RandomAgent
from .search import SearchAgent
from .solver import SolverAgent

AgentSpec = str | Callable[[], object]
"""An agent's name, or a picklable factory that takes no argument and returns an agent."""

AGENTS: dict[str, Callable[[], Agent]] = {
    "random": RandomAgent,
    "heuristic": HeuristicAgent,
    "first-legal": FirstLegalAgent,
    "search": SearchAgent,
    "solver": SolverAgent,
}
"""The agents known by name."""

OPTIONS: dict[str, Callable[[str], Agent]] = {
    "search": SearchAgent.from_text,
    "solver": SolverAgent.from_text,
}
"""The agents that take options after a colon (``search:64``, ``search:50ms:random``): the
name, then a function from the options' text to the agent."""


MAX_SPEC_CHARS = 200
"""The longest agent spec read from text (``"search:64:random"``, ``"mybots.strong:Bot"``)."""

_MODULE_SPEC = re.compile(r"[A-Za-z_][\w.]*:[A-Za-z_][\w.]*")
"""``package.module:Name``: a module path, a colon, an attribute path."""


def make_agent(spec: AgentSpec) -> Agent:
    """The agent a spec names or makes.

    Warning: a ``package.module:Name`` spec imports and calls code (see the module's
    warning); never pass a spec that came from a client.

    >>> import functools
    >>> from tablegames.agents import RandomAgent
    >>> make_agent(functools.partial(RandomAgent, None))
    RandomAgent(rng=None)
    >>> make_agent("search:32").samples
    32
    >>> make_agent("tablegames.agents:HeuristicAgent")
    HeuristicAgent()
    """
    agent: object  # whatever the factory makes; checked for a choose method below
    if isinstance(spec, str):
        if len(spec) > MAX_SPEC_CHARS:
            raise TableGamesError(
                f"{excerpt(spec)} is not an agent: a spec is at most {MAX_SPEC_CHARS} characters."
            )
        name, colon, options = spec.strip().lower().partition(":")
        with_options = OPTIONS.get(name) if colon else None
        factory = AGENTS.get(name) if not colon else None
        if with_options is not None:
            agent = with_options(options)
        elif is_module_spec(spec.strip()):
            agent = _call(load_factory(spec.strip()), spec)
        elif factory is None:
            names = ", ".join(sorted(AGENTS))
            raise TableGamesError(
                f"No agent is called {excerpt(spec)}: try {names}, or your own as "
                "package.module:Name."
            )
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
    return cast("Agent", agent)  # its choose is callable: checked just above


def is_module_spec(spec: str) -> bool:
    """True for a spec of the form ``package.module:Name`` (not a built-in with options).

    >>> is_module_spec("mybots:Strong"), is_module_spec("search:random"), is_module_spec("x")
    (True, False, False)
    """
    return bool(_MODULE_SPEC.fullmatch(spec)) and spec.partition(":")[0].lower() not in OPTIONS


def load_factory(spec: str) -> Callable[[], object]:
    """The class or function ``package.module:Name`` names (imported now).

    >>> load_factory("tablegames.agents:RandomAgent").__name__
    'RandomAgent'
    >>> load_factory("no_such_module_here:Bot")
    Traceback (most recent call last):
    ...
    tablegames.core.errors.TableGamesError: Cannot import 'no_such_module_here' for the agent ...
    """
    module_name, _, path = spec.partition(":")
    try:
        found: object = importlib.import_module(module_name)
    except Exception as exc:  # ImportError, or the module failing as it runs
        raise TableGamesError(
            f"Cannot import {excerpt(module_name)} for the agent {excerpt(spec)}: "
            f"{describe(str(exc), 120)[1:-1]} (is it on the Python path?)"
        ) from None
    for part in path.split("."):
        try:
            found = getattr(found, part)
        except Exception:
            raise TableGamesError(
                f"{excerpt(module_name)} has no {excerpt(path)} for the agent {excerpt(spec)}."
            ) from None
    if not callable(found):
        raise TableGamesError(
            f"{excerpt(spec)} is not an agent class or factory: it cannot be called."
        )
    factory: Callable[[], object] = found
    return factory


def _call(factory: Callable[[], object], spec: str) -> object:
    try:
        return factory()
    except TableGamesError:
        raise
    except Exception as exc:
        raise TableGamesError(
            f"The agent {excerpt(spec)} could not be made with no arguments: "
            f"{describe(str(exc), 120)[1:-1]}"
        ) from None


def agent_name(spec: AgentSpec) -> str:
    """A short name for a spec, for tables and JSON.

    >>> from tablegames.agents import RandomAgent
    >>> agent_name("Heuristic"), agent_name(RandomAgent), agent_name("mybots:Strong")
    ('heuristic', 'RandomAgent', 'mybots:Strong')
    """
    if isinstance(spec, str):
        spec = spec.strip()
        return spec if is_module_spec(spec) else spec.lower()
    return str(
        getattr(spec, "__name__", None)
        or getattr(getattr(spec, "func", None), "__name__", None)
        or type(spec).__name__
    )


__all__ = [
    "AGENTS",
    "MAX_SPEC_CHARS",
    "OPTIONS",
    "AgentSpec",
    "agent_name",
    "is_module_spec",
    "load_factory",
    "make_agent",
]
