"""What a Preference match carries from one decision to the next besides the cards: the phases,
who is dealt in, the part of a deal that stays put through its play (:class:`DealPart`), and
how a deal ended (:class:`DealResult`).

>>> from tablegames.preference import Rules
>>> part = start_part(Rules(first_dealer=2), 2, (95,) * 4, 20, ())
>>> part.dealer, active_seats(part.dealer), first_leader(0, part.dealer), part.pot
(2, (3, 0, 1), 1, 20)
"""

from __future__ import annotations

import enum

import attrs

from tablegames.core.frozen import builder
from tablegames.core.history import History
from tablegames.core.seats import Seat

from .actions import Action
from .rules import Contract, Rules

SEATS = 4
HAND = 10
"""Cards in a hand (and tricks in a deal)."""
WIDOW = 2
"""Cards in the widow."""
CALLS = SEATS - 1
"""Calls in each round of the bidding: one by each active player."""
PACKETS = (3, 0, 4, 3)
"""The packets dealt to each active player in turn; 0 marks where the widow's two go.

>>> sum(PACKETS) * 3 + WIDOW
32
"""


class Phase(enum.Enum):
    """What the table is doing.

    >>> [p.value for p in Phase][1:4]
    ['bid', 'offer', 'widow']
    """

    DEAL = "deal"
    BID = "bid"
    """Round one: name a higher suit or pass."""
    OFFER = "offer"
    """Round two: offer more chips or pass."""
    WIDOW = "widow"
    """The round-two winner keeps the hand or discards two of the twelve cards."""
    TRUMP = "trump"
    """The round-two winner names trumps."""
    PLAY = "play"
    OVER = "over"


def active_seats(dealer: Seat) -> tuple[Seat, ...]:
    """The three seats dealt in, clockwise from the dealer's left (the dealer sits out).

    >>> active_seats(2)
    (3, 0, 1)
    """
    return tuple((dealer + i) % SEATS for i in range(1, SEATS))


ACTIVE = tuple(active_seats(dealer) for dealer in range(SEATS))
""":func:`active_seats` by dealer.

>>> ACTIVE[0]
(1, 2, 3)
"""


def first_leader(declarer: Seat, dealer: Seat) -> Seat:
    """The active player on the declarer's left, who leads first (the dealer is skipped).

    >>> first_leader(1, 0), first_leader(3, 0)
    (2, 1)
    """
    seat = (declarer + 1) % SEATS
    return (seat + 1) % SEATS if seat == dealer else seat


class _ResultSlots:
    """The slots of :class:`DealResult`'s fields (built by plain stores: see
    :mod:`tablegames.core.frozen`)."""

    __slots__ = (
        "__weakref__",
        "chips",
        "dealer",
        "declarer",
        "made",
        "number",
        "offer",
        "pot",
        "stacks",
        "tricks",
        "trump",
    )


@attrs.frozen
class DealResult(_ResultSlots):
    """How one deal ended. A deal thrown in (all passed twice) has no ``declarer``.

    ``tricks`` is by seat; ``offer`` is the winning round-two offer (0 after a round-one bid);
    ``chips`` is what the declarer's stack gained (negative: the penalty paid); ``stacks`` and
    ``pot`` are after settlement (before any ante of the next deal).

    >>> DealResult(1, 0, None, None, 0, (0, 0, 0, 0), None, 0, (95,) * 4, 20).thrown_in
    True
    """

    number: int
    """Which deal of the match this was (1 for the first)."""
    dealer: Seat
    """Who dealt (and sat out)."""
    declarer: Seat | None
    """Who played the game; ``None`` when the deal was thrown in (all passed twice)."""
    trump: Contract | None
    """The contract (its trump) of the game; ``None`` when thrown in."""
    offer: int
    """The winning round-two offer in chips; ``0`` after a round-one bid."""
    tricks: tuple[int, ...]
    """Tricks taken, by seat."""
    made: bool | None
    """Whether the declarer made the game; ``None`` when thrown in."""
    chips: int
    """What the declarer's stack gained (negative: the penalty paid)."""
    stacks: tuple[int, ...]
    """Every seat's chips after the settlement (before the next deal's ante)."""
    pot: int
    """Chips in the pot after the settlement."""

    @property
    def thrown_in(self) -> bool:
        """True when all three passed in both rounds and nobody played.

        >>> from tablegames.pieces import Suit
        >>> DealResult(1, 0, 2, Suit.CLUBS, 0, (0, 6, 4, 0), True, 2, (95,) * 4, 18).thrown_in
        False
        """
        return self.declarer is None


new_result = builder(DealResult)
"""``DealResult(...)`` built straight into its slots (every deal played out ends with one).

>>> new_result(1, 0, None, None, 0, (0,) * 4, None, 0, (95,) * 4, 20) == DealResult(
...     1, 0, None, None, 0, (0,) * 4, None, 0, (95,) * 4, 20)
True
"""


