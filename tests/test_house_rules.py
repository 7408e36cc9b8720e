"""House rules: the worked example (Texas 42, opening bid at least 31) holds for whole matches,
passes the conformance checks, and survives records, JSON, pickling and sampling."""

from __future__ import annotations

import pickle
import random
import re
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings

from tablegames import texas42
from tablegames.core.errors import ConformanceError
from tablegames.core.game import random_action
from tablegames.core.violations import Violation, ViolationCode
from tablegames.examples import house42
from tablegames.house import HouseRuleState, with_house_rules
from tablegames.testing import ServerMachine, check_playthrough, rules, run_machine, seeds

ROOT = Path(__file__).resolve().parent.parent
GAME = house42.GAME
DEAL = texas42.deal_of(
    [
        "6:6 6:5 6:4 6:3 6:2 6:1 6:0",
        "5:5 5:4 5:3 5:2 5:1 5:0 4:4",
        "4:3 4:2 4:1 4:0 3:3 3:2 3:1",
        "3:0 2:2 2:1 2:0 1:1 1:0 0:0",
    ]
)


SHORT_RULES = rules(texas42.GAME).map(lambda r: attrs.evolve(r, target=min(r.game_target, 60)))
"""Any Texas 42 rules, with matches short enough to check every state."""


@given(SHORT_RULES, seeds())
@settings(max_examples=6)
def test_the_house_game_passes_the_conformance_checks(r: texas42.Rules, seed: int) -> None:
    final = check_playthrough(GAME, r, seed, refusal_every=4, view_every=4)
    assert isinstance(final, HouseRuleState)


@given(seeds())
@settings(max_examples=10)
def test_the_rule_holds_for_the_whole_match(seed: int) -> None:
    rng = random.Random(seed)
    state: Any = GAME.new_match(texas42.Rules(target=100, forced_bid=True))
    while not state.is_over:
        assert isinstance(state, HouseRuleState)
        inner: Any = state.inner
        if inner.phase is texas42.Phase.BID and inner.high_bid == 0:
            assert texas42.Bid(30) not in state.legal_actions()
            if state.to_act is not None:
                refused = state.check(texas42.Bid(30), seat=state.to_act)
                assert refused is not None and refused.code is ViolationCode.BID_OUT_OF_RANGE
        state = state.apply(random_action(state, rng))
    bids = [r.bid for r in state.inner.results if r.bidder is not None]
    assert bids and min(bids) >= 31


def test_bid_30_is_refused_only_as_the_opening_bid() -> None:
    state: Any = GAME.new_match(texas42.Rules()).apply(DEAL)
    assert state.check(texas42.Bid(30)) == Violation(
        ViolationCode.BID_OUT_OF_RANGE, "The opening bid must be at least 31 at this table, not 30."
    )
    assert state.check(texas42.Bid(31)) is None
    state = state.apply(texas42.PASS)
    assert state.check(texas42.Bid(30)) is not None
    state = state.apply(texas42.Bid(35))
    # once bidding is open the game's own rule speaks: a bid must be higher
    refused = state.check(texas42.Bid(34))
    assert refused is not None and refused.code is ViolationCode.BID_NOT_HIGHER


def test_the_game_refuses_first_and_the_house_rule_never_sees_it() -> None:
    seen: list[object] = []

    def spy(state: object, action: object) -> Violation | None:
        seen.append(action)
        return None

    game = with_house_rules(texas42.GAME, "spy-42", "Spy 42", spy)
    start = game.new_match(texas42.Rules())
    assert start.check(texas42.PASS) is not None  # the deal comes first: the game says so
    assert seen == []
    assert start.check(DEAL) is None
    assert seen == [DEAL]


def test_views_leave_out_what_the_house_rule_forbids() -> None:
    state: Any = GAME.new_match(texas42.Rules()).apply(DEAL)
    plain = state.inner.view(1)
    view = state.view(1)
    assert texas42.Bid(30) in plain.legal_actions
    assert texas42.Bid(30) not in view.legal_actions
    assert view.legal_actions == state.legal_actions()


def test_records_json_and_pickles_keep_the_house_rule() -> None:
    state = GAME.new_match(texas42.Rules()).apply(DEAL).apply(texas42.Bid(31))
    record = GAME.record(state)
    assert record.game == "texas42-open-31"
    assert GAME.replay(record) == state
    loaded = GAME.state_from_json(GAME.state_to_json(state))
    assert isinstance(loaded, HouseRuleState) and loaded == state
    copied = pickle.loads(pickle.dumps(state))
    assert copied == state and copied.house_rules == (house42.opening_bid_at_least_31,)
    assert state.fingerprint() != state.inner.fingerprint()


