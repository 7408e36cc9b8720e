"""What the solver's budgets and its table bound guarantee (docs/solver.md "Budgets and
memory"):

- every question (``value``, ``actions``, ``solve``, ``contract``, ``makes``) searches exactly
  the nodes it is given, no more, however many actions it asks about;
- under a time budget the clock is read every :data:`~tablegames.solve.search.CLOCK_EVERY`
  nodes and the search stops at the first reading past the deadline (the clock here is a fake
  one, a microsecond a node: no test here depends on how fast the machine is);
- the bounds of an answer cut short are in the game's units, within what is left to take,
  from the first lead of every game (Ninety-Two's stock included);
- a solve's memory follows ``table_size`` (measured with ``tracemalloc``): at most
  :data:`~tablegames.solve.memory.ITEM_BYTES` an item plus
  :data:`~tablegames.solve.memory.FIXED_BYTES`, and nothing is held once the solver is gone.
"""

from __future__ import annotations

import gc
import itertools
import random
import time
import tracemalloc
from typing import Any

import pytest

from solve_endgames import NINETY_TWO_TABLES, endgame, ninety_two_hand
from tablegames.solve import Solver
from tablegames.solve.bench import first_lead
from tablegames.solve.memory import FIXED_BYTES, ITEM_BYTES
from tablegames.solve.search import CLOCK_EVERY

GAMES = ("texas42", "preference", "ninety-two")
QUESTIONS = ("value", "actions", "solve", "contract", "makes")

LEFT = {"texas42": 42, "preference": 10, "ninety-two": 13}
"""What is left to take from the first lead: Texas 42's 42 points (docs/texas42.md "Counting
and scoring"), Preference's ten tricks, Ninety-Two's thirteen with four players (52 cards)."""


def _first_leads(game: str, count: int) -> list[Any]:
    rng = random.Random(f"budgets-{game}")
    return [first_lead(game, rng) for _ in range(count)]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("question", QUESTIONS)
def test_every_question_searches_exactly_its_nodes(game: str, question: str) -> None:
    for state in _first_leads(game, 2):
        for nodes in (0, 1, 2, 7, 300):
            solver = Solver(state)
            getattr(solver, question)(nodes=nodes)
            assert solver.searcher.nodes == nodes
            getattr(solver, question)(nodes=nodes)  # a second question has its own budget
            assert solver.searcher.nodes == 2 * nodes


@pytest.mark.parametrize("game", GAMES)
def test_bounds_cut_short_are_within_what_is_left(game: str) -> None:
    for state in _first_leads(game, 2):
        for nodes in (0, 1, 50, 2_000):
            solver = Solver(state)
            value = solver.value(nodes=nodes)
            assert -LEFT[game] <= value.lower <= value.upper <= LEFT[game]
            for bound in solver.actions(nodes=nodes).values():
                assert -LEFT[game] <= bound.lower <= bound.upper <= LEFT[game]
            solution = solver.solve(nodes=nodes)
            assert -LEFT[game] <= solution.value.lower <= solution.value.upper <= LEFT[game]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("question", ["value", "actions", "contract"])
def test_a_time_budget_stops_at_the_first_look_past_the_deadline(
    game: str, question: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = _first_leads(game, 1)[0]
    solver = Solver(state)
    reads: list[int] = []

    def clock() -> float:  # a microsecond a node searched
        reads.append(solver.searcher.nodes)
        return solver.searcher.nodes * 1e-6

    monkeypatch.setattr(time, "perf_counter", clock)  # the clock the search reads
    getattr(solver, question)(seconds=0.001)  # a thousand nodes
    searched = solver.searcher.nodes
    assert 1_000 <= searched < 1_000 + CLOCK_EVERY
    looks = [count for count in reads[1:] if count]
    assert all(later - earlier <= CLOCK_EVERY for earlier, later in itertools.pairwise(looks))


def test_a_full_table_is_not_thinned_past_a_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    # Thinning a table takes time (THINNING_SECONDS an item): a question whose deadline would
    # not leave that time stops before it thins, its items still within the bound.
    state = _first_leads("texas42", 1)[0]
    solver = Solver(state, table_size=300)
    monkeypatch.setattr(time, "perf_counter", lambda: solver.searcher.nodes * 1e-6)
    solver.value(seconds=0.01)  # ten thousand nodes, if the table did not fill
    assert solver.searcher.nodes < 10_000
    assert solver.searcher.memory.kept[0] <= 300


def _peak(state: Any, table_size: int, nodes: int) -> tuple[int, int]:
    """The peak of memory (bytes) while a solver of ``table_size`` answers every action of
    ``state`` within ``nodes``, and what is still held once the solver is gone."""
    Solver(state).value(nodes=1)  # the model's own tables, made once for every solve
    gc.collect()
    tracemalloc.start()
    try:
        start = tracemalloc.get_traced_memory()[0]
        solver = Solver(state, table_size=table_size)
        solver.actions(nodes=nodes)
        peak = tracemalloc.get_traced_memory()[1] - start
        del solver
        gc.collect()  # the search's functions refer to themselves: the collector frees them
        held = tracemalloc.get_traced_memory()[0] - start
    finally:
        tracemalloc.stop()
    return peak, held


def _ninety_two_endgame() -> Any:
    """A Ninety-Two deal of four players with the stock still to draw for four tricks."""
    rng = random.Random("budgets-memory")
    while True:
        state = endgame(rng, lambda r: ninety_two_hand(r, NINETY_TWO_TABLES["4"]), 8, 0)
        if len(state.stock) >= 16:
            return state


@pytest.mark.parametrize("table_size", [1_000, 10_000])
@pytest.mark.parametrize("where", ["texas42-first-lead", "ninety-two-with-stock"])
def test_memory_follows_the_table_size(where: str, table_size: int) -> None:
    state = (
        _first_leads("texas42", 1)[0] if where.startswith("texas42") else (_ninety_two_endgame())
    )
    peak, held = _peak(state, table_size, nodes=30_000)
    assert peak <= ITEM_BYTES * table_size + FIXED_BYTES
    assert held < 64 * 1024  # nothing kept once the solver is gone
