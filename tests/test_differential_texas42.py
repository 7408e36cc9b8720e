"""Texas 42 against a naive re-statement of its rules page, at every step of random matches.

The oracle below is written from docs/texas42.md, not from the code: it follows a match only
through the actions it applies and public state (``to_act``, ``hand(seat)``, ``legal_actions()``,
``results``, ``scores``, ``is_over``, ``winners``), keeps its own hands, tricks and scores, and
checks at every step:

- who acts ("Bidding": from the dealer's left, dealer last; "Trump and play": the high bidder
  names trumps and leads, the winner leads next; "Special contracts": the plunger's partner names
  trumps and leads, nello's partner is skipped);
- the legal calls ("Bidding": the points ladder and ``bid_ladder="marks"``, ``forced_bid``;
  "Plunge", "Splash": the doubles needed, the worth) and trump choices ("Trump and play", "Other
  trump choices", "Nello", "Sevens");
- the legal plays ("Following", ``follow="higher_end"``, doubles trump, follow-me, nello's three
  doubles modes, sevens' closest to 7);
- who takes each trick ("Ranking and winning", "Nello", "Sevens");
- when the hand stops and what it scores ("Counting and scoring", ``scoring="marks"``, "Special
  contracts": set the moment the side fails), and when the match ends ("Game").
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hypothesis import example, given
from hypothesis import strategies as st

from tablegames import texas42
from tablegames.pieces import Domino, dominoes
from tablegames.texas42 import Rules

# -- the rules page, restated ------------------------------------------------------------------

COUNT = {"5:5": 10, "6:4": 10, "5:0": 5, "4:1": 5, "3:2": 5}
"""Count tiles ("Counting and scoring"): 5:5 and 6:4 are worth 10; 5:0, 4:1 and 3:2 are worth 5."""
ALL_TILES = [Domino(high, low) for high in range(7) for low in range(high + 1)]


def side(seat: int) -> int:
    """Partners sit opposite: seats 0 and 2 play seats 1 and 3 ("Table and deal")."""
    return seat % 2


def marks_of(bid: int) -> int:
    """One mark per 42 of the bid, one for 30..42 (``scoring="marks"``)."""
    return max(1, bid // 42)


@dataclass(frozen=True)
class Contract:
    """What was named after the bidding: ``kind`` is number, doubles, none, nello or sevens."""

    kind: str
    number: int = -1  # the trump number, for kind "number"
    nello: str = ""  # the doubles mode, for kind "nello"


def contract_of(text: str) -> Contract:
    """From the notation of the trump action ("Notation")."""
    words = text.split()[1:]
    if words[0] == "doubles":
        return Contract("doubles")
    if words[0] == "none":
        return Contract("none")
    if words[0] == "nello":
        return Contract("nello", nello=words[1])
    if words[0] == "sevens":
        return Contract("sevens")
    return Contract("number", number=int(words[0]))


def is_trump(tile: Domino, c: Contract) -> bool:
    """ "The seven tiles bearing the trump number are trumps"; under doubles trump, the doubles;
    follow-me and nello have no trump."""
    if c.kind == "number":
        return c.number in (tile.high, tile.low)
    if c.kind == "doubles":
        return tile.high == tile.low
    return False


def suit_led(tile: Domino, c: Contract) -> str:
    """A trump leads trumps; nello with ``suit``: a double leads the doubles; any other tile led
    makes its higher end the suit (a double: its number)."""
    if is_trump(tile, c):
        return "trump"
    if c.kind == "nello" and c.nello == "suit" and tile.high == tile.low:
        return "doubles"
    return str(tile.high)


def follows(tile: Domino, suit: str, c: Contract, rules: Rules) -> bool:
    """ "When trump is led, play a trump"; else a non-trump tile bearing the led number follows
    (its higher end only under ``follow="higher_end"``); nello ``suit``: doubles follow only
    doubles."""
    if suit == "trump":
        return is_trump(tile, c)
    if is_trump(tile, c):
        return False
    double = tile.high == tile.low
    if suit == "doubles":
        return double
    if c.kind == "nello" and c.nello == "suit" and double:
        return False
    number = int(suit)
    if rules.follow == "higher_end":
        return tile.high == number
    return number in (tile.high, tile.low)


def rank(tile: Domino, suit: str, c: Contract) -> int:
    """ "Within a suit the double is highest, then the other end, six down to blank"; doubles
    trump and nello's doubles suit rank by pips (6:6 highest); nello ``low``: the double is the
    lowest of its number."""
    double = tile.high == tile.low
    if (suit == "trump" and c.kind == "doubles") or suit == "doubles":
        return tile.high
    number = c.number if suit == "trump" else int(suit)
    if double:
        return -1 if c.kind == "nello" and c.nello == "low" else 7
    return tile.low if tile.high == number else tile.high


def legal_plays(hand: list[Domino], trick: list[Domino], c: Contract, rules: Rules) -> set[str]:
    if c.kind == "sevens":  # "play a tile whose pip total is closest to 7" - the leader too
        best = min(abs(t.high + t.low - 7) for t in hand)
        return {str(t) for t in hand if abs(t.high + t.low - 7) == best}
    if not trick:
        return {str(t) for t in hand}
    suit = suit_led(trick[0], c)
    following = [t for t in hand if follows(t, suit, c, rules)]
    return {str(t) for t in following or hand}  # "Unable to follow, play anything"


def trick_winner(plays: list[tuple[int, Domino]], c: Contract, rules: Rules, bidder: int) -> int:
    """The seat that takes the trick: "The highest trump wins; with no trump, the highest tile of
    the suit led" (an off-suit tile never wins); sevens: "The tile closest to 7 takes the trick;
    among equally close tiles the bidding side's first-played one wins, else the first played"."""
    if c.kind == "sevens":
        distance = [abs(t.high + t.low - 7) for _, t in plays]
        closest = [i for i, d in enumerate(distance) if d == min(distance)]
        ours = [i for i in closest if side(plays[i][0]) == side(bidder)]
        return plays[(ours or closest)[0]][0]
    trumps = [(s, t) for s, t in plays if is_trump(t, c)]
    if trumps:
        return max(trumps, key=lambda p: rank(p[1], "trump", c))[0]
    suit = suit_led(plays[0][1], c)
    in_suit = [(s, t) for s, t in plays if follows(t, suit, c, rules)]
    return max(in_suit, key=lambda p: rank(p[1], suit, c))[0]


