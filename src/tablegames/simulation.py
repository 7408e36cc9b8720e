"""Many matches between agents, on one core, a process pool or a cluster: :func:`simulate`
(also ``tablegames.simulate``).

Every match has its own seed, derived from ``seed`` and the match number, and the work shipped
to a worker is only the game's name, the agents' specs (names or picklable factories), the rules
as JSON and the match numbers; so the results depend only on ``seed``, never on the executor or
the number of workers. Any :class:`concurrent.futures.Executor` works: a process pool
(``workers=K``), or a Dask ``distributed`` client's ``client.get_executor()``.

>>> result = simulate("texas42", ["heuristic", "random"] * 2, 4, rules={"target": 40}, seed=1)
>>> result.matches, sum(result.wins) >= 4, len(result.win_rate)
(4, True, 4)
>>> result == simulate("texas42", ["heuristic", "random"] * 2, 4, rules={"target": 40}, seed=1)
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any

import attrs

from tablegames.agents import AgentSpec, agent_name, make_agent, play_match
from tablegames.core.errors import RecordError, RulesError, TableGamesError
from tablegames.core.game import Game
from tablegames.core.limits import MAX_DEAL_ACTIONS, MAX_MATCH_DEALS
from tablegames.games import get_game
from tablegames.rule_options import parse_options

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def wilson_interval(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win rate of ``wins`` out of ``n`` (95% by default).

    >>> low, high = wilson_interval(70, 100)
    >>> round(low, 3), round(high, 3)
    (0.604, 0.781)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    low = 0.0 if wins <= 0 else max(0.0, centre - half)
    high = 1.0 if wins >= n else min(1.0, centre + half)
    return (low, high)


@attrs.frozen
class MatchOutcome:
    """One match's result: the winning seats, the returns by seat, the hands dealt, the
    decisions made, the seconds spent, and whether it finished (a match that reaches a bound
    of :func:`~tablegames.agents.play_match` stops unfinished: no winners, the running
    returns).

    >>> MatchOutcome((0, 2), (1.0, 0.0, 1.0, 0.0), 3, 90, 0.1).hands
    3
    """

    winners: tuple[int, ...]
    returns: tuple[float, ...]
    hands: int
    decisions: int
    seconds: float = attrs.field(eq=False)
    finished: bool = True


def match_seed(seed: int, number: int) -> str:
    """The seed of match ``number`` of a simulation seeded ``seed`` (the same in every process).
    The shuffles draw from ``match_seed(...) + ":chance"`` and the agents from ``+ ":agents"``,
    so the first deal of a match is the same whichever agents play it.

    >>> match_seed(0, 7)
    'tablegames-simulate:0:7'
    """
    return f"tablegames-simulate:{seed}:{number}"


def play_one(
    game_name: str,
    specs: Sequence[AgentSpec],
    rules_data: Mapping[str, object],
    seed: int,
    number: int,
    *,
    rotate_dealer: bool = True,
) -> MatchOutcome:
    """Play match ``number`` of a simulation; everything it needs is picklable.

    With ``rotate_dealer``, the first dealer moves one seat left each match, so no seat keeps
    the advantage of a position.

    >>> play_one("quartets", ["heuristic", "random", "random"], {"players": 3, "deals": 1}, 0,
    ...     0).hands
    1
    """
    game = get_game(game_name)
    rules = game.rules_from_json(rules_data)
    if rotate_dealer and hasattr(rules, "first_dealer"):
        players = len(specs)
        rules = attrs.evolve(rules, first_dealer=(rules.first_dealer + number) % players)
    agents = {seat: make_agent(spec) for seat, spec in enumerate(specs)}
    chance = random.Random(match_seed(seed, number) + ":chance")
    decisions = random.Random(match_seed(seed, number) + ":agents")
    started = time.perf_counter()
    final = play_match(game.new_match(rules), agents, chance, rng=decisions)
    seconds = time.perf_counter() - started
    deals = sum(1 for action in final.history.to_tuple() if type(action).__name__ == "Deal")
    return MatchOutcome(
        tuple(final.winners),
        final.returns(),
        deals,
        len(final.history) - deals,
        seconds,
        final.is_over,
    )


def play_batch(
    game_name: str,
    specs: Sequence[AgentSpec],
    rules_data: Mapping[str, object],
    seed: int,
    numbers: range,
    *,
    rotate_dealer: bool = True,
) -> list[MatchOutcome]:
    """Play the matches ``numbers`` (the unit of work shipped to a worker).

    >>> len(play_batch("texas42", ["random"] * 4, {"target": 20}, 0, range(2)))
    2
    """
    return [
        play_one(game_name, specs, rules_data, seed, number, rotate_dealer=rotate_dealer)
        for number in numbers
    ]


@attrs.frozen
class SimulationResult:
    """What a simulation found, by seat: ``wins`` (matches the seat was among the winners of),
    ``win_rate`` and its 95% Wilson interval ``win_interval``, ``mean_returns`` (see
    ``state.returns()``, docs/contract.md); plus ``hands_per_match`` and ``decisions_per_second``.

    Equality ignores the speed, which depends on the machine.

    >>> result = simulate("quartets", ["heuristic", "random", "random"], 2,
    ...     rules={"players": 3, "deals": 1})
    >>> result.agents, result.to_dict()["matches"]
    (('heuristic', 'random', 'random'), 2)
    """

    game: str
    matches: int
    seed: int
    rules: dict[str, object]
    agents: tuple[str, ...]
    wins: tuple[int, ...]
    win_rate: tuple[float, ...]
    win_interval: tuple[tuple[float, float], ...]
    mean_returns: tuple[float, ...]
    hands_per_match: float
    decisions_per_second: float = attrs.field(eq=False)
    unfinished: int = 0
    """Matches stopped at a bound of :func:`~tablegames.agents.play_match` before they ended
    (agents that can stall a game: docs/simulation.md); they count as won by nobody."""

    def to_dict(self) -> dict[str, object]:
        """The result as JSON-ready data (every by-seat value a list indexed by seat).

        >>> sorted(simulate("texas42", ["random"] * 4, 1, rules={"target": 10}).to_dict())[:4]
        ['agents', 'decisions_per_second', 'game', 'hands_per_match']
        """
        return {
            "game": self.game,
            "matches": self.matches,
            "seed": self.seed,
            "rules": self.rules,
            "agents": list(self.agents),
            "wins": list(self.wins),
            "win_rate": list(self.win_rate),
            "win_interval": [list(pair) for pair in self.win_interval],
            "mean_returns": list(self.mean_returns),
            "hands_per_match": self.hands_per_match,
            "decisions_per_second": self.decisions_per_second,
            "unfinished": self.unfinished,
        }

    def table(self) -> str:
        """The result as a plain text table, one line a seat.

        >>> print(simulate("texas42", ["random"] * 4, 1, rules={"target": 10}).table())
        ... # doctest: +ELLIPSIS
        seat  agent   wins  win rate  95% interval    mean return
        0     random ...
        """
        width = max(5, *(len(a) for a in self.agents))
        lines = [
            f"seat  {'agent':<{width}}  wins  win rate  95% interval    mean return",
        ]
        for seat, agent in enumerate(self.agents):
            low, high = self.win_interval[seat]
            lines.append(
                f"{seat:<4}  {agent:<{width}}  {self.wins[seat]:>4}  {self.win_rate[seat]:>8.1%}"
                f"  {low:>6.1%}-{high:<6.1%}  {self.mean_returns[seat]:>11.2f}"
            )
        lines.append(
            f"{self.matches} matches, {self.hands_per_match:.1f} hands a match, "
            f"{self.decisions_per_second:,.0f} decisions a second"
        )
        if self.unfinished:
            lines.append(
                f"{self.unfinished} of {self.matches} matches never ended: stopped unfinished "
                f"after {MAX_MATCH_DEALS:,} deals or {MAX_DEAL_ACTIONS:,} actions in a deal "
                "(these agents can stall this game; see docs/simulation.md)"
            )
        return "\n".join(lines)


def simulate(
    game: str | Game[Any, Any],
    agents: Sequence[AgentSpec],
    matches: int,
    *,
    rules: object = None,
    seed: int = 0,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: bool = False,
    batch: int | None = None,
    rotate_dealer: bool = True,
) -> SimulationResult:
    """Play ``matches`` matches of ``game`` with one agent spec a seat and sum up the results.

    ``agents`` are names (``"heuristic"``, ``"random"``) or picklable factories; there is one
    per seat, and their number sets the players where the game lets it vary. ``rules`` is a
    game's ``Rules`` or a dict of settings. ``executor`` is any
    :class:`concurrent.futures.Executor`; ``workers=K`` uses a process pool of K processes;
    neither plays in this process. ``progress`` shows a bar on stderr when ``tqdm`` is installed
    (extra ``progress``). ``batch`` is how many matches make one task (default: about four
    tasks a worker). The first dealer moves round the table from match to match unless
    ``rotate_dealer`` is false.

    >>> simulate("texas42", ["heuristic"], 1)
    Traceback (most recent call last):
    ...
    tablegames.core.errors.TableGamesError: Texas 42 is played by 4 players; 1 agent was given.
    """
    if isinstance(matches, bool) or not isinstance(matches, int) or matches < 1:
        raise TableGamesError(f"A simulation plays at least one match, not {matches!r}.")
    described = get_game(game) if isinstance(game, str) else game
    rules_data = _rules_data(described, rules, len(agents))
    specs = tuple(agents)
    names = tuple(agent_name(spec) for spec in specs)
    for spec in specs:
        make_agent(spec)  # refuse a bad name here, not in a worker
    size = batch or max(1, min(50, math.ceil(matches / (4 * (workers or 1)))))
    chunks = [range(start, min(start + size, matches)) for start in range(0, matches, size)]
    job = (described.name, specs, rules_data, seed)
    outcomes: list[MatchOutcome] = []
    bar = _progress_bar(matches) if progress else None
    try:
        for results in _run(job, chunks, executor, workers, rotate_dealer):
            outcomes.extend(results)
            if bar is not None:
                bar(len(results))
    finally:
        if bar is not None:
            bar(0, close=True)
    return _summary(described.name, seed, rules_data, names, outcomes)


def _run(
    job: tuple[str, tuple[AgentSpec, ...], dict[str, object], int],
    chunks: list[range],
    executor: Executor | None,
    workers: int | None,
    rotate_dealer: bool,
) -> Iterator[list[MatchOutcome]]:
    if executor is None and not workers:
        for chunk in chunks:
            yield play_batch(*job, chunk, rotate_dealer=rotate_dealer)
        return
    if executor is not None:
        yield from _submit_all(executor, job, chunks, rotate_dealer)
        return
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise TableGamesError(f"workers is a number of processes (1 or more), not {workers!r}.")
    with ProcessPoolExecutor(workers) as pool:
        yield from _submit_all(pool, job, chunks, rotate_dealer)


def _submit_all(
    executor: Executor,
    job: tuple[str, tuple[AgentSpec, ...], dict[str, object], int],
    chunks: list[range],
    rotate_dealer: bool,
) -> Iterator[list[MatchOutcome]]:
    futures: list[Future[list[MatchOutcome]]] = [
        executor.submit(play_batch, *job, chunk, rotate_dealer=rotate_dealer) for chunk in chunks
    ]
    for future in futures:
        yield future.result()


def parse_rule_options(game: str | Game[Any, Any], texts: Sequence[str]) -> dict[str, object]:
    """Rules settings from ``KEY=VALUE`` texts (the command line's ``--rule``), read by the type
    of each setting (:func:`tablegames.rule_options.parse_options`, as ``demo`` and ``play``
    read them) and checked like the Rules constructor.

    >>> parse_rule_options("texas42", ["target=100", "scoring=marks", "forced_bid=true"])
    {'target': 100, 'scoring': 'marks', 'forced_bid': True}
    >>> parse_rule_options("texas42", ["target=ten"])
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RulesError: ...target...
    >>> parse_rule_options("texas42", ["target"])
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RulesError: ...KEY=VALUE...
    """
    described = get_game(game) if isinstance(game, str) else game
    data = dict(parse_options(described.rules_type, texts))
    try:
        described.rules_from_json(data)
    except RecordError as exc:
        raise RulesError(str(exc)) from None
    return data


def _rules_data(game: Game[Any, Any], rules: object, players: int) -> dict[str, object]:
    if rules is None:
        data: dict[str, object] = {}
    elif isinstance(rules, Mapping):
        data = dict(rules)
    else:
        data = game.rules_to_json(rules)
    try:
        built = game.rules_from_json(data)
    except RecordError as exc:
        raise RulesError(str(exc)) from None
    fixed = int(getattr(built, "players", 4))
    if players != fixed:
        if "players" in data or not _players_vary(game):
            raise TableGamesError(
                f"{game.title} is played by {fixed} players; {players} agent"
                f"{' was' if players == 1 else 's were'} given."
            )
        data["players"] = players
        try:
            built = game.rules_from_json(data)
        except RecordError as exc:
            raise RulesError(str(exc)) from None
    return game.rules_to_json(built)


def _players_vary(game: Game[Any, Any]) -> bool:
    rules_type: Any = game.rules_type
    return attrs.has(rules_type) and any(a.name == "players" for a in attrs.fields(rules_type))


def _summary(
    game: str,
    seed: int,
    rules: dict[str, object],
    names: tuple[str, ...],
    outcomes: list[MatchOutcome],
) -> SimulationResult:
    n = len(outcomes)
    seats = range(len(names))
    wins = tuple(sum(1 for o in outcomes if seat in o.winners) for seat in seats)
    totals = [0.0 for _ in seats]
    for outcome in outcomes:
        for seat in seats:
            totals[seat] += outcome.returns[seat]
    decisions = sum(o.decisions for o in outcomes)
    seconds = sum(o.seconds for o in outcomes)
    return SimulationResult(
        game=game,
        matches=n,
        seed=seed,
        rules=rules,
        agents=names,
        wins=wins,
        win_rate=tuple(w / n for w in wins),
        win_interval=tuple(wilson_interval(w, n) for w in wins),
        mean_returns=tuple(t / n for t in totals),
        hands_per_match=sum(o.hands for o in outcomes) / n,
        decisions_per_second=decisions / seconds if seconds > 0 else 0.0,
        unfinished=sum(1 for o in outcomes if not o.finished),
    )


def _progress_bar(total: int) -> Callable[..., None] | None:
    try:
        from tqdm import tqdm  # noqa: PLC0415 (optional extra "progress")
    except ImportError:
        return None
    bar = tqdm(total=total, unit="match", leave=False)

    def update(count: int, *, close: bool = False) -> None:
        if close:
            bar.close()
        else:
            bar.update(count)

    return update


__all__ = [
    "MatchOutcome",
    "SimulationResult",
    "match_seed",
    "parse_rule_options",
    "play_batch",
    "play_one",
    "simulate",
    "wilson_interval",
]
