"""Telling a real piece from a forged one, without trusting the object.

Every ``Domino`` and ``Card`` made by its constructor is real (the constructors refuse bad
ends, ranks and suits). :func:`is_piece` also refuses objects made around the constructor
(``object.__new__``, a subclass, fields set with ``object.__setattr__``): it reads the class
with ``type()`` and every field by its exact type, and never raises.

>>> from tablegames.pieces import CARDS, Domino
>>> is_piece(Domino(6, 4)), is_piece(CARDS[51]), is_piece(object.__new__(Domino)), is_piece(25)
(True, True, False, False)
"""

from __future__ import annotations

from .cards import Card, Rank, Suit
from .dominoes import Domino


def is_piece(value: object) -> bool:
    """True for a domino or a card whose fields are what its constructor makes.

    >>> forged = object.__new__(Domino)
    >>> for name, field in (("high", True), ("low", False), ("index", 1)):
    ...     object.__setattr__(forged, name, field)
    >>> is_piece(forged)
    False
    """
    kind = type(value)
    try:
        if kind is Domino:
            high = object.__getattribute__(value, "high")
            low = object.__getattribute__(value, "low")
            index = object.__getattribute__(value, "index")
            return (
                type(high) is int
                and type(low) is int
                and type(index) is int
                and 0 <= low <= high <= 6
                and index == high * (high + 1) // 2 + low
            )
        if kind is Card:
            rank = object.__getattribute__(value, "rank")
            suit = object.__getattribute__(value, "suit")
            index = object.__getattribute__(value, "index")
            return (
                type(rank) is Rank
                and type(suit) is Suit
                and type(index) is int
                and index == 13 * suit + rank - 2
            )
    except AttributeError:  # a slot never set: made around the constructor
        return False
    return False


__all__ = ["is_piece"]
