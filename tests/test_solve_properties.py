"""Properties of the solver's answers (docs/solver.md "What it computes"), on Texas 42 hands
under every option mix of tests/test_solve.py (the rules: docs/texas42.md "Play", "Scoring"
and "Special contracts"):

- a position's value is the best of its actions' values for the side to move;
- played out along the solver's best line, the hand ends with what the game's own scoring
  counts: each side's points taken from the position on are the solution's ``takes``;
- a budget that runs out gives bounds that hold the exact value, and says it is not exact;
- solving a world drawn from a view reads nothing but that world: two deals a seat cannot tell
  apart give the same worlds, the same answers and the same solver agent's choice.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from solve_endgames import TEXAS42_MIXES, endgame, texas42_hand
from tablegames import ninety_two, preference, texas42
from tablegames.agents import HeuristicAgent, SearchAgent, make_agent
from tablegames.agents.search import beats
from tablegames.agents.solver import SolverAgent
from tablegames.solve import Solver
from tablegames.texas42.scoring import bid_gain


def _states(mix: str, count: int, seed: int, tricks: tuple[int, ...]) -> list[Any]:
    rules, contract = TEXAS42_MIXES[mix]
    rng = random.Random(f"props-{mix}-{seed}")
    return [
        endgame(
            rng, lambda r: texas42_hand(r, rules, contract), rng.choice(tricks), rng.randrange(4)
        )
        for _ in range(count)
    ]


@pytest.mark.parametrize("mix", sorted(TEXAS42_MIXES))
def test_the_value_is_the_best_of_the_actions(mix: str) -> None:
    for state in _states(mix, 12, seed=1, tricks=(3, 4, 5)):
        solver = Solver(state)
        value = solver.value()
        actions = solver.actions()
        assert set(actions) == set(state.legal_actions())
        assert value.exact and all(bound.exact for bound in actions.values())
        assert value.lower == max(bound.lower for bound in actions.values())
        solution = solver.solve()
        assert solution.value == value and solution.actions == actions
        assert all(actions[action] == value for action in solution.best)


@pytest.mark.parametrize("mix", ["points", "points-higher-end", "doubles-trump", "follow-me"])
def test_the_best_line_ends_with_the_games_own_count(mix: str) -> None:
    """Points scoring: the hand is played to its seventh trick (docs/texas42.md "Scoring")."""
    for state in _states(mix, 12, seed=2, tricks=(2, 3, 4, 5)):
        solution = Solver(state).solve()
        assert solution.takes is not None
        side = solution.side
        before = state.hand_points
        current = state
        for action in solution.line:
            assert action in current.legal_actions()
            current = current.apply(action)
        assert current.phase is not state.phase  # the line plays the hand out
        points = current.last_result.points
        own, other = points[side] - before[side], points[1 - side] - before[1 - side]
        assert (own, other) == solution.takes
        assert own - other == solution.value.value


@pytest.mark.parametrize("mix", ["points", "marks", "nello-suit"])
def test_a_budget_gives_bounds_that_hold_the_value(mix: str) -> None:
    for state in _states(mix, 6, seed=3, tricks=(5, 6)):
        exact = Solver(state).solve()
        cut = Solver(state).solve(nodes=40)
        if exact.nodes > 40:  # the budget runs out before the search ends
            assert not cut.exact and cut.line == () and cut.takes is None
            assert Solver(state).value(nodes=1) != exact.value
        value = exact.value.lower
        assert cut.value.lower <= value <= cut.value.upper
        for action, bound in cut.actions.items():
            assert bound.lower <= exact.actions[action].lower <= bound.upper
        timed = Solver(state).value(seconds=0.0)
        assert timed.lower <= value <= timed.upper


def test_a_contract_query_cut_short_says_so() -> None:
    state = _states("marks", 1, seed=4, tricks=(7,))[0]
    answer = Solver(state).contract(nodes=0)  # no play searched: nothing is known
    assert answer.made is None and set(answer.actions.values()) == {None}
    assert answer.nodes == 0 and Solver(state).makes(nodes=0) is None
    exact = Solver(state).contract()
    assert Solver(state).makes() is exact.made
    for budget in (1, 2, 30):  # what a budget answers is right, and it searches no more
        cut = Solver(state).contract(nodes=budget)
        assert cut.nodes == budget and cut.made in (None, exact.made)
        assert all(cut.actions[action] in (None, made) for action, made in exact.actions.items())


def _twin(state: Any, seat: int) -> Any:
    """Another deal seat ``seat`` cannot tell from ``state``'s (its view is the same)."""
    view = state.view(seat)
    for number in range(50):
        other = view.sample(random.Random(number))
        if other.hands != state.hands:
            assert other.view(seat) == view
            return other
    raise AssertionError("no other deal fits the view")


