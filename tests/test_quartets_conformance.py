"""Quartets meets the contract every game meets: conformance over random playthroughs for 2 to 9
players and each option, plus Quartets' own invariants."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given

from budget import playthroughs
from tablegames.collecting import hand_sizes
from tablegames.core import play_randomly
from tablegames.quartets import GAME, Phase, QuartetsState, Rules, new_match
from tablegames.quartets.model import RANK_SETS
from tablegames.testing import check_playthrough, seeds

DEAL_BOUND = 5_000
"""No deal of random play comes near this many asks (9 players average about 500)."""


def thirteen_points_a_deal(state: Any) -> None:
    """Every finished deal scored 13; during a deal, points laid plus sets still in hands is 13."""
    assert isinstance(state, QuartetsState)
    assert all(sum(r.points) == 13 for r in state.results)
    assert sum(state.scores) == 13 * len(state.results)
    if state.phase is Phase.ASK:
        in_hands = sum(h.bit_count() for h in state.hands)
        assert in_hands % 4 == 0 and sum(state.points) + in_hands // 4 == 13


def deal_ends(state: Any) -> None:
    """A deal stays within a bound, and never gets stuck: nobody holds a whole set, so whenever
    cards remain at least two players hold them and the asker has something to ask."""
    assert isinstance(state, QuartetsState)
    assert len(state.asks) <= DEAL_BOUND
    if state.phase is Phase.ASK:
        assert all(RANK_SETS.complete(h) == 0 for h in state.hands)
        assert sum(1 for h in state.hands if h) >= 2
        assert state.to_act is not None and state.hands[state.to_act]


def uneven_hands(state: Any) -> None:
    """Right after a deal, hands (with the sets laid from them) follow the one-at-a-time pattern."""
    assert isinstance(state, QuartetsState)
    if state.phase is Phase.ASK and len(state.asks) == 0:
        players = state.players
        held = tuple(state.hands[s].bit_count() + state.laid[s].bit_count() for s in range(players))
        assert held == hand_sizes(52, players, (state.dealer + 1) % players)


EXTRA = [thirteen_points_a_deal, deal_ends, uneven_hands]


@playthroughs(4)
@pytest.mark.parametrize("players", range(2, 10))
@given(seed=seeds())
def test_conformance(players: int, seed: int) -> None:
    final = check_playthrough(
        GAME, Rules(players=players, deals=1), seed, refusal_every=16, view_every=5, extra=EXTRA
    )
    assert final.is_over and sum(final.scores) == 13


@playthroughs(8)
@pytest.mark.parametrize(
    "options",
    [
        {"players": 4, "ask": "rank", "deals": 1},
        {"players": 7, "ask": "rank", "turn_passes": "left", "deals": 1},
        {"players": 5, "turn_passes": "left", "deals": 1},
        {"players": 3, "deals": 2, "first_dealer": 2},
    ],
)
@given(seed=seeds())
def test_conformance_with_options(options: dict[str, Any], seed: int) -> None:
    check_playthrough(GAME, Rules(**options), seed, refusal_every=16, view_every=5, extra=EXTRA)


@pytest.mark.parametrize("players", [3, 5, 7, 8, 9])
def test_uneven_hands(players: int) -> None:
    """With 3, 5, 7, 8 and 9 players the deck does not divide evenly; hands differ by one."""
    state = new_match(Rules(players=players))
    state = state.apply(state.chance_outcome(random.Random(players)))
    uneven_hands(state)
    held = [state.hands[s].bit_count() + state.laid[s].bit_count() for s in range(players)]
    assert max(held) - min(held) == 1


@pytest.mark.parametrize("options", [{"players": 6}, {"players": 3, "ask": "rank"}])
@given(seed=seeds())
def test_samples_replay_and_look_the_same(options: dict[str, Any], seed: int) -> None:
    """A sampled state is a real position: its own history replays to it, every seat's count and
    and every seat's view are unchanged."""
    rng = random.Random(seed)
    state = new_match(Rules(deals=1, **options))
    state = state.apply(state.chance_outcome(rng))
    stops = {rng.randrange(1, 200) for _ in range(3)}
    for step in range(200):
        if state.is_over:
            break
        if step in stops:
            for seat in range(state.players):
                sample = state.sample(seat, rng)
                assert sample.view(seat) == state.view(seat)
                assert GAME.replay(GAME.record(sample)) == sample
        actions = state.legal_actions()
        state = state.apply(actions[rng.randrange(len(actions))])


def test_a_sample_moves_the_hidden_cards() -> None:
    """Right after a deal a seat knows only its own hand: the others' hands are drawn afresh."""
    state = new_match(Rules(players=4))
    state = state.apply(state.chance_outcome(random.Random(1)))
    sample = state.sample(0, random.Random(2))
    assert sample.hands[0] == state.hands[0] and sample.hands != state.hands
    assert [h.bit_count() for h in sample.hands] == [h.bit_count() for h in state.hands]
    assert sample.laid == state.laid


def test_random_deal_lengths_stay_well_inside_the_bound() -> None:
    lengths = []
    for seed in range(20):
        final = play_randomly(new_match(Rules(players=9, deals=1)), random.Random(seed))
        lengths.append(len(final.history) - 1)
    assert max(lengths) < DEAL_BOUND // 4
