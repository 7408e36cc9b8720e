"""The state of a Quartets match, and how each action changes it.

>>> from tablegames.quartets import new_match, Rules, deal_of
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
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping, Sequence
from typing import ClassVar

import attrs

from tablegames.collecting.asking import Asked, ask, ask_violation
from tablegames.collecting.hands import deal_round, hand_sizes, lay_down_all
from tablegames.collecting.reveal import knowledge
from tablegames.collecting.sampling import sample_deal
from tablegames.collecting.turns import first_asker, next_asker
from tablegames.core.actions import Deal
from tablegames.core.chance import shuffle
from tablegames.core.errors import TableGamesError
from tablegames.core.frozen import builder
from tablegames.core.game import GameState
from tablegames.core.history import EMPTY_LOG, History, LogNode, actions_of, logged
from tablegames.core.seats import Seat, check_seat
from tablegames.core.violations import Violation, ViolationCode
from tablegames.core.wire import ClientView
from tablegames.pieces.cards import CARD_UNIVERSE, CARDS, DECK_52, Card, Rank
from tablegames.pieces.sets import MaskDecoder, PieceSet, mask_of

from .actions import ASKS, MAX_PLAYERS, Action, Ask, AskRank
from .listing import LAST, asks_for, list_asks, wanted
from .masks import RANK_CARDS
from .model import RANK_SETS, SETS
from .rules import Rules
from .wire import view_dict

DECK = 52
MEMBERS = RANK_SETS.members
_SET_OF = RANK_SETS.set_of


class Phase(enum.Enum):
    """What the table is doing.

    >>> new_match().phase.value
    'deal'
    """

    DEAL = "deal"
    ASK = "ask"
    OVER = "over"


# Enum members are slow to look up as class attributes; the hot paths use these names.
_DEAL, _ASK, _OVER = Phase.DEAL, Phase.ASK, Phase.OVER


@attrs.frozen
class DealResult:
    """How one deal ended: who dealt and the sets (points) each seat laid down.

    >>> DealResult(0, (4, 5, 4)).points[1]
    5
    """

    dealer: Seat
    points: tuple[int, ...]


def deal_of(hands: Sequence[Sequence[Card] | PieceSet[Card] | str], dealer: Seat = 0) -> Deal[Card]:
    """The deal that gives seat ``i`` the cards ``hands[i]``, for a given dealer.

    Cards are dealt one at a time from the dealer's left, so this orders them to match; the
    hands must hold all 52 cards, and the seats nearest the dealer's left one more when the
    deck does not divide evenly.

    >>> from tablegames.pieces import DECK_52, cards
    >>> deal = deal_of([cards("AS KS"), DECK_52 - cards("AS KS")], dealer=1)
    Traceback (most recent call last):
    ...
    tablegames.core.errors.TableGamesError: dealt from seat 0, the hands hold 26, 26 cards
    >>> red = cards("2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH")
    >>> str(deal_of([red, DECK_52 - red], dealer=1)).split()[:5]
    ['deal', '2D', '2C', '3D', '3C']
    """
    players = len(hands)
    masks = [mask_of(CARD_UNIVERSE, h) for h in hands]
    total = 0
    for mask in masks:
        if total & mask:
            raise TableGamesError("the hands must hold all 52 cards, each once")
        total |= mask
    if total != DECK_52.mask:
        raise TableGamesError("the hands must hold all 52 cards, each once")
    first = (dealer + 1) % players
    sizes = hand_sizes(DECK, players, first)
    if tuple(m.bit_count() for m in masks) != sizes:
        raise TableGamesError(
            f"dealt from seat {first}, the hands hold {', '.join(map(str, sizes))} cards"
        )
    return _deal_of_masks(masks, first)


def _deal_of_masks(masks: Sequence[int], first: Seat) -> Deal[Card]:
    """The deal order giving each seat its mask, one card at a time from ``first``."""
    players = len(masks)
    queues = [list(_CARD_DECODER.decode(m)) for m in masks]
    queues = [q[::-1] for q in queues]
    return Deal(tuple(queues[(first + i) % players].pop() for i in range(DECK)))


class _DealSlots:
    """The slots of :class:`_Deal`'s fields (built by plain stores: see
    :mod:`tablegames.core.frozen`)."""

    __slots__ = (
        "__weakref__",
        "cards",
        "dealer",
        "laid",
        "results",
        "rules",
        "scores",
        "targets",
        "to_asked",
    )


@attrs.frozen(repr=False)
class _Deal(_DealSlots):
    """What stays put through most of a deal: the rules, the dealer, the sets laid down, the
    scores and results, and, by seat, the other seats still holding cards."""

    rules: Rules
    dealer: Seat
    laid: tuple[int, ...]
    scores: tuple[int, ...]
    results: tuple[DealResult, ...]
    targets: tuple[tuple[Seat, ...], ...] = attrs.field(eq=False)
    """By seat: the other seats that hold cards, clockwise from its left (whom it may ask)."""
    cards: bool = attrs.field(eq=False)
    """True when an ask names one card (``ask="card"``)."""
    to_asked: bool = attrs.field(eq=False)
    """True when a failed ask passes the turn to the seat asked (``turn_passes="asked"``)."""


_new_deal = builder(_Deal)
"""A deal part from its fields, in order, filled straight into its slots (see
:mod:`tablegames.core.frozen`): made a few times a deal, after an ask that got a card."""


def _part(
    rules: Rules,
    hands: tuple[int, ...],
    dealer: Seat,
    *,
    laid: tuple[int, ...],
    scores: tuple[int, ...],
    results: tuple[DealResult, ...],
) -> _Deal:
    """The deal part for ``hands`` (whom each seat may ask follows from them)."""
    cards = rules.ask == "card"
    return _new_deal(
        rules,
        dealer,
        laid,
        scores,
        results,
        _targets(hands, cards),
        cards,
        rules.turn_passes == "asked",
    )


def _targets(hands: tuple[int, ...], cards: bool) -> tuple[tuple[Seat, ...], ...]:
    """By seat, the other seats holding cards, clockwise from its left: made once for each
    ask rule and set of seats holding cards, and shared (the remembered listings of legal asks
    rely on it: see :mod:`tablegames.quartets.listing`)."""
    key = (cards, tuple(map(bool, hands)))
    targets = _TARGETS.get(key)
    if targets is None:
        clockwise = _CLOCKWISE[len(hands)]
        targets = tuple(tuple(t for t in clockwise[s] if hands[t]) for s in range(len(hands)))
        _TARGETS[key] = targets
    return targets


_TARGETS: dict[tuple[bool, tuple[bool, ...]], tuple[tuple[Seat, ...], ...]] = {}
""":func:`_targets` by ask rule and seats holding cards (at most 2,040 of them)."""


class _StateSlots:
    """The slots of :class:`QuartetsState`'s fields: states are built as one of these, filled by
    plain stores, then given the class of their phase (see :mod:`tablegames.core.frozen`)."""

    __slots__ = ("__weakref__", "_asker", "_asks", "_deal", "_log", "hands")


@attrs.frozen(init=False, repr=False, match_args=False)
class QuartetsState(GameState[Action], _StateSlots):
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
    # :data:`_IN_PHASE`), so the phase and the loop's checks are class attributes.
    phase: ClassVar[Phase]
    is_chance: ClassVar[bool] = False  # True in the dealing phase's class
    is_over: ClassVar[bool] = False  # True in the over phase's class
    hands: tuple[int, ...]
    _asker: Seat | None
    _deal: _Deal
    _asks: LogNode = attrs.field(eq=actions_of)
    """This deal's public ask record, as a bare log node (see :mod:`tablegames.core.history`):
    compared by its records, so two states are equal whatever their logs' nodes."""
    _log: LogNode = attrs.field(eq=False)
    """The history, as a bare log node."""
    log_fields = ("_log", "_asks")

    def __new__(cls, rules: Rules, phase: Phase, *fields: object) -> QuartetsState:
        """A state of the class of its ``phase`` (which ``__init__`` then fills)."""
        kind = _IN_PHASE.get(phase) if isinstance(phase, Phase) else None
        if kind is None:
            raise TableGamesError(f"A Quartets state's phase is a Phase, not {phase!r}.")
        return object.__new__(kind)

    def __init__(  # noqa: PLR0917 (the fields, in the order of the repr)
        self,
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
    ) -> None:
        part = _part(rules, hands, dealer, laid=laid, scores=scores, results=results)
        self.__attrs_init__(hands, asker, part, asks.log, history.log)

    @property
    def rules(self) -> Rules:
        return self._deal.rules

    @property
    def dealer(self) -> Seat:
        """The seat that dealt this deal (or deals next)."""
        return self._deal.dealer

    @property
    def laid(self) -> tuple[int, ...]:
        """By seat: the cards of the sets it has laid down this deal."""
        return self._deal.laid

    @property
    def asker(self) -> Seat | None:
        """The seat to ask (None outside the asking)."""
        return self._asker

    @property
    def scores(self) -> tuple[int, ...]:
        """By seat: points from the finished deals."""
        return self._deal.scores

    @property
    def results(self) -> tuple[DealResult, ...]:
        """Every finished deal, in order."""
        return self._deal.results

    @property
    def asks(self) -> History[Asked]:
        """This deal's asks and their outcomes, oldest first."""
        return History.of_log(self._asks)

    @property
    def history(self) -> History[Action]:
        return History.of_log(self._log)

    def __repr__(self) -> str:
        deal = self._deal
        return (
            f"QuartetsState(rules={deal.rules!r}, phase={self.phase!r}, "
            f"dealer={deal.dealer!r}, hands={self.hands!r}, laid={deal.laid!r}, "
            f"asker={self._asker!r}, scores={deal.scores!r}, results={deal.results!r}, "
            f"asks={self.asks!r})"
        )

    # -- whose turn -------------------------------------------------------------------------
    @property
    def to_act(self) -> Seat | None:
        return self._asker

    def returns(self) -> tuple[float, ...]:
        """Each seat's sets laid down over the match (finished deals).

        >>> new_match(Rules(players=3)).returns()
        (0.0, 0.0, 0.0)
        """
        return tuple(float(points) for points in self.scores)

    @property
    def winners(self) -> tuple[Seat, ...]:
        """Every seat with the most points once the match is over (joint winners on a tie)."""
        if self.phase is not _OVER:
            return ()
        best = max(self.scores)
        return tuple(s for s, score in enumerate(self.scores) if score == best)

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
        if self.phase is not Phase.ASK:
            return ()
        return tuple(s for s, hand in enumerate(self.hands) if not hand)

    @property
    def last_result(self) -> DealResult | None:
        """The most recent finished deal, if any."""
        return self.results[-1] if self.results else None

    # -- legal actions ----------------------------------------------------------------------
    def legal_actions(self) -> tuple[Action, ...]:
        asker = self._asker
        if asker is None:
            return ()
        hand = self.hands[asker]
        targets = self._deal.targets[asker]
        last = LAST[asker]
        if last[0] == hand and last[1] is targets:
            return last[3]
        return list_asks(asker, hand, targets, self._deal.cards)

    # -- transitions ------------------------------------------------------------------------
    def _step(self, action: Action) -> QuartetsState | Violation:
        asker = self._asker
        if asker is not None:
            # The fast path: a ready-made card ask (see _ASKED), legal by the masks.
            known = (_ASKED[asker] or _card_asks(asker)).get(id(action))
            if known is not None:
                deal = self._deal
                target, bit, rank, missed, given, completed = known
                hands = self.hands
                hand = hands[asker]
                if deal.cards and hand & rank and not hand & bit and target in deal.targets[asker]:
                    log = self._log
                    history = (log, action, log[2] + 1)
                    asked = self._asks
                    if not hands[target] & bit:
                        following = target if deal.to_asked else deal.targets[asker][0]
                        asks = (asked, missed, asked[2] + 1)
                        return _make_asking(hands, following, deal, asks, history)
                    hand |= bit
                    new = list(hands)
                    new[target] ^= bit
                    if hand & rank != rank:
                        if new[target]:
                            new[asker] = hand
                            asks = (asked, given, asked[2] + 1)
                            return _make_asking(tuple(new), asker, deal, asks, history)
                        laid = 0
                    else:
                        laid = rank
                        given = completed
                    new[asker] = hand ^ laid
                    asks = (asked, given, asked[2] + 1)
                    return self._after_got(
                        tuple(new), asker, target, laid, asks=asks, history=history
                    )
        return self._refuse_or_step(action)

    def _refuse_or_step(self, action: Action) -> QuartetsState | Violation:
        phase = self.phase
        if phase is Phase.ASK:
            kind = type(action)
            if kind is Ask:
                if not self._deal.cards:
                    return Violation(
                        ViolationCode.UNKNOWN_ACTION,
                        "Under these rules you ask for a rank, as ask 3 8, not for one card.",
                    )
                card = action.card  # type: ignore[union-attr]
                if not isinstance(card, Card):
                    return Violation(ViolationCode.NOT_IN_DECK, f"{card!r} is not a playing card.")
                index = card.index
                return self._ask(action, action.seat, index, _SET_OF[index])  # type: ignore[union-attr]
            if kind is AskRank:
                if self._deal.cards:
                    return Violation(
                        ViolationCode.UNKNOWN_ACTION,
                        "Under these rules you ask for one exact card, as ask 3 8S, "
                        "not for a rank.",
                    )
                rank = action.rank  # type: ignore[union-attr]
                if not isinstance(rank, Rank):
                    return Violation(ViolationCode.NOT_IN_DECK, f"{rank!r} is not a rank.")
                result = self._ask(action, action.seat, None, rank - 2)  # type: ignore[union-attr]
                if isinstance(result, Violation) and result.code is ViolationCode.ASK_RANK_NOT_HELD:
                    return Violation(result.code, _rank_not_held(rank))
                return result
            return Violation(ViolationCode.WRONG_PHASE, _ASK_NOW[not self._deal.cards])
        if phase is Phase.DEAL:
            if type(action) is Deal:
                return self._deal_cards(action)
            return Violation(
                ViolationCode.DEAL_EXPECTED, "The cards must be shuffled and dealt first."
            )
        return Violation(ViolationCode.GAME_OVER, "The match is over: nobody acts any more.")

    def _deal_cards(self, deal: Deal[Card]) -> QuartetsState | Violation:
        order = deal.order
        if len(order) != DECK or len({c.index for c in order if isinstance(c, Card)}) != DECK:
            return Violation(
                ViolationCode.BAD_DEAL, "A deal must order all 52 cards, each exactly once."
            )
        players = len(self.hands)
        dealer = self.dealer
        dealt = deal_round([c.index for c in order], players, (dealer + 1) % players)
        hands, laid = lay_down_all(dealt, RANK_SETS)
        history = logged(self._log, deal)
        asker = first_asker(hands, dealer)
        if asker is None:
            return self._end_deal(laid, EMPTY_LOG, history)
        part = self._deal
        fixed = _part(
            part.rules, hands, dealer, laid=laid, scores=part.scores, results=part.results
        )
        return _make_asking(hands, asker, fixed, EMPTY_LOG, history)

    def _ask(
        self, action: Action, target: int, piece: int | None, set_id: int
    ) -> QuartetsState | Violation:
        """Any ask, checked by the rules: refused with their violation, or carried out."""
        hands = self.hands
        asker = self._asker
        assert asker is not None
        violation = ask_violation(hands, asker, target, piece=piece, set_id=set_id, model=RANK_SETS)
        if violation is not None:
            return violation
        wanted = MEMBERS[set_id] if piece is None else 1 << piece
        hands, asked = ask(hands, asker, target, wanted, RANK_SETS)
        history = logged(self._log, action)
        asks = logged(self._asks, asked)
        if asked.given:
            return self._after_got(hands, asker, target, asked.laid, asks=asks, history=history)
        following = next_asker(hands, asker, target, False, self.rules.turn_passes)
        return _make_asking(hands, following, self._deal, asks, history)

    def _after_got(
        self,
        hands: tuple[int, ...],
        asker: Seat,
        target: Seat,
        laid: int,
        *,
        asks: LogNode,
        history: LogNode,
    ) -> QuartetsState:
        """The state after an ask that got something: ``hands`` with any set laid down."""
        deal = self._deal
        laid_by = deal.laid
        if laid:
            new = list(laid_by)
            new[asker] |= laid
            laid_by = tuple(new)
        following = next_asker(hands, asker, target, True)
        if following is None:
            return self._end_deal(laid_by, asks, history)
        if hands[asker] and hands[target]:  # nobody went out: the same seats may be asked
            deal = _new_deal(
                deal.rules,
                deal.dealer,
                laid_by,
                deal.scores,
                deal.results,
                deal.targets,
                deal.cards,
                deal.to_asked,
            )
        else:
            deal = _part(
                deal.rules,
                hands,
                deal.dealer,
                laid=laid_by,
                scores=deal.scores,
                results=deal.results,
            )
        return _make_asking(hands, following, deal, asks, history)

    def _end_deal(self, laid: tuple[int, ...], asks: LogNode, history: LogNode) -> QuartetsState:
        points = tuple(m.bit_count() // 4 for m in laid)
        assert sum(points) == SETS
        scores = tuple(a + b for a, b in zip(self.scores, points))
        results = (*self.results, DealResult(self.dealer, points))
        rules = self.rules
        players = rules.players
        over = len(results) >= rules.match_deals
        empty = (0,) * players
        part = _part(
            rules,
            empty,
            (self.dealer + 1) % players,
            laid=empty,
            scores=scores,
            results=results,
        )
        return _BUILD[_OVER if over else _DEAL](empty, None, part, EMPTY_LOG, history)

    # -- chance, views, sampling, conservation --------------------------------------------
    def chance_outcome(self, rng: random.Random) -> Action:
        return shuffle(CARDS, rng)

    def zones(self) -> Mapping[str, PieceSet[Card]]:
        if self.phase is not Phase.ASK:
            return {"deck": DECK_52}
        zones = {f"hand {s}": PieceSet(h, CARD_UNIVERSE) for s, h in enumerate(self.hands)}
        for s, m in enumerate(self.laid):
            zones[f"sets {s}"] = PieceSet(m, CARD_UNIVERSE)
        return zones

    def view(self, seat: Seat) -> QuartetsView:
        """What ``seat`` may know: its cards, every ask and what it brought, the sets laid down,
        how many cards the others hold, and the scores."""
        check_seat(seat, self.rules.players)
        asking = self.phase is Phase.ASK
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

    def dealt(self) -> tuple[int, ...]:
        """The hands (card masks by seat) as this deal dealt them, before any set was laid."""
        if self.phase is not Phase.ASK:
            return (0,) * self.rules.players
        deal = self.history.back(len(self.asks)).last
        assert isinstance(deal, Deal)
        players = self.rules.players
        return deal_round([c.index for c in deal.order], players, (self.dealer + 1) % players)

    def sample(self, seat: Seat, rng: random.Random) -> QuartetsState:
        """A state ``seat`` cannot tell from this one: the cards it cannot place are dealt
        again at random, keeping every count and everything the asks revealed.

        Every card that moved since the deal did so in public, so only the *free* cards (never
        handed over nor laid down) are hidden, and they still lie where they were dealt. The
        sample keeps the rest where it is, places the free cards within what the asks showed
        (see :mod:`tablegames.collecting.reveal`), and rebuilds the deal that gave them, so
        its history replays to it.
        """
        check_seat(seat, self.rules.players)
        if self.phase is not Phase.ASK:
            return self
        players = self.rules.players
        dealt = self.dealt()
        first = (self.dealer + 1) % players
        known = knowledge(
            RANK_SETS,
            seat,
            counts=hand_sizes(DECK, players, first),
            own=dealt[seat],
            laid_at_deal=tuple(RANK_SETS.complete(h) for h in dealt),
            asks=self.asks.to_tuple(),
            piece_asks=self.rules.ask == "card",
        )
        new_dealt = sample_deal(known, RANK_SETS, rng)
        free = known.free
        hands = tuple((h & ~free) | (d & free) for h, d in zip(self.hands, new_dealt))
        actions: list[Action] = []
        node = self.history
        for _ in range(len(self.asks)):
            actions.append(node.last)  # type: ignore[arg-type]
            node = node.back(1)
        history = node.back(1).append(_deal_of_masks(new_dealt, (self.dealer + 1) % players))
        for action in reversed(actions):
            history = history.append(action)
        return _make_asking(hands, self._asker, self._deal, self._asks, history.log)


# A state's phase is its class: one subclass per phase, whose ``phase``, ``is_chance`` and
# ``is_over`` are class attributes, read quicker than a property (the benchmark loop asks for
# two of them at every decision). The subclasses add nothing else.


class _Dealing(QuartetsState):
    __slots__ = ()
    phase = _DEAL
    is_chance = True


class _Asking(QuartetsState):
    __slots__ = ()
    phase = _ASK


class _Over(QuartetsState):
    __slots__ = ()
    phase = _OVER
    is_over = True


_IN_PHASE: dict[Phase, type[QuartetsState]] = {cls.phase: cls for cls in (_Dealing, _Asking, _Over)}
"""The class of the states in each phase."""
_BUILD = {
    _Dealing.phase: builder(_Dealing, _Dealing.__attrs_init__),
    _Asking.phase: builder(_Asking, _Asking.__attrs_init__),
    _Over.phase: builder(_Over, _Over.__attrs_init__),
}
"""By phase: builds a state from its fields (hands, asker, deal part, asks, history), filled
straight into its slots as its ``__attrs_init__`` would (:mod:`tablegames.core.frozen`):
without the public constructor's rebuilding of the deal part."""
_make_asking = _BUILD[_ASK]
"""Builds an asking state: on the hot path of every ask."""


def _legal_asks(
    hand: int, targets: tuple[Seat, ...], asker: Seat, cards: bool
) -> tuple[Action, ...]:
    """Every ask ``asker`` holding ``hand`` may make of ``targets``, seat by seat, listed
    anew (the tests compare the remembered listings with it)."""
    return asks_for(wanted(hand, cards), targets, cards)


CardAsk = tuple[Seat, int, int, Asked, Asked, Asked]
"""What the fast path needs of one card ask by one asker: the seat asked, the card's bit, the
mask of its rank, and the public records of the ask when it got nothing, when it got the card,
and when the asker then laid the rank down."""

_ASKED: list[dict[int, CardAsk] | None] = [None] * MAX_PLAYERS
"""By asker: each ready-made card ask (:data:`~tablegames.quartets.actions.ASKS`), keyed by its
``id``, with what the fast path needs (:data:`CardAsk`). Those objects live as long as the
module, so the key is theirs alone, and an ``int`` key is the cheapest look-up (an action's
own hash is computed in Python). Made for an asker at its first ask; records are immutable
values, so every state shares them."""


def _card_asks(asker: Seat) -> dict[int, CardAsk]:
    """Make ``asker``'s table of :data:`_ASKED`."""
    table: dict[int, CardAsk] = {}
    for target, row in enumerate(ASKS):
        if target != asker:
            for index, action in enumerate(row):
                bit = 1 << index
                rank = RANK_CARDS[index]
                table[id(action)] = (
                    target,
                    bit,
                    rank,
                    Asked(asker, target, bit, 0, 0),
                    Asked(asker, target, bit, bit, 0),
                    Asked(asker, target, bit, bit, rank),
                )
    _ASKED[asker] = table
    return table


@attrs.frozen
class QuartetsView(ClientView):
    """What one seat may know. ``laid`` holds each seat's sets laid down this deal; ``asks``
    is every ask of this deal with what it brought (card masks: see
    :class:`~tablegames.collecting.Asked`).

    >>> import random
    >>> state = new_match(Rules(players=3))
    >>> view = state.apply(state.chance_outcome(random.Random(0))).view(1)
    >>> view.hand_sizes, len(view.hand), view.asks
    ((17, 14, 17), 14, ())
    """

    seat: Seat
    phase: Phase
    to_act: Seat | None
    dealer: Seat
    hand: PieceSet[Card]
    hand_sizes: tuple[int, ...]
    laid: tuple[PieceSet[Card], ...]
    asks: tuple[Asked, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]
    results: tuple[DealResult, ...]
    legal_actions: tuple[Action, ...]
    rules: Rules = attrs.field(kw_only=True, repr=False)
    """The rules of the match (public)."""

    wire = staticmethod(view_dict)

    def sample(self, rng: random.Random) -> QuartetsState:
        """A full state consistent with this view, built from the view alone: the start of
        this deal, a deal drawn as ``state.sample(seat, rng)`` draws it, and this deal's asks
        replayed (see :mod:`tablegames.quartets.view_sampling`).

        >>> state = new_match(Rules(players=3))
        >>> view = state.apply(state.chance_outcome(random.Random(0))).view(1)
        >>> view.sample(random.Random(1)).view(1) == view
        True
        """
        from .view_sampling import sample_view  # noqa: PLC0415 (it builds on this module)

        return sample_view(self, rng)


_CARD_DECODER: MaskDecoder[Card] = MaskDecoder(CARDS)
_CLOCKWISE: tuple[tuple[tuple[Seat, ...], ...], ...] = tuple(
    tuple(tuple((seat + i) % players for i in range(1, players)) for seat in range(players))
    for players in range(10)
)
"""``_CLOCKWISE[players][seat]``: the other seats, clockwise from ``seat``'s left."""


def _rank_not_held(rank: Rank) -> str:
    return (
        f"You hold no {rank.letter} (the {RANK_SETS.names[rank - 2]}): you may ask only for a "
        "rank you hold."
    )


_ASK_NOW = (
    "It is time to ask a player for a card, as ask 3 8S.",
    "It is time to ask a player for a rank, as ask 3 8.",
)


def new_match(rules: Rules | None = None) -> QuartetsState:
    """The first state of a match: the first dealer is about to shuffle.

    >>> new_match(Rules(players=3)).phase, new_match().dealer
    (<Phase.DEAL: 'deal'>, 0)
    """
    rules = rules or Rules()
    empty = (0,) * rules.players
    part = _part(rules, empty, rules.first_dealer, laid=empty, scores=empty, results=())
    return _BUILD[_DEAL](empty, None, part, EMPTY_LOG, EMPTY_LOG)
