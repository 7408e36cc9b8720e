"""Pieces and moves as text for people: ``A♠`` and ``[6|4]``, or plain notation with ``ascii``.

>>> from tablegames.pieces import Card, Domino
>>> piece_text(Card.parse("AS")), piece_text(Domino(6, 4)), piece_text(Card.parse("TH"), ascii=True)
('A♠', '[6|4]', 'TH')
"""

from __future__ import annotations

from collections.abc import Iterable

from tablegames.core.actions import Deal, Play
from tablegames.pieces.cards import Card, Suit
from tablegames.pieces.dominoes import Domino


def piece_text(piece: object, *, ascii: bool = False) -> str:
    """A card as rank and suit symbol (``T♥``), a domino as ``[6|4]``; plain notation
    (``TH``, ``6:4``) with ``ascii``.

    >>> from tablegames.pieces import Domino
    >>> piece_text(Domino(5, 5)), piece_text(Domino(5, 5), ascii=True)
    ('[5|5]', '5:5')
    """
    if isinstance(piece, Card):
        return str(piece) if ascii else piece.rank.letter + piece.suit.symbol
    if isinstance(piece, Domino):
        return str(piece) if ascii else f"[{piece.high}|{piece.low}]"
    return str(piece)


def pieces_text(pieces: Iterable[object], *, ascii: bool = False, empty: str = "(none)") -> str:
    """Pieces separated by spaces, or ``empty`` when there are none.

    >>> from tablegames.pieces import cards
    >>> pieces_text(cards("AS KH")), pieces_text(cards(""))
    ('K♥ A♠', '(none)')
    """
    text = " ".join(piece_text(p, ascii=ascii) for p in pieces)
    return text or empty


def suit_text(suit: Suit, *, ascii: bool = False) -> str:
    """A card suit as its symbol, or its letter with ``ascii``.

    >>> suit_text(Suit.HEARTS), suit_text(Suit.HEARTS, ascii=True)
    ('♥', 'H')
    """
    return suit.letter if ascii else suit.symbol


def action_text(action: object, *, ascii: bool = False) -> str:
    """A move in the game's notation, with card suits as symbols and tiles as ``[6|4]`` unless
    ``ascii``. Every form printed here is also accepted by the game's parser, except a
    domino drawn as ``[6|4]``.

    >>> from tablegames import preference, quartets, texas42
    >>> play, ask = texas42.parse_action("play 6:4"), quartets.parse_action("ask 3 8S")
    >>> action_text(play), action_text(ask)
    ('play [6|4]', 'ask 3 8♠')
    >>> bid = preference.parse_action("bid H")
    >>> action_text(bid), action_text(bid, ascii=True)
    ('bid ♥', 'bid H')
    """
    if ascii:
        return str(action)
    if isinstance(action, Play):
        return f"play {piece_text(action.piece)}"
    if isinstance(action, Deal):
        return f"deal ({len(action.order)} pieces)"
    text = str(action)
    words = text.split(" ")
    for i, word in enumerate(words):
        words[i] = _symbolic(word)
    return " ".join(words)


def _symbolic(word: str) -> str:
    if len(word) == 1 and word in "CDHS":
        return Suit.parse(word).symbol
    if len(word) == 2 and word[0] in "23456789TJQKA" and word[1] in "CDHS":
        return word[0] + Suit.parse(word[1]).symbol
    return word
