"""The state of a Texas 42 match, and how each action changes it.

>>> import random
>>> from tablegames.texas42 import new_match, Rules, deal_of
>>> state = new_match(Rules())
>>> state = state.apply(deal_of(["6:6 6:5 6:4 6:3 6:2 6:1 6:0", "5:5 5:4 5:3 5:2 5:1 5:0 4:4",
...                               "4:3 4:2 4:1 4:0 3:3 3:2 3:1", "3:0 2:2 2:1 2:0 1:1 1:0 0:0"]))
>>> state.phase.value, state.to_act, [str(a) for a in state.legal_actions()[:3]]
('bid', 1, ['pass', 'bid 30', 'bid 31'])
>>> print(state.check(state.legal_actions()[0], seat=2))
It is seat 1's turn, not seat 2's.
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
from tablegames.core.fingerprint import trick_table
from tablegames.core.frozen import builder
from tablegames.core.game import GameState
from tablegames.core.history import EMPTY_LOG, History, LogNode, logged
from tablegames.core.seats import Seat, check_seat
from tablegames.core.violations import Violation, ViolationCode
from tablegames.core.wire import ClientView
from tablegames.pieces.dominoes import DOMINO_UNIVERSE, DOMINOES, DOUBLE_SIX, Domino
from tablegames.pieces.sets import PieceSet, mask_of
from tablegames.tricks.decode import chunk_tables
from tablegames.tricks.fold import fold_finished
from tablegames.tricks.follow import legal_plays, play_violation
from tablegames.tricks.model import TrickModel
from tablegames.tricks.since import actions_since
from tablegames.tricks.table import Trick, TrickTable
from tablegames.tricks.tally import TrickTally

from .actions import (
    BIDS,
    PLAYS,
    PLUNGE,
    SPLASH,
    TRUMPS,
    Action,
    Bid,
    SpecialBid,
    Trump,
    trump_options,
)
from .bidding import bid_violation, bids_over, legal_bids
from .contracts import (
    LAST_TRUMP,
    PLUNGE_DOUBLES,
    PLUNGE_MARKS,
    SEVENS,
    SPLASH_DOUBLES,
    doubles_held,
    is_nello,
    sevens_plays,
    sevens_violation,
    special_worth,
)
from .hidden import deal_hidden, seen_voids
from .model import COUNT, DOUBLES, MODELS, NO_TRUMP, SUIT_NAMES, model_for
from .position import specials
from .rules import Rules
from .scoring import decided, marks_for, match_winner, settle
from .wire import view_dict

SEATS = 4
HAND = 7
ORDER = (0, 1, 2, 3)
SIDES = ((0, 2), (1, 3))


class Phase(enum.Enum):
    """What the table is doing.

    >>> Phase("bid")
    <Phase.BID: 'bid'>
    """

    DEAL = "deal"
    BID = "bid"
    TRUMP = "trump"
    PLAY = "play"
    OVER = "over"


def side_of(seat: Seat) -> int:
    """0 for seats 0 and 2, 1 for seats 1 and 3.

    >>> side_of(2), side_of(3)
    (0, 1)
    """
    return seat % 2


# Enum members are slow to look up as class attributes; the hot paths use these names.
_DEAL, _BID, _TRUMP, _PLAY, _OVER = Phase.DEAL, Phase.BID, Phase.TRUMP, Phase.PLAY, Phase.OVER


@attrs.frozen
class HandResult:
    """How one hand ended. ``points`` and ``tricks`` are by side (0: seats 0 and 2; 1: 1 and 3);
    ``score`` is what each side recorded (points, or marks under marks scoring).
    A hand thrown in (everybody passed) has no ``bidder``.

    >>> HandResult(0, None, 0, None, (0, 0), (0, 0), None, (0, 0)).thrown_in
    True
    """

    dealer: Seat
    bidder: Seat | None
    bid: int
    trump: int | None
    points: tuple[int, int]
    tricks: tuple[int, int]
    made: bool | None
    score: tuple[int, int]
    played: tuple[Trick, ...] = ()
    """The tricks played, in order (fewer than 7 when marks scoring stopped the hand early)."""
    contract: str = attrs.field(default="bid", repr=False)
    """``bid`` for a bid of points or marks, ``plunge`` or ``splash`` for those special bids
    (nello and sevens show in ``trump``)."""

    @property
    def thrown_in(self) -> bool:
        """True when all four passed and nobody played."""
        return self.bidder is None


def deal_of(
    hands: Sequence[Sequence[Domino] | PieceSet[Domino] | str], dealer: Seat = 0
) -> Deal[Domino]:
    """The deal that gives seat ``i`` the tiles ``hands[i]`` (7 each), for a given dealer.

    Tiles are dealt one at a time from the dealer's left, so this orders them to match.

    >>> deal = deal_of(["6:6 6:5 6:4 6:3 6:2 6:1 6:0", "5:5 5:4 5:3 5:2 5:1 5:0 4:4",
    ...                 "4:3 4:2 4:1 4:0 3:3 3:2 3:1", "3:0 2:2 2:1 2:0 1:1 1:0 0:0"])
    >>> str(new_match().apply(deal).hand(0))
    '6:0 6:1 6:2 6:3 6:4 6:5 6:6'
    """
    masks = [mask_of(DOMINO_UNIVERSE, h) for h in hands]
    queues = [[DOMINOES[i] for i in range(28) if m >> i & 1] for m in masks]
    order: list[Domino] = []
    for i in range(28):
        seat = (dealer + 1 + i) % SEATS
        order.append(queues[seat].pop(0) if queues[seat] else DOMINOES[0])
    return Deal(tuple(order))


class _HandSlots:
    """The slots of :class:`_Hand`'s fields (built by plain stores: see
    :mod:`tablegames.core.frozen`)."""

    __slots__ = (
        "__weakref__",
        "before_deal",
        "bidder",
        "calls",
        "dealer",
        "extra",
        "high_bid",
        "plays",
        "results",
        "rules",
        "scores",
        "trump",
    )


@attrs.frozen(repr=False)
class _Hand(_HandSlots):
    """What stays put through a hand's play: the rules, the calls, the contract, the results and
    scores so far, and where the hand's deal sits in the history (for
    :meth:`Texas42State.sample`)."""

    rules: Rules
    dealer: Seat
    calls: tuple[int, ...]
    high_bid: int
    bidder: Seat | None
    trump: int | None
    results: tuple[HandResult, ...]
    scores: tuple[int, int]
    """Each side's match score before this hand (points, or marks)."""
    before_deal: History[Action] | None = attrs.field(eq=False)
    """The history just before this hand's deal (None until the deal)."""
    extra: _Contract | None = None
    """What only the special contracts need (None in plain 42: one field keeps the plain
    hand as cheap to build as it was)."""
    plays: Callable[[int, tuple[int, ...], TrickModel], int] = attrs.field(
        default=legal_plays, eq=False
    )
    """The contract's legal-play rule: the trick core's follow rule, or sevens'."""

    @property
    def contract(self) -> str:
        """What the standing high bid is: ``bid``, ``plunge`` or ``splash``."""
        extra = self.extra
        return "bid" if extra is None else extra.contract

    @property
    def specials(self) -> tuple[tuple[int, str], ...]:
        """The plunge and splash calls of this hand: (position among the calls, contract)."""
        extra = self.extra
        return () if extra is None else extra.specials

    @property
    def aside(self) -> int:
        """In nello, the tiles the bidder's partner laid aside."""
        extra = self.extra
        return 0 if extra is None else extra.aside


