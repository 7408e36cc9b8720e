"""A sample is consistent with everything its seat has seen, its own deal included: in every
game, the seat record of ``state.sample(seat, rng)`` for that seat (the match as the seat saw
it: its own pieces as they were dealt, every public action, the private actions it made) is
the real one's, and so is its view (docs/views.md; the records: ``seat_record``).

In Ninety-Two the hands are refilled from the stock, so the seat also saw which card it drew
after each trick: the sample keeps each of its cards where the seat received it (the deal, or
the draw after a given trick), not only in some position of its own.
"""

from __future__ import annotations

import random
from typing import Any, Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablegames import ninety_two
from tablegames.core.seat_record import seat_record
from tablegames.core.seats import seat_count
from tablegames.games import get_game
from tablegames.testing.strategies import states

GAMES = ("texas42", "ninety-two", "preference", "quartets")


def _check(game: Any, state: Any, rng: random.Random) -> None:
    for seat in range(seat_count(state.rules)):
        sample = state.sample(seat, rng)
        assert sample.view(seat) == state.view(seat)
        assert seat_record(game, sample, seat) == seat_record(game, state, seat)


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=60)
@given(data=st.data(), seed=st.integers(0, 2**16))
def test_a_samples_seat_record_is_the_real_one(name: str, data: st.DataObject, seed: int) -> None:
    game = get_game(name)
    state = data.draw(states(game, max_steps=120))
    _check(game, state, random.Random(seed))


@pytest.mark.parametrize("players", [4, 6, 8])
@pytest.mark.parametrize("leftovers", ["dead", "deal"])
def test_ninety_two_samples_keep_each_card_where_the_seat_received_it(
    players: int, leftovers: Literal["dead", "deal"]
) -> None:
    # docs/ninety-two.md "Play": after each trick everybody draws one card from the stock,
    # the winner first; the seat saw each of its own cards arrive.
    game = ninety_two.GAME
    rng = random.Random(f"{players}-{leftovers}")
    rules = ninety_two.Rules(players=players, leftovers=leftovers)
    for _ in range(6):
        state = game.new_match(rules)
        while not state.is_over and (
            state.phase is not ninety_two.Phase.PLAY or rng.random() < 0.93
        ):
            if state.is_chance:
                state = state.apply(state.chance_outcome(rng))
            else:
                legal = state.legal_actions()
                state = state.apply(legal[rng.randrange(len(legal))])
        _check(game, state, rng)
