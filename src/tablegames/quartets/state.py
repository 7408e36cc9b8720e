"""A Quartets match: its state at any moment, and what one seat of it may know.

A match is a number of deals. In each, the dealer deals the whole deck one card at a time and
every set of four a hand holds is laid down at once (:mod:`.dealing`); then, from the dealer's
left, each seat in turn asks another for a card (:mod:`.asking`) until nobody holds cards. Each
set laid down is a point; the deal passes left; the match ends after its last deal.

>>> from tablegames.quartets import Ask, Rules, deal_of, new_match
>>> hands = ["2C 2D 2H 3C 3D 3H 4C 4D 4H 5C 5D 5H 6C", "2S 3S 4S 5S 6D 6H 6S 7C 7D 7H 7S 8C 8D",
...          "8H 8S 9C 9D 9H 9S TC TD TH TS JC JD JH", "JS QC QD QH QS KC KD KH KS AC AD AH AS"]
>>> state = new_match(Rules(first_dealer=3)).apply(deal_of(hands, dealer=3))
>>> state.to_act, [str(r) for r in state.sets_laid(3)], len(state.hand(3))
(0, ['QC QD QH QS', 'KC KD KH KS', 'AC AD AH AS'], 1)
>>> state = state.apply(Ask(1, Card.parse("2S")))     # seat 1 has it: the twos are complete
>>> state.to_act, [str(r) for r in state.sets_laid(0)], state.points
(0, ['2C 2D 2H 2S'], (1, 1, 2, 3))
>>> print(state.check(Ask(0, Card.parse("3S"))))
You cannot ask yourself: ask another player.

This module holds the two classes a player meets: :class:`QuartetsState` and
:class:`QuartetsView`, which name each other (a state's view, a view's sample); the rules they
follow live in the modules below it, which import nothing from here.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from tablegames.collecting.asking import Asked
from tablegames.collecting.sampling import sample_deal
from tablegames.core.actions import Deal
from tablegames.core.chance import shuffle
from tablegames.core.errors import TableGamesError
from tablegames.core.forwarding import Forwarded
from tablegames.core.frozen import builder
from tablegames.core.game import GameState
from tablegames.core.history import EMPTY_LOG, History, LogNode, actions_of
from tablegames.core.seats import Seat, check_seat, leaders
from tablegames.core.settings import own_rules
from tablegames.core.violations import Violation, ViolationCode
from tablegames.core.wire import ClientView, actions_text, shown_rules
from tablegames.pieces.cards import CARD_UNIVERSE, CARDS, DECK_52, Card
from tablegames.pieces.sets import PieceSet

from .actions import Action
from .asking import ask
from .dealing import deal, deal_of, deal_of_masks, dealt_hands
from .listing import list_asks
from .model import RANK_SETS
from .parts import Builders, DealPart, DealResult, Phase, StateSlots, deal_part
from .rules import Rules
from .start import StartNotation, read_start
from .view_sampling import deal_again, dealt_knowledge, with_deal
from .wire import asked_dict

__all__ = ["BUILD", "DealResult", "Phase", "QuartetsState", "QuartetsView", "deal_of"]
__all__ += ["new_match", "start_from_notation", "start_state", "state_of"]

MEMBERS = RANK_SETS.members
# Enum members are slow to look up as class attributes; the hot paths use these names.
_DEAL, _ASK, _OVER = Phase.DEAL, Phase.ASK, Phase.OVER


@attrs.frozen(init=False, repr=False, match_args=False)
class QuartetsState(GameState[Action], StateSlots):
    """A moment of a Quartets match (see the module doc). Hands and laid sets are card masks
    by seat; ``asks`` is the public record of this deal's asks.

    >>> state = new_match(Rules(players=3))
    >>> state.to_act, state.is_chance, state.players
    (None, True, 3)
    """

    game_name = "quartets"
    fingerprint_fields = ("phase", "dealer", "hands", "laid", "asker", "scores", "asks")
    __match_args__ = (
        "rules",
        "phase",
        "dealer",
        "hands",
        "laid",
        "asker",
        "scores",
        "results",
        "asks",
        "history",
    )

    # What changes with every ask lives here; what changes a few times a deal is in ``_deal``,
    # shared by reference. The phase is the state's class: one subclass per phase (see
    # :data:`_IN_PHASE`), whose ``phase``, ``is_chance`` and ``is_over`` are class attributes
    # and whose ``_step`` is its phase's step.
    phase: ClassVar[Phase]
    is_chance: ClassVar[bool] = False  # True in the dealing phase's class
    is_over: ClassVar[bool] = False  # True in the over phase's class
    hands: tuple[int, ...]
    _asker: Seat | None
    _deal: DealPart
    _asks: LogNode = attrs.field(eq=actions_of)
    """This deal's public ask record, as a bare log node (see :mod:`tablegames.core.history`):
    compared by its records, so two states are equal whatever their logs' nodes."""
    _log: LogNode = attrs.field(eq=False)
    """The history, as a bare log node."""
    log_fields = ("_log", "_asks")

    def __new__(  # noqa: PLR0917 (the fields, in the order of the repr)
        cls,
        rules: Rules,
        phase: Phase,
        dealer: Seat,
        hands: tuple[int, ...],
        laid: tuple[int, ...],
        asker: Seat | None,
        scores: tuple[int, ...],
        results: tuple[DealResult, ...],
        asks: History[Asked],
        history: History[Action],
    ) -> QuartetsState:
        """Deprecated since 0.3.0, gone in the next release: :func:`state_of` takes the same
        arguments and builds the state by its phase's builder, as every game builds its
        states. Until then this calls it, with a warning."""
        warnings.warn(
            "QuartetsState(...) is deprecated and goes in the next release: build a state from "
            "its fields with tablegames.quartets.state.state_of(...), which takes the same "
            "arguments.",
            DeprecationWarning,
            stacklevel=2,
        )
        return state_of(rules, phase, dealer, hands, laid, asker, scores, results, asks, history)

    # -- what a player reads --------------------------------------------------------------
    rules = Forwarded[Rules]("_deal")

    dealer = Forwarded[Seat]("_deal")
    """The seat that dealt this deal (or deals next)."""

    laid = Forwarded[tuple[int, ...]]("_deal")
    """By seat: the cards of the sets it has laid down this deal."""

    @property
    def asker(self) -> Seat | None:
        """The seat to ask (None outside the asking)."""
        return self._asker

    @property
    def to_act(self) -> Seat | None:
        return self._asker

    scores = Forwarded[tuple[int, ...]]("_deal")
    """By seat: points from the finished deals."""

    results = Forwarded[tuple[DealResult, ...]]("_deal")
    """Every finished deal, in order."""

    @property
    def asks(self) -> History[Asked]:
        """This deal's asks and their outcomes, oldest first."""
        return History.of_log(self._asks)

    @property
    def history(self) -> History[Action]:
        return History.of_log(self._log)

    def returns(self) -> tuple[float, ...]:
        """Each seat's sets laid down over the match (finished deals).

        >>> new_match(Rules(players=3)).returns()
        (0.0, 0.0, 0.0)
        """
        return tuple(float(points) for points in self.scores)

    @property
    def winners(self) -> tuple[Seat, ...]:
        """Every seat with the most points once the match is over (joint winners on a tie)."""
        if not self.is_over:
            return ()
        return leaders(self.scores)

    @property
    def players(self) -> int:
        """How many seats are at the table."""
        return len(self.hands)

    def hand(self, seat: Seat) -> PieceSet[Card]:
        """The cards ``seat`` holds."""
        return PieceSet(self.hands[seat], CARD_UNIVERSE)

    def sets_laid(self, seat: Seat) -> tuple[PieceSet[Card], ...]:
        """The sets ``seat`` has laid down this deal, lowest rank first."""
        laid = self.laid[seat]
        return tuple(PieceSet(m, CARD_UNIVERSE) for m in MEMBERS if laid & m)

    @property
    def points(self) -> tuple[int, ...]:
        """By seat: the sets laid down so far this deal (one point each)."""
        return tuple(m.bit_count() // 4 for m in self.laid)

    @property
    def out(self) -> tuple[Seat, ...]:
        """The seats out of this deal: they hold no cards."""
        if self.phase is not _ASK:
            return ()
        return tuple(s for s, hand in enumerate(self.hands) if not hand)

    @property
    def last_result(self) -> DealResult | None:
        """The most recent finished deal, if any."""
        return self.results[-1] if self.results else None

    def zones(self) -> Mapping[str, PieceSet[Card]]:
        if self.phase is not _ASK:
            return {"deck": DECK_52}
        zones = {f"hand {s}": PieceSet(h, CARD_UNIVERSE) for s, h in enumerate(self.hands)}
        for s, m in enumerate(self.laid):
            zones[f"sets {s}"] = PieceSet(m, CARD_UNIVERSE)
        return zones

    def dealt(self) -> tuple[int, ...]:
        """The hands (card masks by seat) as this deal dealt them, before any set was laid."""
        if self.phase is not _ASK:
            return (0,) * self.rules.players
        deal = self.history.back(len(self.asks)).last
        assert isinstance(deal, Deal)
        return dealt_hands(deal, self.rules.players, self.dealer)

    # -- what happens next: each phase's class has its step ---------------------------------
    def legal_actions(self) -> tuple[Action, ...]:
        return ()  # nobody acts while dealing or once the match is over

    def _step(self, action: Action) -> QuartetsState | Violation:
        raise NotImplementedError  # pragma: no cover (each phase's class has its own)

    def chance_outcome(self, rng: random.Random) -> Action:
        return shuffle(CARDS, rng)

    # -- what one seat may know ------------------------------------------------------------
    def view(self, seat: Seat) -> QuartetsView:
        """What ``seat`` may know: its cards, every ask and what it brought, the sets laid down,
        how many cards the others hold, and the scores."""
        check_seat(seat, self.rules.players)
        asking = self.phase is _ASK
        return QuartetsView(
            seat=seat,
            phase=self.phase,
            to_act=self.to_act,
            dealer=self.dealer,
            hand=self.hand(seat) if asking else PieceSet(0, CARD_UNIVERSE),
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            laid=tuple(PieceSet(m, CARD_UNIVERSE) for m in self.laid),
            asks=self.asks.to_tuple(),
            points=self.points,
            scores=self.scores,
            results=self.results,
            legal_actions=self.legal_actions() if self.to_act == seat else (),
            rules=self.rules,
        )

    def sample(self, seat: Seat, rng: random.Random) -> QuartetsState:
        """A state ``seat`` cannot tell from this one: the cards it cannot place are dealt
        again at random, keeping every count and everything the asks revealed (see
        :mod:`tablegames.quartets.view_sampling`); its history carries the new deal."""
        check_seat(seat, self.rules.players)
        if self.phase is not _ASK:
            return self
        asks = self.asks.to_tuple()
        known = dealt_knowledge(seat, self.dealer, self.dealt(), asks, self.rules.ask == "card")
        dealt = sample_deal(known, RANK_SETS, rng)
        free = known.free
        hands = tuple((h & ~free) | (d & free) for h, d in zip(self.hands, dealt))
        redealt = deal_of_masks(dealt, (self.dealer + 1) % self.players)
        log = with_deal(self._log, len(asks), redealt)
        return _make_asking(hands, self._asker, self._deal, self._asks, log)


# A state's phase is its class: one subclass per phase, whose ``phase``, ``is_chance`` and
# ``is_over`` are class attributes, read quicker than a property (the benchmark loop asks for
# two of them at every decision), and whose ``_step`` is the step of its phase.


class _Dealing(QuartetsState):
    __slots__ = ()
    phase = _DEAL
    is_chance = True

    # A step may give a state of another phase, so of another class (not ``Self``).
    def _step(self, action: Action) -> QuartetsState | Violation:
        return deal(self, action, BUILD)


class _Asking(QuartetsState):
    __slots__ = ()
    phase = _ASK

    def legal_actions(self) -> tuple[Action, ...]:
        asker = self._asker
        if asker is None:
            return ()
        part = self._deal
        last = part.listed[asker]
        hand = self.hands[asker]
        if last[0] == hand:
            return last[2]
        return list_asks(part.listed, asker, hand, part.targets[asker], part.cards)

    def _step(self, action: Action) -> QuartetsState | Violation:
        return ask(self, action, BUILD)


class _Over(QuartetsState):
    __slots__ = ()
    phase = _OVER
    is_over = True

    def _step(self, action: Action) -> Violation:
        return Violation(ViolationCode.GAME_OVER, "The match is over: nobody acts any more.")


_make_asking = builder(_Asking, _Asking.__attrs_init__)
BUILD: Builders[QuartetsState] = Builders(
    builder(_Dealing, _Dealing.__attrs_init__),
    _make_asking,
    builder(_Over, _Over.__attrs_init__),
)
"""By phase, a builder of a state from its fields (hands, asker, deal part, asks, history),
filled straight into its slots as its ``__attrs_init__`` would (:mod:`tablegames.core.frozen`),
without the public constructor's rebuilding of the deal part: what the steps make the next
state with."""


def state_of(  # noqa: PLR0917 (the fields, in the order of the repr)
    rules: Rules,
    phase: Phase,
    dealer: Seat,
    hands: tuple[int, ...],
    laid: tuple[int, ...],
    asker: Seat | None,
    scores: tuple[int, ...],
    results: tuple[DealResult, ...],
    asks: History[Asked],
    history: History[Action],
) -> QuartetsState:
    """The state with these fields (its repr's, in order), of its ``phase``'s class, made by
    that phase's builder (:data:`BUILD`) as the steps make theirs (a TableGamesError if not).

    >>> start = new_match(Rules(players=3))
    >>> twin = state_of(start.rules, start.phase, start.dealer, start.hands, start.laid,
    ...                 start.asker, start.scores, start.results, start.asks, start.history)
    >>> twin == start, type(twin) is type(start), twin.is_chance
    (True, True, True)
    """
    if not isinstance(phase, Phase):
        raise TableGamesError(f"A Quartets state's phase is a Phase, not {phase!r}.")
    part = deal_part(rules, hands, dealer, laid=laid, scores=scores, results=results)
    if phase is _ASK:
        return BUILD.asking(hands, asker, part, asks.log, history.log)
    if asker is not None:
        raise TableGamesError(f"Nobody asks at a deal or once the match is over, not seat {asker}.")
    build = BUILD.over if phase is _OVER else BUILD.dealing
    return build(hands, None, part, asks.log, history.log)


def new_match(rules: Rules | None = None) -> QuartetsState:
    """The first state of a match: the first dealer is about to shuffle.

    >>> new_match(Rules(players=3)).phase, new_match().dealer
    (<Phase.DEAL: 'deal'>, 0)
    """
    rules = own_rules(rules, Rules, "Quartets")
    empty = (0,) * rules.players
    part = deal_part(rules, empty, rules.first_dealer, laid=empty, scores=empty, results=())
    return BUILD.dealing(empty, None, part, EMPTY_LOG, EMPTY_LOG)


def start_state(
    rules: Rules,
    dealer: int,
    scores: tuple[int, ...],
    results: tuple[DealResult, ...],
    *,
    over: bool,
) -> QuartetsState:
    """The state at the start of a deal (or at the end of the match when ``over``), whose
    history starts there (its start in the notation: see :mod:`.start`).

    >>> start = start_state(Rules(players=5), 4, (0,) * 5, (), over=False)
    >>> start.dealer, start.history
    (4, StartHistory({'dealer': 4, 'scores': [0, 0, 0, 0, 0], 'results': []}))
    """
    empty = (0,) * rules.players
    part = deal_part(rules, empty, dealer, laid=empty, scores=scores, results=results)
    log: LogNode = (None, StartNotation(dealer, scores, results), 0)
    return (BUILD.over if over else BUILD.dealing)(empty, None, part, EMPTY_LOG, log)


def start_from_notation(rules: Rules, data: Mapping[str, Any]) -> QuartetsState:
    """The state at the start position ``data`` (a record's ``start``: see :mod:`.start`); a
    malformed start is a RecordError.

    >>> start = start_from_notation(Rules(players=3), {"dealer": 0, "scores": [0, 0, 0],
    ...                                                "results": []})
    >>> start.phase.value, start.players, len(start.history)
    ('deal', 3, 0)
    """
    dealer, scores, results, over = read_start(rules, data)
    return start_state(rules, dealer, scores, results, over=over)


def _view_dict(view: QuartetsView) -> dict[str, Any]:
    """``view`` as JSON-ready data: see the Quartets schema in ``docs/views.md``."""
    return {
        "game": "quartets",
        "seat": view.seat,
        "phase": view.phase.value,
        "to_act": view.to_act,
        "dealer": view.dealer,
        "hand": [str(c) for c in view.hand],
        "hand_sizes": list(view.hand_sizes),
        "laid": [[str(c) for c in sets] for sets in view.laid],
        "asks": [asked_dict(a) for a in view.asks],
        "points": list(view.points),
        "scores": list(view.scores),
        "results": [{"dealer": r.dealer, "points": list(r.points)} for r in view.results],
        "legal_actions": actions_text(view.legal_actions),
        "rules": shown_rules(view.rules),
    }


@attrs.frozen(repr=False)
class QuartetsView(ClientView):
    """What one seat may know. ``laid`` holds each seat's sets laid down this deal; ``asks``
    is every ask of this deal with what it brought (card masks: see
    :class:`~tablegames.collecting.Asked`).

    >>> state = new_match(Rules(players=3))
    >>> view = state.apply(state.chance_outcome(random.Random(0))).view(1)
    >>> view.hand_sizes, len(view.hand), view.asks
    ((17, 14, 17), 14, ())
    >>> view.to_dict()["hand_sizes"], view.to_dict()["asks"]
    ([17, 14, 17], [])
    """

    seat: Seat
    """Whose view this is."""
    phase: Phase
    """What the table is doing (see the game's ``Phase``)."""
    to_act: Seat | None
    """The seat that must act; ``None`` at a deal (chance) and once the match is over."""
    dealer: Seat
    """The dealer of this hand or deal (at a deal: the one about to deal)."""
    hand: PieceSet[Card]
    """This seat's own cards, in deck order (empty at a deal and for a player with no cards)."""
    hand_sizes: tuple[int, ...]
    """How many pieces each seat holds, by seat (all 0 at a deal)."""
    laid: tuple[PieceSet[Card], ...]
    """By seat, the cards laid down this deal (whole sets of four)."""
    asks: tuple[Asked, ...]
    """This deal's asks with what each brought, oldest first
    (:class:`~tablegames.collecting.Asked`)."""
    points: tuple[int, ...]
    """Sets laid down this deal, by seat."""
    scores: tuple[int, ...]
    """The match score by seat, in sets."""
    results: tuple[DealResult, ...]
    """Every finished deal of the match, oldest first (:class:`DealResult`)."""
    legal_actions: tuple[Action, ...]
    """This seat's legal actions, in a fixed order; empty unless ``to_act == seat``."""
    rules: Rules = attrs.field(kw_only=True, repr=False)
    """The rules of the match (public)."""

    wire = staticmethod(_view_dict)

    def sample(self, rng: random.Random) -> QuartetsState:
        """A full state consistent with this view, built from the view alone: the start of
        this deal, a deal drawn as ``state.sample(seat, rng)`` draws it, and this deal's asks
        replayed (see :mod:`tablegames.quartets.view_sampling`). Before the deal and once the
        match is over there is nothing hidden: the start position.

        >>> state = new_match(Rules(players=3))
        >>> view = state.apply(state.chance_outcome(random.Random(0))).view(1)
        >>> view.sample(random.Random(1)).view(1) == view
        True
        """
        phase = self.phase
        start = start_state(self.rules, self.dealer, self.scores, self.results, over=phase is _OVER)
        return start if phase is not _ASK else deal_again(start, self, rng)
