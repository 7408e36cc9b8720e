"""What a contract asks, in words, from the goal the game gives for the contract in force (a
Preference view's ``goal``, from :func:`tablegames.preference.scoring.contract_goal`): never
restated here.

>>> declarer_needs((6, 10))
'needs 6 tricks'
"""

from __future__ import annotations

from .text import plural

__all__ = ["declarer_needs"]


def declarer_needs(goal: tuple[int, int], *, of_all: bool = False) -> str:
    """What a declarer must take, in words, from the ``goal`` of its contract (the tricks to
    take, the tricks in a deal); with ``of_all``, out of how many tricks.

    >>> declarer_needs((6, 10), of_all=True)
    'needs 6 of the 10 tricks'
    """
    needed, tricks = goal
    if of_all:
        return f"needs {needed} of the {tricks} tricks"
    return f"needs {plural(needed, 'trick')}"
