"""Cards as suits for the trick core, with the duplicate two as a special-winner hook.

The duplicate suit is the other suit of trump's colour (hearts and diamonds are red, clubs and
spades black). Its two takes a complete trick when it was played last, no trump was played to
the trick, and the duplicate suit was not led (so its player, who did not follow, held none of
the suit led). Anywhere else it is an ordinary two.

>>> from tablegames.pieces import Card, Suit
>>> duplicate_suit(Suit.HEARTS), str(duplicate_two(Suit.SPADES))
(<Suit.DIAMONDS: 1>, '2C')
>>> trick = tuple(Card.parse(c).index for c in ("AS", "KS", "QS", "2D"))   # hearts trump
>>> MODELS[Suit.HEARTS].special_winner(trick, MODELS[Suit.HEARTS])
3
"""

from __future__ import annotations

import functools

from tablegames.pieces.cards import CARDS, Card, Suit, suit_mask
from tablegames.tricks.model import SpecialWinner, TrickModel, plain_card_model

_PARTNER_SUIT = {
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
    Suit.CLUBS: Suit.SPADES,
    Suit.SPADES: Suit.CLUBS,
}


def duplicate_suit(trump: Suit) -> Suit:
    """The other suit of ``trump``'s colour.

    >>> duplicate_suit(Suit.CLUBS).plural
    'spades'
    """
    return _PARTNER_SUIT[Suit(trump)]


def duplicate_two(trump: Suit) -> Card:
    """The two of the duplicate suit: the card with the special power.

    >>> str(duplicate_two(Suit.DIAMONDS))
    '2H'
    """
    return CARDS[13 * duplicate_suit(trump)]


def _duplicate_hook(trump: Suit) -> SpecialWinner:
    two = duplicate_two(trump).index
    dup_mask = suit_mask(duplicate_suit(trump))
    trump_mask = suit_mask(trump)

    def duplicate_two_wins(pieces: tuple[int, ...], model: TrickModel) -> int | None:
        """The last position if it holds the duplicate two and takes the trick, else None."""
        last = len(pieces) - 1
        if last < 1 or pieces[last] != two or (1 << pieces[0]) & dup_mask:
            return None
        for piece in pieces[:last]:
            if (1 << piece) & trump_mask:
                return None
        return last

    return duplicate_two_wins


@functools.lru_cache(maxsize=8)
def ninety_two_model(trump: Suit) -> TrickModel:
    """The trick model with ``trump`` as trumps and the duplicate two's hook (made once for
    each trump, and pickled as this call).

    >>> ninety_two_model(Suit.SPADES).trump
    3
    """
    recipe = (ninety_two_model, (trump,))
    return plain_card_model(trump, special_winner=_duplicate_hook(trump), recipe=recipe)


MODELS: tuple[TrickModel, ...] = tuple(ninety_two_model(s) for s in Suit)
"""The trick model for each trump suit, indexed by suit (clubs, diamonds, hearts, spades)."""
