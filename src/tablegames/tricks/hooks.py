"""What a trick game tells the play engine (:class:`PlayHooks`), every one of them a pure
function of plain values or a plain value.

A game writes its hooks once, in its own ``playing.py``, beside the rules they speak for: its
pieces and the ready-made play of each, its sentences, what happens after a trick, and when a
hand ends and what it comes to. The engine (:class:`~tablegames.tricks.play.TrickPlay`) does the
rest: who may play what (:mod:`tablegames.tricks.follow`), who takes each trick
(:mod:`tablegames.tricks.winner`), the refusals, and the end of each trick.

>>> from tablegames.texas42.playing import HOOKS
>>> HOOKS.wrong_phase, HOOKS.chunks
('It is time to play a tile.', ((0, 10), (10, 10), (20, 8)))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Generic, TypeVar

import attrs

from tablegames.core.actions import Play
from tablegames.core.seats import Seat
from tablegames.core.violations import Violation
from tablegames.pieces.sets import Piece

from .tally import TrickTally

__all__ = ["AfterTrick", "Hands", "Pieces", "PlayHooks", "Valuation", "one_trick"]

P = TypeVar("P")
"""The game's part of a hand: what stays put through a trick (rules, contract, scores)."""
H = TypeVar("H")
"""The game's result of a hand."""
X = TypeVar("X", bound=Piece)
"""The game's pieces (a domino, a card)."""

Hands = tuple[int, ...]
"""Piece masks by seat."""
Pieces = tuple[int, ...]
"""Pieces by index, in play order (a trick, or the trick in progress)."""

AfterTrick = Callable[[P, Hands, TrickTally], tuple[P, Hands, TrickTally]]
"""What happens to the hand after a trick, besides its winner leading the next (the engine has
already taken the trick's pieces out of the hands): the part, hands and tally play goes on with.
Ninety-Two draws from the stock here, and seats whose hands ran out drop out of the seating."""


def one_trick(pieces: Pieces) -> int:
    """A trick is worth one trick (the card games' :attr:`PlayHooks.trick_value`).

    >>> one_trick((3, 4, 5))
    1
    """
    return 1


@attrs.frozen
class PlayHooks(Generic[P, H, X]):
    """What a game tells the play engine (see the module doc): its pieces, its sentences, what
    happens after a trick and when a hand ends. Every hook is a pure function of plain values;
    what a trick is worth and to whom, which only a solver asks, is :class:`Valuation`.

    >>> from tablegames.preference.playing import HOOKS
    >>> HOOKS.hand_result.__name__, HOOKS.after_trick is None
    ('hand_result', True)
    """

    plays: tuple[Play[X], ...]
    """By piece index, the ready-made ``Play`` action of each piece (what ``legal_actions``
    lists; a play of an equal piece of another class is played as this one)."""
    chunks: tuple[tuple[int, int], ...]
    """How a legal mask is turned into plays: (first bit, width) of each look-up table (see
    :func:`~tablegames.tricks.decode.mask_reader`)."""
    not_a_piece: Callable[[object], Violation | None]
    """The refusal of something played that is not one of the game's pieces (``7 is not a
    domino``), or None for a piece of the game."""
    wrong_phase: str
    """The sentence refusing any action but a play (``It is time to play a tile.``)."""
    hand_result: Callable[[P, Hands, TrickTally], H | None]
    """After a trick (and :attr:`after_trick`): the hand's result if it is over, else None.
    Texas 42's hand ends after seven tricks, or as soon as it is decided under marks scoring."""
    after_trick: AfterTrick[P] | None = None
    """What happens to the hand after a trick (None: nothing: the winner leads the next)."""
    quick: Mapping[int, tuple[Play[X], ...]] | None = None
    """Legal masks met often, with their plays (tried before the tables)."""


@attrs.frozen
class Valuation(Generic[P, H]):
    """What a game tells a solver about the play, beside its :class:`PlayHooks`: what a trick
    is worth and to which side, and whose contract the hand plays for. The engine never reads
    these; a game offers them with its engine (``TrickPlay(HOOKS, VALUATION)``), and
    :class:`tablegames.solve.Solver` reads them there. The defaults: a trick worth one, no
    sides (nothing for a solver to solve), no contract.

    >>> from tablegames.texas42.playing import VALUATION
    >>> VALUATION.trick_value((0, 1, 2, 3)), VALUATION.declarer is not None
    (1, True)
    >>> Valuation().side_of is None
    True
    """

    trick_value: Callable[[Pieces], int] = one_trick
    """What a finished trick is worth to the side that takes it (a solver's unit: Texas 42's
    point a trick plus its count; one trick in the card games)."""
    side_of: Callable[[P, Seat], int] | None = None
    """Which side a seat plays for in this hand (0 or 1: Texas 42's partnerships; a declarer
    and partners against the rest), for a solver; None: each seat for itself."""
    piece_value: tuple[int, ...] | None = None
    """By piece index, what a piece adds to the value of the trick it falls in, for a solver:
    :attr:`trick_value` is then ``trick_value(())`` plus these (Texas 42's count). A solver
    merges pieces only of equal value and bounds what is left to take by them. None: every
    piece alike (a trick is worth :attr:`trick_value` whatever is in it)."""
    ends_early: Callable[[P], bool] | None = None
    """Whether a hand under this part may end before its pieces run out, by what each side has
    taken so far (Texas 42 under marks scoring: as soon as it is decided; nello: with the
    bidder's first trick), for a solver: it then tells positions apart by each side's tricks
    and value so far. None: never (the hand ends as the pieces, the stock and the number of
    tricks say)."""
    tricks_left: Callable[[P, Hands, TrickTally], int] | None = None
    """How many tricks are still to play from the start of a trick (the hands as it is led),
    for a solver's bounds on what is left to take: a game whose hands refill after a trick
    (Ninety-Two's stock) says it here. None: as many as the largest hand holds."""
    declarer: Callable[[P], Seat | None] | None = None
    """The seat whose contract the hand plays for (Texas 42's bidder, Preference's declarer),
    or None for a hand without one: a solver's contract query asks whether its side makes it."""
    made: Callable[[H], bool | None] | None = None
    """Whether the declarer's side made its contract in a hand's result (None: no contract):
    the goal of a solver's contract query, read from the game's own result."""
