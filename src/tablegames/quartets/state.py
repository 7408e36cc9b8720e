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
from operator import itemgetter
from typing import Any, NoReturn

import attrs
from attrs.exceptions import FrozenInstanceError

from tablegames.collecting.asking import Asked, ask_violation
from tablegames.collecting.hands import deal_round, hand_sizes, lay_down_all
from tablegames.collecting.reveal import knowledge
from tablegames.collecting.sampling import sample_deal
from tablegames.collecting.turns import first_asker, next_holder
from tablegames.core.actions import Deal
from tablegames.core.chance import shuffle
from tablegames.core.errors import IllegalActionError, TableGamesError
from tablegames.core.game import GameState
from tablegames.core.history import History
from tablegames.core.seats import Seat
from tablegames.core.violations import Violation, ViolationCode
from tablegames.pieces.cards import CARD_UNIVERSE, CARDS, DECK_52, Card, Rank
from tablegames.pieces.sets import MaskDecoder, PieceSet, mask_of

from .actions import ASKS, RANK_ASKS, Action, Ask, AskRank
from .masks import ASK_RECORDS, LOW, SPREAD, card_indices, failed_ask, got_card, ranks_held
from .model import RANK_SETS, SETS
from .rules import Rules

DECK = 52
MEMBERS = RANK_SETS.members
_SET_OF = RANK_SETS.set_of
_MEMBERS_OF = tuple(MEMBERS[k] for k in _SET_OF)
"""By card index: every card of its rank."""
_BIT = tuple(1 << i for i in range(DECK))
"""By card index: its bit in a card mask."""


class Phase(enum.Enum):
    """What the table is doing.

    >>> new_match().phase.value
    'deal'
    """

    DEAL = "deal"
    ASK = "ask"
    OVER = "over"


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


