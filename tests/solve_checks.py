"""The solver's answers checked against the plain minimax (tests/solve_minimax.py), position by
position:

- ``value()`` is the minimax's value, and the best of its actions' values for the side to move;
- ``actions()`` gives each legal action the minimax's value;
- ``solve()`` says the same, and its line, played through ``apply``, takes what it says
  (``takes``) and totals the value;
- ``contract()`` and ``makes()`` answer what the minimax finds for the game's own ``made``,
  from the position and after each action;
- any budget (``nodes=``) gives bounds with lower <= upper that hold the exact value, in the
  game's units (never more than what is left to take).
"""

from __future__ import annotations

import random
from typing import Any

from solve_minimax import Facts, Node
from tablegames.solve import Bound, Solver


def check_position(facts: Facts, node: Node, solver: Solver, rng: random.Random) -> None:
    """Every answer of ``solver`` about ``node``'s state is the minimax's."""
    state = node.state
    exact = node.margin(facts)
    want = {action: node.action_margin(facts, action) for action in node.children}
    assert solver.value(state) == Bound(exact, exact)
    actions = solver.actions(state)
    assert list(actions) == list(state.legal_actions())
    assert {action: bound.value for action, bound in actions.items()} == want
    assert exact == max(want.values())
    solution = solver.solve(state)
    assert solution.value == Bound(exact, exact) and solution.actions == actions
    assert set(solution.best) == {action for action, value in want.items() if value == exact}
    _check_line(facts, node, solution.line, solution.takes, exact)
    answer = solver.contract(state)
    assert answer.made is node.made
    assert answer.actions == {action: node.action_made(action) for action in node.children}
    assert solver.makes(state) is node.made
    _check_budgets(facts, node, rng)


def _check_line(
    facts: Facts, node: Node, line: tuple[Any, ...], takes: tuple[int, int] | None, exact: int
) -> None:
    """Played through the public API, ``line`` ends the hand, taking ``takes`` (the side to
    move's, the other side's), whose difference is ``exact``."""
    state = node.state
    side = facts.side(state, state.to_act)
    before = facts.taken(state)
    current = state
    assert line
    for number, action in enumerate(line):
        assert current.phase is facts.phase and action in current.legal_actions()
        after = current.apply(action)
        if number < len(line) - 1:
            current = after
    assert after.phase is not facts.phase or after.to_act is None  # the line ends the hand
    taken, _ = facts.final(current, after)
    own, other = taken[side] - before[side], taken[1 - side] - before[1 - side]
    assert takes == (own, other)
    assert own - other == exact


def _check_budgets(facts: Facts, node: Node, rng: random.Random) -> None:
    """A fresh solver cut short by a node budget gives bounds that hold the exact values,
    within what is left to take."""
    state = node.state
    exact = node.margin(facts)
    most = node.left(facts)
    budget = rng.choice((0, 1, 2, 5, 20, 100))
    value = Solver(state).value(nodes=budget)
    assert -most <= value.lower <= exact <= value.upper <= most
    actions = Solver(state).actions(nodes=budget)
    for action, bound in actions.items():
        assert -most <= bound.lower <= node.action_margin(facts, action) <= bound.upper <= most
    answer = Solver(state).contract(nodes=budget)
    assert answer.made in (None, node.made)
    for action, made in answer.actions.items():
        assert made in (None, node.action_made(action))
