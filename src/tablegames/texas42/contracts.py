"""The special contracts of tournament 42: nello, plunge, splash and sevens (options, off by
default; see docs/texas42.md).

Nello and sevens are named in place of a trump, so they get trump codes after the numbers 0..6,
``DOUBLES`` (7) and ``NO_TRUMP`` (8). Plunge and splash are bids; the plunger's partner then
names an ordinary trump.

>>> trump_word(NELLO_LOW), trump_word(SEVENS)
('nello low', 'sevens')
>>> from tablegames.pieces import dominoes
>>> from tablegames.tricks.follow import legal_plays
>>> str(dominoes_of(legal_plays(dominoes("6:6 4:3 5:1 6:2").mask, (), SEVENS_MODEL)))
'4:3'
"""

from __future__ import annotations

from tablegames.pieces.dominoes import DOMINO_UNIVERSE, DOMINOES, Domino
from tablegames.pieces.sets import PieceSet
from tablegames.tricks.model import TrickModel

from .trumps import DOUBLES_MASK, trump_name

NELLO_SUIT = 9
"""``trump nello suit``: the doubles are a suit of their own."""
NELLO_HIGH = 10
"""``trump nello high``: a double is the highest tile of its number."""
NELLO_LOW = 11
"""``trump nello low``: a double is the lowest tile of its number."""
SEVENS = 12
"""``trump sevens``: the tile closest to 7 pips takes the trick."""
NELLOS = (NELLO_SUIT, NELLO_HIGH, NELLO_LOW)
NELLO_MODES = ("suit", "high", "low")
"""By nello code minus ``NELLO_SUIT``: the doubles mode's word."""
LAST_TRUMP = SEVENS
"""The highest trump code."""

PLUNGE_MARKS = 4
"""What a plunge is worth at least, in marks."""
PLUNGE_DOUBLES = 4
SPLASH_DOUBLES = 3


def is_nello(trump: int | None) -> bool:
    """True for the three nello codes.

    >>> is_nello(NELLO_HIGH), is_nello(5), is_nello(None)
    (True, False, False)
    """
    return trump is not None and NELLO_SUIT <= trump <= NELLO_LOW


def trump_word(trump: int) -> str:
    """The words after ``trump`` in the notation for a special contract's code.

    >>> trump_word(NELLO_SUIT)
    'nello suit'
    """
    if trump == SEVENS:
        return "sevens"
    return f"nello {NELLO_MODES[trump - NELLO_SUIT]}"


def contract_name(trump: int) -> str:
    """How a trump choice reads in prose, special contracts included.

    >>> contract_name(NELLO_SUIT), contract_name(3)
    ('nello (doubles a suit of their own)', 'threes')
    """
    if trump == SEVENS:
        return "sevens"
    if is_nello(trump):
        return {
            NELLO_SUIT: "nello (doubles a suit of their own)",
            NELLO_HIGH: "nello (doubles high)",
            NELLO_LOW: "nello (doubles low)",
        }[trump]
    return trump_name(trump)


def contract_description(trump: int) -> str:
    """What the contract of a trump choice asks of the play, in a phrase (for tellers and
    tables: the rule is the contract's, written here beside it).

    >>> contract_description(SEVENS)
    'sevens: play the tile closest to 7 pips'
    >>> contract_description(5), contract_description(NELLO_LOW)
    ('fives are trumps', 'nello (doubles low): the bidder must take no trick')
    """
    name = contract_name(trump)
    if trump == SEVENS:
        return f"{name}: play the tile closest to 7 pips"
    if is_nello(trump):
        return f"{name}: the bidder must take no trick"
    return f"{name} are trumps"


def distance(tile: int) -> int:
    """How far a tile's pip total is from 7.

    >>> distance(Domino(6, 6).index), distance(Domino(4, 3).index)
    (5, 0)
    """
    d = DOMINOES[tile]
    return abs(d.high + d.low - 7)


_DISTANCE = tuple(distance(i) for i in range(28))


def sevens_winner(pieces: tuple[int, ...], model: TrickModel) -> int:
    """The position that takes a sevens trick: the tile closest to 7; among equally close
    tiles the bidding side's first-played one, else the first played.

    Under sevens every trick is led by the bidding side (the bidder leads the first; a trick
    the opponents take sets the contract and ends the hand), so the bidding side's tiles are
    those in the even positions (the leader and the leader's partner).

    >>> from tablegames.pieces import Domino
    >>> def trick(*tiles): return tuple(Domino.parse(t).index for t in tiles)
    >>> sevens_winner(trick("6:0", "5:2", "4:2", "4:3"), SEVENS_MODEL)  # opponents tie: first
    1
    >>> sevens_winner(trick("6:6", "4:3", "5:2", "6:5"), SEVENS_MODEL)  # the bidding side's
    2
    """
    best = min(_DISTANCE[p] for p in pieces)
    tied = [i for i, p in enumerate(pieces) if _DISTANCE[p] == best]
    for position in tied:
        if position % 2 == 0:
            return position
    return tied[0]


SEVENS_MODEL = TrickModel(
    DOMINO_UNIVERSE,
    (0,) * 28,
    ((1 << 28) - 1,),
    ((0,) * 28,),
    None,
    ("sevens",),
    special_winner=sevens_winner,
    tiers=tuple(sum(1 << t for t in range(28) if _DISTANCE[t] == k) for k in range(8)),
    tier_rule="Sevens: play a tile closest to 7 pips; {piece} is {piece_tier} away and you "
    "hold {example}, which is {example_tier} away.",
)
"""Sevens: one "suit" of every tile (nothing to follow), the tiles ordered by how far their pip
totals are from 7 (the play rule's tiers: a tile closest to 7 must be played), the winner found
by :func:`sevens_winner`.

>>> from tablegames.pieces import dominoes
>>> from tablegames.tricks.follow import legal_plays, play_violation
>>> str(dominoes_of(legal_plays(dominoes("6:0 5:2 4:4").mask, (), SEVENS_MODEL)))
'5:2'
>>> print(play_violation(dominoes("6:0 5:2").mask, (), Domino(6, 0).index, SEVENS_MODEL))
Sevens: play a tile closest to 7 pips; 6:0 is 1 away and you hold 5:2, which is 0 away.
"""


def doubles_held(hand: int) -> int:
    """How many doubles ``hand`` holds.

    >>> from tablegames.pieces import dominoes
    >>> doubles_held(dominoes("6:6 5:5 4:1").mask)
    2
    """
    return (hand & DOUBLES_MASK).bit_count()


def special_worth(minimum: int, standing: int) -> int:
    """What a plunge (``minimum`` 4) or splash (2 or 3) bids over ``standing``, in points:
    the larger of ``minimum`` marks and one mark above the standing bid (42 points a mark).

    >>> special_worth(4, 0), special_worth(4, 168), special_worth(2, 84), special_worth(2, 35)
    (168, 210, 126, 84)
    """
    above = max(1, standing // 42) + 1 if standing else 0
    return 42 * max(minimum, above)


def dominoes_of(mask: int) -> PieceSet[Domino]:
    """The tiles of a mask, as a set (for messages and examples).

    >>> str(dominoes_of(1))
    '0:0'
    """
    return PieceSet(mask, DOMINO_UNIVERSE)
