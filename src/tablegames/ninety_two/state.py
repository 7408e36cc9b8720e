"""The state of a Ninety-Two match, and how each action changes it.

>>> from tablegames.ninety_two import new_match, Rules, deal_of
>>> state = new_match(Rules())
>>> state = state.apply(deal_of(["AH KH QH JH", "AS KS QS JS", "AD KD QD JD", "AC KC QC JC"]))
>>> state.phase.value, state.to_act, [str(a) for a in state.legal_actions()[:3]]
('bid', 1, ['pass', 'bid 1 C', 'bid 1 D'])
>>> print(state.check(state.legal_actions()[0], seat=2))
It is seat 1's turn, not seat 2's.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping, Sequence
from operator import add
from typing import ClassVar

import attrs

from tablegames.core.actions import PASS, Deal, Pass, Play
from tablegames.core.chance import shuffle
from tablegames.core.fingerprint import trick_table
from tablegames.core.frozen import builder
from tablegames.core.game import GameState
from tablegames.core.history import EMPTY_LOG, History, LogNode, logged
from tablegames.core.seats import Seat, check_seat
from tablegames.core.violations import Violation, ViolationCode
from tablegames.core.wire import ClientView
from tablegames.pieces.cards import CARD_UNIVERSE, CARDS, DECK_52, Card, Suit
from tablegames.pieces.sets import PieceSet, mask_of
from tablegames.tricks.decode import chunk_tables
from tablegames.tricks.follow import legal_plays, play_violation
from tablegames.tricks.since import actions_since
from tablegames.tricks.stock import draw_in_turn
from tablegames.tricks.table import Trick, TrickTable
from tablegames.tricks.tally import TrickTally

from .actions import PLAYS, Action, Bid, Partners
from .bidding import (
    CallTable,
    bid_violation,
    call_table,
    partners_violation,
)
from .hidden import deal_hidden
from .model import MODELS
from .rules import DECK_SIZE, HAND_SIZE, Rules
from .scoring import deal_scores, match_winners
from .wire import view_dict


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


# Enum members are slow to look up as class attributes; the hot paths use these names.
_DEAL, _BID, _PARTNERS, _PLAY, _OVER = (
    Phase.DEAL,
    Phase.BID,
    Phase.PARTNERS,
    Phase.PLAY,
    Phase.OVER,
)


@attrs.frozen
class DealResult:
    """How one deal ended. ``tricks`` and ``score`` are by seat; ``team`` is the bidder and its
    partners. A deal thrown in (everybody passed) has no ``bidder`` and nobody scores.

    >>> r = DealResult(0, 1, Bid(2, Suit.HEARTS), (1, 3), (1, 1, 5, 6), True, (6, 0, 6, 0))
    >>> r.team_tricks, r.opponents, r.thrown_in
    (7, (0, 2), False)
    """

    dealer: Seat
    bidder: Seat | None
    bid: Bid | None
    team: tuple[Seat, ...]
    tricks: tuple[int, ...]
    made: bool | None
    score: tuple[int, ...]

    @property
    def thrown_in(self) -> bool:
        """True when everybody passed and nobody played.

        >>> r = DealResult(0, 1, Bid(2, Suit.HEARTS), (1, 3), (1, 1, 5, 6), True, (6, 0, 6, 0))
        >>> r.thrown_in
        False
        """
        return self.bidder is None

    @property
    def team_tricks(self) -> int:
        """Tricks the bidding team took together.

        >>> r = DealResult(0, 1, Bid(2, Suit.HEARTS), (1, 3), (1, 1, 5, 6), True, (6, 0, 6, 0))
        >>> r.team_tricks
        7
        """
        return sum(self.tricks[s] for s in self.team)

    @property
    def opponents(self) -> tuple[Seat, ...]:
        """The seats not in the bidding team.

        >>> r = DealResult(0, 1, Bid(2, Suit.HEARTS), (1, 3), (1, 1, 5, 6), True, (6, 0, 6, 0))
        >>> r.opponents
        (0, 2)
        """
        return tuple(s for s in range(len(self.tricks)) if s not in self.team)


def _listed(cards: Sequence[Card] | PieceSet[Card] | str) -> list[Card]:
    if isinstance(cards, str):
        return [Card.parse(t) for t in cards.split()]
    return list(cards)


def deal_of(
    hands: Sequence[Sequence[Card] | PieceSet[Card] | str],
    stock: Sequence[Card] | PieceSet[Card] | str = "",
    dealer: Seat = 0,
) -> Deal[Card]:
    """The deal that gives seat ``i`` the cards ``hands[i]`` (4 each; 4, 6 or 8 hands) when
    ``dealer`` deals, with ``stock`` on top of the stock in that order, top first; the cards
    named nowhere follow at the bottom in index order.

    >>> hands = ["2C 3C 4C 5C", "2D 3D 4D 5D", "2H 3H 4H 5H", "2S 3S 4S 5S"]
    >>> deal = deal_of(hands, "AS KS", dealer=3)
    >>> [str(c) for c in deal.order[:5]], [str(c) for c in deal.order[16:18]]
    (['2C', '2D', '2H', '2S', '3C'], ['AS', 'KS'])
    """
    players = len(hands)
    queues = [_listed(h) for h in hands]
    order: list[Card] = []
    for i in range(HAND_SIZE * players):
        order.append(queues[(dealer + 1 + i) % players].pop(0))
    order.extend(_listed(stock))
    used = mask_of(CARD_UNIVERSE, order)
    order.extend(c for c in CARDS if not used >> c.index & 1)
    return Deal(tuple(order))


class _DealPartSlots:
    """The slots of :class:`_DealPart`'s fields (built by plain stores: see
    :mod:`tablegames.core.frozen`)."""

    __slots__ = (
        "__weakref__",
        "before_deal",
        "bid_options",
        "bidder",
        "calls",
        "dealer",
        "high",
        "partners",
        "results",
        "rules",
        "scores",
    )


@attrs.frozen(repr=False)
class _DealPart(_DealPartSlots):
    """What stays put through a deal's play: the rules, the calls, the contract, the results and
    scores so far, and where the deal sits in the history (for :meth:`NinetyTwoState.sample`)."""

    rules: Rules
    dealer: Seat
    calls: tuple[Bid | Pass, ...]
    high: Bid | None
    bidder: Seat | None
    partners: tuple[Seat, ...]
    results: tuple[DealResult, ...]
    scores: tuple[int, ...]
    before_deal: History[Action] | None = attrs.field(eq=False)
    """The history just before this deal (None until the cards are dealt)."""
    bid_options: CallTable = attrs.field(eq=False)
    """The calling's legal actions (bids by the standing bid, partner sets by bidder), ready-made
    for the rules."""

    def calling(
        self, calls: tuple[Bid | Pass, ...], high: Bid | None, bidder: Seat | None
    ) -> _DealPart:
        """This part after one more call."""
        return _new_part(
            self.rules,
            self.dealer,
            calls,
            high,
            bidder,
            (),
            self.results,
            self.scores,
            self.before_deal,
            self.bid_options,
        )

    def naming(self, partners: tuple[Seat, ...]) -> _DealPart:
        """This part once the high bidder has named ``partners``."""
        return _new_part(
            self.rules,
            self.dealer,
            self.calls,
            self.high,
            self.bidder,
            partners,
            self.results,
            self.scores,
            self.before_deal,
            self.bid_options,
        )


class _StockSlots:
    """The slots of :class:`_Stock`'s fields (built by plain stores)."""

    __slots__ = ("__weakref__", "cards", "dead")


