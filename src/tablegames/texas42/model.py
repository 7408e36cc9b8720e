"""How dominoes become suits for the trick core, under each trump.

A tile bearing the trump number is a trump and nothing else. Any other tile led makes its
higher end the suit (a double, its number); it follows a suit when it bears that number.
Within a suit the double ranks highest, then the other end, six down to blank.

>>> from tablegames.pieces import Domino
>>> model = MODELS[4]                      # fours are trump
>>> model.suit_names[model.lead_suit[Domino(6, 5).index]]
'sixes'
>>> model.lead_suit[Domino(6, 4).index]    # bears a four: a trump
4
"""

from __future__ import annotations

from tablegames.pieces.dominoes import DOMINO_UNIVERSE, DOMINOES
from tablegames.tricks.model import TrickModel

SUIT_NAMES = ("blanks", "ones", "twos", "threes", "fours", "fives", "sixes")
COUNT = tuple(d.count for d in DOMINOES)
"""By tile index: count points (10 for 5:5 and 6:4, 5 for 5:0, 4:1 and 3:2)."""


def bearing(number: int) -> int:
    """Mask of the seven tiles that show ``number``.

    >>> from tablegames.pieces import PieceSet, DOMINO_UNIVERSE
    >>> str(PieceSet(bearing(6), DOMINO_UNIVERSE))
    '6:0 6:1 6:2 6:3 6:4 6:5 6:6'
    """
    mask = 0
    for d in DOMINOES:
        if d.bears(number):
            mask |= 1 << d.index
    return mask


def domino_model(trump: int | None) -> TrickModel:
    """The trick model with ``trump`` (0..6) as trumps, or no trump for ``None``.

    >>> domino_model(5).trump, domino_model(5).suit_names[5]
    (5, 'trumps (fives)')
    """
    trump_mask = bearing(trump) if trump is not None else 0
    lead = tuple(trump if trump_mask >> d.index & 1 else d.high for d in DOMINOES)
    follow = tuple(trump_mask if s == trump else bearing(s) & ~trump_mask for s in range(7))
    strength = tuple(
        tuple((7 if d.is_double else d.other_end(s)) if d.bears(s) else 0 for d in DOMINOES)
        for s in range(7)
    )
    names = tuple(f"trumps ({n})" if s == trump else n for s, n in enumerate(SUIT_NAMES))
    return TrickModel(DOMINO_UNIVERSE, lead, follow, strength, trump, names)  # type: ignore[arg-type]


MODELS: tuple[TrickModel, ...] = tuple(domino_model(t) for t in range(7))
"""The trick model for each trump number 0..6."""
