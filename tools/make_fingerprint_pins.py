"""Write tests/data/fingerprints_form2.json: positions with their form 2 fingerprints.

The pins say that the fingerprint encoding (tablegames.core.fingerprint, form 2) stays what it
is: state JSON written with it must keep loading. Written once, when form 2 was introduced; do
not regenerate it to make a test pass (a change of encoding needs a new form, with the old one
still recognised, as tablegames.core.fingerprint_0_1_0 recognises 0.1.0's).

    python tools/make_fingerprint_pins.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from tablegames.core.fingerprint import position_text
from tablegames.core.game import random_action
from tablegames.games import get_game

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "data" / "saved_0.1.0"
FROM_CORPUS = (
    "texas42/everything/plunge-play",
    "texas42/everything/splash-trump/view-sample",
    "texas42/everything/nello-aside",
    "texas42/everything/sevens-play",
    "ninety-two/eight-deal-leftovers/second-deal-mid-trick",
    "preference/everything/widow",
    "quartets/everything/late/view-sample",
)
"""Positions of the 0.1.0 corpus pinned in form 2 too (the special contracts, start positions)."""
OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "fingerprints_form2.json"

POSITIONS: list[tuple[str, dict[str, Any], int]] = [
    ("texas42", {}, 14),
    ("texas42", {"scoring": "marks", "bid_ladder": "marks", "nello": True}, 12),
    ("ninety-two", {"players": 6}, 12),
    ("ninety-two", {"players": 8, "leftovers": "deal"}, 30),
    ("preference", {"deals": 3}, 12),
    ("preference", {"round_two_payment": "winner_only"}, 60),
    ("quartets", {"players": 3}, 12),
    ("quartets", {"ask": "rank", "turn_passes": "left"}, 40),
]


def main() -> None:
    pins = []
    for name, settings, steps in POSITIONS:
        game = get_game(name)
        state = game.new_match(game.rules_type(**settings))
        rng = random.Random(5)
        for _ in range(steps):
            if state.is_over:
                break
            state = state.apply(random_action(state, rng))
        pins.append(
            {
                "state": game.state_to_json(state),
                "position": position_text(state),
                "fingerprint": state.fingerprint(),
            }
        )
    corpus = {
        item["name"]: item
        for path in sorted(CORPUS.glob("*.json"))
        for item in json.loads(path.read_text(encoding="utf-8"))
    }
    for name in FROM_CORPUS:
        game = get_game(corpus[name]["game"])
        state = game.state_from_json(corpus[name]["texts"]["state"])
        pins.append(
            {
                "state": game.state_to_json(state),
                "position": position_text(state),
                "fingerprint": state.fingerprint(),
            }
        )
    OUT.write_text(json.dumps(pins, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{OUT.name}: {len(pins)} positions")


if __name__ == "__main__":
    main()
