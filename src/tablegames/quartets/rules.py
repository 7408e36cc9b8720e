"""Quartets (Authors) rule settings. ``Rules()`` is the seed's game for four players: ask for one
exact card, a failed ask passes the turn to the player asked, one deal per player.

>>> Rules().match_deals, Rules(players=6).match_deals, Rules(players=6, deals=2).match_deals
(4, 6, 2)
>>> Rules(players=10)
Traceback (most recent call last):
...
tablegames.core.errors.RulesError: Quartets is for 2 to 9 players, not 10
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Literal

import attrs

from tablegames.core.errors import RulesError
from tablegames.core.settings import MAX_DEALS, GameRules, choice, strict_rules, whole
from tablegames.core.text import describe

TurnPasses = Literal["asked", "left"]
AskFor = Literal["card", "rank"]


@strict_rules
@attrs.frozen(cache_hash=True)
class Rules(GameRules):
    """The settings of a Quartets match (see docs/quartets.md for each rule and its reason).

    >>> Rules(players=5, turn_passes="left").turn_passes
    'left'
    """

    played_as: ClassVar[Mapping[str, str]] = {"deals": "match_deals"}

    players: int = 4
    """2 to 9 players (the seed's "How many players 2-9")."""
    first_dealer: int = 0
    """Seat of the first dealer; the deal then passes left (clockwise)."""
    deals: int | None = None
    """Deals in the match (1 to 1,000); ``None`` means one per player, so everyone deals once."""
    turn_passes: TurnPasses = "asked"
    """After a failed ask: ``asked``, the player asked asks next (the seed); ``left``, the next
    player with cards on the asker's left."""
    ask: AskFor = "card"
    """``card``: ask for one exact card (the seed); ``rank``: ask for a rank and receive every
    card of it the player asked holds."""

    def __attrs_post_init__(self) -> None:
        if type(self.players) is not int or not 2 <= self.players <= 9:
            raise RulesError(f"Quartets is for 2 to 9 players, not {describe(self.players)}")
        if type(self.first_dealer) is not int or self.first_dealer not in range(self.players):
            raise RulesError(
                f"first_dealer is a seat 0..{self.players - 1}, not {describe(self.first_dealer)}"
            )
        if self.deals is not None:
            if type(self.deals) is not int or self.deals < 1:
                raise RulesError(
                    "deals must be at least 1 (or None for one per player), "
                    f"not {describe(self.deals)}"
                )
            whole("deals", self.deals, 1, MAX_DEALS)
        choice("turn_passes", self.turn_passes, ("asked", "left"))
        choice("ask", self.ask, ("card", "rank"))

    @property
    def match_deals(self) -> int:
        """How many deals the match lasts."""
        return self.deals if self.deals is not None else self.players