_new_hand = builder(_Hand)
"""Builds a ``_Hand`` from all its fields, quicker than its ``__init__`` (a hot path)."""


@attrs.frozen(slots=False)
class _Contract:
    """The special contracts' part of a hand (see :class:`_Hand`)."""

    contract: str = "bid"
    specials: tuple[tuple[int, str], ...] = ()
    aside: int = 0


class _StateSlots:
    """The slots of :class:`Texas42State`'s fields: states are built as one of these, filled by
    plain stores, then made states (see :mod:`tablegames.core.frozen`)."""

    __slots__ = ("__weakref__", "_hand", "_legal", "_log", "_pieces", "_trick", "hands")


@attrs.frozen(repr=False)
class Texas42State(GameState[Action], _StateSlots):
    """A moment of a Texas 42 match (see the module doc). Hands are tile masks by seat.

    >>> state = new_match()
    >>> state = state.apply(state.chance_outcome(random.Random(0)))
    >>> state.phase.value, state.to_act, len(state.hand(0))
    ('bid', 1, 7)
    """

    game_name = "texas42"
    fingerprint_fields = (
        "phase",
        "dealer",
        "hands",
        "calls",
        "high_bid",
        "bidder",
        "trump",
        trick_table,
        "scores",
        "contract",
        "aside",
        specials,
    )

    # What changes with every decision lives here; what changes once a hand is in ``_hand`` and
    # what changes once a trick is in ``_trick``, both shared by reference. The phase is the
    # state's class: one subclass per phase (see :data:`_IN_PHASE`).
    phase: ClassVar[Phase]
    is_chance: ClassVar[bool] = False  # True in the dealing phase's class
    is_over: ClassVar[bool] = False  # True in the over phase's class
    hands: tuple[int, ...]
    _pieces: tuple[int, ...]
    """The tiles of the trick in progress, by index."""
    _hand: _Hand
    _trick: TrickTally | None
    _legal: int = attrs.field(eq=False)
    """In play, the mask of the tiles the seat to play may play (0 otherwise)."""
    _log: LogNode = attrs.field(eq=False)
    """The history, as a bare log node (see :mod:`tablegames.core.history`)."""
    log_fields = ("_log",)

    @property
    def history(self) -> History[Action]:
        return History.of_log(self._log)

    # -- the hand's fixed part --------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self._hand.rules

    @property
    def dealer(self) -> Seat:
        """The seat that dealt this hand (or deals next)."""
        return self._hand.dealer

    @property
    def calls(self) -> tuple[int, ...]:
        """This hand's calls in order from the dealer's left: 0 for a pass, else the bid."""
        return self._hand.calls

    @property
    def high_bid(self) -> int:
        """The standing bid (0 before anyone bids)."""
        return self._hand.high_bid

    @property
    def bidder(self) -> Seat | None:
        """The high bidder, once there is one."""
        return self._hand.bidder

    @property
    def trump(self) -> int | None:
        """The trump named: 0..6, ``DOUBLES`` or ``NO_TRUMP``; None before it is named."""
        return self._hand.trump

    @property
    def results(self) -> tuple[HandResult, ...]:
        """Every finished hand, in order."""
        return self._hand.results

    @property
    def scores(self) -> tuple[int, int]:
        """Each side's match score (0: seats 0 and 2; 1: seats 1 and 3), from finished hands."""
        return self._hand.scores

    @property
    def contract(self) -> str:
        """What the standing high bid is: ``bid``, or the special bids ``plunge`` and ``splash``
        (nello and sevens are named as the trump).

        >>> new_match().contract
        'bid'
        """
        return self._hand.contract

    @property
    def _special_contract(self) -> _Contract | None:
        """The special contracts' part of the hand (for :meth:`fingerprint`)."""
        return self._hand.extra

    @property
    def aside_seat(self) -> Seat | None:
        """In nello, the bidder's partner, whose tiles are laid aside; None otherwise.

        >>> new_match().aside_seat is None
        True
        """
        if not self._hand.aside:
            return None
        return (self._hand.bidder + 2) % SEATS  # type: ignore[operator]

    @property
    def aside(self) -> PieceSet[Domino]:
        """In nello, the tiles the bidder's partner laid aside (empty otherwise).

        >>> len(new_match().aside)
        0
        """
        return PieceSet(self._hand.aside, DOMINO_UNIVERSE)

    @property
    def table(self) -> TrickTable | None:
        """The play of this hand, trick by trick (None outside play)."""
        trick = self._trick
        return None if trick is None else trick.table_with(self._pieces)

    # -- whose turn -------------------------------------------------------------------------
    @property
    def to_act(self) -> Seat | None:
        phase = self.phase
        if phase is _PLAY:
            return self._trick.turns[len(self._pieces)]  # type: ignore[union-attr]
        if phase is _BID:
            return (self._hand.dealer + 1 + len(self._hand.calls)) % SEATS
        if phase is _TRUMP:
            hand = self._hand
            if hand.extra is not None and hand.extra.contract != "bid":
                return (hand.bidder + 2) % SEATS  # type: ignore[operator]
            return hand.bidder
        return None

    def returns(self) -> tuple[float, ...]:
        """Each seat's side's match score: points, or marks under ``scoring="marks"``.

        >>> new_match().returns()
        (0.0, 0.0, 0.0, 0.0)
        """
        sides = self.scores
        return tuple(float(sides[seat % 2]) for seat in range(SEATS))

    @property
    def winners(self) -> tuple[Seat, ...]:
        if self.phase is not _OVER:
            return ()
        side = match_winner(self.scores, self.rules)
        return SIDES[side] if side is not None else ()

    def hand(self, seat: Seat) -> PieceSet[Domino]:
        """The tiles ``seat`` holds."""
        return PieceSet(self.hands[seat], DOMINO_UNIVERSE)

    @property
    def hand_points(self) -> tuple[int, int]:
        """Points each side has taken so far this hand (tricks plus count)."""
        trick = self._trick
        if trick is None:
            return (0, 0)
        return _side_tally(trick)[0]

    @property
    def trick_tiles(self) -> tuple[Domino, ...]:
        """The tiles of the trick in progress, in play order."""
        return tuple(DOMINOES[p] for p in self._pieces)

    @property
    def last_result(self) -> HandResult | None:
        """The most recent finished hand, if any."""
        results = self._hand.results
        return results[-1] if results else None

    def __repr__(self) -> str:
        fixed = self._hand
        contracts = ""
        if fixed.extra is not None:  # only the special contracts show these
            contracts = (
                f", contract={fixed.contract!r}, specials={fixed.specials!r}, aside={fixed.aside!r}"
            )
        return (
            f"Texas42State(rules={self.rules!r}, phase={self.phase!r}, dealer={self.dealer!r}, "
            f"hands={self.hands!r}, calls={self.calls!r}, high_bid={self.high_bid!r}, "
            f"bidder={self.bidder!r}, trump={self.trump!r}, table={self.table!r}, "
            f"scores={self.scores!r}, results={self.results!r}{contracts})"
        )

    # -- legal actions ----------------------------------------------------------------------
    def legal_actions(self) -> tuple[Action, ...]:
        phase = self.phase
        if phase is _PLAY:
            mask = self._legal
            return _LOW[mask & 1023] + _MIDDLE[mask >> 10 & 1023] + _HIGH[mask >> 20]
        if phase is _BID:
            hand = self._hand
            rules = hand.rules
            actions = _bid_actions(hand.high_bid, rules.bid_ladder, self._must_bid())
            if rules.plunge or rules.splash:
                doubles = doubles_held(self.hands[self.to_act])  # type: ignore[index]
                if rules.plunge and doubles >= PLUNGE_DOUBLES:
                    actions += (PLUNGE,)
                if rules.splash and doubles >= SPLASH_DOUBLES:
                    actions += (SPLASH,)
            return actions
        if phase is _TRUMP:
            hand = self._hand
            special = hand.extra is not None and hand.extra.contract != "bid"
            return trump_options(hand.rules, hand.high_bid, special)
        return ()

    def _must_bid(self) -> bool:
        hand = self._hand
        return hand.rules.forced_bid and len(hand.calls) == SEATS - 1 and hand.high_bid == 0

    # -- transitions ------------------------------------------------------------------------
    def _step(self, action: Action) -> Texas42State | Violation:
        phase = self.phase
        if phase is _PLAY:
            if action.__class__ is Play:
                tile = action.piece
                if tile.__class__ is Domino and self._legal >> tile.index & 1:
                    # The fast path: a legal tile is one of the legal mask's.
                    pieces = self._pieces
                    trick = self._trick
                    played = len(pieces)
                    hands = list(self.hands)
                    hands[trick.turns[played]] ^= 1 << tile.index  # type: ignore[union-attr]
                    pieces = (*pieces, tile.index)
                    turns = trick.turns  # type: ignore[union-attr]
                    if played < len(turns) - 1:  # three seats play in nello
                        fixed = self._hand
                        return _new_playing(
                            tuple(hands),
                            pieces,
                            fixed,
                            trick,
                            fixed.plays(hands[turns[played + 1]], pieces, trick.model),  # type: ignore[union-attr]
                            (self._log, action, self._log[2] + 1),
                        )
                    return self._end_trick(tuple(hands), pieces, action)
                return self._refuse_play(tile)
        elif phase is _BID:
            if type(action) is Bid:
                return self._bid(action)
            if type(action) is Pass:
                return self._pass()
            if type(action) is SpecialBid:
                return self._special_bid(action.contract)
        elif phase is _TRUMP:
            if type(action) is Trump:
                return self._name_trump(action.suit)
        elif phase is _DEAL:
            if type(action) is Deal:
                return self._deal(action)
            return Violation(
                ViolationCode.DEAL_EXPECTED, "The tiles must be shuffled and dealt first."
            )
        else:
            return Violation(ViolationCode.GAME_OVER, "The match is over: nobody acts any more.")
        return Violation(ViolationCode.WRONG_PHASE, _WRONG_PHASE[phase])

    def _bidding(
        self,
        calls: tuple[int, ...],
        high_bid: int,
        bidder: Seat | None,
        contract: str | None = None,
    ) -> _Hand:
        hand = self._hand
        if hand.extra is None and contract is None:
            return _new_hand(
                hand.rules,
                hand.dealer,
                calls,
                high_bid,
                bidder,
                None,
                hand.results,
                hand.scores,
                hand.before_deal,
                None,
                legal_plays,
            )
        specials = hand.specials
        if contract is not None:
            specials = (*specials, (len(calls) - 1, contract))
        elif bidder == hand.bidder:  # a pass: the standing bid stays what it was
            contract = hand.contract
        return _new_hand(
            hand.rules,
            hand.dealer,
            calls,
            high_bid,
            bidder,
            None,
            hand.results,
            hand.scores,
            hand.before_deal,
            _Contract(contract or "bid", specials),
            legal_plays,
        )

    def _deal(self, deal: Deal[Domino]) -> Texas42State | Violation:
        hands = [0] * SEATS
        seen = 0
        dealer = self.dealer
        for i, tile in enumerate(deal.order):
            if tile.__class__ is not Domino:
                seen = -1
                break
            bit = 1 << tile.index
            seen |= bit
            hands[(dealer + 1 + i) % SEATS] |= bit
        if len(deal.order) != 28 or seen != DOUBLE_SIX.mask:
            return Violation(
                ViolationCode.BAD_DEAL, "A deal must order all 28 tiles, each exactly once."
            )
        hand = self._hand
        before = History.of_log(self._log)
        fixed = _new_hand(
            hand.rules,
            dealer,
            (),
            0,
            None,
            None,
            hand.results,
            hand.scores,
            before,
            None,
            legal_plays,
        )
        return _BUILD[_BID](tuple(hands), (), fixed, None, 0, logged(self._log, deal))

    def _pass(self) -> Texas42State | Violation:
        if self._must_bid():
            return Violation(
                ViolationCode.MUST_BID,
                "The dealer must bid when the other three have passed (forced bid): "
                "bid 30 or more.",
            )
        hand = self._hand
        calls = (*hand.calls, 0)
        history = logged(self._log, PASS)
        if len(calls) == SEATS and hand.bidder is None:
            result = HandResult(hand.dealer, None, 0, None, (0, 0), (0, 0), None, (0, 0))
            return self._next_hand(result, self.scores, history)
        phase = _TRUMP if len(calls) == SEATS else _BID
        fixed = self._bidding(calls, hand.high_bid, hand.bidder)
        return _BUILD[phase](self.hands, (), fixed, None, 0, history)

    def _bid(self, action: Bid) -> Texas42State | Violation:
        amount = action.amount
        hand = self._hand
        if amount not in bids_over(hand.high_bid, hand.rules):
            violation = bid_violation(amount, hand.high_bid, hand.rules)
            assert violation is not None
            return violation
        calls = (*hand.calls, amount)
        phase = _TRUMP if len(calls) == SEATS else _BID
        fixed = self._bidding(calls, amount, self.to_act)
        history = logged(self._log, action)
        return _BUILD[phase](self.hands, (), fixed, None, 0, history)

    def _special_bid(self, contract: str) -> Texas42State | Violation:
        hand = self._hand
        rules = hand.rules
        plunge = contract == "plunge"
        if not (rules.plunge if plunge else rules.splash):
            return Violation(
                ViolationCode.BID_NOT_ON_LADDER,
                f"{contract.capitalize()} is not played at this table (option {contract}).",
            )
        needed = PLUNGE_DOUBLES if plunge else SPLASH_DOUBLES
        held = doubles_held(self.hands[self.to_act])  # type: ignore[index]
        if held < needed:
            return Violation(
                ViolationCode.BID_NOT_ON_LADDER,
                f"Only a player holding at least {needed} doubles may bid {contract}; "
                f"you hold {held}.",
            )
        worth = special_worth(PLUNGE_MARKS if plunge else rules.splash_marks, hand.high_bid)
        calls = (*hand.calls, worth)
        phase = _TRUMP if len(calls) == SEATS else _BID
        fixed = self._bidding(calls, worth, self.to_act, contract)
        history = logged(self._log, PLUNGE if plunge else SPLASH)
        return _BUILD[phase](self.hands, (), fixed, None, 0, history)

    def _name_trump(self, suit: int) -> Texas42State | Violation:
        hand = self._hand
        rules = hand.rules
        extra = hand.extra
        special = extra is not None and extra.contract != "bid"
        if suit not in range(LAST_TRUMP + 1) or TRUMPS[suit] not in trump_options(
            rules, hand.high_bid, special
        ):
            return _bad_trump(suit, rules, hand.high_bid, special)
        bidder = hand.bidder
        assert bidder is not None
        if suit <= NO_TRUMP and extra is None and rules.follow == "either_end":
            # The plain game, as it always was.
            fixed = _new_hand(
                rules,
                hand.dealer,
                hand.calls,
                hand.high_bid,
                bidder,
                suit,
                hand.results,
                hand.scores,
                hand.before_deal,
                None,
                legal_plays,
            )
            trick = TrickTally.begin(ORDER, bidder, SEATS, MODELS[suit])
            history = logged(self._log, TRUMPS[suit])
            legal = self.hands[bidder]
            return _new_playing(self.hands, (), fixed, trick, legal, history)
        hands = list(self.hands)
        order: tuple[int, ...] = ORDER
        aside = 0
        leader = (bidder + 2) % SEATS if special else bidder  # the plunger's partner leads
        if is_nello(suit):
            partner = (bidder + 2) % SEATS
            aside, hands[partner] = hands[partner], 0
            order = tuple(s for s in ORDER if s != partner)
        plays = sevens_plays if suit == SEVENS else legal_plays
        fixed = _new_hand(
            rules,
            hand.dealer,
            hand.calls,
            hand.high_bid,
            bidder,
            suit,
            hand.results,
            hand.scores,
            hand.before_deal,
            _Contract(hand.contract, hand.specials, aside),
            plays,
        )
        model = model_for(suit, rules.follow)
        trick = TrickTally.begin(order, leader, SEATS, model)
        history = logged(self._log, TRUMPS[suit])
        legal = plays(hands[leader], (), model)
        return _new_playing(tuple(hands), (), fixed, trick, legal, history)

    def _refuse_play(self, tile: Domino) -> Violation:
        if not isinstance(tile, Domino):
            return Violation(ViolationCode.NOT_IN_DECK, f"{tile} is not a domino.")
        trick = self._trick
        assert trick is not None
        pieces = self._pieces
        seat = trick.turns[len(pieces)]
        violation = play_violation(self.hands[seat], pieces, tile.index, trick.model)
        if violation is None and self._hand.trump == SEVENS:
            violation = sevens_violation(self.hands[seat], tile.index)
        if violation is None:  # a Domino subclass: legal, so play it the slow way
            return self._step(PLAYS[tile.index])  # type: ignore[return-value]
        return violation

    def _end_trick(
        self, hands: tuple[int, ...], pieces: tuple[int, ...], action: Action
    ) -> Texas42State:
        trick = self._trick
        assert trick is not None
        log = self._log
        history = (log, action, log[2] + 1)
        trick = trick.after(pieces)
        finished = self._hand_finished(trick)
        if finished is not None:
            return self._next_hand(finished, _add(self.scores, finished.score), history)
        leader = trick.turns[0]
        fixed = self._hand
        legal = fixed.plays(hands[leader], (), trick.model)
        return _new_playing(hands, (), fixed, trick, legal, history)

    def _hand_finished(self, tally: TrickTally) -> HandResult | None:
        number = tally.number
        hand = self._hand
        rules = hand.rules
        if number < HAND and rules.scoring != "marks":
            return None
        bidder, bid, trump = hand.bidder, hand.high_bid, hand.trump
        assert bidder is not None
        side = side_of(bidder)
        points, tricks = _side_tally(tally)
        if is_nello(trump):
            # Nello: set by the first trick the bidder takes, made after seven.
            taken = tally.won[bidder]
            if number < HAND and not taken:
                return None
            made = not taken
            marks_won = marks_for(bid)
            ours, theirs = (marks_won, 0) if made else (0, marks_won)
        elif number < HAND and not decided(bid, points[side], points[1 - side], tricks[1 - side]):
            return None
        else:
            made, ours, theirs = settle(bid, points[side], points[1 - side], rules)
        score = (ours, theirs) if side == 0 else (theirs, ours)
        return _new_result(
            hand.dealer,
            bidder,
            bid,
            trump,
            points,
            tricks,
            made,
            score,
            tally.tricks,
            hand.contract,
        )

    def _next_hand(
        self, result: HandResult, scores: tuple[int, int], history: LogNode
    ) -> Texas42State:
        over = match_winner(scores, self.rules) is not None
        hand = self._hand
        dealer = (hand.dealer + 1) % SEATS
        results = (*hand.results, result)
        fixed = _new_hand(
            hand.rules, dealer, (), 0, None, None, results, scores, None, None, legal_plays
        )
        phase = _OVER if over else _DEAL
        return _BUILD[phase](_NO_HANDS, (), fixed, None, 0, history)

    # -- chance, views, sampling, conservation --------------------------------------------
    def chance_outcome(self, rng: random.Random) -> Action:
        return shuffle(DOMINOES, rng)

    def zones(self) -> Mapping[str, PieceSet[Domino]]:
        if self.phase in (_DEAL, _OVER):
            return {"boneyard": DOUBLE_SIX}
        zones = {f"hand {s}": PieceSet(self.hands[s], DOMINO_UNIVERSE) for s in range(SEATS)}
        aside = self._hand.aside
        if aside:
            zones[f"aside {self.aside_seat}"] = PieceSet(aside, DOMINO_UNIVERSE)
        table = self.table
        if table is not None:
            zones["trick"] = PieceSet(table.in_play, DOMINO_UNIVERSE)
            for s in range(SEATS):
                zones[f"won {s}"] = PieceSet(table.taken[s], DOMINO_UNIVERSE)
        return zones

    def view(self, seat: Seat) -> Texas42View:
        """What ``seat`` may know: its tiles, every call and play, how many tiles others hold."""
        check_seat(seat, SEATS)
        fixed = self._hand
        phase = self.phase
        to_act = self.to_act
        tally = self._trick
        extra: dict[str, object] = {}
        if fixed.extra is not None:
            aside_seat = self.aside_seat
            extra = {
                "contract": fixed.contract,
                "specials": fixed.specials,
                "aside_seat": aside_seat,
                "aside_size": fixed.aside.bit_count(),
                "aside": self.aside if seat == aside_seat else PieceSet(0, DOMINO_UNIVERSE),
            }
        if tally is None:
            trick: tuple[tuple[Seat, Domino], ...] = ()
            tricks: tuple[tuple[Seat, tuple[Domino, ...], Seat], ...] = ()
            points = (0, 0)
        else:
            pieces = self._pieces
            trick = tuple(zip(tally.turns, map(DOMINOES.__getitem__, pieces)))
            tricks, points = fold_finished(tally.finished, _add_public_trick, _NO_PUBLIC_TRICKS)
        hands = self.hands
        return Texas42View(
            seat=seat,
            phase=phase,
            to_act=to_act,
            dealer=fixed.dealer,
            hand=PieceSet(hands[seat], DOMINO_UNIVERSE)
            if phase is not _DEAL and phase is not _OVER
            else PieceSet(0, DOMINO_UNIVERSE),
            hand_sizes=tuple(map(int.bit_count, hands)),
            calls=fixed.calls,
            high_bid=fixed.high_bid,
            bidder=fixed.bidder,
            trump=fixed.trump,
            trick=trick,
            tricks=tricks,
            hand_points=points,
            scores=self.scores,
            results=fixed.results,
            legal_actions=self.legal_actions() if to_act == seat else (),
            rules=fixed.rules,
            **extra,  # type: ignore[arg-type]
        )

    def sample(self, seat: Seat, rng: random.Random) -> Texas42State:
        """A state ``seat`` cannot tell from this one: the tiles it cannot see are dealt anew
        within what it knows (:func:`~tablegames.texas42.hidden.deal_hidden`, which
        ``Texas42View.sample`` shares), and this hand's actions are replayed on that deal.

        >>> state = new_match()
        >>> state = state.apply(state.chance_outcome(random.Random(0)))
        >>> state.sample(1, random.Random(1)).view(1) == state.view(1)
        True
        """
        check_seat(seat, SEATS)
        if self.phase in (_DEAL, _OVER):
            return self
        fixed = self._hand
        aside_seat = self.aside_seat
        held = list(self.hands)
        if aside_seat is not None:
            held[aside_seat] = fixed.aside
        hidden = 0
        for s in range(SEATS):
            if s != seat:
                hidden |= held[s]
        table = self.table
        played = table.played() if table is not None else _NO_HANDS
        voids = seen_voids(table, self._model() if table is not None else None, self.trump)
        hands, aside = deal_hidden(
            seat,
            [h.bit_count() for h in held],
            hidden,
            voids,
            played,
            held[seat],
            fixed.dealer,
            fixed.specials,
            aside_seat,
            rng,
        )
        return self._replayed(hands, aside if aside_seat is not None else ())

    def _model(self) -> TrickModel:
        trick = self._trick
        assert trick is not None
        return trick.model

    def _replayed(self, hands: Sequence[int], aside: Sequence[int]) -> Texas42State:
        """This state rebuilt on other hands (``aside``: tiles laid aside, by seat)."""
        # Rebuild the deal that gave these hands, then replay this hand's actions on it: the
        # work depends on this hand only, never on how long the match has run.
        before = self._hand.before_deal
        assert before is not None
        since = actions_since(self.history, len(before) + 1)
        table = self.table
        played = table.played() if table is not None else _NO_HANDS
        held = [hands[s] | played[s] | (aside[s] if aside else 0) for s in range(SEATS)]
        dealt = [[DOMINOES[i] for i in range(28) if held[s] >> i & 1] for s in range(SEATS)]
        hand = self._hand
        fixed = _Hand(hand.rules, hand.dealer, (), 0, None, None, hand.results, hand.scores, None)
        state = _Dealing(_NO_HANDS, (), fixed, None, 0, before.log)
        state = state.apply(deal_of(dealt, self.dealer))
        for action in since:
            state = state.apply(action)
        return state


