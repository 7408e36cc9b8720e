"""Recorded playthroughs replay move for move, every observation as recorded.

The data (``tests/data/playthroughs``, written by ``tests/playthroughs.py``) was recorded before
the speed work; any change in what is legal, in what ``check`` says, in where the pieces go or in
how a hand scores shows up here as the first step that differs.
"""

from __future__ import annotations

from typing import Any

import pytest

from playthroughs import FORMAT, PLANS, load, observe
from tablegames.games import get_game


def _cases() -> list[tuple[str, int]]:
    return [(name, i) for name in PLANS for i in range(len(load(name)["matches"]))]


def test_every_game_and_option_mix_is_recorded() -> None:
    for name, plans in PLANS.items():
        data = load(name)
        assert data["format"] == FORMAT
        assert data["game"] == name
        assert len(data["matches"]) == sum(len(seeds) for _, seeds in plans)
        assert all(m["steps"][-1][5] for m in data["matches"]), "every match is played out"


@pytest.mark.parametrize(("name", "index"), _cases())
def test_playthrough_replays_identically(name: str, index: int) -> None:
    game = get_game(name)
    match: dict[str, Any] = load(name)["matches"][index]
    state = game.new_match(game.rules_type(**match["rules"]))
    steps = match["steps"]
    assert len(steps) == len(match["actions"]) + 1
    for number, (text, expected) in enumerate(zip(match["actions"], steps)):
        seen = observe(state, expected[6][0])
        assert seen == expected, f"{name} match {index}: step {number} differs"
        state = state.apply(game.parse_action(text))
    assert observe(state, steps[-1][6][0]) == steps[-1]
    assert state.is_over
