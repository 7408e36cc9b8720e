"""What the adapters need to know about each game beyond its contract: the deck it deals from,
how many seats play, and a bound on the length of a match.

A match has no hard bound in most games (hands that everybody passes are dealt again), so the
adapters end a match that reaches :func:`max_moves` moves, chance draws included, as truncated:
every seat's return is then 0. The bound is several times the length of a long match, so
random and searching play practically never reach it.

>>> from tablegames import texas42
>>> max_moves("texas42", texas42.Rules(target=60))
1104
"""

from __future__ import annotations

import math
from typing import Any

from tablegames.games import get_game


def deck_size(name: str) -> int:
    """How many pieces a deal of game ``name`` shuffles.

    >>> deck_size("preference"), deck_size("quartets")
    (32, 52)
    """
    return len(get_game(name).deck)


def players(rules: object) -> int:
    """How many seats play under ``rules`` (4 unless the rules say otherwise).

    >>> from tablegames import quartets
    >>> players(quartets.Rules(players=6))
    6
    """
    return int(getattr(rules, "players", 4))


def max_moves(name: str, rules: Any) -> int:
    """The number of moves (one-piece chance draws included) after which the adapters stop a
    match as truncated.

    >>> from tablegames import preference
    >>> max_moves("preference", preference.Rules(deals=2))
    280
    """
    deck = deck_size(name)
    n = players(rules)
    if name == "texas42":
        target = rules.game_target
        per_hand_points = 1 if rules.scoring == "marks" else 30
        hands = 2 * math.ceil(target / per_hand_points)
        return int(4 * hands * (deck + 4 + 1 + 28) + 4 * (deck + 4))
    if name == "ninety-two":
        hands = 2 * n * math.ceil(rules.target / 3)
        return int(hands * (deck + n + 1 + deck))
    if name == "preference":
        return int(2 * rules.deals * (deck + 3 + 3 + 2 + 30))
    deals = rules.deals or n
    return int(4 * deals * (deck + 50 * n))