# A state's phase is its class: one subclass per phase, whose ``phase``, ``is_chance`` and
# ``is_over`` are class attributes, read quicker than a property (the benchmark loop and the
# transitions ask for them at every decision). The subclasses add nothing else.


class _Dealing(Texas42State):
    __slots__ = ()
    phase = _DEAL
    is_chance = True


class _Bidding(Texas42State):
    __slots__ = ()
    phase = _BID


class _NamingTrump(Texas42State):
    __slots__ = ()
    phase = _TRUMP


class _Playing(Texas42State):
    __slots__ = ()
    phase = _PLAY


class _Over(Texas42State):
    __slots__ = ()
    phase = _OVER
    is_over = True


_IN_PHASE: dict[Phase, type[Texas42State]] = {
    cls.phase: cls for cls in (_Dealing, _Bidding, _NamingTrump, _Playing, _Over)
}
"""The class of the states in each phase."""
_BUILD = {
    _Dealing.phase: builder(_Dealing),
    _Bidding.phase: builder(_Bidding),
    _NamingTrump.phase: builder(_NamingTrump),
    _Playing.phase: builder(_Playing),
    _Over.phase: builder(_Over),
}
"""By phase: builds a state from all its fields, quicker than its ``__init__`` (every
transition makes one; see :mod:`tablegames.core.frozen`)."""
_new_playing = _BUILD[_PLAY]
_new_result = builder(HandResult)


