"""Ninety-Two actions and their notation: ``pass``, ``bid 4 H``, ``partners 2 5``, ``play AH``.

>>> parse_action("Bid 4 ♥"), str(parse_action("partners 5 2")), str(parse_action("play 10h"))
(Bid.parse('bid 4 H'), 'partners 2 5', 'play TH')
>>> all(parse_action(str(a)) == a for a in action_space(Rules(players=8)))
True
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

import attrs

from tablegames.core.actions import (
    PASS,
    Deal,
    Pass,
    Play,
    as_tuple,
    count_field,
    is_count,
    malformed,
    register_field_check,
    trust,
)
from tablegames.core.errors import NotationError
from tablegames.core.notated import Notated, reads
from tablegames.core.notation import describe, expect_args, number, parse_shared, quote, words
from tablegames.core.violations import Violation
from tablegames.pieces.cards import CARDS, Card, Suit

from .rules import Rules


@attrs.frozen(cache_hash=True, repr=False)  # looked up in the ready-made tables at every bid
class Bid(Notated):
    """Undertake that the bidder's team takes exactly ``tricks`` tricks with ``suit`` as trumps.

    >>> str(Bid(4, Suit.HEARTS)), Bid.parse("bid 4 ♥")
    ('bid 4 H', Bid.parse('bid 4 H'))
    """

    tricks: int
    """The tricks the bidder's team undertakes to take, exactly: 1 to the tricks in a deal."""
    suit: Suit
    """The trump suit the bid names."""

    def __str__(self) -> str:
        suit = self.suit
        letter = Suit(suit).letter if suit in range(4) else str(suit)
        return f"bid {self.tricks} {letter}"


def _sorted_seats(seats: Iterable[int]) -> tuple[int, ...]:
    """The seats in order when they are a collection of whole numbers; anything else is kept
    as it is, for the field check to refuse."""
    items = as_tuple(seats)
    if type(items) is not tuple:
        return items
    if all(type(s) is int for s in items):
        return tuple(sorted(items))
    return items


@attrs.frozen(cache_hash=True, repr=False)  # looked up in the ready-made tables
class Partners(Notated):
    """The high bidder names its partners (seats); they are kept sorted, so order is not part
    of the action.

    >>> Partners((5, 2)), str(Partners((5, 2)))
    (Partners.parse('partners 2 5'), 'partners 2 5')
    """

    seats: tuple[int, ...] = attrs.field(converter=_sorted_seats)
    """The partners' seats, in order: one at four players, two at six, three at eight."""

    def __str__(self) -> str:
        return "partners " + " ".join(str(s) for s in self.seats)


def _bid_fields(action: Bid) -> Violation | None:
    tricks = count_field(action.tricks, "A bid names a whole number of tricks, as bid 4 H")
    if tricks is not None:
        return tricks
    suit = action.suit
    if suit.__class__ is not Suit and not is_count(suit):
        return malformed(f"A bid names a suit as trumps, as bid 4 H, not {describe(suit)}.")
    return None


def _partners_fields(action: Partners) -> Violation | None:
    seats = action.seats
    if type(seats) is not tuple or not all(is_count(s) for s in seats):
        return malformed(
            f"Partners are named by their seat numbers, as partners 2 5, not {describe(seats)}."
        )
    return None


register_field_check(Bid, _bid_fields)
register_field_check(Partners, _partners_fields)

Action = Pass | Bid | Partners | Play[Card] | Deal[Card]
"""Every Ninety-Two action, the deal (a chance step) included."""

PLAYS: tuple[Play[Card], ...] = tuple(Play(c) for c in CARDS)
"""``Play`` of each card, by card index."""
trust(PLAYS)


def parse_action(text: str) -> Action:
    """Read an action in Ninety-Two notation (see module doc).

    >>> parse_action("PASS"), parse_action("partners 3")
    (Pass(), Partners.parse('partners 3'))
    """
    parts = words(text)
    shared = parse_shared(parts, Card.parse, PLAYS, len(CARDS))
    if shared is not None:
        return shared
    verb = parts[0]
    if verb == "bid":
        expect_args(parts, 2, "bid 4 H (tricks, then the trump suit)")
        return Bid(number(parts[1], "the tricks bid"), Suit.parse(parts[2]))
    if verb == "partners":
        if len(parts) < 2:
            raise NotationError(f"{quote(text)} is not an action: write partners 2 or partners 2 5")
        return Partners(tuple(number(p, "a partner's seat") for p in parts[1:]))
    raise NotationError(
        f"{quote(text)} is not a Ninety-Two action: pass, bid 4 H, partners 2 5 or play AH"
    )


reads(parse_action, Bid, Partners)


def all_bids(rules: Rules) -> tuple[Bid, ...]:
    """Every bid the rules allow, lowest first: 1 to the tricks in a deal, each suit.

    >>> [str(b) for b in all_bids(Rules(players=8))][:5]
    ['bid 1 C', 'bid 1 D', 'bid 1 H', 'bid 1 S', 'bid 2 C']
    """
    return tuple(Bid(n, s) for n in range(1, rules.tricks_per_deal + 1) for s in Suit)


def all_partner_sets(rules: Rules, bidder: int | None = None) -> tuple[Partners, ...]:
    """Every set of partners a bidder may name (any bidder when ``bidder`` is None), in order.

    >>> [str(p) for p in all_partner_sets(Rules(), bidder=1)]
    ['partners 0', 'partners 2', 'partners 3']
    """
    seats = [s for s in range(rules.players) if s != bidder]
    return tuple(Partners(c) for c in combinations(seats, rules.partners))


def action_space(rules: Rules) -> tuple[Action, ...]:
    """Every action that could ever be legal under ``rules`` (deals aside).

    >>> len(action_space(Rules()))          # pass, 52 bids, 4 partner sets, 52 plays
    109
    """
    return (PASS, *all_bids(rules), *all_partner_sets(rules), *PLAYS)
