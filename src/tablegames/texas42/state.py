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
from collections.abc import Mapping, Sequence

import attrs

from tablegames.core.actions import PASS, Deal, Pass, Play
from tablegames.core.chance import shuffle
from tablegames.core.game import GameState
from tablegames.core.history import History
from tablegames.core.sampling import assign_hidden
from tablegames.core.seats import Seat
from tablegames.core.violations import Violation, ViolationCode
from tablegames.pieces.dominoes import DOMINO_UNIVERSE, DOMINOES, DOUBLE_SIX, Domino
from tablegames.pieces.sets import MaskDecoder, PieceSet, bits, mask_of
from tablegames.tricks.follow import legal_plays, play_violation
from tablegames.tricks.table import Trick, TrickTable, revealed_voids

from .actions import PLAYS, TRUMPS, Action, Bid, Trump, trump_choices
from .bidding import bid_violation, legal_bids
from .model import COUNT, DOUBLES, MODELS, NO_TRUMP, SUIT_NAMES
from .rules import Rules
from .scoring import decided, match_winner, settle

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


@attrs.frozen(repr=True)
class Texas42State(GameState[Action]):
    """A moment of a Texas 42 match (see the module doc). Hands are tile masks by seat.

    >>> state = new_match()
    >>> state = state.apply(state.chance_outcome(random.Random(0)))
    >>> state.phase.value, state.to_act, len(state.hand(0))
    ('bid', 1, 7)
    """

    game_name = "texas42"

    rules: Rules
    phase: Phase
    dealer: Seat
    hands: tuple[int, ...]
    calls: tuple[int, ...]
    """This hand's calls in order from the dealer's left: 0 for a pass, else the bid."""
    high_bid: int
    bidder: Seat | None
    trump: int | None
    table: TrickTable | None
    scores: tuple[int, int]
    results: tuple[HandResult, ...]
    history: History[Action] = attrs.field(eq=False, repr=False)

    # -- whose turn -------------------------------------------------------------------------
    @property
    def to_act(self) -> Seat | None:
        phase = self.phase
        if phase is Phase.PLAY:
            return self.table.to_play  # type: ignore[union-attr]
        if phase is Phase.BID:
            return (self.dealer + 1 + len(self.calls)) % SEATS
        if phase is Phase.TRUMP:
            return self.bidder
        return None

    @property
    def is_chance(self) -> bool:
        return self.phase is Phase.DEAL

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def winners(self) -> tuple[Seat, ...]:
        if self.phase is not Phase.OVER:
            return ()
        side = match_winner(self.scores, self.rules)
        return SIDES[side] if side is not None else ()

    def hand(self, seat: Seat) -> PieceSet[Domino]:
        """The tiles ``seat`` holds."""
        return PieceSet(self.hands[seat], DOMINO_UNIVERSE)

    @property
    def hand_points(self) -> tuple[int, int]:
        """Points each side has taken so far this hand (tricks plus count)."""
        if self.table is None:
            return (0, 0)
        return _side_points(self.table)

    @property
    def trick_tiles(self) -> tuple[Domino, ...]:
        """The tiles of the trick in progress, in play order."""
        return () if self.table is None else tuple(DOMINOES[p] for p in self.table.pieces)

    @property
    def last_result(self) -> HandResult | None:
        """The most recent finished hand, if any."""
        return self.results[-1] if self.results else None

    # -- legal actions ----------------------------------------------------------------------
    def legal_actions(self) -> tuple[Action, ...]:
        phase = self.phase
        if phase is Phase.PLAY:
            table = self.table
            assert table is not None
            mask = legal_plays(self.hands[table.to_play], table.pieces, MODELS[self.trump])  # type: ignore[index]
            return _PLAY_DECODER.decode(mask)
        if phase is Phase.BID:
            return _bid_actions(self.high_bid, self.rules.bid_ladder, self._must_bid())
        if phase is Phase.TRUMP:
            return trump_choices(self.rules)
        return ()

    def _must_bid(self) -> bool:
        return self.rules.forced_bid and len(self.calls) == SEATS - 1 and self.high_bid == 0

    # -- transitions ------------------------------------------------------------------------
    def _step(self, action: Action) -> Texas42State | Violation:
        phase = self.phase
        if phase is Phase.PLAY:
            if type(action) is Play:
                return self._play(action.piece)
        elif phase is Phase.BID:
            if type(action) is Bid:
                return self._bid(action.amount)
            if type(action) is Pass:
                return self._pass()
        elif phase is Phase.TRUMP:
            if type(action) is Trump:
                return self._name_trump(action.suit)
        elif phase is Phase.DEAL:
            if type(action) is Deal:
                return self._deal(action)
            return Violation(
                ViolationCode.DEAL_EXPECTED, "The tiles must be shuffled and dealt first."
            )
        else:
            return Violation(ViolationCode.GAME_OVER, "The match is over: nobody acts any more.")
        return Violation(ViolationCode.WRONG_PHASE, _WRONG_PHASE[phase])

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
        return Texas42State(
            self.rules,
            Phase.BID,
            dealer,
            tuple(hands),
            (),
            0,
            None,
            None,
            None,
            self.scores,
            self.results,
            self.history.append(deal),
        )

    def _pass(self) -> Texas42State | Violation:
        if self._must_bid():
            return Violation(
                ViolationCode.MUST_BID,
                "The dealer must bid when the other three have passed (forced bid): "
                "bid 30 or more.",
            )
        calls = (*self.calls, 0)
        history = self.history.append(PASS)
        if len(calls) == SEATS and self.bidder is None:
            result = HandResult(self.dealer, None, 0, None, (0, 0), (0, 0), None, (0, 0))
            return self._next_hand(result, self.scores, history)
        phase = Phase.TRUMP if len(calls) == SEATS else Phase.BID
        return Texas42State(
            self.rules,
            phase,
            self.dealer,
            self.hands,
            calls,
            self.high_bid,
            self.bidder,
            None,
            None,
            self.scores,
            self.results,
            history,
        )

    def _bid(self, amount: int) -> Texas42State | Violation:
        violation = bid_violation(amount, self.high_bid, self.rules)
        if violation is not None:
            return violation
        calls = (*self.calls, amount)
        phase = Phase.TRUMP if len(calls) == SEATS else Phase.BID
        return Texas42State(
            self.rules,
            phase,
            self.dealer,
            self.hands,
            calls,
            amount,
            self.to_act,
            None,
            None,
            self.scores,
            self.results,
            self.history.append(Bid(amount)),
        )

    def _name_trump(self, suit: int) -> Texas42State | Violation:
        if suit not in range(NO_TRUMP + 1) or TRUMPS[suit] not in trump_choices(self.rules):
            return _bad_trump(suit)
        bidder = self.bidder
        assert bidder is not None
        return Texas42State(
            self.rules,
            Phase.PLAY,
            self.dealer,
            self.hands,
            self.calls,
            self.high_bid,
            bidder,
            suit,
            TrickTable.start(ORDER, bidder, SEATS),
            self.scores,
            self.results,
            self.history.append(TRUMPS[suit]),
        )

    def _play(self, tile: Domino) -> Texas42State | Violation:
        table = self.table
        assert table is not None
        model = MODELS[self.trump]  # type: ignore[index]
        if not isinstance(tile, Domino):
            return Violation(ViolationCode.NOT_IN_DECK, f"{tile} is not a domino.")
        index = tile.index
        seat = table.to_play
        hand = self.hands[seat]
        violation = play_violation(hand, table.pieces, index, model)
        if violation is not None:
            return violation
        hands = list(self.hands)
        hands[seat] = hand & ~(1 << index)
        table = table.play(index, model)
        history = self.history.append(PLAYS[index])
        if not table.pieces:  # a trick was completed
            finished = self._hand_finished(table)
            if finished is not None:
                return self._next_hand(finished, _add(self.scores, finished.score), history)
        return Texas42State(
            self.rules,
            Phase.PLAY,
            self.dealer,
            tuple(hands),
            self.calls,
            self.high_bid,
            self.bidder,
            self.trump,
            table,
            self.scores,
            self.results,
            history,
        )

    def _hand_finished(self, table: TrickTable) -> HandResult | None:
        bidder = self.bidder
        assert bidder is not None
        marks = self.rules.scoring == "marks"
        if len(table.tricks) < HAND and not marks:
            return None
        side = side_of(bidder)
        points = _side_points(table)
        tricks = (table.won[0] + table.won[2], table.won[1] + table.won[3])
        if len(table.tricks) < HAND and not decided(
            self.high_bid, points[side], points[1 - side], tricks[1 - side]
        ):
            return None
        made, ours, theirs = settle(self.high_bid, points[side], points[1 - side], self.rules)
        score = (ours, theirs) if side == 0 else (theirs, ours)
        return HandResult(
            self.dealer,
            bidder,
            self.high_bid,
            self.trump,
            points,
            tricks,
            made,
            score,
            table.tricks,
        )

    def _next_hand(
        self, result: HandResult, scores: tuple[int, int], history: History[Action]
    ) -> Texas42State:
        over = match_winner(scores, self.rules) is not None
        return Texas42State(
            self.rules,
            Phase.OVER if over else Phase.DEAL,
            (self.dealer + 1) % SEATS,
            (0,) * SEATS,
            (),
            0,
            None,
            None,
            None,
            scores,
            (*self.results, result),
            history,
        )

    # -- chance, views, sampling, conservation --------------------------------------------
    def chance_outcome(self, rng: random.Random) -> Action:
        return shuffle(DOMINOES, rng)

    def zones(self) -> Mapping[str, PieceSet[Domino]]:
        if self.phase in (Phase.DEAL, Phase.OVER):
            return {"boneyard": DOUBLE_SIX}
        zones = {f"hand {s}": PieceSet(self.hands[s], DOMINO_UNIVERSE) for s in range(SEATS)}
        if self.table is not None:
            zones["trick"] = PieceSet(self.table.in_play, DOMINO_UNIVERSE)
            for s in range(SEATS):
                zones[f"won {s}"] = PieceSet(self.table.taken[s], DOMINO_UNIVERSE)
        return zones

    def view(self, seat: Seat) -> Texas42View:
        """What ``seat`` may know: its tiles, every call and play, how many tiles others hold."""
        table = self.table
        return Texas42View(
            seat=seat,
            phase=self.phase,
            to_act=self.to_act,
            dealer=self.dealer,
            hand=self.hand(seat)
            if self.phase not in (Phase.DEAL, Phase.OVER)
            else PieceSet(0, DOMINO_UNIVERSE),
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            calls=self.calls,
            high_bid=self.high_bid,
            bidder=self.bidder,
            trump=self.trump,
            trick=()
            if table is None
            else tuple(zip(table.seats_in_trick, (DOMINOES[p] for p in table.pieces))),
            tricks=()
            if table is None
            else tuple(
                (t.leader, tuple(DOMINOES[p] for p in t.pieces), t.winner) for t in table.tricks
            ),
            hand_points=self.hand_points,
            scores=self.scores,
            results=self.results,
            legal_actions=self.legal_actions() if self.to_act == seat else (),
        )

    def sample(self, seat: Seat, rng: random.Random) -> Texas42State:
        if self.phase in (Phase.DEAL, Phase.OVER):
            return self
        others = [s for s in range(SEATS) if s != seat]
        hidden = 0
        for s in others:
            hidden |= self.hands[s]
        voids = revealed_voids(self.table, MODELS[self.trump]) if self.table else {}  # type: ignore[index]
        new = assign_hidden(hidden, {s: self.hands[s].bit_count() for s in others}, voids, rng)
        hands = [new.get(s, self.hands[s]) for s in range(SEATS)]
        # Rebuild the deal that gave these hands, then replay this hand's actions on it.
        actions = self.history.to_tuple()
        start = max(i for i, a in enumerate(actions) if type(a) is Deal)
        played = self.table.played() if self.table is not None else (0,) * SEATS
        dealt = [
            [DOMINOES[i] for i in range(28) if (hands[s] | played[s]) >> i & 1]
            for s in range(SEATS)
        ]
        state = Texas42State(
            self.rules,
            Phase.DEAL,
            self.dealer,
            (0,) * SEATS,
            (),
            0,
            None,
            None,
            None,
            self.scores,
            self.results,
            self.history.back(len(actions) - start),
        )
        state = state.apply(deal_of(dealt, self.dealer))
        for action in actions[start + 1 :]:
            state = state.apply(action)
        return state