class QuartetsState(GameState[Action]):
    """A moment of a Quartets match (see the module doc). Hands and laid sets are card masks
    by seat; ``asks`` is the public record of this deal's asks.

    Frozen: every field is read-only (``FrozenInstanceError``), and ``apply`` builds one new
    object per decision, sharing the fields that change once a deal (rules, dealer, scores,
    results) by reference.

    >>> state = new_match(Rules(players=3))
    >>> state.to_act, state.is_chance, state.players
    (None, True, 3)
    >>> state.scores = (1, 2, 3)
    Traceback (most recent call last):
    ...
    attr.exceptions.FrozenInstanceError: can't set attribute
    """

    __slots__ = ("_f",)
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
    game_name = "quartets"
    fingerprint_fields = ("rules", "phase", "dealer", "hands", "laid", "asker", "scores", "asks")
    _f: _Fields
    """``(deal fields, hands, laid, asker, asks, history)``: one slot, set once."""

    def __init__(  # noqa: PLR0917 (the fields, in the order attrs gave them)
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
        _set_fields(
            self,
            (
                (rules, phase, dealer, scores, results, rules.ask == "card", rules.turn_passes),
                hands,
                laid,
                asker,
                asks,
                history,
            ),
        )

    # -- fields -----------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self._f[0][0]

    @property
    def phase(self) -> Phase:
        return self._f[0][1]

    @property
    def dealer(self) -> Seat:
        """The seat that dealt (or is about to deal) this deal."""
        return self._f[0][2]

    @property
    def hands(self) -> tuple[int, ...]:
        """By seat: the cards it holds (a card mask)."""
        return self._f[1]

    @property
    def laid(self) -> tuple[int, ...]:
        """By seat: the cards of the sets it has laid down this deal."""
        return self._f[2]

    @property
    def asker(self) -> Seat | None:
        """The seat whose turn it is to ask (``None`` outside the asking)."""
        return self._f[3]

    @property
    def scores(self) -> tuple[int, ...]:
        """By seat: points from the finished deals."""
        return self._f[0][3]

    @property
    def results(self) -> tuple[DealResult, ...]:
        """Every finished deal, oldest first."""
        return self._f[0][4]

    @property
    def asks(self) -> History[Asked]:
        """This deal's asks and their outcomes, oldest first."""
        return self._f[4]

    @property
    def history(self) -> History[Action]:
        return self._f[5]

    def _key(self) -> tuple[object, ...]:
        f = self._f
        return (f[0], f[1], f[2], f[3], f[4])

    def __eq__(self, other: object) -> bool:
        if other is self:
            return True
        if type(other) is not QuartetsState:
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        (rules, phase, dealer, scores, results, _, _), hands, laid, asker, asks, _ = self._f
        return (
            f"QuartetsState(rules={rules!r}, phase={phase!r}, dealer={dealer!r}, "
            f"hands={hands!r}, laid={laid!r}, asker={asker!r}, scores={scores!r}, "
            f"results={results!r}, asks={asks!r})"
        )

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        (rules, phase, dealer, scores, results, _, _), hands, laid, asker, asks, history = self._f
        return (
            QuartetsState,
            (rules, phase, dealer, hands, laid, asker, scores, results, asks, history),
        )

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> NoReturn:
        raise FrozenInstanceError

    # -- whose turn -------------------------------------------------------------------------
    @property
    def to_act(self) -> Seat | None:
        return self._f[3]

    @property
    def is_chance(self) -> bool:
        return self._f[0][1] is _DEAL

    @property
    def is_over(self) -> bool:
        return self._f[0][1] is _OVER

    @property
    def winners(self) -> tuple[Seat, ...]:
        """Every seat with the most points once the match is over (joint winners on a tie)."""
        if self.phase is not Phase.OVER:
            return ()
        best = max(self.scores)
        return tuple(s for s, score in enumerate(self.scores) if score == best)

    @property
    def players(self) -> int:
        """How many seats are at the table."""
        return self.rules.players

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
        deal, hands, _, asker, _, _ = self._f
        if asker is None:
            return ()
        hand = hands[asker]
        held = (hand | hand >> 13 | hand >> 26 | hand >> 39) & LOW
        by_card = deal[5]
        mask = held * SPREAD & ~hand if by_card else held
        if 0 in hands:
            return _legal_asks(mask, by_card, hands, asker)
        # Everyone holds cards (most of a deal): the asks depend on the seat and the mask only,
        # and a seat often asks again with the hand it had at its last turn.
        key = asker | len(hands) << 4 | by_card << 8
        memo = _LAST_ASKS.get(key)
        if memo is not None and memo[0] == mask:
            return memo[1]
        legal = _legal_asks(mask, by_card, hands, asker)
        _LAST_ASKS[key] = (mask, legal)
        return legal

    # -- transitions ------------------------------------------------------------------------
    def apply(self, action: Action, seat: Seat | None = None) -> QuartetsState:
        # The transitions live here rather than in ``_step`` to spare a call per decision;
        # ``_step`` (and so ``check``) is derived from this, so the two cannot disagree.
        deal, hands, laid, asker, asks, history = self._f
        if seat is not None and seat != asker:
            raise IllegalActionError(self._turn_violation(seat))
        kind = type(action)
        if asker is not None:
            if kind is Ask:
                card = action.card  # type: ignore[union-attr]
                target = action.seat  # type: ignore[union-attr]
                hand = hands[asker]
                if (
                    type(card) is Card
                    and 0 <= target < len(hands)
                    and target != asker
                    and hands[target]
                    and deal[5]
                ):
                    slot = card.index
                    wanted = _BIT[slot]
                    set_mask = _MEMBERS_OF[slot]
                    if hand & wanted or not hand & set_mask:
                        raise IllegalActionError(self._refuse(action))
                else:
                    raise IllegalActionError(self._refuse(action))
            elif kind is AskRank:
                rank = action.rank  # type: ignore[union-attr]
                target = action.seat  # type: ignore[union-attr]
                hand = hands[asker]
                if (
                    type(rank) is Rank
                    and 0 <= target < len(hands)
                    and target != asker
                    and hands[target]
                    and ranks_held(hand) >> (rank - 2) & 1
                    and not deal[5]
                ):
                    wanted = set_mask = MEMBERS[rank - 2]
                    slot = rank + 50
                else:
                    raise IllegalActionError(self._refuse(action))
            else:
                raise IllegalActionError(self._refuse(action))
            given = hands[target] & wanted
            history = _append(history, action)
            if not given:
                record = ASK_RECORDS[9 * asker + target][slot]
                if record is None:
                    record = failed_ask(asker, target, slot, wanted)
                asks = _append(asks, record)
                if deal[6] != "asked":
                    target = next_holder(hands, (asker + 1) % len(hands))
                state = _new(QuartetsState)
                _set_fields(state, (deal, hands, laid, target, asks, history))
                return state
            held = hand | given
            new = list(hands)
            new[target] ^= given
            if held & set_mask == set_mask:
                new[asker] = held ^ set_mask
                laid_now = list(laid)
                laid_now[asker] |= set_mask
                laid = tuple(laid_now)
                lays = set_mask
            else:
                new[asker] = held
                lays = 0
            if slot < DECK:
                record = ASK_RECORDS[9 * asker + target][65 + 2 * slot + (lays != 0)]
                if record is None:
                    record = got_card(asker, target, slot, lays)
                asks = _append(asks, record)
            else:
                asks = _append(asks, Asked(asker, target, wanted, given, lays))
            hands = tuple(new)
            if hands[asker]:
                state = _new(QuartetsState)
                _set_fields(state, (deal, hands, laid, asker, asks, history))
                return state
            if hands[target]:
                state = _new(QuartetsState)
                _set_fields(state, (deal, hands, laid, target, asks, history))
                return state
            following = next_holder(hands, (asker + 1) % len(hands))
            if following is None:
                return self._end_deal(laid, asks, history)
            state = _new(QuartetsState)
            _set_fields(state, (deal, hands, laid, following, asks, history))
            return state
        if deal[1] is Phase.DEAL and kind is Deal:
            dealt = self._deal(action)  # type: ignore[arg-type]
            if isinstance(dealt, Violation):
                raise IllegalActionError(dealt)
            return dealt
        raise IllegalActionError(self._refuse(action))

    def _step(self, action: Action) -> QuartetsState | Violation:
        try:
            return self.apply(action)
        except IllegalActionError as exc:
            return exc.violation

    def _refuse(self, action: Action) -> Violation:
        """Why ``action`` is illegal here (called only for an action that is)."""
        deal, hands, _, asker, _, _ = self._f
        phase = deal[1]
        rules = deal[0]
        if phase is Phase.ASK:
            assert asker is not None
            kind = type(action)
            if kind is Ask:
                if rules.ask != "card":
                    return Violation(
                        ViolationCode.UNKNOWN_ACTION,
                        "Under these rules you ask for a rank, as ask 3 8, not for one card.",
                    )
                card = action.card  # type: ignore[union-attr]
                if not isinstance(card, Card):
                    return Violation(ViolationCode.NOT_IN_DECK, f"{card!r} is not a playing card.")
                index = card.index
                piece: int | None = index
                set_id = _SET_OF[index]
            elif kind is AskRank:
                if rules.ask != "rank":
                    return Violation(
                        ViolationCode.UNKNOWN_ACTION,
                        "Under these rules you ask for one exact card, as ask 3 8S, "
                        "not for a rank.",
                    )
                rank = action.rank  # type: ignore[union-attr]
                if not isinstance(rank, Rank):
                    return Violation(ViolationCode.NOT_IN_DECK, f"{rank!r} is not a rank.")
                piece = None
                set_id = rank - 2
            else:
                return Violation(
                    ViolationCode.WRONG_PHASE, "It is time to ask a player for a card."
                )
            target = action.seat  # type: ignore[union-attr]
            violation = ask_violation(
                hands, asker, target, piece=piece, set_id=set_id, model=RANK_SETS
            )
            assert violation is not None, "a legal ask was refused"
            return violation
        if phase is Phase.DEAL:
            assert type(action) is not Deal
            return Violation(
                ViolationCode.DEAL_EXPECTED, "The cards must be shuffled and dealt first."
            )
        return Violation(ViolationCode.GAME_OVER, "The match is over: nobody acts any more.")

    def _deal(self, deal: Deal[Card]) -> QuartetsState | Violation:
        order = deal.order
        if len(order) != DECK or len({c.index for c in order if isinstance(c, Card)}) != DECK:
            return Violation(
                ViolationCode.BAD_DEAL, "A deal must order all 52 cards, each exactly once."
            )
        players = self.rules.players
        dealt = deal_round([c.index for c in order], players, (self.dealer + 1) % players)
        hands, laid = lay_down_all(dealt, RANK_SETS)
        history = self.history.append(deal)
        asker = first_asker(hands, self.dealer)
        if asker is None:
            return self._end_deal(laid, History.EMPTY, history)
        return QuartetsState(
            self.rules,
            Phase.ASK,
            self.dealer,
            hands,
            laid,
            asker,
            self.scores,
            self.results,
            History.EMPTY,
            history,
        )

    def _end_deal(
        self, laid: tuple[int, ...], asks: History[Asked], history: History[Action]
    ) -> QuartetsState:
        points = tuple(m.bit_count() // 4 for m in laid)
        assert sum(points) == SETS
        scores = tuple(a + b for a, b in zip(self.scores, points))
        results = (*self.results, DealResult(self.dealer, points))
        players = self.rules.players
        over = len(results) >= self.rules.match_deals
        return QuartetsState(
            self.rules,
            Phase.OVER if over else Phase.DEAL,
            (self.dealer + 1) % players,
            (0,) * players,
            (0,) * players,
            None,
            scores,
            results,
            History.EMPTY,
            history,
        )

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
        return QuartetsState(
            self.rules,
            self.phase,
            self.dealer,
            hands,
            self.laid,
            self.asker,
            self.scores,
            self.results,
            self.asks,
            history,
        )


@attrs.frozen
class QuartetsView:
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


_DealFields = tuple[Rules, Phase, Seat, tuple[int, ...], tuple[DealResult, ...], bool, str]
"""What changes once a deal: rules, phase, dealer, scores, results (shared by reference), and
two rules read at every ask: asks are for cards (not ranks), and where a failed ask passes."""
_Fields = tuple[
    _DealFields, tuple[int, ...], tuple[int, ...], Seat | None, History[Asked], History[Action]
]
_new = object.__new__
_set_fields = QuartetsState.__dict__["_f"].__set__
_append = History.append


_LAST_ASKS: dict[int, tuple[int, tuple[Action, ...]]] = {}
"""By seat, table size and kind of ask: the last mask of askable cards (or ranks) seen while
everyone held cards, with the asks it gave (at most 9 x 8 x 2 entries)."""


def _legal_asks(
    mask: int, by_card: bool, hands: tuple[int, ...], asker: Seat
) -> tuple[Action, ...]:
    """Every ask for the cards (``by_card``) or ranks in ``mask``, to each seat holding cards
    clockwise from ``asker``'s left, lowest card first."""
    if by_card:
        indices = card_indices(mask)
        rows: tuple[tuple[Action, ...], ...] = ASKS
    else:
        indices = _RANK_DECODER.decode(mask)
        rows = RANK_ASKS
    if len(indices) == 1:
        only = indices[0]
        return tuple(rows[t][only] for t in _CLOCKWISE[len(hands)][asker] if hands[t])
    pick = itemgetter(*indices)
    out: tuple[Action, ...] = ()
    for target in _CLOCKWISE[len(hands)][asker]:
        if hands[target]:
            out += pick(rows[target])
    return out


_DEAL = Phase.DEAL
_OVER = Phase.OVER
_RANK_DECODER: MaskDecoder[int] = MaskDecoder(range(13))
_CARD_DECODER: MaskDecoder[Card] = MaskDecoder(CARDS)
_CLOCKWISE: tuple[tuple[tuple[Seat, ...], ...], ...] = tuple(
    tuple(tuple((seat + i) % players for i in range(1, players)) for seat in range(players))
    for players in range(10)
)
"""``_CLOCKWISE[players][seat]``: the other seats, clockwise from ``seat``'s left."""


def new_match(rules: Rules | None = None) -> QuartetsState:
    """The first state of a match: the first dealer is about to shuffle.

    >>> new_match(Rules(players=3)).phase, new_match().dealer
    (<Phase.DEAL: 'deal'>, 0)
    """
    rules = rules or Rules()
    players = rules.players
    return QuartetsState(
        rules,
        Phase.DEAL,
        rules.first_dealer,
        (0,) * players,
        (0,) * players,
        None,
        (0,) * players,
        (),
        History.EMPTY,
        History.EMPTY,
    )
