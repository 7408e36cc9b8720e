"""The benchmark: random play, timed. ``python -m tablegames bench [GAME]``.

A decision is one seat's choice: listing the legal actions and applying one. Deals (chance
steps) are timed too but not counted as decisions. Per-decision cost is reported for the first
and second half of each match, to show it stays flat as a match grows.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

from tablegames.core.errors import TableGamesError
from tablegames.games import GAME_MODULES, get_game


def _play(game: Any, rules: Any, rng: random.Random) -> tuple[int, int, float, float, float, int]:
    """One random match: decisions, deals, and seconds spent on decisions in the first and the
    second half of the match and on chance steps (shuffling and dealing)."""
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
    total = clock() - start - chance
    if marks:
        middle = len(marks) // 2
        return decisions, deals, marks[middle], total - marks[middle], chance, (middle + 1) * 64
    return decisions, deals, total, 0.0, chance, decisions


def bench_game(name: str, seconds: float, seed: int, rules: Any = None) -> str:
    """One report line for game ``name``.

    >>> bench_game("texas42", seconds=0.05, seed=1).split()[:3]
    ['Texas', '42', '...']
    """
    game = get_game(name)
    rules = rules if rules is not None else game.rules_type()
    rng = random.Random(seed)
    decisions = deals = matches = 0
    first = second = chance = 0.0
    first_n = second_n = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        d, h, f, s, c, n_first = _play(game, rules, rng)
        decisions += d
        deals += h
        matches += 1
        first += f
        second += s
        chance += c
        first_n += n_first
        second_n += d - n_first
    spent = time.perf_counter() - began
    per = (first + second) / decisions * 1e6
    return (
        f"{game.title:<11} {per:6.2f} µs/decision  {deals / spent:8.0f} deals/s  "
        f"{matches / spent:7.1f} matches/s  {decisions / max(deals, 1):5.1f} decisions/deal  "
        f"{chance / max(deals, 1) * 1e6:6.1f} µs/shuffle+deal  "
        f"(µs/decision, first half of a match {first / max(first_n, 1) * 1e6:.2f}, "
        f"second half {second / max(second_n, 1) * 1e6:.2f})"
    )


def run(name: str | None, seconds: float = 3.0, seed: int = 0, rules: Any = None) -> Iterator[str]:
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
