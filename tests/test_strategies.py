"""The public hypothesis strategies: what they draw is valid, reachable and varied."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import find as _find
from hypothesis import given, settings
from hypothesis import strategies as st

from tablegames import ninety_two, preference, quartets, texas42
from tablegames.core.errors import NotationError
from tablegames.core.game import Game, GameState
from tablegames.games import GAME_MODULES, get_game
from tablegames.testing import (
    actions,
    legal_actions,
    notation,
    register_type_strategies,
    rules,
    states,
    views,
)


def find(strategy: Any, condition: Any) -> Any:
    """hypothesis.find with no stored examples and a fixed seed, so the minimal example is the
    same on every run (a stored example from another run, or an unlucky seed, stops early)."""
    fixed = settings(max_examples=2000, database=None, derandomize=True)
    return _find(strategy, condition, settings=fixed)


GAMES = sorted(GAME_MODULES)

register_type_strategies()  # from a source tree: the hypothesis entry point is not installed


@pytest.mark.parametrize("name", GAMES)
def test_rules_are_valid_and_survive_a_record(name: str) -> None:
    game = get_game(name)

    @given(rules(game))
    def check(r: Any) -> None:
        assert type(r) is type(game.rules_type())
        assert game.rules_from_json(game.rules_to_json(r)) == r

    check()


@pytest.mark.parametrize(
    ("game", "variant"),
    [
        (texas42.GAME, lambda r: r.scoring == "marks" and r.follow_me and r.doubles_trump),
        (ninety_two.GAME, lambda r: r.players == 8 and r.leftovers == "deal"),
        (preference.GAME, lambda r: r.round_two_payment == "winner_only" and r.deals == 1),
        (quartets.GAME, lambda r: r.players == 9 and r.ask == "rank" and r.first_dealer == 8),
    ],
)
def test_rules_reach_the_variants(game: Game[Any, Any], variant: Any) -> None:
    assert variant(find(rules(game), variant))


def test_rules_shrink_to_the_defaults() -> None:
    assert find(rules(texas42.GAME), lambda r: True) == texas42.Rules()
    assert find(rules(quartets.GAME), lambda r: True).players == 2


def test_long_rules_reach_the_whole_range() -> None:
    big = find(rules(texas42.GAME, short=False), lambda r: (r.target or 0) > 10_000)
    assert big.target is not None and big.target > 10_000


@pytest.mark.parametrize("name", GAMES)
def test_states_are_reachable_and_replay(name: str) -> None:
    game = get_game(name)

    @given(states(game, max_steps=60))
    @settings(max_examples=10)
    def check(state: GameState[Any]) -> None:
        assert len(state.history) <= 60
        assert game.replay(game.record(state)) == state

    check()


def test_states_shrink_toward_short_histories() -> None:
    state = find(states(texas42.GAME, texas42.Rules()), lambda s: s.phase.value == "play")
    # the shortest way into play: a deal, four calls and the trump
    assert len(state.history) == 6


def test_states_take_a_strategy_of_rules() -> None:
    six = st.just(ninety_two.Rules(players=6))
    state = find(states(ninety_two.GAME, six), lambda s: len(s.history) > 3)
    assert state.rules.players == 6


@given(states(quartets.GAME, max_steps=80), st.data())
def test_legal_actions_are_legal(state: GameState[Any], data: st.DataObject) -> None:
    if state.is_over:
        return
    action = data.draw(legal_actions(state))
    assert state.check(action) is None


def test_legal_actions_of_an_ended_match_is_nothing() -> None:
    final = find(states(texas42.GAME, texas42.Rules(target=1), max_steps=400), lambda s: s.is_over)
    assert legal_actions(final).is_empty


@pytest.mark.parametrize("name", GAMES)
def test_actions_cover_the_action_space(name: str) -> None:
    game = get_game(name)
    space = set(game.action_space(game.rules_type()))

    @given(actions(game))
    def check(action: Any) -> None:
        assert action in space

    check()
    last = game.action_space(game.rules_type())[-1]
    assert find(actions(game), lambda a: a == last) == last


@pytest.mark.parametrize("name", GAMES)
def test_notation_is_parsed_or_refused_with_a_notation_error(name: str) -> None:
    game = get_game(name)

    @given(notation(game))
    @settings(max_examples=200)
    def check(text: str) -> None:
        try:
            action = game.parse_action(text)
        except NotationError:
            return
        assert game.parse_action(str(action)) == action

    check()


def test_notation_is_mostly_near_the_notation() -> None:
    odd = find(notation(texas42.GAME), lambda t: t.lower().startswith("bid") and t != t.lower())
    assert odd.upper().startswith("BID")
    refused = find(notation(texas42.GAME), lambda t: t.startswith("bid") and _refused(t))
    assert refused.startswith("bid")


def _refused(text: str) -> bool:
    try:
        texas42.GAME.parse_action(text)
    except NotationError:
        return True
    return False


@pytest.mark.parametrize("name", GAMES)
def test_views_are_a_seats_view(name: str) -> None:
    game = get_game(name)
    view_type = type(game.new_match(game.rules_type()).view(0))

    @given(views(game, max_steps=40))
    @settings(max_examples=10)
    def check(view: Any) -> None:
        assert type(view) is view_type

    check()


@given(st.from_type(texas42.Texas42State))
@settings(max_examples=10)
def test_from_type_draws_states(state: texas42.Texas42State) -> None:
    assert isinstance(state, texas42.Texas42State)


@given(st.from_type(ninety_two.Rules), st.from_type(preference.PreferenceView))
@settings(max_examples=10)
def test_from_type_draws_rules_and_views(r: Any, view: Any) -> None:
    assert isinstance(r, ninety_two.Rules)
    assert isinstance(view, preference.PreferenceView)


def test_hypothesis_runs_the_hook_of_an_installed_distribution(tmp_path: Path) -> None:
    """With tablegames installed (here: a dist-info declaring the same entry point as
    pyproject.toml), importing hypothesis registers the strategies with no set-up."""
    info = tmp_path / "tablegames_hooked-0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tablegames-hooked\nVersion: 0\n")
    (info / "entry_points.txt").write_text(
        "[hypothesis]\ntablegames = tablegames.testing.setup:_hypothesis_setup_hook\n"
    )
    program = (
        "from hypothesis import given, settings, strategies as st\n"
        "from tablegames.texas42 import Texas42State\n"
        "@given(st.from_type(Texas42State))\n"
        "@settings(max_examples=3, database=None)\n"
        "def check(state):\n"
        "    assert isinstance(state, Texas42State)\n"
        "check()\n"
        "print('drawn')\n"
    )
    src = Path(__file__).resolve().parent.parent / "src"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(src), str(tmp_path)])}
    done = subprocess.run(
        [sys.executable, "-c", program], env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "drawn"


def test_notation_includes_whole_deals() -> None:
    deal = find(notation(texas42.GAME), lambda t: t.startswith("deal ") and len(t.split()) == 29)
    assert isinstance(texas42.GAME.parse_action(deal), texas42.Deal)


def test_the_hypothesis_hook_skips_a_game_it_cannot_register() -> None:
    import attrs

    from tablegames.games import register_game, unregister_game
    from tablegames.testing.setup import _hypothesis_setup_hook

    def no_match(rules: Any) -> Any:
        raise RuntimeError("this plugin is broken")

    register_game(attrs.evolve(texas42.GAME, name="broken-plugin", new_match=no_match))
    try:
        with pytest.warns(UserWarning, match="could not register .* 'broken-plugin'"):
            _hypothesis_setup_hook()
    finally:
        unregister_game("broken-plugin")
