"""The state of a Ninety-Two match, and how each action changes it.

>>> from tablegames.ninety_two import new_match, Rules, deal_of
>>> state = new_match(Rules())
>>> state = state.apply(deal_of(["AH KH QH JH", "AS KS QS JS", "AD KD QD JD", "AC KC QC JC"]))
>>> state.phase.value, state.to_act, [str(a) for a in state.legal_actions()[:3]]
('bid', 1, ['pass', 'bid 1 C', 'bid 1 D'])
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
from tablegames.pieces.cards import CARD_UNIVERSE, CARDS, DECK_52, Card, Suit, suit_mask
from tablegames.pieces.sets import MaskDecoder, PieceSet, bits, mask_of
from tablegames.tricks.follow import legal_plays, play_violation
from tablegames.tricks.stock import draw_round
from tablegames.tricks.table import TrickTable

from .actions import PLAYS, Action, Bid, Partners
from .bidding import bid_violation, legal_bids, legal_partner_sets, partners_violation
from .model import MODELS
from .rules import DECK_SIZE, HAND_SIZE, Rules
from .scoring import deal_scores, match_winners

_FULL = (1 << DECK_SIZE) - 1


class Phase(enum.Enum):
    """What the table is doing.

    >>> [p.value for p in Phase]
    ['deal', 'bid', 'partners', 'play', 'over']
    """

    DEAL = "deal"
    BID = "bid"
    PARTNERS = "partners"
    PLAY = "play"
    OVER = "over"


@attrs.frozen
class DealResult:
    """How one deal ended. ``tricks`` and ``score`` are by seat; ``team`` is the bidder and its
    partners. A deal thrown in (everybody passed) has no ``bidder`` and nobody scores.

    >>> r = DealResult(0, 1, Bid(2, Suit.HEARTS), (1, 3), (1, 1, 5, 6), True, (6, 0, 6, 0))
    >>> r.team_tricks, r.opponents, r.thrown_in
    (7, (0, 2), False)
    """

    dealer: Seat
    bidder: Seat | None
    bid: Bid | None
    team: tuple[Seat, ...]
    tricks: tuple[int, ...]
    made: bool | None
    score: tuple[int, ...]

    @property
    def thrown_in(self) -> bool:
        """True when everybody passed and nobody played.

        >>> r = DealResult(0, 1, Bid(2, Suit.HEARTS), (1, 3), (1, 1, 5, 6), True, (6, 0, 6, 0))
        >>> r.thrown_in
        False
        """
        return self.bidder is None

    @property
    def team_tricks(self) -> int:
        """Tricks the bidding team took together.

        >>> r = DealResult(0, 1, Bid(2, Suit.HEARTS), (1, 3), (1, 1, 5, 6), True, (6, 0, 6, 0))
        >>> r.team_tricks
        7
        """
        return sum(self.tricks[s] for s in self.team)

    @property
    def opponents(self) -> tuple[Seat, ...]:
        """The seats not in the bidding team.

        >>> r = DealResult(0, 1, Bid(2, Suit.HEARTS), (1, 3), (1, 1, 5, 6), True, (6, 0, 6, 0))
        >>> r.opponents
        (0, 2)
        """
        return tuple(s for s in range(len(self.tricks)) if s not in self.team)


def _listed(cards: Sequence[Card] | PieceSet[Card] | str) -> list[Card]:
    if isinstance(cards, str):
        return [Card.parse(t) for t in cards.split()]
    return list(cards)


def deal_of(
    hands: Sequence[Sequence[Card] | PieceSet[Card] | str],
    stock: Sequence[Card] | PieceSet[Card] | str = "",
    dealer: Seat = 0,
) -> Deal[Card]:
    """The deal that gives seat ``i`` the cards ``hands[i]`` (4 each; 4, 6 or 8 hands) when
    ``dealer`` deals, with ``stock`` on top of the stock in that order, top first; the cards
    named nowhere follow at the bottom in index order.

    >>> hands = ["2C 3C 4C 5C", "2D 3D 4D 5D", "2H 3H 4H 5H", "2S 3S 4S 5S"]
    >>> deal = deal_of(hands, "AS KS", dealer=3)
    >>> [str(c) for c in deal.order[:5]], [str(c) for c in deal.order[16:18]]
    (['2C', '2D', '2H', '2S', '3C'], ['AS', 'KS'])
    """
    players = len(hands)
    queues = [_listed(h) for h in hands]
    order: list[Card] = []
    for i in range(HAND_SIZE * players):
        order.append(queues[(dealer + 1 + i) % players].pop(0))
    order.extend(_listed(stock))
    used = mask_of(CARD_UNIVERSE, order)
    order.extend(c for c in CARDS if not used >> c.index & 1)
    return Deal(tuple(order))


@functools.cache
def _bid_options(floor: Bid | None, rules: Rules) -> tuple[Action, ...]:
    return (PASS, *legal_bids(floor, rules))


@functools.cache
def _partner_options(bidder: Seat, rules: Rules) -> tuple[Action, ...]:
    return legal_partner_sets(bidder, rules)


@attrs.frozen(repr=True)
class NinetyTwoState(GameState[Action]):
    """A moment of a Ninety-Two match (see the module doc). Hands are card masks by seat;
    ``stock`` lists card indices, top first; ``dead`` is the mask of cards out of play.

    >>> state = new_match(Rules(players=8))
    >>> state.phase.value, state.is_chance, state.to_act, len(state.scores)
    ('deal', True, None, 8)
    """

    game_name = "ninety-two"

    rules: Rules
    phase: Phase
    dealer: Seat
    hands: tuple[int, ...]
    stock: tuple[int, ...]
    dead: int
    calls: tuple[Bid | Pass, ...]
    """This deal's calls in order from the dealer's left."""
    high: Bid | None
    bidder: Seat | None
    partners: tuple[Seat, ...]
    table: TrickTable | None
    scores: tuple[int, ...]
    results: tuple[DealResult, ...]
    history: History[Action] = attrs.field(eq=False, repr=False)

    # -- whose turn -------------------------------------------------------------------------
    @property
    def to_act(self) -> Seat | None:
        """The seat to call, name partners or play; None at a deal or when the match is over.

        >>> s = new_match(Rules(first_dealer=2))
        >>> s.to_act, s.apply(deal_of(_HANDS4, dealer=2)).to_act
        (None, 3)
        """
        phase = self.phase
        if phase is Phase.PLAY:
            return self.table.to_play  # type: ignore[union-attr]
        if phase is Phase.BID:
            return (self.dealer + 1 + len(self.calls)) % self.rules.players
        if phase is Phase.PARTNERS:
            return self.bidder
        return None

    @property
    def is_chance(self) -> bool:
        """True when the cards must be shuffled and dealt.

        >>> new_match().is_chance
        True
        """
        return self.phase is Phase.DEAL

    @property
    def is_over(self) -> bool:
        """True once someone has reached the target after a deal.

        >>> new_match().is_over
        False
        """
        return self.phase is Phase.OVER

    @property
    def winners(self) -> tuple[Seat, ...]:
        """The seats with the highest total once the match is over (joint winners on a tie).

        >>> import random
        >>> from tablegames.core import play_randomly
        >>> final = play_randomly(new_match(Rules(target=20)), random.Random(1))
        >>> all(final.scores[s] == max(final.scores) >= 20 for s in final.winners)
        True
        """
        if self.phase is not Phase.OVER:
            return ()
        return match_winners(self.scores, self.rules)

    @property
    def trump(self) -> Suit | None:
        """This deal's trump suit, once someone has bid.

        >>> from tablegames.ninety_two import new_match, Rules, deal_of, parse_action
        >>> hands = ["AS KS 3H 5C", "QS 4H 6C 7C", "JS 8C 9C TC", "2D 3D 4D JC"]
        >>> s = new_match(Rules(first_dealer=3)).apply(deal_of(hands, dealer=3))
        >>> s.trump, s.apply(parse_action("bid 3 D")).trump
        (None, <Suit.DIAMONDS: 1>)
        """
        return None if self.high is None else self.high.suit

    @property
    def team(self) -> tuple[Seat, ...]:
        """The bidder and its partners once named (sorted); empty before.

        >>> from tablegames.ninety_two import new_match, Rules, deal_of, parse_action
        >>> hands = ["AS KS 3H 5C", "QS 4H 6C 7C", "JS 8C 9C TC", "2D 3D 4D JC"]
        >>> s = new_match(Rules(first_dealer=3)).apply(deal_of(hands, dealer=3))
        >>> for text in ["pass", "bid 3 D", "pass", "pass", "partners 3"]:
        ...     s = s.apply(parse_action(text))
        >>> s.team
        (1, 3)
        """
        if self.bidder is None or not self.partners:
            return ()
        return tuple(sorted((self.bidder, *self.partners)))

    def hand(self, seat: Seat) -> PieceSet[Card]:
        """The cards ``seat`` holds.

        >>> from tablegames.ninety_two import new_match, Rules, deal_of, parse_action
        >>> hands = ["AS KS 3H 5C", "QS 4H 6C 7C", "JS 8C 9C TC", "2D 3D 4D JC"]
        >>> s = new_match(Rules(first_dealer=3)).apply(deal_of(hands, dealer=3))
        >>> str(s.hand(3))
        'JC 2D 3D 4D'
        """
        return PieceSet(self.hands[seat], CARD_UNIVERSE)

    @property
    def trick_cards(self) -> tuple[Card, ...]:
        """The cards of the trick in progress, in play order.

        >>> from tablegames.ninety_two import new_match, Rules, deal_of, parse_action
        >>> hands = ["AS KS 3H 5C", "QS 4H 6C 7C", "JS 8C 9C TC", "2D 3D 4D JC"]
        >>> s = new_match(Rules(first_dealer=3)).apply(deal_of(hands, dealer=3))
        >>> for text in ["bid 1 H", "pass", "pass", "pass", "partners 2", "play AS"]:
        ...     s = s.apply(parse_action(text))
        >>> [str(c) for c in s.trick_cards]
        ['AS']
        """
        return () if self.table is None else tuple(CARDS[p] for p in self.table.pieces)

    @property
    def last_result(self) -> DealResult | None:
        """The most recent finished deal, if any.

        >>> from tablegames.ninety_two import new_match, Rules, deal_of, parse_action
        >>> hands = ["AS KS 3H 5C", "QS 4H 6C 7C", "JS 8C 9C TC", "2D 3D 4D JC"]
        >>> s = new_match(Rules(first_dealer=3)).apply(deal_of(hands, dealer=3))
        >>> s.last_result is None, s.apply(parse_action("pass")).last_result is None
        (True, True)
        >>> for text in ["pass"] * 4:
        ...     s = s.apply(parse_action(text))
        >>> s.last_result.thrown_in, s.dealer
        (True, 0)
        """
        return self.results[-1] if self.results else None

    # -- legal actions ----------------------------------------------------------------------
    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the seat to act: pass then the bids lowest first, the partner
        sets in order, or the playable cards in index order.

        >>> s = new_match().apply(deal_of(_HANDS4))
        >>> [str(a) for a in s.legal_actions()[:2]], len(s.legal_actions())
        (['pass', 'bid 1 C'], 53)
        """
        phase = self.phase
        if phase is Phase.PLAY:
            table = self.table
            assert table is not None
            model = MODELS[self.high.suit]  # type: ignore[union-attr]
            return _PLAY_DECODER.decode(legal_plays(self.hands[table.to_play], table.pieces, model))
        if phase is Phase.BID:
            return _bid_options(self.high, self.rules)
        if phase is Phase.PARTNERS:
            return _partner_options(self.bidder, self.rules)
        return ()

    # -- transitions ------------------------------------------------------------------------
    def _step(self, action: Action) -> NinetyTwoState | Violation:
        phase = self.phase
        if phase is Phase.PLAY:
            if type(action) is Play:
                return self._play(action.piece)
        elif phase is Phase.BID:
            if type(action) is Bid:
                return self._bid(action)
            if type(action) is Pass:
                return self._pass()
        elif phase is Phase.PARTNERS:
            if type(action) is Partners:
                return self._name_partners(action)
        elif phase is Phase.DEAL:
            if type(action) is Deal:
                return self._deal(action)
            return Violation(
                ViolationCode.DEAL_EXPECTED, "The cards must be shuffled and dealt first."
            )
        else:
            return Violation(ViolationCode.GAME_OVER, "The match is over: nobody acts any more.")
        return Violation(ViolationCode.WRONG_PHASE, _WRONG_PHASE[phase])

    def _deal(self, deal: Deal[Card]) -> NinetyTwoState | Violation:
        order = deal.order
        if (
            len(order) != DECK_SIZE
            or not all(isinstance(c, Card) for c in order)
            or mask_of(CARD_UNIVERSE, order) != _FULL
        ):
            return Violation(
                ViolationCode.BAD_DEAL, "A deal must order all 52 cards, each exactly once."
            )
        players = self.rules.players
        hands = [0] * players
        dealt = HAND_SIZE * players
        for i in range(dealt):
            hands[(self.dealer + 1 + i) % players] |= 1 << order[i].index
        stock = tuple(c.index for c in order[dealt:])
        return attrs.evolve(
            self,
            phase=Phase.BID,
            hands=tuple(hands),
            stock=stock,
            history=self.history.append(deal),
        )

    def _pass(self) -> NinetyTwoState | Violation:
        calls = (*self.calls, PASS)
        history = self.history.append(PASS)
        if len(calls) < self.rules.players:
            return attrs.evolve(self, calls=calls, history=history)
        if self.bidder is None:
            players = self.rules.players
            result = DealResult(self.dealer, None, None, (), (0,) * players, None, (0,) * players)
            return self._next_deal(result, self.scores, history)
        return attrs.evolve(self, calls=calls, phase=Phase.PARTNERS, history=history)

    def _bid(self, bid: Bid) -> NinetyTwoState | Violation:
        violation = bid_violation(bid, self.high, self.rules)
        if violation is not None:
            return violation
        bid = Bid(bid.tricks, Suit(bid.suit))
        calls = (*self.calls, bid)
        phase = Phase.PARTNERS if len(calls) == self.rules.players else Phase.BID
        return attrs.evolve(
            self,
            calls=calls,
            high=bid,
            bidder=self.to_act,
            phase=phase,
            history=self.history.append(bid),
        )

    def _name_partners(self, partners: Partners) -> NinetyTwoState | Violation:
        bidder = self.bidder
        assert bidder is not None
        violation = partners_violation(partners, bidder, self.rules)
        if violation is not None:
            return violation
        table = TrickTable.start(_ORDERS[self.rules.players], bidder, self.rules.players)
        return attrs.evolve(
            self,
            partners=partners.seats,
            table=table,
            phase=Phase.PLAY,
            history=self.history.append(partners),
        )

    def _play(self, card: Card) -> NinetyTwoState | Violation:
        table = self.table
        assert table is not None and self.high is not None
        if not isinstance(card, Card):
            return Violation(ViolationCode.NOT_IN_DECK, f"{card} is not a playing card.")
        model = MODELS[self.high.suit]
        index = card.index
        seat = table.to_play
        hand = self.hands[seat]
        violation = play_violation(hand, table.pieces, index, model)
        if violation is not None:
            return violation
        hands = list(self.hands)
        hands[seat] = hand & ~(1 << index)
        table = table.play(index, model)
        history = self.history.append(PLAYS[index])
        stock, dead = self.stock, self.dead
        if not table.pieces:  # a trick was completed: draw, then see who can play on
            players = self.rules.players
            winner = table.leader
            if stock:
                if len(stock) >= players:
                    drawn, stock = draw_round(tuple(hands), stock, winner, _ORDERS[players])
                    hands = list(drawn)
                elif self.rules.leftovers == "dead":
                    for c in stock:
                        dead |= 1 << c
                    stock = ()
                else:
                    for i, c in enumerate(stock):
                        hands[(winner + i) % players] |= 1 << c
                    stock = ()
            holders = tuple(s for s in range(players) if hands[s])
            if not holders:
                return self._settle(table, history)
            if len(holders) < len(table.order):
                leader = winner
                while not hands[leader]:
                    leader = (leader + 1) % players
                table = TrickTable(holders, leader, (), table.won, table.taken, table.tricks)
        return NinetyTwoState(
            self.rules,
            Phase.PLAY,
            self.dealer,
            tuple(hands),
            stock,
            dead,
            self.calls,
            self.high,
            self.bidder,
            self.partners,
            table,
            self.scores,
            self.results,
            history,
        )

    def _settle(self, table: TrickTable, history: History[Action]) -> NinetyTwoState:
        bidder, high = self.bidder, self.high
        assert bidder is not None and high is not None
        team = tuple(sorted((bidder, *self.partners)))
        made, score = deal_scores(high.tricks, team, table.won, self.rules)
        result = DealResult(self.dealer, bidder, high, team, table.won, made, score)
        scores = tuple(a + b for a, b in zip(self.scores, score))
        return self._next_deal(result, scores, history)

    def _next_deal(
        self, result: DealResult, scores: tuple[int, ...], history: History[Action]
    ) -> NinetyTwoState:
        players = self.rules.players
        over = bool(match_winners(scores, self.rules))
        return NinetyTwoState(
            self.rules,
            Phase.OVER if over else Phase.DEAL,
            (self.dealer + 1) % players,
            (0,) * players,
            (),
            0,
            (),
            None,
            None,
            (),
            None,
            scores,
            (*self.results, result),
            history,
        )

    # -- chance, views, sampling, conservation --------------------------------------------
    def chance_outcome(self, rng: random.Random) -> Action:
        """A shuffled deck drawn from ``rng`` (the deal to apply).

        >>> import random
        >>> deal = new_match().chance_outcome(random.Random(0))
        >>> len(deal.order)
        52
        """
        return shuffle(CARDS, rng)

    def zones(self) -> Mapping[str, PieceSet[Card]]:
        """Where every card is: hands, stock, dead, the trick in progress and won piles.

        >>> z = new_match().apply(deal_of(_HANDS4)).zones()
        >>> str(z["hand 3"]), len(z["stock"]), len(z["dead"])
        ('JC 2D 3D 4D', 36, 0)
        """
        if self.phase in (Phase.DEAL, Phase.OVER):
            return {"deck": DECK_52}
        players = self.rules.players
        zones = {f"hand {s}": PieceSet(self.hands[s], CARD_UNIVERSE) for s in range(players)}
        stock = 0
        for c in self.stock:
            stock |= 1 << c
        zones["stock"] = PieceSet(stock, CARD_UNIVERSE)
        zones["dead"] = PieceSet(self.dead, CARD_UNIVERSE)
        table = self.table
        zones["trick"] = PieceSet(0 if table is None else table.in_play, CARD_UNIVERSE)
        for s in range(players):
            zones[f"won {s}"] = PieceSet(0 if table is None else table.taken[s], CARD_UNIVERSE)
        return zones

    def view(self, seat: Seat) -> NinetyTwoView:
        """What ``seat`` may know: its cards, every call and play, how many cards others hold,
        the stock's size and the number of dead cards (their faces stay hidden).

        >>> from tablegames.ninety_two import new_match, Rules, deal_of, parse_action
        >>> hands = ["AS KS 3H 5C", "QS 4H 6C 7C", "JS 8C 9C TC", "2D 3D 4D JC"]
        >>> s = new_match(Rules(first_dealer=3)).apply(deal_of(hands, dealer=3))
        >>> v = s.view(1)
        >>> str(v.hand), v.hand_sizes, v.stock_size
        ('6C 7C 4H QS', (4, 4, 4, 4), 36)
        """
        table = self.table
        players = self.rules.players
        dealing = self.phase in (Phase.DEAL, Phase.OVER)
        return NinetyTwoView(
            seat=seat,
            players=players,
            phase=self.phase,
            to_act=self.to_act,
            dealer=self.dealer,
            hand=PieceSet(0 if dealing else self.hands[seat], CARD_UNIVERSE),
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            stock_size=len(self.stock),
            dead_count=self.dead.bit_count(),
            calls=self.calls,
            high=self.high,
            bidder=self.bidder,
            partners=self.partners,
            trick=()
            if table is None
            else tuple(zip(table.seats_in_trick, (CARDS[p] for p in table.pieces))),
            tricks=()
            if table is None
            else tuple(
                (t.seats, tuple(CARDS[p] for p in t.pieces), t.winner) for t in table.tricks
            ),
            won=(0,) * players if table is None else table.won,
            scores=self.scores,
            results=self.results,
            legal_actions=self.legal_actions() if self.to_act == seat else (),
        )

    def sample(self, seat: Seat, rng: random.Random) -> NinetyTwoState:
        """A state ``seat`` cannot tell from this one: the cards it has not seen (others' hands,
        the stock, dead cards) are dealt anew into the same deck positions, so every count is
        kept, and this deal's actions are replayed on the rebuilt deal.

        A seat that did not follow a suit held none of it *at that trick*; hands are refilled,
        so the constraint binds only the cards it already held then (drawn before that trick).
        Played cards keep their positions in the deck.

        >>> from tablegames.ninety_two import new_match, Rules, deal_of, parse_action
        >>> hands = ["AS KS 3H 5C", "QS 4H 6C 7C", "JS 8C 9C TC", "2D 3D 4D JC"]
        >>> s = new_match(Rules(first_dealer=3)).apply(deal_of(hands, dealer=3))
        >>> import random
        >>> t = s.sample(0, random.Random(1))
        >>> t.view(0) == s.view(0), t.hand(0) == s.hand(0)
        (True, True)
        """
        if self.phase in (Phase.DEAL, Phase.OVER):
            return self
        players = self.rules.players
        actions = self.history.to_tuple()
        start = max(i for i, a in enumerate(actions) if type(a) is Deal)
        deal = actions[start]
        assert isinstance(deal, Deal)
        order = [c.index for c in deal.order]
        owner: dict[int, Seat] = {}
        hidden = self.dead
        for c in self.stock:
            hidden |= 1 << c
        for s in range(players):
            if s != seat:
                hidden |= self.hands[s]
                for c in bits(self.hands[s]):
                    owner[c] = s
        voids = self._voids_by_trick()
        base = HAND_SIZE * players
        places: dict[int, list[int]] = {}
        for position, c in enumerate(order):
            if not hidden >> c & 1:
                continue
            forbid = 0
            holder = owner.get(c)
            if holder is not None:
                drawn_after = 0 if position < base else (position - base) // players + 1
                for trick_no, mask in voids.get(holder, ()):
                    if trick_no > drawn_after:
                        forbid |= mask
            places.setdefault(forbid, []).append(position)
        keys = list(places)
        assigned = assign_hidden(
            hidden,
            {i: len(places[k]) for i, k in enumerate(keys)},
            dict(enumerate(keys)),
            rng,
        )
        for i, k in enumerate(keys):
            cards = list(bits(assigned[i]))
            rng.shuffle(cards)
            for position, c in zip(places[k], cards):
                order[position] = c
        state = NinetyTwoState(
            self.rules,
            Phase.DEAL,
            self.dealer,
            (0,) * players,
            (),
            0,
            (),
            None,
            None,
            (),
            None,
            self.scores,
            self.results,
            self.history.back(len(actions) - start),
        )
        state = state.apply(Deal(tuple(CARDS[c] for c in order)))
        for action in actions[start + 1 :]:
            state = state.apply(action)
        return state

    def _voids_by_trick(self) -> dict[Seat, list[tuple[int, int]]]:
        """For each seat, (trick number from 1, suit mask) of every trick it did not follow."""
        table = self.table
        voids: dict[Seat, list[tuple[int, int]]] = {}
        if table is None:
            return voids
        played = [(t.seats, t.pieces) for t in table.tricks]
        played.append((table.seats_in_trick, table.pieces))
        for number, (seats, pieces) in enumerate(played, 1):
            if not pieces:
                continue
            led = suit_mask(CARDS[pieces[0]].suit)
            for s, p in zip(seats[1:], pieces[1:]):
                if not (1 << p) & led:
                    voids.setdefault(s, []).append((number, led))
        return voids


