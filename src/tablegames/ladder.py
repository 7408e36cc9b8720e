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
    """Matches this rung plays per 1000 of the ladder's (a search rung plays fewer: a search
    decision is slow); None: as many as the ladder (see :func:`rung_matches`)."""
    fair_share: bool = False
    """The bar is the measured seat's fair share (search against heuristic): the whole 95%
    interval must lie above it, and above what the seat wins when all four seats play the
    heuristic (the game's "four heuristic players" baseline, which counts the joint wins of
    ties)."""
    claimed: bool = True
    """The strength page claims this rung clears its bar, and the ladder fails if it does not.
    A search rung not claimed is published as "not shown" and does not fail the ladder."""

    @property
    def setting(self) -> tuple[str, str]:
        """The game and rules the rung plays under (a baseline sets the bars of the rungs of
        the same setting).

        >>> RUNGS[0].setting
        ('texas42', '[]')
        """
        return self.game, repr(sorted(self.rules.items()))

    @property
    def heuristic_baseline(self) -> bool:
        """True for a game's "four heuristic players" baseline.

        >>> [r.game for r in RUNGS if r.heuristic_baseline][:2]
        ['texas42', 'ninety-two']
        """
        return self.bar is None and set(self.agents) == {"heuristic"}


SEARCH: dict[str, str] = {
    "texas42": "search:8:conf2",
    "ninety-two": "search:16:conf2",
    "preference": "search:4",
    "quartets": "search:4:width4",
}
"""The search agent of each game's search rung (see docs/bots.md): ``search:16`` is 16 sampled
worlds a decision, at most 8 actions searched, heuristic playouts to the end of the deal;
``conf2``: an action must beat the heuristic's choice by two standard errors; ``width4``: at
most 4 asks searched."""

SEARCH_MATCHES = 150
"""Matches a search rung plays in a ladder of 1000 matches a rung (in proportion for other
sizes, at least one): a search decision plays hundreds of playouts."""


def _search_rung(
    game: str,
    description: str,
    rules: dict[str, Any] | None = None,
    *,
    claimed: bool = True,
    matches: int = SEARCH_MATCHES,
) -> Rung:
    spec = SEARCH[game]
    side = game == "texas42"
    agents = (spec, "heuristic") * 2 if side else (spec, "heuristic", "heuristic", "heuristic")
    return Rung(
        game,
        agents,
        0.5 if side else 0.25,
        rules or {},
        0,
        f"{description} (`{spec}`)",
        matches,
        fair_share=True,
        claimed=claimed,
    )


SOLVER: dict[str, str] = {
    "texas42": "solver:4",
    "ninety-two": "solver:8:calls16",
    "preference": "solver:4:calls4:callsconf1",
}
"""The solver agent of each trick game's solver rungs (see docs/solver.md): ``solver:4`` solves
4 sampled worlds a decision in play (8 in Ninety-Two, whose solver decides only the tricks
after the last draw from the stock), each within 50,000 plays, and calls outside play as the
search agent does: as the game's search rung does (``calls16``: with 16 worlds; ``calls4``
with 4 and ``callsconf1``, one standard error of confidence, as ``search:4``)."""

SOLVER_MATCHES: dict[str, int] = {"texas42": 300, "ninety-two": 40, "preference": 40}
"""Matches a solver rung plays in a ladder of 1000 matches a rung: a solver decision solves
every world for every action. A Texas 42 match to 84 takes about 8 CPU seconds against the
search agent; a Ninety-Two match against it about 40 and a Preference match about 15, so
those play fewer."""

SOLVER_RULES: dict[str, dict[str, Any]] = {"texas42": {"target": 84}}
"""The solver rungs' rules: Texas 42 to 84 points (two or three hands a match) to keep them
affordable; the card games play their default matches, so the four-heuristic baseline under
the same rules sets their bar."""


def _solver_rungs(game: str) -> tuple[Rung, ...]:
    """The solver against the search agent and against the heuristic agent in ``game`` (not
    claimed: the page shows what they found)."""
    spec = SOLVER[game]
    out = []
    for other in (SEARCH[game], "heuristic"):
        side = game == "texas42"
        agents = (spec, other) * 2 if side else (spec, other, other, other)
        name = "search" if other.startswith("search") else "heuristic"
        seats = (
            f"solver partners (seats 0, 2) against {name} partners; game to 84"
            if side
            else f"one solver seat against three {name}, {_GAME_LENGTH[game]}"
        )
        out.append(
            Rung(
                game,
                agents,
                0.5 if side else 0.25,
                SOLVER_RULES.get(game, {}),
                0,
                f"{seats} (`{spec}` against `{other}`)",
                SOLVER_MATCHES[game],
                fair_share=True,
                claimed=False,
            )
        )
    return tuple(out)