@attrs.frozen(repr=False)
class _Stock(_StockSlots):
    """What changes once a trick at most, apart from the tally: the stock (card indices, top
    first) and the mask of dead cards."""

    cards: tuple[int, ...]
    dead: int


_NO_STOCK = _Stock((), 0)
"""No stock and no dead cards: before the deal, and once the stock has gone."""


class _StateSlots:
    """The slots of :class:`NinetyTwoState`'s fields: states are built as one of these, filled
    by plain stores, then made states (see :mod:`tablegames.core.frozen`)."""

    __slots__ = ("__weakref__", "_deal", "_legal", "_log", "_pieces", "_stock", "_trick", "hands")


@attrs.frozen(repr=False)
class NinetyTwoState(GameState[Action], _StateSlots):
    """A moment of a Ninety-Two match (see the module doc). Hands are card masks by seat;
    ``stock`` lists card indices, top first; ``dead`` is the mask of cards out of play.

    >>> state = new_match(Rules(players=8))
    >>> state.phase.value, state.is_chance, state.to_act, len(state.scores)
    ('deal', True, None, 8)
    """

    game_name = "ninety-two"
    fingerprint_fields = (
        "phase",
        "dealer",
        "hands",
        "stock",
        "dead",
        "calls",
        "high",
        "bidder",
        "partners",
        trick_table,
        "scores",
    )

    # What changes with every decision lives here; what changes once a deal is in ``_deal``
    # (scores too) and what changes once a trick is in ``_trick`` (a TrickTally: the trick's
    # turn order and the deal's finished tricks) and ``_stock``, all shared by reference: each
    # field costs every decision's state a slot to fill. The phase is the state's class: one
    # subclass per phase (see :data:`_IN_PHASE`), so it costs no field.
    phase: ClassVar[Phase]
    """What the table is doing (a class attribute of each phase's class)."""
    is_chance: ClassVar[bool] = False  # True in the dealing phase's class
    """True when the cards must be shuffled and dealt.

    >>> new_match().is_chance
    True
    """
    is_over: ClassVar[bool] = False  # True in the over phase's class
    """True once someone has reached the target after a deal.

    >>> new_match().is_over
    False
    """
    hands: tuple[int, ...]
    _pieces: tuple[int, ...]
    """The cards of the trick in progress, by index."""
    _deal: _DealPart
    _trick: TrickTally | None
    _stock: _Stock
    _legal: int = attrs.field(eq=False)
    """In play, the mask of the cards the seat to play may play (0 otherwise)."""
    _log: LogNode = attrs.field(eq=False)
    """The history, as a bare log node (see :mod:`tablegames.core.history`)."""
    log_fields = ("_log",)

    @property
    def history(self) -> History[Action]:
        return History.of_log(self._log)

    @property
    def rules(self) -> Rules:
        return self._deal.rules

    @property
    def stock(self) -> tuple[int, ...]:
        """The stock's card indices, top first."""
        return self._stock.cards

    @property
    def dead(self) -> int:
        """The mask of the cards out of play (leftovers nobody could draw, by the rules)."""
        return self._stock.dead

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's points so far."""
        return self._deal.scores

    @property
    def dealer(self) -> Seat:
        """The seat that dealt (or deals next)."""
        return self._deal.dealer

    @property
    def calls(self) -> tuple[Bid | Pass, ...]:
        """This deal's calls in order from the dealer's left."""
        return self._deal.calls

    @property
    def high(self) -> Bid | None:
        """The standing (then winning) bid."""
        return self._deal.high

    @property
    def bidder(self) -> Seat | None:
        """The high bidder, once there is one."""
        return self._deal.bidder

    @property
    def partners(self) -> tuple[Seat, ...]:
        """The partners the high bidder named (empty before)."""
        return self._deal.partners

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
        return (
            f"NinetyTwoState(rules={self.rules!r}, phase={self.phase!r}, "
            f"dealer={self.dealer!r}, hands={self.hands!r}, stock={self.stock!r}, "
            f"dead={self.dead!r}, calls={self.calls!r}, high={self.high!r}, "
            f"bidder={self.bidder!r}, partners={self.partners!r}, table={self.table!r}, "
            f"scores={self.scores!r}, results={self.results!r})"
        )

    # -- whose turn -------------------------------------------------------------------------
    @property
    def to_act(self) -> Seat | None:
        """The seat to call, name partners or play; None at a deal or when the match is over.

        >>> s = new_match(Rules(first_dealer=2))
        >>> s.to_act, s.apply(deal_of(_HANDS4, dealer=2)).to_act
        (None, 3)
        """
        phase = self.phase
        if phase is _PLAY:
            return self._trick.turns[len(self._pieces)]  # type: ignore[union-attr]
        if phase is _BID:
            deal = self._deal
            return (deal.dealer + 1 + len(deal.calls)) % deal.rules.players
        if phase is _PARTNERS:
            return self._deal.bidder
        return None

    def returns(self) -> tuple[float, ...]:
        """Each seat's points.

        >>> new_match().returns()
        (0.0, 0.0, 0.0, 0.0)
        """
        return tuple(float(points) for points in self.scores)

    @property
    def winners(self) -> tuple[Seat, ...]:
        """The seats with the highest total once the match is over (joint winners on a tie).

        >>> import random
        >>> from tablegames.core import play_randomly
        >>> final = play_randomly(new_match(Rules(target=20)), random.Random(1))
        >>> all(final.scores[s] == max(final.scores) >= 20 for s in final.winners)
        True
        """
        if self.phase is not _OVER:
            return ()
        return match_winners(self.scores, self.rules)

    @property
    def trump(self) -> Suit | None:
        """This deal's trump suit, once someone has bid.

        >>> from tablegames.ninety_two import new_match, Rules, deal_of, parse_action
        >>> hands = ["AS KS 3H 5C", "QS 4H 6C 7C", "JS 8C 9C TC", "2D 3D 4D JC"]
        >>> s = new_match(Rules(first_dealer=3)).apply(deal_of(hands, dealer=3))
        >>> s.trump, s.apply(parse_action("bid 3 D")).trump
        (None, <Suit.DIAMONDS: 1>)
        """
        return None if self.high is None else self.high.suit

    @property
    def team(self) -> tuple[Seat, ...]:
        """The bidder and its partners once named (sorted); empty before.

        >>> from tablegames.ninety_two import new_match, Rules, deal_of, parse_action
        >>> hands = ["AS KS 3H 5C", "QS 4H 6C 7C", "JS 8C 9C TC", "2D 3D 4D JC"]
        >>> s = new_match(Rules(first_dealer=3)).apply(deal_of(hands, dealer=3))
        >>> for text in ["pass", "bid 3 D", "pass", "pass", "partners 3"]:
        ...     s = s.apply(parse_action(text))
        >>> s.team
        (1, 3)
        """
        if self.bidder is None or not self.partners:
            return ()
        return tuple(sorted((self.bidder, *self.partners)))

    def hand(self, seat: Seat) -> PieceSet[Card]:
        """The cards ``seat`` holds.

        >>> from tablegames.ninety_two import new_match, Rules, deal_of, parse_action
        >>> hands = ["AS KS 3H 5C", "QS 4H 6C 7C", "JS 8C 9C TC", "2D 3D 4D JC"]
        >>> s = new_match(Rules(first_dealer=3)).apply(deal_of(hands, dealer=3))
        >>> str(s.hand(3))
        'JC 2D 3D 4D'
        """
        return PieceSet(self.hands[seat], CARD_UNIVERSE)

    @property
    def trick_cards(self) -> tuple[Card, ...]:
        """The cards of the trick in progress, in play order.

        >>> from tablegames.ninety_two import new_match, Rules, deal_of, parse_action
        >>> hands = ["AS KS 3H 5C", "QS 4H 6C 7C", "JS 8C 9C TC", "2D 3D 4D JC"]
        >>> s = new_match(Rules(first_dealer=3)).apply(deal_of(hands, dealer=3))
        >>> for text in ["bid 1 H", "pass", "pass", "pass", "partners 2", "play AS"]:
        ...     s = s.apply(parse_action(text))
        >>> [str(c) for c in s.trick_cards]
        ['AS']
        """
        return tuple(CARDS[p] for p in self._pieces)

    @property
    def last_result(self) -> DealResult | None:
        """The most recent finished deal, if any.

        >>> from tablegames.ninety_two import new_match, Rules, deal_of, parse_action
        >>> hands = ["AS KS 3H 5C", "QS 4H 6C 7C", "JS 8C 9C TC", "2D 3D 4D JC"]
        >>> s = new_match(Rules(first_dealer=3)).apply(deal_of(hands, dealer=3))
        >>> s.last_result is None, s.apply(parse_action("pass")).last_result is None
        (True, True)
        >>> for text in ["pass"] * 4:
        ...     s = s.apply(parse_action(text))
        >>> s.last_result.thrown_in, s.dealer
        (True, 0)
        """
        return self.results[-1] if self.results else None

    # -- legal actions ----------------------------------------------------------------------
    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the seat to act: pass then the bids lowest first, the partner
        sets in order, or the playable cards in index order.

        >>> s = new_match().apply(deal_of(_HANDS4))
        >>> [str(a) for a in s.legal_actions()[:2]], len(s.legal_actions())
        (['pass', 'bid 1 C'], 53)
        """
        phase = self.phase
        if phase is _PLAY:
            return self._play_actions()
        if phase is _BID:
            high = self._deal.high
            return self._deal.bid_options.bids[0 if high is None else high.tricks]
        if phase is _PARTNERS:
            deal = self._deal
            return deal.bid_options.partner_sets[deal.bidder]  # type: ignore[index]
        return ()

    def _play_actions(self) -> tuple[Action, ...]:
        """The playable cards in index order (the states in play use this as their
        ``legal_actions``, without asking the phase)."""
        m = self._legal
        lone = _LONE_PLAYS.get(m)  # a third of all plays have one legal card: one look-up
        if lone is not None:
            return lone
        low = _CHUNK0[m & 2047] + _CHUNK1[m >> 11 & 2047]
        return low + _CHUNK2[m >> 22 & 1023] + _CHUNK3[m >> 32 & 1023] + _CHUNK4[m >> 42]

    # -- transitions ------------------------------------------------------------------------
    def _step(self, action: Action) -> NinetyTwoState | Violation:
        phase = self.phase
        if phase is _PLAY:
            return self._play_step(action)
        if phase is _BID:
            if type(action) is Bid:
                return self._bid(action)
            if type(action) is Pass:
                return self._pass()
        elif phase is _PARTNERS:
            if type(action) is Partners:
                return self._name_partners(action)
        elif phase is _DEAL:
            if type(action) is Deal:
                return self._deal_cards(action)
            return Violation(
                ViolationCode.DEAL_EXPECTED, "The cards must be shuffled and dealt first."
            )
        else:
            return Violation(ViolationCode.GAME_OVER, "The match is over: nobody acts any more.")
        return Violation(ViolationCode.WRONG_PHASE, _WRONG_PHASE[phase])

    def _play_step(self, action: Action) -> NinetyTwoState | Violation:
        """A step in play (the states in play use this as their ``_step``, without asking the
        phase)."""
        if action.__class__ is Play:
            card = action.piece
            if card.__class__ is Card and self._legal >> (index := card.index) & 1:
                # The fast path: a legal card is one of the legal mask's.
                pieces = self._pieces
                trick: TrickTally = self._trick  # type: ignore[assignment]
                turns = trick.turns
                played = len(pieces)
                hands = [*self.hands]  # a display, cheaper than calling list
                hands[turns[played]] ^= 1 << index
                pieces = pieces + (index,)  # noqa: RUF005 (cheaper than an unpacking)
                if played + 1 == len(turns):
                    return self._end_trick(hands, pieces, action)
                return _new_playing(
                    tuple(hands),
                    pieces,
                    self._deal,
                    trick,
                    self._stock,
                    legal_plays(hands[turns[played + 1]], pieces, trick.model),
                    (log := self._log, action, log[2] + 1),
                )
            return self._refuse_play(card)
        return Violation(ViolationCode.WRONG_PHASE, _WRONG_PHASE[_PLAY])

    def _with(self, phase: Phase, deal: _DealPart, history: LogNode) -> NinetyTwoState:
        """This state in another phase of the calling, before play."""
        return _BUILD[phase](self.hands, (), deal, None, self._stock, 0, history)

    def _deal_cards(self, deal: Deal[Card]) -> NinetyTwoState | Violation:
        indices = _deck_indices(deal.order)
        if indices is None:
            return Violation(
                ViolationCode.BAD_DEAL, "A deal must order all 52 cards, each exactly once."
            )
        old = self._deal
        players = old.rules.players
        hands = [0] * players
        seats = _DEALING[players][old.dealer]
        for seat, card in zip(seats, indices):
            hands[seat] |= 1 << card
        stock = tuple(indices[len(seats) :])
        before = History.of_log(self._log)
        part = _new_part(
            old.rules,
            old.dealer,
            (),
            None,
            None,
            (),
            old.results,
            old.scores,
            before,
            old.bid_options,
        )
        return _BUILD[_BID](
            tuple(hands),
            (),
            part,
            None,
            _new_stock(stock, self._stock.dead),
            0,
            logged(self._log, deal),
        )

    def _pass(self) -> NinetyTwoState | Violation:
        deal = self._deal
        calls = (*deal.calls, PASS)
        history = logged(self._log, PASS)
        players = deal.rules.players
        if len(calls) < players:
            return self._with(_BID, deal.calling(calls, deal.high, deal.bidder), history)
        if deal.bidder is None:
            result = DealResult(deal.dealer, None, None, (), (0,) * players, None, (0,) * players)
            return self._next_deal(result, deal.scores, history)
        return self._with(_PARTNERS, deal.calling(calls, deal.high, deal.bidder), history)

    def _bid(self, bid: Bid) -> NinetyTwoState | Violation:
        deal = self._deal
        high = deal.high
        # A legal bid is one of the listed ones (the look-up also turns a suit given as a
        # number into the Suit); the rules are asked only to explain a refusal.
        listed = deal.bid_options.bid_lookup[0 if high is None else high.tricks].get(bid)
        if listed is None:
            violation = bid_violation(bid, high, deal.rules)
            if violation is not None:
                return violation
            listed = Bid(bid.tricks, Suit(bid.suit))
        calls = (*deal.calls, listed)
        players = deal.rules.players
        phase = _PARTNERS if len(calls) == players else _BID
        seat = (deal.dealer + len(calls)) % players  # the seat that bid, as to_act said
        return self._with(phase, deal.calling(calls, listed, seat), logged(self._log, listed))

    def _name_partners(self, partners: Partners) -> NinetyTwoState | Violation:
        deal = self._deal
        bidder, high = deal.bidder, deal.high
        assert bidder is not None and high is not None
        listed = deal.bid_options.partner_lookup[bidder].get(partners)
        if listed is None:
            violation = partners_violation(partners, bidder, deal.rules)
            if violation is not None:
                return violation
            listed = partners
        players = deal.rules.players
        trick = _FIRST_TALLIES[players][high.suit][bidder]
        return _new_playing(
            self.hands,
            (),
            deal.naming(listed.seats),
            trick,
            self._stock,
            self.hands[bidder],
            logged(self._log, listed),
        )

    def _refuse_play(self, card: Card) -> NinetyTwoState | Violation:
        if not isinstance(card, Card):
            return Violation(ViolationCode.NOT_IN_DECK, f"{card} is not a playing card.")
        trick = self._trick
        assert trick is not None
        pieces = self._pieces
        seat = trick.turns[len(pieces)]
        violation = play_violation(self.hands[seat], pieces, card.index, trick.model)
        if violation is None:  # a Card subclass: legal, so play it the plain way
            return self._step(PLAYS[card.index])
        return violation

    def _end_trick(
        self, hands: list[int], pieces: tuple[int, ...], action: Action
    ) -> NinetyTwoState:
        """A trick was completed: draw, then see who can play on."""
        trick = self._trick
        assert trick is not None
        log = self._log
        history = (log, action, log[2] + 1)
        trick = trick.after(pieces)
        part = self._stock
        stock = part.cards
        players = self._deal.rules.players
        turns = trick.turns  # the tally has the trick's winner lead the next, clockwise
        if len(stock) >= players:  # everybody draws, so everybody plays on
            # Everybody still holds cards, so the next trick's turns are every seat from the
            # winner round: the order they draw in.
            stock = draw_in_turn(hands, stock, turns)
            return _new_playing(
                tuple(hands),
                (),
                self._deal,
                trick,
                _new_stock(stock, part.dead),
                hands[turns[0]],
                history,
            )
        winner = turns[0]
        if stock:
            dead = part.dead
            if self.rules.leftovers == "dead":
                for c in stock:
                    dead |= 1 << c
            else:
                for i, c in enumerate(stock):
                    hands[(winner + i) % players] |= 1 << c
            part = _new_stock((), dead)
        if 0 in hands:  # someone ran out: the seats still holding cards play on
            holders = tuple(s for s in range(players) if hands[s])
            if not holders:
                return self._settle(trick, history)
            if len(holders) < len(trick.seating.order):
                leader = winner
                while not hands[leader]:
                    leader = (leader + 1) % players
                trick = trick.seated(holders, leader)
        return _new_playing(
            tuple(hands),
            (),
            self._deal,
            trick,
            part,
            hands[trick.leader],
            history,
        )

    def _settle(self, tally: TrickTally, history: LogNode) -> NinetyTwoState:
        """The deal's last trick is over (``tally`` holds them all): score the deal."""
        deal = self._deal  # its fields read once, not through the state's properties
        bidder, high = deal.bidder, deal.high
        assert bidder is not None and high is not None
        team = tuple(sorted((bidder, *deal.partners)))
        won = tally.won
        made, score = deal_scores(high.tricks, team, won, deal.rules)
        result = _new_result(deal.dealer, bidder, high, team, won, made, score)
        return self._next_deal(result, tuple(map(add, deal.scores, score)), history)

    def _next_deal(
        self, result: DealResult, scores: tuple[int, ...], history: LogNode
    ) -> NinetyTwoState:
        deal = self._deal
        rules = deal.rules
        players = rules.players
        part = _new_part(
            rules,
            (deal.dealer + 1) % players,
            (),
            None,
            None,
            (),
            (*deal.results, result),
            scores,
            None,
            deal.bid_options,
        )
        phase = _OVER if match_winners(scores, rules) else _DEAL
        return _BUILD[phase]((0,) * players, (), part, None, _NO_STOCK, 0, history)

    # -- chance, views, sampling, conservation --------------------------------------------
    def chance_outcome(self, rng: random.Random) -> Action:
        """A shuffled deck drawn from ``rng`` (the deal to apply).

        >>> import random
        >>> deal = new_match().chance_outcome(random.Random(0))
        >>> len(deal.order)
        52
        """
        return shuffle(CARDS, rng)

    def zones(self) -> Mapping[str, PieceSet[Card]]:
        """Where every card is: hands, stock, dead, the trick in progress and won piles.

        >>> z = new_match().apply(deal_of(_HANDS4)).zones()
        >>> str(z["hand 3"]), len(z["stock"]), len(z["dead"])
        ('JC 2D 3D 4D', 36, 0)
        """
        if self.phase in (_DEAL, _OVER):
            return {"deck": DECK_52}
        players = self.rules.players
        zones = {f"hand {s}": PieceSet(self.hands[s], CARD_UNIVERSE) for s in range(players)}
        stock = 0
        for c in self.stock:
            stock |= 1 << c
        zones["stock"] = PieceSet(stock, CARD_UNIVERSE)
        zones["dead"] = PieceSet(self.dead, CARD_UNIVERSE)
        table = self.table
        zones["trick"] = PieceSet(0 if table is None else table.in_play, CARD_UNIVERSE)
        for s in range(players):
            zones[f"won {s}"] = PieceSet(0 if table is None else table.taken[s], CARD_UNIVERSE)
        return zones

    def view(self, seat: Seat) -> NinetyTwoView:
        """What ``seat`` may know: its cards, every call and play, how many cards others hold,
        the stock's size and the number of dead cards (their faces stay hidden).

        >>> from tablegames.ninety_two import new_match, Rules, deal_of, parse_action
        >>> hands = ["AS KS 3H 5C", "QS 4H 6C 7C", "JS 8C 9C TC", "2D 3D 4D JC"]
        >>> s = new_match(Rules(first_dealer=3)).apply(deal_of(hands, dealer=3))
        >>> v = s.view(1)
        >>> str(v.hand), v.hand_sizes, v.stock_size
        ('6C 7C 4H QS', (4, 4, 4, 4), 36)
        """
        deal = self._deal
        rules = deal.rules
        players = rules.players
        check_seat(seat, players)
        table = self.table
        phase = self.phase
        to_act = self.to_act
        hands = self.hands
        if table is None:
            trick: tuple[tuple[Seat, Card], ...] = ()
            tricks: PublicTricks = ()
            won = (0,) * players
        else:
            trick = tuple(zip(table.seats_in_trick, map(CARDS.__getitem__, table.pieces)))
            tricks = self._trick.fold(_add_public_trick, ())  # type: ignore[union-attr]
            won = table.won
        return NinetyTwoView(
            seat=seat,
            players=players,
            phase=phase,
            to_act=to_act,
            dealer=deal.dealer,
            hand=PieceSet(0 if phase is _DEAL or phase is _OVER else hands[seat], CARD_UNIVERSE),
            hand_sizes=tuple(map(int.bit_count, hands)),
            stock_size=len(self.stock),
            dead_count=self.dead.bit_count(),
            calls=deal.calls,
            high=deal.high,
            bidder=deal.bidder,
            partners=deal.partners,
            trick=trick,
            tricks=tricks,
            won=won,
            scores=self.scores,
            results=deal.results,
            legal_actions=self.legal_actions() if to_act == seat else (),
            rules=rules,
        )

    def sample(self, seat: Seat, rng: random.Random) -> NinetyTwoState:
        """A state ``seat`` cannot tell from this one, drawn from what the seat knows only,
        exactly as ``self.view(seat).sample(rng)`` draws
        (:func:`~tablegames.ninety_two.hidden.deal_hidden`): who received each position of the
        deck and when, what each seat played, which suits it failed to follow (a seat that did
        not follow held none of that suit *at that trick*; hands are refilled). The cards the
        seat has not seen are dealt anew and this deal's actions replayed on the rebuilt deal.

        >>> import random
        >>> state = new_match()
        >>> state = state.apply(state.chance_outcome(random.Random(0)))
        >>> state.sample(1, random.Random(2)) == state.view(1).sample(random.Random(2))
        True
        >>> state.sample(1, random.Random(2)).hand(1) == state.hand(1)
        True
        """
        check_seat(seat, self.rules.players)
        if self.phase in (_DEAL, _OVER):
            return self
        rules = self.rules
        players = rules.players
        # Only this deal's actions are read: the cost never grows with the match.
        before = self._deal.before_deal
        assert before is not None
        since = actions_since(self.history, len(before) + 1)
        table = self.table
        plays: list[tuple[tuple[Seat, ...], tuple[int, ...]]] = []
        winners: list[Seat] = []
        if table is not None:
            plays = [(t.seats, t.pieces) for t in table.tricks]
            plays.append((table.seats_in_trick, table.pieces))
            winners = [t.winner for t in table.tricks]
        order = deal_hidden(
            players,
            dealer=self.dealer,
            seat=seat,
            own=self.hands[seat],
            plays=plays,
            winners=winners,
            leftovers=rules.leftovers,
            rng=rng,
        )
        part = _DealPart(
            rules,
            self.dealer,
            (),
            None,
            None,
            (),
            self.results,
            self.scores,
            None,
            self._deal.bid_options,
        )
        state = _Dealing((0,) * players, (), part, None, _NO_STOCK, 0, before.log)
        state = state.apply(Deal(tuple(CARDS[c] for c in order)))
        for action in since:
            state = state.apply(action)
        return state


