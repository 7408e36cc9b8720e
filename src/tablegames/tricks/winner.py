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

_TRUMP_BONUS = 1 << 10


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
    led = model.lead_suit[pieces[0]]
    led_mask = model.follow_masks[led]
    led_rank = model.strength[led]
    trump = model.trump
    trump_mask = model.follow_masks[trump] if trump is not None else 0
    trump_rank = model.strength[trump] if trump is not None else led_rank
    best, best_key = 0, -1
    for position, piece in enumerate(pieces):
        bit = 1 << piece
        if bit & trump_mask:
            key = _TRUMP_BONUS + trump_rank[piece]
        elif bit & led_mask:
            key = led_rank[piece]
        else:
            continue
        if key > best_key:
            best, best_key = position, key
    return best
