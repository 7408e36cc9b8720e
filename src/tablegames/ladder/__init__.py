"""The strength ladder: heuristic agents against random ones, and the search agent against
heuristic ones, in every game, and the solver agent against both in the trick games (shown,
not claimed), with 95% intervals.

``python -m tablegames.ladder --matches 1000 --workers 2 --output docs/strength.md`` plays the
ladder and writes the page (the nox session ``ladder`` does exactly this). Each rung has a bar
the measured seat must clear (the heuristic against random players: the issue's win rate; the
search agent against heuristic players: its whole 95% interval above its fair share and above
the four-heuristic baseline), and its 95% interval is reported next to it. The search rungs
play fewer matches (``Rung.matches``): a search decision costs thousands of playout steps. The
ladder exits 1 only when a rung the page claims (``Rung.claimed``) falls short of its bar.

The rungs are in :mod:`tablegames.ladder.rungs`, playing them in :mod:`tablegames.ladder.play`
and the page in :mod:`tablegames.ladder.page`; everything is importable from here.

>>> rows = run_ladder(matches=2, seed=0, rungs=RUNGS[:1])
>>> rows[0].rung.game, rows[0].result.matches
('texas42', 2)
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from .page import markdown, table_rows
from .play import LadderRow, run_ladder, with_bars
from .rungs import (
    RUNGS,
    SEARCH,
    SEARCH_MATCHES,
    SOLVER,
    SOLVER_MATCHES,
    SOLVER_RULES,
    Rung,
    only,
    rung_matches,
)

__all__ = [
    "RUNGS",
    "SEARCH",
    "SEARCH_MATCHES",
    "SOLVER",
    "SOLVER_MATCHES",
    "SOLVER_RULES",
    "LadderRow",
    "Rung",
    "main",
    "markdown",
    "only",
    "run_ladder",
    "rung_matches",
    "table_rows",
    "with_bars",
]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ladder, print the page, and write it to ``--output`` when given."""
    parser = argparse.ArgumentParser(prog="python -m tablegames.ladder", description=__doc__)
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--output", default=None)
    parser.add_argument(
        "--only",
        default=None,
        help="play only the rungs whose agents include this one (as solver) and print their rows",
    )
    args = parser.parse_args(argv)
    if args.only:
        rungs = only(args.only)
        for line in table_rows(run_ladder(args.matches, args.seed, args.workers, rungs)):
            print(line)
        return 0
    rows = run_ladder(args.matches, args.seed, args.workers)
    command = f"python -m tablegames.ladder --matches {args.matches} --seed {args.seed}"
    if args.workers:
        command += f" --workers {args.workers}"
    command += " --output docs/strength.md"
    text = markdown(rows, command)
    print(text)
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    return 1 if any(row.failed_claim for row in rows) else 0
