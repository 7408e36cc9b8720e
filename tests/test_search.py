"""The search agent: legal, reproducible, view-only, and it finds a sure gain by itself."""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

from tablegames import ninety_two, preference, quartets, texas42
from tablegames.agents import Agent, HeuristicAgent, SearchAgent, make_agent, play_match
from tablegames.cli import main
from tablegames.core.errors import TableGamesError
from tablegames.core.game import GameState
from tablegames.interactive import play
from tablegames.simulation import simulate
from test_agents import MATCHES


def _decisions(start: GameState[Any], seed: int, every: int = 17, most: int = 4) -> list[Any]:
    """Some states of a heuristic match where the seat to act has a choice."""
    found: list[Any] = []
    rng = random.Random(seed)
    state = start
    step = 0
    agent = HeuristicAgent()
    while not state.is_over and len(found) < most:
        if state.is_chance:
            state = state.apply(state.chance_outcome(rng))
            continue
        seat = state.to_act
        assert seat is not None
        if len(state.legal_actions()) > 1:
            step += 1
            if step % every == 1:
                found.append(state)
        state = state.apply(agent.choose(state.view(seat), rng))
    return found


@pytest.mark.parametrize("start", MATCHES, ids=lambda s: f"{s.game_name}-{len(s.returns())}")
def test_search_plays_a_legal_action_from_the_view_alone(start: GameState[Any]) -> None:
    states = _decisions(start, seed=3)
    assert states
    agent = SearchAgent(samples=2)
    for state in states:
        view = state.view(state.to_act)
        action, means, worlds = agent.evaluate(view, random.Random(1))
        assert action in state.legal_actions()
        assert worlds == 2
        assert set(means) <= set(state.legal_actions())
        assert len(means) == min(len(state.legal_actions()), 8)  # width 8


@pytest.mark.parametrize("start", MATCHES[:5], ids=lambda s: f"{s.game_name}-{len(s.returns())}")
def test_search_is_reproducible_from_its_rng(start: GameState[Any]) -> None:
    agent = SearchAgent(samples=3, policy="random", confidence=0)
    for state in _decisions(start, seed=8, most=2):
        first = agent.evaluate(state.view(state.to_act), random.Random(4))
        again = agent.evaluate(state.view(state.to_act), random.Random(4))
        assert first == again


def test_search_decides_the_same_whatever_the_hidden_hands() -> None:
    # Two states the seat cannot tell apart (the others' hands dealt anew): same choice,
    # same scores, since the agent gets only the view.
    agent = SearchAgent(samples=3, confidence=0)
    for start in MATCHES[:5]:
        for state in _decisions(start, seed=5, most=2):
            seat = state.to_act
            other = state.sample(seat, random.Random(9))
            assert other.view(seat) == state.view(seat)
            assert agent.evaluate(state.view(seat), random.Random(2)) == agent.evaluate(
                other.view(seat), random.Random(2)
            )


def test_a_lone_legal_action_is_played_without_search() -> None:
    class NoSampling:
        seat = 0
        legal_actions = (texas42.PASS,)

        def sample(self, rng: random.Random) -> Any:
            raise AssertionError("a lone action needs no world")

    assert SearchAgent().evaluate(NoSampling(), random.Random(0)) == (
        texas42.PASS,
        {texas42.PASS: 0.0},
        0,
    )


def _deciding_plays(seeds: range) -> list[tuple[Any, list[Any]]]:
    """Texas 42 positions (marks, random play) where some play, not all, takes the trick that
    wins the hand's mark for the seat's side at once, with those plays."""
    rules = texas42.Rules(scoring="marks", target=7)
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        state = texas42.new_match(rules)
        while not state.is_over:
            if state.is_chance:
                state = state.apply(state.chance_outcome(rng))
                continue
            legal = state.legal_actions()
            if len(legal) > 1 and state.phase is texas42.Phase.PLAY:
                side = state.to_act % 2  # type: ignore[operator]
                wins = []
                for action in legal:
                    after = state.apply(action)
                    ended = after.is_chance or after.is_over
                    if ended and after.scores[side] > state.scores[side]:
                        wins.append(action)
                if wins and len(wins) < len(legal):
                    found.append((state, wins))
            state = state.apply(legal[rng.randrange(len(legal))])
    return found


