"""Texas 42 passes the generic conformance checks of tablegames.testing over random matches."""

from __future__ import annotations

from typing import Any

from hypothesis import given

from budget import playthroughs
from tablegames.testing import check_playthrough, seeds
from tablegames.texas42 import GAME, Rules, Texas42State


def points_sum_to_42(state: Any) -> None:
    """In the points game every hand played out shares exactly 42 points between the sides."""
    assert isinstance(state, Texas42State)
    for result in state.results:
        if not result.thrown_in:
            assert sum(result.points) == 42 and sum(result.tricks) == 7


def scores_add_up(state: Any) -> None:
    assert isinstance(state, Texas42State)
    totals = [sum(r.score[side] for r in state.results) for side in (0, 1)]
    assert tuple(totals) == state.scores


@playthroughs(10)
@given(seeds())
def test_points_game_conforms(seed: int) -> None:
    check_playthrough(GAME, Rules(target=100), seed, extra=[points_sum_to_42, scores_add_up])


@playthroughs(8)
@given(seeds())
def test_full_points_game_to_250_conforms(seed: int) -> None:
    final = check_playthrough(GAME, Rules(), seed, refusal_every=3, extra=[scores_add_up])
    assert isinstance(final, Texas42State) and max(final.scores) >= 250


@given(seeds())
def test_marks_game_conforms(seed: int) -> None:
    rules = Rules(scoring="marks", bid_ladder="marks", forced_bid=True, target=3)
    check_playthrough(GAME, rules, seed, extra=[scores_add_up])


@playthroughs(10)
@given(seeds())
def test_every_trump_choice_conforms(seed: int) -> None:
    rules = Rules(doubles_trump=True, follow_me=True, target=80)
    check_playthrough(GAME, rules, seed, extra=[points_sum_to_42, scores_add_up])
