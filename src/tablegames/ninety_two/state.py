"""The state of a Ninety-Two match, and how each action changes it.

This module is the facade: the state a player holds (:class:`NinetyTwoState`, one class per
phase) and what a seat sees (:class:`NinetyTwoView`). The rules live elsewhere, one place each:
the deal, the bidding and the naming of partners in :mod:`~tablegames.ninety_two.calling`; the
play in the trick engine (:mod:`tablegames.tricks.play`, who may play what in
:mod:`tablegames.tricks.follow`, who takes a trick by the bid's
:mod:`~tablegames.ninety_two.model`) with Ninety-Two's hooks (the refill from the stock, seats
running out, the deal's result) in :mod:`~tablegames.ninety_two.playing`; views in
:mod:`~tablegames.ninety_two.view`.

>>> from tablegames.ninety_two import new_match, Rules, deal_of
>>> state = new_match(Rules())
>>> state = state.apply(deal_of(["AH KH QH JH", "AS KS QS JS", "AD KD QD JD", "AC KC QC JC"]))
>>> state.phase.value, state.to_act, [str(a) for a in state.legal_actions()[:3]]
('bid', 1, ['pass', 'bid 1 C', 'bid 1 D'])
>>> print(state.check(state.legal_actions()[0], seat=2))
It is seat 1's turn, not seat 2's.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from tablegames.core.actions import PASS, Deal
from tablegames.core.chance import shuffle
from tablegames.core.fingerprint import trick_table
from tablegames.core.forwarding import Forwarded
from tablegames.core.frozen import builder
from tablegames.core.history import EMPTY_LOG, LogNode, logged
from tablegames.core.seats import Seat, check_seat
from tablegames.core.settings import own_rules
from tablegames.core.violations import Violation
from tablegames.pieces.cards import CARD_UNIVERSE, CARDS, Card
from tablegames.pieces.sets import PieceSet
from tablegames.tricks.facade import TrickPhases, TrickState, trick_phases
from tablegames.tricks.play import PlaySlots, TrickPlay

from .actions import Action
from .calling import call, deal, deal_of, legal_calls, name_partners, next_deal, partner_choices
from .hidden import resampled_deal
from .part import DealFacts, DealPart, DealResult, Phase, start_part
from .playing import HOOKS, VALUATION
from .rules import Rules
from .scoring import match_winners
from .start import Start, read_start, start_log
from .view import SeatView, seat_view, zones_of
from .view_sampling import deal_actions, sampled_deal

__all__ = ["PLAY", "DealResult", "NinetyTwoState", "NinetyTwoView", "Phase", "deal_of"]
__all__ += ["new_match", "start_from_notation", "start_state"]


PLAY: TrickPlay[NinetyTwoState, DealPart, DealResult, Card] = TrickPlay(HOOKS, VALUATION)
"""The play of a Ninety-Two deal: the trick engine with Ninety-Two's hooks."""


