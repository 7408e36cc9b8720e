"""The settings of a three-handed whist match.

>>> Rules().hands, Rules(hands=6).first_dealer
(3, 0)
>>> Rules(first_dealer=3)
Traceback (most recent call last):
...
tablegames.core.errors.RulesError: first_dealer is a seat 0..2, not 3
"""

from __future__ import annotations

import attrs

from tablegames.kit import MAX_DEALS, GameRules, RulesError, describe, strict_rules, whole

SEATS = 3
"""Three players, each for themself."""


@strict_rules
@attrs.frozen(cache_hash=True)
class Rules(GameRules):
    """How long the match is and who deals first.

    >>> from tablegames.examples.whist3 import Rules
    >>> Rules(hands=1).players, Rules(hands=1).changed()
    (3, {'hands': 1})
    """

    hands: int = 3
    """Hands in the match (1 to 1,000); by default each player deals once."""
    first_dealer: int = 0
    """The seat that deals the first hand; the deal then passes left."""

    def __attrs_post_init__(self) -> None:
        whole("hands", self.hands, 1, MAX_DEALS)
        if type(self.first_dealer) is not int or self.first_dealer not in range(SEATS):
            raise RulesError(f"first_dealer is a seat 0..2, not {describe(self.first_dealer)}")

    @property
    def players(self) -> int:
        """Always 3 (the base class's seat check reads it)."""
        return SEATS
