"""The state of a Preference match, and how each action changes it.

This module is the facade: the state a player holds (:class:`PreferenceState`, one class per
phase, so the course of a deal reads class by class below) and what a seat sees
(:class:`PreferenceView`). The rules live elsewhere, one place each: the deal, round one's bids,
round two's offers, the widow, the naming of trumps and the chips between deals in
:mod:`~tablegames.preference.calling`; the play in the trick engine
(:mod:`tablegames.tricks.play`, who may play what in :mod:`tablegames.tricks.follow`) with
Preference's hooks in :mod:`~tablegames.preference.playing`; settling a deal in
:mod:`~tablegames.preference.scoring`; views in :mod:`~tablegames.preference.view`; start
positions in :mod:`~tablegames.preference.start`.

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

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from tablegames.core.chance import shuffle
from tablegames.core.errors import RulesError
from tablegames.core.fingerprint import trick_table
from tablegames.core.forwarding import Forwarded
from tablegames.core.frozen import builder
from tablegames.core.history import EMPTY_LOG, LogNode, logged
from tablegames.core.seats import Seat, check_seat
from tablegames.core.violations import Violation
from tablegames.pieces.cards import Card
from tablegames.pieces.sets import PieceSet
from tablegames.tricks.facade import TrickPhases, TrickState, trick_phases
from tablegames.tricks.model import TrickModel
from tablegames.tricks.play import TrickPlay

from . import calling
from .actions import DECK_CARDS, Action, Discard
from .calling import deal_of
from .deal import CALLS, SEATS, DealPart, DealResult, Phase, active_seats, first_leader, start_part
from .hidden import chips_before_offers, deal_start, resampled_deal
from .playing import HOOKS, MODELS, VALUATION, first_trick, model_of
from .position import Position
from .rules import Rules
from .scoring import match_winners
from .start import Start, read_start, start_log
from .view import SeatView, cards_of, seat_view, zones_of
from .view_sampling import deal_actions, sampled_deal

__all__ = ["MODELS", "PLAY", "DealResult", "Phase", "PreferenceState", "PreferenceView"]
__all__ += ["active_seats", "deal_of", "first_leader", "new_match", "start_from_notation"]
__all__ += ["start_state"]

_NO_HANDS = (0,) * SEATS


PLAY: TrickPlay[PreferenceState, DealPart, DealResult, Card] = TrickPlay(HOOKS, VALUATION)
"""The play of a Preference deal: the trick engine with Preference's hooks."""


@attrs.frozen(repr=False)
class PreferenceState(TrickState[Action, DealPart], Position):
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

    # What changes with every decision is in the slots (:class:`TrickState`'s); what changes
    # once a deal (or once a call) is in ``_part`` and what changes once a trick is in
    # ``_trick``, both shared by reference. The phase is the state's class: one subclass per
    # phase.
    phase: ClassVar[Phase]
    play_engine: ClassVar[TrickPlay[PreferenceState, DealPart, DealResult, Card]] = PLAY
    """The engine that plays its hands, offered to a solver (:func:`tablegames.solve.engine_of`)."""

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
        """The seats with the most chips once the match is over (joint winners on a tie).

        >>> import random
        >>> from tablegames.core import play_randomly
        >>> final = play_randomly(new_match(Rules(deals=2)), random.Random(1))
        >>> all(final.stacks[s] == max(final.stacks) for s in final.winners), bool(final.winners)
        (True, True)
        """
        if not self.is_over:
            return ()
        return match_winners(self.stacks)

    @property
    def round_two(self) -> bool:
        """True once all three passed in round one (round two is under way or done).

        >>> new_match().round_two
        False
        """
        return bool(self.offers) or self.phase is Phase.OFFER

    # -- chance, views, sampling, conservation --------------------------------------------
    def chance_outcome(self, rng: random.Random) -> Action:
        return shuffle(DECK_CARDS, rng)

    def zones(self) -> Mapping[str, PieceSet[Card]]:
        return zones_of(self.phase, self._part, self.hands, self.table)

    def view(self, seat: Seat) -> PreferenceView:
        """What ``seat`` may know: its cards, every call, offer and play, the chips, and how many
        cards the others hold. Only the round-two winner sees the widow, and only that player
        knows the two cards discarded."""
        check_seat(seat, SEATS)
        to_act = self.to_act
        legal = self.legal_actions() if to_act == seat else ()
        return seat_view(
            PreferenceView, seat, self.phase, to_act, self._part, self.hands, self.table, legal
        )

    def _redeal(self, seat: Seat, rng: random.Random, deal: Action) -> tuple[Action, Discard]:
        """This deal's cards dealt anew within what ``seat`` knows
        (:func:`~tablegames.preference.hidden.resampled_deal`, which ``PreferenceView.sample``
        shares), and the discard drawn with them, which the replay plays for the real one.

        >>> state = new_match()
        >>> state = state.apply(state.chance_outcome(random.Random(0)))
        >>> state.sample(1, random.Random(1)).view(1) == state.view(1)
        True
        """
        tally = self._trick
        model = None if tally is None else tally.model
        phase, part, hands, table = self.phase, self._part, self.hands, self.table
        dealt, discards = resampled_deal(seat, phase, part, hands, table, model, rng)
        return dealt, Discard(tuple(cards_of(discards)))

    def _deal_again(self, log: LogNode) -> PreferenceState:
        return PHASES.dealing(_NO_HANDS, (), deal_start(self._part), None, 0, log)


