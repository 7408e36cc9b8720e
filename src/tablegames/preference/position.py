"""What a Preference position shows: the facts every state of a match reads off its slots (the
hands, the calling, the widow, the chips, the play so far), shared by every phase's class as the
base of :class:`~tablegames.preference.state.PreferenceState`.

>>> import random
>>> from tablegames import preference
>>> state = preference.new_match()
>>> state = state.apply(state.chance_outcome(random.Random(0)))
>>> isinstance(state, Position), state.active, state.dealer, len(state.hand(1)), state.pot
(True, (1, 2, 3), 0, 10, 20)
"""

from __future__ import annotations

from tablegames.core.forwarding import Forwarded
from tablegames.core.seats import Seat
from tablegames.pieces.cards import CARDS, Card
from tablegames.pieces.sets import PieceSet
from tablegames.tricks.play import PlaySlots

from .deal import ACTIVE, DealPart, DealResult
from .rules import Contract
from .view import cards_of


class Position(PlaySlots[DealPart]):
    """The read-only facts of a position, read off the slots of the trick engine's layout
    (:class:`~tablegames.tricks.play.PlaySlots`): ``_part`` is the deal's
    :class:`~tablegames.preference.deal.DealPart`.

    >>> from tablegames import preference
    >>> preference.new_match().stacks, preference.new_match().largest_offer
    ((95, 95, 95, 95), 0)
    """

    __slots__ = ()

    widow = Forwarded[int]("_part")
    """The widow as dealt (a card mask)."""

    widow_taken = Forwarded[bool]("_part")
    """Whether the widow went into the declarer's hand."""

    discards = Forwarded[int]("_part")
    """The two cards laid aside after taking the widow (a card mask; 0 before)."""

    calls = Forwarded[tuple[Contract | None, ...]]("_part")
    """Round one's calls in order from the dealer's left (None for a pass)."""

    offers = Forwarded[tuple[int, ...]]("_part")
    """Round two's offers in order from the dealer's left (0 for a pass)."""

    declarer = Forwarded[Seat | None]("_part")
    """The standing bidder, then the declarer."""

    trump = Forwarded[Contract | None]("_part")
    """The standing bid, then the contract played (its trumps)."""

    stacks = Forwarded[tuple[int, ...]]("_part")
    """Each seat's chips."""

    pot = Forwarded[int]("_part")
    """The chips in the pot."""

    results = Forwarded[tuple[DealResult, ...]]("_part")
    """Every finished deal, in order."""

    @property
    def active(self) -> tuple[Seat, ...]:
        """The three seats dealt in this deal (the dealer sits out).

        >>> from tablegames import preference
        >>> preference.new_match(preference.Rules(first_dealer=1)).active
        (2, 3, 0)
        """
        return ACTIVE[self._part.dealer]

    largest_offer = Forwarded[int]("_part")
    """The largest round-two offer so far (0 if none)."""

    def hand(self, seat: Seat) -> PieceSet[Card]:
        """The cards ``seat`` holds.

        >>> from tablegames import preference
        >>> len(preference.new_match().hand(1))
        0
        """
        return cards_of(self.hands[seat])

    @property
    def trick_cards(self) -> tuple[Card, ...]:
        """The cards of the trick in progress, in play order.

        >>> from tablegames import preference
        >>> preference.new_match().trick_cards
        ()
        """
        return tuple(CARDS[p] for p in self._pieces)

    @property
    def last_result(self) -> DealResult | None:
        """The most recent finished deal, if any.

        >>> from tablegames import preference
        >>> preference.new_match().last_result is None
        True
        """
        return self.results[-1] if self.results else None
