"""The strength page (docs/strength.md) written from the ladder's rows: the summary of what
search and the solver showed, the table of every rung, and how to reproduce it.

>>> from tablegames.ladder import RUNGS, run_ladder
>>> rows = run_ladder(matches=2, rungs=RUNGS[:1])
>>> markdown(rows, "python -m tablegames.ladder").splitlines()[0]
'# Strength of the built-in agents'
"""

from __future__ import annotations

from collections.abc import Sequence

from .play import LadderRow
from .rungs import SEARCH, SEARCH_MATCHES

__all__ = ["markdown", "table_rows"]


def markdown(rows: Sequence[LadderRow], command: str) -> str:
    """The strength page (docs/strength.md) for these rows.

    >>> from tablegames.ladder import RUNGS, run_ladder
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

    >>> from tablegames.ladder import RUNGS, run_ladder
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