@attrs.frozen
class Texas42View(ClientView):
    """What one seat may know. ``trick`` pairs seats with the tiles they played to the trick in
    progress; ``tricks`` lists finished tricks as (leader, tiles in play order, winner).

    >>> state = new_match()
    >>> view = state.apply(state.chance_outcome(random.Random(0))).view(1)
    >>> len(view.hand), view.hand_sizes, view.legal_actions[0]
    (7, (7, 7, 7, 7), Pass())
    """

    seat: Seat
    phase: Phase
    to_act: Seat | None
    dealer: Seat
    hand: PieceSet[Domino]
    hand_sizes: tuple[int, ...]
    calls: tuple[int, ...]
    high_bid: int
    bidder: Seat | None
    trump: int | None
    trick: tuple[tuple[Seat, Domino], ...]
    tricks: tuple[tuple[Seat, tuple[Domino, ...], Seat], ...]
    hand_points: tuple[int, int]
    scores: tuple[int, int]
    results: tuple[HandResult, ...]
    legal_actions: tuple[Action, ...]

    wire = staticmethod(view_dict)
    contract: str = attrs.field(default="bid", repr=False)
    """``bid``, or ``plunge`` / ``splash`` when that special bid stands."""
    specials: tuple[tuple[int, str], ...] = attrs.field(default=(), repr=False)
    """The plunge and splash calls: (position among ``calls``, contract)."""
    aside_seat: Seat | None = attrs.field(default=None, repr=False)
    """In nello, the seat whose tiles are laid aside (face down)."""
    aside_size: int = attrs.field(default=0, repr=False)
    """How many tiles are laid aside."""
    aside: PieceSet[Domino] = attrs.field(default=PieceSet(0, DOMINO_UNIVERSE), repr=False)
    """The laid-aside tiles, shown only to the seat that laid them aside."""
    rules: Rules = attrs.field(kw_only=True, repr=False)
    """The rules of the match (public)."""

    def sample(self, rng: random.Random) -> Texas42State:
        """A full state consistent with this view, built from the view alone: the start of
        this hand, a deal of the hidden tiles drawn as ``state.sample(seat, rng)`` draws them,
        and this hand's actions replayed (see :mod:`tablegames.texas42.view_sampling`).

        >>> state = new_match()
        >>> view = state.apply(state.chance_outcome(random.Random(0))).view(1)
        >>> view.sample(random.Random(1)).view(1) == view
        True
        """
        from .view_sampling import sample_view  # noqa: PLC0415 (it builds on this module)

        return sample_view(self, rng)


