"""What one Preference seat may know, and its JSON form (schema in ``docs/views.md``).

:class:`SeatView` holds a view's fields; :class:`~tablegames.preference.state.PreferenceView`,
what ``state.view(seat)`` returns, is a ``SeatView`` that can also sample a full state (it needs
the state classes, so it lives with them). A seat sees its own cards, every call, offer and
play, the chips, and how many cards the others hold; only the round-two winner sees the widow,
and only that player knows the two cards discarded.

>>> import random
>>> from tablegames import preference
>>> state = preference.new_match()
>>> state = state.apply(state.chance_outcome(random.Random(0)))
>>> data = view_dict(state.view(1))
>>> data["phase"], len(data["hand"]), data["widow"], data["legal_actions"]
('bid', 10, [], ['pass', 'bid S', 'bid C', 'bid D', 'bid H'])
"""

from __future__ import annotations

from typing import Any, TypeVar

import attrs

from tablegames.core.seats import Seat
from tablegames.core.wire import ClientView, fields_dict
from tablegames.pieces.cards import CARD_UNIVERSE, CARDS, DECK_32, Card
from tablegames.pieces.sets import PieceSet
from tablegames.tricks.finished import FinishedTricks
from tablegames.tricks.table import SeatedTrick, TrickTable, seated_trick

from .actions import Action
from .deal import ACTIVE, SEATS, DealPart, DealResult, Phase
from .rules import Contract, Rules
from .scoring import Goal, contract_goal
from .wire import call_text, offer_text, result_dict

V = TypeVar("V", bound="SeatView")


def view_dict(view: SeatView) -> dict[str, Any]:
    """``view`` as JSON-ready data: see the Preference schema in ``docs/views.md``.

    >>> from tablegames import preference
    >>> view_dict(preference.new_match().view(0))["pot"]
    20
    """
    shown = {
        "calls": [call_text(c) for c in view.calls],
        "offers": [offer_text(o) for o in view.offers],
        "results": [result_dict(r) for r in view.results],
    }
    return fields_dict(view, "preference", SeatView, shown)


@attrs.frozen(repr=False)
class SeatView(ClientView, FinishedTricks[Card]):
    """What one seat may know.

    ``widow`` and ``discards`` are empty unless ``seat`` won round two (then it saw the widow
    and chose the discards); ``widow_size`` and ``discards_size`` are public. ``trick`` pairs
    seats with the cards of the trick in progress; ``tricks`` lists finished tricks as
    (leader, cards in play order, winner).

    >>> from tablegames.preference import new_match
    >>> view = new_match().view(2)
    >>> isinstance(view, SeatView), view.pot, view.stacks, len(view.hand)
    (True, 20, (95, 95, 95, 95), 0)
    """

    seat: Seat
    """Whose view this is."""
    phase: Phase
    """What the table is doing (see the game's ``Phase``)."""
    to_act: Seat | None
    """The seat that must act; ``None`` at a deal (chance) and once the match is over."""
    dealer: Seat
    """The dealer of this hand or deal (at a deal: the one about to deal)."""
    active: tuple[Seat, ...]
    """The three seats that play this deal, from the dealer's left (the dealer sits out)."""
    hand: PieceSet[Card]
    """This seat's own cards, in deck order (empty at a deal and for the dealer, who sits out)."""
    hand_sizes: tuple[int, ...]
    """How many pieces each seat holds, by seat (all 0 at a deal)."""
    widow: PieceSet[Card]
    """The two widow cards as dealt, in the view of the round-two winner (who has seen them)
    until the deal ends; empty in every other view."""
    widow_size: int
    """Cards in the widow: 2 from the deal on, 0 once the round-two winner took it into hand."""
    discards: PieceSet[Card]
    """The two cards the declarer laid aside, in the declarer's own view; empty in every other
    view and after ``keep``."""
    discards_size: int
    """How many cards were laid aside (public)."""
    calls: tuple[Contract | None, ...]
    """Round one, from the dealer's left: the contract named (a ``Suit``), ``None`` a pass."""
    offers: tuple[int, ...]
    """Round two: the chips offered, ``0`` a pass (empty unless all three passed round one)."""
    declarer: Seat | None
    """The highest bidder so far in round one, the largest offer so far in round two, then who
    plays the game; ``None`` while nobody has bid or offered, and in a deal thrown in."""
    trump: Contract | None
    """In round one the highest suit named so far; after round two the suit the declarer names;
    ``None`` until a suit is named."""
    trick: tuple[tuple[Seat, Card], ...]
    """The trick in progress: (seat, card) in play order; empty between tricks."""
    tricks: tuple[tuple[Seat, tuple[Card, ...], Seat], ...]
    """This deal's finished tricks: (leader, cards in play order, winner), oldest first."""
    tricks_won: tuple[int, ...]
    """Tricks won this deal, by seat."""
    stacks: tuple[int, ...]
    """Each seat's chips (may be below zero)."""
    pot: int
    """Chips in the pot."""
    results: tuple[DealResult, ...]
    """Every finished deal of the match, oldest first (:class:`DealResult`)."""
    legal_actions: tuple[Action, ...]
    """This seat's legal actions, in a fixed order; empty unless ``to_act == seat``."""
    rules: Rules = attrs.field(kw_only=True, repr=False)
    """The rules of the match (public)."""

    wire = staticmethod(view_dict)

    @property
    def seated_tricks(self) -> tuple[SeatedTrick[Card], ...]:
        """This deal's finished tricks with who played each card: ((seat, card), ...) in play
        order, and the winner (the three active seats, clockwise from the leader).

        >>> import random
        >>> from tablegames import preference
        >>> state, rng = preference.new_match(), random.Random(3)
        >>> while not state.view(0).tricks:
        ...     state = state.apply(state.chance_outcome(rng) if state.is_chance
        ...                         else rng.choice(state.legal_actions()))
        >>> view = state.view(0)
        >>> plays, winner = view.last_trick
        >>> len(plays), winner in view.active, view.seated_tricks[-1] == view.last_trick
        (3, True, True)
        """
        return tuple(seated_trick(self.active, *trick) for trick in self.tricks)

    @property
    def goal(self) -> Goal | None:
        """While a declarer plays a game (from the widow on): what its contract asks
        (:func:`~tablegames.preference.scoring.contract_goal`); else None.

        >>> from tablegames.preference import new_match
        >>> new_match().view(0).goal is None
        True
        """
        playing = self.phase is Phase.WIDOW or self.phase is Phase.TRUMP or self.phase is Phase.PLAY
        if self.declarer is None or not playing:
            return None
        return contract_goal(self.trump)


