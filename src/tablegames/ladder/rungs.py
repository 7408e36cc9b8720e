"""The rungs of the strength ladder: each game's agents by seat, rules and bar
(:data:`RUNGS`, the published ladder), the search and solver agents they measure, and how many
matches each plays.

>>> RUNGS[0].game, RUNGS[0].agents
('texas42', ('heuristic', 'random', 'heuristic', 'random'))
"""

from __future__ import annotations

import attrs


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
    rules: dict[str, object] = attrs.field(factory=dict)
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
    rules: dict[str, object] | None = None,
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

SOLVER_RULES: dict[str, dict[str, object]] = {"texas42": {"target": 84}}
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
