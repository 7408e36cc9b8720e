"""The generic trick core, driven with cards and with dominoes through the same code."""

from __future__ import annotations

from tablegames.core import ViolationCode
from tablegames.pieces import Card, Domino, Suit, cards, dominoes
from tablegames.texas42.model import MODELS
from tablegames.tricks import (
    TrickTable,
    draw_round,
    legal_plays,
    plain_card_model,
    play_violation,
    revealed_voids,
    trick_winner,
)


def idx(text: str) -> tuple[int, ...]:
    return tuple(Card.parse(t).index for t in text.split())


def test_tricks_of_cards_through_the_core() -> None:
    """Three seats of four play three tricks of cards, spades trump: the core keeps turn order,
    finds each winner (who leads next) and credits tricks and cards to the seat that won them."""
    model = plain_card_model(Suit.SPADES)
    hands = {0: cards("AH 2S 9D"), 1: cards("KH QD 3C"), 3: cards("7H KD 4S")}
    table = TrickTable.start(order=(0, 1, 3), leader=1, seats=4)
    plays = ["KH", "7H", "AH", "9D", "QD", "KD", "4S", "2S", "3C"]
    for text in plays:
        seat = table.to_play
        piece = Card.parse(text).index
        assert play_violation(hands[seat].mask, table.pieces, piece, model) is None, text
        table = table.play(piece, model)
    winners = [t.winner for t in table.tricks]
    assert winners == [0, 3, 3]  # AH beats KH; KD beats 9D and QD; 4S is the highest trump
    assert table.won == (1, 0, 0, 2) and table.leader == 3
    assert table.taken[0] == cards("KH 7H AH").mask


def test_follow_suit_trump_or_discard_when_void() -> None:
    model = plain_card_model(Suit.HEARTS)
    hand = cards("2H 5C 9C")
    assert legal_plays(hand.mask, idx("KC"), model) == cards("5C 9C").mask
    assert legal_plays(hand.mask, idx("KD"), model) == hand.mask
    violation = play_violation(hand.mask, idx("KC"), Card.parse("2H").index, model)
    assert violation is not None and violation.code is ViolationCode.MUST_FOLLOW_SUIT
    assert violation.message == "You must follow clubs: KC was led and you hold 5C, which follows."


def test_winner_trump_then_suit_led_then_special_hook() -> None:
    model = plain_card_model(Suit.HEARTS)
    assert trick_winner(idx("KC AD 2H 3H"), model) == 3
    assert trick_winner(idx("KC AD AC 2D"), model) == 2
    assert trick_winner(idx("KC AD QC 2D"), plain_card_model(None)) == 0

    def last_two_takes(pieces: tuple[int, ...], _: object) -> int | None:
        return len(pieces) - 1 if Card.parse("2D").index == pieces[-1] else None

    hooked = plain_card_model(Suit.HEARTS, special_winner=last_two_takes)
    assert trick_winner(idx("KC AD QC 2D"), hooked) == 3
    assert trick_winner(idx("KC AD QC 3D"), hooked) == 0


def test_dominoes_use_the_same_follow_rule() -> None:
    model = MODELS[4]
    hand = dominoes("6:2 5:5 3:3 6:4").mask
    led = (Domino.parse("6:5").index,)
    assert legal_plays(hand, led, model) == 1 << Domino.parse("6:2").index


def test_short_trick_and_revealed_voids() -> None:
    model = plain_card_model(None)
    table = TrickTable.start(order=(0, 1, 2), leader=0, seats=3)
    table = table.play(Card.parse("AC").index, model)
    table = table.play(Card.parse("2D").index, model)
    assert revealed_voids(table, model) == {1: cards("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC").mask}
    short = TrickTable.start(order=(0, 1, 2), leader=2, seats=3)
    short = short.play(Card.parse("5H").index, model, trick_size=2)
    short = short.play(Card.parse("9H").index, model, trick_size=2)
    assert short.tricks[-1].seats == (2, 0) and short.won == (1, 0, 0)


def test_draw_round_needs_a_card_for_everyone() -> None:
    hands, stock = draw_round((0, 0, 0, 0), (1, 2, 3), first=0, order=(0, 1, 2, 3))
    assert hands == (0, 0, 0, 0) and stock == (1, 2, 3)
    hands, stock = draw_round((0, 0, 0, 0), (1, 2, 3, 4, 5), first=2, order=(0, 1, 2, 3))
    assert hands == (1 << 3, 1 << 4, 1 << 1, 1 << 2) and stock == (5,)
