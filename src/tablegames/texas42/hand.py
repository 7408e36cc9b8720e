"""What a Texas 42 match carries from one decision to the next besides the tiles: the phases,
the part of the hand that stays put through its play (:class:`HandPart`), and how a hand ended
(:class:`HandResult`).

>>> from tablegames.texas42 import Rules
>>> part = start_part(Rules(first_dealer=2), 2, (0, 0), ())
>>> part.dealer, part.to_call, part.contract, part.aside
(2, 3, 'bid', 0)
"""

from __future__ import annotations

import enum

import attrs

from tablegames.core.frozen import builder
from tablegames.core.history import History
from tablegames.core.seats import Seat
from tablegames.tricks.table import Trick

from .actions import Action
from .rules import Rules

SEATS = 4
HAND = 7
"""Tiles in a hand, and tricks in a hand played out."""
ORDER = (0, 1, 2, 3)
"""The seats, clockwise: the order of play."""
SIDES = ((0, 2), (1, 3))
"""The partnerships: side 0 is seats 0 and 2, side 1 seats 1 and 3."""


class Phase(enum.Enum):
    """What the table is doing.

    >>> Phase("bid")
    <Phase.BID: 'bid'>
    """

    DEAL = "deal"
    BID = "bid"
    TRUMP = "trump"
    PLAY = "play"
    OVER = "over"


def side_of(seat: Seat) -> int:
    """0 for seats 0 and 2, 1 for seats 1 and 3.

    >>> side_of(2), side_of(3)
    (0, 1)
    """
    return seat % 2


@attrs.frozen
class HandResult:
    """How one hand ended. ``points`` and ``tricks`` are by side (0: seats 0 and 2; 1: 1 and 3);
    ``score`` is what each side recorded (points, or marks under marks scoring).
    A hand thrown in (everybody passed) has no ``bidder``.

    >>> HandResult(0, None, 0, None, (0, 0), (0, 0), None, (0, 0)).thrown_in
    True
    """

    dealer: Seat
    """Who dealt the hand."""
    bidder: Seat | None
    """The high bidder; ``None`` when the hand was thrown in (all four passed)."""
    bid: int
    """The winning bid in points; ``0`` when thrown in."""
    trump: int | None
    """The trump or contract named, as the view's ``trump``; ``None`` when thrown in."""
    points: tuple[int, int]
    """Points taken by side (0: seats 0 and 2; 1: seats 1 and 3)."""
    tricks: tuple[int, int]
    """Tricks taken by side."""
    made: bool | None
    """Whether the bidder's side made the bid; ``None`` when thrown in."""
    score: tuple[int, int]
    """What each side recorded for the hand (points, or marks under marks scoring)."""
    played: tuple[Trick, ...] = ()
    """The tricks played, in order (fewer than 7 when marks scoring stopped the hand early)."""
    contract: str = attrs.field(default="bid", repr=False)
    """``bid`` for a bid of points or marks, ``plunge`` or ``splash`` for those special bids
    (nello and sevens show in ``trump``)."""

    @property
    def thrown_in(self) -> bool:
        """True when all four passed and nobody played."""
        return self.bidder is None


new_result = builder(HandResult)
"""Builds a ``HandResult`` from all its fields, quicker than its ``__init__`` (every hand
played out ends with one)."""


@attrs.frozen(slots=False)
class SpecialContract:
    """The special contracts' part of a hand (see :attr:`HandPart.extra`): the standing bid's
    contract, the plunge and splash calls (position among the calls, contract), and in nello
    the tiles the bidder's partner laid aside.

    >>> SpecialContract("plunge", ((1, "plunge"),))
    SpecialContract(contract='plunge', specials=((1, 'plunge'),), aside=0)
    """

    contract: str = "bid"
    specials: tuple[tuple[int, str], ...] = ()
    aside: int = 0


class _PartSlots:
    """The slots of :class:`HandPart`'s fields (built by plain stores: see
    :mod:`tablegames.core.frozen`)."""

    __slots__ = (
        "__weakref__",
        "before_deal",
        "bidder",
        "calls",
        "dealer",
        "extra",
        "high_bid",
        "results",
        "rules",
        "scores",
        "trump",
    )


@attrs.frozen(repr=False)
class HandPart(_PartSlots):
    """What stays put through a hand's play: the rules, the calls, the contract, the results and
    scores so far, and where the hand's deal sits in the history (for sampling). Every state of
    a trick shares it; the calls and the naming of trump make new ones.

    >>> part = start_part(Rules(), 0, (0, 0), ())
    >>> part.high_bid, part.bidder, part.specials
    (0, None, ())
    """

    rules: Rules
    dealer: Seat
    calls: tuple[int, ...]
    """This hand's calls in order from the dealer's left: 0 for a pass, else the bid."""
    high_bid: int
    bidder: Seat | None
    trump: int | None
    results: tuple[HandResult, ...]
    scores: tuple[int, int]
    """Each side's match score before this hand (points, or marks)."""
    before_deal: History[Action] | None = attrs.field(eq=False)
    """The history just before this hand's deal (None until the deal)."""
    extra: SpecialContract | None = None
    """What only the special contracts need (None in plain 42: one field keeps the plain
    hand as cheap to build as it was)."""

    @property
    def contract(self) -> str:
        """What the standing high bid is: ``bid``, ``plunge`` or ``splash``."""
        extra = self.extra
        return "bid" if extra is None else extra.contract

    @property
    def specials(self) -> tuple[tuple[int, str], ...]:
        """The plunge and splash calls of this hand: (position among the calls, contract)."""
        extra = self.extra
        return () if extra is None else extra.specials

    @property
    def aside(self) -> int:
        """In nello, the tiles the bidder's partner laid aside."""
        extra = self.extra
        return 0 if extra is None else extra.aside

    @property
    def to_call(self) -> Seat:
        """The seat whose call is next (in the bidding)."""
        return (self.dealer + 1 + len(self.calls)) % SEATS

    @property
    def names_trump(self) -> Seat | None:
        """The seat that names trump: the high bidder, or after a plunge or splash its
        partner."""
        extra = self.extra
        if extra is not None and extra.contract != "bid":
            return (self.bidder + 2) % SEATS  # type: ignore[operator]
        return self.bidder


new_part = builder(HandPart)
"""Builds a ``HandPart`` from all its fields, quicker than its ``__init__`` (a hot path)."""


def start_part(
    rules: Rules, dealer: Seat, scores: tuple[int, int], results: tuple[HandResult, ...]
) -> HandPart:
    """The part of a hand about to be dealt by ``dealer``, the match standing at ``scores``
    after ``results``.

    >>> start_part(Rules(), 3, (0, 0), ()).to_call
    0
    """
    return new_part(rules, dealer, (), 0, None, None, results, scores, None, None)
