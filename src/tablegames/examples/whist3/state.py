"""The state of a three-handed whist match, and how each action changes it: the deal is the
game's own step, the play is the trick engine's (:class:`~tablegames.kit.TrickPlay`), made from
the game's hooks.

>>> import random
>>> state = new_match(Rules())
>>> state = state.apply(state.chance_outcome(random.Random(1)))
>>> state.phase.value, state.to_act, len(state.legal_actions())
('play', 1, 8)
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping
from typing import ClassVar

import attrs

from tablegames.kit import (
    EMPTY_LOG,
    Card,
    Deal,
    GameState,
    History,
    LogNode,
    PieceSet,
    PlayHooks,
    PlaySlots,
    Seat,
    TrickPlay,
    TrickTable,
    TrickTally,
    Valuation,
    Violation,
    ViolationCode,
    assign_hidden,
    builder,
    check_play_class,
    check_seat,
    left_of,
    logged,
    revealed_voids,
    shuffle,
)

from .actions import DECK, MODEL, PLAYS, Action
from .rules import SEATS, Rules

HAND = len(DECK) // SEATS
"""Cards dealt to each player, and so tricks in a hand: 8."""
ORDER = tuple(range(SEATS))
"""Everyone plays to every trick, clockwise."""


class Phase(enum.Enum):
    """What the table is doing.

    >>> Phase("play")
    <Phase.PLAY: 'play'>
    """

    DEAL = "deal"
    PLAY = "play"
    OVER = "over"


@attrs.frozen
class Whist3View:
    """What one seat may know: its own cards, the trick on the table, how many cards the others
    hold, the tricks won this hand and the match score.

    >>> new_match().view(0).hand_sizes
    (0, 0, 0)
    """

    seat: Seat
    phase: Phase
    to_act: Seat | None
    dealer: Seat
    hand: PieceSet[Card]
    hand_sizes: tuple[int, ...]
    trick: tuple[Card, ...]
    leader: Seat | None
    won: tuple[int, ...]
    scores: tuple[int, ...]
    legal_actions: tuple[Action, ...]
    """What ``seat`` may do now (empty when it is not its turn): agents choose from these."""


@attrs.frozen
class Part:
    """What stays put through a hand: the rules, the dealer, the hands played so far and the
    match score (tricks taken in the finished hands)."""

    rules: Rules
    dealer: Seat
    hands_played: int
    scores: tuple[int, ...]


# -- the play, told to the trick engine ---------------------------------------------------------


def not_a_card(piece: object) -> Violation | None:
    """The refusal of a piece that is not one of the 24 cards (None for one of them)."""
    if isinstance(piece, Card) and DECK.mask >> piece.index & 1:
        return None
    return Violation(ViolationCode.NOT_IN_DECK, f"{piece} is not a card of this game.")


def hand_result(part: Part, hands: tuple[int, ...], tally: TrickTally) -> tuple[int, ...] | None:
    """After a trick: once all eight are played, the tricks each seat took; else None."""
    return tally.won if tally.number == HAND else None


def each_for_themself(part: Part, seat: Seat) -> int:
    """For a solver: the seat that leads the hand (left of the dealer) against the other two."""
    return 0 if seat == left_of(part.dealer, SEATS) else 1


HOOKS: PlayHooks[Part, tuple[int, ...], Card] = PlayHooks(
    plays=PLAYS,
    chunks=((0, 13), (13, 13), (26, 13), (39, 13)),
    not_a_piece=not_a_card,
    wrong_phase="It is time to play a card.",
    hand_result=hand_result,
)
"""What the engine needs: the ready-made plays, how to read a mask of legal cards into them,
the sentences, and when a hand is over."""

PLAY: TrickPlay[Whist3State, Part, tuple[int, ...], Card] = TrickPlay(
    HOOKS, Valuation(side_of=each_for_themself)
)
"""The play of a hand: follow suit, highest of the suit led wins, the winner leads."""


@attrs.frozen
class Whist3State(GameState[Action], PlaySlots[Part]):
    """One moment of a match, in the trick engine's layout: the hands as the trick in progress
    was led, its cards, the hand's :class:`Part`, the tally of its tricks, the mask of legal
    plays and the history. Each phase is a class of its own.

    >>> new_match().is_chance
    True
    """

    game_name = "whist3"
    fingerprint_fields = ("dealer", "hands_played", "hands", "table", "scores")
    phase: ClassVar[Phase]
    play_engine: ClassVar[TrickPlay[Whist3State, Part, tuple[int, ...], Card]] = PLAY
    is_chance: ClassVar[bool] = False
    is_over: ClassVar[bool] = False
    _hands: tuple[int, ...]
    _pieces: tuple[int, ...]
    _part: Part
    _trick: TrickTally | None
    _legal: int = attrs.field(eq=False)
    _log: LogNode = attrs.field(eq=False)
    log_fields = ("_log",)

    # -- what a player reads ---------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self._part.rules

    @property
    def dealer(self) -> Seat:
        """The seat that dealt this hand (or deals next)."""
        return self._part.dealer

    @property
    def hands_played(self) -> int:
        """How many hands of the match are finished."""
        return self._part.hands_played

    @property
    def scores(self) -> tuple[int, ...]:
        """Tricks each seat took in the finished hands."""
        return self._part.scores

    @property
    def table(self) -> TrickTable | None:
        """The hand being played, trick by trick (None while a deal is awaited)."""
        tally = self._trick
        return None if tally is None else tally.table_with(self._pieces)

    @property
    def history(self) -> History[Action]:
        return History.of_log(self._log)

    @property
    def to_act(self) -> Seat | None:
        """The seat to play, or None at the deal and at the end."""
        return None

    def returns(self) -> tuple[float, ...]:
        """Each seat's tricks taken in finished hands.

        >>> new_match().returns()
        (0.0, 0.0, 0.0)
        """
        return tuple(float(tricks) for tricks in self.scores)

    @property
    def winners(self) -> tuple[Seat, ...]:
        """The seats with the most tricks over the match (all of them when tied)."""
        if not self.is_over:
            return ()
        best = max(self.scores)
        return tuple(s for s in ORDER if self.scores[s] == best)

    # -- the rules ---------------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """Nothing to choose at the deal and at the end; the play's are the engine's."""
        return ()

    def _step(self, action: Action, /) -> Whist3State | Violation:
        """The transition contract: the next state, or the rule that forbids ``action`` (each
        phase's class has its own; the play's is the engine's)."""
        return Violation(ViolationCode.GAME_OVER, "The match is over: nobody acts any more.")

    def chance_outcome(self, rng: random.Random) -> Action:
        """A shuffled deck."""
        return shuffle(DECK, rng)

    # -- what each seat knows ------------------------------------------------------------------

    def view(self, seat: Seat) -> Whist3View:
        """What ``seat`` may know."""
        check_seat(seat, SEATS)
        table = self.table
        return Whist3View(
            seat=seat,
            phase=self.phase,
            to_act=self.to_act,
            dealer=self.dealer,
            hand=PieceSet(self.hands[seat], DECK.universe),
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            trick=tuple(DECK.universe.pieces[p] for p in table.pieces) if table else (),
            leader=table.leader if table else None,
            won=table.won if table else (0,) * SEATS,
            scores=self.scores,
            legal_actions=self.legal_actions() if self.to_act == seat else (),
        )

    def sample(self, seat: Seat, rng: random.Random) -> Whist3State:
        """A state ``seat`` cannot tell from this one: the cards it cannot see are dealt anew
        among the others, keeping their counts and the suits they have shown not to hold, and
        this hand is replayed on that deal, so the record says what the sample holds."""
        check_seat(seat, SEATS)
        table = self.table
        if table is None:
            return self
        hands = self.hands
        others = [s for s in ORDER if s != seat]
        hidden = 0
        for s in others:
            hidden |= hands[s]
        voids = revealed_voids(table, MODEL)
        forbidden = {s: voids.get(s, 0) for s in others}
        capacity = {s: hands[s].bit_count() for s in others}
        dealt = assign_hidden(hidden, capacity, forbidden, rng)
        # Back to this hand's deal: the cards each seat has played stay where they were.
        node, plays = self._log, []
        while not isinstance(node[1], Deal):
            plays.append(node[1])
            parent = node[0]
            assert parent is not None  # (a hand in play was dealt)
            node = parent
        deal, before = node[1], node[0]
        assert before is not None
        first: list[int] = [0] * SEATS
        for i, card in enumerate(deal.order):
            first[(self.dealer + 1 + i) % SEATS] |= 1 << card.index
        held = [hands[s] if s == seat else dealt[s] for s in ORDER]
        now = [held[s] | first[s] & ~hands[s] for s in ORDER]
        state: Whist3State = _new_dealing((0,) * SEATS, (), self._part, None, 0, before)
        state = state.apply(Deal(_deal_order(now, self.dealer)))
        for action in reversed(plays):
            state = state.apply(action)
        return state

    def zones(self) -> Mapping[str, PieceSet[Card]]:
        """Hands, the trick and each seat's tricks; between hands the cards are in the deck."""
        universe = DECK.universe
        table = self.table
        if table is None:
            return {"deck": DECK}
        out = {f"hand {s}": PieceSet(self.hands[s], universe) for s in ORDER}
        out["trick"] = PieceSet(table.in_play, universe)
        for s in ORDER:
            out[f"won {s}"] = PieceSet(table.taken[s], universe)
        return out


class _Dealing(Whist3State):
    __slots__ = ()
    phase = Phase.DEAL
    is_chance = True

    def _step(self, action: Action) -> Whist3State | Violation:
        if not isinstance(action, Deal):
            return Violation(ViolationCode.DEAL_EXPECTED, "The cards must be dealt first.")
        order = action.order
        mask = 0
        for card in order:
            if isinstance(card, Card):
                mask |= 1 << card.index
        if len(order) != len(DECK) or mask != DECK.mask:
            return Violation(ViolationCode.BAD_DEAL, "A deal orders the 24 cards, each once.")
        hands = [0] * SEATS
        for i, card in enumerate(order):
            hands[(self.dealer + 1 + i) % SEATS] |= 1 << card.index
        leader = left_of(self.dealer, SEATS)
        tally = TrickTally.begin(ORDER, leader, SEATS, MODEL)
        return PLAY.begin(tuple(hands), self._part, tally, logged(self._log, action))


class _Playing(Whist3State):
    __slots__ = ()
    phase = Phase.PLAY
    to_act = PLAY.to_act
    legal_actions = PLAY.legal_actions
    _step = PLAY.step


class _Over(Whist3State):
    __slots__ = ()
    phase = Phase.OVER
    is_over = True


def _hand_over(part: Part, won: tuple[int, ...], log: LogNode) -> Whist3State:
    """The state after a hand: its tricks added to the score, the next dealer to deal."""
    scores = tuple(s + w for s, w in zip(part.scores, won))
    after = Part(part.rules, left_of(part.dealer, SEATS), part.hands_played + 1, scores)
    build = _new_over if after.hands_played == part.rules.hands else _new_dealing
    return build((0,) * SEATS, (), after, None, 0, log)


def _deal_order(hands: list[int], dealer: Seat) -> tuple[Card, ...]:
    """The deck in an order that deals ``hands`` (masks of cards) from ``dealer``'s left."""
    left = [[c for c in DECK.universe.pieces if h >> c.index & 1] for h in hands]
    return tuple(left[(dealer + 1 + i) % SEATS][i // SEATS] for i in range(len(DECK)))


check_play_class(Whist3State)
_new_dealing = builder(_Dealing)
_new_playing = builder(_Playing)
_new_over = builder(_Over)
PLAY.builds(_Playing, _hand_over)


def new_match(rules: Rules | None = None) -> Whist3State:
    """The first state of a match: waiting for the first deal.

    >>> new_match(Rules(first_dealer=2)).dealer
    2
    """
    rules = Rules() if rules is None else rules
    part = Part(rules, rules.first_dealer, 0, (0,) * SEATS)
    return _new_dealing((0,) * SEATS, (), part, None, 0, EMPTY_LOG)
