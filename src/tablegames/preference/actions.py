"""Preference actions and their notation: ``pass``, ``bid H``, ``offer 3``, ``keep``,
``discard 7S 8S``, ``trump H``, ``play AH``.

Cards accept ``10`` for ``T``, lower case and suit symbols; printing is canonical.

>>> parse_action("bid ♥"), str(parse_action("discard 8s 10d"))
(Bid.parse('bid H'), 'discard TD 8S')
>>> all(parse_action(str(a)) == a for a in action_space(Rules(deals=1)))
True
"""

from __future__ import annotations

from typing import Any, Union

import attrs

from tablegames.core.actions import (
    PASS,
    Deal,
    Pass,
    Play,
    as_tuple,
    count_field,
    malformed,
    register_field_check,
    trust,
)
from tablegames.core.errors import NotationError
from tablegames.core.notated import Notated, reads
from tablegames.core.notation import describe, expect_args, number, parse_shared, quote, words
from tablegames.core.seat_record import WITHHELD
from tablegames.core.violations import Violation
from tablegames.pieces.cards import CARDS, DECK_32, Card, Suit

from .rules import CONTRACT_RANK, SUIT_ORDER, Contract, Rules, is_contract, parse_contract


def _as_suit(value: object) -> Suit:
    """A suit from a suit or its number 0..3; anything else is kept as it is, for the field
    check to refuse."""
    if type(value) is int and 0 <= value < 4:
        return Suit(value)
    return value  # type: ignore[return-value]


def _letter(suit: object) -> str:
    return suit.letter if is_contract(suit) else describe(suit)


@attrs.frozen(repr=False)
class Bid(Notated):
    """Round one: name ``suit`` as trumps and undertake to take 6 of the 10 tricks.

    >>> str(Bid(Suit.DIAMONDS)), Bid.parse("bid ♦")
    ('bid D', Bid.parse('bid D'))
    """

    suit: Contract = attrs.field(converter=_as_suit)
    """The contract named, a suit as trumps (ranking above any named before it)."""

    def __str__(self) -> str:
        return f"bid {_letter(self.suit)}"


@attrs.frozen(repr=False)
class Offer(Notated):
    """Round two: put ``chips`` into the pot, more than any offer so far.

    >>> str(Offer(3)), Offer.parse("offer 3")
    ('offer 3', Offer.parse('offer 3'))
    """

    chips: int
    """The chips offered: more than any offer so far, at most the offering seat's stack."""

    def __str__(self) -> str:
        return f"offer {self.chips}"


@attrs.frozen
class Keep:
    """The round-two winner keeps the ten cards held; the widow is laid aside unused.

    >>> str(KEEP)
    'keep'
    """

    def __str__(self) -> str:
        return "keep"


KEEP = Keep()
"""The one keep action."""


def _sorted_cards(value: Any) -> tuple[Card, ...]:
    """The cards in deck order when they are a collection of cards; anything else is kept as it
    is, for the field check to refuse."""
    items = as_tuple(value)
    if type(items) is not tuple:
        return items
    if all(type(c) is Card for c in items):
        return tuple(sorted(items, key=lambda c: c.index))
    return items


@attrs.frozen(repr=False)
class Discard(Notated):
    """The round-two winner takes the widow into hand and lays aside two of the twelve cards.

    The cards are kept in deck order, so ``discard 8S 7S`` and ``discard 7S 8S`` are one action.

    >>> Discard((Card.parse("8S"), Card.parse("7S"))) == parse_action("discard 7S 8S")
    True
    """

    cards: tuple[Card, ...] = attrs.field(converter=_sorted_cards)
    """The two cards laid aside, in deck order: any two of the ten held and the widow."""

    def __str__(self) -> str:
        return " ".join(("discard", *(str(c) for c in self.cards)))


@attrs.frozen(repr=False)
class Trump(Notated):
    """The round-two winner names ``suit`` as trumps.

    >>> str(Trump(Suit.CLUBS)), Trump.parse("trump c")
    ('trump C', Trump.parse('trump C'))
    """

    suit: Suit = attrs.field(converter=_as_suit)
    """The suit named as trumps (any of the four)."""

    def __str__(self) -> str:
        return f"trump {_letter(self.suit)}"


def _suit_fields(action: Bid | Trump) -> Violation | None:
    if action.suit.__class__ is Suit or (type(action) is Bid and is_contract(action.suit)):
        return None
    verb = "bid" if type(action) is Bid else "trump"
    return malformed(f"A suit is one of C, D, H, S, as {verb} H, not {describe(action.suit)}.")


def _offer_fields(action: Offer) -> Violation | None:
    return count_field(action.chips, "An offer is a whole number of chips, as offer 3")