PublicTricks = tuple[tuple[tuple[Seat, ...], tuple[Card, ...], Seat], ...]
"""A view's finished tricks: (seats in play order, cards in play order, winner), oldest first."""


def _add_public_trick(before: PublicTricks, trick: Trick) -> PublicTricks:
    """The finished tricks as a view shows them, with ``trick`` added (folded once per trick:
    see :mod:`tablegames.tricks.fold`)."""
    return (*before, (trick.seats, tuple(map(CARDS.__getitem__, trick.pieces)), trick.winner))


@attrs.frozen
class NinetyTwoView(ClientView):
    """What one seat may know. ``trick`` pairs seats with the cards they played to the trick in
    progress; ``tricks`` lists finished tricks as (seats, cards in play order, winner).

    >>> from tablegames.ninety_two import new_match
    >>> new_match().view(0).stock_size
    0
    """

    seat: Seat
    players: int
    phase: Phase
    to_act: Seat | None
    dealer: Seat
    hand: PieceSet[Card]
    hand_sizes: tuple[int, ...]
    stock_size: int
    dead_count: int
    calls: tuple[Bid | Pass, ...]
    high: Bid | None
    bidder: Seat | None
    partners: tuple[Seat, ...]
    trick: tuple[tuple[Seat, Card], ...]
    tricks: tuple[tuple[tuple[Seat, ...], tuple[Card, ...], Seat], ...]
    won: tuple[int, ...]
    scores: tuple[int, ...]
    results: tuple[DealResult, ...]
    legal_actions: tuple[Action, ...]
    rules: Rules = attrs.field(kw_only=True, repr=False)
    """The rules of the match (public)."""

    wire = staticmethod(view_dict)

    def sample(self, rng: random.Random) -> NinetyTwoState:
        """A full state consistent with this view, built from the view alone: the start of
        this deal, a deck order drawn as ``state.sample(seat, rng)`` draws it, and this
        deal's actions replayed (see :mod:`tablegames.ninety_two.view_sampling`).

        >>> import random
        >>> state = new_match()
        >>> view = state.apply(state.chance_outcome(random.Random(0))).view(1)
        >>> view.sample(random.Random(1)).view(1) == view
        True
        """
        from .view_sampling import sample_view  # noqa: PLC0415 (it builds on this module)

        return sample_view(self, rng)


