"""The state of a three-handed whist match, and how each action changes it.

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

import attrs

from tablegames.kit import (
    Card,
    Deal,
    GameState,
    History,
    PieceSet,
    Play,
    Seat,
    TrickTable,
    Violation,
    ViolationCode,
    assign_hidden,
    bits,
    check_seat,
    left_of,
    legal_plays,
    play_violation,
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
class Whist3State(GameState[Action]):
    """One moment of a match. ``hands`` are masks of cards by seat; ``table`` is the hand being
    played (None while a deal is awaited); ``scores`` are tricks taken in earlier hands.

    >>> new_match().is_chance
    True
    """

    game_name = "whist3"
    rules: Rules
    dealer: Seat
    hands_played: int
    hands: tuple[int, ...]
    table: TrickTable | None
    scores: tuple[int, ...]
    history: History[Action] = attrs.field(eq=False, repr=False)

    # -- whose turn ------------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """Dealing, playing, or over."""
        if self.hands_played == self.rules.hands:
            return Phase.OVER
        return Phase.DEAL if self.table is None else Phase.PLAY

    @property
    def to_act(self) -> Seat | None:
        """The seat to play, or None at the deal and at the end."""
        return None if self.table is None else self.table.to_play

    @property
    def is_chance(self) -> bool:
        """True while the next hand waits for its deal."""
        return self.phase is Phase.DEAL

    @property
    def is_over(self) -> bool:
        """True once every hand has been played."""
        return self.phase is Phase.OVER

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
        """The cards the seat to play may play, in card order (follow suit if you can)."""
        if self.table is None:
            return ()
        hand = self.hands[self.table.to_play]
        return tuple(PLAYS[i] for i in bits(legal_plays(hand, self.table.pieces, MODEL)))

    def _step(self, action: Action) -> Whist3State | Violation:
        """The transition contract: the next state, or the rule that forbids ``action``."""
        if self.is_over:
            return Violation(ViolationCode.GAME_OVER, "The match is over: nobody acts any more.")
        if self.table is None:
            return self._deal(action)
        if not isinstance(action, Play):
            if isinstance(action, Deal):
                return Violation(ViolationCode.WRONG_PHASE, "The cards are already dealt.")
            return Violation(ViolationCode.UNKNOWN_ACTION, "In this game you only play cards.")
        card = action.piece
        if not isinstance(card, Card) or not DECK.mask >> card.index & 1:
            return Violation(ViolationCode.NOT_IN_DECK, f"{card} is not a card of this game.")
        table = self.table
        seat = table.to_play
        violation = play_violation(self.hands[seat], table.pieces, card.index, MODEL)
        if violation is not None:
            return violation
        return self._play(table, seat, card.index, action)

    def _deal(self, action: Action) -> Whist3State | Violation:
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
        table = TrickTable.start(ORDER, leader, SEATS)
        return attrs.evolve(
            self, hands=tuple(hands), table=table, history=self.history.append(action)
        )

    def _play(self, table: TrickTable, seat: Seat, piece: int, action: Action) -> Whist3State:
        hands = list(self.hands)
        hands[seat] &= ~(1 << piece)
        table = table.play(piece, MODEL)
        history = self.history.append(action)
        if len(table.tricks) < HAND:
            return attrs.evolve(self, hands=tuple(hands), table=table, history=history)
        scores = tuple(s + w for s, w in zip(self.scores, table.won))
        return Whist3State(
            self.rules,
            left_of(self.dealer, SEATS),
            self.hands_played + 1,
            (0,) * SEATS,
            None,
            scores,
            history,
        )

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
        """Deal the cards ``seat`` cannot see among the others, keeping their counts and the
        suits they have shown not to hold."""
        check_seat(seat, SEATS)
        if self.table is None:
            return self
        others = [s for s in ORDER if s != seat]
        hidden = 0
        for s in others:
            hidden |= self.hands[s]
        voids = revealed_voids(self.table, MODEL)
        forbidden = {s: voids.get(s, 0) for s in others}
        capacity = {s: self.hands[s].bit_count() for s in others}
        dealt = assign_hidden(hidden, capacity, forbidden, rng)
        hands = tuple(self.hands[s] if s == seat else dealt[s] for s in ORDER)
        return attrs.evolve(self, hands=hands)

    def zones(self) -> Mapping[str, PieceSet[Card]]:
        """Hands, the trick and each seat's tricks; between hands the cards are in the deck."""
        universe = DECK.universe
        if self.table is None:
            return {"deck": DECK}
        out = {f"hand {s}": PieceSet(self.hands[s], universe) for s in ORDER}
        out["trick"] = PieceSet(self.table.in_play, universe)
        for s in ORDER:
            out[f"won {s}"] = PieceSet(self.table.taken[s], universe)
        return out


def new_match(rules: Rules | None = None) -> Whist3State:
    """The first state of a match: waiting for the first deal.

    >>> new_match(Rules(first_dealer=2)).dealer
    2
    """
    rules = Rules() if rules is None else rules
    return Whist3State(
        rules, rules.first_dealer, 0, (0,) * SEATS, None, (0,) * SEATS, History.EMPTY
    )
