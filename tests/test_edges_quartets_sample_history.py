"""A Quartets state sampled for a seat carries a history as long as the state's, ending with the
same asks after the new deal (docs/quartets.md, "What a seat sees, and sampling": "its history
carries the new deal"; the sample's history replays to it).

Written to kill a mutant of ``quartets.view_sampling.with_deal`` that miscounted the actions
after the deal (docs/testing.md, "Mutation testing").
"""

from __future__ import annotations

import random

from tablegames import quartets


def test_a_sample_has_the_state_s_history_length_and_its_asks_after_the_new_deal() -> None:
    state = quartets.new_match(quartets.Rules(players=3))
    state = state.apply(state.chance_outcome(random.Random(0)))
    rng = random.Random(1)
    while len(state.asks) < 3 and state.phase.value == "ask":
        state = state.apply(rng.choice(state.legal_actions()))
    asks = len(state.asks)
    assert asks >= 2
    for seed in range(3):
        world = state.sample(1, random.Random(seed))
        history = world.history
        assert len(history) == len(state.history)
        assert len(history.to_tuple()) == len(history)
        assert history.to_tuple()[-asks:] == state.history.to_tuple()[-asks:]
        assert world.view(1) == state.view(1)