def _discard_fields(action: Discard) -> Violation | None:
    cards = action.cards
    if type(cards) is not tuple or not all(c.__class__ is Card for c in cards):
        return malformed(
            f"A discard lays aside two cards, as discard 7S 8S, not {describe(cards)}."
        )
    return None


register_field_check(Bid, _suit_fields)
register_field_check(Trump, _suit_fields)
register_field_check(Offer, _offer_fields)
register_field_check(Discard, _discard_fields)
WITHHELD[Discard] = "discard (hidden)"

Action = Union[Pass, Bid, Offer, Keep, Discard, Trump, Play[Card], Deal[Card]]  # noqa: UP007
"""Every Preference action, the deal (a chance step) included.

>>> isinstance(parse_action("keep"), Keep)
True
"""

PLAYS: tuple[Play[Card], ...] = tuple(Play(c) for c in CARDS)
"""``Play`` of each of the 52 cards by card index (cards outside the 32-card deck are refused).

>>> str(PLAYS[Card.parse("AS").index])
'play AS'
"""
trust(PLAYS)
BIDS: dict[Contract, Bid] = {c: Bid(c) for c in CONTRACT_RANK}  # CONTRACT_RANK runs lowest first
"""Every bid, the lowest contract first (those legal under some rules).

>>> [str(b) for b in BIDS.values()]
['bid S', 'bid C', 'bid D', 'bid H']
"""
TRUMPS: dict[Suit, Trump] = {s: Trump(s) for s in SUIT_ORDER}
"""The four trump choices after round two, lowest suit first.

>>> str(TRUMPS[Suit.HEARTS])
'trump H'
"""
DECK_CARDS: tuple[Card, ...] = tuple(DECK_32)
"""The 32 cards in deck order.

>>> len(DECK_CARDS), str(DECK_CARDS[0])
(32, '7C')
"""
DISCARDS: tuple[Discard, ...] = tuple(
    Discard((a, b)) for i, a in enumerate(DECK_CARDS) for b in DECK_CARDS[i + 1 :]
)
"""Every pair of distinct cards of the 32-card deck.

>>> len(DISCARDS), str(DISCARDS[0])
(496, 'discard 7C 8C')
"""
trust((*BIDS.values(), *TRUMPS.values(), *DISCARDS))
_FIXED: tuple[Action, ...] = (
    PASS,
    *BIDS.values(),
    KEEP,
    *DISCARDS,
    *TRUMPS.values(),
    *(PLAYS[card.index] for card in DECK_CARDS),
)
_CANONICAL: dict[str, Action] = {str(action): action for action in _FIXED}
"""Every action but offers and deals by its canonical text, which is what records hold: such a
text is read by one look-up (records are read back by :meth:`~tablegames.core.game.Game.replay`).

>>> _CANONICAL["discard 7S 8S"] == parse_action("discard 8s 7s"), len(_CANONICAL)
(True, 538)
"""


def parse_action(text: str) -> Action:
    """Read an action in Preference notation (see module doc).

    >>> parse_action("Offer 12"), parse_action("play 10h") == PLAYS[Card.parse("TH").index]
    (Offer.parse('offer 12'), True)
    """
    if type(text) is str:
        known = _CANONICAL.get(text)
        if known is not None:
            return known
    parts = words(text)
    shared = parse_shared(parts, Card.parse, PLAYS, len(DECK_32))
    if shared is not None:
        return shared
    verb = parts[0]
    if verb == "bid":
        expect_args(parts, 1, "bid H")
        return BIDS[parse_contract(parts[1])]
    if verb == "offer":
        expect_args(parts, 1, "offer 3")
        return Offer(number(parts[1], "the chips offered"))
    if verb == "keep":
        expect_args(parts, 0, "keep")
        return KEEP
    if verb == "discard":
        if len(parts) > 13:
            raise NotationError(f"{quote(text)} is not an action: write discard and two cards")
        return Discard(tuple(Card.parse(p) for p in parts[1:]))
    if verb == "trump":
        expect_args(parts, 1, "trump H")
        return TRUMPS[Suit.parse(parts[1])]
    raise NotationError(
        f"{quote(text)} is not a Preference action: pass, bid H, offer 3, keep, discard 7S 8S, "
        "trump H or play AH"
    )


reads(parse_action, Bid, Offer, Discard, Trump)


def action_space(rules: Rules) -> tuple[Action, ...]:
    """Every action that could ever be legal under ``rules`` (deals aside).

    Offers run from 1 to :attr:`Rules.max_offer`, the largest stack a player can ever have.

    >>> len(action_space(Rules()))
    666
    """
    return (
        PASS,
        *(BIDS[c] for c in rules.contracts),
        *(Offer(n) for n in range(1, rules.max_offer + 1)),
        KEEP,
        *DISCARDS,
        *TRUMPS.values(),
        *(PLAYS[c.index] for c in DECK_CARDS),
    )
