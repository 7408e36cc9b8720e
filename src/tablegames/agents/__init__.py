"""Players: an agent chooses an action from what its seat may know.

Every agent has ``choose(view, rng) -> action``: ``view`` is ``state.view(seat)`` with
``view.legal_actions``; ``rng`` is the driver's generator. :func:`play_match` drives a match
through views, so no agent ever sees a hidden hand. ``RandomAgent``, ``HeuristicAgent`` and
``SearchAgent`` (determinized Monte Carlo search over ``view.sample``) play every game;
names (``"random"``, ``"heuristic"``, ``"search"``) make agents for simulations and the
command line (:func:`make_agent`).

>>> import random
>>> from tablegames import texas42
>>> final = play_match(texas42.new_match(texas42.Rules(target=60)), RandomAgent(random.Random(4)))
>>> final.is_over
True
"""

from .heuristic import HeuristicAgent
from .match import play_match
from .protocol import Agent
from .random_agents import FirstLegalAgent, RandomAgent
from .registry import AGENTS, AgentSpec, agent_name, make_agent
from .search import SearchAgent

__all__ = [
    "AGENTS",
    "Agent",
    "AgentSpec",
    "FirstLegalAgent",
    "HeuristicAgent",
    "RandomAgent",
    "SearchAgent",
    "agent_name",
    "make_agent",
    "play_match",
]
