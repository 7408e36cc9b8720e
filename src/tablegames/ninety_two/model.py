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

from tablegames.pieces.cards import CARDS, Card, Suit, suit_mask
from tablegames.tricks.model import TrickModel, plain_card_model

from .rules import Rules

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


_TWOS = tuple(13 * _PARTNER_SUIT[trump] for trump in Suit)
"""By trump suit: the index of the duplicate two."""
_DUPLICATE_SUITS = tuple(suit_mask(_PARTNER_SUIT[trump]) for trump in Suit)
"""By trump suit: the mask of the duplicate suit."""


def duplicate_two_wins(pieces: tuple[int, ...], model: TrickModel) -> int | None:
    """The special winner of every Ninety-Two model: the last position if it holds the
    duplicate two of ``model``'s trump and takes the complete trick ``pieces``, else None.

    >>> trick = tuple(Card.parse(c).index for c in ("AS", "KS", "QS", "2D"))   # hearts trump
    >>> duplicate_two_wins(trick, MODELS[Suit.HEARTS]), duplicate_two_wins(trick[1:], MODELS[0])
    (3, None)
    """
    trump: int = model.trump  # type: ignore[assignment]
    last = len(pieces) - 1
    if last < 1 or pieces[last] != _TWOS[trump] or (1 << pieces[0]) & _DUPLICATE_SUITS[trump]:
        return None
    trumps = model.follow_masks[trump]
    for piece in pieces[:last]:
        if (1 << piece) & trumps:
            return None
    return last


def ninety_two_model(trump: Suit) -> TrickModel:
    """The trick model with ``trump`` as trumps and the duplicate two's hook (one for each
    trump: the card models are kept by value, see :data:`~tablegames.tricks.model.CARD_MODELS`;
    it pickles as this call).

    >>> ninety_two_model(Suit.SPADES).trump, ninety_two_model(Suit.SPADES) is MODELS[3]
    (3, True)
    """
    trump = Suit(trump)
    recipe = (ninety_two_model, (trump,))
    two = 1 << _TWOS[trump]  # the one card the hook tells apart: it sees the rest by suit
    return plain_card_model(trump, duplicate_two_wins, recipe, special_pieces=two)


MODELS: tuple[TrickModel, ...] = tuple(ninety_two_model(s) for s in Suit)
"""The trick model for each trump suit, indexed by suit (clubs, diamonds, hearts, spades)."""


def model_of(trump: Suit, rules: Rules) -> TrickModel:
    """The trick model of a deal with ``trump`` under ``rules``: the one place the rules choose
    a model, as in every trick game (Ninety-Two has no option on the play yet: an option that
    changed who may play what, or who takes a trick, would be read here and go into the model
    and its recipe).

    >>> model_of(Suit.HEARTS, Rules()) is MODELS[Suit.HEARTS]
    True
    """
    return ninety_two_model(trump)