class _PartSlots:
    """The slots of :class:`DealPart`'s fields (built by plain stores: see
    :mod:`tablegames.core.frozen`)."""

    __slots__ = (
        "__weakref__",
        "before_deal",
        "calls",
        "dealer",
        "declarer",
        "discards",
        "offers",
        "pot",
        "results",
        "rules",
        "stacks",
        "trump",
        "widow",
        "widow_taken",
    )


@attrs.frozen(repr=False)
class DealPart(_PartSlots):
    """What stays put through a deal's play: the rules, the calling, the widow, the chips, the
    results so far, and where the deal sits in the history (for sampling). Every state of a
    trick shares it; the calling makes new ones.

    >>> part = start_part(Rules(), 0, (95,) * 4, 20, ())
    >>> part.to_bid, part.to_offer, part.largest_offer, part.calls, part.declarer
    (1, 1, 0, (), None)
    """

    rules: Rules
    dealer: Seat
    widow: int
    """The widow as dealt (a card mask; 0 before the deal)."""
    widow_taken: bool
    """Whether the widow went into the declarer's hand."""
    discards: int
    """The two cards laid aside after taking the widow (a card mask; 0 before)."""
    calls: tuple[Contract | None, ...]
    """Round one's calls in order from the dealer's left (None for a pass)."""
    offers: tuple[int, ...]
    """Round two's offers in order from the dealer's left (0 for a pass)."""
    declarer: Seat | None
    """The standing bidder, then the declarer."""
    trump: Contract | None
    """The standing bid, then the contract played (its trumps)."""
    stacks: tuple[int, ...]
    pot: int
    results: tuple[DealResult, ...]
    before_deal: History[Action] | None = attrs.field(eq=False)
    """The history just before this deal (None until the cards are dealt)."""

    @property
    def to_bid(self) -> Seat:
        """The seat whose call of round one is next."""
        return (self.dealer + 1 + len(self.calls)) % SEATS

    @property
    def to_offer(self) -> Seat:
        """The seat whose call of round two is next."""
        return (self.dealer + 1 + len(self.offers)) % SEATS

    @property
    def largest_offer(self) -> int:
        """The largest round-two offer so far (0 if none)."""
        return max(self.offers, default=0)

    # A changed part is a new part: each change below copies every field into the builder,
    # spelled out (a generic copy through ``getattr`` or ``attrs.evolve`` costs three times
    # as much, and the calling makes one part per step).

    def with_widow(
        self, widow: int, widow_taken: bool, discards: int, before_deal: History[Action] | None
    ) -> DealPart:
        """This part with the widow changed: dealt (with the history before the deal), or
        taken into the declarer's hand with two cards laid aside.

        >>> start_part(Rules(), 0, (95,) * 4, 20, ()).with_widow(3, False, 0, None).widow
        3
        """
        return new_part(
            self.rules,
            self.dealer,
            widow,
            widow_taken,
            discards,
            self.calls,
            self.offers,
            self.declarer,
            self.trump,
            self.stacks,
            self.pot,
            self.results,
            before_deal,
        )

    def after_call(
        self, calls: tuple[Contract | None, ...], declarer: Seat | None, trump: Contract | None
    ) -> DealPart:
        """This part after a call of round one, or once the round-two winner names trumps.

        >>> start_part(Rules(), 0, (95,) * 4, 20, ()).after_call((None,), None, None).to_bid
        2
        """
        return new_part(
            self.rules,
            self.dealer,
            self.widow,
            self.widow_taken,
            self.discards,
            calls,
            self.offers,
            declarer,
            trump,
            self.stacks,
            self.pot,
            self.results,
            self.before_deal,
        )

    def after_offer(
        self, offers: tuple[int, ...], declarer: Seat | None, stacks: tuple[int, ...], pot: int
    ) -> DealPart:
        """This part after an offer or pass of round two, or once its winner pays.

        >>> part = start_part(Rules(), 0, (95,) * 4, 20, ())
        >>> part.after_offer((), None, part.stacks, 3) == attrs.evolve(part, pot=3)
        True
        """
        return new_part(
            self.rules,
            self.dealer,
            self.widow,
            self.widow_taken,
            self.discards,
            self.calls,
            offers,
            declarer,
            self.trump,
            stacks,
            pot,
            self.results,
            self.before_deal,
        )


new_part = builder(DealPart)
"""``DealPart(...)`` with the same arguments, built by plain stores into its slot layout
(every call of the bidding makes one; see :mod:`tablegames.core.frozen`)."""


def start_part(
    rules: Rules,
    dealer: Seat,
    stacks: tuple[int, ...],
    pot: int,
    results: tuple[DealResult, ...],
) -> DealPart:
    """The part of a deal about to be dealt by ``dealer``, the chips standing at ``stacks`` and
    ``pot`` after ``results``.

    >>> start_part(Rules(), 3, (95,) * 4, 20, ()).to_bid
    0
    """
    return new_part(rules, dealer, 0, False, 0, (), (), None, None, stacks, pot, results, None)
