"""The state of a Preference match, and how each action changes it.

>>> from tablegames.preference import new_match, Rules, deal_of
>>> state = new_match(Rules())
>>> state.stacks, state.pot                      # everyone has anted 5
((95, 95, 95, 95), 20)
>>> state = state.apply(deal_of(["", "AH KH QH JH TH 9H 8H 7H AS KS",
...                              "AD KD QD JD TD 9D 8D 7D QS JS",
...                              "AC KC QC JC TC 9C 8C 7C TS 9S"], widow="8S 7S", dealer=0))
>>> state.phase.value, state.to_act, [str(a) for a in state.legal_actions()]
('bid', 1, ['pass', 'bid S', 'bid C', 'bid D', 'bid H'])
>>> print(state.check(state.legal_actions()[0], seat=0))
It is seat 1's turn, not seat 0's.
"""

from __future__ import annotations

import enum
import functools
import random
from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar

import attrs

from tablegames.core.actions import PASS, Deal, Pass, Play
from tablegames.core.chance import shuffle
from tablegames.core.errors import TableGamesError
from tablegames.core.fingerprint import trick_table
from tablegames.core.frozen import builder
from tablegames.core.game import GameState
from tablegames.core.history import EMPTY_LOG, History, LogNode, logged
from tablegames.core.seats import Seat, check_seat
from tablegames.core.violations import Violation, ViolationCode
from tablegames.core.wire import ClientView
from tablegames.pieces.cards import CARD_UNIVERSE, CARDS, DECK_32, Card, Suit
from tablegames.pieces.sets import PieceSet, mask_of
from tablegames.tricks.decode import chunk_tables
from tablegames.tricks.follow import legal_plays, play_violation
from tablegames.tricks.model import TrickModel, plain_card_model
from tablegames.tricks.since import actions_since
from tablegames.tricks.table import TrickTable, revealed_voids
from tablegames.tricks.tally import TrickTally

from .actions import BIDS, DECK_CARDS, KEEP, PLAYS, TRUMPS, Action, Bid, Discard, Keep, Offer, Trump
from .hidden import chips_before_offers, deal_hidden
from .rules import SUIT_ORDER, SUIT_RANK, Rules
from .scoring import TRICKS, match_winners, settle
from .wire import view_dict

SEATS = 4
HAND = 10
WIDOW = 2
PACKETS = (3, 0, 4, 3)
"""The packets dealt to each active player in turn; 0 marks where the widow's two go.

>>> sum(PACKETS) * 3 + WIDOW
32
"""
MODELS: dict[Suit, TrickModel] = {suit: plain_card_model(suit) for suit in SUIT_ORDER}
"""The trick model for each trump suit.

>>> MODELS[Suit.HEARTS].trump == Suit.HEARTS
True
"""
_WIDOW_PLACE = 4
_DISCARD_PLACE = 5


