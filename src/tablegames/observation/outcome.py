"""What a match is worth to each seat: ``returns`` at the end, ``standing`` along the way.

Returns follow the winners: every winning seat gets +1 and the losing seats share the
opposite, so returns always sum to zero. Texas 42 (two sides of two) gives +1 to each winner
and -1 to each loser; a single winner among four gets +1 and the others -1/3 each. Before the end,
and when everybody wins, every seat gets 0.

>>> import random
>>> from tablegames import texas42
>>> from tablegames.core import play_randomly
>>> final = play_randomly(texas42.new_match(texas42.Rules(target=40)), random.Random(3))
>>> sorted(returns(final)), sum(returns(final))
([-1.0, -1.0, 1.0, 1.0], 0.0)
"""

from __future__ import annotations

from typing import TypeVar

from tablegames.core.game import GameState

A = TypeVar("A")


def players(state: GameState[A]) -> int:
    """How many seats play in ``state``'s match.

    >>> from tablegames import quartets
    >>> players(quartets.new_match(quartets.Rules(players=5)))
    5
    """
    return int(getattr(state.rules, "players", 4))


def returns(state: GameState[A]) -> tuple[float, ...]:
    """The result of the match for each seat (zero-sum; see the module doc).

    >>> from tablegames import ninety_two
    >>> returns(ninety_two.new_match())
    (0.0, 0.0, 0.0, 0.0)
    """
    n = players(state)
    winners = set(state.winners) if state.is_over else set()
    if not winners or len(winners) == n:
        return (0.0,) * n
    loss = -len(winners) / (n - len(winners))
    return tuple(1.0 if seat in winners else loss for seat in range(n))


def scores(state: GameState[A]) -> tuple[float, ...]:
    """Each seat's running score in the game's own units: its side's points (Texas 42), its
    points (Ninety-Two, Quartets) or its chips (Preference).

    >>> from tablegames import texas42
    >>> scores(texas42.new_match())
    (0.0, 0.0, 0.0, 0.0)
    """
    name = state.game_name
    if name == "texas42":
        sides = state.scores  # type: ignore[attr-defined]
        return tuple(float(sides[seat % 2]) for seat in range(4))
    if name == "preference":
        return tuple(float(c) for c in state.stacks)  # type: ignore[attr-defined]
    return tuple(float(s) for s in state.scores)  # type: ignore[attr-defined]


def score_unit(state: GameState[A]) -> float:
    """The score that counts as 1 in :func:`standing`: the target score (Texas 42,
    Ninety-Two), the starting stack (Preference) or the 13 sets of a deal (Quartets).

    >>> from tablegames import preference
    >>> score_unit(preference.new_match())
    100.0
    """
    rules = state.rules
    name = state.game_name
    if name == "texas42":
        return float(rules.game_target)
    if name == "ninety-two":
        return float(rules.target)
    if name == "preference":
        return float(rules.starting_stack or 1)
    return 13.0


def standing(state: GameState[A]) -> tuple[float, ...]:
    """How far each seat's score is ahead of the table's average, in :func:`score_unit`.

    Zero-sum at every moment; the change from one hand to the next is the per-hand reward the
    PettingZoo environment can pay.

    >>> from tablegames import texas42
    >>> standing(texas42.new_match())
    (0.0, 0.0, 0.0, 0.0)
    """
    values = scores(state)
    mean = sum(values) / len(values)
    unit = score_unit(state)
    return tuple((v - mean) / unit for v in values)
