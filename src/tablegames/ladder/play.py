"""Playing the ladder: each rung's matches on any executor (:func:`run_ladder`), and the rows
of what they found, with the search rungs' bars raised to the four-heuristic baseline
(:func:`with_bars`).

>>> from tablegames.ladder.rungs import RUNGS
>>> rows = run_ladder(matches=2, seed=0, rungs=RUNGS[:1])
>>> rows[0].rung.game, rows[0].result.matches
('texas42', 2)
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence

import attrs

from tablegames.simulation import SimulationResult, simulate

from .rungs import RUNGS, Rung, rung_matches

__all__ = ["LadderRow", "run_ladder", "with_bars"]


@attrs.frozen
class LadderRow:
    """A rung and what the simulation found; ``bar`` is the win rate to clear (for a search
    rung, its fair share or the heuristic baseline's rate, whichever is higher)."""

    rung: Rung
    result: SimulationResult
    seconds: float = attrs.field(eq=False)
    bar: float | None = None

    @property
    def passed(self) -> bool:
        """True when the measured seat clears the bar: a heuristic rung's win rate reaches it;
        a search rung's whole 95% interval lies above it."""
        bar = self.rung.bar if self.bar is None else self.bar
        if bar is None:
            return True
        seat = self.rung.measured
        if self.rung.fair_share:
            return self.result.win_interval[seat][0] > bar
        return self.result.win_rate[seat] >= bar

    @property
    def failed_claim(self) -> bool:
        """True when the page claims this rung clears its bar and it does not."""
        return self.rung.claimed and not self.passed


def run_ladder(
    matches: int = 1000,
    seed: int = 0,
    workers: int | None = None,
    rungs: Sequence[Rung] = RUNGS,
) -> list[LadderRow]:
    """Play every rung: ``matches`` matches each (see :func:`rung_matches`), seeded by ``seed``,
    a line on standard error as each rung ends (how many of them, what it played and how long);
    the search rungs' bars as :func:`with_bars` sets them."""
    rows: list[LadderRow] = []
    for rung in rungs:
        started = time.perf_counter()
        result = simulate(
            rung.game,
            rung.agents,
            rung_matches(rung, matches),
            rules=rung.rules,
            seed=seed,
            workers=workers,
        )
        rows.append(LadderRow(rung, result, time.perf_counter() - started))
        print(
            f"{len(rows)}/{len(rungs)} {rung.game}: {rung.description}:"
            f" {result.matches} match{'' if result.matches == 1 else 'es'} in"
            f" {rows[-1].seconds:.1f} s",
            file=sys.stderr,
            flush=True,
        )
    return with_bars(rows)


def with_bars(rows: Sequence[LadderRow]) -> list[LadderRow]:
    """The rows with each search rung's bar raised to the seat-0 win rate of the game's "four
    heuristic players" baseline under the same rules, when that baseline is among ``rows``
    and the rate is above the rung's fair share.

    >>> rows = with_bars(run_ladder(matches=2, rungs=RUNGS[:1]))
    >>> rows[0].bar
    0.65
    """
    heuristic = {
        row.rung.setting: row.result.win_rate[0] for row in rows if row.rung.heuristic_baseline
    }
    out = []
    for row in rows:
        rung = row.rung
        bar = rung.bar
        rate = heuristic.get(rung.setting)
        if rung.fair_share and bar is not None and rate is not None:
            bar = max(bar, rate)
        out.append(attrs.evolve(row, bar=bar))
    return out
