"""A refused play names the rule it breaks, truly: "you hold X, which follows" only when X
follows the suit led, and the tier sentence when the hand has nothing to follow with.

docs/architecture.md, "The trick-taking core": the follow rule and a contract's forced order of
play (the model's ``tiers``) are one rule in ``tablegames.tricks.follow``, and its refusals say
which part of it a play breaks. No game of the library has a forced tier that lies outside the
suit led (sevens' tiers hold every tile and are played without following), so a model with
"must trump when void" (the tier is the trump suit) checks the sentence a void hand gets.
"""

from __future__ import annotations

import random

import attrs

from tablegames.core.violations import ViolationCode
from tablegames.pieces import Card, Suit, cards
from tablegames.tricks import legal_plays, plain_card_model, play_violation
from tablegames.tricks.model import TrickModel

HEARTS = cards("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH").mask
MUST_TRUMP = attrs.evolve(
    plain_card_model(Suit.HEARTS),
    tiers=(HEARTS,),
    tier_rule="You must trump: you hold {example}, a trump, and {piece} is not one.",
    recipe=None,
)


def _sentence(hand: str, led: str, played: str, model: TrickModel = MUST_TRUMP) -> str:
    violation = play_violation(
        cards(hand).mask, (Card.parse(led).index,), Card.parse(played).index, model
    )
    assert violation is not None and violation.code is ViolationCode.MUST_FOLLOW_SUIT
    return str(violation)


def test_a_hand_that_can_follow_is_told_what_follows() -> None:
    assert _sentence("7S AH KD", "QS", "KD") == (
        "You must follow spades: QS was led and you hold 7S, which follows."
    )


def test_a_void_hand_is_told_the_tier_rule_not_that_it_can_follow() -> None:
    # No spade held: the follow rule asks nothing; the forced tier (trump) refuses the diamond.
    assert _sentence("AH KD", "QS", "KD") == (
        "You must trump: you hold AH, a trump, and KD is not one."
    )


def test_every_follow_sentence_names_a_held_piece_that_follows() -> None:
    rng = random.Random(5)
    for model in (MUST_TRUMP, plain_card_model(Suit.HEARTS), plain_card_model(None)):
        for _ in range(400):
            hand = sum(1 << p for p in rng.sample(range(52), rng.randint(1, 8)))
            led = rng.randrange(52)
            for piece in range(52):
                violation = play_violation(hand, (led,), piece, model)
                legal = legal_plays(hand, (led,), model)
                if not hand >> piece & 1:
                    continue
                assert (violation is None) == bool(legal >> piece & 1)
                if violation is not None and "which follows" in str(violation):
                    named = Card.parse(str(violation).split("you hold ")[1].split(",")[0])
                    assert hand >> named.index & 1
                    assert model.follows[led] >> named.index & 1
