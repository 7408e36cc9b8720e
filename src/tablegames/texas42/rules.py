"""Texas 42 rule settings. ``Rules()`` is the seed's game: points bids to 42 then 84 and 168,
all seven tricks played, game to 250 points.

>>> Rules().game_target, Rules(scoring="marks").game_target
(250, 7)
>>> Rules(bid_ladder="steps")
Traceback (most recent call last):
...
tablegames.core.errors.RulesError: bid_ladder is 'points' or 'marks', not 'steps'
>>> Rules(nello=True)
Traceback (most recent call last):
...
tablegames.core.errors.RulesError: nello is a special contract of the tournament game: \
it needs scoring='marks' and bid_ladder='marks', not scoring='points' and bid_ladder='points'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Literal

import attrs

from tablegames.core.errors import RulesError
from tablegames.core.settings import MAX_TARGET, GameRules, choice, flag, strict_rules, whole
from tablegames.core.text import describe

BidLadder = Literal["points", "marks"]
Scoring = Literal["points", "marks"]
NelloDoubles = Literal["choose", "suit", "high", "low"]
Follow = Literal["either_end", "higher_end"]

SPECIAL_CONTRACTS = ("nello", "plunge", "splash", "sevens")
"""The special contracts: each needs ``scoring="marks"`` and ``bid_ladder="marks"``."""


@strict_rules
@attrs.frozen(cache_hash=True)
class Rules(GameRules):
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

    played_as: ClassVar[Mapping[str, str]] = {"target": "game_target"}

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
    nello: bool = False
    """Special contract: a bidder of at least one mark may name ``trump nello suit|high|low``
    and must win no trick; the partner lays their tiles aside (needs marks scoring and ladder)."""
    nello_doubles: NelloDoubles = "choose"
    """Doubles in nello: ``choose`` (the bidder names the mode), ``suit`` (a suit of their own),
    ``high`` (highest of their number) or ``low`` (lowest of their number)."""
    plunge: bool = False
    """Special contract: a holder of four doubles may call ``bid plunge`` (4 marks or one mark
    over the standing bid); the partner names trump and leads; all 7 tricks."""
    splash: bool = False
    """Special contract: as plunge with three doubles (``bid splash``), worth ``splash_marks``."""
    splash_marks: int = 2
    """What a splash is worth at least: 2 or 3 marks."""
    sevens: bool = False
    """Special contract: a bidder of at least one mark may name ``trump sevens``: each plays a
    tile closest to 7 pips, the closest takes the trick, and the bidders must take all 7."""
    follow: Follow = "either_end"
    """``either_end``: a tile bearing the led number follows (6:5 follows fives).
    ``higher_end``: only a tile whose higher end is the led number follows."""

    def __attrs_post_init__(self) -> None:
        if type(self.first_dealer) is not int or self.first_dealer not in range(4):
            raise RulesError(f"first_dealer is a seat 0..3, not {describe(self.first_dealer)}")
        for name in ("forced_bid", "doubles_trump", "follow_me", *SPECIAL_CONTRACTS):
            flag(name, getattr(self, name))
        choice("bid_ladder", self.bid_ladder, ("points", "marks"))
        choice("scoring", self.scoring, ("points", "marks"))
        choice("nello_doubles", self.nello_doubles, ("choose", "suit", "high", "low"))
        choice("follow", self.follow, ("either_end", "higher_end"))
        if type(self.splash_marks) is not int or self.splash_marks not in (2, 3):
            raise RulesError(f"splash_marks is 2 or 3, not {describe(self.splash_marks)}")
        if self.target is not None:
            if type(self.target) is int and self.target < 1:
                raise RulesError(f"target must be at least 1, not {describe(self.target)}")
            whole("target", self.target, 1, MAX_TARGET)
        for name in SPECIAL_CONTRACTS:
            if getattr(self, name) and (self.scoring, self.bid_ladder) != ("marks", "marks"):
                raise RulesError(
                    f"{name} is a special contract of the tournament game: it needs "
                    f"scoring='marks' and bid_ladder='marks', not scoring={self.scoring!r} "
                    f"and bid_ladder={self.bid_ladder!r}"
                )

    @property
    def special(self) -> bool:
        """True when any special contract is on.

        >>> Rules().special, Rules(scoring="marks", bid_ladder="marks", sevens=True).special
        (False, True)
        """
        return self.nello or self.plunge or self.splash or self.sevens

    @property
    def game_target(self) -> int:
        """The score that wins the match under these rules."""
        if self.target is not None:
            return self.target
        return 7 if self.scoring == "marks" else 250
