"""Chance made explicit: a shuffle is a step of its own, resolved by a seeded helper.

A state waiting on chance has ``is_chance`` set; :func:`shuffle` draws the step and
``state.apply`` takes it like any other action, so a test can instead name the exact deal.

>>> import random
>>> from tablegames.pieces import dominoes
>>> deal = shuffle(dominoes("6:6 5:5 4:4"), random.Random(1))
>>> sorted(str(p) for p in deal.order)
['4:4', '5:5', '6:6']
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TypeVar

from tablegames.pieces.sets import Piece

from .actions import Deal

P = TypeVar("P", bound=Piece)


def shuffle(deck: Iterable[P], rng: random.Random) -> Deal[P]:
    """A uniformly shuffled deal of ``deck`` drawn from ``rng``.

    >>> import random
    >>> from tablegames.pieces import DOUBLE_SIX
    >>> len(shuffle(DOUBLE_SIX, random.Random(0)).order)
    28
    """
    pieces = list(deck)
    rng.shuffle(pieces)
    return Deal(tuple(pieces))


def rng_for(seed: int | str | None) -> random.Random:
    """A private random generator: reproducible for a seed, fresh entropy for ``None``.

    >>> rng_for(5).random() == rng_for(5).random()
    True
    """
    return random.Random(seed)
