"""Bids and partners: which calls stand over which, and which partner sets are allowed.

>>> from tablegames.pieces import Suit
>>> print(bid_violation(Bid(3, Suit.HEARTS), Bid(3, Suit.SPADES), Rules()))
A bid must name more tricks than the standing bid of 3 (bid 3 S); 3 is not more.
>>> print(partners_violation(Partners((1, 1)), bidder=0, rules=Rules(players=6)))
Seat 1 is named twice: name 2 different partners.
"""

from __future__ import annotations

import functools
from typing import Any

import attrs

from tablegames.core.actions import PASS, Pass, trust
from tablegames.core.violations import Violation, ViolationCode

from .actions import Bid, Partners, all_bids, all_partner_sets
from .rules import Rules


def legal_bids(standing: Bid | None, rules: Rules) -> tuple[Bid, ...]:
    """The bids allowed over ``standing`` (None when nobody has bid yet), lowest first.

    >>> from tablegames.pieces import Suit
    >>> len(legal_bids(None, Rules())), [str(b) for b in legal_bids(Bid(12, Suit.CLUBS), Rules())]
    (52, ['bid 13 C', 'bid 13 D', 'bid 13 H', 'bid 13 S'])
    """
    floor = 0 if standing is None else standing.tricks
    return tuple(b for b in all_bids(rules) if b.tricks > floor)


def bid_violation(bid: Bid, standing: Bid | None, rules: Rules) -> Violation | None:
    """Why ``bid`` may not be called over ``standing``, or None.

    >>> from tablegames.pieces import Suit
    >>> print(bid_violation(Bid(14, Suit.CLUBS), None, Rules()))
    A bid is 1 to 13 tricks (the tricks in a deal of 4 players), not 14.
    """
    if not isinstance(bid.suit, int) or bid.suit not in range(4):
        return Violation(
            ViolationCode.BAD_TRUMP, f"Trump is a suit (C, D, H or S), not {bid.suit!r}."
        )
    most = rules.tricks_per_deal
    if not isinstance(bid.tricks, int) or not 1 <= bid.tricks <= most:
        return Violation(
            ViolationCode.BID_OUT_OF_RANGE,
            f"A bid is 1 to {most} tricks (the tricks in a deal of {rules.players} players), "
            f"not {bid.tricks}.",
        )
    if standing is not None and bid.tricks <= standing.tricks:
        return Violation(
            ViolationCode.BID_NOT_HIGHER,
            f"A bid must name more tricks than the standing bid of {standing.tricks} "
            f"({standing}); {bid.tricks} is not more.",
        )
    return None


def legal_partner_sets(bidder: int, rules: Rules) -> tuple[Partners, ...]:
    """The partner sets ``bidder`` may name, in order.

    >>> len(legal_partner_sets(0, Rules(players=8)))
    35
    """
    return all_partner_sets(rules, bidder)


def partners_violation(partners: Partners, bidder: int, rules: Rules) -> Violation | None:
    """Why ``bidder`` may not name ``partners``, or None.

    >>> print(partners_violation(Partners((2,)), bidder=0, rules=Rules(players=6)))
    With 6 players the high bidder names 2 partners, not 1.
    """
    seats = partners.seats
    for seat in seats:
        if not isinstance(seat, int) or seat not in range(rules.players):
            return Violation(
                ViolationCode.NO_SUCH_SEAT,
                f"There is no seat {seat}: the seats are 0 to {rules.players - 1}.",
            )
    if bidder in seats:
        return Violation(
            ViolationCode.PARTNER_IS_BIDDER,
            f"Seat {bidder} won the bidding and cannot be its own partner.",
        )
    for i in range(1, len(seats)):
        if seats[i] == seats[i - 1]:
            return Violation(
                ViolationCode.PARTNERS_REPEATED,
                f"Seat {seats[i]} is named twice: name {rules.partners} different partners.",
            )
    if len(seats) != rules.partners:
        word = "partner" if rules.partners == 1 else "partners"
        return Violation(
            ViolationCode.PARTNERS_WRONG_NUMBER,
            f"With {rules.players} players the high bidder names {rules.partners} {word}, "
            f"not {len(seats)}.",
        )
    return None


@attrs.frozen(eq=False)
class CallTable:
    """The calling's ready-made legal actions under one set of rules, worked out once: for the
    round of bids, by the standing bid's tricks (0 before any bid), pass then every higher bid;
    for the high bidder, by seat, the partner sets it may name. Each comes with a look-up from
    any equal action to the listed one, so a call is accepted by one look-up, and the rules are
    asked again only to explain a refusal.

    >>> from tablegames.pieces import Suit
    >>> table = call_table(Rules())
    >>> [str(a) for a in table.bids[12]]
    ['pass', 'bid 13 C', 'bid 13 D', 'bid 13 H', 'bid 13 S']
    >>> table.bid_lookup[12].get(Bid(13, 2)), table.bid_lookup[13].get(Bid(13, 2))
    (Bid.parse('bid 13 H'), None)
    >>> table.partner_lookup[1].get(Partners((3,))), [str(p) for p in table.partner_sets[1]]
    (Partners.parse('partners 3'), ['partners 0', 'partners 2', 'partners 3'])
    """

    bids: tuple[tuple[Pass | Bid, ...], ...]
    bid_lookup: tuple[dict[Bid, Bid], ...]
    partner_sets: tuple[tuple[Partners, ...], ...]
    partner_lookup: tuple[dict[Partners, Partners], ...]


CALL_TABLES = 16
"""How many rules' :class:`CallTable` are kept (the most recently used; keyed by the rules)."""
READY_CALLS = 512
"""How many ready-made calls are kept, keyed by value: more than there are (a bid is 1 to 14
tricks in one of four suits; a partner set is 1 to 3 of at most 8 seats), so each call is made
and trusted once."""


@functools.lru_cache(maxsize=READY_CALLS)
def _ready(call: Bid | Partners) -> Bid | Partners:
    """The one ready-made call equal to ``call`` (made and trusted on first sight)."""
    trust((call,))
    return call


def _ready_all(calls: tuple[Bid, ...] | tuple[Partners, ...]) -> tuple[Any, ...]:
    return tuple(_ready(c) for c in calls)


@functools.lru_cache(maxsize=CALL_TABLES)
def call_table(rules: Rules) -> CallTable:
    """The :class:`CallTable` of ``rules``, kept for the last :data:`CALL_TABLES` rules (keyed by
    the rules themselves). Its calls are ready-made and trusted, so ``check`` and ``apply`` skip
    their field checks; equal calls are the same object under every rules (:data:`READY_CALLS`),
    so a stream of rules differing in anything else (the target) builds no new actions.

    >>> len(call_table(Rules(players=8)).partner_sets[0])
    35
    >>> call_table(Rules(target=50)).bids[0][1] is call_table(Rules(target=60)).bids[0][1]
    True
    """
    everything: tuple[Bid, ...] = _ready_all(legal_bids(None, rules))
    by_floor = [
        tuple(b for b in everything if b.tricks > floor)
        for floor in range(rules.tricks_per_deal + 1)
    ]
    partner_sets = tuple(
        _ready_all(legal_partner_sets(bidder, rules)) for bidder in range(rules.players)
    )
    return CallTable(
        tuple((PASS, *bids) for bids in by_floor),
        tuple({b: b for b in bids} for bids in by_floor),
        partner_sets,
        tuple({p: p for p in sets} for sets in partner_sets),
    )
