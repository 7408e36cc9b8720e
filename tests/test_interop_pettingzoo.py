"""The PettingZoo adapter: every game passes pettingzoo's api_test; reset(seed) replays exactly;
rewards are the match returns (and, optionally, hand by hand)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tablegames.core.errors import IllegalActionError
from tablegames.observation import encoding_for, returns, standing

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pz_test = pytest.importorskip("pettingzoo.test")

from tablegames.interop.pettingzoo import env, raw_env  # noqa: E402 (after the skips)

pytestmark = pytest.mark.filterwarnings(
    # api_test suggests Box observations; dict observations with an action mask are the
    # PettingZoo convention for board and card games (its own classic environments do this)
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
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
    ("texas42", {**TOURNAMENT, "target": 2}),
    ("texas42", {**TOURNAMENT, "target": 2, "follow": "higher_end", "splash_marks": 3}),
    ("ninety-two", {"target": 10}),
    ("ninety-two", {"players": 8, "target": 6}),
    ("preference", {"deals": 2}),
    ("quartets", {"players": 3, "deals": 1}),
    ("quartets", {"players": 4, "deals": 1, "ask": "rank"}),
]
IDS = [f"{name}-{i}" for i, (name, _) in enumerate(SMALL)]


def run(environment: Any, seed: int, policy_seed: int) -> tuple[list[int], dict[str, float]]:
    """Play a whole match with random legal actions; the actions taken and the total rewards."""
    rng = random.Random(policy_seed)
    environment.reset(seed=seed)
    taken = []
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter(max_iter=100_000):
        observation, reward, termination, truncation, _ = environment.last()
        totals[agent] += reward
        if termination or truncation:
            action = None
        else:
            action = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
            taken.append(action)
        environment.step(action)
    return taken, totals


@pytest.mark.parametrize(("name", "rules"), SMALL, ids=IDS)
def test_api_test_passes(name: str, rules: dict[str, Any]) -> None:
    pz_test.api_test(env(name, **rules), num_cycles=200, verbose_progress=False)


@pytest.mark.parametrize(("name", "rules"), SMALL, ids=IDS)
def test_reset_with_a_seed_replays_the_match(name: str, rules: dict[str, Any]) -> None:
    environment = env(name, **rules)
    first = run(environment, seed=7, policy_seed=1)
    again = run(environment, seed=7, policy_seed=1)
    assert first == again
    assert sum(first[1].values()) == pytest.approx(0.0)
    assert max(first[1].values()) == 1.0


def test_a_stack_in_debt_stays_inside_the_observation_space() -> None:
    """docs/preference.md "Chips": a stack may go below zero; docs/interop.md: the observation
    space's lower bound is 0 but for Preference's stacks, so every observation of a match in
    which a stack goes below zero lies inside it."""
    environment = env("preference", deals=8)
    stacks = encoding_for("preference", environment.unwrapped.rules).layout["stacks"]
    debts = 0
    for seed in range(40):
        rng = random.Random(seed)
        environment.reset(seed=seed)
        for agent in environment.agent_iter(max_iter=100_000):
            observation, _, termination, truncation, _ = environment.last()
            assert environment.observation_space(agent).contains(observation)
            debts += min(observation["observation"][stacks.start : stacks.stop]) < 0
            mask = np.flatnonzero(observation["action_mask"]).tolist()
            environment.step(None if termination or truncation else rng.choice(mask))
        if debts:
            break
    assert debts


def test_other_seeds_deal_other_hands() -> None:
    environment = env("texas42", target=30)
    hands = set()
    for seed in range(3):
        environment.reset(seed=seed)
        observation = environment.observe(environment.agent_selection)["observation"]
        hands.add(tuple(observation.tolist()))
    assert len(hands) == 3


def test_hand_rewards_arrive_hand_by_hand_and_add_up() -> None:
    """With hand_rewards, rewards come as hands are scored; in all, each seat gets its match
    return plus its final standing (its score ahead of the table's average)."""
    environment = env("texas42", target=100, hand_rewards=True)
    environment.reset(seed=3)
    rng = random.Random(3)
    paid_before_end = 0
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter(max_iter=100_000):
        observation, reward, termination, truncation, _ = environment.last()
        totals[agent] += reward
        if reward and not termination:
            paid_before_end += 1
        action = (
            None
            if termination or truncation
            else rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
        )
        environment.step(action)
    final = environment.unwrapped.state
    assert final.is_over and paid_before_end > 0
    expected = [r + s for r, s in zip(returns(final), standing(final))]
    assert [totals[f"seat_{seat}"] for seat in range(4)] == pytest.approx(expected)


def test_observations_are_the_encoding_and_masks_are_int8() -> None:
    environment = raw_env("preference", deals=1)
    environment.reset(seed=0)
    agent = environment.agent_selection
    observation = environment.observe(agent)
    assert observation["observation"].dtype == np.float32
    assert observation["observation"].shape == (encoding_for("preference", environment.rules).size,)
    assert observation["action_mask"].dtype == np.int8
    other = next(a for a in environment.agents if a != agent)
    assert environment.observe(other)["action_mask"].sum() == 0


def test_illegal_ids_are_refused_with_the_rule() -> None:
    environment = raw_env("texas42", target=30)
    environment.reset(seed=0)
    mask = environment.observe(environment.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[-1])
    with pytest.raises(IllegalActionError):
        environment.step(illegal)
    with pytest.raises(IllegalActionError):
        environment.step(10_000)


def test_render_ansi_shows_the_last_move_in_notation() -> None:
    environment = env("texas42", render_mode="ansi", target=30)
    environment.reset(seed=1)
    environment.step(0)  # pass
    text = environment.render()
    assert "last move: seat 1: pass" in text
    quiet = env("texas42", target=30)
    quiet.reset(seed=1)
    assert quiet.render() is None


def test_the_docs_example_runs() -> None:
    from docs_blocks import code_blocks

    (code,) = code_blocks("interop.md", "interop.pettingzoo")
    namespace: dict[str, Any] = {}
    exec(compile(code, "docs/interop.md", "exec"), namespace)
    assert namespace["table"].unwrapped.state.is_over
