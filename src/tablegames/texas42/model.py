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

import functools

from tablegames.pieces.dominoes import DOMINO_UNIVERSE, DOMINOES
from tablegames.tricks.model import TrickModel, publish_models, publish_recipe

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


DOUBLES = 7
"""The trump "suit" of the seven doubles (option ``doubles_trump``)."""
NO_TRUMP = 8
"""Follow-me: no trumps at all (option ``follow_me``)."""
DOUBLES_MASK = sum(1 << d.index for d in DOMINOES if d.is_double)


def trump_name(trump: int) -> str:
    """How a trump choice is named: ``fives``, ``doubles`` or ``no trump``.

    >>> trump_name(5), trump_name(DOUBLES), trump_name(NO_TRUMP)
    ('fives', 'doubles', 'no trump')
    """
    if trump == DOUBLES:
        return "doubles"
    if trump == NO_TRUMP:
        return "no trump"
    return SUIT_NAMES[trump]


def higher_end(number: int) -> int:
    """Mask of the seven tiles whose higher end is ``number`` (a double's is its number).

    >>> from tablegames.pieces import PieceSet, DOMINO_UNIVERSE
    >>> str(PieceSet(higher_end(2), DOMINO_UNIVERSE))
    '2:0 2:1 2:2'
    """
    mask = 0
    for d in DOMINOES:
        if d.high == number:
            mask |= 1 << d.index
    return mask


def domino_model(trump: int, follow: str = "either_end") -> TrickModel:
    """The trick model with ``trump`` (0..6, ``DOUBLES`` or ``NO_TRUMP``) as trumps.

    Numbers 0..6 are suits 0..6; the doubles, when they are trumps, are suit 7 and rank by
    their pips. With no trump each double is the highest tile of its number. Under
    ``follow="higher_end"`` a non-trump tile follows only the number that is its higher end.

    >>> from tablegames.pieces import Domino
    >>> five = domino_model(0, "higher_end").follow_masks[5]
    >>> bool(five >> Domino(6, 5).index & 1), bool(five >> Domino(5, 3).index & 1)
    (False, True)

    >>> domino_model(5).trump, domino_model(5).suit_names[5]
    (5, 'trumps (fives)')
    >>> domino_model(NO_TRUMP).trump is None, domino_model(DOUBLES).suit_names[DOUBLES]
    (True, 'trumps (doubles)')
    """
    if trump == DOUBLES:
        trump_mask = DOUBLES_MASK
    elif trump == NO_TRUMP:
        trump_mask = 0
    else:
        trump_mask = bearing(trump)
    lead = tuple(trump if trump_mask >> d.index & 1 else d.high for d in DOMINOES)
    numbers = bearing if follow == "either_end" else higher_end
    follow_masks = tuple(
        trump_mask if s == trump else (numbers(s) if s < DOUBLES else DOUBLES_MASK) & ~trump_mask
        for s in range(DOUBLES + 1)
    )
    strength = (
        *(
            tuple((7 if d.is_double else d.other_end(s)) if d.bears(s) else 0 for d in DOMINOES)
            for s in range(7)
        ),
        tuple(d.high if d.is_double else 0 for d in DOMINOES),
    )
    names = tuple(
        f"trumps ({n})" if s == trump else n for s, n in enumerate((*SUIT_NAMES, "doubles"))
    )
    model_trump = None if trump == NO_TRUMP else trump
    return TrickModel(DOMINO_UNIVERSE, lead, follow_masks, strength, model_trump, names)  # type: ignore[arg-type]


MODELS: tuple[TrickModel, ...] = tuple(domino_model(t) for t in range(NO_TRUMP + 1))
"""The trick model for each trump choice: numbers 0..6, then ``DOUBLES`` and ``NO_TRUMP``."""
publish_models("texas42.MODELS", MODELS)


def nello_model(doubles: str, follow: str = "either_end") -> TrickModel:
    """The trick model of nello: no trump; ``doubles`` is ``suit`` (the doubles are a suit of
    their own, 6:6 high), ``high`` (a double is the highest of its number) or ``low`` (the
    lowest of its number).

    >>> from tablegames.pieces import Domino
    >>> low = nello_model("low")
    >>> k = low.keys[5]
    >>> k[Domino(5, 5).index] < k[Domino(5, 0).index]
    True
    >>> suit = nello_model("suit")
    >>> suit.lead_suit[Domino(5, 5).index], bool(suit.follow_masks[5] >> Domino(5, 5).index & 1)
    (7, False)
    """
    if doubles == "high":
        return domino_model(NO_TRUMP, follow)
    numbers = bearing if follow == "either_end" else higher_end
    own_suit = doubles == "suit"
    lead = tuple(DOUBLES if own_suit and d.is_double else d.high for d in DOMINOES)
    follow_masks = (
        *((numbers(s) & ~DOUBLES_MASK if own_suit else numbers(s)) for s in range(7)),
        DOUBLES_MASK,
    )
    strength = (
        *(
            tuple(
                (0 if doubles == "low" else 8)
                if d.is_double and d.bears(s)
                else (d.other_end(s) + 1 if d.bears(s) else 0)
                for d in DOMINOES
            )
            for s in range(7)
        ),
        tuple(d.high if d.is_double else 0 for d in DOMINOES),
    )
    names = (*SUIT_NAMES, "doubles")
    return TrickModel(DOMINO_UNIVERSE, lead, follow_masks, strength, None, names)  # type: ignore[arg-type]


@functools.cache
def model_for(trump: int, follow: str = "either_end") -> TrickModel:
    """The trick model of a named trump (numbers, ``DOUBLES``, ``NO_TRUMP`` or one of the
    special contracts' codes, see :mod:`tablegames.texas42.contracts`) under ``follow``.

    >>> model_for(4) is MODELS[4]
    True
    """
    if follow == "either_end" and trump <= NO_TRUMP:
        return MODELS[trump]
    from .contracts import contract_model  # noqa: PLC0415 (contracts builds on this module)

    model = contract_model(trump, follow)
    publish_recipe(model, model_for, (trump, follow))
    return model
