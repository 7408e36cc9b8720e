"""Pieces and moves as text for people: ``A♠`` and ``[6|4]``, or plain notation with ``ascii``.

>>> from tablegames.pieces import Card, Domino
>>> piece_text(Card.parse("AS")), piece_text(Domino(6, 4)), piece_text(Card.parse("TH"), ascii=True)
('A♠', '[6|4]', 'TH')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

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


_DOMINO = re.compile(r"(?<![\w|\[])([0-6]):([0-6])(?![\w|\]])")
_CARD = re.compile(r"\b([2-9TJQKA])([CDHS])\b")
_SUIT = re.compile(r"\b((?:bid|trump) (?:\d{1,2} )?)([CDHS])\b")
_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def notation_text(text: str, *, ascii: bool = False) -> str:
    """A sentence that quotes the notation (a refusal, a hint), with its pieces and suits shown
    as the screen shows them: ``6:4`` as ``[6|4]``, ``QD`` as ``Q♦``, ``bid 4 H`` as ``bid 4 ♥``;
    unchanged with ``ascii``.

    >>> notation_text("You do not hold 6:1.")
    'You do not hold [6|1].'
    >>> notation_text("You must follow hearts: TH was led and you hold AH, which follows.")
    'You must follow hearts: T♥ was led and you hold A♥, which follows.'
    >>> notation_text("A bid must name more tricks than the standing bid of 1 (bid 1 H).")
    'A bid must name more tricks than the standing bid of 1 (bid 1 ♥).'
    >>> notation_text("You do not hold QD.", ascii=True)
    'You do not hold QD.'

    What the sentence quotes of the player's own input stays as it was typed:

    >>> notation_text("'bid 6 D' is not an action: write bid H")
    "'bid 6 D' is not an action: write bid ♥"
    """
    if ascii:
        return text
    parts = _QUOTED.split(text)  # odd places: quoted input, kept as typed
    return "".join(part if i % 2 else _symbols(part) for i, part in enumerate(parts))


_QUOTED = re.compile(r"""((?<!\w)'[^']*'(?!\w)|(?<!\w)"[^"]*"(?!\w))""")
"""Input a message quotes (``quote`` writes it as Python's ``repr``: ``'bid 6 D'``, or with
double quotes when it holds a single one); an apostrophe inside a word (``seat 1's``) is not
a quote."""


def _symbols(text: str) -> str:
    text = _DOMINO.sub(r"[\1|\2]", text)
    text = _CARD.sub(lambda m: m[1] + _SYMBOLS[m[2]], text)
    return _SUIT.sub(lambda m: m[1] + _SYMBOLS[m[2]], text)


_SHOWN_DOMINO = re.compile(r"\[\s*([0-6])\s*\|\s*([0-6])\s*\]")


def typed_notation(text: str) -> str:
    """What a player typed, in either spelling, as the notation the parsers read: a tile
    written as the screen shows it, ``[6|4]``, becomes ``6:4`` (the parsers accept suit
    symbols, ``Q♦``, as they are).

    >>> typed_notation("play [6|1]"), typed_notation("play 6:1"), typed_notation("play Q♦")
    ('play 6:1', 'play 6:1', 'play Q♦')
    """
    return _SHOWN_DOMINO.sub(r"\1:\2", text)


def plural(count: int, word: str) -> str:
    """``count`` and ``word``, with an ``s`` unless the count is one.

    >>> plural(1, "trick"), plural(0, "trick"), plural(3, "chip")
    ('1 trick', '0 tricks', '3 chips')
    """
    return f"{count} {word}{'' if count == 1 else 's'}"


SUMMARY_LIMIT = 8
"""A verb with more legal actions than this is summarised in a hint (``offer 1-95``)."""
_NUMBER_WORDS = (
    *("no", "one", "two", "three", "four", "five", "six"),
    *("seven", "eight", "nine", "ten", "eleven", "twelve"),
)


def actions_summary(actions: Iterable[object], *, ascii: bool = False) -> str:
    """Legal actions for a person to read, as ``help`` in terminal play lists them: each one
    in the notation, except that a verb with many actions is summarised. Actions that are
    every combination of their words show each word's choices (``offer 1-95``,
    ``bid 5-13 ♣/♦/♥/♠``: a number from 5 to 13 and any of the suits); actions that name
    several pieces or seats out of a set show how many and an example (``discard two of the
    twelve cards, e.g. discard T♣ 8♦``).

    >>> from tablegames import preference
    >>> offers = [preference.PASS, *(preference.Offer(n) for n in range(3, 96))]
    >>> actions_summary(offers)
    'pass, offer 3-95'
    >>> from tablegames.pieces import cards
    >>> twelve = list(cards("TC 8D TD QD AD 7H 8H TH KH 9S KS AS"))
    >>> pairs = [preference.KEEP] + [preference.Discard((a, b))
    ...     for i, a in enumerate(twelve) for b in twelve[i + 1:]]
    >>> actions_summary(pairs)
    'keep, discard two of the twelve cards, e.g. discard T♣ 8♦'
    """
    groups: dict[str, list[list[str]]] = {}
    for action in actions:
        words = action_text(action, ascii=ascii).split(" ")
        groups.setdefault(words[0], []).append(words)
    return ", ".join(_group(verb, rows) for verb, rows in groups.items())


def _group(verb: str, rows: list[list[str]]) -> str:
    if len(rows) <= SUMMARY_LIMIT or len({len(row) for row in rows}) > 1:
        return ", ".join(" ".join(row) for row in rows)
    columns = [list(dict.fromkeys(row[i] for row in rows)) for i in range(1, len(rows[0]))]
    product = 1
    for column in columns:
        product *= len(column)
    if product == len(rows):  # every combination: each word's choices
        return " ".join([verb, *(_choices(column) for column in columns)])
    chosen = sorted({word for row in rows for word in row[1:]}, key=_order(rows))
    count = len(columns)
    noun = "tiles" if "|" in chosen[0] or ":" in chosen[0] else "cards"
    if all(word.isdigit() for word in chosen):
        noun = "seats"
    return f"{verb} {_number(count)} of the {_number(len(chosen))} {noun}, e.g. {' '.join(rows[0])}"


def _number(count: int) -> str:
    return _NUMBER_WORDS[count] if count < len(_NUMBER_WORDS) else str(count)


def _order(rows: list[list[str]]) -> Callable[[str], int]:
    """Words in the order they first appear in the actions (the hand's order)."""
    seen: dict[str, int] = {}
    for row in rows:
        for word in row[1:]:
            seen.setdefault(word, len(seen))
    return seen.__getitem__


def _choices(words: list[str]) -> str:
    """A column's choices: runs of numbers as ``1-95``, the rest joined by ``/``."""
    if not all(word.isdigit() for word in words):
        return "/".join(words)
    numbers = sorted(int(word) for word in words)
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return "/".join(
        f"{run[0]}-{run[-1]}" if len(run) > 2 else "/".join(map(str, run)) for run in runs
    )
