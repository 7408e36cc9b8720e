"""Recorded playthroughs: complete seeded matches kept as test data, replayed move for move.

Each file under ``tests/data/playthroughs`` (gzipped JSON, format ``tablegames-playthroughs/1``)
holds matches of one game. A match is its rules (a plain dict), its actions in notation (chance
steps included) and, per position from the first to the last, a digest of what can be observed
there: the seat to act, the phase, the legal actions in order, the zones, the scores and winners,
plus the verdict of ``check`` on one action drawn from the action space (legal or not). The format
depends on nothing but the public API, so a new implementation can be proved to play the same
games: ``python tests/playthroughs.py`` writes the files again (only when the rules change).

>>> from tablegames import quartets
>>> observe(quartets.new_match(), "ask 1 5C")[:2]
[None, 'deal']
"""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path
from typing import Any

import attrs

from tablegames.core.game import Game, GameState, random_action
from tablegames.games import get_game

FORMAT = "tablegames-playthroughs/1"
DATA = Path(__file__).parent / "data" / "playthroughs"

Step = list[Any]
"""``[to_act, phase, legal actions, zones, scores, winners, [probe, code, message], asks]``."""


def _scores(state: GameState[Any]) -> list[int]:
    out: list[int] = []
    for name in ("scores", "stacks"):
        if hasattr(state, name):
            out.extend(getattr(state, name))
    if hasattr(state, "pot"):
        out.append(state.pot)
    return out


def _public_record(state: GameState[Any]) -> list[Any]:
    """Quartets: how many asks this deal, and the last one with what it brought."""
    asks = getattr(state, "asks", None)
    return [] if asks is None else [len(asks), repr(asks.last)]


def observe(state: GameState[Any], probe: str) -> Step:
    """What can be seen of ``state``, and what ``check`` says of the action ``probe``."""
    game = get_game(state.game_name.replace("_", "-"))
    violation = state.check(game.parse_action(probe))
    return [
        state.to_act,
        state.phase.value,
        " ; ".join(str(a) for a in state.legal_actions()),
        " | ".join(f"{name}: {pieces}" for name, pieces in state.zones().items()),
        _scores(state),
        list(state.winners),
        [probe, None if violation is None else violation.code.value]
        + ([] if violation is None else [violation.message]),
        _public_record(state),
    ]


def record_match(game: Game[Any, Any], rules: Any, seed: int) -> dict[str, Any]:
    """Play one seeded random match and record every action and observation."""
    rng = random.Random(seed)
    space = [str(a) for a in game.action_space(rules)]
    state = game.new_match(rules)
    actions: list[str] = []
    steps: list[Step] = []
    while True:
        steps.append(observe(state, space[rng.randrange(len(space))]))
        if state.is_over:
            break
        action = random_action(state, rng)
        actions.append(str(action))
        state = state.apply(action)
    plain = attrs.asdict(rules, value_serializer=_plain)
    return {"rules": plain, "seed": seed, "actions": actions, "steps": steps}


def _plain(_: Any, __: Any, value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


PLANS: dict[str, list[tuple[dict[str, Any], list[int]]]] = {
    "texas42": [
        ({}, [1]),
        ({"target": 60}, [2, 3]),
        ({"forced_bid": True, "target": 80}, [4, 5]),
        ({"bid_ladder": "marks", "scoring": "marks", "target": 3}, [6, 7]),
        ({"scoring": "marks", "target": 2, "first_dealer": 2}, [8]),
        ({"bid_ladder": "marks", "target": 70}, [9]),
        ({"doubles_trump": True, "target": 70}, [10, 11]),
        ({"follow_me": True, "target": 70}, [12, 13]),
        (
            {"doubles_trump": True, "follow_me": True, "forced_bid": True, "scoring": "marks"},
            [14],
        ),
        ({"target": 1, "first_dealer": 3}, [15]),
    ],
    "ninety-two": [
        (
            {
                "players": players,
                "leftovers": leftovers,
                "defenders_score_when_made": defenders,
                "target": 30,
                "first_dealer": players - 1 if defenders else 0,
            },
            [players * 10 + (leftovers == "deal") * 2 + defenders],
        )
        for players in (4, 6, 8)
        for leftovers in ("dead", "deal")
        for defenders in (False, True)
    ]
    + [({}, [1])],
    "preference": [
        ({}, [1, 2]),
        ({"round_two_payment": "winner_only"}, [3, 4]),
        ({"deals": 3, "first_dealer": 2, "ante": 2}, [5]),
        ({"deals": 4, "round_two_payment": "winner_only", "payout": [2, 2, 3, 3]}, [6]),
        ({"deals": 2, "starting_stack": 6, "penalty": [5, 5, 5, 5]}, [7]),
    ],
    "quartets": [
        (
            {"players": players, "ask": ask, "turn_passes": passes, "deals": min(players, 2)},
            [players * 10 + i],
        )
        for players in range(2, 10)
        for i, (ask, passes) in enumerate(
            [("card", "asked"), ("rank", "left")]
            if players % 2
            else [("card", "left"), ("rank", "asked")]
        )
    ]
    + [({}, [7]), ({"players": 3, "first_dealer": 2, "ask": "rank"}, [8])],
}
"""Per game: rule settings, each with the seeds of the matches recorded under them."""


def path_for(name: str) -> Path:
    """The data file of game ``name``."""
    return DATA / f"{name}.json.gz"


def write(name: str) -> int:
    """Record game ``name``'s playthroughs; returns the size written in bytes."""
    game = get_game(name)
    matches = [
        record_match(game, game.rules_type(**settings), seed)
        for settings, seeds in PLANS[name]
        for seed in seeds
    ]
    text = json.dumps({"format": FORMAT, "game": name, "matches": matches}, separators=(",", ":"))
    data = gzip.compress(text.encode(), mtime=0)
    DATA.mkdir(parents=True, exist_ok=True)
    path_for(name).write_bytes(data)
    return len(data)


def load(name: str) -> dict[str, Any]:
    """The recorded playthroughs of game ``name``."""
    data: dict[str, Any] = json.loads(gzip.decompress(path_for(name).read_bytes()))
    return data


if __name__ == "__main__":
    for game_name in PLANS:
        print(game_name, write(game_name), "bytes")
