"""Settling a deal and deciding the match.

A declarer who takes 6 or more of the 10 tricks has made the game and takes the payout for the
trump suit from the pot, or the whole pot when the payout is larger. Otherwise the declarer pays
the penalty for the trump suit into the pot. A stack may go below zero.

>>> from tablegames.pieces import Suit
>>> settle(6, Suit.HEARTS, pot=20, rules=Rules())      # (made, declarer's change, pot after)
(True, 4, 16)
>>> settle(5, Suit.CLUBS, pot=20, rules=Rules())
(False, -2, 22)
>>> settle(10, Suit.HEARTS, pot=3, rules=Rules())      # the payout is capped by the pot
(True, 3, 0)
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from tablegames.core.seats import Seat, leaders

from .rules import Contract, Rules

TRICKS = 10
"""Tricks in a deal.

>>> TRICKS
10
"""
GAME = 6
"""Tricks the declarer must take.

>>> GAME
6
"""


@attrs.frozen
class Goal:
    """What a contract asks of its declarer: at least ``tricks`` of the ``deal``'s tricks, or
    (``at_most``) no more than ``tricks`` of them.

    >>> six = Goal(6, 10)
    >>> six.made(6), six.made(5), six.margin(7.5), Goal(0, 10, at_most=True).made(1)
    (True, False, 1.5, False)
    """

    tricks: int
    """The tricks the goal counts: the least to take, or (``at_most``) the most."""
    deal: int
    """The tricks in a deal."""
    at_most: bool = False
    """True when the declarer must take no more than :attr:`tricks`."""

    def made(self, taken: int) -> bool:
        """Whether a declarer who took ``taken`` tricks made the game.

        >>> Goal(0, 10, at_most=True).made(0)
        True
        """
        return taken <= self.tricks if self.at_most else taken >= self.tricks

    def margin(self, counted: float) -> float:
        """How far a count of tricks (an estimate) is on the good side of the goal: positive
        when it makes the game, and the more the safer.

        >>> Goal(6, 10).margin(4), Goal(1, 10, at_most=True).margin(0.5)
        (-2, 0.5)
        """
        return self.tricks - counted if self.at_most else counted - self.tricks

    @property
    def making(self) -> str:
        """The tricks that make the game, in words: ``6`` or ``at most 0``.

        >>> Goal(6, 10).making, Goal(0, 10, at_most=True).making
        ('6', 'at most 0')
        """
        return f"at most {self.tricks}" if self.at_most else str(self.tricks)


_GAME_GOAL = Goal(GAME, TRICKS)


def contract_goal(trump: Contract | None) -> Goal:
    """The goal of the contract in force (trumps ``trump``, or not yet named): every game asks
    :data:`GAME` of :data:`TRICKS`. The goal is read here, so a contract with another goal
    changes it here.

    >>> from tablegames.pieces import Suit
    >>> contract_goal(Suit.HEARTS)
    Goal(tricks=6, deal=10, at_most=False)
    """
    return _GAME_GOAL


def settle(tricks: int, trump: Contract, pot: int, rules: Rules) -> tuple[bool, int, int]:
    """Whether the game was made, the declarer's change in chips, and the pot after.

    >>> from tablegames.pieces import Suit
    >>> settle(7, Suit.SPADES, pot=0, rules=Rules())
    (True, 0, 0)
    """
    if contract_goal(trump).made(tricks):
        won = min(rules.payout_for(trump), pot)
        return True, won, pot - won
    paid = rules.penalty_for(trump)
    return False, -paid, pot + paid


def match_winners(stacks: Sequence[int]) -> tuple[Seat, ...]:
    """The seats with the largest stack (joint winners on a tie).

    >>> match_winners((97, 110, 110, 63))
    (1, 2)
    """
    return leaders(stacks)