@pytest.mark.parametrize("mix", ["points", "nello-suit", "sevens"])
def test_a_sampled_world_reads_only_the_view(mix: str) -> None:
    for state in _states(mix, 4, seed=5, tricks=(4, 5)):
        seat = state.to_act
        twin = _twin(state, seat)
        for number in range(3):
            world = state.view(seat).sample(random.Random(number))
            assert world == twin.view(seat).sample(random.Random(number))
            assert world.view(seat) == state.view(seat)
            assert (
                Solver(world).solve()
                == Solver(twin.view(seat).sample(random.Random(number))).solve()
            )
        agent = make_agent("solver:3")
        assert agent.choose(state.view(seat), random.Random(9)) == agent.choose(
            twin.view(seat), random.Random(9)
        )


def test_the_solver_agent_plays_the_best_mean_of_its_worlds() -> None:
    """With no confidence asked (``conf0``) and the margin its goal, what the agent plays is
    the action of the best mean value over the worlds it drew (docs/solver.md "The solver
    agent")."""
    for state in _states("points", 5, seed=6, tricks=(3, 4)):
        view = state.view(state.to_act)
        if len(view.legal_actions) < 2:
            continue
        rng = random.Random(11)
        choice = make_agent("solver:4:exact:margin:conf0").choose(view, rng)
        rng = random.Random(11)
        worlds = [view.sample(random.Random(rng.getrandbits(64))) for _ in range(4)]
        means = {action: 0.0 for action in view.legal_actions}
        for world in worlds:
            for action, bound in Solver(world).actions().items():
                means[action] += bound.middle
        assert means[choice] == max(means.values())


def test_the_solver_agent_leaves_the_heuristic_only_for_a_clearly_better_action() -> None:
    """docs/solver.md "The solver agent": the heuristic's choice stands unless an action beats
    it by more than ``confidence`` standard errors over the worlds; when one does, the agent
    plays the best mean."""
    left = kept = 0
    for state in _states("points", 12, seed=8, tricks=(1, 2, 3)):
        view = state.view(state.to_act)
        if len(view.legal_actions) < 2:
            continue
        agent = SolverAgent.from_text("4:exact:conf1")
        rng = random.Random(5)
        choice = agent.choose(view, rng)
        rng = random.Random(5)
        worlds = [view.sample(random.Random(rng.getrandbits(64))) for _ in range(4)]
        anchor = HeuristicAgent().choose(view, random.Random(rng.getrandbits(64)))
        scores = agent.scores(view.legal_actions, worlds)
        best = max(view.legal_actions, key=lambda action: sum(scores[action]))
        if best != anchor and beats(scores[best], scores[anchor], 1.0):
            assert choice == best
            left += 1
        else:
            assert choice == anchor
            kept += 1
        assert make_agent("solver:4:exact:conf1000").choose(view, random.Random(5)) == anchor
    assert left and kept


def test_the_contract_decides_before_the_margin() -> None:
    """docs/solver.md "The solver agent": with the contract its goal, an action after which its
    side gets its way on the contract scores above any that does not, whatever the margins."""
    for state in _states("points", 8, seed=3, tricks=(4, 5)):
        legal = state.legal_actions()
        solver = Solver(state)
        answer = solver.contract()
        wants = answer.side == solver.searcher.sides[state.to_act]
        margins = solver.actions()
        scores = SolverAgent.from_text("exact").scores(legal, [state])
        for action in legal:
            way = answer.actions[action] is wants
            assert scores[action] == [margins[action].middle + (1000 if way else -1000)]


