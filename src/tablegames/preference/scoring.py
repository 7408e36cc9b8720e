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

from tablegames.core.seats import Seat
from tablegames.pieces.cards import Suit

from .rules import Rules

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


def contract_goal(trump: Suit | None) -> tuple[int, int]:
    """The goal of the contract in force (trumps ``trump``, or not yet named): the tricks its
    declarer must take, and the tricks in a deal (every game asks :data:`GAME` of
    :data:`TRICKS`: the goal is read here, so a contract with another goal changes it here).

    >>> contract_goal(Suit.HEARTS)
    (6, 10)
    """
    return GAME, TRICKS


def game_made(tricks: int) -> bool:
    """Whether a declarer who took ``tricks`` made the game (:data:`GAME` of them or more).

    >>> game_made(6), game_made(5)
    (True, False)
    """
    return tricks >= GAME


def settle(tricks: int, trump: Suit, pot: int, rules: Rules) -> tuple[bool, int, int]:
    """Whether the game was made, the declarer's change in chips, and the pot after.

    >>> settle(7, Suit.SPADES, pot=0, rules=Rules())
    (True, 0, 0)
    """
    if game_made(tricks):
        won = min(rules.payout_for(trump), pot)
        return True, won, pot - won
    paid = rules.penalty_for(trump)
    return False, -paid, pot + paid


def match_winners(stacks: Sequence[int]) -> tuple[Seat, ...]:
    """The seats with the largest stack (joint winners on a tie).

    >>> match_winners((97, 110, 110, 63))
    (1, 2)
    """
    best = max(stacks)
    return tuple(seat for seat, chips in enumerate(stacks) if chips == best)
