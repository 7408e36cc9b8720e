"""French-suited playing cards: the 52-card deck and the 32-card piquet deck (7 to ace).

A card is written rank then suit: ``AH``, ``TD`` (``10D`` accepted), ``7S``; suit symbols
``♣ ♦ ♥ ♠`` are accepted too.

>>> Card.parse("10♦"), str(Card.parse("qs"))
(Card(rank=<Rank.TEN: 10>, suit=<Suit.DIAMONDS: 1>), 'QS')
>>> len(DECK_52), len(DECK_32)
(52, 32)
"""

from __future__ import annotations

import enum
import re

import attrs

from tablegames.errors import NotationError

from .sets import PieceSet, Universe


class Suit(enum.IntEnum):
    """The four suits, in index order clubs, diamonds, hearts, spades.

    >>> Suit.HEARTS.letter, Suit.HEARTS.colour, Suit.parse("♠")
    ('H', 'red', <Suit.SPADES: 3>)
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """``♣``, ``♦``, ``♥`` or ``♠``."""
        return "♣♦♥♠"[self]

    @property
    def colour(self) -> str:
        """``red`` for hearts and diamonds, ``black`` for clubs and spades."""
        return "red" if self in (Suit.HEARTS, Suit.DIAMONDS) else "black"

    @property
    def plural(self) -> str:
        """The suit's name, ``hearts``."""
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit letter or symbol."""
        t = text.strip().upper()
        for suit in cls:
            if t in (suit.letter, suit.symbol):
                return suit
        raise NotationError(f"{text!r} is not a suit: use C, D, H or S")


class Rank(enum.IntEnum):
    """Card ranks, two (2) to ace (14).

    >>> Rank.TEN.letter, Rank.parse("10"), Rank.ACE > Rank.KING
    ('T', <Rank.TEN: 10>, True)
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """``2``..``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return "23456789TJQKA"[self - 2]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank: ``2``..``9``, ``T`` or ``10``, ``J``, ``Q``, ``K``, ``A``."""
        t = text.strip().upper()
        if t == "10":
            t = "T"
        if len(t) == 1 and t in "23456789TJQKA":
            return cls("23456789TJQKA".index(t) + 2)
        raise NotationError(f"{text!r} is not a rank: use 2-9, T (or 10), J, Q, K or A")


_CARD = re.compile(r"^\s*(10|[2-9TJQKA])\s*([CDHS♣♦♥♠])\s*$", re.IGNORECASE)


@attrs.frozen(order=False)
class Card:
    """One playing card; ``index`` is ``13 * suit + rank - 2`` (0..51).

    >>> Card(Rank.ACE, Suit.SPADES).index, str(Card(Rank.TEN, Suit.HEARTS))
    (51, 'TH')
    """

    rank: Rank = attrs.field(converter=Rank)
    suit: Suit = attrs.field(converter=Suit)
    index: int = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "index", 13 * self.suit + self.rank - 2)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``AH``, ``TD``/``10D``, ``7♠``; case does not matter."""
        match = _CARD.match(text)
        if match is None:
            raise NotationError(f"{text!r} is not a card: write rank then suit, as AH, TD or 7S")
        return CARDS[13 * Suit.parse(match[2]) + Rank.parse(match[1]) - 2]

    def __str__(self) -> str:
        return self.rank.letter + self.suit.letter


CARDS: tuple[Card, ...] = tuple(Card(Rank(r), Suit(s)) for s in range(4) for r in range(2, 15))
"""All 52 cards in index order."""

CARD_UNIVERSE: Universe[Card] = Universe("cards", CARDS, Card.parse)
DECK_52: PieceSet[Card] = PieceSet((1 << 52) - 1, CARD_UNIVERSE)
"""The full 52-card deck."""
DECK_32: PieceSet[Card] = PieceSet.of(CARD_UNIVERSE, (c for c in CARDS if c.rank >= Rank.SEVEN))
"""The 32-card deck: 7, 8, 9, 10, J, Q, K, A of each suit."""


def suit_mask(suit: Suit) -> int:
    """The mask of all 13 cards of ``suit``.

    >>> bin(suit_mask(Suit.CLUBS)).count("1")
    13
    """
    return 0x1FFF << (13 * suit)


def cards(text: str = "") -> PieceSet[Card]:
    """A set of cards from space-separated notation.

    >>> str(cards("AS 2c 10h"))
    '2C TH AS'
    """
    return PieceSet.of(CARD_UNIVERSE, (Card.parse(t) for t in text.split()))
