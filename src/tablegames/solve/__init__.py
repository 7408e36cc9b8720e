"""An exact solver for the trick games: the value of a position in play with every hand known
(a real state, or a world drawn from a view), the value of each legal action, and whether the
declarer's side makes its contract, under best play by both sides.

It drives the play engine (:mod:`tablegames.tricks.play`) and nothing game-specific of its own:
who may play what, who takes a trick, what happens after it and when and how the hand ends are
the engine's and the game's hooks; what a trick is worth and who plays with whom are the hooks'
``trick_value`` and ``side_of``. See docs/solver.md.

>>> import random
>>> from tablegames import texas42
>>> from tablegames.solve import Solver
>>> state = texas42.new_match()
>>> while state.phase is not texas42.Phase.PLAY:
...     state = state.apply(state.chance_outcome(random.Random(7)) if state.is_chance
...                         else state.legal_actions()[-1])
>>> Solver(state).value()          # the side to move takes 14 points more than the other
Bound(lower=14, upper=14)
"""

from .search import TABLE_SIZE, Exhausted, Searcher
from .solver import Bound, ContractAnswer, Solution, Solver, engine_of
from .tables import Tables, tables_for

__all__ = [
    "TABLE_SIZE",
    "Bound",
    "ContractAnswer",
    "Exhausted",
    "Searcher",
    "Solution",
    "Solver",
    "Tables",
    "engine_of",
    "tables_for",
]
