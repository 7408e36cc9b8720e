"""The state of a Texas 42 match, and how each action changes it.

This module is the facade: the state a player holds (:class:`Texas42State`, one class per
phase) and what a seat sees (:class:`Texas42View`). The rules live elsewhere, one place each:
the deal, the bidding and the naming of trump in :mod:`~tablegames.texas42.calling`; the play in
the trick engine (:mod:`tablegames.tricks.play`, who may play what in
:mod:`tablegames.tricks.follow` under the contract's :mod:`~tablegames.texas42.model`) with
Texas 42's hooks in :mod:`~tablegames.texas42.playing`; views in :mod:`~tablegames.texas42.view`.

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

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from tablegames.core.chance import shuffle
from tablegames.core.fingerprint import trick_table
from tablegames.core.forwarding import Forwarded
from tablegames.core.frozen import builder
from tablegames.core.history import EMPTY_LOG, LogNode, logged
from tablegames.core.seats import Seat, check_seat
from tablegames.core.settings import own_rules
from tablegames.core.violations import Violation
from tablegames.pieces.dominoes import DOMINO_UNIVERSE, DOMINOES, Domino
from tablegames.pieces.sets import PieceSet
from tablegames.tricks.facade import TrickPhases, TrickState, trick_phases
from tablegames.tricks.play import PlaySlots, TrickPlay

from .actions import Action
from .calling import call, deal, deal_of, name_trump, next_hand, trump_choices_now
from .calling import legal_calls as _legal_calls
from .hand import SEATS, SIDES, HandPart, HandResult, Phase, side_of, start_part
from .hidden import resampled_deal
from .playing import HOOKS, VALUATION, side_points
from .position import specials
from .rules import Rules
from .scoring import match_winner
from .start import Start, read_start, start_log
from .view import SeatView, aside_seat, seat_view, zones_of
from .view_sampling import hand_actions, sampled_deal

__all__ = [
    "PHASES",
    "PLAY",
    "HandResult",
    "Phase",
    "Texas42State",
    "Texas42View",
    "deal_of",
    "new_match",
]
__all__ += ["side_of", "start_from_notation", "start_state"]

_NO_HANDS = (0,) * SEATS


PLAY: TrickPlay[Texas42State, HandPart, HandResult, Domino] = TrickPlay(HOOKS, VALUATION)
"""The play of a Texas 42 hand: the trick engine with Texas 42's hooks."""


