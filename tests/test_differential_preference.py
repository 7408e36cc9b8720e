"""Preference against a naive re-statement of its rules page, at every step of random matches.

The oracle below is written from docs/preference.md, not from the code. It deals its own
shuffled deck, follows the match only through the actions it applies and public state
(``to_act``, ``hand(seat)``, ``legal_actions()``, ``stacks``, ``pot``, ``results``, ``is_over``,
``winners``), keeps its own hands, tricks and chips, and checks at every step:

- the antes ("Chips": each participant antes, and all four again whenever a deal starts with the
  pot empty) and the deal ("The deal": the dealer sits out; 3 each, the widow, 4 each, 3 each);
- who acts and the legal calls ("Round one": each active player once from the dealer's left, a
  higher suit or pass) and offers ("Round two": more than the largest so far, at least 1, no
  more than the stack; every offer paid when made, or only the winner's under
  ``round_two_payment="winner_only"``), the widow choices (keep, or any two of the twelve) and
  the trumps;
- the legal plays ("Play": follow suit if possible), who takes each trick and who leads (the
  active player on the declarer's left first, then the winner);
- the settlement ("Settlement and the match": 6 tricks made; ``payout`` from the pot, at most
  the whole pot, or ``penalty`` into it, by trump suit) and the match (``deals`` deals, thrown-in
  deals included; the largest stack wins).
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field

from hypothesis import example, given
from hypothesis import strategies as st

from tablegames import preference
from tablegames.pieces import Card
from tablegames.preference import Rules

RANKS = "789TJQKA"
"""A (highest), K, Q, J, 10, 9, 8, 7 (lowest)."""
SUITS = "SCDH"
"""The suits from lowest to highest: spades, clubs, diamonds, hearts."""
DECK = [Card.parse(r + s) for s in SUITS for r in RANKS]


def suit(card: Card) -> str:
    return str(card)[-1]


def rank(card: Card) -> int:
    return RANKS.index(str(card)[0])


def names(cards: list[Card]) -> list[str]:
    return sorted(map(str, cards))


@dataclass
class Deal:
    dealer: int
    hands: list[list[Card]]
    widow: list[Card]
    active: list[int]
    calls: list[str] = field(default_factory=list)
    offers: list[tuple[int, int]] = field(default_factory=list)  # (seat, chips)
    declarer: int | None = None
    trump: str = ""
    leader: int = -1
    trick: list[tuple[int, Card]] = field(default_factory=list)
    won: list[int] = field(default_factory=lambda: [0] * 4)


def check_match(rules: Rules, seed: int, deals_to_play: int = 3, bid_rate: float = 0.4) -> None:
    rng = random.Random(seed)
    state = preference.new_match(rules)
    stacks = [rules.starting_stack - rules.ante] * 4  # each participant antes
    pot = 4 * rules.ante
    assert list(state.stacks) == stacks and state.pot == pot
    dealer = rules.first_dealer
    deals = 0
    o: Deal | None = None
    while not state.is_over and deals < deals_to_play:
        phase = state.phase.value
        legal = sorted(str(a) for a in state.legal_actions())
        if phase == "deal":
            assert state.is_chance and state.to_act is None
            order = list(DECK)
            rng.shuffle(order)
            state = state.apply(preference.Deal(tuple(order)))
            active = [(dealer + k) % 4 for k in (1, 2, 3)]  # the dealer sits out
            hands: list[list[Card]] = [[] for _ in range(4)]
            cards = iter(order)
            for packet in (3, "widow", 4, 3):
                if packet == "widow":
                    widow = [next(cards), next(cards)]
                    continue
                for seat in active:
                    hands[seat] += [next(cards) for _ in range(int(packet))]
            o = Deal(dealer, hands, widow, active)
            for seat in range(4):
                assert names(list(state.hand(seat))) == names(o.hands[seat])
            if pot == 0:  # a deal that starts with the pot empty: all four ante again
                stacks = [s - rules.ante for s in stacks]
                pot = 4 * rules.ante
            assert list(state.stacks) == stacks and state.pot == pot
            continue
        assert o is not None
        if phase == "bid":
            seat = o.active[len(o.calls)]
            assert state.to_act == seat
            named = [c.split()[1] for c in o.calls if c != "pass"]
            floor = SUITS.index(named[-1]) + 1 if named else 0
            assert set(legal) == {"pass"} | {f"bid {s}" for s in SUITS[floor:]}
            bids = [a for a in legal if a != "pass"]
            call = rng.choice(bids) if bids and rng.random() < bid_rate else "pass"
            state = state.apply(preference.parse_action(call))
            o.calls.append(call)
            if len(o.calls) == 3 and named + ([call.split()[1]] if call != "pass" else []):
                # the highest suit named is trump and its bidder the declarer; play at once
                best = max(
                    (i for i, c in enumerate(o.calls) if c != "pass"),
                    key=lambda i: SUITS.index(o.calls[i].split()[1]),  # type: ignore[union-attr]
                )
                o.declarer, o.trump = o.active[best], o.calls[best].split()[1]
                o.leader = o.active[(best + 1) % 3]  # the active player on the declarer's left
            continue
        if phase == "offer":
            seat = o.active[len(o.offers)]
            assert state.to_act == seat
            largest = max((c for _, c in o.offers), default=0)
            assert set(legal) == {"pass"} | {
                f"offer {n}" for n in range(largest + 1, stacks[seat] + 1)
            }
            offers = [a for a in legal if a != "pass"]
            text = rng.choice(offers[:5]) if offers and rng.random() < 0.5 else "pass"
            state = state.apply(preference.parse_action(text))
            chips = int(text.split()[1]) if text != "pass" else 0
            o.offers.append((seat, chips))
            if chips and rules.round_two_payment == "all":  # paid into the pot when made
                stacks[seat] -= chips
                pot += chips
            if len(o.offers) == 3:
                largest = max(c for _, c in o.offers)
                if largest == 0:  # all three pass again: thrown in, the pot stays
                    assert state.results[-1].declarer is None
                    assert list(state.stacks) == stacks and state.pot == pot
                    deals, dealer, o = deals + 1, (dealer + 1) % 4, None
                    continue
                winner = next(s for s, c in o.offers if c == largest)
                if rules.round_two_payment == "winner_only":
                    stacks[winner] -= largest
                    pot += largest
                o.declarer = winner
                o.leader = o.active[(o.active.index(winner) + 1) % 3]
            assert list(state.stacks) == stacks and state.pot == pot
            continue
        assert o.declarer is not None
        if phase == "widow":
            assert state.to_act == o.declarer
            twelve = o.hands[o.declarer] + o.widow
            expected = {frozenset(["keep"])} | {
                frozenset(map(str, pair)) for pair in itertools.combinations(twelve, 2)
            }
            assert {frozenset(a.split()[1:] or ["keep"]) for a in legal} == expected
            text = rng.choice(legal)
            state = state.apply(preference.parse_action(text))
            if text != "keep":
                laid = {Card.parse(c) for c in text.split()[1:]}
                o.hands[o.declarer] = [c for c in twelve if c not in laid]
            continue
        if phase == "trump":
            assert state.to_act == o.declarer
            assert set(legal) == {f"trump {s}" for s in SUITS}
            text = rng.choice(legal)
            state = state.apply(preference.parse_action(text))
            o.trump = text.split()[1]
            continue
        assert phase == "play"
        seat = o.active[(o.active.index(o.leader) + len(o.trick)) % 3]
        assert state.to_act == seat
        hand = o.hands[seat]
        assert names(list(state.hand(seat))) == names(hand)
        following = [c for c in hand if o.trick and suit(c) == suit(o.trick[0][1])]
        assert set(legal) == {f"play {c}" for c in following or hand}
        text = rng.choice(legal)
        card = Card.parse(text.split()[1])
        before = len(state.results)
        state = state.apply(preference.parse_action(text))
        hand.remove(card)
        o.trick.append((seat, card))
        if len(o.trick) < 3:
            continue
        trumps = [(s, c) for s, c in o.trick if suit(c) == o.trump]
        led = [(s, c) for s, c in o.trick if suit(c) == suit(o.trick[0][1])]
        taker = max(trumps or led, key=lambda p: rank(p[1]))[0]
        o.won[taker] += 1
        o.trick, o.leader = [], taker
        if sum(o.won) < 10:
            assert len(state.results) == before
            continue
        result = state.results[-1]
        assert len(state.results) == before + 1
        assert result.declarer == o.declarer and list(result.tricks) == o.won
        made = o.won[o.declarer] >= 6
        assert result.made is made
        trump_rank = SUITS.index(o.trump)
        if made:  # the payout for the trump suit, at most the whole pot
            chips = min(rules.payout[trump_rank], pot)
            stacks[o.declarer] += chips
            pot -= chips
        else:
            stacks[o.declarer] -= rules.penalty[trump_rank]
            pot += rules.penalty[trump_rank]
        assert sum(stacks) + pot == 4 * rules.starting_stack
        deals, dealer, o = deals + 1, (dealer + 1) % 4, None
        over = deals == rules.deals
        assert state.is_over is over
        if over:
            assert list(state.stacks) == stacks and state.pot == pot
            assert set(state.winners) == {s for s in range(4) if stacks[s] == max(stacks)}


MIXES = [
    Rules(),
    Rules(round_two_payment="winner_only"),
    Rules(payout=(9, 0, 2, 50), penalty=(0, 7, 1, 3), first_dealer=2),
    Rules(deals=2, ante=1, starting_stack=3, round_two_payment="winner_only"),
    Rules(deals=3, starting_stack=0, ante=2, payout=(20, 20, 20, 20)),
    Rules(deals=1, payout=(40, 40, 40, 40)),  # a made game empties the pot: no ante after it
]


def test_every_option_mix_against_the_naive_rules() -> None:
    """Each option of docs/preference.md, "Options", a few seeds each, with round one won and
    with round two played (every run)."""
    for rules in MIXES:
        for seed in range(4):
            for bid_rate in (0.0, 0.5):
                try:
                    check_match(rules, seed, bid_rate=bid_rate)
                except AssertionError as error:
                    raise AssertionError(f"{rules}, seed {seed}: {error}") from error


@st.composite
def any_rules(draw: st.DrawFn) -> Rules:
    chips = st.integers(0, 12)
    return Rules(
        starting_stack=draw(st.integers(0, 40)),
        ante=draw(st.integers(1, 6)),
        payout=tuple(draw(chips) for _ in range(4)),
        penalty=tuple(draw(chips) for _ in range(4)),
        deals=draw(st.integers(1, 4)),
        round_two_payment=draw(st.sampled_from(["all", "winner_only"])),
        first_dealer=draw(st.integers(0, 3)),
    )


@given(rules=any_rules(), seed=st.integers(0, 2**32 - 1), bid_rate=st.sampled_from([0.0, 0.3]))
@example(rules=Rules(), seed=0, bid_rate=0.3)
def test_random_matches_against_the_naive_rules(rules: Rules, seed: int, bid_rate: float) -> None:
    check_match(rules, seed, deals_to_play=8, bid_rate=bid_rate)
