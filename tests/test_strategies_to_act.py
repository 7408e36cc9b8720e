"""The strategies for positions where a seat must act: ``states``/``views`` with ``to_act=True``,
and ``moves`` (a state with one of its legal actions)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import find as _find
from hypothesis import given, settings

from tablegames import preference, texas42
from tablegames.core.game import GameState
from tablegames.games import GAME_MODULES, get_game
from tablegames.testing import moves, play_to_act, states, views

GAMES = sorted(GAME_MODULES)


def find(strategy: Any, condition: Any) -> Any:
    """hypothesis.find, derandomized and without the example database (same answer each run)."""
    return _find(strategy, condition, settings=settings(database=None, derandomize=True))


@pytest.mark.parametrize("name", GAMES)
def test_states_to_act_always_have_a_seat_with_a_choice(name: str) -> None:
    game = get_game(name)

    @given(states(game, max_steps=300, to_act=True))
    @settings(max_examples=15)
    def check(state: GameState[Any]) -> None:
        assert not state.is_chance and not state.is_over
        assert state.to_act is not None and state.legal_actions()

    check()


@pytest.mark.parametrize("name", GAMES)
def test_views_to_act_are_the_acting_seats_views(name: str) -> None:
    """Every view drawn has legal actions: a bot's input, where plain ``views`` gives one in a
    few examples only."""
    game = get_game(name)

    @given(views(game, max_steps=300, to_act=True))
    @settings(max_examples=15)
    def check(view: Any) -> None:
        assert view.to_act == view.seat and view.legal_actions

    check()


@pytest.mark.parametrize("name", GAMES)
def test_moves_are_legal_from_their_seat(name: str) -> None:
    game = get_game(name)

    @given(moves(game, max_steps=300))
    @settings(max_examples=15)
    def check(move: tuple[GameState[Any], Any]) -> None:
        state, action = move
        assert action in state.legal_actions()
        assert state.check(action, seat=state.to_act) is None
        after = state.apply(action, seat=state.to_act)
        assert len(after.history) == len(state.history) + 1

    check()


def test_moves_shrink_to_the_first_decision_and_its_first_action() -> None:
    state, action = find(moves(texas42.GAME, texas42.Rules()), lambda m: True)
    assert len(state.history) == 1 and state.phase.value == "bid"  # just dealt
    assert action == state.legal_actions()[0]


def test_moves_reach_late_positions_and_every_phase() -> None:
    rules = preference.Rules(deals=2)
    state, _ = find(moves(preference.GAME, rules), lambda m: m[0].phase.value == "play")
    assert state.phase.value == "play"
    state, _ = find(moves(preference.GAME, rules), lambda m: len(m[0].results) == 1)
    assert len(state.results) == 1  # the second deal


def test_play_to_act_stops_before_the_end_of_a_match() -> None:
    """Asked for more steps than the match lasts, it gives the last decision of the match."""
    last = play_to_act(texas42.new_match(texas42.Rules(target=1)), seed=3, steps=10_000)
    assert last is not None and last.to_act is not None
    assert any(last.apply(a).is_over for a in last.legal_actions())


def test_pytest_is_in_the_testing_extra() -> None:
    tomllib = pytest.importorskip("tomllib", reason="reading pyproject.toml needs Python 3.11")
    root = Path(__file__).resolve().parent.parent
    extras = tomllib.loads((root / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    assert any(req.startswith("pytest") for req in extras["testing"])
    assert any(req.startswith("hypothesis") for req in extras["testing"])


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seat", [0, 3])
def test_states_where_a_given_seat_must_act(name: str, seat: int) -> None:
    """docs/property-testing.md: ``to_act=k`` draws states where seat k, and no other, must
    act (the Preference dealer too: its turn comes in the next deal), and views and moves of
    that seat; under any drawn rules, shrinking as the others do."""
    game = get_game(name)

    @given(states(game, max_steps=300, to_act=seat))
    @settings(max_examples=10)
    def check_states(state: GameState[Any]) -> None:
        assert state.to_act == seat and state.legal_actions()

    @given(views(game, max_steps=300, to_act=seat))
    @settings(max_examples=10)
    def check_views(view: Any) -> None:
        assert view.seat == view.to_act == seat and view.legal_actions

    @given(moves(game, max_steps=300, to_act=seat))
    @settings(max_examples=10)
    def check_moves(move: tuple[GameState[Any], Any]) -> None:
        state, action = move
        assert state.check(action, seat=seat) is None

    check_states()
    check_views()
    check_moves()


def test_a_given_seat_shrinks_to_its_first_decision() -> None:
    state = find(states(texas42.GAME, texas42.Rules(), to_act=3), lambda s: True)
    assert len(state.history) == 3 and state.to_act == 3  # dealt, seats 1 and 2 called
    dealer = find(states(preference.GAME, preference.Rules(), to_act=0), lambda s: True)
    assert dealer.to_act == 0 and len(dealer.results) == 1  # seat 0 deals first, sits out


def test_to_act_names_a_seat_or_says_any_seat() -> None:
    from hypothesis.errors import InvalidArgument

    for bad in (-1, 1.5, "2"):
        with pytest.raises(InvalidArgument, match="to_act is True, False or a seat number"):
            find(states(texas42.GAME, to_act=bad), lambda s: True)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument, match="moves are drawn where a seat must act"):
        find(moves(texas42.GAME, to_act=False), lambda m: True)
