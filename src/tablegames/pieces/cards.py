"""French-suited playing cards: the 52-card deck and the 32-card piquet deck (7 to ace).

A card is written rank then suit: ``AH``, ``TD`` (``10D`` accepted), ``7S``; suit symbols
``♣ ♦ ♥ ♠`` are accepted too.

A card's ``repr`` is the call that reads it back, ``Card.parse('TD')``.

>>> Card.parse("10♦"), str(Card.parse("qs"))
(Card.parse('TD'), 'QS')
>>> len(DECK_52), len(DECK_32)
(52, 32)
"""

from __future__ import annotations

import enum
import re
from typing import TypeVar

import attrs

from tablegames.errors import NotationError, PieceError, excerpt

from .sets import MAX_SET_TEXT, PieceSet, Universe, parse_repr, piece_text
from .sets import shown as _shown


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
        t = piece_text(text, "suit", "H or ♥").strip().upper()
        for suit in cls:
            if t in (suit.letter, suit.symbol):
                return suit
        raise NotationError(f"{excerpt(text)} is not a suit: use C, D, H or S")


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
        t = piece_text(text, "rank", "Q or 10").strip().upper()
        if t == "10":
            t = "T"
        if len(t) == 1 and t in "23456789TJQKA":
            return cls("23456789TJQKA".index(t) + 2)
        raise NotationError(f"{excerpt(text)} is not a rank: use 2-9, T (or 10), J, Q, K or A")


_CARD = re.compile(r"^\s*(10|[2-9TJQKA])\s*([CDHS♣♦♥♠])\s*$", re.IGNORECASE)


E = TypeVar("E", Rank, Suit)


def _member(kind: type[E], value: object, low: int, high: int) -> E:
    """``value`` as a ``kind``: itself, or the member with that number (``low`` to ``high``)."""
    if type(value) is kind:
        return value
    if type(value) is int and low <= value <= high:
        return kind(value)
    raise PieceError(
        f"A card's {kind.__name__.lower()} is a {kind.__name__} (or a whole number {low} to "
        f"{high}), not {_shown(value)}."
    )


def _rank(value: object) -> Rank:
    return _member(Rank, value, 2, 14)


def _suit(value: object) -> Suit:
    return _member(Suit, value, 0, 3)


@attrs.frozen(order=False, repr=False)
class Card:
    """One playing card; ``index`` is ``13 * suit + rank - 2`` (0..51).

    ``rank`` is a :class:`Rank` or a plain int 2..14, ``suit`` a :class:`Suit` or a plain int
    0..3 (the card holds the enums); anything else (``True``, ``14.0``, a numpy number) is a
    :class:`~tablegames.errors.PieceError`, so every ``Card`` is a real card.

    Its ``str`` is the notation, ``TH``; its ``repr`` the call that reads it back,
    ``Card.parse('TH')`` (paste it where ``Card`` is imported).

    >>> Card(Rank.ACE, Suit.SPADES).index, str(Card(Rank.TEN, Suit.HEARTS)), Card(14, 3).rank
    (51, 'TH', <Rank.ACE: 14>)
    >>> Card(14, 3), eval(repr(Card(14, 3))) == Card(14, 3)
    (Card.parse('AS'), True)
    """

    rank: Rank = attrs.field(converter=_rank)
    """The rank, two (2) to ace (14)."""
    suit: Suit = attrs.field(converter=_suit)
    """The suit: clubs, diamonds, hearts or spades."""
    index: int = attrs.field(init=False, eq=False, repr=False)
    """The card's place in the 52-card deck, ``13 * suit + rank - 2``: 0 (2C) to 51 (AS)."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "index", 13 * self.suit + self.rank - 2)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``AH``, ``TD``/``10D``, ``7♠``; case does not matter. A text longer than
        :data:`~tablegames.pieces.sets.MAX_PIECE_TEXT` characters is refused unread.

        >>> Card.parse("A" * 10_000_000)
        Traceback (most recent call last):
        ...
        tablegames.core.errors.NotationError: 'AAAA...' is not a card: a card is written in a few \
characters, as AH or 10D
        """
        match = _CARD.match(piece_text(text, "card", "AH or 10D"))
        if match is None:
            raise NotationError(
                f"{excerpt(text)} is not a card: write rank then suit, as AH, TD or 7S"
            )
        return CARDS[13 * Suit.parse(match[2]) + Rank.parse(match[1]) - 2]

    def __str__(self) -> str:
        return self.rank.letter + self.suit.letter

    def __repr__(self) -> str:
        return parse_repr(self, "rank", "suit")


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
    if type(text) is not str:
        raise NotationError(f"Cards are written as text, as AS KS, not {_shown(text)}.")
    if len(text) > MAX_SET_TEXT:
        raise NotationError(
            f"{excerpt(text)} is not a set of cards: it is longer than {MAX_SET_TEXT:,} characters."
        )
    return PieceSet.of(CARD_UNIVERSE, (Card.parse(t) for t in text.split()))