def _bad_trump(suit: int, rules: Rules, high_bid: int, special: bool) -> Violation:
    if suit == DOUBLES:
        sentence = "Doubles may be named trumps only under the doubles_trump option."
    elif suit == NO_TRUMP:
        sentence = "No trump (follow-me) may be named only under the follow_me option."
    elif NO_TRUMP < suit <= LAST_TRUMP:
        name = "sevens" if suit == SEVENS else "nello"
        if not getattr(rules, name):
            sentence = f"{name.capitalize()} may be named only under the {name} option."
        elif special:
            sentence = f"After a plunge or splash the partner names a trump, not {name}."
        elif high_bid < 42:
            sentence = f"{name.capitalize()} needs a winning bid of at least one mark (42)."
        else:
            mode = rules.nello_doubles
            sentence = (
                f"At this table nello is played with the doubles {mode}: name trump nello {mode}."
            )
    else:
        sentence = f"Trump is a number from 0 (blanks) to 6 (sixes), not {suit}."
    return Violation(ViolationCode.BAD_TRUMP, sentence)


PublicTricks = tuple[tuple[Seat, tuple[Domino, ...], Seat], ...]
"""A view's finished tricks: (leader, tiles in play order, winner), oldest first."""

_NO_PUBLIC_TRICKS: tuple[PublicTricks, tuple[int, int]] = ((), (0, 0))


