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
    Forwarded,
    Hands,
    LogNode,
    Pieces,
    PieceSet,
    PlayHooks,
    PlaySlots,
    Seat,
    TrickPhases,
    TrickPlay,
    TrickState,
    TrickTally,
    Valuation,
    Violation,
    ViolationCode,
    assign_hidden,
    check_seat,
    leaders,
    left_of,
    revealed_voids,
    shuffle,
    trick_phases,
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
class Whist3State(TrickState[Action, Part], PlaySlots[Part]):
    """One moment of a match, in the trick engine's layout (:class:`~tablegames.kit.TrickState`:
    the hands as the trick in progress was led, its cards, the hand's :class:`Part`, the tally
    of its tricks, the mask of legal plays and the history). Each phase is a class of its own.

    >>> new_match().is_chance
    True
    """

    game_name = "whist3"
    fingerprint_fields = ("dealer", "hands_played", "hands", "table", "scores")
    phase: ClassVar[Phase]
    play_engine: ClassVar[TrickPlay[Whist3State, Part, tuple[int, ...], Card]] = PLAY

    # -- what a player reads ---------------------------------------------------------------

    hands_played = Forwarded[int]("_part")
    """How many hands of the match are finished."""

    scores = Forwarded[tuple[int, ...]]("_part")
    """Tricks each seat took in the finished hands."""

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
        return leaders(self.scores)

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

    def _redeal(self, seat: Seat, rng: random.Random, deal: Action) -> tuple[Action, None]:
        """For ``sample`` (:class:`~tablegames.kit.TrickState`'s, which replays this hand on
        the deal drawn here): the cards ``seat`` cannot see dealt anew among the others,
        keeping their counts and the suits they have shown not to hold; the cards each seat
        has played stay where they were, so the record says what the sample holds."""
        table = self.table
        assert isinstance(deal, Deal) and table is not None  # (a hand in play was dealt)
        hands = self.hands
        others = [s for s in ORDER if s != seat]
        hidden = 0
        for s in others:
            hidden |= hands[s]
        voids = revealed_voids(table, MODEL)
        forbidden = {s: voids.get(s, 0) for s in others}
        capacity = {s: hands[s].bit_count() for s in others}
        dealt = assign_hidden(hidden, capacity, forbidden, rng)
        first = _dealt(deal.order, self.dealer)
        held = [hands[s] if s == seat else dealt[s] for s in ORDER]
        now = [held[s] | first[s] & ~hands[s] for s in ORDER]
        return Deal(_deal_order(now, self.dealer)), None

    def _deal_again(self, log: LogNode) -> Whist3State:
        return PHASES.dealing((0,) * SEATS, (), self._part, None, 0, log)

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


def _dealt(order: tuple[object, ...], dealer: Seat) -> list[int]:
    """The hands (card masks by seat) a deck in ``order`` deals, one at a time from the
    dealer's left."""
    hands = [0] * SEATS
    for i, card in enumerate(order):
        if isinstance(card, Card):
            hands[(dealer + 1 + i) % SEATS] |= 1 << card.index
    return hands


def deal(part: Part, action: Deal[Card], log: LogNode) -> tuple[Hands, Part] | Violation:
    """The hands a deal of the 24 cards deals (the part stays), or the refusal of another."""
    order = action.order
    hands = _dealt(order, part.dealer)
    dealt = 0
    for hand in hands:
        dealt |= hand
    if len(order) != len(DECK) or dealt != DECK.mask:
        return Violation(ViolationCode.BAD_DEAL, "A deal orders the 24 cards, each once.")
    return tuple(hands), part


def _begin_play(  # noqa: PLR0917 (a builder's fields, in order)
    hands: Hands, pieces: Pieces, part: Part, tally: TrickTally | None, legal: int, log: LogNode
) -> Whist3State:
    """After the deal, the play: the seat left of the dealer leads."""
    leader = left_of(part.dealer, SEATS)
    return PLAY.begin(hands, part, TrickTally.begin(ORDER, leader, SEATS, MODEL), log)


def next_hand(part: Part, won: tuple[int, ...]) -> tuple[Part, bool]:
    """After a hand: its tricks added to the score, the next dealer to deal; and whether that
    was the match's last hand."""
    scores = tuple(s + w for s, w in zip(part.scores, won))
    after = Part(part.rules, left_of(part.dealer, SEATS), part.hands_played + 1, scores)
    return after, after.hands_played == part.rules.hands


def _deal_order(hands: list[int], dealer: Seat) -> tuple[Card, ...]:
    """The deck in an order that deals ``hands`` (masks of cards) from ``dealer``'s left."""
    left = [[c for c in DECK.universe.pieces if h >> c.index & 1] for h in hands]
    return tuple(left[(dealer + 1 + i) % SEATS][i // SEATS] for i in range(len(DECK)))


PHASES: TrickPhases[Whist3State, Part, tuple[int, ...]] = trick_phases(
    Whist3State,
    PLAY,
    (Phase.DEAL, Phase.PLAY, Phase.OVER),
    deal,
    _begin_play,
    "The cards must be dealt first.",
    next_hand,
    lambda part: (0,) * SEATS,
)
"""The three phases, each a class, made as every trick game makes them: the deal (by
:func:`deal`), the play (the engine's) and the end of the match."""
_Dealing, _Playing, _Over = PHASES.classes  # (a state pickles by its class's name)


def new_match(rules: Rules | None = None) -> Whist3State:
    """The first state of a match: waiting for the first deal.

    >>> new_match(Rules(first_dealer=2)).dealer
    2
    """
    rules = Rules() if rules is None else rules
    part = Part(rules, rules.first_dealer, 0, (0,) * SEATS)
    return PHASES.dealing((0,) * SEATS, (), part, None, 0, EMPTY_LOG)