_GAME_LENGTH = {"ninety-two": "4 players, game to 92", "preference": "8 deals"}


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
    Rung("texas42", ("heuristic",) * 4, None, {}, 0, "baseline: four heuristic players"),
    Rung("ninety-two", ("heuristic",) * 4, None, {}, 0, "baseline: four heuristic players"),
    Rung("preference", ("heuristic",) * 4, None, {}, 0, "baseline: four heuristic players"),
    Rung(
        "quartets",
        ("heuristic",) * 4,
        None,
        {"deals": 1},
        0,
        "baseline: four heuristic players, 1 deal",
    ),
    _search_rung("texas42", "search partners (seats 0, 2) against heuristic partners; game to 250"),
    _search_rung("ninety-two", "one search seat against three heuristic, 4 players, game to 92"),
    # Preference's search is cheap (under a second a match) and its bar high (ties are joint
    # wins: seat 0 among four heuristic players wins about 55%): more matches.
    _search_rung("preference", "one search seat against three heuristic, 8 deals", matches=400),
    _search_rung(
        "quartets",
        "one search seat against three heuristic, 4 players, 1 deal",
        {"deals": 1},
    ),
    *_solver_rungs("texas42"),
    *_solver_rungs("ninety-two"),
    *_solver_rungs("preference"),
    Rung("texas42", ("random",) * 4, None, {}, 0, "baseline: four random players"),
    Rung("ninety-two", ("random",) * 4, None, {}, 0, "baseline: four random players"),
    Rung("preference", ("random",) * 4, None, {}, 0, "baseline: four random players"),
    Rung("quartets", ("random",) * 4, None, {}, 0, "baseline: four random players"),
)
"""The published ladder."""


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


def rung_matches(rung: Rung, matches: int) -> int:
    """How many matches ``rung`` plays in a ladder of ``matches`` a rung: all of them, or for
    a rung with its own count (``Rung.matches``, per 1000), that share of them (at least one).

    >>> search = next(r for r in RUNGS if r.agents[0].startswith("search"))
    >>> rung_matches(RUNGS[0], 1000), rung_matches(search, 1000), rung_matches(search, 2)
    (1000, 150, 1)
    """
    if rung.matches is None:
        return matches
    return max(1, min(matches, round(matches * rung.matches / 1000)))


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
        "determinized Monte Carlo search with the budget named in its row: `search:16` is 16",
        "sampled worlds a decision, at most 8 actions searched, heuristic playouts to the end of",
        "the deal; `width4`: at most 4 actions) wins against heuristic players (search rows play",
        "fewer matches: a search decision plays hundreds of playouts). A win is a match the seat",
        "is among the winners of (a Texas 42 side wins together; ties in the other games are",
        "joint wins). The interval is the 95% Wilson score interval. The first dealer moves one",
        "seat left every match, so no seat keeps a positional advantage (the measured seat sits",
        "at every place relative to the dealer in turn). Default rules unless noted; seats play",
        "in the order given. The baseline rows show what seat 0 wins among four random players",
        "and among four heuristic players.",
        "",
        "A heuristic row's bar is the issue's: its win rate must reach it. A search row's bar is",
        "the seat's fair share (a side of two: 50%; one seat of four: 25%) or, if higher, what",
        "the heuristic wins in that seat against three copies of itself (the four-heuristic",
        "baseline, which counts the joint wins of ties): search beats the heuristic where the",
        "whole interval lies above the bar.",
        "",
    ]
    search_rows = [
        row for row in rows if row.rung.fair_share and row.rung.agents[0].startswith("search")
    ]
    solver_rows = [row for row in rows if row.rung.agents[0].startswith("solver")]
    if search_rows:
        shown = [row.rung.game for row in search_rows if row.passed]
        missed = [row.rung.game for row in search_rows if not row.passed]
        summary = "Search beats the heuristic"
        summary += f" in {_names(shown)}" if shown else " in no game"
        summary += (
            f"; in {_names(missed)} it is **not** shown to beat it." if missed else " (every game)."
        )
        lines += [summary, ""]
        for row in search_rows:
            if not row.passed:
                lines += [_shortfall(row, rows), ""]
    if solver_rows:
        lines += [
            "The solver rows measure the solver agent (`SolverAgent`, docs/solver.md: it solves",
            "sampled worlds exactly in play and calls as the search agent does) against the",
            "search agent and against the heuristic agent, in far fewer matches (a solver hand",
            "takes seconds; Texas 42 to 84 points). Their bar is a search row's: the fair share",
            "or, if higher, the four-heuristic baseline under the same rules. The page claims",
            f"nothing of them. {_solver_summary(solver_rows)} They alone, with the baselines",
            "that set their bars:",
            "",
            "```",
            "python -m tablegames.ladder --matches 1000 --seed 0 --workers 2 --only solver",
            "```",
            "",
        ]
    lines += [
        "| game | seats | matches | seat 0 win rate | 95% interval | bar | mean returns"
        " by seat | hands a match |",
        "|---|---|---|---|---|---|---|---|",
    ]
    lines += table_rows(rows)
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
        f"tablegames simulate ninety-two -n {SEARCH_MATCHES} --agents"
        f" {SEARCH['ninety-two']},heuristic,heuristic,heuristic",
        "```",
        "",
    ]
    return "\n".join(lines)