def test_search_takes_the_trick_that_wins_the_hand() -> None:
    # Searching every play with no preference for the heuristic's choice: a play that wins
    # the mark at once is worth a mark in every world, so the search finds one.
    positions = _deciding_plays(range(4))
    assert len(positions) >= 8
    agent = SearchAgent(samples=2, confidence=0, width=None)
    for state, wins in positions:
        assert agent.choose(state.view(state.to_act), random.Random(0)) in wins


def test_without_evidence_the_search_keeps_the_heuristic_choice() -> None:
    # An impossible confidence never leaves the heuristic's choice, whatever the playouts say.
    careful = SearchAgent(samples=2, confidence=1e9)
    for state in _decisions(texas42.new_match(texas42.Rules(target=60)), seed=4, every=3):
        view = state.view(state.to_act)
        assert careful.choose(view, random.Random(0)) == HeuristicAgent().choose(
            view, random.Random(0)
        )


def test_search_budgets_and_options_are_checked() -> None:
    with pytest.raises(TableGamesError, match="positive"):
        SearchAgent(samples=-1)
    with pytest.raises(TableGamesError, match="policy"):
        SearchAgent(policy="clever")
    with pytest.raises(TableGamesError, match="no search option"):
        make_agent("search:fast")
    agent = make_agent("search:16:5ms:random:own:depth9")
    assert isinstance(agent, SearchAgent)
    assert (agent.samples, agent.ms, agent.policy, agent.score, agent.depth) == (
        16,
        5.0,
        "random",
        "own",
        9,
    )


def test_a_time_budget_searches_at_least_one_world() -> None:
    state = ninety_two.new_match(ninety_two.Rules(target=20))
    state = state.apply(state.chance_outcome(random.Random(4)))
    assert state.to_act is not None
    view = state.view(state.to_act)
    _, _, worlds = SearchAgent(ms=0.001).evaluate(view, random.Random(0))
    assert worlds >= 1


def test_search_plays_whole_matches_in_simulations_and_at_the_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = simulate(
        "quartets",
        [functools.partial(SearchAgent, samples=1), "heuristic", "heuristic"],
        2,
        rules={"players": 3, "deals": 1},
    )
    assert result.matches == 2 and result.agents[0] == "SearchAgent"
    status = main(
        [
            "simulate",
            "texas42",
            "-n",
            "1",
            "--agents",
            "search:1,heuristic,search:1,heuristic",
            "--rule",
            "target=20",
            "--json",
        ]
    )
    assert status == 0
    assert '"agents": ["search:1", "heuristic", "search:1", "heuristic"]' in capsys.readouterr().out
    lines: list[str] = []
    final = play(
        preference.GAME,
        preference.Rules(deals=1),
        seat=1,
        seed=2,
        read=lambda prompt: "quit",
        write=lines.append,
        opponents="search:1",
    )
    assert final.to_act == 1 and lines


def test_play_refuses_an_unknown_opponent(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "texas42", "--opponents", "genius"]) == 2
    assert "No agent is called 'genius'" in capsys.readouterr().err


def test_search_plays_a_whole_match() -> None:
    agents: dict[int, Agent] = {0: SearchAgent(samples=1), 1: HeuristicAgent(), 2: HeuristicAgent()}
    final = play_match(
        quartets.new_match(quartets.Rules(players=3, deals=1)), agents, random.Random(6)
    )
    assert final.is_over


def test_a_view_that_cannot_sample_is_refused_with_a_sentence() -> None:
    class Blind:
        seat = 0
        legal_actions = (texas42.PASS, texas42.Bid(30))

    with pytest.raises(TableGamesError, match="cannot sample"):
        SearchAgent(samples=1).choose(Blind(), random.Random(0))
    with pytest.raises(TableGamesError, match="whole number"):
        SearchAgent(samples=2.5)  # type: ignore[arg-type]
