"""The seams a new Preference contract goes through: the contract type and its letter, a goal
that says "at least" or "at most", the heuristic's bids read from the goal, the observation's
one table of contract slots, and the strategies drawing every rule option from the class."""

from __future__ import annotations

import random
from typing import Literal

import attrs
import pytest
from hypothesis import find, given
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample

from tablegames import preference
from tablegames.agents.preference import GAME_TRICKS, PreferenceHeuristic, counted_tricks
from tablegames.core.actions import PASS
from tablegames.observation.preference import contract_slots, encoding, layout
from tablegames.pieces.cards import DECK_32, Suit
from tablegames.preference.actions import BIDS, Bid, parse_action
from tablegames.preference.rules import (
    CONTRACT_RANK,
    Rules,
    contract_of,
    parse_contract,
    trump_of,
)
from tablegames.preference.scoring import Goal, contract_goal, settle
from tablegames.render.contract_words import declarer_needs
from tablegames.testing.rules_strategies import _options, rules


def test_every_contract_reads_back_from_its_letter_and_is_a_bid() -> None:
    contracts = Rules().contracts
    assert list(BIDS) == sorted(BIDS, key=CONTRACT_RANK.__getitem__)
    assert list(contracts) == [c for c in BIDS if c in contracts]
    for contract in contracts:
        assert contract_of(contract.letter) is contract
        assert parse_contract(contract.letter.lower()) is contract
        assert parse_action(f"bid {contract.letter}") is BIDS[contract]
    assert contract_of("X") is None
    assert contract_of("h") is None  # records hold the letter exactly


@pytest.mark.parametrize("contract", Rules().contracts)
def test_a_goal_turns_where_settling_turns(contract: Suit) -> None:
    """The goal's ``made`` is the scoring rule: one trick across its line flips the result."""
    goal = contract_goal(contract)
    for taken in range(goal.deal + 1):
        made = settle(taken, contract, pot=20, rules=Rules())[0]
        assert goal.made(taken) is made
        assert (goal.margin(taken) >= 0) is made


def test_an_at_most_goal_is_the_mirror_of_an_at_least_goal() -> None:
    at_most = Goal(2, 10, at_most=True)
    assert [at_most.made(t) for t in range(5)] == [True, True, True, False, False]
    assert at_most.margin(0) == 2 and at_most.margin(3) == -1
    assert at_most.making == "at most 2"
    assert Goal(6, 10).making == "6"


def test_the_words_follow_the_goal_both_ways() -> None:
    assert declarer_needs(Goal(6, 10)) == "needs 6 tricks"
    assert declarer_needs(Goal(1, 10)) == "needs 1 trick"
    assert declarer_needs(Goal(6, 10), of_all=True) == "needs 6 of the 10 tricks"
    assert declarer_needs(Goal(1, 10, at_most=True)) == "may take at most 1 trick"
    assert declarer_needs(Goal(3, 10, at_most=True), of_all=True) == (
        "may take at most 3 of the 10 tricks"
    )
    assert declarer_needs(Goal(0, 10, at_most=True)) == "must take no trick"
    assert declarer_needs(Goal(0, 10, at_most=True), of_all=True) == (
        "must take none of the 10 tricks"
    )


@given(st.randoms(use_true_random=False))
def test_the_heuristic_bids_as_counting_six_and_a_half_tricks(rng: random.Random) -> None:
    """Reading a bid's goal and trump names the same bid as the rule of thumb it stands for:
    the suit that counts the most tricks, when that is at least six and a half."""
    cards = list(DECK_32)
    rng.shuffle(cards)
    state = preference.new_match().apply(
        preference.deal_of([[], cards[:10], cards[10:20], cards[20:30]], cards[30:], dealer=0)
    )
    view = state.view(1)
    hand = list(view.hand)
    bids = [a for a in view.legal_actions if isinstance(a, Bid)]
    suits = [b for b in bids if isinstance(b.suit, Suit)]
    good = [b for b in suits if counted_tricks(hand, trump_of(b.suit)) >= GAME_TRICKS + 0.5]
    expected = max(good, key=lambda b: counted_tricks(hand, trump_of(b.suit))) if good else None
    chosen = PreferenceHeuristic().choose(view, rng)
    assert chosen == (expected if expected is not None else PASS)
    for bid in suits:
        assert trump_of(bid.suit) is bid.suit


def test_the_observation_places_contracts_by_its_one_table() -> None:
    rules = Rules()
    slots = contract_slots(rules)
    assert sorted(slots, key=CONTRACT_RANK.__getitem__) == list(rules.contracts)
    assert {c: int(c) for c in Suit} == slots  # the suits' numbers, as the docs say
    assert layout().size == layout(rules).size == encoding(rules).size == 427
    assert layout()["trump"].stop - layout()["trump"].start == len(slots)
    enc = encoding(rules)
    state = preference.new_match()
    state = state.apply(state.chance_outcome(random.Random(3)))
    for contract in rules.contracts:
        after = state.apply(BIDS[contract])
        obs = enc.encode(after.view(2))
        trump = obs[enc.layout["trump"].start : enc.layout["trump"].stop]
        assert list(trump).index(1.0) == slots[contract]
        bids = obs[enc.layout["bid_suits"].start : enc.layout["bid_suits"].stop]
        seat = (1 - 2) % 4  # seat 1 bid; seen from seat 2
        assert list(bids).index(1.0) == seat * len(slots) + slots[contract]


@attrs.frozen
class _Options:
    flag: bool = False
    mode: Literal["a", "b"] = "a"
    count: int = 0


def test_options_are_drawn_from_the_class_itself() -> None:
    """A boolean or a ``Literal`` option is drawn with no edit; a number asks for its range."""
    drawn = _options(_Options, {"count": st.just(7)})
    assert set(drawn) == {"flag", "mode", "count"}
    options = st.builds(_Options, **drawn)
    # find raises NoSuchExample when no draw satisfies the condition
    assert find(options, lambda o: o.flag).flag
    assert not find(options, lambda o: not o.flag).flag
    assert find(options, lambda o: o.mode == "a").mode == "a"
    assert find(options, lambda o: o.mode == "b").mode == "b"
    with pytest.raises(NoSuchExample):
        find(options, lambda o: o.count != 7)
    with pytest.raises(TypeError, match="count needs a range"):
        _options(_Options, {})


@given(rules(preference.GAME))
def test_every_preference_option_is_drawn(drawn: Rules) -> None:
    assert isinstance(drawn, Rules)
