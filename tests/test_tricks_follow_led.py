"""The trick core follows the suit LED, not the suit of the piece played last.

Unit tests of ``tablegames.tricks``' public functions (``legal_plays``, ``play_violation``,
``trick_winner``) on tricks of two or more pieces whose last piece is of another suit than the
lead, with cards and with dominoes, with a trump and without. The rules:

- docs/texas42.md, "Trump and play", "Following": "to follow a suit, play a non-trump tile
  bearing the led number ... When trump is led, play a trump"; "Unable to follow, play anything";
  "Ranking and winning": "The highest trump wins; with no trump, the highest tile of the suit led
  ... an off-suit tile never wins".
- docs/ninety-two.md, "Play": "Each following player clockwise must put down a card of the same
  suit [as the first card played]; if he has no such card, he must put down any card of his";
  "Highest trump wins the trick, else the highest card of the suit led".
- docs/preference.md, "Play": "All the other players are obliged to follow suit if possible"; "The
  trick is taken by the highest card of the suit led or by the highest of the trumps played."
"""

from __future__ import annotations

import pytest

from tablegames.core import ViolationCode
from tablegames.pieces import Card, Domino, Suit, cards, dominoes
from tablegames.texas42.model import DOUBLES, NO_TRUMP, domino_model, nello_model
from tablegames.tricks import (
    TrickModel,
    legal_plays,
    plain_card_model,
    play_violation,
    trick_winner,
)


def card_trick(text: str) -> tuple[int, ...]:
    return tuple(Card.parse(t).index for t in text.split())


def tile_trick(text: str) -> tuple[int, ...]:
    return tuple(Domino.parse(t).index for t in text.split())


# (model, trick so far, hand, the pieces of the hand that may be played): the last piece of each
# trick is of another suit than the lead, and the hand holds pieces of both suits.
CARD_CASES = [
    # no trump: clubs led, a diamond last; hold clubs and diamonds -> only clubs
    (plain_card_model(None), "9C KD", "2D 5C AH", "5C"),
    (plain_card_model(None), "9C KD 3H", "2D 5C 7H", "5C"),
    # hearts trump, clubs led, a trump last; hold a club and a heart -> only the club
    (plain_card_model(Suit.HEARTS), "9C 2H", "5C 3H", "5C"),
    # hearts trump, trump led, a spade last; hold a heart and a spade -> only the heart
    (plain_card_model(Suit.HEARTS), "5H AS", "2H KS", "2H"),
    # spades trump, diamonds led, then a club and a spade; void in diamonds -> anything
    (plain_card_model(Suit.SPADES), "TD 4C 2S", "6C 8S AH", "6C 8S AH"),
    # three seats (Preference's idle dealer): a two-piece trick, clubs led, a heart last
    (plain_card_model(Suit.DIAMONDS), "QC AH", "7C 8H 9D", "7C"),
]

TILE_CASES = [
    # fives trump: 6:3 leads sixes, 4:2 (fours) last; hold a six, a four, a trump -> the six
    (domino_model(5), "6:3 4:2", "6:1 4:0 5:5", "6:1"),
    (domino_model(5), "6:3 4:2 1:0", "6:1 4:0 1:1", "6:1"),
    # fives trump: trump led (5:2), 6:6 last; hold a trump and a six -> the trump
    (domino_model(5), "5:2 6:6", "5:0 6:1", "5:0"),
    # no trump (follow-me): 3:1 leads threes, 6:2 last; hold a three and a six -> the three
    (domino_model(NO_TRUMP), "3:1 6:2", "3:0 6:5", "3:0"),
    # doubles trump: 2:2 leads the doubles, 4:3 last -> only a double follows
    (domino_model(DOUBLES), "2:2 4:3", "4:1 1:1 3:0", "1:1"),
    # nello, doubles a suit of their own: 2:1 leads twos, 3:3 (the doubles) last -> the two
    (nello_model("suit"), "2:1 3:3", "2:0 1:1 6:6", "2:0"),
    # fives trump, 6:4 leads sixes, 5:0 (a trump) last; void in sixes -> anything
    (domino_model(5), "6:4 5:0", "4:1 3:3", "4:1 3:3"),
]


