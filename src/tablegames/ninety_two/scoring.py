"""Settling a deal and deciding the match. Scores are per player; teams change every deal.

The bidding team must take exactly the tricks bid: then each of its members scores 3 per trick
the team took, and the opponents nothing (or, with ``defenders_score_when_made``, 3 per trick
they took). Any other count: the bidding team scores nothing and each opponent scores 3 per
trick the opponents took.

Results read (made, each bidder's score, each opponent's score):

>>> settle(5, team_tricks=5, opponents_tricks=8, rules=Rules())
(True, 15, 0)
>>> settle(5, team_tricks=6, opponents_tricks=7, rules=Rules())
(False, 0, 21)
>>> settle(5, team_tricks=5, opponents_tricks=8, rules=Rules(defenders_score_when_made=True))
(True, 15, 24)
"""

from __future__ import annotations

from collections.abc import Sequence

from tablegames.core.seats import leaders

from .rules import Rules

POINTS_PER_TRICK = 3


def settle(
    bid: int, team_tricks: int, opponents_tricks: int, rules: Rules
) -> tuple[bool, int, int]:
    """Whether the bid was made exactly, and what each bidder and each opponent scores.

    >>> settle(3, team_tricks=2, opponents_tricks=11, rules=Rules())
    (False, 0, 33)
    """
    if team_tricks == bid:
        theirs = POINTS_PER_TRICK * opponents_tricks if rules.defenders_score_when_made else 0
        return True, POINTS_PER_TRICK * team_tricks, theirs
    return False, 0, POINTS_PER_TRICK * opponents_tricks


def deal_scores(
    bid: int, team: Sequence[int], won: Sequence[int], rules: Rules
) -> tuple[bool, tuple[int, ...]]:
    """Whether the bid was made, and each seat's score for the deal, from tricks won by seat.

    >>> deal_scores(2, team=(0, 2), won=(1, 5, 1, 6), rules=Rules())
    (True, (6, 0, 6, 0))
    >>> deal_scores(3, team=(0, 2), won=(1, 5, 1, 6), rules=Rules())
    (False, (0, 33, 0, 33))
    """
    team_tricks = sum(won[s] for s in team)
    made, ours, theirs = settle(bid, team_tricks, sum(won) - team_tricks, rules)
    members = set(team)
    return made, tuple(ours if s in members else theirs for s in range(len(won)))


def match_winners(scores: Sequence[int], rules: Rules) -> tuple[int, ...]:
    """The seats with the highest total once anyone has reached the target; empty before.

    >>> match_winners((93, 95, 95, 12), Rules()), match_winners((91, 0, 0, 0), Rules())
    ((1, 2), ())
    """
    if max(scores) < rules.target:
        return ()
    return leaders(scores)
