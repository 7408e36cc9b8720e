"""Ninety-Two rule settings. ``Rules()`` is the seed's game: 4 players, four-card hands refilled
from the stock, exact bids, game to 92 points.

>>> Rules().tricks_per_deal, Rules(players=6).tricks_per_deal, Rules(players=8).tricks_per_deal
(13, 8, 6)
>>> Rules(players=6, leftovers="deal").tricks_per_deal
9
>>> Rules(players=5)
Traceback (most recent call last):
...
tablegames.core.errors.RulesError: players is 4, 6 or 8, not 5
"""

from __future__ import annotations

from typing import Literal

import attrs

from tablegames.core.errors import RulesError
from tablegames.core.settings import MAX_TARGET, GameRules, choice, flag, strict_rules, whole
from tablegames.core.text import describe

Leftovers = Literal["dead", "deal"]

HAND_SIZE = 4
"""Cards dealt to each player, and the size hands are refilled to from the stock."""
DECK_SIZE = 52


@strict_rules
@attrs.frozen(cache_hash=True)
class Rules(GameRules):
    """The settings of a Ninety-Two match (see docs/ninety-two.md for each rule and its reason).

    >>> Rules(players=6, first_dealer=5).partners
    2
    """

    players: int = 4
    """4, 6 or 8 players; the high bidder takes 1, 2 or 3 partners."""
    first_dealer: int = 0
    """Seat of the first dealer (the seed draws lots); the deal then passes left."""
    target: int = 92
    """The score that ends the match (1 to 1,000,000): after a deal, anyone at or over it ends
    it."""
    defenders_score_when_made: bool = False
    """Option: when the bid is made exactly, the opponents also score 3 per trick they took."""
    leftovers: Leftovers = "dead"
    """``dead``: stock cards that cannot go round are out of play. ``deal``: they are dealt one
    each, the trick winner first then clockwise, and a short last trick is played by those
    still holding cards (no effect with 4 players, whose stock always goes round)."""

    def __attrs_post_init__(self) -> None:
        if type(self.players) is not int or self.players not in (4, 6, 8):
            raise RulesError(f"players is 4, 6 or 8, not {describe(self.players)}")
        if type(self.first_dealer) is not int or self.first_dealer not in range(self.players):
            raise RulesError(
                f"first_dealer is a seat 0..{self.players - 1} for {self.players} players, "
                f"not {describe(self.first_dealer)}"
            )
        if type(self.target) is not int or self.target < 1:
            raise RulesError(
                f"target must be a whole number of at least 1, not {describe(self.target)}"
            )
        whole("target", self.target, 1, MAX_TARGET)
        choice("leftovers", self.leftovers, ("dead", "deal"))
        flag("defenders_score_when_made", self.defenders_score_when_made)

    @property
    def partners(self) -> int:
        """How many partners the high bidder names: 1, 2 or 3.

        >>> Rules(players=8).partners
        3
        """
        return self.players // 2 - 1

    @property
    def full_rounds(self) -> int:
        """How many times the stock goes round (every player draws one card).

        >>> Rules().full_rounds, Rules(players=6).full_rounds
        (9, 4)
        """
        return (DECK_SIZE - HAND_SIZE * self.players) // self.players

    @property
    def leftover_cards(self) -> int:
        """Stock cards that cannot go round: 0, 4 or 4 for 4, 6 or 8 players.

        >>> Rules().leftover_cards, Rules(players=6).leftover_cards, Rules(players=8).leftover_cards
        (0, 4, 4)
        """
        return (DECK_SIZE - HAND_SIZE * self.players) % self.players

    @property
    def tricks_per_deal(self) -> int:
        """Tricks in a deal: 13, 8 or 6; one more (a short last trick) when leftovers are dealt.

        >>> Rules(players=8, leftovers="deal").tricks_per_deal
        7
        """
        extra = 1 if self.leftovers == "deal" and self.leftover_cards else 0
        return HAND_SIZE + self.full_rounds + extra
