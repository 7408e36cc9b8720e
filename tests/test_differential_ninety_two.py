"""Ninety-Two against a naive re-statement of its rules page, at every step of random matches.

The oracle below is written from docs/ninety-two.md, not from the code. It deals its own
shuffled deck, follows the match only through the actions it applies and public state
(``to_act``, ``hand(seat)``, ``legal_actions()``, ``results``, ``scores``, ``is_over``,
``winners``), keeps its own hands, stock and tricks, and checks at every step:

- the deal ("Players, cards, dealing": four cards each, one at a time from the dealer's left, the
  rest is the stock) and every hand after each refill ("Drawing, dead cards, tricks per deal":
  winner first, then clockwise, while the stock goes round; the cards that cannot go round are
  dead, or dealt out one each under ``leftovers="deal"``);
- who acts and the legal calls ("Bidding": each once from the dealer's left, strictly more
  tricks, any suit, 1 to the tricks in a deal) and partner choices ("Partners": 1, 2 or 3 of
  the others);
- the legal plays ("Play": follow suit if able) and who takes each trick ("Highest trump, else
  the highest card of the suit led"; "The duplicate two"); the winner leads, and the short
  trick's leader;
- the deal's score ("Scoring": exactly the bid; 3 per trick to each member;
  ``defenders_score_when_made``) and the end of the match (92 or more, joint winners).
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field

from hypothesis import example, given
from hypothesis import strategies as st

from tablegames import ninety_two
from tablegames.ninety_two import Rules
from tablegames.pieces import Card

RANKS = "23456789TJQKA"
"""2 lowest, ace highest, in plain suits and in trumps ("Rank")."""
SUITS = "CDHS"
DECK = [Card.parse(r + s) for s in SUITS for r in RANKS]
DUPLICATE = {"H": "D", "D": "H", "C": "S", "S": "C"}
"""The other suit of trump's colour: hearts and diamonds are red, clubs and spades black."""


def suit(card: Card) -> str:
    return str(card)[-1]


def rank(card: Card) -> int:
    return RANKS.index(str(card)[0])


def tricks_per_deal(rules: Rules) -> int:
    """13, 8 or 6 tricks (4, 6, 8 players); 9 or 7 with ``leftovers="deal"``."""
    return {
        4: 13,
        6: 9 if rules.leftovers == "deal" else 8,
        8: 7 if rules.leftovers == "deal" else 6,
    }[rules.players]


@dataclass
class Deal:
    """The oracle's own record of one deal."""

    dealer: int
    hands: list[list[Card]]
    stock: list[Card]
    calls: list[str] = field(default_factory=list)
    high: int = 0
    trump: str = ""
    bidder: int | None = None
    team: tuple[int, ...] = ()
    leader: int = -1
    trick: list[tuple[int, Card, bool]] = field(default_factory=list)  # seat, card, was void
    won: list[int] = field(default_factory=list)

    def players_in_trick(self) -> list[int]:
        """Those still holding a card, clockwise from the leader (or the next one who holds a
        card, if the leader has none left: the short trick)."""
        n = len(self.hands)
        order = [(self.leader + k) % n for k in range(n)]
        return [s for s in order if self.hands[s] or s in {p for p, _, _ in self.trick}]

    def refill(self, winner: int, rules: Rules) -> None:
        """After each trick: one card each, winner first then clockwise, while the stock holds a
        card for every player; then the leftovers are dead, or dealt one each under
        ``leftovers="deal"``."""
        n = len(self.hands)
        order = [(winner + k) % n for k in range(n)]
        if len(self.stock) >= n:
            for seat in order:
                self.hands[seat].append(self.stock.pop(0))
        elif self.stock and rules.leftovers == "deal":
            for seat in order[: len(self.stock)]:
                self.hands[seat].append(self.stock.pop(0))
        else:
            self.stock = []  # dead: out of play


def winner(trick: list[tuple[int, Card, bool]], trump: str) -> int:
    """The seat that takes a complete trick."""
    last_seat, last_card, last_void = trick[-1]
    led = suit(trick[0][1])
    no_trump_played = all(suit(c) != trump for _, c, _ in trick)
    if (
        str(last_card) == "2" + DUPLICATE[trump]
        and no_trump_played
        and last_void
        and len(trick) > 1
    ):
        return last_seat  # the duplicate two, played last, no trump in the trick, void in led
    trumps = [(s, c) for s, c, _ in trick if suit(c) == trump]
    if trumps:
        return max(trumps, key=lambda p: rank(p[1]))[0]
    return max(((s, c) for s, c, _ in trick if suit(c) == led), key=lambda p: rank(p[1]))[0]