@pytest.mark.parametrize("calls", ["search", "solve"])
def test_the_solver_agent_bids_names_trumps_and_plays_legally(calls: str) -> None:
    agent = make_agent(f"solver:2:nodes20000:{'solve' if calls == 'solve' else 'calls2'}")
    rng = random.Random(3)
    state = texas42.new_match(texas42.Rules(target=30))
    state = state.apply(state.chance_outcome(rng))
    seen = set()
    while state.phase in (texas42.Phase.BID, texas42.Phase.TRUMP, texas42.Phase.PLAY):
        assert state.to_act is not None
        view = state.view(state.to_act)
        action = agent.choose(view, rng)
        assert action in view.legal_actions
        seen.add(state.phase)
        state = state.apply(action)
    assert seen == {texas42.Phase.BID, texas42.Phase.TRUMP, texas42.Phase.PLAY}
    assert state.last_result is not None


@pytest.mark.parametrize("game", ["preference", "ninety-two"])
def test_the_solver_agent_plays_the_card_games_through_a_deal(game: str) -> None:
    """Outside play it calls as the search agent does; in play it solves (docs/solver.md)."""
    agent = make_agent("solver:2:nodes2000:calls2")
    rng = random.Random(4)
    module = preference if game == "preference" else ninety_two
    state = module.new_match()
    played = 0
    while not state.is_over and state.last_result is None:
        if state.is_chance:
            state = state.apply(state.chance_outcome(rng))
            continue
        view = state.view(state.to_act)
        action = agent.choose(view, rng)
        assert action in view.legal_actions
        played += state.phase is module.Phase.PLAY
        state = state.apply(action)
    assert played > 20 and state.last_result is not None


def test_both_questions_of_one_solver_keep_to_their_own_answers() -> None:
    # docs/texas42.md "Scoring": under marks a hand ends as soon as it is decided, so both
    # questions key positions by what each side has taken; asking one after the other of the
    # same solver (as the solver agent's contract goal does) gives what a fresh solver gives.
    for state in _states("marks", 20, seed=4, tricks=(2, 3, 4)):
        first = Solver(state)
        contract, values = first.contract(), first.actions()
        second = Solver(state)
        assert second.actions() == values
        again = second.contract()
        assert (again.made, again.actions) == (contract.made, contract.actions)


def _ninety_two_play(rng: random.Random, *, stock_gone: bool) -> Any:
    """A Ninety-Two state in play, dealt and bid by the heuristic: at the first trick, or
    (``stock_gone``) at the first trick after the stock can no longer go round."""
    state = ninety_two.new_match()
    while True:
        if state.is_chance or state.to_act is None:
            state = state.apply(state.chance_outcome(rng))
            continue
        view = state.view(state.to_act)
        if state.phase is ninety_two.Phase.PLAY and (view.stock_size == 0 or not stock_gone):
            return state
        state = state.apply(HeuristicAgent().choose(view, rng))


def _asking(monkeypatch: pytest.MonkeyPatch) -> list[SearchAgent]:
    """The search agents asked to choose from now on (each answers its last legal action)."""
    asked: list[SearchAgent] = []

    def searched(self: SearchAgent, view: Any, rng: random.Random) -> Any:
        asked.append(self)
        return view.legal_actions[-1]

    monkeypatch.setattr(SearchAgent, "choose", searched)
    return asked