# A state's phase is its class: one subclass per phase, whose ``phase``, ``is_chance`` and
# ``is_over`` are class attributes, and whose legal actions and steps are its own (the play's
# are the trick engine's), so a decision never asks the phase first. A step returns a state of
# the next phase's class, not of its own (``GameState._step`` is typed so). Each calling
# phase's builder follows it (quicker than its ``__init__``: see :mod:`tablegames.core.frozen`);
# the dealing, playing and over phases are every trick game's (:data:`PHASES`). Read in order,
# the classes are the course of a deal.


class _Bidding(PreferenceState):
    """Round one: each active player once, a higher suit or a pass. Then play, if anyone bid;
    else round two."""

    __slots__ = ()
    phase = Phase.BID

    to_act = Forwarded[Seat | None]("_part", "to_bid")

    def legal_actions(self) -> tuple[Action, ...]:
        return calling.legal_bids(self._part)

    def _step(self, action: Action) -> PreferenceState | Violation:
        part = calling.round_one(self._part, action)
        if isinstance(part, Violation):
            return part
        log = logged(self._log, action)
        if len(part.calls) < CALLS:
            return _new_bidding(self._hands, (), part, None, 0, log)
        if part.declarer is None:  # all three passed: round two
            return _new_offering(self._hands, (), part, None, 0, log)
        return _begin_play(self._hands, part, log)


_new_bidding = builder(_Bidding)


class _Offering(PreferenceState):
    """Round two: each active player once, a larger offer or a pass. The largest offer takes
    the widow; if all three pass the deal is thrown in."""

    __slots__ = ()
    phase = Phase.OFFER

    to_act = Forwarded[Seat | None]("_part", "to_offer")

    def legal_actions(self) -> tuple[Action, ...]:
        return calling.legal_offers(self._part)

    def _step(self, action: Action) -> PreferenceState | Violation:
        part = calling.round_two(self._part, action)
        if isinstance(part, Violation):
            return part
        log = logged(self._log, action)
        if len(part.offers) < CALLS:
            return _new_offering(self._hands, (), part, None, 0, log)
        if part.declarer is None:  # all three passed again: the deal is thrown in
            return PHASES.hand_over(part, calling.thrown_in(part), log)
        return _new_widow_choice(self._hands, (), part, None, 0, log)


_new_offering = builder(_Offering)


class _WidowChoice(PreferenceState):
    """The round-two winner keeps the hand or takes the widow and discards two cards."""

    __slots__ = ()
    phase = Phase.WIDOW

    to_act = Forwarded[Seat | None]("_part", "declarer")

    def legal_actions(self) -> tuple[Action, ...]:
        return calling.widow_choices(self._part, self._hands)

    def _step(self, action: Action) -> PreferenceState | Violation:
        taken = calling.take_widow(self._part, self._hands, action)
        if isinstance(taken, Violation):
            return taken
        hands, part = taken
        return _new_naming_trump(hands, (), part, None, 0, logged(self._log, action))


_new_widow_choice = builder(_WidowChoice)


class _NamingTrump(PreferenceState):
    """The round-two winner names trumps; then play."""

    __slots__ = ()
    phase = Phase.TRUMP

    to_act = Forwarded[Seat | None]("_part", "declarer")

    def legal_actions(self) -> tuple[Action, ...]:
        return calling.TRUMP_CHOICES

    def _step(self, action: Action) -> PreferenceState | Violation:
        part = calling.name_trump(self._part, action)
        if isinstance(part, Violation):
            return part
        return _begin_play(self._hands, part, logged(self._log, action))


_new_naming_trump = builder(_NamingTrump)


PHASES: TrickPhases[PreferenceState, DealPart, DealResult] = trick_phases(
    PreferenceState,
    PLAY,
    (Phase.DEAL, Phase.PLAY, Phase.OVER),
    calling.deal,
    _new_bidding,
    "The cards must be shuffled and dealt first.",
    calling.next_deal,
    lambda part: _NO_HANDS,
)
"""The dealing phase, the play (ten tricks, played by the trick engine; then the deal settles)
and the match over, as every trick game has them; after a deal (played out or thrown in) the
next dealer shuffles (after a new ante if the pot is empty), or the match is over."""
_Dealing, _Playing, _Over = PHASES.classes  # (a state pickles by its class's name)

