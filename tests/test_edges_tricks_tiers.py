"""A forced order of play (a model's ``tiers``) is one rule: legal plays, refusals and what a
play reveals agree for every hand, whichever pieces the first tier holds.

docs/texas42.md, "Sevens": *every player must play a tile whose pip total is closest to 7 of
those they hold (any one of equally close tiles) — the leader too*, and *a seat that played a
tile d away from 7 held nothing closer*. The trick core states the rule once
(``tablegames.tricks.follow``: a piece is legal exactly when the hand holds it and nothing it
reveals). The sevens model is checked against the sentence; the same model with its tiers in
the other order (the tiles farthest from 7 first, so the first tier holds piece 0, the 0:0)
checks that no piece is left out of what a play reveals. Written to kill mutants of
``tablegames.tricks.follow`` (docs/testing.md, "Mutation testing").
"""

from __future__ import annotations

import random

import attrs

from tablegames.core.violations import ViolationCode
from tablegames.pieces import CARDS, Card, Rank, Suit
from tablegames.pieces.dominoes import DOMINOES
from tablegames.texas42.contracts import SEVENS_MODEL, sevens_winner
from tablegames.tricks import (
    leading_position,
    legal_plays,
    plain_card_model,
    play_violation,
    reveals,
    trick_winner,
)
from tablegames.tricks.model import TrickModel

DISTANCE = [abs(tile.high + tile.low - 7) for tile in DOMINOES]
REVERSED = attrs.evolve(SEVENS_MODEL, tiers=tuple(reversed(SEVENS_MODEL.tiers)), recipe=None)


def _hands(rng: random.Random) -> list[int]:
    hands = [1 << piece for piece in range(28)]
    hands += [sum(1 << p for p in rng.sample(range(28), rng.randint(2, 7))) for _ in range(300)]
    return hands


def _agree(model: TrickModel, hand: int, trick: tuple[int, ...]) -> None:
    legal = legal_plays(hand, trick, model)
    assert legal and legal & ~hand == 0
    for piece in range(28):
        violation = play_violation(hand, trick, piece, model)
        if not hand >> piece & 1:
            assert violation is not None and violation.code is ViolationCode.NOT_IN_HAND
            continue
        # Legal exactly when the hand holds nothing the play would reveal it lacks.
        assert (
            (violation is None)
            == bool(legal >> piece & 1)
            == (not hand & reveals(trick, piece, model))
        )
        if violation is not None:
            assert violation.code is ViolationCode.MUST_FOLLOW_SUIT


def test_sevens_every_player_plays_a_tile_closest_to_seven_the_leader_too() -> None:
    rng = random.Random(7)
    for hand in _hands(rng):
        held = [p for p in range(28) if hand >> p & 1]
        closest = min(DISTANCE[p] for p in held)
        expected = sum(1 << p for p in held if DISTANCE[p] == closest)
        for trick in ((), (rng.randrange(28),), tuple(rng.sample(range(28), 3))):
            assert legal_plays(hand, trick, SEVENS_MODEL) == expected
            _agree(SEVENS_MODEL, hand, trick)
            for piece in held:  # a tile d away from 7 shows its player held nothing closer
                shown = reveals(trick, piece, SEVENS_MODEL)
                assert shown == sum(1 << p for p in range(28) if DISTANCE[p] < DISTANCE[piece])


def test_a_forced_order_whose_first_tier_holds_piece_zero_reveals_it_too() -> None:
    rng = random.Random(9)
    first = REVERSED.tiers[0]
    assert first == 1  # the 0:0 alone (7 away from 7)
    for hand in _hands(rng):
        for trick in ((), (rng.randrange(28),)):
            _agree(REVERSED, hand, trick)
    for piece in range(1, 28):  # leading any other tile shows the leader lacks the 0:0
        assert reveals((), piece, REVERSED) & 1
        refused = play_violation(1 | 1 << piece, (), piece, REVERSED)
        assert refused is not None and refused.code is ViolationCode.MUST_FOLLOW_SUIT
    assert reveals((), 0, REVERSED) == 0 and play_violation(1 | 2, (), 0, REVERSED) is None


def test_a_forced_order_over_suits_applies_to_what_the_follow_rule_allows() -> None:
    """The follow rule first, then the tiers (``tablegames.tricks.follow``: of the pieces a
    player may play by the follow rule, they must play one from the first tier that holds any):
    a card model whose tiers are the aces, then the kings. A player void in the suit led may
    play any card, so must play an ace if they hold one; what such a play reveals is the suit
    led and the aces and kings of a better tier than the card played, whatever their suit."""
    aces = sum(1 << card.index for card in CARDS if card.rank is Rank.ACE)
    kings = sum(1 << card.index for card in CARDS if card.rank is Rank.KING)
    model = attrs.evolve(
        plain_card_model(Suit.HEARTS),
        tiers=(aces, kings),
        tier_rule="Play {example} (tier {example_tier}), not {piece} (tier {piece_tier}).",
        recipe=None,
    )
    rng = random.Random(10)
    for _ in range(300):
        hand = sum(1 << c.index for c in rng.sample(CARDS, rng.randint(1, 10)))
        led = rng.choice(CARDS).index
        for trick in ((), (led,)):
            legal = legal_plays(hand, trick, model)
            allowed = hand
            if trick and hand & model.follows[led]:
                allowed = hand & model.follows[led]
            expected = allowed & aces or allowed & kings or allowed
            assert legal == expected
            for card in CARDS:
                piece = card.index
                if not hand >> piece & 1:
                    continue
                shown = reveals(trick, piece, model)
                violation = play_violation(hand, trick, piece, model)
                assert (violation is None) == bool(legal >> piece & 1) == (not hand & shown)
    spade = Card.parse("7S").index
    void = sum(1 << Card.parse(c).index for c in ("AH", "7H", "8D"))
    # Void in spades: the ace of hearts must be played, and playing 7H shows no ace was held.
    assert legal_plays(void, (spade,), model) == 1 << Card.parse("AH").index
    shown = reveals((spade,), Card.parse("7H").index, model)
    assert shown == model.follows[spade] | aces | kings
    refused = play_violation(void, (spade,), Card.parse("8D").index, model)
    assert refused is not None and refused.code is ViolationCode.MUST_FOLLOW_SUIT


def test_among_equally_strong_pieces_the_first_played_heads_the_trick() -> None:
    """docs/texas42.md, "Sevens": *among equally close tiles ... the first played* wins when
    the bidding side has none of them. The trick core's normal rule breaks ties the same way:
    a piece only as strong as the best so far does not displace it (``leading_position``, and
    ``trick_winner`` for a model without a special rule). Checked on the sevens model's tiles
    ranked by closeness to 7, without its special winner, and on the sevens model itself, where
    every tile is equally strong (its special winner decides), so the lead heads every trick."""
    closeness = tuple(7 - DISTANCE[p] for p in range(28))
    model = attrs.evolve(SEVENS_MODEL, strength=(closeness,), special_winner=None, recipe=None)
    rng = random.Random(12)
    ties = 0
    for _ in range(2000):
        trick = tuple(rng.sample(range(28), rng.randint(2, 4)))
        closest = min(DISTANCE[p] for p in trick)
        tied = [i for i, p in enumerate(trick) if DISTANCE[p] == closest]
        assert leading_position(trick, model) == tied[0] == trick_winner(trick, model)
        assert leading_position(trick, SEVENS_MODEL) == 0
        if not any(i % 2 == 0 for i in tied):
            assert sevens_winner(trick, SEVENS_MODEL) == tied[0]
        ties += len(tied) > 1
    assert ties > 100
