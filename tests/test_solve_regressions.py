"""Positions where the solver once answered wrong, recorded (tests/data/solve_regressions.json:
each with what went wrong, and its game record), and checked now against the plain minimax
(tests/solve_minimax.py) at every position of their trees, as tests/solve_checks.py says.

The first is the Texas 42 endgame of the issue that made the quick-trick bound derived from the
trick model: the leader's "sure winners" counted a trick its partner had to overtake (and then
lead from a hand that could not go on). The others are Preference and Texas 42 endgames the
differential tests found against the solver before that fix.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from solve_checks import check_position
from solve_minimax import FACTS, minimax
from tablegames.core.records import GameRecord
from tablegames.games import get_game
from tablegames.solve import Solver

CASES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "solve_regressions.json").read_text()
)


@pytest.mark.parametrize("case", CASES, ids=[f"case{n}" for n in range(len(CASES))])
def test_a_recorded_position_is_solved_as_the_minimax_solves_it(case: dict[str, Any]) -> None:
    record = GameRecord.from_json(json.dumps(case["record"]))
    state = get_game(record.game).replay(record)
    facts = FACTS[record.game]
    root = minimax(facts, state)
    shared = Solver(state)
    rng = random.Random(0)
    for node in root.walk():
        check_position(facts, node, shared, rng)
        check_position(facts, node, Solver(node.state), rng)


def test_the_issue_position_is_worth_six() -> None:
    # docs/texas42.md "Following", "Counting and scoring": seats 0 and 2 against 1 and 3, the
    # trumps (fours) all played. Seat 0 leads from 3:3 6:1 6:2, each above the other side's
    # tiles; but a six led must be followed by its partner (6:6 6:3 2:1), who takes it and
    # leads on. Best play gives seat 0's side 6 more, not 8.
    record = GameRecord.from_json(json.dumps(CASES[0]["record"]))
    state = get_game("texas42").replay(record)
    assert Solver(state).value().value == 6
    assert minimax(FACTS["texas42"], state).margin(FACTS["texas42"]) == 6