def check_match(rules: Rules, seed: int, deals_to_play: int = 2, prefer_pass: float = 0.5) -> None:
    rng = random.Random(seed)
    n = rules.players
    state = ninety_two.new_match(rules)
    total = tricks_per_deal(rules)
    dealer = rules.first_dealer
    scores = [0] * n
    o: Deal | None = None
    finished = 0
    while not state.is_over and finished < deals_to_play:
        phase = state.phase.value
        legal = sorted(str(a) for a in state.legal_actions())
        if phase == "deal":
            assert state.is_chance and state.to_act is None
            order = list(DECK)
            rng.shuffle(order)
            state = state.apply(ninety_two.Deal(tuple(order)))
            hands: list[list[Card]] = [[] for _ in range(n)]
            for i in range(4 * n):  # one at a time from the dealer's left
                hands[(dealer + 1 + i) % n].append(order[i])
            o = Deal(dealer, hands, order[4 * n :], won=[0] * n)
            for seat in range(n):
                assert sorted(map(str, state.hand(seat))) == sorted(map(str, o.hands[seat]))
            continue
        assert o is not None
        if phase == "bid":
            seat = (o.dealer + 1 + len(o.calls)) % n
            assert state.to_act == seat
            expected = {"pass"} | {
                f"bid {t} {s}" for t in range(o.high + 1, total + 1) for s in SUITS
            }
            assert set(legal) == expected
            call = "pass" if rng.random() < prefer_pass else rng.choice(legal)
            state = state.apply(ninety_two.parse_action(call))
            o.calls.append(call)
            if call != "pass":
                o.high, o.trump, o.bidder = int(call.split()[1]), call.split()[2], seat
            if len(o.calls) == n and o.bidder is None:  # all pass: thrown in, nobody scores
                assert state.results[-1].bidder is None and list(state.scores) == scores
                dealer, o, finished = (dealer + 1) % n, None, finished + 1
            continue
        assert o.bidder is not None
        if phase == "partners":
            assert state.to_act == o.bidder
            others = [s for s in range(n) if s != o.bidder]
            expected = {
                "partners " + " ".join(map(str, c))
                for c in itertools.combinations(others, n // 2 - 1)
            }
            assert set(legal) == expected
            text = rng.choice(legal)
            state = state.apply(ninety_two.parse_action(text))
            o.team = tuple(sorted((o.bidder, *map(int, text.split()[1:]))))
            o.leader = o.bidder  # the high bidder leads to the first trick
            continue
        assert phase == "play"
        seats = o.players_in_trick()
        seat = seats[len(o.trick)]
        assert state.to_act == seat
        hand = o.hands[seat]
        assert sorted(map(str, state.hand(seat))) == sorted(map(str, hand))
        following = [c for c in hand if o.trick and suit(c) == suit(o.trick[0][1])]
        expected = {f"play {c}" for c in following or hand}  # follow suit if able
        assert set(legal) == expected, (o.trick, hand)
        text = rng.choice(legal)
        card = Card.parse(text.split()[1])
        void = not following and bool(o.trick)
        before = len(state.results)
        state = state.apply(ninety_two.parse_action(text))
        hand.remove(card)
        o.trick.append((seat, card, void))
        if len(o.trick) < len(seats):
            continue
        taker = winner(o.trick, o.trump)
        o.won[taker] += 1
        o.trick = []
        o.refill(taker, rules)
        o.leader = taker
        if any(o.hands):
            assert len(state.results) == before
            for s in range(n):
                assert sorted(map(str, state.hand(s))) == sorted(map(str, o.hands[s])), s
            continue
        assert sum(o.won) == total  # 13, 8 or 6 tricks (one more with leftovers dealt)
        result = state.results[-1]
        assert len(state.results) == before + 1
        assert list(result.tricks) == o.won
        team_tricks = sum(o.won[s] for s in o.team)
        made = team_tricks == o.high  # exactly the bid
        opponents = [s for s in range(n) if s not in o.team]
        opp_tricks = sum(o.won[s] for s in opponents)
        score = [0] * n
        if made:
            for s in o.team:
                score[s] = 3 * team_tricks
            if rules.defenders_score_when_made:
                for s in opponents:
                    score[s] = 3 * opp_tricks
        else:
            for s in opponents:
                score[s] = 3 * opp_tricks
        assert result.made is made and tuple(result.team) == o.team
        assert list(result.score) == score
        scores = [a + b for a, b in zip(scores, score)]
        assert list(state.scores) == scores
        over = max(scores) >= rules.target
        assert state.is_over is over
        if over:
            assert set(state.winners) == {s for s in range(n) if scores[s] == max(scores)}
        dealer, o, finished = (dealer + 1) % n, None, finished + 1


MIXES = [
    Rules(),
    Rules(players=6),
    Rules(players=8, first_dealer=5),
    Rules(players=6, leftovers="deal"),
    Rules(players=8, leftovers="deal"),
    Rules(players=4, leftovers="deal", defenders_score_when_made=True),
    Rules(players=6, defenders_score_when_made=True, target=10),
    Rules(players=8, leftovers="deal", defenders_score_when_made=True, target=5),
]


def test_every_option_mix_against_the_naive_rules() -> None:
    """Each player count, leftovers mode and scoring option of docs/ninety-two.md, a few seeds
    each (every run)."""
    for rules in MIXES:
        for seed in range(6):
            try:
                check_match(rules, seed)
            except AssertionError as error:
                raise AssertionError(f"{rules}, seed {seed}: {error}") from error


@st.composite
def any_rules(draw: st.DrawFn) -> Rules:
    players = draw(st.sampled_from([4, 6, 8]))
    return Rules(
        players=players,
        first_dealer=draw(st.integers(0, players - 1)),
        target=draw(st.sampled_from([92, 10, 3])),
        defenders_score_when_made=draw(st.booleans()),
        leftovers=draw(st.sampled_from(["dead", "deal"])),
    )


@given(rules=any_rules(), seed=st.integers(0, 2**32 - 1), prefer_pass=st.sampled_from([0.3, 0.7]))
@example(rules=Rules(), seed=0, prefer_pass=0.5)
def test_random_matches_against_the_naive_rules(
    rules: Rules, seed: int, prefer_pass: float
) -> None:
    check_match(rules, seed, prefer_pass=prefer_pass)
