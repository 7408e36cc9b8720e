"""The solver's refusals: it solves the play of a hand of a trick game, nothing else (its
answers are checked against the plain minimax in tests/test_solve_differential.py)."""

from __future__ import annotations

import pytest

from tablegames import texas42
from tablegames.core.errors import TableGamesError
from tablegames.solve import Solver


def test_the_solver_refuses_a_state_out_of_play() -> None:
    state = texas42.new_match()
    with pytest.raises(TableGamesError, match="play of a hand"):
        Solver(state)
    with pytest.raises(TableGamesError, match="trick games"):
        Solver("a state")
