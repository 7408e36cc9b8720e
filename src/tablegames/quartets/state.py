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

import attrs

from tablegames.collecting.asking import Asked, ask, ask_violation, askable_pieces
from tablegames.collecting.hands import deal_round, hand_sizes, lay_down_all
from tablegames.collecting.reveal import knowledge
from tablegames.collecting.sampling import sample_deal
from tablegames.collecting.turns import first_asker, next_asker
from tablegames.core.actions import Deal
from tablegames.core.chance import shuffle
from tablegames.core.errors import TableGamesError
from tablegames.core.game import GameState
from tablegames.core.history import History
from tablegames.core.seats import Seat, check_seat
from tablegames.core.violations import Violation, ViolationCode
from tablegames.core.wire import to_json as wire_json
from tablegames.pieces.cards import CARD_UNIVERSE, CARDS, DECK_52, Card, Rank
from tablegames.pieces.sets import MaskDecoder, PieceSet, mask_of

from .actions import ASKS, RANK_ASKS, Action, Ask, AskRank
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


@attrs.frozen(repr=True)
class QuartetsState(GameState[Action]):
    """A moment of a Quartets match (see the module doc). Hands and laid sets are card masks
    by seat; ``asks`` is the public record of this deal's asks.

    >>> state = new_match(Rules(players=3))
    >>> state.to_act, state.is_chance, state.players
    (None, True, 3)
    """

    game_name = "quartets"

    rules: Rules
    phase: Phase
    dealer: Seat
    hands: tuple[int, ...]
    laid: tuple[int, ...]
    """By seat: the cards of the sets it has laid down this deal."""
    asker: Seat | None
    scores: tuple[int, ...]
    """By seat: points from the finished deals."""
    results: tuple[DealResult, ...]
    asks: History[Asked]
    """This deal's asks and their outcomes, oldest first."""
    history: History[Action] = attrs.field(eq=False, repr=False)

    # -- whose turn -------------------------------------------------------------------------
    @property
    def to_act(self) -> Seat | None:
        return self.asker if self.phase is Phase.ASK else None

    @property
    def is_chance(self) -> bool:
        return self.phase is Phase.DEAL

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

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
        if self.phase is not Phase.ASK:
            return ()
        hands = self.hands
        asker = self.asker
        assert asker is not None
        hand = hands[asker]
        players = len(hands)
        if self.rules.ask == "card":
            indices = _INDEX_DECODER.decode(askable_pieces(hand, RANK_SETS))
            rows: tuple[tuple[Action, ...], ...] = ASKS
        else:
            indices = _INDEX_DECODER.decode(RANK_SETS.held(hand))
            rows = RANK_ASKS
        if not indices:
            return ()
        if len(indices) == 1:
            only = indices[0]
            return tuple(rows[t][only] for t in _CLOCKWISE[players][asker] if hands[t])
        pick = itemgetter(*indices)
        out: tuple[Action, ...] = ()
        for target in _CLOCKWISE[players][asker]:
            if hands[target]:
                out += pick(rows[target])
        return out

    # -- transitions ------------------------------------------------------------------------
    def _step(self, action: Action) -> QuartetsState | Violation:
        phase = self.phase
        if phase is Phase.ASK:
            kind = type(action)
            if kind is Ask:
                if self.rules.ask != "card":
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
                if self.rules.ask != "rank":
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
            return Violation(ViolationCode.WRONG_PHASE, _ASK_NOW[self.rules.ask == "rank"])
        if phase is Phase.DEAL:
            if type(action) is Deal:
                return self._deal(action)
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

    def _ask(
        self, action: Action, target: int, piece: int | None, set_id: int
    ) -> QuartetsState | Violation:
        hands = self.hands
        asker = self.asker
        assert asker is not None
        hand = hands[asker]
        if not (
            0 <= target < len(hands)
            and target != asker
            and hands[target]
            and hand & MEMBERS[set_id]
            and (piece is None or not hand >> piece & 1)
        ):
            violation = ask_violation(
                hands, asker, target, piece=piece, set_id=set_id, model=RANK_SETS
            )
            assert violation is not None
            return violation
        wanted = MEMBERS[set_id] if piece is None else 1 << piece
        hands, asked = ask(hands, asker, target, wanted, RANK_SETS)
        laid = self.laid
        if asked.laid:
            new = list(laid)
            new[asker] |= asked.laid
            laid = tuple(new)
        history = self.history.append(action)
        asks = self.asks.append(asked)
        following = next_asker(hands, asker, target, asked.given != 0, self.rules.turn_passes)
        if following is None:
            return self._end_deal(laid, asks, history)
        return QuartetsState(
            self.rules,
            Phase.ASK,
            self.dealer,
            hands,
            laid,
            following,
            self.scores,
            self.results,
            asks,
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

    def to_dict(self) -> dict[str, object]:
        """This view as JSON-ready data in the notation (schema: docs/views.md).

        >>> new_match().view(0).to_dict()["seat"]
        0
        """
        return view_dict(self)

    def to_json(self) -> str:
        """This view as JSON (schema: docs/views.md).

        >>> new_match().view(0).to_json().startswith('{"game":')
        True
        """
        return wire_json(self.to_dict())

    def _repr_svg_(self) -> str:
        """This view drawn as SVG: the seat's own hand face up, the others as backs."""
        from tablegames.render import svg  # noqa: PLC0415 (render imports every game)

        return svg(self)


_INDEX_DECODER: MaskDecoder[int] = MaskDecoder(range(DECK))
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
