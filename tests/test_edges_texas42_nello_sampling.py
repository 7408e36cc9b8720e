"""Sampling from a view in nello, from every seat, the partner who laid their tiles aside
included (docs/texas42.md, "Nello": "Sampling deals the laid-aside tiles among the hidden tiles
like a hand"; "Who sees the tiles laid aside": the partner's view shows them).

A world sampled from a seat's view shows that seat the same view, and is drawn as
``state.sample`` draws it. Written to kill mutants of ``texas42.view_sampling.sampled_deal``
that dropped the partner's own laid-aside tiles or the aside seat (docs/testing.md, "Mutation
testing").
"""

from __future__ import annotations

import random

import pytest

from tablegames.texas42 import PASS, Rules, Texas42State, new_match, parse_action


def _nello_in_play() -> Texas42State:
    """Dealer 0; seat 1 bids a mark, the others pass, seat 1 names nello (seat 3 lays its tiles
    aside) and leads; seat 2 follows."""
    rules = Rules(scoring="marks", bid_ladder="marks", nello=True)
    start = new_match(rules)
    state = start.apply(start.chance_outcome(random.Random(4))).apply(parse_action("bid 42"))
    state = state.apply(PASS).apply(PASS).apply(PASS).apply(parse_action("trump nello low"))
    assert state.aside_seat == 3 and len(state.aside) == 7
    for _ in range(2):
        state = state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_a_nello_world_sampled_from_a_view_shows_that_seat_the_same_view(seat: int) -> None:
    state = _nello_in_play()
    view = state.view(seat)
    for seed in range(5):
        world = view.sample(random.Random(seed))
        assert world.view(seat) == view
        assert world.aside_seat == 3 and len(world.aside) == 7
        assert world.view(0) == state.sample(seat, random.Random(seed)).view(0)


def test_the_partner_s_sampled_world_keeps_the_tiles_it_laid_aside() -> None:
    state = _nello_in_play()
    world = state.view(3).sample(random.Random(0))
    assert world.aside == state.aside
