"""The one play rule of every trick game: play a piece of the best priority you hold.

This module is the one place that rule lives, for Texas 42, Ninety-Two and Preference alike:
the lead, following, and a contract's forced order of play. Each piece has a priority for the
trick at hand, given by the :class:`~tablegames.tricks.model.TrickModel`:

1. to a trick already led, a piece that follows the suit led (:attr:`TrickModel.follows`: a
   domino's led number, a card's suit, trump) comes before one that does not (the leader has
   nothing to follow);
2. then the model's ``tiers``, best first (sevens: the tiles closest to 7 pips first; most
   contracts have none).

A player must play one of the pieces of the best priority among those they hold
(:func:`legal_plays`); a play of any other is refused with the rule it breaks
(:func:`play_violation`); and so a play shows that its player held no piece of a better priority
(:func:`reveals`, what sampling a hidden hand must respect). The three are the same rule, so
they cannot disagree: a piece is legal exactly when the hand holds it and nothing it reveals.

>>> from tablegames.tricks import plain_card_model
>>> from tablegames.pieces import cards, Card, PieceSet, Suit
>>> model = plain_card_model(Suit.HEARTS)
>>> hand = cards("AS 7S KD")
>>> legal = legal_plays(hand.mask, (Card.parse("QS").index,), model)
>>> str(PieceSet(legal, hand.universe))
'7S AS'
>>> print(play_violation(hand.mask, (Card.parse("QS").index,), Card.parse("KD").index, model))
You must follow spades: QS was led and you hold 7S, which follows.
>>> str(PieceSet(reveals((Card.parse("QS").index,), Card.parse("KD").index, model),
...     hand.universe))
'2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS'
"""

from __future__ import annotations

from tablegames.core.violations import Violation, ViolationCode

from .model import TrickModel


def legal_plays(hand: int, trick: tuple[int, ...], model: TrickModel) -> int:
    """The mask of pieces in ``hand`` that may be played to ``trick`` (pieces so far, led
    first; empty for the lead): the pieces of the best priority the hand holds.

    A leader may play anything (but a forced order: sevens). A follower must play a piece that
    follows the suit led when holding one; holding none, any piece may be played (trumping is
    allowed, never required).

    >>> from tablegames.pieces import Card, cards
    >>> from tablegames.tricks import plain_card_model
    >>> led = (Card.parse("AS").index,)
    >>> legal_plays(cards("2H 3S").mask, led, plain_card_model(None)) == cards("3S").mask
    True
    >>> legal_plays(cards("2H 3S").mask, (), plain_card_model(None)) == cards("2H 3S").mask
    True
    """
    if trick:
        following = hand & model.follows[trick[0]]
        if following:
            hand = following
    tiers = model.tiers
    if tiers:
        for tier in tiers:
            within = hand & tier
            if within:
                return within
    return hand


def reveals(trick: tuple[int, ...], piece: int, model: TrickModel) -> int:
    """The mask of the pieces that whoever played ``piece`` to ``trick`` (the pieces before
    it) cannot have held: every piece of a better priority than ``piece`` (holding one, they
    would have had to play it). Sampling a hidden hand keeps these out of it.

    >>> from tablegames.pieces import Card, cards
    >>> from tablegames.tricks import plain_card_model
    >>> led = (Card.parse("AS").index,)
    >>> reveals(led, Card.parse("2H").index, plain_card_model(None)) == cards(
    ...     "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS").mask
    True
    >>> model = plain_card_model(None)
    >>> reveals(led, Card.parse("3S").index, model), reveals((), 5, model)
    (0, 0)
    """
    better = 0
    rest = -1  # every piece: the pieces of ``piece``'s follow class
    if trick:
        following = model.follows[trick[0]]
        if following >> piece & 1:
            rest = following
        else:
            better = following
            rest = ~following
    for tier in model.tiers:
        if tier >> piece & 1:
            break
        better |= tier & rest
    return better


def play_violation(
    hand: int, trick: tuple[int, ...], piece: int, model: TrickModel
) -> Violation | None:
    """Why ``piece`` may not be played from ``hand`` to ``trick``, or ``None`` if it may: the
    hand does not hold it, or holds a piece of a better priority (:func:`reveals`): one that
    follows the suit led (the sentence names it), or, following or void, one of a better tier
    (the model's ``tier_rule`` says it).

    >>> from tablegames.pieces import Card, cards
    >>> from tablegames.tricks import plain_card_model
    >>> print(play_violation(cards("2H").mask, (), Card.parse("3H").index, plain_card_model(None)))
    You do not hold 3H.
    """
    if not hand >> piece & 1:
        return Violation(ViolationCode.NOT_IN_HAND, f"You do not hold {model.name(piece)}.")
    if not hand & reveals(trick, piece, model):
        return None
    allowed = legal_plays(hand, trick, model)
    example = (allowed & -allowed).bit_length() - 1
    if trick and hand & model.follows[trick[0]] and not model.follows[trick[0]] >> piece & 1:
        led = model.lead_suit[trick[0]]
        return Violation(
            ViolationCode.MUST_FOLLOW_SUIT,
            f"You must follow {model.suit_names[led]}: {model.name(trick[0])} was led "
            f"and you hold {model.name(example)}, which follows.",
        )
    return Violation(
        ViolationCode.MUST_FOLLOW_SUIT,
        model.tier_rule.format(
            piece=model.name(piece),
            piece_tier=tier_of(piece, model),
            example=model.name(example),
            example_tier=tier_of(example, model),
        ),
    )


def tier_of(piece: int, model: TrickModel) -> int:
    """The position of the model's first tier that holds ``piece`` (``len(tiers)`` if none).

    >>> from tablegames.tricks import plain_card_model
    >>> tier_of(3, plain_card_model(None))
    0
    """
    for number, tier in enumerate(model.tiers):
        if tier >> piece & 1:
            return number
    return len(model.tiers)
