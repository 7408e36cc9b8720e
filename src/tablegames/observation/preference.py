"""The Preference observation: what one seat's view holds, seats counted from the observer.

Seats are relative (0: the observer, 1: its left, 2: across, 3: its right); cards are numbered
by their place in the 32-card deck (clubs 7..A, diamonds, hearts, spades: ``suit * 8 + rank
- 7``). Suits are C D H S (0..3).

>>> from tablegames.pieces import Card
>>> POSITION[Card.parse("7C").index], POSITION[Card.parse("AS").index]
(0, 31)
>>> stacks = layout()["stacks"]  # a stack in debt is below zero
>>> stacks.size, stacks.low
(4, -inf)
"""

from __future__ import annotations

import math

from tablegames.pieces.cards import DECK_32, Suit
from tablegames.preference import Phase, PreferenceView, Rules
from tablegames.preference.rules import Contract

from .encoding import Encoding, positions_of, relative, relative_or_none
from .layout import Layout, Writer
from .segments import seat_segments, trick_segments, write_seat, write_trick

SEATS = 4
CARDS = 32
POSITION = {card.index: i for i, card in enumerate(DECK_32)}
"""Card index (``CARDS``) to place in the 32-card deck."""
DEALER = "relative seat of the dealer (who sits the deal out)"


def contract_slots(rules: Rules) -> dict[Contract, int]:
    """The one table of where a contract goes in the ``trump`` and ``bid_suits`` segments: the
    suits by number (C D H S: 0..3), then any other contract ``rules`` allow, lowest first.

    >>> contract_slots(Rules())
    {<Suit.CLUBS: 0>: 0, <Suit.DIAMONDS: 1>: 1, <Suit.HEARTS: 2>: 2, <Suit.SPADES: 3>: 3}
    """
    others = [c for c in rules.contracts if not isinstance(c, Suit)]
    return {contract: slot for slot, contract in enumerate((*Suit, *others))}


def layout(rules: Rules | None = None) -> Layout:
    """The Preference layout under ``rules`` (default rules when None): the same for every rule
    setting but the contracts it allows (one slot each, :func:`contract_slots`).

    >>> layout().size
    427
    """
    contracts = len(contract_slots(Rules() if rules is None else rules))
    return Layout.of(
        *seat_segments(Phase, SEATS, CARDS, "cards", DEALER),
        ("widow", CARDS, "the widow, seen only by the round-two winner", True),
        ("discards", CARDS, "the two cards laid aside, known only to the round-two winner", True),
        ("hand_sizes", SEATS, "cards held by each relative seat / 10"),
        ("widow_size", 1, "cards in the widow / 2"),
        ("discards_size", 1, "cards laid aside / 2"),
        ("called", SEATS, "1 when the relative seat has called in round one"),
        ("passed", SEATS, "1 when the relative seat passed in round one"),
        (
            "bid_suits",
            SEATS * contracts,
            f"suit the relative seat bid: slot seat * {contracts} + suit",
        ),
        ("offered", SEATS, "1 when the relative seat has spoken in round two"),
        ("offers", SEATS, "chips the relative seat offered / the largest possible offer"),
        ("declarer", SEATS, "relative seat of the declarer (the standing bid)"),
        ("trump", contracts, "trump suit, one-hot"),
        *trick_segments(SEATS, CARDS, "card", "cards", "deal"),
        ("tricks_won", SEATS, "tricks taken this deal by each relative seat / 10"),
        (
            "stacks",
            SEATS,
            "chips of each relative seat / all chips at the start (below zero in debt)",
            False,
            -math.inf,
        ),
        ("pot", 1, "chips in the pot / all chips at the start"),
        ("deals_done", 1, "deals finished / deals in the match"),
    )


def encoding(rules: Rules) -> Encoding[PreferenceView]:
    """The Preference encoding under ``rules``.

    >>> encoding(Rules(deals=4)).layout["pot"].start
    425
    """
    chips = float(SEATS * rules.starting_stack) or 1.0
    max_offer = float(rules.max_offer) or 1.0
    deals = float(rules.deals)
    slots = contract_slots(rules)
    width = len(slots)

    def fill(w: Writer, view: PreferenceView) -> None:
        me = view.seat
        write_seat(w, view, Phase, SEATS, POSITION)
        w.bits("widow", positions_of(view.widow, POSITION))
        w.bits("discards", positions_of(view.discards, POSITION))
        for seat in range(SEATS):
            r = relative(seat, me, SEATS)
            w.bit("hand_sizes", r, view.hand_sizes[seat] / 10)
            w.bit("tricks_won", r, view.tricks_won[seat] / 10)
            w.bit("stacks", r, view.stacks[seat] / chips)
        w.bit("widow_size", 0, view.widow_size / 2)
        w.bit("discards_size", 0, view.discards_size / 2)
        for i, call in enumerate(view.calls):
            r = relative(view.dealer + 1 + i, me, SEATS)
            w.bit("called", r)
            if call is None:
                w.bit("passed", r)
            else:
                w.bit("bid_suits", r * width + slots[call])
        for i, offer in enumerate(view.offers):
            r = relative(view.dealer + 1 + i, me, SEATS)
            w.bit("offered", r)
            w.bit("offers", r, offer / max_offer)
        w.one_hot("declarer", relative_or_none(view.declarer, me, SEATS))
        w.one_hot("trump", None if view.trump is None else slots[view.trump])
        write_trick(w, view, SEATS, CARDS, POSITION)
        w.bit("pot", 0, view.pot / chips)
        w.bit("deals_done", 0, len(view.results) / deals)

    return Encoding("preference", layout(rules), fill)
