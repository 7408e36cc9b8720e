"""Sampling after a plunge or splash keeps at least the doubles the caller needed in its hand at
bid time, counting the doubles it has played since (docs/texas42.md, "Views, records and JSON":
"A plunge or splash reveals nothing but the bid: sampling keeps at least the doubles it needs in
the caller's hand, at bid time (tiles it has played count), so that the sampled hand replays").

The deals below leave exactly as many doubles hidden from the sampling seat as the caller needs,
so every sample must give the caller all of them. Written to kill mutants of
``texas42.hidden.deal_hidden`` (docs/testing.md, "Mutation testing").
"""

from __future__ import annotations

import random

import pytest

from tablegames.texas42 import Rules, Texas42State, deal_of, new_match, parse_action

# Dealer 0: seat 1 calls first. Seat 1 holds four doubles (a plunge, or a splash), seat 0 the
# other three, so seat 0 cannot see exactly four doubles: the ones seat 1 must hold.
_FOUR_AND_THREE = [
    "2:2 1:1 0:0 2:1 2:0 1:0 3:0",
    "6:6 5:5 4:4 3:3 6:5 6:4 6:3",
    "6:2 6:1 6:0 5:4 5:3 5:2 5:1",
    "5:0 4:3 4:2 4:1 4:0 3:2 3:1",
]
_MARKS = {"scoring": "marks", "bid_ladder": "marks"}


def _called(contract: str) -> Texas42State:
    rules = Rules(**_MARKS, **{contract: True})  # type: ignore[arg-type]
    state = new_match(rules).apply(deal_of(_FOUR_AND_THREE, 0))
    for text in [f"bid {contract}", "pass", "pass", "pass", "trump 6"]:
        state = state.apply(parse_action(text))
    return state


def _doubles(state: Texas42State, seat: int) -> int:
    return sum(1 for tile in state.hand(seat) if tile.is_double)


@pytest.mark.parametrize("contract", ["plunge", "splash"])
def test_a_sample_gives_the_caller_every_hidden_double_it_needs(contract: str) -> None:
    state = _called(contract)
    needed = 4 if contract == "plunge" else 3
    for seed in range(12):
        sampled = state.sample(0, random.Random(seed))
        assert sampled.view(0) == state.view(0)
        assert _doubles(sampled, 1) >= needed
        if contract == "plunge":
            assert _doubles(sampled, 1) == 4  # all the doubles seat 0 cannot see


def test_doubles_the_caller_has_played_count_towards_what_it_needed() -> None:
    state = _called("plunge")  # the partner, seat 3, leads
    rng = random.Random(5)
    played_doubles = 0
    while state.phase.value == "play" and played_doubles < 2:
        seat = state.to_act
        assert seat is not None
        legal = state.legal_actions()
        doubles = [a for a in legal if seat == 1 and a.piece.is_double]  # type: ignore[union-attr]
        action = doubles[0] if doubles else rng.choice(legal)
        if doubles:
            played_doubles += 1
        state = state.apply(action)
    assert played_doubles == 2
    for seed in range(12):
        sampled = state.sample(0, random.Random(seed))
        assert sampled.view(0) == state.view(0)
        assert _doubles(sampled, 1) == 4 - 2  # the two still hidden from seat 0