def cards_of(mask: int) -> PieceSet[Card]:
    """The cards of a card mask.

    >>> str(cards_of(0b110000))
    '6C 7C'
    """
    return PieceSet(mask, CARD_UNIVERSE)


def knows_widow(seat: Seat, phase: Phase, part: DealPart) -> bool:
    """The round-two winner sees the widow once round two is won; nobody else ever does.

    >>> from tablegames.preference.deal import start_part
    >>> knows_widow(1, Phase.WIDOW, start_part(Rules(), 0, (95,) * 4, 20, ()))
    False
    """
    return (
        seat == part.declarer
        and (phase is Phase.WIDOW or phase is Phase.TRUMP or phase is Phase.PLAY)
        and bool(part.offers)
    )


def seat_view(  # noqa: PLR0917 (a position's parts, as a state holds them)
    cls: type[V],
    seat: Seat,
    phase: Phase,
    to_act: Seat | None,
    part: DealPart,
    hands: tuple[int, ...],
    table: TrickTable | None,
    legal: tuple[Action, ...],
) -> V:
    """The view of ``seat`` (a ``cls``) of the position whose parts are given: ``hands`` as
    they are, the ``table`` of the deal's play (None before play), and ``legal``, the actions
    of the seat to act.

    >>> from tablegames.preference.deal import start_part
    >>> view = seat_view(SeatView, 0, Phase.DEAL, None, start_part(Rules(), 0, (95,) * 4, 20,
    ...     ()), (0,) * 4, None, ())
    >>> view.hand_sizes, view.active, view.tricks
    ((0, 0, 0, 0), (1, 2, 3), ())
    """
    dealt = phase is not Phase.DEAL and phase is not Phase.OVER
    knows = knows_widow(seat, phase, part)
    if table is None:
        trick: tuple[tuple[Seat, Card], ...] = ()
        tricks: tuple[tuple[Seat, tuple[Card, ...], Seat], ...] = ()
        won = (0,) * SEATS
    else:
        trick = tuple(zip(table.seats_in_trick, (CARDS[p] for p in table.pieces)))
        tricks = tuple(
            (t.leader, tuple(CARDS[p] for p in t.pieces), t.winner) for t in table.tricks
        )
        won = table.won
    return cls(
        seat=seat,
        phase=phase,
        to_act=to_act,
        dealer=part.dealer,
        active=ACTIVE[part.dealer],
        hand=cards_of(hands[seat] if dealt else 0),
        hand_sizes=tuple(h.bit_count() for h in hands),
        widow=cards_of(part.widow if knows else 0),
        widow_size=0 if part.widow_taken else part.widow.bit_count(),
        discards=cards_of(part.discards if knows else 0),
        discards_size=part.discards.bit_count(),
        calls=part.calls,
        offers=part.offers,
        declarer=part.declarer,
        trump=part.trump,
        trick=trick,
        tricks=tricks,
        tricks_won=won,
        stacks=part.stacks,
        pot=part.pot,
        results=part.results,
        legal_actions=legal if to_act == seat else (),
        rules=part.rules,
    )


def zones_of(
    phase: Phase, part: DealPart, hands: tuple[int, ...], table: TrickTable | None
) -> dict[str, PieceSet[Card]]:
    """Where every card is (a state's ``zones``): the pack before a deal, else the hands, the
    widow, the discards, and in play the trick and the cards each seat has won.

    >>> from tablegames.preference.deal import start_part
    >>> list(zones_of(Phase.DEAL, start_part(Rules(), 0, (95,) * 4, 20, ()), (0,) * 4, None))
    ['pack']
    """
    if phase is Phase.DEAL or phase is Phase.OVER:
        return {"pack": DECK_32}
    zones = {f"hand {s}": cards_of(hands[s]) for s in range(SEATS)}
    zones["widow"] = cards_of(0 if part.widow_taken else part.widow)
    zones["discards"] = cards_of(part.discards)
    if table is not None:
        zones["trick"] = cards_of(table.in_play)
        for s in range(SEATS):
            zones[f"won {s}"] = cards_of(table.taken[s])
    return zones