@attrs.frozen
class Texas42View:
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

    def _repr_svg_(self) -> str:
        """This view drawn as SVG: the seat's own hand face up, the others as backs."""
        from tablegames.render import svg  # noqa: PLC0415 (render imports every game)

        return svg(self)


def _bad_trump(suit: int) -> Violation:
    if suit == DOUBLES:
        sentence = "Doubles may be named trumps only under the doubles_trump option."
    elif suit == NO_TRUMP:
        sentence = "No trump (follow-me) may be named only under the follow_me option."
    else:
        sentence = f"Trump is a number from 0 (blanks) to 6 (sixes), not {suit}."
    return Violation(ViolationCode.BAD_TRUMP, sentence)


def _side_points(table: TrickTable) -> tuple[int, int]:
    out = [0, 0]
    for seat in range(SEATS):
        taken = table.taken[seat]
        out[seat % 2] += table.won[seat] + sum(COUNT[p] for p in bits(taken))
    return (out[0], out[1])


def _add(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    return (a[0] + b[0], a[1] + b[1])


_WRONG_PHASE = {
    Phase.BID: "It is time to bid or pass.",
    Phase.TRUMP: "The high bidder must name trumps first (trump 0..6).",
    Phase.PLAY: "It is time to play a tile.",
}


_PLAY_DECODER: MaskDecoder[Action] = MaskDecoder(PLAYS)


@functools.cache
def _bid_actions(standing: int, ladder: str, must_bid: bool) -> tuple[Action, ...]:
    bids = tuple(Bid(b) for b in legal_bids(standing, Rules(bid_ladder=ladder)))  # type: ignore[arg-type]
    return bids if must_bid else (PASS, *bids)


def new_match(rules: Rules | None = None) -> Texas42State:
    """The first state of a match: the first dealer is about to shuffle.

    >>> new_match().phase
    <Phase.DEAL: 'deal'>
    """
    rules = rules or Rules()
    return Texas42State(
        rules,
        Phase.DEAL,
        rules.first_dealer,
        (0,) * SEATS,
        (),
        0,
        None,
        None,
        None,
        (0, 0),
        (),
        History.EMPTY,
    )


def suit_name(suit: int) -> str:
    """``fives`` for 5, and so on.

    >>> suit_name(0)
    'blanks'
    """
    return SUIT_NAMES[suit]