_IN_PHASE: dict[Phase, type[PreferenceState]] = {
    cls.phase: cls
    for cls in (_Dealing, _Bidding, _Offering, _WidowChoice, _NamingTrump, _Playing, _Over)
}
"""The class of the states in each phase.

>>> [cls.phase.value for cls in _IN_PHASE.values()] == [phase.value for phase in Phase]
True
"""


def _begin_play(hands: tuple[int, ...], part: DealPart, log: LogNode) -> PreferenceState:
    """The first state of the play of the deal whose calling ``part`` settled (declarer and
    trumps)."""
    return PLAY.begin(hands, part, first_trick(part), log)


@attrs.frozen(repr=False)
class PreferenceView(SeatView):
    """What one seat may know (the fields are :class:`~tablegames.preference.view.SeatView`'s),
    from which a full state consistent with it can be sampled.

    >>> view = new_match().view(2)
    >>> view.pot, view.stacks, len(view.hand)
    (20, (95, 95, 95, 95), 0)
    """

    @property
    def model(self) -> TrickModel | None:
        """The trick model of the contract the deal is played under, once it is settled
        (``model_of`` of the trump named, under the rules); None before.

        >>> new_match().view(0).model is None
        True
        """
        if self.phase is not Phase.PLAY or self.trump is None:
            return None
        return model_of(self.trump, self.rules)

    def sample(self, rng: random.Random) -> PreferenceState:
        """A full state consistent with this view, built from the view alone: the start of
        this deal, a deal of the hidden cards drawn as ``state.sample(seat, rng)`` draws them,
        and this deal's actions replayed (see :mod:`tablegames.preference.view_sampling`).

        >>> state = new_match()
        >>> view = state.apply(state.chance_outcome(random.Random(0))).view(1)
        >>> view.sample(random.Random(1)).view(1) == view
        True
        """
        over = self.phase is Phase.OVER
        stacks, pot = chips_before_offers(self)
        state = start_state(self.rules, self.dealer, stacks, pot, self.results, over=over)
        if over or self.phase is Phase.DEAL:
            return state
        dealt, discards = sampled_deal(self, rng)
        return state.replayed((dealt, *deal_actions(self, discards)))


def new_match(rules: Rules | None = None) -> PreferenceState:
    """The first state of a match: all four have anted and the first dealer is about to shuffle.
    Rules of another game are refused.

    >>> new_match(Rules(ante=10, first_dealer=2)).pot, new_match().phase
    (40, <Phase.DEAL: 'deal'>)
    >>> from tablegames import quartets
    >>> new_match(quartets.Rules())  # type: ignore[arg-type]
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RulesError: A Preference match is played under Preference rules ...
    """
    if rules is None:
        rules = Rules()
    elif not isinstance(rules, Rules):
        kind = type(rules)
        raise RulesError(
            "A Preference match is played under Preference rules (Rules of "
            f"tablegames.preference.rules), not {kind.__qualname__} of {kind.__module__}."
        )
    return PHASES.dealing(_NO_HANDS, (), calling.first_part(rules), None, 0, EMPTY_LOG)


def start_state(
    rules: Rules,
    dealer: Seat,
    stacks: tuple[int, ...],
    pot: int,
    results: tuple[DealResult, ...],
    *,
    over: bool,
) -> PreferenceState:
    """The state at the start of a deal (or at the end of the match when ``over``), whose
    history starts there (see :mod:`tablegames.preference.start`).

    >>> start_state(Rules(), 1, (95,) * 4, 20, (), over=False).active
    (2, 3, 0)
    """
    part = start_part(rules, dealer, stacks, pot, results)
    log = start_log(dealer, stacks, pot, results)
    return (PHASES.over if over else PHASES.dealing)(_NO_HANDS, (), part, None, 0, log)


def start_from_notation(rules: Rules, data: Mapping[str, Any]) -> PreferenceState:
    """The state at the start position ``data`` (a record's ``start``); a start the rules
    cannot reach is a RecordError (see :func:`~tablegames.preference.start.read_start`).

    >>> from tablegames import preference
    >>> start = start_from_notation(preference.Rules(), {"dealer": 0, "stacks": [95, 95, 95,
    ...     95], "pot": 20, "results": []})
    >>> start.phase.value, start.pot, len(start.history)
    ('deal', 20, 0)
    """
    start: Start = read_start(rules, data)
    return start_state(rules, start.dealer, start.stacks, start.pot, start.results, over=start.over)
