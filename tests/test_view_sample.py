"""view.sample(rng): a full state from one seat's view alone, for every game and rule variant.

The state it builds looks to the seat exactly like the view, plays on to the end of the match,
draws exactly as ``state.sample(seat, rng)`` draws from the same random numbers (so both have
the same distribution), reads nothing of the match before the current deal, and writes to JSON
and reads back.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablegames import ninety_two, preference, quartets, texas42
from tablegames.core.game import Game, GameState, play_randomly
from tablegames.core.start import StartHistory, start_of
from tablegames.core.wire import shown_rules
from tablegames.ninety_two import view_sampling as ninety_two_sampling
from tablegames.preference import view_sampling as preference_sampling
from tablegames.quartets import view_sampling as quartets_sampling
from tablegames.testing import play_from, rules, seeds
from tablegames.texas42 import view_sampling as texas42_sampling

GAMES: list[Game[Any, Any]] = [texas42.GAME, ninety_two.GAME, preference.GAME, quartets.GAME]
DEAL_ACTIONS: dict[str, Callable[[Any], tuple[Any, ...]]] = {
    "texas42": texas42_sampling.hand_actions,
    "ninety-two": ninety_two_sampling.deal_actions,
    "preference": preference_sampling.deal_actions,
    "quartets": quartets_sampling.deal_actions,
}


@st.composite
def seat_positions(draw: st.DrawFn, game: Game[Any, Any]) -> tuple[GameState[Any], int]:
    """A reachable state (often a few deals into the match) and a seat of its table."""
    chosen = draw(rules(game))
    state = play_from(game.new_match(chosen), draw(seeds()), draw(st.integers(0, 600)))
    return state, draw(st.integers(0, game.seats(chosen) - 1))


def _all_seats_alike(game: Game[Any, Any], a: GameState[Any], b: GameState[Any]) -> None:
    for seat in range(game.seats(a.rules)):
        assert a.view(seat) == b.view(seat)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_the_sample_looks_like_the_view(game: Game[Any, Any], data: st.DataObject) -> None:
    state, seat = data.draw(seat_positions(game))
    view = state.view(seat)
    world = view.sample(random.Random(data.draw(seeds())))
    assert type(world) is type(state)
    assert world.view(seat) == view
    assert world.view(seat).to_dict() == view.to_dict()
    assert (world.to_act, world.phase, world.is_over) == (state.to_act, state.phase, state.is_over)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_view_sample_draws_as_state_sample(game: Game[Any, Any], data: st.DataObject) -> None:
    state, seat = data.draw(seat_positions(game))
    seed = data.draw(seeds())
    from_view = state.view(seat).sample(random.Random(seed))
    from_state = state.sample(seat, random.Random(seed))
    _all_seats_alike(game, from_view, from_state)
    assert getattr(from_view, "hands", None) == getattr(from_state, "hands", None)
    assert from_view == from_state or from_view.is_chance or from_view.is_over


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_the_sample_plays_on_to_the_end(game: Game[Any, Any], data: st.DataObject) -> None:
    state, seat = data.draw(seat_positions(game))
    world = state.view(seat).sample(random.Random(data.draw(seeds())))
    final = play_randomly(world, random.Random(data.draw(seeds())))
    assert final.is_over and final.winners
    assert len(final.view(0).results) >= len(state.view(0).results)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_the_sample_reads_only_this_deal(game: Game[Any, Any], data: st.DataObject) -> None:
    """The sampled state's history is the current deal's actions (its deal and what followed)
    and nothing before: the work of view.sample does not grow with the match."""
    state, seat = data.draw(seat_positions(game))
    view = state.view(seat)
    world = view.sample(random.Random(data.draw(seeds())))
    if state.is_chance or state.is_over:
        assert len(world.history) == 0
    else:
        assert len(world.history) == 1 + len(DEAL_ACTIONS[game.name](view))
    assert isinstance(world.history.back(len(world.history)), StartHistory)
    start = start_of(world.history)
    assert start is not None and start["dealer"] == view.dealer


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_a_sampled_state_writes_and_reads_back(game: Game[Any, Any], data: st.DataObject) -> None:
    state, seat = data.draw(seat_positions(game))
    world = state.view(seat).sample(random.Random(data.draw(seeds())))
    again = game.state_from_json(game.state_to_json(world))
    assert again == world and again.fingerprint() == world.fingerprint()
    assert game.replay(game.record(world)) == world
    _all_seats_alike(game, again, world)
    for copied in (pickle.loads(pickle.dumps(world)), copy.deepcopy(world)):
        assert copied == world and game.record(copied) == game.record(world)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_hidden_pieces_never_reach_the_wire(game: Game[Any, Any], data: st.DataObject) -> None:
    """Two states that differ only in what the seat cannot see give it the same JSON view,
    rules and all."""
    state, seat = data.draw(seat_positions(game))
    other = state.sample(seat, random.Random(data.draw(seeds())))
    assert other.view(seat).to_json() == state.view(seat).to_json()
    assert state.view(seat).to_dict()["rules"] == shown_rules(state.rules)


def test_the_discards_stay_with_the_declarer() -> None:
    state = preference.new_match().apply(
        preference.deal_of(
            [
                "",
                "AH KH QH JH TH 9H 8H 7H AS KS",
                "AD KD QD JD TD 9D 8D 7D QS JS",
                "AC KC QC JC TC 9C 8C 7C TS 9S",
            ],
            "8S 7S",
        )
    )
    for text in ["pass", "pass", "pass", "offer 1", "pass", "pass", "discard 7S 8S"]:
        state = state.apply(preference.parse_action(text))
    for seat in (0, 2, 3):
        data = state.view(seat).to_dict()
        assert data["discards"] == [] and data["discards_size"] == 2
        assert "7S" not in state.view(seat).to_json()
        world = state.view(seat).sample(random.Random(seat))
        assert world.view(seat) == state.view(seat)
    assert state.view(1).sample(random.Random(0)).discards == state.discards


SAMPLING_MODULES = (
    "tablegames.core.start",
    "tablegames.core.start_reading",
    "tablegames.tricks.rebuild",
    *(
        f"tablegames.{game}.{part}"
        for game in ("texas42", "ninety_two", "preference", "quartets")
        for part in ("start", "view_sampling")
    ),
    "tablegames.texas42.hidden",
    "tablegames.ninety_two.hidden",
    "tablegames.preference.hidden",
)


@pytest.mark.parametrize("module_name", SAMPLING_MODULES)
def test_sampling_names_have_a_doctest(module_name: str) -> None:
    import importlib
    import inspect

    module = importlib.import_module(module_name)
    assert ">>>" in (module.__doc__ or ""), f"{module_name} has no example"
    for name, value in vars(module).items():
        if name.startswith("_") or not (inspect.isfunction(value) or inspect.isclass(value)):
            continue
        if value.__module__ != module_name:
            continue
        assert ">>>" in (inspect.getdoc(value) or ""), f"{module_name}.{name} has no example"
