"""The solver against a plain minimax over the public game API (tests/solve_minimax.py: no
pruning, no table, nothing of the engine) on random endgames of one to four tricks in every
game and option mix (tests/solve_endgames.py), checked position by position as
tests/solve_checks.py says: the value, each action's value, the solution and its line, the
contract query and bounds under budgets.

Each example draws endgames from a random deal and checks :data:`POSITIONS` distinct positions of
their minimax trees (the endgame itself and positions below it, each with a fresh solver or with
the solver of its endgame, whose tables it then shares). The CI profile runs
:data:`EXAMPLES` examples a mix, the thorough profile forty times as many.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solve_checks import check_position
from solve_endgames import MIXES, endgame
from solve_minimax import FACTS, Facts, Node, TooLarge, minimax
from tablegames.solve import Solver

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
EXAMPLES = {"thorough": 1000, "dev": 5}.get(PROFILE, 25)
"""Examples a mix: the thorough profile checks forty times the CI profile's."""
POSITIONS = 8
"""Distinct positions each example checks."""
LARGEST = {"thorough": 60_000}.get(PROFILE, 8_000)
"""The most positions a minimax tree may have (an endgame whose tree is larger is drawn
again: the plain minimax is the slow side of the comparison)."""
TRICKS = (1, 1, 2, 2, 2, 3, 3, 3, 4)
"""How many tricks are left in an endgame (drawn from these)."""


def _tree(facts: Facts, state: Any) -> Node | None:
    """The minimax tree of ``state``, or None when it would be larger than :data:`LARGEST`."""
    try:
        return minimax(facts, state, LARGEST)
    except TooLarge:
        return None


@pytest.mark.parametrize("mix", sorted(MIXES))
@settings(max_examples=EXAMPLES)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_solver_answers_as_the_plain_minimax(mix: str, seed: int) -> None:
    # A seed, not st.randoms(): an example draws thousands of numbers, and a hand of a mix that
    # ends early (marks, nello) is drawn again until it reaches an endgame, which hypothesis's
    # smallest draws (every choice the first) never do.
    rng = random.Random(seed)
    game, start = MIXES[mix]
    facts = FACTS[game]
    checked = 0
    while checked < POSITIONS:
        state = endgame(rng, start, rng.choice(TRICKS), rng.randrange(8))
        root = _tree(facts, state)
        if root is None:
            continue
        nodes = list(root.walk())
        shared = Solver(state)
        picked = [root, *rng.sample(nodes[1:], min(len(nodes) - 1, POSITIONS - checked - 1))]
        for node in picked:
            check_position(facts, node, shared if rng.random() < 0.5 else Solver(node.state), rng)
        checked += len(picked)
