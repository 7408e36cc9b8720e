"""Agents: they see only views, play legal actions in every game, and are reproducible."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

from tablegames import ninety_two, preference, quartets, texas42
from tablegames.agents import (
    Agent,
    FirstLegalAgent,
    HeuristicAgent,
    RandomAgent,
    make_agent,
    play_match,
)
from tablegames.agents.protocol import View
from tablegames.core.errors import TableGamesError
from tablegames.core.game import GameState

MATCHES: list[Any] = [
    texas42.new_match(texas42.Rules(target=60)),
    ninety_two.new_match(ninety_two.Rules(target=30)),
    ninety_two.new_match(ninety_two.Rules(players=6, target=30)),
    preference.new_match(preference.Rules(deals=3)),
    quartets.new_match(quartets.Rules(players=4, deals=1)),
    quartets.new_match(quartets.Rules(players=3, deals=1, ask="rank")),
    texas42.new_match(
        texas42.Rules(
            doubles_trump=True, follow_me=True, scoring="marks", bid_ladder="marks", target=3
        )
    ),
    ninety_two.new_match(ninety_two.Rules(players=8, leftovers="deal", target=20)),
    preference.new_match(preference.Rules(deals=4, round_two_payment="winner_only")),
    quartets.new_match(quartets.Rules(players=5, deals=1, turn_passes="left")),
]


class Spy:
    """Records what it is handed, then plays as the heuristic agent would."""

    def __init__(self) -> None:
        self.seen: list[Any] = []

    def choose(self, view: Any, rng: random.Random) -> Any:
        self.seen.append(view)
        action = HeuristicAgent().choose(view, rng)
        assert action in view.legal_actions
        return action


@pytest.mark.parametrize("start", MATCHES, ids=lambda s: f"{s.game_name}-{len(s.returns())}")
def test_heuristic_plays_legal_actions_from_views_only(start: GameState[Any]) -> None:
    spy = Spy()
    final = play_match(start, spy, random.Random(5))
    assert final.is_over
    assert spy.seen and not any(isinstance(v, GameState) for v in spy.seen)
    assert all(v.seat == v.to_act and v.legal_actions for v in spy.seen)


@pytest.mark.parametrize("start", MATCHES, ids=lambda s: f"{s.game_name}-{len(s.returns())}")
def test_seeded_matches_are_reproducible(start: GameState[Any]) -> None:
    agents: dict[int, Agent] = {s: RandomAgent() for s in range(1, len(start.returns()))}
    agents[0] = HeuristicAgent()
    first = play_match(start, agents, random.Random(11))
    again = play_match(start, agents, random.Random(11))
    assert first == again and first.history.to_tuple() == again.history.to_tuple()


def test_views_never_hold_hidden_hands() -> None:
    """The driver hands an agent nothing but the view: swapping the other seats' hidden
    pieces leaves every view an agent saw unchanged (so no choice can depend on them)."""
    state = texas42.new_match().apply(
        texas42.deal_of(
            [
                "6:6 6:5 6:4 6:3 6:2 5:5 4:4",
                "5:4 5:3 5:2 5:1 5:0 4:3 4:2",
                "4:1 4:0 3:3 3:2 3:1 3:0 2:2",
                "2:1 2:0 1:1 1:0 0:0 6:1 6:0",
            ]
        )
    )
    swapped = texas42.new_match().apply(
        texas42.deal_of(
            [
                "6:6 6:5 6:4 6:3 6:2 5:5 4:4",
                "2:1 2:0 1:1 1:0 0:0 6:1 6:0",
                "4:1 4:0 3:3 3:2 3:1 3:0 2:2",
                "5:4 5:3 5:2 5:1 5:0 4:3 4:2",
            ]
        )
    )
    assert state.view(0) == swapped.view(0)


def test_texas42_heuristic_smears_count_on_partners_sure_trick() -> None:
    state = texas42.new_match().apply(
        texas42.deal_of(
            [
                "6:6 6:5 6:4 6:3 6:2 5:5 4:4",
                "5:4 5:3 5:2 5:1 1:0 4:3 4:2",
                "4:1 4:0 3:3 3:2 3:1 5:0 2:2",
                "2:1 2:0 1:1 3:0 0:0 6:1 6:0",
            ]
        )
    )
    for text in ["pass", "pass", "pass", "bid 30", "trump 6", "play 6:6", "play 5:1"]:
        state = state.apply(texas42.parse_action(text))
    # seat 2 has no six: its partner's 6:6 is the highest trump, so it gives the 5:0 count
    assert str(HeuristicAgent().choose(state.view(2), random.Random(0))) == "play 5:0"


def test_texas42_heuristic_wins_cheaply_and_ducks_low() -> None:
    state = texas42.new_match().apply(
        texas42.deal_of(
            [
                "6:6 6:5 6:4 6:3 6:2 5:5 4:4",
                "5:4 5:3 5:2 5:1 1:0 4:3 4:2",
                "4:1 4:0 3:3 3:2 3:1 5:0 2:2",
                "2:1 2:0 1:1 3:0 0:0 6:1 6:0",
            ]
        )
    )
    for text in ["pass", "pass", "pass", "bid 30", "trump 6", "play 4:4"]:
        state = state.apply(texas42.parse_action(text))
    # seat 1 must follow fours: 4:3 and 4:2 lose to the double, so it plays the lower one
    assert str(HeuristicAgent().choose(state.view(1), random.Random(0))) == "play 4:2"


def test_quartets_heuristic_asks_where_the_card_went() -> None:
    state = quartets.new_match().apply(
        quartets.deal_of(
            [
                "2C 2D 2H 3C 3D 3H 4C 4D 4H 5C 5D 5H 6C",
                "9D 9H TC TD TH JC JD JH QC QD QH KC KD",
                "9C 2S 3S 4S 5S QS 6D 6H 7C 7D 7H 8C 8D",
                "9S TS JS 6S KS KH AC AD AH AS 7S 8H 8S",
            ]
        )
    )
    state = state.apply(quartets.parse_action("ask 2 9C"))
    state = state.apply(quartets.parse_action("ask 3 QS"))
    asks = {str(HeuristicAgent().choose(state.view(3), random.Random(n))) for n in range(5)}
    assert asks == {"ask 1 9C"}


def test_preference_heuristic_never_offers_more_than_a_game_pays() -> None:
    rng = random.Random(3)
    agent = HeuristicAgent()
    for _ in range(30):
        state = preference.new_match()
        state = state.apply(state.chance_outcome(rng))
        while state.phase is not preference.Phase.PLAY and not state.is_chance:
            if state.is_over:
                break
            seat = state.to_act
            assert seat is not None
            action = agent.choose(state.view(seat), rng)
            if isinstance(action, preference.Offer):
                assert action.chips <= 2
            state = state.apply(action)
            if state.is_chance:
                break


def test_agents_by_name_and_refusals() -> None:
    assert isinstance(make_agent("random"), RandomAgent)
    assert isinstance(make_agent(" Heuristic "), HeuristicAgent)
    assert isinstance(make_agent(FirstLegalAgent), FirstLegalAgent)
    with pytest.raises(TableGamesError, match="No agent is called"):
        make_agent("oracle")
    with pytest.raises(TableGamesError, match="has no choose"):
        make_agent(object)
    with pytest.raises(TableGamesError, match="does not know how to play"):
        HeuristicAgent().choose(cast("View", object()), random.Random(0))  # no view at all


def test_returns_follow_the_winners() -> None:
    for start in MATCHES:
        final = play_match(start, RandomAgent(), random.Random(8))
        values = final.returns()
        assert len(values) == len(start.returns())
        best = max(values)
        if final.game_name == "texas42":
            assert all(values[s] == best for s in final.winners)
        else:
            assert {s for s, v in enumerate(values) if v == best} == set(final.winners)
