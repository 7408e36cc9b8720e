"""The solver's benchmark: ``python -m tablegames bench --solve``. Nodes and seconds per solve,
median and 95th percentile, from the first lead of random deals.

A *solve* is the exact value of the position (:meth:`~tablegames.solve.Solver.value`), from a
fresh solver (empty tables); the second figure, *with actions*, is the value of every legal
action as well (:meth:`~tablegames.solve.Solver.solve` without its line), which is what the
solver agent asks of each world. Seconds are the process's CPU time, so other work on a shared
machine disturbs them less; check that the machine is quiet (``uptime``) before trusting them.

- Texas 42: a random deal, the seat left of the dealer bids 30 and names a random trump (of
  the numbers 0..6), the others pass: the first lead.
- Preference and Ninety-Two: a random deal, bid (and, in Ninety-Two, partners named) by the
  heuristic agent: the first lead of the first hand played (Ninety-Two with 4 players: its
  first trick, with the stock known).

>>> lines = list(solve_report(["texas42"], deals=1, seed=2))
>>> lines[1].split()[:2]
['Texas', '42']
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from tablegames import texas42
from tablegames.agents.heuristic import HeuristicAgent
from tablegames.core.errors import TableGamesError
from tablegames.games import get_game

from .solver import Solver, in_play

__all__ = ["SOLVE_GAMES", "bid_to_play", "first_lead", "solve_report", "solve_times"]

SOLVE_GAMES = ("texas42", "preference", "ninety-two")
"""The games ``bench --solve`` times, in this order."""

DEFAULT_CAP = 60.0
"""Seconds (the solver's own ``seconds=`` budget, by the wall clock) after which ``bench
--solve`` stops a solve and counts it unfinished: a Ninety-Two solve from its first trick does
not finish in minutes."""


def first_lead(game: str, rng: random.Random) -> Any:
    """The first state of the play of a random hand of ``game`` (see the module doc).

    >>> state = first_lead("texas42", random.Random(0))
    >>> state.phase.value, len(state.trick_tiles)
    ('play', 0)
    """
    descriptor = get_game(game)
    state = descriptor.new_match(descriptor.rules_type())
    if game == "texas42":
        state = state.apply(state.chance_outcome(rng)).apply(texas42.Bid(30))
        for _ in range(3):
            state = state.apply(texas42.PASS)
        return state.apply(texas42.Trump(rng.randrange(7)))
    return bid_to_play(lambda: descriptor.new_match(descriptor.rules_type()), rng)


def bid_to_play(start: Callable[[], Any], rng: random.Random) -> Any:
    """The first state of play of a match from ``start()``, every call made by the heuristic
    agent and every deal dealt from ``rng`` (a match over before any play begins again).

    >>> from tablegames import preference
    >>> bid_to_play(preference.new_match, random.Random(0)).phase.value
    'play'
    """
    agent = HeuristicAgent()
    state = start()
    while True:
        if state.is_over:
            state = start()
        if state.is_chance:
            state = state.apply(state.chance_outcome(rng))
            continue
        if in_play(state):
            return state
        state = state.apply(agent.choose(state.view(state.to_act), rng))


def solve_times(
    game: str, deals: int, seed: int = 0, *, actions: bool = False, cap: float | None = None
) -> list[tuple[int, float, bool]]:
    """Nodes, CPU seconds and whether it finished, of each of ``deals`` solves of ``game``
    from the first lead (of every action as well when ``actions``), seeded by ``seed``; a
    solve still searching after ``cap`` seconds (None: no cap) stops there unfinished.

    >>> [(nodes > 0, done) for nodes, _, done in solve_times("texas42", 2, seed=3)]
    [(True, True), (True, True)]
    >>> [done for _, _, done in solve_times("ninety-two", 1, cap=0.05)]
    [False]
    """
    rng = random.Random(f"solve-{game}-{seed}")
    out = []
    for _ in range(deals):
        state = first_lead(game, rng)
        solver = Solver(state)
        clock = time.process_time
        began = clock()
        if actions:
            done = all(bound.exact for bound in solver.actions(seconds=cap).values())
        else:
            done = solver.value(seconds=cap).exact
        out.append((solver.searcher.nodes, clock() - began, done))
    return out


def _percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _seconds(solves: Sequence[tuple[int, float, bool]], share: float) -> str:
    """The ``share`` percentile of the solves' seconds, an unfinished solve counting as
    longer than any finished one (shown as more than its seconds)."""
    ordered = sorted(solves, key=lambda solve: (not solve[2], solve[1]))
    _, seconds, done = ordered[min(len(ordered) - 1, int(share * len(ordered)))]
    return f"{seconds:.3f}" if done else f">{seconds:.1f}"


def solve_report(
    games: Sequence[str] = SOLVE_GAMES,
    deals: int = 60,
    seed: int = 0,
    *,
    cap: float | None = DEFAULT_CAP,
    times: Callable[..., list[tuple[int, float, bool]]] = solve_times,
) -> Iterator[str]:
    """The report lines of ``bench --solve``: a header, then one line for each game (a game
    not on the play engine yet is reported as skipped); each solve stops unfinished after
    ``cap`` seconds, and the line says how many finished.

    >>> lines = list(solve_report(["ninety-two"], deals=1, cap=0.05))
    >>> lines[1].split()[:4]
    ['Ninety-Two', '1', '0/1', '0/1']
    """
    yield (
        f"{'game':<11} {'deals':>5} finished (with actions)  nodes per solve (median, 95%)"
        "  seconds per solve (median, 95%)  with actions: nodes, seconds (median, 95%)"
    )
    for game in games:
        try:
            plain = times(game, deals, seed, cap=cap)
            every = times(game, deals, seed, actions=True, cap=cap)
        except TableGamesError as exc:
            yield f"{get_game(game).title:<11} skipped ({exc})"
            continue
        nodes = [n for n, _, _ in plain]
        action_nodes = [n for n, _, _ in every]
        yield (
            f"{get_game(game).title:<11} {deals:>5} {_finished(plain):>8} {_finished(every):>14}  "
            f"{statistics.median(nodes):>10,.0f} {_percentile(nodes, 0.95):>10,.0f}      "
            f"{_seconds(plain, 0.5):>8} {_seconds(plain, 0.95):>8}          "
            f"{statistics.median(action_nodes):>10,.0f} {_percentile(action_nodes, 0.95):>10,.0f}"
            f" {_seconds(every, 0.5):>8} {_seconds(every, 0.95):>8}"
        )


def _finished(solves: Sequence[tuple[int, float, bool]]) -> str:
    return f"{sum(done for _, _, done in solves)}/{len(solves)}"