@attrs.frozen
class NinetyTwoView:
    """What one seat may know. ``trick`` pairs seats with the cards they played to the trick in
    progress; ``tricks`` lists finished tricks as (seats, cards in play order, winner).

    >>> from tablegames.ninety_two import new_match
    >>> new_match().view(0).stock_size
    0
    """

    seat: Seat
    players: int
    phase: Phase
    to_act: Seat | None
    dealer: Seat
    hand: PieceSet[Card]
    hand_sizes: tuple[int, ...]
    stock_size: int
    dead_count: int
    calls: tuple[Bid | Pass, ...]
    high: Bid | None
    bidder: Seat | None
    partners: tuple[Seat, ...]
    trick: tuple[tuple[Seat, Card], ...]
    tricks: tuple[tuple[tuple[Seat, ...], tuple[Card, ...], Seat], ...]
    won: tuple[int, ...]
    scores: tuple[int, ...]
    results: tuple[DealResult, ...]
    legal_actions: tuple[Action, ...]

    def _repr_svg_(self) -> str:
        """This view drawn as SVG: the seat's own hand face up, the others as backs."""
        from tablegames.render import svg  # noqa: PLC0415 (render imports every game)

        return svg(self)


_ORDERS = {n: tuple(range(n)) for n in (4, 6, 8)}
_HANDS4 = ["AS KS 3H 5C", "QS 4H 6C 7C", "JS 8C 9C TC", "2D 3D 4D JC"]  # for the examples

_WRONG_PHASE = {
    Phase.BID: "It is time to bid or pass (bid 4 H, pass).",
    Phase.PARTNERS: "The high bidder must name partners first (partners 2, or partners 2 5).",
    Phase.PLAY: "It is time to play a card.",
}

_PLAY_DECODER: MaskDecoder[Action] = MaskDecoder(PLAYS)


def new_match(rules: Rules | None = None) -> NinetyTwoState:
    """The first state of a match: the first dealer is about to shuffle.

    >>> new_match().phase, new_match(Rules(players=6)).scores
    (<Phase.DEAL: 'deal'>, (0, 0, 0, 0, 0, 0))
    """
    rules = rules or Rules()
    players = rules.players
    return NinetyTwoState(
        rules,
        Phase.DEAL,
        rules.first_dealer,
        (0,) * players,
        (),
        0,
        (),
        None,
        None,
        (),
        None,
        (0,) * players,
        (),
        History.EMPTY,
    )