def test_while_a_stock_is_left_to_draw_the_agent_plays_as_it_calls(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """docs/solver.md "The solver agent": in Ninety-Two, while a stock is left to draw (its
    order a guess the solver would play as known), the search agent chooses, with the
    agent's ``calls`` settings; once the stock cannot go round, the solver does."""
    state = _ninety_two_play(random.Random(5), stock_gone=False)
    view = state.view(state.to_act)
    assert view.stock_size > 0 and len(view.legal_actions) > 1
    agent = make_agent("solver:2:calls2:callsconf1")
    choice = agent.choose(view, random.Random(7))
    assert choice == SearchAgent(samples=2, confidence=1.0).choose(view, random.Random(7))
    asked = _asking(monkeypatch)
    assert agent.choose(view, random.Random(7)) == view.legal_actions[-1]
    assert asked == [SearchAgent(samples=2, confidence=1.0)]
    late = _ninety_two_play(random.Random(5), stock_gone=True)
    view = late.view(late.to_act)
    assert view.stock_size == 0 and len(view.legal_actions) > 1
    assert make_agent("solver:2:exact:calls2").choose(view, random.Random(7)) in (
        view.legal_actions
    )
    assert asked == [SearchAgent(samples=2, confidence=1.0)]  # the solver chose alone


@pytest.mark.parametrize("goal", ["contract", "margin"])
def test_only_a_world_the_solver_finished_is_evidence(goal: str) -> None:
    """docs/solver.md "The solver agent": a world counts only when, within the budget, the
    solver answered the contract after every action and bounded every margin (the contract
    goal), or found every margin exactly (the margin goal); any other world is left out."""
    agent = SolverAgent.from_text(f"1:nodes300:{goal}")
    counted = skipped = 0
    for state in _states("points", 30, seed=12, tricks=(2, 3, 4, 5)):
        legal = state.legal_actions()
        if len(legal) < 2:
            continue
        solver = Solver(state)
        values = solver.actions(nodes=300)
        if goal == "contract":
            answer = solver.contract(nodes=300)
            finished = all(bound.bounded for bound in values.values()) and all(
                made is not None for made in answer.actions.values()
            )
        else:
            finished = all(bound.exact for bound in values.values())
        scores = agent.scores(legal, [state])
        assert all(len(scores[action]) == finished for action in legal)
        counted += finished
        skipped += not finished
    assert counted and skipped


def test_where_the_first_world_is_unfinished_the_agent_plays_as_it_calls(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """docs/solver.md "The solver agent": when the first world drawn is one the solver did not
    finish within the budget, the search agent chooses."""
    state = _states("points", 1, seed=2, tricks=(7,))[0]
    view = state.view(state.to_act)
    assert len(view.legal_actions) > 1
    world = view.sample(random.Random(random.Random(7).getrandbits(64)))
    solver = Solver(world)
    bounds = solver.actions(nodes=20).values()
    answers = solver.contract(nodes=20).actions.values()
    assert not (all(bound.bounded for bound in bounds) and None not in answers)
    asked = _asking(monkeypatch)
    agent = make_agent("solver:2:nodes20:calls2")
    assert agent.choose(view, random.Random(7)) == view.legal_actions[-1]
    assert asked == [SearchAgent(samples=2, confidence=2.0)]


@pytest.mark.parametrize(
    "rules", [texas42.Rules(), texas42.Rules(scoring="marks")], ids=["points", "marks"]
)
def test_the_solver_agent_values_a_bid_as_texas42_scores_the_hand(rules: texas42.Rules) -> None:
    """The agent's gain of a bid (``bid_gain``, of the bidding side's margin) is what the game
    recorded for every hand of a plain trump played to its end in matches of heuristic players
    (random bids are rarely made): the bidders' score when made, less the opponents' when set
    (marks scoring stops a hand once decided)."""
    agent = HeuristicAgent()
    seen = set()
    for seed in range(3):
        rng = random.Random(f"gain-{seed}")
        state = texas42.new_match(rules)
        while not state.is_over:
            seat = state.to_act
            if seat is None:
                state = state.apply(state.chance_outcome(rng))
            else:
                state = state.apply(agent.choose(state.view(seat), rng))
        for result in state.results:
            if result.bidder is None or result.contract != "bid" or result.trump not in range(7):
                continue
            side = result.bidder % 2
            margin = result.points[side] - result.points[1 - side]
            scored = result.score[side] if result.made else -result.score[1 - side]
            assert bid_gain(result.bid, margin, rules) == scored, result
            seen.add((result.made, result.bid < 42 and result.points[1 - side] > 0))
    assert seen >= {(True, True), (False, True)}  # made with points lost, and set
