"""Pieces: dominoes, cards, decks and piece sets."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames.core import NotationError
from tablegames.pieces import (
    CARDS,
    DECK_32,
    DECK_52,
    DOMINOES,
    DOUBLE_SIX,
    Card,
    Domino,
    PieceSet,
    Rank,
    Suit,
    cards,
    dominoes,
)


def test_double_six_set() -> None:
    assert len(DOMINOES) == 28 == len(DOUBLE_SIX)
    assert [d.index for d in DOMINOES] == list(range(28))
    assert sum(d.is_double for d in DOMINOES) == 7
    with pytest.raises(ValueError):
        Domino(7, 0)
    with pytest.raises(ValueError):
        Domino(2, 5)


def test_domino_notation() -> None:
    for d in DOMINOES:
        assert Domino.parse(str(d)) is d
        assert Domino.parse(f"{d.low}:{d.high}") is d and Domino.parse(f"{d.high}-{d.low}") is d
    for bad in ("7:1", "6", "a:b", "6:4:2", ""):
        with pytest.raises(NotationError):
            Domino.parse(bad)


def test_decks() -> None:
    assert len(CARDS) == 52 and [c.index for c in CARDS] == list(range(52))
    assert len(DECK_32) == 32 and all(c.rank >= Rank.SEVEN for c in DECK_32)
    assert DECK_32 <= DECK_52 and len(DECK_52 - DECK_32) == 20


def test_card_notation_and_variants() -> None:
    for card in CARDS:
        assert Card.parse(str(card)) is card
        assert Card.parse(str(card).lower()) is card
        assert Card.parse(card.rank.letter + card.suit.symbol) is card
    assert Card.parse("10H") is Card.parse("TH")
    for bad in ("1H", "AX", "A", "10", "HH", ""):
        with pytest.raises(NotationError):
            Card.parse(bad)


def test_suit_colours() -> None:
    assert {s for s in Suit if s.colour == "red"} == {Suit.HEARTS, Suit.DIAMONDS}


masks = st.integers(min_value=0, max_value=(1 << 52) - 1)


@given(masks, masks)
def test_piece_sets_behave_like_frozensets(a: int, b: int) -> None:
    x, y = PieceSet(a, DECK_52.universe), PieceSet(b, DECK_52.universe)
    fx, fy = frozenset(x), frozenset(y)
    assert frozenset(x | y) == fx | fy and frozenset(x & y) == fx & fy
    assert frozenset(x - y) == fx - fy and frozenset(x ^ y) == fx ^ fy
    assert len(x) == len(fx) and (x <= y) == (fx <= fy) and x.isdisjoint(y) == fx.isdisjoint(fy)
    assert all(c in x for c in fx) and all(c not in x for c in frozenset(DECK_52) - fx)
    assert list(x) == sorted(fx, key=lambda c: c.index)


def test_piece_sets_do_not_mix_universes() -> None:
    with pytest.raises(TypeError):
        _ = cards("AH") | dominoes("6:6")  # type: ignore[operator]
    assert Domino(0, 0) not in cards("2C")


def test_with_and_without() -> None:
    hand = cards("AH KH")
    assert str(hand.with_piece(Card.parse("7S"))) == "KH AH 7S"
    assert str(hand.without(Card.parse("AH"))) == "KH" and str(hand) == "KH AH"
    assert hand.to_json() == ["KH", "AH"]