def _add_public_trick(
    before: tuple[PublicTricks, tuple[int, int]], trick: Trick
) -> tuple[PublicTricks, tuple[int, int]]:
    """The finished tricks as a view shows them, and each side's points (tricks plus count),
    with ``trick`` added (folded once per trick: see :mod:`tablegames.tricks.fold`)."""
    tricks, (ours, theirs) = before
    tiles = tuple(DOMINOES[p] for p in trick.pieces)
    gained = 1 + sum(COUNT[p] for p in trick.pieces)
    points = (ours + gained, theirs) if trick.winner % 2 == 0 else (ours, theirs + gained)
    return (*tricks, (trick.leader, tiles, trick.winner)), points


def _side_tally(tally: TrickTally) -> tuple[tuple[int, int], tuple[int, int]]:
    """Points (tricks plus count) and tricks each side has taken, read off the finished tricks
    (seven at most)."""
    points = [0, 0]
    tricks = [0, 0]
    count = COUNT
    node = tally.finished
    while node is not None:
        node, trick, _ = node
        side = trick.winner & 1
        tricks[side] += 1
        taken = 1  # a trick is worth a point, plus the count of its tiles
        for piece in trick.pieces:
            taken += count[piece]
        points[side] += taken
    return (points[0], points[1]), (tricks[0], tricks[1])