@attrs.frozen(repr=False)
class Texas42State(TrickState[Action, HandPart], PlaySlots[HandPart]):
    """A moment of a Texas 42 match (see the module doc). Hands are tile masks by seat.

    >>> state = new_match()
    >>> state = state.apply(state.chance_outcome(random.Random(0)))
    >>> state.phase.value, state.to_act, len(state.hand(0)), state.contract
    ('bid', 1, 7, 'bid')
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

    # What changes with every decision is in the slots (:class:`TrickState`'s); what changes
    # once a hand (or a call) is in ``_part`` and what changes once a trick is in ``_trick``,
    # both shared by reference. The phase is the state's class: one subclass per phase.
    phase: ClassVar[Phase]
    play_engine: ClassVar[TrickPlay[Texas42State, HandPart, HandResult, Domino]] = PLAY
    """The engine that plays its hands, offered to a solver (:func:`tablegames.solve.engine_of`)."""

    calls = Forwarded[tuple[int, ...]]("_part")
    """This hand's calls in order from the dealer's left: 0 for a pass, else the bid."""

    high_bid = Forwarded[int]("_part")
    """The standing bid (0 before anyone bids)."""

    bidder = Forwarded[Seat | None]("_part")
    """The high bidder, once there is one."""

    trump = Forwarded[int | None]("_part")
    """The trump named: 0..6, ``DOUBLES`` or ``NO_TRUMP``; None before it is named."""

    results = Forwarded[tuple[HandResult, ...]]("_part")
    """Every finished hand, in order."""

    scores = Forwarded[tuple[int, int]]("_part")
    """Each side's match score (0: seats 0 and 2; 1: seats 1 and 3), from finished hands."""

    contract = Forwarded[str]("_part")
    """What the standing high bid is: ``bid``, or the special bids ``plunge`` and ``splash``
    (nello and sevens are named as the trump)."""

    @property
    def aside_seat(self) -> Seat | None:
        """In nello, the bidder's partner, whose tiles are laid aside; None otherwise.

        >>> new_match().aside_seat is None
        True
        """
        return aside_seat(self._part)

    @property
    def aside(self) -> PieceSet[Domino]:
        """In nello, the tiles the bidder's partner laid aside (empty otherwise).

        >>> len(new_match().aside)
        0
        """
        return PieceSet(self._part.aside, DOMINO_UNIVERSE)

    def returns(self) -> tuple[float, ...]:
        """Each seat's side's match score: points, or marks under ``scoring="marks"``.

        >>> new_match().returns()
        (0.0, 0.0, 0.0, 0.0)
        """
        sides = self.scores
        return tuple(float(sides[seat % 2]) for seat in range(SEATS))

    @property
    def winners(self) -> tuple[Seat, ...]:
        if not self.is_over:
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
        return (0, 0) if trick is None else side_points(trick)[0]

    @property
    def trick_tiles(self) -> tuple[Domino, ...]:
        """The tiles of the trick in progress, in play order."""
        return tuple(DOMINOES[p] for p in self._pieces)

    @property
    def last_result(self) -> HandResult | None:
        """The most recent finished hand, if any."""
        results = self._part.results
        return results[-1] if results else None

    # -- chance, views, sampling, conservation --------------------------------------------
    def chance_outcome(self, rng: random.Random) -> Action:
        return shuffle(DOMINOES, rng)

    def zones(self) -> Mapping[str, PieceSet[Domino]]:
        dealt = self.phase is not Phase.DEAL and self.phase is not Phase.OVER
        return zones_of(self._part, self.hands, self.table if dealt else None, dealt=dealt)

    def view(self, seat: Seat) -> Texas42View:
        """What ``seat`` may know: its tiles, every call and play, how many tiles others hold."""
        check_seat(seat, SEATS)
        to_act = self.to_act
        legal = self.legal_actions() if to_act == seat else ()
        hands = self.hands
        return seat_view(
            Texas42View,
            seat,
            self.phase,
            to_act,
            self._part,
            hands,
            self._pieces,
            self._trick,
            legal,
        )

    def _redeal(self, seat: Seat, rng: random.Random, deal: Action) -> tuple[Action, None]:
        """This hand's tiles dealt anew within what ``seat`` knows
        (:func:`~tablegames.texas42.hidden.resampled_deal`, which ``Texas42View.sample``
        shares); every action of the hand is public.

        >>> state = new_match()
        >>> state = state.apply(state.chance_outcome(random.Random(0)))
        >>> state.sample(1, random.Random(1)).view(1) == state.view(1)
        True
        """
        tally = self._trick
        model = None if tally is None else tally.model
        return resampled_deal(seat, self.hands, self._part, self.table, model, rng), None

    def _deal_again(self, log: LogNode) -> Texas42State:
        part = self._part
        fresh = start_part(part.rules, part.dealer, part.scores, part.results)
        return PHASES.dealing(_NO_HANDS, (), fresh, None, 0, log)


# A state's phase is its class: one subclass per phase, whose ``phase``, ``is_chance`` and
# ``is_over`` are class attributes, and whose legal actions and steps are its own (the play's
# are the trick engine's), so a decision never asks the phase first. A step returns a state of
# the next phase's class, not of its own (``GameState._step`` is typed so). Each calling
# phase's builder follows it (quicker than its ``__init__``: see :mod:`tablegames.core.frozen`);
# the dealing, playing and over phases are every trick game's (:data:`PHASES`).


class _Bidding(Texas42State):
    __slots__ = ()
    phase = Phase.BID

    to_act = Forwarded[Seat | None]("_part", "to_call")

    def legal_actions(self) -> tuple[Action, ...]:
        return _legal_calls(self._part, self._hands)

    def _step(self, action: Action) -> Texas42State | Violation:
        called = call(self._part, self._hands, action)
        if isinstance(called, Violation):
            return called
        if isinstance(called, HandResult):  # all four passed: the hand is thrown in
            return PHASES.hand_over(self._part, called, logged(self._log, action))
        build = _new_naming_trump if len(called.calls) == SEATS else _new_bidding
        return build(self._hands, (), called, None, 0, logged(self._log, action))