def test_a_record_of_the_plain_game_with_an_opening_30_does_not_replay() -> None:
    plain = texas42.new_match().apply(DEAL).apply(texas42.Bid(30))
    record = texas42.GAME.record(plain)
    moved = type(record)(GAME.name, record.rules, record.actions)
    with pytest.raises(Exception, match="opening bid must be at least 31"):
        GAME.replay(moved)


def test_sampling_stays_in_the_house_game() -> None:
    state = GAME.new_match(texas42.Rules()).apply(DEAL)
    sampled = state.sample(2, random.Random(1))
    assert isinstance(sampled, HouseRuleState)
    assert sampled.view(2) == state.view(2)


def _no_passing(state: object, action: object) -> Violation | None:
    if action == texas42.PASS:
        return Violation(ViolationCode.MUST_BID, "Nobody passes here.")
    return None


def _no_bids(state: object, action: object) -> Violation | None:
    if isinstance(action, texas42.Bid):
        return Violation(ViolationCode.BID_OUT_OF_RANGE, "Nobody bids here.")
    return None


def test_a_house_rule_that_leaves_no_legal_action_is_caught() -> None:
    broken = with_house_rules(texas42.GAME, "broken-42", "Broken 42", _no_passing, _no_bids)
    with pytest.raises(ConformanceError, match="legal actions missing"):
        check_playthrough(broken, texas42.Rules(), seed=1)


def test_a_server_enforcing_the_house_rule_passes_the_server_machine() -> None:
    class HouseServer(ServerMachine):
        game = GAME

        def start(self, rules: Any) -> None:
            self.server: Any = texas42.new_match(rules)

        def deal(self, text: str) -> None:
            self.server = self.server.apply(texas42.parse_action(text))

        def submit(self, seat: int, text: str) -> str | None:
            action = texas42.parse_action(text)
            violation = self.server.check(action, seat)
            if violation is None:
                violation = house42.opening_bid_at_least_31(self.server, action)
            if violation is not None:
                code: str = violation.code.value
                return code
            self.server = self.server.apply(action, seat)
            return None

    run_machine(HouseServer, settings=settings(max_examples=5, stateful_step_count=40))


def test_the_guide_quotes_the_example() -> None:
    doc = (ROOT / "docs" / "house-rules.md").read_text(encoding="utf-8")
    quotes = re.findall(
        r"<!-- quote: (\S+) -->\n<!-- fmt:off -->\n```python\n(.*?)```", doc, re.DOTALL
    )
    assert len(quotes) == 1
    path, block = quotes[0]
    assert block in (ROOT / path).read_text(encoding="utf-8")


def test_a_house_view_samples_a_state_with_the_house_rules() -> None:
    """The view leaves out the bid the house rule forbids, and the state sampled from it keeps
    the rule: it sees the same view (a view of the game's class, holding the house rules),
    records and replays, and the view pickles."""
    state = GAME.new_match(texas42.Rules()).apply(DEAL)
    view = state.view(1)
    assert isinstance(view, texas42.Texas42View)
    assert texas42.Bid(30) not in view.legal_actions  # the house: open at 31 or more
    world = view.sample(random.Random(3))
    assert isinstance(world, HouseRuleState)
    assert world.house_rules == state.house_rules
    assert world.view(1) == view
    assert not world.is_legal(texas42.Bid(30))
    assert world.inner.hand(1) == state.inner.hand(1)
    assert world.inner.hands != state.inner.hands
    assert GAME.state_from_json(GAME.state_to_json(world)) == world
    assert pickle.loads(pickle.dumps(view)) == view
    assert view != texas42.GAME.new_match(texas42.Rules()).apply(DEAL).view(1)
    assert view.to_dict() == texas42.GAME.new_match(texas42.Rules()).apply(DEAL).view(
        1
    ).to_dict() | {"legal_actions": view.to_dict()["legal_actions"]}


@settings(max_examples=10)
@given(SHORT_RULES, seeds())
def test_house_views_pass_the_view_sample_check(rules: texas42.Rules, seed: int) -> None:
    from tablegames.testing import check_view_sample

    rng = random.Random(seed)
    state = GAME.new_match(rules)
    for _ in range(60):
        if state.is_over:
            break
        if state.to_act is not None:
            check_view_sample(state, state.to_act, rng)
        state = state.apply(random_action(state, rng))