def table_rows(rows: Sequence[LadderRow]) -> list[str]:
    """The page's table rows for ``rows`` (see :func:`markdown`).

    >>> table_rows(run_ladder(matches=2, rungs=RUNGS[:1]))[0].startswith("| texas42 |")
    True
    """
    lines = []
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
    return lines


def _bar(row: LadderRow) -> str:
    bar = row.rung.bar if row.bar is None else row.bar
    if bar is None:
        return "baseline"
    if row.rung.fair_share:
        what = "fair share" if bar == row.rung.bar else "heuristic baseline"
        verdict = "beats" if row.passed else "not shown above"
        return f"{verdict} {bar:.1%} ({what})"
    return f"{'≥' if row.passed else 'below'} {bar:.0%}"


def _solver_summary(rows: Sequence[LadderRow]) -> str:
    """Which solver rows clear their bar, by opponent: a sentence for the page."""
    parts = []
    for name in ("search", "heuristic"):
        mine = [row for row in rows if row.rung.agents[1].split(":")[0] == name]
        if not mine:
            continue
        shown = [row.rung.game for row in mine if row.passed]
        missed = [row.rung.game for row in mine if not row.passed]
        text = f"Against the {name} agent its whole interval lies above the bar in "
        if not shown:
            text += f"no game ({_names(missed)})"
        else:
            text += _names(shown) + (f", not in {_names(missed)}" if missed else "")
        parts.append(text + ".")
    return " ".join(parts)


def _shortfall(row: LadderRow, rows: Sequence[LadderRow]) -> str:
    """A sentence on a search rung that does not clear its bar, next to its baseline."""
    rung = row.rung
    low, high = row.result.win_interval[rung.measured]
    text = (
        f"{_names([rung.game])}: the search seat won {row.result.win_rate[rung.measured]:.1%}"
        f" ({low:.1%} - {high:.1%}) of {row.result.matches} matches; its bar is"
        f" {row.bar if row.bar is not None else rung.bar:.1%}, so search is not shown to beat"
        " the heuristic there"
    )
    for other in rows:
        if other.rung.heuristic_baseline and other.rung.setting == rung.setting:
            rate = other.result.win_rate[rung.measured]
            low, high = other.result.win_interval[rung.measured]
            text += (
                ". In the same seat against three copies of itself the heuristic won"
                f" {rate:.1%} ({low:.1%} - {high:.1%})"
            )
            if rate < (rung.bar or 0.0):
                text += ", less than the fair share: the seats are not alike there"
    return text + "."


def _names(games: Sequence[str]) -> str:
    titles = {"texas42": "Texas 42", "ninety-two": "Ninety-Two"}
    names = [titles.get(game, game.capitalize()) for game in games]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def only(agent: str) -> list[Rung]:
    """The rungs whose agents include ``agent`` (by name, as ``solver``), each game's
    four-heuristic baseline under the same rules first where the ladder has one (it sets their
    bars; see :func:`with_bars`).

    >>> [(r.game, r.agents[0]) for r in only("solver")][:3]
    [('ninety-two', 'heuristic'), ('preference', 'heuristic'), ('texas42', 'solver:4')]
    """
    chosen = [r for r in RUNGS if any(a.split(":")[0] == agent for a in r.agents)]
    wanted = {r.setting for r in chosen}
    baselines = [r for r in RUNGS if r.heuristic_baseline and r.setting in wanted]
    return [*baselines, *chosen]


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


if __name__ == "__main__":
    sys.exit(main())