def _check_follow(model: TrickModel, trick: tuple[int, ...], hand: int, legal: int) -> None:
    assert legal_plays(hand, trick, model) == legal
    for piece in range(len(model.lead_suit)):
        if not hand >> piece & 1:
            continue
        violation = play_violation(hand, trick, piece, model)
        if legal >> piece & 1:
            assert violation is None, model.name(piece)
        else:
            assert violation is not None and violation.code is ViolationCode.MUST_FOLLOW_SUIT
            assert model.name(trick[0]) in violation.message  # names the piece led


@pytest.mark.parametrize(("model", "trick", "hand", "legal"), CARD_CASES)
def test_cards_follow_the_suit_led_whatever_was_played_last(
    model: TrickModel, trick: str, hand: str, legal: str
) -> None:
    _check_follow(model, card_trick(trick), cards(hand).mask, cards(legal).mask)


@pytest.mark.parametrize(("model", "trick", "hand", "legal"), TILE_CASES)
def test_dominoes_follow_the_suit_led_whatever_was_played_last(
    model: TrickModel, trick: str, hand: str, legal: str
) -> None:
    _check_follow(model, tile_trick(trick), dominoes(hand).mask, dominoes(legal).mask)


@pytest.mark.parametrize(
    ("model", "trick", "winner"),
    [
        # no trump: the highest club wins; the ace of diamonds played last does not
        (plain_card_model(None), "9C KD JC AD", 2),
        (plain_card_model(None), "9C AD", 0),
        # hearts trump: the two of hearts wins over the ace of diamonds played after it
        (plain_card_model(Suit.HEARTS), "9C KD 2H AD", 2),
        # spades trump, trump led: the highest spade wins, a higher heart last does not
        (plain_card_model(Suit.SPADES), "5S 9S AH", 1),
        # three seats: hearts led, the king of clubs last
        (plain_card_model(None), "7H TH KC", 1),
    ],
)
def test_the_card_trick_goes_to_the_highest_trump_else_the_highest_of_the_suit_led(
    model: TrickModel, trick: str, winner: int
) -> None:
    assert trick_winner(card_trick(trick), model) == winner


@pytest.mark.parametrize(
    ("model", "trick", "winner"),
    [
        # fives trump, sixes led: 6:3 beats 6:2; the doubles of fours and ones are off-suit
        (domino_model(5), "6:3 4:4 6:2 4:1", 0),
        (domino_model(5), "6:2 4:4 6:3 1:1", 2),
        # fives trump: 5:0 (a trump) wins over 6:6 played after it
        (domino_model(5), "6:1 2:2 5:0 6:6", 2),
        # no trump (follow-me), threes led: 3:3 is the highest three; 6:6 last is off-suit
        (domino_model(NO_TRUMP), "3:1 3:3 6:2 6:6", 1),
        # doubles trump, 4:2 leads fours: 4:3 wins over it and over 6:5 played last; a double
        # is a trump here and wins when played
        (domino_model(DOUBLES), "4:2 4:3 6:5", 1),
        (domino_model(DOUBLES), "4:2 4:3 6:5 0:0", 3),
        # nello, three seats, doubles low: 5:0 beats 5:5; 6:4 last is a six, off-suit
        (nello_model("low"), "5:5 5:0 6:4", 1),
        # follow="higher_end": with fives led, 6:5 does not follow and does not win
        (domino_model(4, "higher_end"), "5:0 5:1 6:5", 1),
    ],
)
def test_the_domino_trick_goes_to_the_highest_trump_else_the_highest_of_the_suit_led(
    model: TrickModel, trick: str, winner: int
) -> None:
    assert trick_winner(tile_trick(trick), model) == winner