_NO_HANDS = (0,) * SEATS


def _add(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    return (a[0] + b[0], a[1] + b[1])


_WRONG_PHASE = {
    _BID: "It is time to bid or pass.",
    _TRUMP: "The high bidder must name trumps first (trump 0..6).",
    _PLAY: "It is time to play a tile.",
}


_LOW, _MIDDLE, _HIGH = chunk_tables(PLAYS, 10)


@functools.cache
def _bid_actions(standing: int, ladder: str, must_bid: bool) -> tuple[Action, ...]:
    amounts = legal_bids(standing, Rules(bid_ladder=ladder))  # type: ignore[arg-type]
    bids = tuple(BIDS.get(b) or Bid(b) for b in amounts)
    return bids if must_bid else (PASS, *bids)


def new_match(rules: Rules | None = None) -> Texas42State:
    """The first state of a match: the first dealer is about to shuffle.

    >>> new_match().phase
    <Phase.DEAL: 'deal'>
    """
    rules = rules or Rules()
    fixed = _Hand(rules, rules.first_dealer, (), 0, None, None, (), (0, 0), None)
    return _Dealing(_NO_HANDS, (), fixed, None, 0, EMPTY_LOG)


def suit_name(suit: int) -> str:
    """``fives`` for 5, and so on.

    >>> suit_name(0)
    'blanks'
    """
    return SUIT_NAMES[suit]
