"""Texas 42 rule settings. ``Rules()`` is the seed's game: points bids to 42 then 84 and 168,
all seven tricks played, game to 250 points.

>>> Rules().game_target, Rules(scoring="marks").game_target
(250, 7)
>>> Rules(bid_ladder="steps")
Traceback (most recent call last):
...
tablegames.core.errors.RulesError: bid_ladder is 'points' or 'marks', not 'steps'
"""

from __future__ import annotations

from typing import Literal

import attrs

from tablegames.core.errors import RulesError
from tablegames.core.settings import MAX_TARGET, choice, flag, strict_rules, whole
from tablegames.core.text import describe

BidLadder = Literal["points", "marks"]
Scoring = Literal["points", "marks"]


@strict_rules
@attrs.frozen
class Rules:
    """The settings of a Texas 42 match (see docs/texas42.md for each rule and its reason).

    Every setting is checked: a bool is not a number, a number is not a flag, and anything
    wrong raises :class:`~tablegames.core.errors.RulesError` naming the setting.

    >>> Rules(forced_bid=True, scoring="marks").game_target
    7
    >>> Rules(target=1.5)
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RulesError: target is a whole number, not 1.5
    """

    first_dealer: int = 0
    """Seat of the first dealer; the deal then passes left."""
    forced_bid: bool = False
    """When the other three pass, the dealer must bid at least 30 (default: throw the hand in)."""
    bid_ladder: BidLadder = "points"
    """``points``: 30..42, 84 only over 42, 168 only over 84. ``marks``: 30..42 or 84 while no
    mark bid stands, then one more mark (42 points) at a time."""
    scoring: Scoring = "points"
    """``points``: the seed's settlement, game to 250. ``marks``: one mark per 42 bid, game to 7,
    and a hand stops as soon as it is decided."""
    doubles_trump: bool = False
    """The high bidder may name the seven doubles as trumps (``trump doubles``), 6:6 highest."""
    follow_me: bool = False
    """The high bidder may name no trump (``trump none``): every tile leads its higher end."""
    target: int | None = None
    """The score that ends the match (1 to 1,000,000); ``None`` means 250 points or 7 marks."""

    def __attrs_post_init__(self) -> None:
        if type(self.first_dealer) is not int or self.first_dealer not in range(4):
            raise RulesError(f"first_dealer is a seat 0..3, not {describe(self.first_dealer)}")
        for name in ("forced_bid", "doubles_trump", "follow_me"):
            flag(name, getattr(self, name))
        choice("bid_ladder", self.bid_ladder, ("points", "marks"))
        choice("scoring", self.scoring, ("points", "marks"))
        if self.target is not None:
            if type(self.target) is int and self.target < 1:
                raise RulesError(f"target must be at least 1, not {self.target}")
            whole("target", self.target, 1, MAX_TARGET)

    @property
    def game_target(self) -> int:
        """The score that wins the match under these rules."""
        if self.target is not None:
            return self.target
        return 7 if self.scoring == "marks" else 250
