"""Hostile input: for every game, any text either fails to parse with NotationError or gives an
action that ``check`` answers with None or a Violation (never another exception), and ``apply``
either succeeds or raises IllegalActionError, leaving the state as it was."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames.core import IllegalActionError, NotationError, Violation, random_action
from tablegames.games import GAME_MODULES, get_game

TOKENS = [
    "pass", "bid", "play", "deal", "trump", "partners", "offer", "keep", "discard", "ask",
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "13", "30", "42", "84", "168",
    "-1", "99", "1000", "H", "S", "C", "D", "X", "AH", "2H", "7S", "TD", "10C", "QS", "KC",
    "6:4", "4:6", "6-6", "0:0", "7:1", "doubles", "none", "8", "A", "♥", "zz", "",
]  # fmt: skip

texts = st.lists(st.sampled_from(TOKENS), min_size=1, max_size=4).map(" ".join)


def states_of(name: str, seed: int, steps: int) -> list[Any]:
    game = get_game(name)
    rng = random.Random(seed)
    state = game.new_match(game.rules_type())
    out = [state]
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(random_action(state, rng))
        out.append(state)
    return out


@pytest.mark.parametrize("name", sorted(GAME_MODULES))
@given(seed=st.integers(0, 2**16), step=st.integers(0, 60), text=texts)
def test_any_text_is_refused_cleanly_or_judged(name: str, seed: int, step: int, text: str) -> None:
    game = get_game(name)
    states = states_of(name, seed, step)
    state = states[-1]
    try:
        action = game.parse_action(text)
    except NotationError:
        return
    before = state.fingerprint()
    verdict = state.check(action)
    assert verdict is None or isinstance(verdict, Violation)
    for seat in range(12):
        judged = state.check(action, seat=seat)
        assert judged is None or isinstance(judged, Violation)
    try:
        state.apply(action)
    except IllegalActionError as exc:
        assert exc.violation == verdict
    else:
        assert verdict is None
    assert state.fingerprint() == before
