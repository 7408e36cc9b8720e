"""What a Ninety-Two match carries from one decision to the next besides the hands: the phases,
the part of the deal that stays put through a trick (:class:`DealPart`: the rules, the calls,
the team, the stock and the dead cards, the scores so far), and how a deal ended
(:class:`DealResult`).

>>> from tablegames.ninety_two import Rules
>>> part = start_part(Rules(players=6, first_dealer=5), 5, (0,) * 6, ())
>>> part.dealer, part.to_call, part.stock, part.team
(5, 0, (), ())
"""

from __future__ import annotations

import enum

import attrs

from tablegames.core.actions import Pass
from tablegames.core.forwarding import Forwarded
from tablegames.core.frozen import builder
from tablegames.core.history import History
from tablegames.core.seats import Seat
from tablegames.pieces.cards import Suit
from tablegames.tricks.tally import TrickTally

from .actions import Action, Bid
from .bidding import CallTable, call_table
from .rules import Rules


class Phase(enum.Enum):
    """What the table is doing.

    >>> [p.value for p in Phase]
    ['deal', 'bid', 'partners', 'play', 'over']
    """

    DEAL = "deal"
    BID = "bid"
    PARTNERS = "partners"
    PLAY = "play"
    OVER = "over"


@attrs.frozen
class DealResult:
    """How one deal ended. ``tricks`` and ``score`` are by seat; ``team`` is the bidder and its
    partners. A deal thrown in (everybody passed) has no ``bidder`` and nobody scores.

    >>> r = DealResult(0, 1, Bid(2, 2), (1, 3), (1, 1, 5, 6), True, (6, 0, 6, 0))
    >>> r.team_tricks, r.opponents, r.thrown_in
    (7, (0, 2), False)
    """

    dealer: Seat
    """Who dealt."""
    bidder: Seat | None
    """The high bidder; ``None`` when the deal was thrown in (everybody passed)."""
    bid: Bid | None
    """The winning bid (tricks and trump suit); ``None`` when thrown in."""
    team: tuple[Seat, ...]
    """The bidder and the partners named, sorted."""
    tricks: tuple[int, ...]
    """Tricks taken, by seat."""
    made: bool | None
    """Whether the team took exactly the tricks bid; ``None`` when thrown in."""
    score: tuple[int, ...]
    """The points of the deal, by seat."""

    @property
    def thrown_in(self) -> bool:
        """True when everybody passed and nobody played.

        >>> DealResult(0, None, None, (), (0,) * 4, None, (0,) * 4).thrown_in
        True
        """
        return self.bidder is None

    @property
    def team_tricks(self) -> int:
        """Tricks the bidding team took together.

        >>> DealResult(0, 1, Bid(2, 2), (1, 3), (1, 1, 5, 6), True, (6, 0, 6, 0)).team_tricks
        7
        """
        return sum(self.tricks[s] for s in self.team)

    @property
    def opponents(self) -> tuple[Seat, ...]:
        """The seats not in the bidding team.

        >>> DealResult(0, 1, Bid(2, 2), (1, 3), (1, 1, 5, 6), True, (6, 0, 6, 0)).opponents
        (0, 2)
        """
        return tuple(s for s in range(len(self.tricks)) if s not in self.team)


new_result = builder(DealResult)
"""Builds a ``DealResult`` from all its fields, quicker than its ``__init__`` (every deal
played out ends with one)."""


def thrown_in(dealer: Seat, players: int) -> DealResult:
    """The result of a deal everybody passed: nobody bid, nobody scores.

    >>> thrown_in(2, 4).score
    (0, 0, 0, 0)
    """
    nothing = (0,) * players
    return DealResult(dealer, None, None, (), nothing, None, nothing)


class _PartSlots:
    """The slots of :class:`DealPart`'s fields (built by plain stores: see
    :mod:`tablegames.core.frozen`)."""

    __slots__ = (
        "__weakref__",
        "before_deal",
        "bid_options",
        "bidder",
        "calls",
        "dead",
        "dealer",
        "high",
        "partners",
        "results",
        "rules",
        "scores",
        "stock",
    )


