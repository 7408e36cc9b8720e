"""The OpenSpiel adapter: every game passes pyspiel's random simulation test, and what a player
sees (information state and observation) never depends on pieces hidden from it."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings

from tablegames.observation import action_ids, encoding_for
from tablegames.testing import seeds

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from tablegames.interop.openspiel import (  # noqa: E402 (after the skips)
    SHORT_NAMES,
    load_game,
    rules_from_parameter,
)

TOURNAMENT: dict[str, Any] = {
    "scoring": "marks",
    "bid_ladder": "marks",
    "nello": True,
    "plunge": True,
    "splash": True,
    "sevens": True,
}
"""Texas 42 with every special contract on."""
SMALL: list[tuple[str, dict[str, Any]]] = [
    ("texas42", {"target": 30}),
    ("texas42", {"scoring": "marks", "target": 1, "doubles_trump": True, "follow_me": True}),
    ("texas42", {**TOURNAMENT, "target": 2}),
    ("texas42", {**TOURNAMENT, "target": 2, "follow": "higher_end", "nello_doubles": "low"}),
    ("ninety-two", {"target": 10}),
    ("ninety-two", {"players": 6, "target": 6, "leftovers": "deal"}),
    ("preference", {"deals": 2}),
    ("quartets", {"players": 3, "deals": 1}),
    ("quartets", {"players": 2, "deals": 1, "ask": "rank"}),
]
IDS = [f"{name}-{i}" for i, (name, _) in enumerate(SMALL)]


def play(state: Any, rng: random.Random, steps: int) -> Any:
    """Random moves (chance by its probabilities) for at most ``steps`` moves."""
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("name", "rules"), SMALL, ids=IDS)
def test_random_sim_test_passes(name: str, rules: dict[str, Any]) -> None:
    game = load_game(name, **rules)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "rules"), SMALL, ids=IDS)
def test_game_shape_matches_the_library(name: str, rules: dict[str, Any]) -> None:
    game = load_game(name, **rules)
    tg_rules = rules_from_parameter(name, game.get_parameters()["rules"])
    assert game.get_type().short_name == SHORT_NAMES[name]
    assert game.num_distinct_actions() == action_ids(name, tg_rules).size
    assert game.information_state_tensor_size() == encoding_for(name, tg_rules).size
    assert game.observation_tensor_size() == encoding_for(name, tg_rules).size
    assert game.num_players() == rules.get("players", 4)
    again = pyspiel.load_game(str(game))
    assert again.num_distinct_actions() == game.num_distinct_actions()


def test_a_deal_is_drawn_one_piece_at_a_time() -> None:
    game = load_game("texas42", target=30)
    state = game.new_initial_state()
    for drawn in range(28):
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 28 - drawn
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        state.apply_action(outcomes[0][0])
    assert state.current_player() == 1  # the dealer's left bids first
    assert state.information_state_tensor(1)[5:] != state.information_state_tensor(2)[5:]


@pytest.mark.parametrize(("name", "rules"), SMALL, ids=IDS)
@settings(max_examples=10)
@given(seed=seeds())
def test_information_states_do_not_leak(name: str, rules: dict[str, Any], seed: int) -> None:
    """A state resampled for a player (hidden pieces dealt anew) gives that player the same
    information state and observation, string and tensor."""
    rng = random.Random(seed)
    game = load_game(name, **rules)
    state = game.new_initial_state()
    while not state.is_terminal():
        state = play(state, rng, rng.randrange(1, 40))
        if state.is_terminal() or state.is_chance_node():
            continue
        player = rng.randrange(game.num_players())
        other = state.resampled(player, rng)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.observation_string(player) == state.observation_string(player)
        assert np.array_equal(
            other.information_state_tensor(player), state.information_state_tensor(player)
        )
        assert np.array_equal(other.observation_tensor(player), state.observation_tensor(player))


def test_matches_stop_as_truncated_at_max_moves() -> None:
    game = load_game("texas42", target=250, max_moves=100)
    assert game.max_game_length() == 100
    state = play(game.new_initial_state(), random.Random(1), 1000)
    assert state.is_terminal() and state.move_number() == 100
    assert state.returns() == [0.0, 0.0, 0.0, 0.0]


def test_public_observers_hide_the_own_hand() -> None:
    game = load_game("texas42", target=30)
    state = play(game.new_initial_state(), random.Random(4), 30)
    hidden = pyspiel.PrivateInfoType.NONE
    public = game.make_py_observer(
        pyspiel.IIGObservationType(private_info=hidden, perfect_recall=False)
    )
    private = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False))
    public.set_from(state, 1)
    private.set_from(state, 1)
    assert public.tensor.sum() == private.tensor.sum() - 7
    assert "hand=" not in public.string_from(state, 1)
    assert "hand=" in private.string_from(state, 1)


def nello_named(game: Any, seed: int) -> Any:
    """A random match (bidding one mark and naming nello when it can) just after nello is
    named, or None if the match ends first."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        legal = state.legal_actions()
        words = {a: state.action_to_string(a) for a in legal}
        wanted = [a for a in legal if "nello" in words[a]] or [
            a for a in legal if words[a] == "bid 42"
        ]
        action = rng.choice(wanted or legal)
        state.apply_action(action)
        if "nello" in words[action]:
            return state
    return None


def test_public_observers_hide_the_tiles_laid_aside_in_nello() -> None:
    """The nello partner's own observation shows its laid-aside tiles; a public observer of
    that seat sees how many there are but neither the tiles nor the field."""
    game = load_game("texas42", **TOURNAMENT, target=2)
    state = next(s for seed in range(10) if (s := nello_named(game, seed)) is not None)
    hidden = pyspiel.PrivateInfoType.NONE
    public = game.make_py_observer(
        pyspiel.IIGObservationType(private_info=hidden, perfect_recall=False)
    )
    private = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False))
    tg_rules = rules_from_parameter("texas42", game.get_parameters()["rules"])
    aside = encoding_for("texas42", tg_rules).layout["aside"]
    partner = None
    for seat in range(4):
        private.set_from(state, seat)
        if private.tensor[aside.start : aside.stop].sum() == 7:
            partner = seat
    assert partner is not None
    public.set_from(state, partner)
    assert public.tensor[aside.start : aside.stop].sum() == 0
    assert "aside=" not in public.string_from(state, partner)
    assert "aside=" in private.string_from(state, partner)


def test_the_docs_examples_run() -> None:
    """docs/interop.md's OpenSpiel blocks (the ISMCTS one with 20 simulations) run as written."""
    from docs_blocks import code_blocks

    blocks = code_blocks("interop.md", "interop.openspiel")
    assert len(blocks) == 2
    for code in blocks:
        namespace: dict[str, Any] = {}
        exec(compile(code, "docs/interop.md", "exec"), namespace)
    assert isinstance(namespace["side_won"], bool)


def test_the_ismcts_demo_counts_wins() -> None:
    from tablegames.interop.ismcts_demo import win_rate

    result = win_rate(matches=1, target=10, simulations=5, seed=1)
    assert result.matches == 1 and result.wins in (0, 1)
