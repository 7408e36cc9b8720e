"""How dominoes become suits for the trick core, under each trump and contract.

A tile bearing the trump number is a trump and nothing else. Any other tile led makes its
higher end the suit (a double, its number); it follows a suit when it bears that number.
Within a suit the double ranks highest, then the other end, six down to blank. Nello and
sevens have models of their own (:func:`nello_model`, and sevens' in
:mod:`tablegames.texas42.contracts`); :func:`model_for` gives the model of any trump code.

>>> from tablegames.pieces import Domino
>>> model = MODELS[4]                      # fours are trump
>>> model.suit_names[model.lead_suit[Domino(6, 5).index]]
'sixes'
>>> model.lead_suit[Domino(6, 4).index]    # bears a four: a trump
4
"""

from __future__ import annotations

import functools

import attrs

from tablegames.pieces.dominoes import DOMINO_UNIVERSE, DOMINOES
from tablegames.tricks.model import TrickModel

from .contracts import NELLO_MODES, NELLO_SUIT, SEVENS, SEVENS_MODEL, is_nello
from .rules import Rules
from .trumps import (
    COUNT,
    DOUBLES,
    DOUBLES_MASK,
    NO_TRUMP,
    SUIT_NAMES,
    bearing,
    higher_end,
    trump_name,
)

__all__ = [
    "COUNT",
    "DOUBLES",
    "DOUBLES_MASK",
    "MODELS",
    "NO_TRUMP",
    "SUIT_NAMES",
    "bearing",
    "contract_model",
    "domino_model",
    "higher_end",
    "model_for",
    "model_of",
    "nello_model",
    "trump_name",
]


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
    return TrickModel(DOMINO_UNIVERSE, lead, follow_masks, strength, model_trump, names)


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
    return TrickModel(DOMINO_UNIVERSE, lead, follow_masks, strength, None, names)


def contract_model(trump: int, follow: str) -> TrickModel:
    """The trick model of a trump code under ``follow`` (the special contracts included),
    made anew (:func:`model_for` keeps each one).

    >>> contract_model(SEVENS, "either_end") is SEVENS_MODEL
    True
    """
    if trump == SEVENS:
        return SEVENS_MODEL
    if is_nello(trump):
        return nello_model(NELLO_MODES[trump - NELLO_SUIT], follow)
    if trump > NO_TRUMP:
        raise ValueError(f"no trump has the code {trump}")
    return domino_model(trump, follow)


CONTRACT_MODELS = 32
"""How many models :func:`model_for` keeps, by trump code and ``follow`` (values): there are 13
codes and two ways to follow, so the bound is never reached."""


def model_for(trump: int, follow: str = "either_end") -> TrickModel:
    """The trick model of a named trump (numbers, ``DOUBLES``, ``NO_TRUMP`` or one of the
    special contracts' codes, see :mod:`tablegames.texas42.contracts`) under ``follow``: made
    once for each (see :data:`CONTRACT_MODELS`), and pickled as this call.

    >>> model_for(4) is MODELS[4], model_for(4).recipe[1]
    (True, (4, 'either_end'))
    """
    return _kept_model(trump, follow)


@functools.lru_cache(maxsize=CONTRACT_MODELS)
def _kept_model(trump: int, follow: str) -> TrickModel:
    return attrs.evolve(contract_model(trump, follow), recipe=(model_for, (trump, follow)))


def model_of(trump: int, rules: Rules) -> TrickModel:
    """The trick model of the trump code ``trump`` under ``rules``: the one place the rules
    choose a model (an option that changes who may play what or who takes a trick is read
    here, and goes into the model and its recipe).

    >>> model_of(12, Rules(follow="higher_end")) is model_for(12, "higher_end")
    True
    """
    return model_for(trump, rules.follow)


MODELS: tuple[TrickModel, ...] = tuple(model_for(t) for t in range(NO_TRUMP + 1))
"""The trick model for each trump choice: numbers 0..6, then ``DOUBLES`` and ``NO_TRUMP``."""