# A state's phase is its class: one subclass per phase, whose ``phase``, ``is_chance`` and
# ``is_over`` are class attributes, read quicker than a property (the benchmark loop and the
# transitions ask for them at every decision). The subclasses add nothing else.


class _Dealing(NinetyTwoState):
    __slots__ = ()
    phase = _DEAL
    is_chance = True


class _Bidding(NinetyTwoState):
    __slots__ = ()
    phase = _BID


class _NamingPartners(NinetyTwoState):
    __slots__ = ()
    phase = _PARTNERS


class _Playing(NinetyTwoState):
    __slots__ = ()
    phase = _PLAY
    # Most decisions are plays: their states go straight to the play's own methods.
    legal_actions = NinetyTwoState._play_actions
    _step = NinetyTwoState._play_step


class _Over(NinetyTwoState):
    __slots__ = ()
    phase = _OVER
    is_over = True


_IN_PHASE: dict[Phase, type[NinetyTwoState]] = {
    cls.phase: cls for cls in (_Dealing, _Bidding, _NamingPartners, _Playing, _Over)
}
"""The class of the states in each phase."""
_BUILD = {
    _Dealing.phase: builder(_Dealing),
    _Bidding.phase: builder(_Bidding),
    _NamingPartners.phase: builder(_NamingPartners),
    _Playing.phase: builder(_Playing),
    _Over.phase: builder(_Over),
}
"""By phase: a state from its fields, in the constructor's order, filled straight into its
slots (:mod:`tablegames.core.frozen`): every transition builds one, so it is on the hot path."""
_new_playing = _BUILD[_PLAY]
_new_part = builder(_DealPart)
"""A deal part from its fields, in the constructor's order (every call builds one)."""
_new_stock = builder(_Stock)
"""A stock part from its fields, in the constructor's order (most tricks build one)."""
_new_result = builder(DealResult)
"""A deal's result from its fields, in the constructor's order (every deal builds one)."""

