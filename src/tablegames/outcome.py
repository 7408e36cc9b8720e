"""What a finished match is worth to each seat, as the game counts it: ``returns(state)``.

- Texas 42: its side's match score (points, or marks under ``scoring="marks"``), the same for
  both seats of a side; ``winners`` is the side that reached the target.
- Ninety-Two: its points; ``winners``: the highest total once someone reaches the target
  (joint winners on a tie).
- Preference: chips won or lost, its stack less the starting stack; ``winners``: the largest
  stack after the last deal (joint winners on a tie).
- Quartets: the sets it laid down over the match; ``winners``: the most sets (joint winners).

Returns are defined at every moment (the running score), so they can be read mid-match too.
They are in the game's own units and need not sum to zero; for a zero-sum +1/-1 signal (as
OpenSpiel wants) see :func:`tablegames.observation.outcome.returns`.

>>> import random
>>> from tablegames import preference
>>> from tablegames.core import play_randomly
>>> final = play_randomly(preference.new_match(preference.Rules(deals=4)), random.Random(2))
>>> values = returns(final)
>>> len(values), sum(values) + final.pot  # chips are only ever moved to or from the pot
(4, 0.0)
"""

from __future__ import annotations

from typing import Any

from tablegames.core.errors import TableGamesError


def returns(state: Any) -> tuple[float, ...]:
    """Each seat's result so far, in the game's units (see the module doc).

    >>> from tablegames import texas42, quartets
    >>> returns(texas42.new_match()), returns(quartets.new_match(quartets.Rules(players=3)))
    ((0.0, 0.0, 0.0, 0.0), (0.0, 0.0, 0.0))
    """
    name = getattr(state, "game_name", None)
    if name == "texas42":
        sides = state.scores
        return tuple(float(sides[seat % 2]) for seat in range(4))
    if name == "preference":
        start = state.rules.starting_stack
        return tuple(float(chips - start) for chips in state.stacks)
    if name in ("ninety-two", "quartets"):
        return tuple(float(points) for points in state.scores)
    raise TableGamesError(f"No returns are defined for {type(state).__name__}.")


__all__ = ["returns"]
