"""What a contract asks, in words, from the goal the game gives for the contract in force (a
Preference view's ``goal``, from :func:`tablegames.preference.scoring.contract_goal`): never
restated here.

>>> from tablegames.preference.scoring import Goal
>>> declarer_needs(Goal(6, 10)), declarer_needs(Goal(0, 10, at_most=True))
('needs 6 tricks', 'must take no trick')
"""

from __future__ import annotations

from tablegames.preference.scoring import Goal

from .text import plural

__all__ = ["declarer_needs"]


def declarer_needs(goal: Goal, *, of_all: bool = False) -> str:
    """What a declarer must take, in words, from the ``goal`` of its contract (at least or at
    most so many tricks of the deal's); with ``of_all``, out of how many tricks.

    >>> declarer_needs(Goal(6, 10), of_all=True), declarer_needs(Goal(2, 10, at_most=True))
    ('needs 6 of the 10 tricks', 'may take at most 2 tricks')
    >>> declarer_needs(Goal(0, 10, at_most=True), of_all=True)
    'must take none of the 10 tricks'
    """
    if goal.at_most and goal.tricks == 0:
        return f"must take none of the {goal.deal} tricks" if of_all else "must take no trick"
    if goal.at_most:
        if of_all:
            return f"may take at most {goal.tricks} of the {goal.deal} tricks"
        return f"may take at most {plural(goal.tricks, 'trick')}"
    if of_all:
        return f"needs {goal.tricks} of the {goal.deal} tricks"
    return f"needs {plural(goal.tricks, 'trick')}"
