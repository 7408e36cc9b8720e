"""Shared checks for the edge tests: a seeded walk through a match that checks, at every step,
what each seat's view shows and where every piece is (the design's contract: views, zones,
sampling), cheaply enough to run for each mutant of a state module."""

from __future__ import annotations

import random
from typing import Any, TypeVar

import attrs

from tablegames.core import random_action
from tablegames.core.game import Game, GameState
from tablegames.testing import check_conservation, check_view

S = TypeVar("S", bound=GameState[Any])

# View fields computed from the table rather than copied from a state attribute.
DERIVED = {"seat", "hand", "hand_sizes", "legal_actions", "trick", "tricks"}


def check_view_fields(state: Any, skip: frozenset[str] = frozenset()) -> None:
    """Each seat's view shows its own hand, every hand's size, its legal actions when it is to
    act, and the public state (every view field named like a state attribute, except those in
    ``skip``: shown in another form or only to some seats) unchanged."""
    seats = len(state.view(0).hand_sizes)
    for seat in range(seats):
        view = state.view(seat)
        assert view.seat == seat
        assert view.hand == state.hand(seat)
        assert view.hand_sizes == tuple(len(state.hand(s)) for s in range(seats))
        assert view.legal_actions == (state.legal_actions() if state.to_act == seat else ())
        for field in attrs.fields(type(view)):
            if field.name in DERIVED | skip or not hasattr(state, field.name):
                continue
            value = getattr(state, field.name)
            if not callable(value):
                assert getattr(view, field.name) == value, field.name


def walk(
    game: Game[S, Any],
    rules: Any,
    seed: int,
    *,
    sample_every: int = 5,
    skip: frozenset[str] = frozenset(),
) -> list[S]:
    """Play a match at random from ``seed``; check conservation and the views at every step and,
    every ``sample_every`` steps, that a sampled state keeps each seat's view, hand and history
    length. ``skip`` is passed to :func:`check_view_fields`. Returns the states."""
    rng, probe = random.Random(seed), random.Random(seed + 1)
    state = game.new_match(rules)
    states = [state]
    step = 0
    while not state.is_over:
        check_conservation(game, state)
        assert all(zone.universe == game.deck.universe for zone in state.zones().values())
        check_view_fields(state, skip)
        if step % sample_every == 0:
            for seat in range(len(state.view(0).hand_sizes)):
                check_view(state, seat, probe)
                sample: Any = state.sample(seat, probe)
                assert sample.hand(seat) == state.view(seat).hand
                assert len(sample.history.to_tuple()) == len(state.history.to_tuple())
        state = state.apply(random_action(state, rng))
        states.append(state)
        step += 1
    check_conservation(game, state)
    check_view_fields(state, skip)
    return states
