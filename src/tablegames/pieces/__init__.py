"""Pieces: double-six dominoes, playing cards (52 and 32 decks) and immutable piece sets."""

from .cards import CARD_UNIVERSE, CARDS, DECK_32, DECK_52, Card, Rank, Suit, cards, suit_mask
from .dominoes import DOMINO_UNIVERSE, DOMINOES, DOUBLE_SIX, Domino, dominoes
from .sets import MaskDecoder, Piece, PieceSet, Universe, bits, mask_of
from .well_formed import is_piece

__all__ = [
    "CARDS",
    "CARD_UNIVERSE",
    "DECK_32",
    "DECK_52",
    "DOMINOES",
    "DOMINO_UNIVERSE",
    "DOUBLE_SIX",
    "Card",
    "Domino",
    "MaskDecoder",
    "Piece",
    "PieceSet",
    "Rank",
    "Suit",
    "Universe",
    "bits",
    "cards",
    "dominoes",
    "is_piece",
    "mask_of",
    "suit_mask",
]
