"""The benchmark: random play, timed. ``python -m tablegames bench [GAME] [--compare]``.

A decision is one seat's choice: listing the legal actions, choosing one and applying it. Deals
(chance steps) are timed too but not counted as decisions. Per-decision cost is reported for the
first and second half of each match, to show it stays flat as a match grows.

``--compare`` times OpenSpiel's closest C++ games through ``pyspiel`` (spades, hearts, and
go_fish at four players; install the ``bench`` extra) the same way, interleaved with ours in one
run so that both see the same machine, and prints the ratios. It then measures what grows with a
match: the bytes each retained state adds, and the cost of ``sample()`` and ``fingerprint()``
early and late in a long match. Numbers vary from run to run; only the ratios within one run
mean much.
"""

from __future__ import annotations

import gc
import importlib
import random
import time
import tracemalloc
from collections.abc import Callable, Iterator
from typing import Any

from tablegames.core.errors import TableGamesError
from tablegames.core.game import play_randomly, random_states
from tablegames.games import GAME_MODULES, get_game

SPIEL_PEERS: dict[str, str] = {
    "texas42": "spades",
    "ninety-two": "hearts",
    "preference": "spades",
    "quartets": "go_fish(players=4)",
}
"""The OpenSpiel game closest to each of ours, at our default table of four (four-seat trick
games; asking for cards: go_fish defaults to two players, and a decision costs more the more
seats there are to ask)."""

LONG_MATCHES: dict[str, dict[str, object]] = {
    "texas42": {"target": 10_000},
    "ninety-two": {"target": 920},
    "preference": {"deals": 200, "starting_stack": 1000},
    "quartets": {"deals": 40},
}
"""Rules for a long match (thousands of decisions), to show costs that do not grow with it."""

Played = tuple[int, int, float, float, float, int]
"""decisions, deals, seconds on decisions in the first and second half, seconds on chance, and
how many decisions the first half holds."""


def _play(game: Any, rules: object, rng: random.Random) -> Played:
    """One random match of one of our games (see :data:`Played`)."""
    state = game.new_match(rules)
    decisions = deals = 0
    clock = time.perf_counter
    chance = 0.0
    marks: list[float] = []
    start = clock()
    while not state.is_over:
        if state.is_chance:
            began = clock()
            state = state.apply(state.chance_outcome(rng))
            chance += clock() - began
            deals += 1
            continue
        actions = state.legal_actions()
        state = state.apply(actions[rng.randrange(len(actions))])
        decisions += 1
        if decisions % 64 == 0:
            marks.append(clock() - start - chance)
    return _halves(decisions, deals, clock() - start - chance, chance, marks)


def _play_spiel(game: Any, rng: random.Random) -> Played:
    """One random match of an OpenSpiel game through pyspiel, timed exactly like :func:`_play`:
    ``legal_actions`` + choose + ``apply_action`` per decision, chance outcomes timed apart."""
    state = game.new_initial_state()
    decisions = deals = 0
    clock = time.perf_counter
    chance = 0.0
    marks: list[float] = []
    start = clock()
    while not state.is_terminal():
        if state.is_chance_node():
            began = clock()
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            chance += clock() - began
            deals += 1
            continue
        actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])
        decisions += 1
        if decisions % 64 == 0:
            marks.append(clock() - start - chance)
    return _halves(decisions, deals, clock() - start - chance, chance, marks)


def _halves(decisions: int, deals: int, total: float, chance: float, marks: list[float]) -> Played:
    if marks:
        middle = len(marks) // 2
        return decisions, deals, marks[middle], total - marks[middle], chance, (middle + 1) * 64
    return decisions, deals, total, 0.0, chance, decisions


class _Tally:
    """Matches of one game played so far, and their times."""

    def __init__(self, title: str, play: Callable[[random.Random], Played]) -> None:
        self.title = title
        self.play = play
        self.decisions = self.deals = self.matches = self.first_n = self.second_n = 0
        self.first = self.second = self.chance = self.spent = 0.0

    def run_for(self, seconds: float, rng: random.Random) -> None:
        began = time.perf_counter()
        while True:
            d, h, f, s, c, n_first = self.play(rng)
            self.decisions += d
            self.deals += h
            self.matches += 1
            self.first += f
            self.second += s
            self.chance += c
            self.first_n += n_first
            self.second_n += d - n_first
            if time.perf_counter() - began >= seconds:
                break
        self.spent += time.perf_counter() - began

    @property
    def per_decision(self) -> float:
        """µs per decision over every match played."""
        return (self.first + self.second) / max(self.decisions, 1) * 1e6

    def line(self) -> str:
        spent = max(self.spent, 1e-9)
        return (
            f"{self.title:<11} {self.per_decision:6.2f} µs/decision  "
            f"{self.deals / spent:8.0f} deals/s  {self.matches / spent:7.1f} matches/s  "
            f"{self.decisions / max(self.deals, 1):5.1f} decisions/deal  "
            f"{self.chance / max(self.deals, 1) * 1e6:6.1f} µs/shuffle+deal  "
            f"(µs/decision, first half of a match {self.first / max(self.first_n, 1) * 1e6:.2f}, "
            f"second half {self.second / max(self.second_n, 1) * 1e6:.2f})"
        )