@attrs.frozen(repr=False)
class DealPart(_PartSlots):
    """What stays put through a trick of a deal: the rules, the calls and the contract, the
    stock and the dead cards (they change between tricks, in the trick engine's
    ``after_trick``), the results and scores so far, and where the deal sits in the history
    (for sampling). Every state of a trick shares it; the calls, the naming of partners and
    each refill make new ones.

    >>> part = start_part(Rules(), 0, (0, 0, 0, 0), ())
    >>> part.high, part.bidder, part.dead
    (None, None, 0)
    """

    rules: Rules
    dealer: Seat
    calls: tuple[Bid | Pass, ...]
    """This deal's calls in order from the dealer's left."""
    high: Bid | None
    """The standing (then winning) bid."""
    bidder: Seat | None
    """The high bidder, once there is one."""
    partners: tuple[Seat, ...]
    """The partners the high bidder named (empty before)."""
    stock: tuple[int, ...] = attrs.field(eq=False)
    """The stock as the deal left it, card indices top first, for the whole play while it
    goes round (then empty): the cards drawn since are a seat's worth for each finished trick,
    so a refill changes no part (see :func:`stock_left`; states compare the stock left)."""
    dead: int
    """The mask of the cards out of play (leftovers nobody could draw, by the rules)."""
    results: tuple[DealResult, ...]
    scores: tuple[int, ...]
    """Each seat's points before this deal."""
    before_deal: History[Action] | None = attrs.field(eq=False)
    """The history just before this deal (None until the cards are dealt)."""
    bid_options: CallTable = attrs.field(eq=False)
    """The calling's legal actions (bids by the standing bid, partner sets by bidder), ready-made
    for the rules."""

    @property
    def to_call(self) -> Seat:
        """The seat whose call is next (in the bidding).

        >>> start_part(Rules(first_dealer=3), 3, (0,) * 4, ()).to_call
        0
        """
        return (self.dealer + 1 + len(self.calls)) % self.rules.players

    @property
    def team(self) -> tuple[Seat, ...]:
        """The bidder and its partners once named (sorted); empty before.

        >>> start_part(Rules(), 0, (0,) * 4, ()).team
        ()
        """
        if self.bidder is None or not self.partners:
            return ()
        return tuple(sorted((self.bidder, *self.partners)))


new_part = builder(DealPart)
"""Builds a ``DealPart`` from all its fields, quicker than its ``__init__`` (every call and
most tricks build one)."""


def start_part(
    rules: Rules,
    dealer: Seat,
    scores: tuple[int, ...],
    results: tuple[DealResult, ...],
    bid_options: CallTable | None = None,
) -> DealPart:
    """The part of a deal about to be dealt by ``dealer``, the match standing at ``scores``
    after ``results`` (no cards out yet); ``bid_options`` are the rules' ready-made calls
    (looked up when not given).

    >>> start_part(Rules(players=8), 7, (0,) * 8, ()).to_call
    0
    """
    options = call_table(rules) if bid_options is None else bid_options
    return new_part(rules, dealer, (), None, None, (), (), 0, results, scores, None, options)


def stock_left(part: DealPart, tally: TrickTally | None) -> tuple[int, ...]:
    """The stock still to draw from, top first: ``part``'s stock less a seat's worth of cards
    for each trick ``tally`` has finished (every seat draws after each trick while the stock
    goes round; once it cannot, the part's stock is emptied).

    >>> from tablegames.ninety_two.model import MODELS
    >>> part = new_part(Rules(), 0, (), None, None, (), (20, 21, 22, 23, 24), 0, (), (0,) * 4,
    ...     None, call_table(Rules()))
    >>> tally = TrickTally.begin((0, 1, 2, 3), 0, 4, MODELS[0])
    >>> stock_left(part, None), stock_left(part, tally.after((0, 1, 2, 3)))
    ((20, 21, 22, 23, 24), (24,))
    """
    stock = part.stock
    if tally is None or not stock:
        return stock
    return stock[part.rules.players * tally.number :]


class DealFacts:
    """What a state shows of its deal's part (and of its tricks, for the stock left): the
    match so far, this deal's calls and contract, the stock and the dead cards. Every
    Ninety-Two state is one (see :class:`~tablegames.ninety_two.state.NinetyTwoState`).

    >>> from tablegames import ninety_two
    >>> state = ninety_two.new_match(ninety_two.Rules(players=6))
    >>> state.dealer, state.scores, state.stock, state.trump, state.team, state.last_result
    (0, (0, 0, 0, 0, 0, 0), (), None, (), None)
    """

    __slots__ = ()
    _part: DealPart
    _trick: TrickTally | None

    @property
    def stock(self) -> tuple[int, ...]:
        """The stock's card indices, top first."""
        return stock_left(self._part, self._trick)

    dead = Forwarded[int]("_part")
    """The mask of the cards out of play (leftovers nobody could draw, by the rules)."""

    scores = Forwarded[tuple[int, ...]]("_part")
    """Each seat's points so far."""

    calls = Forwarded[tuple[Bid | Pass, ...]]("_part")
    """This deal's calls in order from the dealer's left."""

    high = Forwarded[Bid | None]("_part")
    """The standing (then winning) bid."""

    bidder = Forwarded[Seat | None]("_part")
    """The high bidder, once there is one."""

    partners = Forwarded[tuple[Seat, ...]]("_part")
    """The partners the high bidder named (empty before)."""

    results = Forwarded[tuple[DealResult, ...]]("_part")
    """Every finished deal, in order."""

    @property
    def trump(self) -> Suit | None:
        """This deal's trump suit, once someone has bid."""
        high = self._part.high
        return None if high is None else high.suit

    team = Forwarded[tuple[Seat, ...]]("_part")
    """The bidder and its partners once named (sorted); empty before."""

    @property
    def last_result(self) -> DealResult | None:
        """The most recent finished deal, if any."""
        results = self._part.results
        return results[-1] if results else None
