"""Quartets against a naive re-statement of its rules page, at every step of random matches.

The oracle below is written from docs/quartets.md, not from the code. It deals its own shuffled
deck, follows the match only through the actions it applies and public state (``to_act``,
``hand(seat)``, ``legal_actions()``, ``results``, ``scores``, ``is_over``, ``winners``), keeps
its own hands and sets, and checks at every step:

- the deal ("Dealing": one card at a time from the dealer's left until the deck runs out; sets
  dealt complete are laid down at once) and who asks first ("Play", "Who starts");
- the legal asks ("Play", "An ask": another player who still holds cards, one exact card of a
  value the asker holds and does not hold itself; with ``ask="rank"``, a value the asker holds);
- what an ask does ("Holder has it": the card is handed over and the asker asks again; "Holder
  lacks it": the turn passes to the player asked, or to the next player with cards on the
  asker's left under ``turn_passes="left"``; "Sets": a completed set is laid down at once;
  "Dropping out": an asker with no cards passes the turn to the player asked, or clockwise from
  the asker if that player is out too);
- the deal's points and the match ("Scoring and winning": one point per set; ``deals``, one per
  player by default; joint winners on a tie).
"""

from __future__ import annotations

import random

from hypothesis import example, given
from hypothesis import strategies as st

from tablegames import quartets
from tablegames.pieces import Card
from tablegames.quartets import Rules

RANKS = "23456789TJQKA"
DECK = [Card.parse(r + s) for s in "CDHS" for r in RANKS]


def value(card: Card) -> str:
    return str(card)[0]


def lay_down(hand: list[Card]) -> tuple[list[Card], int]:
    """The hand without its complete sets of four, and how many sets were laid down."""
    complete = {v for v in RANKS if sum(value(c) == v for c in hand) == 4}
    return [c for c in hand if value(c) not in complete], len(complete)


def next_with_cards(hands: list[list[Card]], start: int) -> int | None:
    """``start``, or the next seat clockwise from it that holds cards."""
    n = len(hands)
    return next(((start + k) % n for k in range(n) if hands[(start + k) % n]), None)


def expected_asks(hands: list[list[Card]], asker: int, rules: Rules) -> set[tuple[int, str]]:
    targets = [s for s in range(len(hands)) if s != asker and hands[s]]
    held = {value(c) for c in hands[asker]}
    if rules.ask == "rank":
        return {(t, v) for t in targets for v in held}
    mine = set(map(str, hands[asker]))
    wanted = [str(c) for c in DECK if value(c) in held and str(c) not in mine]
    return {(t, c) for t in targets for c in wanted}


def check_match(rules: Rules, seed: int, deals_to_play: int = 2) -> None:
    rng = random.Random(seed)
    n = rules.players
    state = quartets.new_match(rules)
    dealer = rules.first_dealer
    scores = [0] * n
    deals = 0
    hands: list[list[Card]] = []
    points: list[int] = []
    asker: int | None = None
    while not state.is_over and deals < deals_to_play:
        if state.phase.value == "deal":
            assert state.is_chance and state.to_act is None
            order = list(DECK)
            rng.shuffle(order)
            state = state.apply(quartets.Deal(tuple(order)))
            hands = [[] for _ in range(n)]
            for i, card in enumerate(order):  # one at a time from the dealer's left
                hands[(dealer + 1 + i) % n].append(card)
            points = [0] * n
            for seat in range(n):
                hands[seat], points[seat] = lay_down(hands[seat])
            asker = next_with_cards(hands, (dealer + 1) % n)
            continue
        assert asker is not None and state.to_act == asker
        for seat in range(n):
            assert sorted(map(str, state.hand(seat))) == sorted(map(str, hands[seat])), seat
        legal = state.legal_actions()
        shown = {(int(str(a).split()[1]), str(a).split()[2]) for a in legal}
        assert shown == expected_asks(hands, asker, rules)
        action = rng.choice(legal)
        target, asked = int(str(action).split()[1]), str(action).split()[2]
        state = state.apply(action)
        if rules.ask == "rank":
            given_cards = [c for c in hands[target] if value(c) == asked]
        else:
            given_cards = [c for c in hands[target] if str(c) == asked]
        following: int | None
        if given_cards:  # handed over; a completed set is laid down at once
            hands[target] = [c for c in hands[target] if c not in given_cards]
            hands[asker], laid = lay_down(hands[asker] + given_cards)
            points[asker] += laid
            if hands[asker]:
                following = asker  # asks again
            elif hands[target]:
                following = target  # went out: the turn passes to the player asked
            else:
                following = next_with_cards(hands, (asker + 1) % n)
        elif rules.turn_passes == "left":
            following = next_with_cards(hands, (asker + 1) % n)
        else:
            following = target
        assert sum(points) + sum(map(len, hands)) // 4 == 13
        if following is not None:
            asker = following
            continue
        assert sum(points) == 13  # all 13 sets are down: the deal is over
        assert list(state.results[-1].points) == points
        scores = [a + b for a, b in zip(scores, points)]
        assert list(state.scores) == scores
        deals, dealer, asker = deals + 1, (dealer + 1) % n, None
        over = deals == (rules.deals if rules.deals is not None else n)
        assert state.is_over is over
        if over:
            assert set(state.winners) == {s for s in range(n) if scores[s] == max(scores)}


MIXES = [
    Rules(),
    Rules(players=2, deals=2),
    Rules(players=5, turn_passes="left", first_dealer=3),
    Rules(players=9, ask="rank", deals=1),
    Rules(players=3, ask="rank", turn_passes="left"),
    Rules(players=7, turn_passes="left", deals=1),
]


def test_every_option_mix_against_the_naive_rules() -> None:
    """Each option of docs/quartets.md, "Options", a few seeds each (every run)."""
    for rules in MIXES:
        for seed in range(2):
            try:
                check_match(rules, seed, deals_to_play=1)
            except AssertionError as error:
                raise AssertionError(f"{rules}, seed {seed}: {error}") from error


@st.composite
def any_rules(draw: st.DrawFn) -> Rules:
    players = draw(st.integers(2, 9))
    return Rules(
        players=players,
        first_dealer=draw(st.integers(0, players - 1)),
        deals=draw(st.sampled_from([None, 1, 2])),
        turn_passes=draw(st.sampled_from(["asked", "left"])),
        ask=draw(st.sampled_from(["card", "rank"])),
    )


@given(rules=any_rules(), seed=st.integers(0, 2**32 - 1))
@example(rules=Rules(players=2, deals=1), seed=0)
def test_random_matches_against_the_naive_rules(rules: Rules, seed: int) -> None:
    check_match(rules, seed, deals_to_play=1)
