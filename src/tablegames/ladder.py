"""The strength ladder: heuristic agents against random ones, and the search agent against
heuristic ones, in every game, with 95% intervals.

``python -m tablegames.ladder --matches 1000 --workers 2 --output docs/strength.md`` plays the
ladder and writes the page (the nox session ``ladder`` does exactly this). Each rung has a bar
the measured seat must clear (the heuristic against random players; the search agent's fair
share against heuristic players), and its 95% interval is reported next to it. The search rungs
play fewer matches (``Rung.matches``): a search decision costs thousands of playout steps.

>>> rows = run_ladder(matches=2, seed=0, rungs=RUNGS[:1])
>>> rows[0].rung.game, rows[0].result.matches
('texas42', 2)
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from tablegames.agents import SearchAgent, make_agent
from tablegames.simulation import SimulationResult, simulate


@attrs.frozen
class Rung:
    """One line of the ladder: a game, its agents by seat, rules, and the win rate the seats
    named in ``measured`` (together, as one side) must reach.

    >>> RUNGS[0].bar
    0.65
    """

    game: str
    agents: tuple[str, ...]
    bar: float | None
    """The win rate to reach; ``None`` for a baseline (all random) rung."""
    rules: dict[str, Any] = attrs.field(factory=dict)
    measured: int = 0
    """The seat whose win rate is compared with the bar (a side's seats win together)."""
    description: str = ""
    matches: int | None = None
    """Matches for this rung when fewer than the ladder's (a slow baseline, a search rung)."""
    fair_share: bool = False
    """The bar is the measured seat's fair share (search against heuristic): it must beat it."""


SEARCH = "search:4"
"""The search agent of the search rungs: 4 sampled worlds a decision, at most 8 actions searched,
heuristic playouts to the end of the deal (see docs/bots.md)."""

SEARCH_MATCHES = 60
"""Matches a search rung plays (fewer than the others: a search decision plays hundreds of
playouts), so that the whole ladder takes about ten minutes on one core."""

RUNGS: tuple[Rung, ...] = (
    Rung(
        "texas42",
        ("heuristic", "random") * 2,
        0.65,
        {},
        0,
        "heuristic partners (seats 0, 2) against random partners; game to 250",
    ),
    Rung(
        "ninety-two",
        ("heuristic", "random", "random", "random"),
        0.35,
        {},
        0,
        "one heuristic seat against three random, 4 players, game to 92",
    ),
    Rung(
        "preference",
        ("heuristic", "random", "random", "random"),
        0.35,
        {},
        0,
        "one heuristic seat against three random, 8 deals",
    ),
    Rung(
        "quartets",
        ("heuristic", "random", "random", "random"),
        0.40,
        {},
        0,
        "one heuristic seat against three random, 4 players, 4 deals",
    ),
    Rung(
        "texas42",
        (SEARCH, "heuristic") * 2,
        0.5,
        {},
        0,
        "search partners (seats 0, 2) against heuristic partners; game to 250",
        SEARCH_MATCHES,
        fair_share=True,
    ),
    Rung(
        "ninety-two",
        (SEARCH, "heuristic", "heuristic", "heuristic"),
        0.25,
        {},
        0,
        "one search seat against three heuristic, 4 players, game to 92",
        SEARCH_MATCHES // 2,
        fair_share=True,
    ),
    Rung(
        "preference",
        (SEARCH, "heuristic", "heuristic", "heuristic"),
        0.25,
        {},
        0,
        "one search seat against three heuristic, 8 deals",
        SEARCH_MATCHES,
        fair_share=True,
    ),
    Rung(
        "quartets",
        (SEARCH + ":width4", "heuristic", "heuristic", "heuristic"),
        0.25,
        {"deals": 1},
        0,
        "one search seat (at most 4 asks searched) against three heuristic, 4 players, 1 deal",
        SEARCH_MATCHES,
        fair_share=True,
    ),
    Rung("texas42", ("random",) * 4, None, {}, 0, "baseline: four random players"),
    Rung("ninety-two", ("random",) * 4, None, {}, 0, "baseline: four random players"),
    Rung("preference", ("random",) * 4, None, {}, 0, "baseline: four random players"),
    Rung("quartets", ("random",) * 4, None, {}, 0, "baseline: four random players"),
)
"""The published ladder."""


@attrs.frozen
class LadderRow:
    """A rung and what the simulation found."""

    rung: Rung
    result: SimulationResult
    seconds: float = attrs.field(eq=False)

    @property
    def passed(self) -> bool:
        """True when the measured seat's win rate reaches the bar."""
        bar = self.rung.bar
        if bar is None:
            return True
        rate = self.result.win_rate[self.rung.measured]
        return rate > bar if self.rung.fair_share else rate >= bar


def run_ladder(
    matches: int = 1000,
    seed: int = 0,
    workers: int | None = None,
    rungs: Sequence[Rung] = RUNGS,
) -> list[LadderRow]:
    """Play every rung: ``matches`` matches each, seeded by ``seed``."""
    rows = []
    for rung in rungs:
        started = time.perf_counter()
        count = min(matches, rung.matches) if rung.matches else matches
        result = simulate(
            rung.game, rung.agents, count, rules=rung.rules, seed=seed, workers=workers
        )
        rows.append(LadderRow(rung, result, time.perf_counter() - started))
    return rows


def markdown(rows: Sequence[LadderRow], command: str) -> str:
    """The strength page (docs/strength.md) for these rows.

    >>> text = markdown(run_ladder(matches=2, rungs=RUNGS[:1]), "python -m tablegames.ladder")
    >>> "| texas42 |" in text
    True
    """
    lines = [
        "# Strength of the built-in agents",
        "",
        "How often the heuristic agent (`HeuristicAgent`, rules of thumb; see docs/bots.md) wins",
        "against random players (`RandomAgent`), and how often the search agent (`SearchAgent`,",
        f"determinized Monte Carlo search, `{SEARCH}`: {_budget()}) wins against heuristic",
        "players (search rungs play fewer matches: a search decision plays hundreds of",
        "playouts). A win is a match the seat is among the winners",
        "of (a Texas 42 side wins together; ties in the other games are joint wins). The interval",
        "is the 95% Wilson score interval. The first dealer moves one seat left every match, so",
        "no seat keeps a positional advantage (the measured seat sits at every place relative",
        "to the dealer in turn). Default rules unless noted; seats play in the",
        "order given. The baseline rows (four random players) show what seat 0 wins by",
        "chance. A search row's bar is the seat's fair share (a side of two: 50%; one seat of",
        "four: 25%, a little more with the joint wins of ties, as the baselines show): search",
        "beats the heuristic where the whole interval lies above it.",
        "",
        "| game | seats | matches | seat 0 win rate | 95% interval | bar | mean returns"
        " by seat | hands a match |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        result, rung = row.result, row.rung
        seat = rung.measured
        low, high = result.win_interval[seat]
        returns = ", ".join(f"{r:.1f}" for r in result.mean_returns)
        lines.append(
            f"| {rung.game} | {rung.description} | {result.matches} |"
            f" {result.win_rate[seat]:.1%} | {low:.1%} - {high:.1%} |"
            f" {_bar(row)} | {returns} |"
            f" {result.hands_per_match:.1f} |"
        )
    seed = rows[0].result.seed if rows else 0
    lines += [
        "",
        "Mean returns are in each game's units (`state.returns()`): a side's points in Texas 42,",
        "points in Ninety-Two, chips won or lost in Preference, sets in Quartets.",
        "",
        f"Reproduce (seed {seed}; the results depend only on the seed, not on the workers):",
        "",
        "```",
        command,
        "```",
        "",
        "or `nox -s ladder`. One rung from the command line:",
        "",
        "```",
        "tablegames simulate texas42 -n 1000 --agents heuristic,random,heuristic,random",
        "```",
        "",
        "A search rung from the command line (slow: each search decision plays thousands of",
        "playout steps):",
        "",
        "```",
        f"tablegames simulate preference -n {SEARCH_MATCHES} --agents"
        f" {SEARCH},heuristic,heuristic,heuristic",
        "```",
        "",
    ]
    return "\n".join(lines)


def _bar(row: LadderRow) -> str:
    if row.rung.bar is None:
        return "baseline"
    if row.rung.fair_share:
        return f"{'>' if row.passed else 'not above'} {row.rung.bar:.0%} (fair share)"
    return f"{'≥' if row.passed else 'below'} {row.rung.bar:.0%}"


def _budget() -> str:
    agent = make_agent(SEARCH)
    assert isinstance(agent, SearchAgent)
    return (
        f"{agent.samples} sampled worlds a decision, at most {agent.width} actions searched,"
        f" {agent.policy} playouts to the end of the deal"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ladder, print the page, and write it to ``--output`` when given."""
    parser = argparse.ArgumentParser(prog="python -m tablegames.ladder", description=__doc__)
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--output", default=None)
    args = parser.parse_args(argv)
    rows = run_ladder(args.matches, args.seed, args.workers)
    command = f"python -m tablegames.ladder --matches {args.matches} --seed {args.seed}"
    if args.workers:
        command += f" --workers {args.workers}"
    command += " --output docs/strength.md"
    text = markdown(rows, command)
    print(text)
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    for row in rows:
        print(f"{row.rung.game}: {row.seconds:.1f} s", file=sys.stderr)
    return 0 if all(row.passed for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
