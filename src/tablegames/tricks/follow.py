"""The rule every trick game shares: follow suit if you can; otherwise play anything.

This module is the one place that rule lives, for Texas 42, Ninety-Two and Preference alike.
What "suit" means (a domino's led number, a card's suit, trump) comes from the
:class:`~tablegames.tricks.model.TrickModel`.

>>> from tablegames.tricks import plain_card_model
>>> from tablegames.pieces import cards, Card, PieceSet, Suit
>>> model = plain_card_model(Suit.HEARTS)
>>> hand = cards("AS 7S KD")
>>> legal = legal_plays(hand.mask, (Card.parse("QS").index,), model)
>>> str(PieceSet(legal, hand.universe))
'7S AS'
>>> print(play_violation(hand.mask, (Card.parse("QS").index,), Card.parse("KD").index, model))
You must follow spades: QS was led and you hold 7S, which follows.
"""

from __future__ import annotations

from tablegames.core.violations import Violation, ViolationCode

from .model import TrickModel


def legal_plays(hand: int, trick: tuple[int, ...], model: TrickModel) -> int:
    """The mask of pieces in ``hand`` that may be played to ``trick`` (pieces so far, led first).

    A leader may play anything. A follower must play a piece that follows the suit led when
    holding one; holding none, any piece may be played (trumping is allowed, never required).

    >>> from tablegames.pieces import Card, cards
    >>> from tablegames.tricks import plain_card_model
    >>> led = (Card.parse("AS").index,)
    >>> legal_plays(cards("2H 3S").mask, led, plain_card_model(None)) == cards("3S").mask
    True
    """
    if not trick:
        return hand
    following = hand & model.follow_masks[model.lead_suit[trick[0]]]
    return following or hand


def play_violation(
    hand: int, trick: tuple[int, ...], piece: int, model: TrickModel
) -> Violation | None:
    """Why ``piece`` may not be played from ``hand`` to ``trick``, or ``None`` if it may.

    >>> from tablegames.pieces import Card, cards
    >>> from tablegames.tricks import plain_card_model
    >>> print(play_violation(cards("2H").mask, (), Card.parse("3H").index, plain_card_model(None)))
    You do not hold 3H.
    """
    bit = 1 << piece
    if not hand & bit:
        return Violation(ViolationCode.NOT_IN_HAND, f"You do not hold {model.name(piece)}.")
    if not trick:
        return None
    led = model.lead_suit[trick[0]]
    following = hand & model.follow_masks[led]
    if following and not following & bit:
        example = (following & -following).bit_length() - 1
        return Violation(
            ViolationCode.MUST_FOLLOW_SUIT,
            f"You must follow {model.suit_names[led]}: {model.name(trick[0])} was led "
            f"and you hold {model.name(example)}, which follows.",
        )
    return None
