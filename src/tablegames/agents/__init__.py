"""Players: an agent chooses an action from what its seat may know.

Every agent has ``choose(view, rng) -> action``: ``view`` is ``state.view(seat)`` with
``view.legal_actions``; ``rng`` is the driver's generator. :func:`play_match` drives a match
through views, so no agent ever sees a hidden hand. ``RandomAgent``, ``HeuristicAgent`` and
``SearchAgent`` (determinized Monte Carlo search over ``view.sample``) play every game;
``SolverAgent`` solves sampled worlds exactly (:mod:`tablegames.solve`) where the solver
solves the game's play (Texas 42), and plays by the heuristic elsewhere; names
(``"random"``, ``"heuristic"``, ``"search"``, ``"solver"``) make agents for simulations and
the command line (:func:`make_agent`).

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
from .solver import SolverAgent

__all__ = [
    "AGENTS",
    "Agent",
    "AgentSpec",
    "FirstLegalAgent",
    "HeuristicAgent",
    "RandomAgent",
    "SearchAgent",
    "SolverAgent",
    "agent_name",
    "make_agent",
    "play_match",
]