_new_bidding = builder(_Bidding)


class _NamingTrump(Texas42State):
    __slots__ = ()
    phase = Phase.TRUMP

    to_act = Forwarded[Seat | None]("_part", "names_trump")

    def legal_actions(self) -> tuple[Action, ...]:
        return trump_choices_now(self._part)

    def _step(self, action: Action) -> Texas42State | Violation:
        named = name_trump(self._part, self._hands, action)
        if isinstance(named, Violation):
            return named
        hands, part, tally = named
        return PLAY.begin(hands, part, tally, logged(self._log, action))


_new_naming_trump = builder(_NamingTrump)


PHASES: TrickPhases[Texas42State, HandPart, HandResult] = trick_phases(
    Texas42State,
    PLAY,
    (Phase.DEAL, Phase.PLAY, Phase.OVER),
    deal,
    _new_bidding,
    "The tiles must be shuffled and dealt first.",
    next_hand,
    lambda part: _NO_HANDS,
)
"""The dealing, playing and over phases, as every trick game has them; after a hand (played
out or thrown in) the next dealer shuffles, or the match is over."""
_Dealing, _Playing, _Over = PHASES.classes  # (a state pickles by its class's name)


@attrs.frozen(repr=False)
class Texas42View(SeatView):
    """What one seat may know (the fields are :class:`~tablegames.texas42.view.SeatView`'s),
    from which a full state consistent with it can be sampled.

    >>> state = new_match()
    >>> view = state.apply(state.chance_outcome(random.Random(0))).view(1)
    >>> len(view.hand), view.hand_sizes, view.legal_actions[0]
    (7, (7, 7, 7, 7), Pass())
    """

    def sample(self, rng: random.Random) -> Texas42State:
        """A full state consistent with this view, built from the view alone: the start of
        this hand, a deal of the hidden tiles drawn as ``state.sample(seat, rng)`` draws them,
        and this hand's actions replayed (see :mod:`tablegames.texas42.view_sampling`).

        >>> state = new_match()
        >>> view = state.apply(state.chance_outcome(random.Random(0))).view(1)
        >>> view.sample(random.Random(1)).view(1) == view
        True
        """
        over = self.phase is Phase.OVER
        state = start_state(self.rules, self.dealer, self.scores, self.results, over=over)
        if over or self.phase is Phase.DEAL:
            return state
        return state.replayed((sampled_deal(self, rng), *hand_actions(self)))


def new_match(rules: Rules | None = None) -> Texas42State:
    """The first state of a match: the first dealer is about to shuffle.

    >>> new_match().phase
    <Phase.DEAL: 'deal'>
    """
    rules = own_rules(rules, Rules, "Texas 42")
    part = start_part(rules, rules.first_dealer, (0, 0), ())
    return PHASES.dealing(_NO_HANDS, (), part, None, 0, EMPTY_LOG)


def start_state(
    rules: Rules,
    dealer: int,
    scores: tuple[int, int],
    results: tuple[HandResult, ...],
    *,
    over: bool,
) -> Texas42State:
    """The state at the start of a hand (or at the end of the match when ``over``), whose
    history starts there (see :mod:`tablegames.texas42.start`).

    >>> start_state(Rules(), 2, (0, 0), (), over=False).to_act is None
    True
    """
    part = start_part(rules, dealer, scores, results)
    log = start_log(dealer, scores, results)
    return (PHASES.over if over else PHASES.dealing)(_NO_HANDS, (), part, None, 0, log)


def start_from_notation(rules: Rules, data: Mapping[str, Any]) -> Texas42State:
    """The state at the start position ``data`` (a record's ``start``); a malformed start is a
    RecordError (see :func:`~tablegames.texas42.start.read_start`).

    >>> start_from_notation(Rules(first_dealer=1), {"dealer": 1, "scores": [0, 0],
    ...     "results": []}).dealer
    1
    """
    start: Start = read_start(rules, data)
    return start_state(rules, start.dealer, start.scores, start.results, over=start.over)
