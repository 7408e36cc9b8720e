"""Who takes a trick: the highest trump, else the highest piece of the suit led.

A game may supply a special-winner hook through its model (Ninety-Two's duplicate two); the
hook is asked first and the normal rule decides when it declines.

>>> from tablegames.tricks import plain_card_model
>>> from tablegames.pieces import Card, Suit
>>> model = plain_card_model(Suit.HEARTS)
>>> trick = tuple(Card.parse(c).index for c in ("QS", "AS", "7H", "KD"))
>>> trick_winner(trick, model)
2
"""

from __future__ import annotations

from .model import TrickModel


def trick_winner(pieces: tuple[int, ...], model: TrickModel) -> int:
    """The position (0 = the lead) of the piece that takes the complete trick ``pieces``.

    >>> from tablegames.pieces import Card
    >>> from tablegames.tricks import plain_card_model
    >>> trick_winner(tuple(Card.parse(c).index for c in ("9C", "AC")), plain_card_model(None))
    1
    """
    if model.special_winner is not None:
        special = model.special_winner(pieces, model)
        if special is not None:
            return special
    return leading_position(pieces, model)


def leading_position(pieces: tuple[int, ...], model: TrickModel) -> int:
    """The position of the piece heading ``pieces`` by the normal rule (highest trump, else the
    highest of the suit led): the winner of a complete trick without a special rule, or who is
    winning a trick still in progress.

    >>> from tablegames.pieces import Card, Suit
    >>> from tablegames.tricks import plain_card_model
    >>> leading_position(tuple(Card.parse(c).index for c in ("9C", "KC", "2H")),
    ...     plain_card_model(Suit.HEARTS))
    2
    """
    keys = model.keys[model.lead_suit[pieces[0]]]
    best = position = 0
    top = keys[pieces[0]]
    for piece in pieces:  # the lead against itself changes nothing: the loop stays plain
        key = keys[piece]
        if key > top:
            best, top = position, key
        position += 1  # noqa: SIM113 (cheaper than enumerate: no pair per piece)
    return best