@attrs.frozen(repr=False, eq=False)
class NinetyTwoState(DealFacts, TrickState[Action, DealPart], PlaySlots[DealPart]):
    """A moment of a Ninety-Two match (see the module doc). Hands are card masks by seat;
    what the state shows of the deal (dealer, calls, high bid, team, stock, dead cards,
    scores, results) is :class:`~tablegames.ninety_two.part.DealFacts`'.

    >>> state = new_match(Rules(players=8))
    >>> state.phase.value, state.is_chance, state.is_over, state.to_act, len(state.scores)
    ('deal', True, False, None, 8)
    >>> from tablegames.ninety_two import parse_action
    >>> s = new_match(Rules(first_dealer=3)).apply(deal_of(_HANDS4, dealer=3))
    >>> for text in ["bid 1 H", "pass", "pass", "pass", "partners 2", "play AS"]:
    ...     s = s.apply(parse_action(text))
    >>> s.trump, s.team, [str(c) for c in s.trick_cards], str(s.hand(3)), s.to_act
    (<Suit.HEARTS: 2>, (0, 2), ['AS'], 'JC 2D 3D 4D', 1)
    >>> thrown = new_match().apply(deal_of(_HANDS4))
    >>> for text in ["pass"] * 4:
    ...     thrown = thrown.apply(parse_action(text))
    >>> thrown.last_result.thrown_in, thrown.dealer, s.last_result
    (True, 1, None)

    The seat to act calls, names partners or plays (None at a deal and once the match is over);
    its legal actions are pass then the bids lowest first, the partner sets in order, or the
    playable cards in index order:

    >>> s = new_match(Rules(first_dealer=2))
    >>> s.to_act, s.apply(deal_of(_HANDS4, dealer=2)).to_act
    (None, 3)
    >>> s = new_match().apply(deal_of(_HANDS4))
    >>> [str(a) for a in s.legal_actions()[:2]], len(s.legal_actions())
    (['pass', 'bid 1 C'], 53)
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

    # What changes with every decision is in the slots (:class:`TrickState`'s); what changes
    # once a deal, a call or a trick (the stock) is in ``_part`` and what changes once a trick
    # in ``_trick`` (a TrickTally: the trick's turn order and the deal's finished tricks), both
    # shared by reference. The phase is the state's class: one subclass per phase.
    phase: ClassVar[Phase]
    """What the table is doing (a class attribute of each phase's class)."""
    play_engine: ClassVar[TrickPlay[NinetyTwoState, DealPart, DealResult, Card]] = PLAY
    """The engine that plays its hands, offered to a solver (:func:`tablegames.solve.engine_of`)."""

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._position() == other._position()

    def __hash__(self) -> int:
        return hash(self._position())

    def _position(self) -> tuple[object, ...]:
        """What equality compares: the fields but the legal mask and the log, and the stock left
        (the part keeps the stock as dealt, whose drawn cards are not the position's)."""
        return (self._hands, self._pieces, self._part, self._trick, self.stock)

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
        if not self.is_over:
            return ()
        return match_winners(self.scores, self.rules)

    def hand(self, seat: Seat) -> PieceSet[Card]:
        """The cards ``seat`` holds."""
        return PieceSet(self.hands[seat], CARD_UNIVERSE)

    @property
    def trick_cards(self) -> tuple[Card, ...]:
        """The cards of the trick in progress, in play order."""
        return tuple(CARDS[p] for p in self._pieces)

    # -- chance, views, sampling, conservation --------------------------------------------
    def chance_outcome(self, rng: random.Random) -> Action:
        """A shuffled deck drawn from ``rng`` (the deal to apply).

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
        dealt = not self.is_chance and not self.is_over
        return zones_of(self._part, self.stock, self.hands, self.table, dealt=dealt)

    def view(self, seat: Seat) -> NinetyTwoView:
        """What ``seat`` may know: its cards, every call and play, how many cards others hold,
        the stock's size and the number of dead cards (their faces stay hidden).

        >>> s = new_match(Rules(first_dealer=3)).apply(deal_of(_HANDS4, dealer=3))
        >>> v = s.view(1)
        >>> str(v.hand), v.hand_sizes, v.stock_size
        ('6C 7C 4H QS', (4, 4, 4, 4), 36)
        """
        part = self._part
        check_seat(seat, part.rules.players)
        to_act = self.to_act
        legal = self.legal_actions() if to_act == seat else ()
        hands, pieces, trick = self.hands, self._pieces, self._trick
        return seat_view(NinetyTwoView, seat, self.phase, to_act, part, hands, pieces, trick, legal)

    def _redeal(self, seat: Seat, rng: random.Random, deal: Action) -> tuple[Action, None]:
        """This deal's cards (the real ``deal``) dealt anew for ``seat``'s ``sample``, drawn from
        what the seat knows only, exactly as ``self.view(seat).sample(rng)`` draws
        (:func:`~tablegames.ninety_two.hidden.deal_hidden`): who received each position of the
        deck and when, what each seat played, what each play showed its player did not hold
        *at that trick* (hands are refilled). The cards the seat has not seen are dealt anew,
        each of its own goes where the seat saw it arrive (the deal, or a refill: a view holds
        the hand only, so there the two samples' deals may differ, not their states), and this
        deal's actions are replayed on the rebuilt deal: the seat's record of the match is the
        real one.

        >>> state = new_match()
        >>> state = state.apply(state.chance_outcome(random.Random(0)))
        >>> state.sample(1, random.Random(2)) == state.view(1).sample(random.Random(2))
        True
        >>> state.sample(1, random.Random(2)).hand(1) == state.hand(1)
        True
        """
        assert type(deal) is Deal  # (the deal's first action)
        part = self._part
        tally = self._trick
        model = None if tally is None else tally.model
        own = self.hands[seat]
        dealt = resampled_deal(seat, own, part.rules, part.dealer, self.table, model, rng, deal)
        return dealt, None

    def _deal_again(self, log: LogNode) -> NinetyTwoState:
        part = self._part
        rules = part.rules
        fresh = start_part(rules, part.dealer, part.scores, part.results, part.bid_options)
        return PHASES.dealing(_no_hands(rules), (), fresh, None, 0, log)


# A state's phase is its class: one subclass per phase, whose ``phase``, ``is_chance`` and
# ``is_over`` are class attributes, and whose legal actions and steps are its own (the play's
# are the trick engine's), so a decision never asks the phase first. A step returns a state of
# the next phase's class, not of its own (``GameState._step`` is typed so). Each calling
# phase's builder follows it (quicker than its ``__init__``: see :mod:`tablegames.core.frozen`);
# the dealing, playing and over phases are every trick game's (:data:`PHASES`).


class _Bidding(NinetyTwoState):
    __slots__ = ()
    phase = Phase.BID

    to_act = Forwarded[Seat | None]("_part", "to_call")

    def legal_actions(self) -> tuple[Action, ...]:
        return legal_calls(self._part)

    def _step(self, action: Action) -> NinetyTwoState | Violation:
        called = call(self._part, action)
        if isinstance(called, Violation):
            return called
        if isinstance(called, DealResult):  # everybody passed: the deal is thrown in
            return PHASES.hand_over(self._part, called, logged(self._log, PASS))
        calls = called.calls
        build = _new_naming if len(calls) == called.rules.players else _new_bidding
        return build(self._hands, (), called, None, 0, logged(self._log, calls[-1]))


_new_bidding = builder(_Bidding)


class _NamingPartners(NinetyTwoState):
    __slots__ = ()
    phase = Phase.PARTNERS

    to_act = Forwarded[Seat | None]("_part", "bidder")

    def legal_actions(self) -> tuple[Action, ...]:
        return partner_choices(self._part)

    def _step(self, action: Action) -> NinetyTwoState | Violation:
        named = name_partners(self._part, action)
        if isinstance(named, Violation):
            return named
        listed, part, tally = named
        return PLAY.begin(self._hands, part, tally, logged(self._log, listed))


_new_naming = builder(_NamingPartners)


PHASES: TrickPhases[NinetyTwoState, DealPart, DealResult] = trick_phases(
    NinetyTwoState,
    PLAY,
    (Phase.DEAL, Phase.PLAY, Phase.OVER),
    deal,
    _new_bidding,
    "The cards must be shuffled and dealt first.",
    next_deal,
    lambda part: _no_hands(part.rules),
)
"""The dealing, playing and over phases, as every trick game has them; after a deal (played
out or thrown in) the next dealer shuffles, or the match is over."""
_Dealing, _Playing, _Over = PHASES.classes  # (a state pickles by its class's name)

_HANDS4 = ["AS KS 3H 5C", "QS 4H 6C 7C", "JS 8C 9C TC", "2D 3D 4D JC"]  # for the examples


def _no_hands(rules: Rules) -> tuple[int, ...]:
    return (0,) * rules.players


@attrs.frozen(repr=False)
class NinetyTwoView(SeatView):
    """What one seat may know (the fields are :class:`~tablegames.ninety_two.view.SeatView`'s),
    from which a full state consistent with it can be sampled.

    >>> new_match().view(0).stock_size
    0
    """

    def sample(self, rng: random.Random) -> NinetyTwoState:
        """A full state consistent with this view, built from the view alone: the start of
        this deal, a deck order drawn as ``state.sample(seat, rng)`` draws it, and this
        deal's actions replayed (see :mod:`tablegames.ninety_two.view_sampling`).

        >>> state = new_match()
        >>> view = state.apply(state.chance_outcome(random.Random(0))).view(1)
        >>> view.sample(random.Random(1)).view(1) == view
        True
        """
        over = self.phase is Phase.OVER
        state = start_state(self.rules, self.dealer, self.scores, self.results, over=over)
        if over or self.phase is Phase.DEAL:
            return state
        return state.replayed((sampled_deal(self, rng), *deal_actions(self)))


def new_match(rules: Rules | None = None) -> NinetyTwoState:
    """The first state of a match: the first dealer is about to shuffle. Rules of another game
    are refused.

    >>> new_match().phase, new_match(Rules(players=6)).scores
    (<Phase.DEAL: 'deal'>, (0, 0, 0, 0, 0, 0))
    >>> from tablegames import texas42
    >>> new_match(texas42.Rules())
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RulesError: A Ninety-Two match is played under Ninety-Two rules ...
    """
    rules = own_rules(rules, Rules, "Ninety-Two")
    part = start_part(rules, rules.first_dealer, _no_hands(rules), ())
    return PHASES.dealing(_no_hands(rules), (), part, None, 0, EMPTY_LOG)


def start_state(
    rules: Rules,
    dealer: int,
    scores: tuple[int, ...],
    results: tuple[DealResult, ...],
    *,
    over: bool,
) -> NinetyTwoState:
    """The state at the start of a deal (or at the end of the match when ``over``), whose
    history starts there (see :mod:`tablegames.ninety_two.start`).

    >>> start_state(Rules(players=6), 5, (0,) * 6, (), over=False).dealer
    5
    """
    part = start_part(rules, dealer, scores, results)
    log = start_log(dealer, scores, results)
    return (PHASES.over if over else PHASES.dealing)(_no_hands(rules), (), part, None, 0, log)


def start_from_notation(rules: Rules, data: Mapping[str, Any]) -> NinetyTwoState:
    """The state at the start position ``data`` (a record's ``start``); a malformed start is a
    RecordError (see :func:`~tablegames.ninety_two.start.read_start`).

    >>> start_from_notation(Rules(first_dealer=1), {"dealer": 1, "scores": [0, 0, 0, 0],
    ...     "results": []}).dealer
    1
    """
    start: Start = read_start(rules, data)
    return start_state(rules, start.dealer, start.scores, start.results, over=start.over)