def legal_calls(o: Hand, rules: Rules, hand: list[Domino]) -> set[str]:
    """ "Bidding", "Plunge", "Splash": the calls open to the seat to act."""
    high = o.high
    calls: set[str] = set()
    forced = rules.forced_bid and len(o.calls) == 3 and high == 0
    if not forced:
        calls.add("pass")
    if rules.bid_ladder == "points":
        calls |= {f"bid {b}" for b in range(30, 43) if b > high}
        if high == 42:
            calls.add("bid 84")
        if high == 84:
            calls.add("bid 168")
    elif high < 42:  # "while no mark bid stands": the higher point bids, 42 and 84
        calls |= {f"bid {b}" for b in range(30, 42) if b > high} | {"bid 42", "bid 84"}
    else:  # "over a mark bid the only bid is one more mark"
        calls.add(f"bid {high + 42}")
    doubles = sum(t.high == t.low for t in hand)
    if rules.plunge and doubles >= 4:
        calls.add("bid plunge")
    if rules.splash and doubles >= 3:
        calls.add("bid splash")
    return calls


def worth(call: str, high: int, rules: Rules) -> int:
    """A call's bid in points: plunge max(4 marks, one mark above), splash max(splash_marks,
    one mark above)."""
    above = (high // 42 + 1) * 42
    if call == "bid plunge":
        return max(4 * 42, above)
    if call == "bid splash":
        return max(rules.splash_marks * 42, above)
    return int(call.split()[1])


def trump_choices(o: Hand, rules: Rules) -> set[str]:
    """ "Trump and play", "Other trump choices", "Nello", "Sevens"."""
    choices = {f"trump {n}" for n in range(7)}
    if rules.doubles_trump:
        choices.add("trump doubles")
    if rules.follow_me:
        choices.add("trump none")
    contracts = o.high >= 42 and o.special == ""  # at least one mark, not after plunge/splash
    if rules.nello and contracts:
        modes = (
            ("suit", "high", "low") if rules.nello_doubles == "choose" else (rules.nello_doubles,)
        )
        choices |= {f"trump nello {m}" for m in modes}
    if rules.sevens and contracts:
        choices.add("trump sevens")
    return choices


@dataclass
class Hand:
    """The oracle's own record of one hand."""

    dealer: int
    hands: list[list[Domino]]
    calls: list[str] = field(default_factory=list)
    high: int = 0
    bidder: int | None = None
    special: str = ""  # "plunge" or "splash"
    contract: Contract | None = None
    aside: int | None = None
    trick: list[tuple[int, Domino]] = field(default_factory=list)
    tricks: list[tuple[list[tuple[int, Domino]], int]] = field(default_factory=list)

    def seats_in_play(self) -> list[int]:
        return [s for s in range(4) if s != self.aside]

    def leader(self) -> int:
        if self.tricks:
            return self.tricks[-1][1]
        assert self.bidder is not None
        return (self.bidder + 2) % 4 if self.special else self.bidder

    def to_play(self) -> int:
        seats = self.seats_in_play()
        start = seats.index(self.leader())
        return (seats[start:] + seats[:start])[len(self.trick)]

    def points(self) -> list[int]:
        """Each side's points: one per trick, plus the count tiles it won."""
        out = [0, 0]
        for plays, winner in self.tricks:
            out[side(winner)] += 1 + sum(COUNT.get(str(t), 0) for _, t in plays)
        return out

    def decided(self, rules: Rules) -> bool | None:
        """True made, False set, None still open; ``scoring="marks"`` stops the hand as soon as
        it is decided, the special contracts are set the moment their side fails."""
        assert self.bidder is not None and self.contract is not None
        ours, theirs = side(self.bidder), 1 - side(self.bidder)
        points = self.points()
        done = len(self.tricks) == 7
        if self.contract.kind == "nello":  # the bidder must win no trick
            if any(w == self.bidder for _, w in self.tricks):
                return False
            return True if done else None
        if self.high >= 42:  # all 42 points (also plunge, splash, sevens): every trick
            if rules.scoring == "marks" and any(side(w) == theirs for _, w in self.tricks):
                return False
            if done:
                return points[ours] == 42
            return None
        if rules.scoring == "marks":
            if points[ours] >= self.high:
                return True
            if points[theirs] > 42 - self.high:
                return False
        return (points[ours] >= self.high) if done else None

    def score(self, rules: Rules, made: bool) -> list[int]:
        assert self.bidder is not None
        ours, theirs = side(self.bidder), 1 - side(self.bidder)
        out = [0, 0]
        if rules.scoring == "marks":
            out[ours if made else theirs] = marks_of(self.high)
            return out
        points = self.points()
        if made:
            if self.high >= 42:
                out[ours] = 42
            else:
                out[ours], out[theirs] = points[ours], points[theirs]
        else:
            out[theirs] = points[theirs] + self.high
        return out


# -- the random match ---------------------------------------------------------------------------


def deal(
    rng: random.Random, dealer: int, rig: bool
) -> tuple[texas42.Deal[Domino], list[list[Domino]]]:
    """A random deal; ``rig`` gives one random seat at least four doubles (to reach plunge)."""
    tiles = list(ALL_TILES)
    rng.shuffle(tiles)
    if rig:
        doubles = [t for t in tiles if t.high == t.low]
        rest = [t for t in tiles if t.high != t.low]
        lucky = rng.randrange(4)
        extra = rng.randint(4, 5)
        hands = [[] for _ in range(4)]  # type: list[list[Domino]]
        hands[lucky] = doubles[:extra] + rest[: 7 - extra]
        others = doubles[extra:] + rest[7 - extra :]
        rng.shuffle(others)
        for seat in range(4):
            if seat != lucky:
                hands[seat], others = others[:7], others[7:]
    else:
        hands = [tiles[7 * s : 7 * s + 7] for s in range(4)]
    return texas42.deal_of([dominoes(" ".join(map(str, h))) for h in hands], dealer), hands


def choose(rng: random.Random, legal: list[str], prefer: tuple[str, ...]) -> str:
    preferred = [a for a in legal if a.startswith(prefer)] if prefer else []
    if preferred and rng.random() < 0.7:
        return rng.choice(preferred)
    return rng.choice(legal)


def check_match(
    rules: Rules, seed: int, prefer: tuple[str, ...] = (), hands_to_play: int = 3
) -> None:
    rng = random.Random(seed)
    state = texas42.new_match(rules)
    target = rules.target if rules.target is not None else (7 if rules.scoring == "marks" else 250)
    dealer = rules.first_dealer
    scores = [0, 0]
    o: Hand | None = None
    finished = 0
    while not state.is_over and finished < hands_to_play:
        phase = state.phase.value
        legal = sorted(str(a) for a in state.legal_actions())
        if phase == "deal":
            assert state.is_chance and state.to_act is None and state.dealer == dealer
            action, dealt = deal(
                rng, dealer, rig=bool(rules.plunge or rules.splash) and rng.random() < 0.5
            )
            state = state.apply(action)
            o = Hand(dealer, [list(h) for h in dealt])
            continue
        assert o is not None
        if phase == "bid":
            seat = (o.dealer + 1 + len(o.calls)) % 4
            assert state.to_act == seat, "bids go clockwise from the dealer's left"
            assert set(legal) == legal_calls(o, rules, o.hands[seat]), (o.calls, o.high)
            call = choose(rng, legal, prefer)
            state = state.apply(texas42.parse_action(call))
            o.calls.append(call)
            if call != "pass":
                o.high = worth(call, o.high, rules)
                o.bidder = seat
                o.special = call.split()[1] if call in ("bid plunge", "bid splash") else ""
            if len(o.calls) == 4 and o.bidder is None:  # all four passed: thrown in
                result = state.results[-1]
                assert result.bidder is None and tuple(result.score) == (0, 0)
                assert list(state.scores) == scores
                dealer, o, finished = (dealer + 1) % 4, None, finished + 1
                assert state.phase.value == "deal"
            continue
        if phase == "trump":
            assert o.bidder is not None
            namer = (o.bidder + 2) % 4 if o.special else o.bidder
            assert state.to_act == namer
            assert set(legal) == trump_choices(o, rules)
            text = choose(rng, legal, prefer)
            state = state.apply(texas42.parse_action(text))
            o.contract = contract_of(text)
            if o.contract.kind == "nello":
                o.aside = (o.bidder + 2) % 4  # the partner lays the tiles aside
                assert not state.hand(o.aside) and len(state.aside) == 7
            continue
        assert phase == "play" and o.contract is not None and o.bidder is not None
        seat = o.to_play()
        assert state.to_act == seat, "the winner leads; then clockwise, nello's partner skipped"
        assert sorted(map(str, state.hand(seat))) == sorted(map(str, o.hands[seat]))
        expected = legal_plays(o.hands[seat], [t for _, t in o.trick], o.contract, rules)
        assert {a.removeprefix("play ") for a in legal} == expected, (o.contract, o.trick)
        text = choose(rng, legal, ())
        tile = Domino.parse(text.removeprefix("play "))
        before = len(state.results)
        state = state.apply(texas42.parse_action(text))
        o.hands[seat].remove(tile)
        o.trick.append((seat, tile))
        if len(o.trick) < len(o.seats_in_play()):
            assert len(state.results) == before
            continue
        o.tricks.append((o.trick, trick_winner(o.trick, o.contract, rules, o.bidder)))
        o.trick = []
        made = o.decided(rules)
        if made is None:
            assert len(state.results) == before, "the hand went on while undecided"
            continue
        assert len(state.results) == before + 1, "the hand stops the moment it is decided"
        result = state.results[-1]
        assert result.bidder == o.bidder and result.bid == o.high and result.made is made
        assert [t.winner for t in result.played] == [w for _, w in o.tricks]
        assert list(result.points) == o.points()
        expected_score = o.score(rules, made)
        assert list(result.score) == expected_score
        scores = [a + b for a, b in zip(scores, expected_score)]
        assert list(state.scores) == scores
        over = max(scores) >= target and scores[0] != scores[1]
        assert state.is_over is over
        if over:
            winner = 0 if scores[0] > scores[1] else 1
            assert set(state.winners) == {winner, winner + 2}
        dealer, o, finished = (dealer + 1) % 4, None, finished + 1


# -- the option mixes -----------------------------------------------------------------------------

MARKS = {"scoring": "marks", "bid_ladder": "marks"}
MIXES: dict[str, tuple[dict[str, object], tuple[str, ...]]] = {
    "plain": ({}, ()),
    "plain, low bids": ({"target": 60}, ("bid 30", "bid 31", "bid 32", "pass")),
    "forced bid": ({"forced_bid": True}, ("pass",)),
    "doubles trump": ({"doubles_trump": True}, ("trump doubles",)),
    "follow-me": ({"follow_me": True}, ("trump none",)),
    "higher end": ({"follow": "higher_end", "doubles_trump": True}, ()),
    "marks scoring": ({"scoring": "marks"}, ("bid 4", "bid 3")),
    "marks ladder": ({"bid_ladder": "marks", "target": 150}, ("bid 84", "bid 126")),
    "nello choose": ({**MARKS, "nello": True}, ("bid 42", "trump nello")),
    "nello suit": ({**MARKS, "nello": True, "nello_doubles": "suit"}, ("bid 42", "trump nello")),
    "nello high": ({**MARKS, "nello": True, "nello_doubles": "high"}, ("bid 42", "trump nello")),
    "nello low higher end": (
        {**MARKS, "nello": True, "nello_doubles": "low", "follow": "higher_end"},
        ("bid 42", "trump nello"),
    ),
    "plunge": ({**MARKS, "plunge": True, "doubles_trump": True}, ("bid plunge",)),
    "splash 3": ({**MARKS, "splash": True, "splash_marks": 3}, ("bid splash",)),
    "sevens": ({**MARKS, "sevens": True}, ("bid 42", "trump sevens")),
    "everything": (
        {
            **MARKS,
            "nello": True,
            "plunge": True,
            "splash": True,
            "sevens": True,
            "doubles_trump": True,
            "follow_me": True,
            "forced_bid": True,
        },
        ("bid plunge", "bid splash", "trump nello", "trump sevens"),
    ),
}


@st.composite
def mixes(draw: st.DrawFn) -> tuple[Rules, tuple[str, ...]]:
    """Any Rules the page allows, with a preference for the special actions it turns on."""
    special = draw(st.booleans())
    options: dict[str, object] = {
        "first_dealer": draw(st.integers(0, 3)),
        "forced_bid": draw(st.booleans()),
        "doubles_trump": draw(st.booleans()),
        "follow_me": draw(st.booleans()),
        "follow": draw(st.sampled_from(["either_end", "higher_end"])),
        "target": draw(st.sampled_from([None, 5, 60])),
    }
    if special:
        options.update(MARKS)
        options.update(
            nello=draw(st.booleans()),
            nello_doubles=draw(st.sampled_from(["choose", "suit", "high", "low"])),
            plunge=draw(st.booleans()),
            splash=draw(st.booleans()),
            splash_marks=draw(st.sampled_from([2, 3])),
            sevens=draw(st.booleans()),
        )
    else:
        options["scoring"] = draw(st.sampled_from(["points", "marks"]))
        options["bid_ladder"] = draw(st.sampled_from(["points", "marks"]))
    prefer = draw(
        st.sampled_from([(), ("bid plunge", "bid splash", "trump nello", "trump sevens")])
    )
    return Rules(**options), prefer  # type: ignore[arg-type]


def test_every_option_mix_against_the_naive_rules() -> None:
    """Each named mix of docs/texas42.md's options, a few seeds each (every run)."""
    for name, (options, prefer) in MIXES.items():
        for seed in range(3):
            try:
                check_match(Rules(**options), seed, prefer)  # type: ignore[arg-type]
            except AssertionError as error:
                raise AssertionError(f"{name}, seed {seed}: {error}") from error


@given(mix=mixes(), seed=st.integers(0, 2**32 - 1))
@example(mix=(Rules(), ()), seed=0)
def test_random_matches_against_the_naive_rules(
    mix: tuple[Rules, tuple[str, ...]], seed: int
) -> None:
    rules, prefer = mix
    check_match(rules, seed, prefer, hands_to_play=6)