_ORDERS = {n: tuple(range(n)) for n in (4, 6, 8)}
"""By number of players: every seat, clockwise."""
_FIRST_TALLIES = {
    n: tuple(
        tuple(TrickTally.begin(order, bidder, n, model) for bidder in order) for model in MODELS
    )
    for n, order in _ORDERS.items()
}
"""By number of players, trump suit and high bidder: the tally of a deal's play before the
bidder's first lead. Tallies are immutable (the totals a tally caches are the same for every
state sharing it), so each is made once, here, rather than at every deal."""
_DEALING = {
    n: tuple(tuple((dealer + 1 + i) % n for i in range(HAND_SIZE * n)) for dealer in range(n))
    for n in _ORDERS
}
"""By number of players, then dealer: the seat each dealt card goes to, one at a time from the
dealer's left."""
_HANDS4 = ["AS KS 3H 5C", "QS 4H 6C 7C", "JS 8C 9C TC", "2D 3D 4D JC"]  # for the examples
_ONLY_CARDS = {Card}
_EVERY_INDEX = set(range(DECK_SIZE))


def _deck_indices(order: tuple[Card, ...]) -> list[int] | None:
    """The card indices of a deal's ``order``, or None unless it orders all 52 cards once each.

    >>> len(_deck_indices(CARDS)), _deck_indices(CARDS[1:] + CARDS[:1])[-1]
    (52, 0)
    >>> _deck_indices(CARDS[:51] + CARDS[:1]) is None, _deck_indices(CARDS[:51]) is None
    (True, True)
    """
    if len(order) != DECK_SIZE:
        return None
    # Checked as a whole (types, then the set of indices) rather than card by card.
    if set(map(type, order)) != _ONLY_CARDS and not all(isinstance(c, Card) for c in order):
        return None
    indices = [c.index for c in order]
    return indices if set(indices) == _EVERY_INDEX else None


_WRONG_PHASE = {
    Phase.BID: "It is time to bid or pass (bid 4 H, pass).",
    Phase.PARTNERS: "The high bidder must name partners first (partners 2, or partners 2 5).",
    Phase.PLAY: "It is time to play a card.",
}

_CHUNK0, _CHUNK1, _CHUNK2, _CHUNK3, _CHUNK4 = chunk_tables(PLAYS, (11, 11, 10, 10, 10))
"""Play actions by chunk of a legal mask."""
_LONE_PLAYS = {1 << index: (play,) for index, play in enumerate(PLAYS)}
"""By the mask of a single card, the legal actions when that card is the only legal play."""


def new_match(rules: Rules | None = None) -> NinetyTwoState:
    """The first state of a match: the first dealer is about to shuffle.

    >>> new_match().phase, new_match(Rules(players=6)).scores
    (<Phase.DEAL: 'deal'>, (0, 0, 0, 0, 0, 0))
    """
    rules = rules or Rules()
    players = rules.players
    part = _DealPart(
        rules, rules.first_dealer, (), None, None, (), (), (0,) * players, None, call_table(rules)
    )
    return _Dealing((0,) * players, (), part, None, _NO_STOCK, 0, EMPTY_LOG)