class Phase(enum.Enum):
    """What the table is doing.

    >>> new_match().phase, [p.value for p in Phase][1:4]
    (<Phase.DEAL: 'deal'>, ['bid', 'offer', 'widow'])
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


# Enum members are slow to look up as class attributes; the hot paths use these names.
_DEAL, _BID, _OFFER, _WIDOW, _TRUMP, _PLAY, _OVER = (
    Phase.DEAL,
    Phase.BID,
    Phase.OFFER,
    Phase.WIDOW,
    Phase.TRUMP,
    Phase.PLAY,
    Phase.OVER,
)


def active_seats(dealer: Seat) -> tuple[Seat, ...]:
    """The three seats dealt in, clockwise from the dealer's left (the dealer sits out).

    >>> active_seats(2)
    (3, 0, 1)
    """
    return tuple((dealer + i) % SEATS for i in range(1, SEATS))


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
    dealer: Seat
    declarer: Seat | None
    trump: Suit | None
    offer: int
    tricks: tuple[int, ...]
    made: bool | None
    chips: int
    stacks: tuple[int, ...]
    pot: int

    @property
    def thrown_in(self) -> bool:
        """True when all three passed in both rounds and nobody played.

        >>> DealResult(1, 0, 2, Suit.CLUBS, 0, (0, 6, 4, 0), True, 2, (95,) * 4, 18).thrown_in
        False
        """
        return self.declarer is None


def deal_of(
    hands: Sequence[Sequence[Card] | PieceSet[Card] | str],
    widow: Sequence[Card] | PieceSet[Card] | str,
    dealer: Seat = 0,
) -> Deal[Card]:
    """The deal that gives seat ``i`` the cards ``hands[i]`` (ten each; the dealer's entry is
    empty) and puts ``widow`` (two cards) in the widow, for a given dealer.

    Cards go out in packets from the dealer's left: 3 each, 2 to the widow, 4 each, 3 each.

    >>> deal = deal_of(["", "AH KH QH JH TH 9H 8H 7H AS KS", "AD KD QD JD TD 9D 8D 7D QS JS",
    ...                 "AC KC QC JC TC 9C 8C 7C TS 9S"], widow="8S 7S")
    >>> " ".join(str(c) for c in deal.order[:11])
    '7H 8H 9H 7D 8D 9D 7C 8C 9C 7S 8S'
    """
    if len(hands) != SEATS:
        raise TableGamesError("deal_of needs four hands, by seat (the dealer's one empty)")
    masks = [mask_of(CARD_UNIVERSE, h) for h in hands]
    widow_mask = mask_of(CARD_UNIVERSE, widow)
    counts = [m.bit_count() for m in masks]
    if masks[dealer] or any(counts[s] != HAND for s in active_seats(dealer)):
        raise TableGamesError("each active player gets ten cards and the dealer none")
    total = widow_mask
    for m in masks:
        if total & m:
            raise TableGamesError("a card is given twice")
        total |= m
    if widow_mask.bit_count() != WIDOW or total != DECK_32.mask:
        raise TableGamesError("the hands and the widow must share out the 32 cards")
    queues = [[CARDS[i] for i in range(52) if m >> i & 1] for m in masks]
    order: list[Card] = []
    for size in PACKETS:
        if size == 0:
            order.extend(CARDS[i] for i in range(52) if widow_mask >> i & 1)
            continue
        for seat in active_seats(dealer):
            order.extend(queues[seat][:size])
            del queues[seat][:size]
    return Deal(tuple(order))


def _cards(mask: int) -> PieceSet[Card]:
    return PieceSet(mask, CARD_UNIVERSE)


class _DealSlots:
    """The slots of :class:`_DealPart`'s fields (built by plain stores: see
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
class _DealPart(_DealSlots):
    """What stays put through a deal's play: the rules, the calling, the widow, the chips, the
    results so far, and where the deal sits in the history (for :meth:`PreferenceState.sample`).
    """

    rules: Rules
    dealer: Seat
    widow: int
    widow_taken: bool
    discards: int
    calls: tuple[Suit | None, ...]
    offers: tuple[int, ...]
    declarer: Seat | None
    trump: Suit | None
    stacks: tuple[int, ...]
    pot: int
    results: tuple[DealResult, ...]
    before_deal: History[Action] | None = attrs.field(eq=False)
    """The history just before this deal (None until the cards are dealt)."""

    # A changed part is a new part: each change below copies every field into the builder,
    # spelled out (a generic copy through ``getattr`` or ``attrs.evolve`` costs three times
    # as much, and the calling makes one part per step).

    def with_widow(
        self, widow: int, widow_taken: bool, discards: int, before_deal: History[Action] | None
    ) -> _DealPart:
        """This part with the widow changed: dealt (with the history before the deal), or
        taken into the declarer's hand with two cards laid aside."""
        return _new_part(
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
        self, calls: tuple[Suit | None, ...], declarer: Seat | None, trump: Suit | None
    ) -> _DealPart:
        """This part after a call of round one, or once the round-two winner names trumps."""
        return _new_part(
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
    ) -> _DealPart:
        """This part after an offer or pass of round two, or once its winner pays."""
        return _new_part(
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


_new_part = builder(_DealPart)
"""``_DealPart(...)`` with the same arguments, built by plain stores into its slot layout
(every call of the bidding makes one; see :mod:`tablegames.core.frozen`).

>>> part = new_match()._deal
>>> part.after_offer((), None, part.stacks, 3) == attrs.evolve(part, pot=3)
True
"""


class _StateSlots:
    """The slots of :class:`PreferenceState`'s fields: states are built as one of these, filled
    by plain stores, then made states (see :mod:`tablegames.core.frozen`)."""

    __slots__ = ("__weakref__", "_deal", "_hands", "_legal", "_log", "_pieces", "_trick")


@attrs.frozen(repr=False)
class PreferenceState(GameState[Action], _StateSlots):
    """A moment of a Preference match (see the module doc). Hands are card masks by seat.

    ``widow`` is the widow as dealt; ``widow_taken`` says whether it went into the declarer's
    hand (then ``discards`` holds the two cards laid aside). During bidding ``declarer`` and
    ``trump`` are the standing bid; ``calls`` are round one's calls (``None`` for a pass) and
    ``offers`` round two's (0 for a pass), in order from the dealer's left.

    >>> state = new_match().apply(deal_of(["", "AH KH QH JH TH 9H 8H 7H AS KS",
    ...     "AD KD QD JD TD 9D 8D 7D QS JS", "AC KC QC JC TC 9C 8C 7C TS 9S"], "8S 7S"))
    >>> state.active, state.to_act, str(state.hand(3))
    ((1, 2, 3), 1, '7C 8C 9C TC JC QC KC AC 9S TS')
    """

    game_name = "preference"
    fingerprint_fields = (
        "phase",
        "dealer",
        "hands",
        "widow",
        "widow_taken",
        "discards",
        "calls",
        "offers",
        "declarer",
        "trump",
        trick_table,
        "stacks",
        "pot",
    )

    # What changes with every decision lives here; what changes once a deal (or once a call)
    # is in ``_deal`` and what changes once a trick is in ``_trick``, both shared by reference.
    # The phase is the state's class: one subclass per phase (see :data:`_IN_PHASE`).
    phase: ClassVar[Phase]
    is_chance: ClassVar[bool] = False  # True in the dealing phase's class
    is_over: ClassVar[bool] = False  # True in the over phase's class
    _hands: tuple[int, ...]
    """The hands by seat as the trick in progress was led (see ``hands``): within a trick the
    seat to play has not played yet, so its hand is read here, and a play builds no hands."""
    _pieces: tuple[int, ...]
    """The cards of the trick in progress, by index."""
    _deal: _DealPart
    _trick: TrickTally | None
    _legal: int = attrs.field(eq=False)
    """In play, the mask of the cards the seat to play may play (0 otherwise)."""
    _log: LogNode = attrs.field(eq=False)
    """The history, as a bare log node (see :mod:`tablegames.core.history`)."""
    log_fields = ("_log",)

    @property
    def history(self) -> History[Action]:
        return History.of_log(self._log)

    @property
    def hands(self) -> tuple[int, ...]:
        """The cards each seat holds (a card mask by seat).

        >>> new_match().hands
        (0, 0, 0, 0)
        """
        pieces = self._pieces
        if not pieces:
            return self._hands
        hands = list(self._hands)
        for seat, piece in zip(self._trick.turns, pieces):  # type: ignore[union-attr]
            hands[seat] &= ~(1 << piece)
        return tuple(hands)

    @property
    def rules(self) -> Rules:
        return self._deal.rules

    @property
    def dealer(self) -> Seat:
        """The seat that dealt (and sits out), or deals next."""
        return self._deal.dealer

    @property
    def widow(self) -> int:
        """The widow as dealt (a card mask)."""
        return self._deal.widow

    @property
    def widow_taken(self) -> bool:
        """Whether the widow went into the declarer's hand."""
        return self._deal.widow_taken

    @property
    def discards(self) -> int:
        """The two cards laid aside after taking the widow (a card mask; 0 before)."""
        return self._deal.discards

    @property
    def calls(self) -> tuple[Suit | None, ...]:
        """Round one's calls in order from the dealer's left (None for a pass)."""
        return self._deal.calls

    @property
    def offers(self) -> tuple[int, ...]:
        """Round two's offers in order from the dealer's left (0 for a pass)."""
        return self._deal.offers

    @property
    def declarer(self) -> Seat | None:
        """The standing bidder, then the declarer."""
        return self._deal.declarer

    @property
    def trump(self) -> Suit | None:
        """The standing suit, then trumps."""
        return self._deal.trump

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each seat's chips."""
        return self._deal.stacks

    @property
    def pot(self) -> int:
        """The chips in the pot."""
        return self._deal.pot

    @property
    def results(self) -> tuple[DealResult, ...]:
        """Every finished deal, in order."""
        return self._deal.results

    @property
    def table(self) -> TrickTable | None:
        """The play of this deal, trick by trick (None outside play)."""
        trick = self._trick
        return None if trick is None else trick.table_with(self._pieces)

    def __repr__(self) -> str:
        d = self._deal
        return (
            f"PreferenceState(rules={d.rules!r}, phase={self.phase!r}, dealer={d.dealer!r}, "
            f"hands={self.hands!r}, widow={d.widow!r}, widow_taken={d.widow_taken!r}, "
            f"discards={d.discards!r}, calls={d.calls!r}, offers={d.offers!r}, "
            f"declarer={d.declarer!r}, trump={d.trump!r}, table={self.table!r}, "
            f"stacks={d.stacks!r}, pot={d.pot!r}, results={d.results!r})"
        )

    # -- whose turn -------------------------------------------------------------------------
    @property
    def to_act(self) -> Seat | None:
        phase = self.phase
        if phase is _PLAY:
            return self._trick.turns[len(self._pieces)]  # type: ignore[union-attr]
        if phase is _BID:
            return (self._deal.dealer + 1 + len(self._deal.calls)) % SEATS
        if phase is _OFFER:
            return (self._deal.dealer + 1 + len(self._deal.offers)) % SEATS
        if phase is _WIDOW or phase is _TRUMP:
            return self._deal.declarer
        return None

    def returns(self) -> tuple[float, ...]:
        """Each seat's chips won or lost: its stack less the starting stack (the pot holds the
        rest).

        >>> new_match().returns()  # before the first deal, each has paid the ante
        (-5.0, -5.0, -5.0, -5.0)
        """
        start = self.rules.starting_stack
        return tuple(float(chips - start) for chips in self.stacks)

    @property
    def winners(self) -> tuple[Seat, ...]:
        if self.phase is not _OVER:
            return ()
        return match_winners(self.stacks)

    @property
    def active(self) -> tuple[Seat, ...]:
        """The three seats dealt in this deal (the dealer sits out).

        >>> new_match(Rules(first_dealer=1)).active
        (2, 3, 0)
        """
        return _ACTIVE[self._deal.dealer]

    @property
    def round_two(self) -> bool:
        """True once all three passed in round one (round two is under way or done).

        >>> new_match().round_two
        False
        """
        return bool(self.offers) or self.phase is _OFFER

    @property
    def largest_offer(self) -> int:
        """The largest round-two offer so far (0 if none).

        >>> new_match().largest_offer
        0
        """
        return max(self.offers, default=0)

    def hand(self, seat: Seat) -> PieceSet[Card]:
        """The cards ``seat`` holds.

        >>> len(new_match().hand(1))
        0
        """
        return _cards(self.hands[seat])

    @property
    def trick_cards(self) -> tuple[Card, ...]:
        """The cards of the trick in progress, in play order.

        >>> new_match().trick_cards
        ()
        """
        return tuple(CARDS[p] for p in self._pieces)

    @property
    def last_result(self) -> DealResult | None:
        """The most recent finished deal, if any.

        >>> new_match().last_result is None
        True
        """
        return self.results[-1] if self.results else None

    # -- legal actions ----------------------------------------------------------------------
    # The play's legal actions and steps are the playing class's own (``_Playing`` takes
    # ``_legal_plays`` and ``_play`` as its ``legal_actions`` and ``_step``): most decisions are
    # plays, and a state's class answers them without asking its phase first.
    def legal_actions(self) -> tuple[Action, ...]:
        phase = self.phase
        if phase is _BID:
            trump = self._deal.trump
            return _BID_OPTIONS[-1 if trump is None else SUIT_RANK[trump]]
        if phase is _OFFER:
            stack = self.stacks[self.to_act]  # type: ignore[index]
            return _offer_options(self.largest_offer, stack)
        if phase is _WIDOW:
            pool = self.hands[self.declarer] | self.widow  # type: ignore[index]
            bits = []  # the twelve cards' bits, lowest (first in deck order) first
            while pool:
                bit = pool & -pool
                bits.append(bit)
                pool ^= bit
            pairs = [_DISCARD_OF[a | b] for i, a in enumerate(bits) for b in bits[i + 1 :]]
            return (KEEP, *pairs)
        if phase is _TRUMP:
            return _TRUMP_OPTIONS
        return ()

    def _legal_plays(self) -> tuple[Action, ...]:
        """The legal actions in play (``_Playing.legal_actions``): the legal mask's cards."""
        m = self._legal
        one_suit = _ONE_SUIT.get(m)  # a follower's usual case: one look-up
        if one_suit is not None:
            return one_suit
        # One look-up per suit: a suit's eight cards, 7 to ace, are 8 bits 13 apart.
        low = _CLUBS[m >> 5 & 255] + _DIAMONDS[m >> 18 & 255]
        return low + _HEARTS[m >> 31 & 255] + _SPADES[m >> 44]

    # -- transitions ------------------------------------------------------------------------
    def _play(self, action: Action) -> PreferenceState | Violation:
        """A step of the play (``_Playing._step``)."""
        if action.__class__ is Play:
            card = action.piece
            if card.__class__ is Card and self._legal >> card.index & 1:
                # The fast path: a legal card is one of the legal mask's. The hands stay
                # as the trick was led until it ends (see ``_hands``). Adding a 1-tuple
                # is quicker than unpacking into a new one (no list in between).
                pieces = self._pieces + (card.index,)  # noqa: RUF005
                trick: TrickTally = self._trick  # type: ignore[assignment]
                played = len(pieces)
                if played < 3:
                    hands = self._hands
                    return _new_playing(
                        hands,
                        pieces,
                        self._deal,
                        trick,
                        legal_plays(hands[trick.turns[played]], pieces, trick.model),
                        (self._log, action, self._log[2] + 1),
                    )
                return self._end_trick(trick, pieces, action)
            return self._refuse_play(card)
        return Violation(ViolationCode.WRONG_PHASE, _WRONG_PHASE[_PLAY])

    def _step(self, action: Action) -> PreferenceState | Violation:
        phase = self.phase
        kind = action.__class__
        if phase is _BID:
            if kind is Bid:
                return self._bid(action.suit)  # type: ignore[union-attr]
            if kind is Pass:
                return self._pass_round_one()
        elif phase is _OFFER:
            if kind is Offer:
                return self._offer(action)  # type: ignore[arg-type]
            if kind is Pass:
                return self._pass_round_two()
        elif phase is _WIDOW:
            if kind is Keep:
                return self._keep()
            if kind is Discard:
                return self._discard(action.cards)  # type: ignore[union-attr]
        elif phase is _TRUMP:
            if kind is Trump:
                return self._name_trump(action)  # type: ignore[arg-type]
        elif phase is _DEAL:
            if kind is Deal:
                return self._deal_cards(action)  # type: ignore[arg-type]
            return Violation(
                ViolationCode.DEAL_EXPECTED, "The cards must be shuffled and dealt first."
            )
        else:
            return Violation(ViolationCode.GAME_OVER, "The match is over: nobody acts any more.")
        return Violation(ViolationCode.WRONG_PHASE, _WRONG_PHASE[phase])

    def _calling(
        self, build: Callable[..., PreferenceState], part: _DealPart, history: LogNode
    ) -> PreferenceState:
        """The state at another step of the calling, before play (the hands as they are), made
        by ``build``, the builder of its phase's class (see :data:`_BUILD`)."""
        return build(self._hands, (), part, None, 0, history)

    def _deal_cards(self, deal: Deal[Card]) -> PreferenceState | Violation:
        order = deal.order
        if len(order) != len(DECK_32):
            return _BAD_DEAL
        # Where each card of the pack goes for this dealer: a hand, or the widow (place 4).
        places = [0] * (SEATS + 1)
        mask = 0
        for card, place in zip(order, _PLACES[self._deal.dealer]):
            if not isinstance(card, Card):
                return _BAD_DEAL
            bit = 1 << card.index
            places[place] |= bit
            mask |= bit
        if mask != _DECK_MASK:
            return _BAD_DEAL
        before = History.of_log(self._log)
        part = self._deal.with_widow(places[_WIDOW_PLACE], False, 0, before)
        hands = (places[0], places[1], places[2], places[3])
        return _new_bidding(hands, (), part, None, 0, logged(self._log, deal))

    def _bid(self, suit: Suit) -> PreferenceState | Violation:
        deal = self._deal
        standing = deal.trump
        if standing is not None and SUIT_RANK[suit] <= SUIT_RANK[standing]:
            return Violation(
                ViolationCode.BID_NOT_HIGHER,
                f"{suit.plural.capitalize()} do not rank above {standing.plural}, the last suit "
                "named: name a higher suit or pass.",
            )
        calls = deal.calls
        seat = (deal.dealer + 1 + len(calls)) % SEATS
        part = deal.after_call((*calls, suit), seat, suit)
        history = logged(self._log, BIDS[suit])
        if len(calls) == SEATS - 2:  # the third and last call of round one
            return self._start_play(part, history)
        return self._calling(_new_bidding, part, history)

    def _pass_round_one(self) -> PreferenceState:
        deal = self._deal
        calls = (*deal.calls, None)
        part = deal.after_call(calls, deal.declarer, deal.trump)
        history = logged(self._log, PASS)
        if len(calls) < SEATS - 1:
            return self._calling(_new_bidding, part, history)
        if deal.declarer is not None:
            return self._start_play(part, history)
        return self._calling(_new_offering, part, history)

    def _offer(self, offer: Offer) -> PreferenceState | Violation:
        chips = offer.chips
        deal = self._deal
        offers = deal.offers
        seat = (deal.dealer + 1 + len(offers)) % SEATS
        largest = max(offers, default=0)
        if chips <= largest:
            text = "at least 1 chip" if largest == 0 else f"more than {largest}, the largest so far"
            return Violation(
                ViolationCode.OFFER_NOT_HIGHER, f"An offer must be {text}, not {chips}."
            )
        stacks, pot = deal.stacks, deal.pot
        stack = stacks[seat]
        if chips > stack:
            return Violation(
                ViolationCode.OFFER_OVER_STACK,
                f"You have {stack} chips: you cannot offer {chips}.",
            )
        if deal.rules.round_two_payment == "all":
            stacks, pot = _pay(stacks, seat, chips), pot + chips
        offers = (*offers, chips)
        part = deal.after_offer(offers, seat, stacks, pot)
        return self._after_offer(part, logged(self._log, offer))

    def _pass_round_two(self) -> PreferenceState:
        deal = self._deal
        part = deal.after_offer((*deal.offers, 0), deal.declarer, deal.stacks, deal.pot)
        return self._after_offer(part, logged(self._log, PASS))

    def _after_offer(self, part: _DealPart, history: LogNode) -> PreferenceState:
        """Round two goes on, or ends after the third offer or pass: the largest offer takes
        the widow (paying for it now under ``winner_only``), or the deal is thrown in."""
        if len(part.offers) < SEATS - 1:
            return self._calling(_new_offering, part, history)
        declarer = part.declarer
        if declarer is None:
            result = _result(
                len(part.results) + 1,
                part.dealer,
                None,
                None,
                0,
                (0,) * SEATS,
                None,
                0,
                part.stacks,
                part.pot,
            )
            return _next_deal(part, result, history)
        if part.rules.round_two_payment == "winner_only":
            offer = max(part.offers)
            stacks = _pay(part.stacks, declarer, offer)
            part = part.after_offer(part.offers, declarer, stacks, part.pot + offer)
        return self._calling(_new_widow_choice, part, history)

    def _keep(self) -> PreferenceState:
        return self._calling(_new_naming_trump, self._deal, logged(self._log, KEEP))

    def _discard(self, cards: tuple[Card, ...]) -> PreferenceState | Violation:
        if len(cards) != WIDOW or cards[0] == cards[1]:
            return Violation(
                ViolationCode.DISCARD_WRONG_COUNT,
                "Discard exactly two different cards of the twelve (or keep your hand).",
            )
        declarer = self.declarer
        assert declarer is not None
        pool = self._hands[declarer] | self.widow
        mask = 0
        for card in cards:
            if not _in_deck(card):
                return _not_in_deck(card)
            if not pool >> card.index & 1:
                return Violation(
                    ViolationCode.NOT_IN_HAND,
                    f"You do not hold {card}: discard two of your ten cards and the widow's two.",
                )
            mask |= 1 << card.index
        hands = list(self._hands)
        hands[declarer] = pool & ~mask
        deal = self._deal
        part = deal.with_widow(deal.widow, True, mask, deal.before_deal)
        history = logged(self._log, Discard(cards))
        return _new_naming_trump(tuple(hands), (), part, None, 0, history)

    def _name_trump(self, trump: Trump) -> PreferenceState:
        """The round-two winner names trumps, and play begins."""
        deal = self._deal
        part = deal.after_call(deal.calls, deal.declarer, trump.suit)
        return self._start_play(part, logged(self._log, trump))

    def _start_play(self, part: _DealPart, history: LogNode) -> PreferenceState:
        """The first trick of the deal whose calling ``part`` settled (declarer and trumps)."""
        trick = _FIRST_TRICKS[part.dealer, part.declarer, part.trump]  # type: ignore[index]
        hands = self._hands
        return _new_playing(hands, (), part, trick, hands[trick.turns[0]], history)

    def _refuse_play(self, card: Card) -> Violation:
        if type(card) is not Card or not _DECK_MASK >> card.index & 1:
            return _not_in_deck(card)
        trick = self._trick
        assert trick is not None
        pieces = self._pieces
        seat = trick.turns[len(pieces)]
        violation = play_violation(self._hands[seat], pieces, card.index, trick.model)
        assert violation is not None
        return violation

    def _end_trick(
        self, trick: TrickTally, pieces: tuple[int, ...], action: Action
    ) -> PreferenceState:
        log = self._log
        history = (log, action, log[2] + 1)
        trick = trick.after(pieces)
        if trick.finished[2] == TRICKS:  # type: ignore[index]  # (trick.number, read directly)
            return self._settle(trick, history)
        # The trick's three cards leave the hands (four seats, spelled out: the cheapest way).
        left = ~(1 << pieces[0] | 1 << pieces[1] | 1 << pieces[2])
        h0, h1, h2, h3 = self._hands
        hands = (h0 & left, h1 & left, h2 & left, h3 & left)
        return _new_playing(hands, (), self._deal, trick, hands[trick.turns[0]], history)

    def _settle(self, tally: TrickTally, history: LogNode) -> PreferenceState:
        deal = self._deal
        declarer, trump = deal.declarer, deal.trump
        assert declarer is not None and trump is not None
        won = tally.won
        made, chips, pot = settle(won[declarer], trump, deal.pot, deal.rules)
        result = _result(
            len(deal.results) + 1,
            deal.dealer,
            declarer,
            trump,
            max(deal.offers, default=0),
            won,
            made,
            chips,
            _pay(deal.stacks, declarer, -chips),
            pot,
        )
        return _next_deal(deal, result, history)

    # -- chance, views, sampling, conservation --------------------------------------------
    def chance_outcome(self, rng: random.Random) -> Action:
        return shuffle(DECK_CARDS, rng)

    def zones(self) -> Mapping[str, PieceSet[Card]]:
        if self.phase in (_DEAL, _OVER):
            return {"pack": DECK_32}
        zones = {f"hand {s}": _cards(self.hands[s]) for s in range(SEATS)}
        zones["widow"] = _cards(0 if self.widow_taken else self.widow)
        zones["discards"] = _cards(self.discards)
        table = self.table
        if table is not None:
            zones["trick"] = _cards(table.in_play)
            for s in range(SEATS):
                zones[f"won {s}"] = _cards(table.taken[s])
        return zones

    def _knows_widow(self, seat: Seat) -> bool:
        """The round-two winner sees the widow once round two is won; nobody else ever does."""
        return seat == self.declarer and self.phase in _AFTER_ROUND_TWO and bool(self.offers)

    def view(self, seat: Seat) -> PreferenceView:
        """What ``seat`` may know: its cards, every call, offer and play, the chips, and how many
        cards the others hold. Only the round-two winner sees the widow, and only that player
        knows the two cards discarded."""
        check_seat(seat, SEATS)
        table = self.table
        dealt = self.phase not in (_DEAL, _OVER)
        knows = self._knows_widow(seat)
        return PreferenceView(
            seat=seat,
            phase=self.phase,
            to_act=self.to_act,
            dealer=self.dealer,
            active=self.active,
            hand=_cards(self.hands[seat] if dealt else 0),
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            widow=_cards(self.widow if knows else 0),
            widow_size=0 if self.widow_taken else self.widow.bit_count(),
            discards=_cards(self.discards if knows else 0),
            discards_size=self.discards.bit_count(),
            calls=self.calls,
            offers=self.offers,
            declarer=self.declarer,
            trump=self.trump,
            trick=() if table is None else tuple(zip(table.seats_in_trick, self.trick_cards)),
            tricks=()
            if table is None
            else tuple(
                (t.leader, tuple(CARDS[p] for p in t.pieces), t.winner) for t in table.tricks
            ),
            tricks_won=(0,) * SEATS if table is None else table.won,
            stacks=self.stacks,
            pot=self.pot,
            results=self.results,
            legal_actions=self.legal_actions() if self.to_act == seat else (),
            rules=self.rules,
        )

    def sample(self, seat: Seat, rng: random.Random) -> PreferenceState:
        """A state ``seat`` cannot tell from this one: the cards it has not seen are dealt anew
        within what it knows (:func:`~tablegames.preference.hidden.deal_hidden`, which
        ``PreferenceView.sample`` shares), and this deal's actions are replayed on that deal.

        >>> state = new_match()
        >>> state = state.apply(state.chance_outcome(random.Random(0)))
        >>> state.sample(1, random.Random(1)).view(1) == state.view(1)
        True
        """
        check_seat(seat, SEATS)
        if self.phase in (_DEAL, _OVER):
            return self
        knows = self._knows_widow(seat)
        hidden = 0
        for s in self.active:
            if s != seat:
                hidden |= self.hands[s]
        if not knows:
            if not self.widow_taken:
                hidden |= self.widow
            hidden |= self.discards
        table = self.table
        voids = revealed_voids(table, MODELS[self.trump]) if table else {}  # type: ignore[index]
        dealt, widow, discards = deal_hidden(
            seat,
            self.active,
            [h.bit_count() for h in self.hands],
            hidden,
            own=self.hands[seat],
            widow=self.widow if knows else None,
            discards=self.discards if knows else None,
            widow_taken=self.widow_taken,
            discards_size=self.discards.bit_count(),
            declarer=self.declarer,
            played=table.played() if table is not None else _NO_HANDS,
            voids=voids,
            rng=rng,
        )
        # Rebuild the deal that gave these cards, then replay this deal's actions on it: the
        # work depends on this deal only, never on how long the match has run.
        before = self._deal.before_deal
        assert before is not None
        since = actions_since(self.history, len(before) + 1)
        stacks, pot = chips_before_offers(
            self.rules.round_two_payment,
            dealer=self.dealer,
            offers=self.offers,
            declarer=self.declarer,
            stacks=self.stacks,
            pot=self.pot,
        )
        part = _DealPart(
            self.rules,
            self.dealer,
            0,
            False,
            0,
            (),
            (),
            None,
            None,
            stacks,
            pot,
            self.results,
            None,
        )
        state: PreferenceState = _Dealing(_NO_HANDS, (), part, None, 0, before.log)
        state = state.apply(deal_of([_cards(m) for m in dealt], _cards(widow), self.dealer))
        swap = Discard(tuple(_cards(discards)))
        for action in since:
            state = state.apply(swap if type(action) is Discard else action)
        return state


@attrs.frozen
class PreferenceView(ClientView):
    """What one seat may know.

    ``widow`` and ``discards`` are empty unless ``seat`` won round two (then it saw the widow
    and chose the discards); ``widow_size`` and ``discards_size`` are public. ``trick`` pairs
    seats with the cards of the trick in progress; ``tricks`` lists finished tricks as
    (leader, cards in play order, winner).

    >>> from tablegames.preference import new_match
    >>> view = new_match().view(2)
    >>> view.pot, view.stacks, len(view.hand)
    (20, (95, 95, 95, 95), 0)
    """

    seat: Seat
    phase: Phase
    to_act: Seat | None
    dealer: Seat
    active: tuple[Seat, ...]
    hand: PieceSet[Card]
    hand_sizes: tuple[int, ...]
    widow: PieceSet[Card]
    widow_size: int
    discards: PieceSet[Card]
    discards_size: int
    calls: tuple[Suit | None, ...]
    offers: tuple[int, ...]
    declarer: Seat | None
    trump: Suit | None
    trick: tuple[tuple[Seat, Card], ...]
    tricks: tuple[tuple[Seat, tuple[Card, ...], Seat], ...]
    tricks_won: tuple[int, ...]
    stacks: tuple[int, ...]
    pot: int
    results: tuple[DealResult, ...]
    legal_actions: tuple[Action, ...]
    rules: Rules = attrs.field(kw_only=True, repr=False)
    """The rules of the match (public)."""

    wire = staticmethod(view_dict)

    def sample(self, rng: random.Random) -> PreferenceState:
        """A full state consistent with this view, built from the view alone: the start of
        this deal, a deal of the hidden cards drawn as ``state.sample(seat, rng)`` draws them,
        and this deal's actions replayed (see :mod:`tablegames.preference.view_sampling`).

        >>> state = new_match()
        >>> view = state.apply(state.chance_outcome(random.Random(0))).view(1)
        >>> view.sample(random.Random(1)).view(1) == view
        True
        """
        from .view_sampling import sample_view  # noqa: PLC0415 (it builds on this module)

        return sample_view(self, rng)


_DECK_MASK = DECK_32.mask


def _in_deck(card: object) -> bool:
    return isinstance(card, Card) and bool(_DECK_MASK >> card.index & 1)


def _not_in_deck(card: object) -> Violation:
    return Violation(
        ViolationCode.NOT_IN_DECK, f"{card} is not in the 32-card deck: cards run 7 to ace."
    )


def _pay(stacks: tuple[int, ...], seat: Seat, chips: int) -> tuple[int, ...]:
    out = list(stacks)
    out[seat] -= chips
    return tuple(out)


def _ante(stacks: tuple[int, ...], ante: int) -> tuple[tuple[int, ...], int]:
    return tuple(s - ante for s in stacks), ante * SEATS


# A state's phase is its class: one subclass per phase, whose ``phase``, ``is_chance`` and
# ``is_over`` are class attributes, read quicker than a property (the benchmark loop and the
# transitions ask for them at every decision). The subclasses add nothing else.


class _Dealing(PreferenceState):
    __slots__ = ()
    phase = _DEAL
    is_chance = True


class _Bidding(PreferenceState):
    __slots__ = ()
    phase = _BID


class _Offering(PreferenceState):
    __slots__ = ()
    phase = _OFFER


class _WidowChoice(PreferenceState):
    __slots__ = ()
    phase = _WIDOW


class _NamingTrump(PreferenceState):
    __slots__ = ()
    phase = _TRUMP


class _Playing(PreferenceState):
    __slots__ = ()
    phase = _PLAY
    legal_actions = PreferenceState._legal_plays
    _step = PreferenceState._play


class _Over(PreferenceState):
    __slots__ = ()
    phase = _OVER
    is_over = True


_IN_PHASE: dict[Phase, type[PreferenceState]] = {
    cls.phase: cls
    for cls in (_Dealing, _Bidding, _Offering, _WidowChoice, _NamingTrump, _Playing, _Over)
}
"""The class of the states in each phase.

>>> [cls.phase.value for cls in _IN_PHASE.values()] == [phase.value for phase in Phase]
True
"""
_BUILD = {
    _Dealing.phase: builder(_Dealing),
    _Bidding.phase: builder(_Bidding),
    _Offering.phase: builder(_Offering),
    _WidowChoice.phase: builder(_WidowChoice),
    _NamingTrump.phase: builder(_NamingTrump),
    _Playing.phase: builder(_Playing),
    _Over.phase: builder(_Over),
}
"""By phase: builds a state of that phase from all its fields, quicker than its ``__init__``
(every decision builds one; see :mod:`tablegames.core.frozen`). The transitions call their
phase's builder by name (an enum's hash is a Python call, so no look-up on the hot path).

>>> state = new_match()
>>> _BUILD[Phase.DEAL](_NO_HANDS, (), state._deal, None, 0, state._log) == state
True
"""
_new_dealing = _BUILD[_DEAL]
_new_bidding = _BUILD[_BID]
_new_offering = _BUILD[_OFFER]
_new_widow_choice = _BUILD[_WIDOW]
_new_naming_trump = _BUILD[_TRUMP]
_new_playing = _BUILD[_PLAY]
_new_over = _BUILD[_OVER]


_result = builder(DealResult)
"""``DealResult(...)`` built straight into its slots (every deal played out ends with one).

>>> _result(1, 0, None, None, 0, (0,) * 4, None, 0, (95,) * 4, 20) == DealResult(
...     1, 0, None, None, 0, (0,) * 4, None, 0, (95,) * 4, 20)
True
"""


def _next_deal(part: _DealPart, result: DealResult, history: LogNode) -> PreferenceState:
    """The state once the deal of ``part`` has ended with ``result`` (which holds the stacks
    and pot after it): the next dealer is to shuffle, after a new ante if the pot is empty, or
    the match is over."""
    rules = part.rules
    results = (*part.results, result)
    over = len(results) >= rules.deals
    stacks, pot = result.stacks, result.pot
    if not over and pot == 0:
        stacks, pot = _ante(stacks, rules.ante)
    dealer = (part.dealer + 1) % SEATS
    part = _new_part(rules, dealer, 0, False, 0, (), (), None, None, stacks, pot, results, None)
    return (_new_over if over else _new_dealing)(_NO_HANDS, (), part, None, 0, history)


_AFTER_ROUND_TWO = (Phase.WIDOW, Phase.TRUMP, Phase.PLAY)

_WRONG_PHASE = {
    Phase.BID: "It is round one: name a higher suit (bid H) or pass.",
    Phase.OFFER: "It is round two: offer more chips than anyone so far (offer 3) or pass.",
    Phase.WIDOW: "The round-two winner must first keep the hand or discard two cards "
    "(keep, discard 7S 8S).",
    Phase.TRUMP: "The round-two winner must name trumps first (trump H).",
    Phase.PLAY: "It is time to play a card.",
}

_CLUBS, _DIAMONDS, _HEARTS, _SPADES = chunk_tables(PLAYS[5:], (8, 5, 8, 5, 8, 5, 8))[::2]
"""Play actions by suit chunk of a legal mask (bits 5 to 12 of each suit's 13: 7 to ace).

>>> [str(a) for a in _HEARTS[0b10000001]], len(_SPADES)
(['play 7H', 'play AH'], 256)
"""
_ONE_SUIT: dict[int, tuple[Action, ...]] = {
    chunk << 13 * suit + 5: table[chunk]
    for suit, table in enumerate((_CLUBS, _DIAMONDS, _HEARTS, _SPADES))
    for chunk in range(1, 256)
}
"""The play actions of every legal mask that lies within one suit (followers mostly play so).

>>> len(_ONE_SUIT), [str(a) for a in _ONE_SUIT[1 << Card.parse("KS").index]]
(1020, ['play KS'])
"""
_NO_HANDS = (0,) * SEATS
_ACTIVE = tuple(active_seats(dealer) for dealer in range(SEATS))
_FIRST_TRICKS: dict[tuple[Seat, Seat, Suit], TrickTally] = {
    (dealer, declarer, trump): TrickTally.begin(
        _ACTIVE[dealer], first_leader(declarer, dealer), SEATS, MODELS[trump]
    )
    for dealer in range(SEATS)
    for declarer in _ACTIVE[dealer]
    for trump in SUIT_ORDER
}
"""By dealer, declarer and trumps: the first trick of the play, about to be led (immutable, so
shared by every deal that starts so)."""


def _places(dealer: Seat) -> tuple[int, ...]:
    """Where each card of the pack goes when ``dealer`` deals, top card first: the seat, or
    the widow (4), in packets from the dealer's left (3 each, 2 to the widow, 4 each, 3 each).

    >>> _places(0)[:11]
    (1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4)
    """
    places: list[int] = []
    for size in PACKETS:
        if size == 0:
            places += [_WIDOW_PLACE] * WIDOW
            continue
        for seat in active_seats(dealer):
            places += [seat] * size
    return tuple(places)


_PLACES = tuple(_places(dealer) for dealer in range(SEATS))
_BAD_DEAL = Violation(
    ViolationCode.BAD_DEAL, "A deal must order all 32 cards, 7 to ace, each exactly once."
)
_BID_OPTIONS: dict[int, tuple[Action, ...]] = {
    floor: (PASS, *(BIDS[s] for s in SUIT_ORDER[floor + 1 :])) for floor in range(-1, 4)
}
"""Round one's choices, by the rank of the standing suit (-1: none yet)."""
_TRUMP_OPTIONS: tuple[Action, ...] = tuple(TRUMPS[s] for s in SUIT_ORDER)


@functools.cache
def _offer_options(largest: int, stack: int) -> tuple[Action, ...]:
    return (PASS, *(Offer(n) for n in range(largest + 1, stack + 1)))


_DISCARD_OF: dict[int, Discard] = {
    1 << a.index | 1 << b.index: Discard((a, b))
    for i, a in enumerate(DECK_CARDS)
    for b in DECK_CARDS[i + 1 :]
}
"""Every discard by the mask of its two cards (the widow phase lists the pairs of twelve)."""


def new_match(rules: Rules | None = None) -> PreferenceState:
    """The first state of a match: all four have anted and the first dealer is about to shuffle.

    >>> new_match(Rules(ante=10, first_dealer=2)).pot, new_match().phase
    (40, <Phase.DEAL: 'deal'>)
    """
    rules = rules or Rules()
    stacks, pot = _ante((rules.starting_stack,) * SEATS, rules.ante)
    part = _DealPart(
        rules, rules.first_dealer, 0, False, 0, (), (), None, None, stacks, pot, (), None
    )
    return _Dealing(_NO_HANDS, (), part, None, 0, EMPTY_LOG)
