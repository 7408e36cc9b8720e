"""What a contract asks, in words, read from the game's own rules (never restated here): the
tricks a Preference declarer needs come from :mod:`tablegames.preference.scoring`.

>>> declarer_needs()
'needs 6 tricks'
"""

from __future__ import annotations

from tablegames.preference.scoring import GAME as TRICKS_NEEDED
from tablegames.preference.scoring import TRICKS as TRICKS_IN_A_DEAL

from .text import plural

__all__ = ["declarer_needs"]


def declarer_needs(*, of_all: bool = False) -> str:
    """What a Preference declarer must take, in words, from the game's scoring rule; with
    ``of_all``, out of how many tricks.

    >>> declarer_needs(of_all=True)
    'needs 6 of the 10 tricks'
    """
    if of_all:
        return f"needs {TRICKS_NEEDED} of the {TRICKS_IN_A_DEAL} tricks"
    return f"needs {plural(TRICKS_NEEDED, 'trick')}"