def _ours(name: str, rules: object = None) -> _Tally:
    game = get_game(name)
    rules = rules if rules is not None else game.rules_type()
    return _Tally(game.title, lambda rng: _play(game, rules, rng))


def bench_game(name: str, seconds: float, seed: int, rules: object = None) -> str:
    """One report line for game ``name``.

    >>> bench_game("texas42", seconds=0.05, seed=1).split()[:3]
    ['Texas', '42', '...']
    """
    tally = _ours(name, rules)
    tally.run_for(seconds, random.Random(seed))
    return tally.line()


def run(
    name: str | None, seconds: float = 3.0, seed: int = 0, rules: object = None
) -> Iterator[str]:
    """Report lines for one game, or for every available game; ``rules`` (for one game only)
    replaces the game's default rules.

    >>> [line.split()[0] for line in run("quartets", seconds=0.05)]
    ['Quartets']
    """
    if rules is not None and not name:
        raise TableGamesError("Rule settings need one game to time: name the game.")
    names = [name] if name else list(GAME_MODULES)
    for game_name in names:
        try:
            yield bench_game(game_name, seconds, seed, rules)
        except TableGamesError as exc:
            if name:
                raise
            yield f"{game_name}: skipped ({exc})"


def load_pyspiel() -> Any:
    """The ``pyspiel`` module, or ``None`` when OpenSpiel is not installed.

    >>> spiel = load_pyspiel()
    >>> spiel is None or spiel.load_game("go_fish").num_players() == 2
    True
    """
    try:
        return importlib.import_module("pyspiel")
    except ImportError:
        return None


def compare(
    name: str | None = None, seconds: float = 6.0, seed: int = 0, *, growth: bool = True
) -> Iterator[str]:
    """The ``--compare`` report: our games and their OpenSpiel peers timed in turns within one
    run (slices of a tenth of the time each), the ratios, then what grows with a match.

    >>> lines = list(compare("quartets", seconds=0.05, growth=False))
    >>> lines[1].split()[0], "ratio" in lines[0] or "not installed" in lines[-1]
    ('Quartets', True)
    """
    names = [name] if name else list(GAME_MODULES)
    ours = {n: _ours(n) for n in names}
    spiel = load_pyspiel()
    peers: dict[str, _Tally] = {}
    if spiel is not None:
        for peer_name in sorted({SPIEL_PEERS[n] for n in names}):
            peers[peer_name] = _Tally(f"{peer_name} (pyspiel)", _spiel_player(spiel, peer_name))
    everyone = [*ours.values(), *peers.values()]
    rng = random.Random(seed)
    rounds = 10
    for _ in range(rounds):
        for tally in everyone:
            tally.run_for(seconds / rounds / len(everyone), rng)
    yield (
        f"{'game':<11} µs/decision, first and second half of a match; OpenSpiel peer; ratio"
        if peers
        else f"{'game':<11} µs/decision, first and second half of a match"
    )
    for game_name, tally in ours.items():
        line = (
            f"{tally.title:<11} {tally.per_decision:6.2f}  "
            f"({tally.first / max(tally.first_n, 1) * 1e6:.2f}, "
            f"{tally.second / max(tally.second_n, 1) * 1e6:.2f})"
        )
        if peers:
            peer = peers[SPIEL_PEERS[game_name]]
            line += (
                f"  {peer.title:<28} {peer.per_decision:5.2f}  "
                f"ratio {tally.per_decision / peer.per_decision:4.2f}"
            )
        yield line
    if spiel is None:
        yield (
            "OpenSpiel is not installed, so there is nothing to compare with: "
            "pip install open-spiel (or the tablegames[bench] extra)"
        )
    if growth:
        yield from _growth(names, seed)


