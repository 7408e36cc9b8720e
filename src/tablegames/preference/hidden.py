"""Dealing the cards a seat cannot see, within what it knows: one function shared by
``PreferenceState.sample`` and ``PreferenceView.sample``, fed by the seat's knowledge only,
so that both draw alike from the same random numbers. What play has shown a seat not to hold
comes from the play rule itself (:func:`tablegames.tricks.table.revealed_voids`).

>>> import random
>>> dealt, widow, discards = deal_hidden(
...     0, (1, 2, 3), (0, 1, 1, 0), 0b110, own=0b1, widow=None, discards=None,
...     widow_taken=False, discards_size=0, declarer=None, played=(0,) * 4, voids={},
...     rng=random.Random(0))
Traceback (most recent call last):
...
tablegames.core.errors.TableGamesError: hidden pieces and places to fill do not match
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Protocol, runtime_checkable

from tablegames.core.actions import Deal
from tablegames.core.sampling import assign_hidden
from tablegames.core.seats import Seat
from tablegames.pieces.cards import Card
from tablegames.tricks.model import TrickModel
from tablegames.tricks.table import TrickTable, revealed_voids

from .calling import deal_of
from .deal import ACTIVE, SEATS, WIDOW, DealPart, Phase, start_part
from .rules import Rules
from .view import cards_of, knows_widow

WIDOW_PLACE = 4
DISCARD_PLACE = 5
_NO_HANDS = (0,) * SEATS


def deal_hidden(
    seat: Seat,
    active: Sequence[Seat],
    counts: Sequence[int],
    hidden: int,
    *,
    own: int,
    widow: int | None,
    discards: int | None,
    widow_taken: bool,
    discards_size: int,
    declarer: Seat | None,
    played: Sequence[int],
    voids: Mapping[Seat, int],
    rng: random.Random,
) -> tuple[list[int], int, int]:
    """The deal (hands by seat as dealt, the widow) and the discards, for the cards ``seat``
    cannot see.

    ``counts`` are the cards each seat holds now, ``hidden`` the mask of the cards ``seat``
    has not seen (the others' hands, and the widow and discards unless it saw them), ``own``
    its hand; ``widow`` and ``discards`` are known only to the round-two winner (else
    ``None``); ``played`` is what each seat has played this deal, ``voids`` the cards each is
    known to lack. A widow taken and not seen may be any two of the declarer's twelve: the
    discards stand in for it.

    >>> import random
    >>> dealt, widow, discards = deal_hidden(
    ...     0, (1, 2, 3), (0, 1, 1, 0), 0b11110, own=0, widow=None, discards=None,
    ...     widow_taken=False, discards_size=0, declarer=None, played=(0,) * 4, voids={},
    ...     rng=random.Random(0))
    >>> widow.bit_count(), sum(m.bit_count() for m in dealt)
    (2, 2)
    """
    capacity: dict[Seat, int] = {}
    for s in active:
        if s != seat:
            capacity[s] = counts[s]
    if widow is None:
        if not widow_taken:
            capacity[WIDOW_PLACE] = WIDOW
        if discards_size:
            capacity[DISCARD_PLACE] = WIDOW
    new = assign_hidden(hidden, capacity, voids, rng)
    hands = [new.get(s, own if s == seat else 0) for s in range(SEATS)]
    laid = new.get(DISCARD_PLACE, discards or 0)
    if widow_taken:
        taken = widow if widow is not None else laid  # any two of the twelve will do
    else:
        taken = new.get(WIDOW_PLACE, widow or 0)
    dealt = [hands[s] | played[s] for s in range(SEATS)]
    if widow_taken:
        assert declarer is not None
        dealt[declarer] = (dealt[declarer] | laid) & ~taken
    return dealt, taken, laid


@runtime_checkable
class Chips(Protocol):
    """What a deal shows of its chips and round two's offers: a state's part and a seat's view
    both do.

    >>> from tablegames import preference
    >>> isinstance(preference.new_match().view(0), Chips)
    True
    """

    @property
    def rules(self) -> Rules:
        """The rules (``round_two_payment`` says who paid an offer)."""
        ...

    @property
    def dealer(self) -> Seat:
        """The dealer, who sits the deal out."""
        ...

    @property
    def offers(self) -> tuple[int, ...]:
        """Round two's offers in order from the dealer's left."""
        ...

    @property
    def declarer(self) -> Seat | None:
        """The standing bidder."""
        ...

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each seat's chips now."""
        ...

    @property
    def pot(self) -> int:
        """The chips in the pot now."""
        ...


def chips_before_offers(deal: Chips) -> tuple[tuple[int, ...], int]:
    """The stacks and the pot as they were at the start of ``deal``, before round two's
    offers were paid (the rule ``round_two_payment``): what a sample replays the deal from.

    >>> from tablegames.preference import Rules
    >>> part = start_part(Rules(), 0, (95, 95, 95, 95), 20, ())
    >>> chips_before_offers(part.after_offer((2, 0, 3), 3, (95, 93, 95, 92), 25))
    ((95, 95, 95, 95), 20)
    """
    paid = [0] * SEATS
    offers, declarer = deal.offers, deal.declarer
    if deal.rules.round_two_payment == "all":
        for i, chips in enumerate(offers):
            paid[(deal.dealer + 1 + i) % SEATS] += chips
    elif len(offers) == SEATS - 1 and declarer is not None:
        paid[declarer] = max(offers)
    return tuple(c + p for c, p in zip(deal.stacks, paid)), deal.pot - sum(paid)


def deal_start(part: DealPart) -> DealPart:
    """The part at the start of ``part``'s deal, before its cards were dealt: the chips as they
    were before round two's offers (what a sample replays the deal's actions from).

    >>> from tablegames.preference import Rules
    >>> part = start_part(Rules(), 0, (95, 93, 95, 92), 25, ())
    >>> deal_start(part.after_offer((2, 0, 3), 3, part.stacks, part.pot)).stacks
    (95, 95, 95, 95)
    """
    stacks, pot = chips_before_offers(part)
    return start_part(part.rules, part.dealer, stacks, pot, part.results)


def resampled_deal(  # noqa: PLR0917 (what the seat knows, piece by piece)
    seat: Seat,
    phase: Phase,
    part: DealPart,
    hands: Sequence[int],
    table: TrickTable | None,
    model: TrickModel | None,
    rng: random.Random,
) -> tuple[Deal[Card], int]:
    """A deal of this deal's cards that ``seat`` cannot tell from the real one, and the
    discards that go with it: ``hands`` (the cards held now) with those ``seat`` has not seen
    dealt anew within what it knows (what play revealed, under ``model``), every card played
    where it was played (``table``: this deal's play), the widow and discards as the seat
    knows them.

    >>> from tablegames import preference
    >>> state = preference.new_match()
    >>> state = state.apply(state.chance_outcome(random.Random(0)))
    >>> deal, discards = resampled_deal(1, state.phase, state._part, state.hands, None, None,
    ...     random.Random(1))
    >>> preference.new_match().apply(deal).hand(1) == state.hand(1), discards
    (True, 0)
    """
    active = ACTIVE[part.dealer]
    knows = knows_widow(seat, phase, part)
    hidden = 0
    for s in active:
        if s != seat:
            hidden |= hands[s]
    if not knows:
        if not part.widow_taken:
            hidden |= part.widow
        hidden |= part.discards
    voids = {} if table is None or model is None else revealed_voids(table, model)
    dealt, widow, discards = deal_hidden(
        seat,
        active,
        [h.bit_count() for h in hands],
        hidden,
        own=hands[seat],
        widow=part.widow if knows else None,
        discards=part.discards if knows else None,
        widow_taken=part.widow_taken,
        discards_size=part.discards.bit_count(),
        declarer=part.declarer,
        played=table.played() if table is not None else _NO_HANDS,
        voids=voids,
        rng=rng,
    )
    return deal_of([cards_of(m) for m in dealt], cards_of(widow), part.dealer), discards