def _spiel_player(spiel: Any, name: str) -> Callable[[random.Random], Played]:
    game = spiel.load_game(name)
    return lambda rng: _play_spiel(game, rng)


def _growth(names: list[str], seed: int) -> Iterator[str]:
    yield (
        "game        bytes/retained state   sample() µs early, late   fingerprint() µs early, late"
    )
    for game_name in names:
        size = retained_bytes(game_name, seed)
        (sample_early, sample_late), (print_early, print_late), decisions = costs_over_a_match(
            game_name, seed
        )
        yield (
            f"{get_game(game_name).title:<11} {size:8.0f}               "
            f"{sample_early:7.1f} {sample_late:7.1f}         "
            f"{print_early:7.1f} {print_late:7.1f}   (a match of {decisions} decisions)"
        )


def retained_bytes(name: str, seed: int = 0, rules: object = None) -> float:
    """What keeping every state of a random match costs, in bytes per state (measured with
    ``tracemalloc``: everything the states hold that was not there before the match).

    >>> 0 < retained_bytes("quartets", rules=get_game("quartets").rules_type(deals=1)) < 5000
    True
    """
    game = get_game(name)
    rules = rules if rules is not None else game.rules_type()
    rng = random.Random(seed)
    _keep_all(game, rules, random.Random(seed + 1))  # fill any cache before measuring
    gc.collect()
    started = not tracemalloc.is_tracing()
    if started:
        tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        states = _keep_all(game, rules, rng)
        gc.collect()
        used = tracemalloc.get_traced_memory()[0] - before
    finally:
        if started:
            tracemalloc.stop()
    return used / max(len(states) - 1, 1)


def _keep_all(game: Any, rules: object, rng: random.Random) -> list[Any]:
    return random_states(game.new_match(rules), rng)


def costs_over_a_match(
    name: str, seed: int = 0, rules: object = None, repeats: int = 20
) -> tuple[tuple[float, float], tuple[float, float], int]:
    """µs per ``sample()`` and per ``fingerprint()`` at the same moment of the second deal of a
    long match and of its last deal, and the match's length in decisions. Flat costs show equal
    numbers.

    >>> sample, printing, decisions = costs_over_a_match("quartets", repeats=1)
    >>> decisions > 1000 and all(cost > 0 for cost in sample + printing)
    True
    """
    game = get_game(name)
    rules = rules if rules is not None else game.rules_type(**LONG_MATCHES[name])
    rng = random.Random(seed)
    deals: list[list[Any]] = []
    for state in _keep_all(game, rules, rng):
        if state.is_chance:
            deals.append([])
        elif state.to_act is not None and deals:
            deals[-1].append(state)
    deals = [d for d in deals if d]
    first, last = deals[min(1, len(deals) - 1)], deals[-1]
    middle = min(len(first), len(last)) // 2
    early, late = first[middle], last[middle]  # the same moment of a deal, early and late
    clock = time.perf_counter

    def cost(call: Callable[[], object]) -> float:
        best = float("inf")
        for _ in range(repeats):
            began = clock()
            call()
            best = min(best, clock() - began)
        return best * 1e6

    def sampler(state: Any) -> Callable[[], object]:
        return lambda: state.sample(state.to_act, random.Random(seed))

    samples = tuple(cost(sampler(s)) for s in (early, late))
    prints = tuple(cost(s.fingerprint) for s in (early, late))
    return (samples[0], samples[1]), (prints[0], prints[1]), sum(len(d) for d in deals)


def replay_cost(name: str, matches: int = 5, repeats: int = 9, rules: object = None) -> float:
    """µs per action to read back states with ``state_from_json``: the final states of
    ``matches`` complete random matches (seeds 1, 2, ...) are written to JSON, then read back
    ``repeats`` times; the best pass counts. Every action is replayed and validated. Timed in
    CPU time of this process, so other jobs on a shared machine disturb it less.

    >>> 0 < replay_cost("quartets", matches=1, repeats=1) < 1000
    True
    """
    game = get_game(name)
    rules = rules if rules is not None else game.rules_type()
    texts = []
    actions = 0
    for seed in range(1, matches + 1):
        state = play_randomly(game.new_match(rules), random.Random(seed))
        texts.append(game.state_to_json(state))
        actions += len(state.history)
    best = float("inf")
    for _ in range(repeats):
        gc.collect()
        began = time.process_time()
        for text in texts:
            game.state_from_json(text)
        best = min(best, time.process_time() - began)
    return best / max(actions, 1) * 1e6
