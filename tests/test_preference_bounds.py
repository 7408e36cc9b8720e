"""Preference's bounds on memory and work: the kept lists of round two's offers, the cost of
``view.sample`` late in a long match, and the trick models an unpickled state holds.

Work is counted (function calls, bytes traced), never timed.
"""

from __future__ import annotations

import pickle
import random
import sys
import tracemalloc
from collections.abc import Callable
from types import FrameType

from tablegames import preference
from tablegames.preference import PreferenceState, Rules
from tablegames.preference.calling import KEPT_OFFERS, OFFER_LISTS, _kept_offers, legal_offers
from tablegames.preference.deal import start_part
from tablegames.preference.playing import MODELS, model_of


def test_round_two_lists_kept_are_bounded_in_number_and_length() -> None:
    # docs/architecture.md, "Caches": a stream of distinct large stacks (rules with stacks in
    # the thousands) keeps no long list, and at most OFFER_LISTS short ones.
    rules = Rules(starting_stack=10_000)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for stack in range(KEPT_OFFERS + 100, KEPT_OFFERS + 400):
            offers = legal_offers(start_part(rules, 0, (stack,) * 4, 20, ()))
            assert len(offers) == stack + 1  # pass and every offer up to the stack
        del offers
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert grown < 1_000_000, grown  # kept, 256 such lists would hold about 20 MB
    for stack in range(OFFER_LISTS * 2):
        legal_offers(start_part(Rules(), 0, (stack % KEPT_OFFERS,) * 4, 20, ()))
    assert _kept_offers.cache_info().currsize <= OFFER_LISTS


def _long_match(actions: int) -> PreferenceState:
    """A match under many deals, played by random legal actions for ``actions`` actions and
    then on to a seat's decision in play."""
    rng = random.Random(actions)
    state = preference.new_match(Rules(deals=1_000))
    done = 0
    while done < actions or state.is_chance or state.phase is not preference.Phase.PLAY:
        assert not state.is_over
        legal = (state.chance_outcome(rng),) if state.is_chance else state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
        done += 1
    return state


def _calls(work: Callable[..., object], *arguments: object) -> int:
    """The Python and C calls made by ``work(*arguments)`` (a count of work, not a time)."""
    calls = 0

    def count(frame: FrameType, event: str, arg: object) -> None:
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1

    sys.setprofile(count)
    try:
        work(*arguments)
    finally:
        sys.setprofile(None)
    return calls


def test_view_sample_costs_the_same_at_thirty_thousand_actions_as_at_one_thousand() -> None:
    # docs/contract.md, "Views and sampling": sampling a view never depends on the length of
    # the match (it reads this deal only). Measured as calls made, within 1.5x.
    costs = []
    for actions in (1_000, 30_000):
        state = _long_match(actions)
        assert len(state.history) >= actions
        view = state.view(state.to_act)  # type: ignore[arg-type]
        world = view.sample(random.Random(0))
        assert world.view(view.seat) == view
        costs.append(min(_calls(view.sample, random.Random(seed)) for seed in range(3)))
    early, late = costs
    assert late <= 1.5 * early, costs


def test_an_unpickled_state_holds_the_same_trick_model_objects() -> None:
    # docs/architecture.md, "Caches": one model object per contract, which states share and
    # unpickle to (a model pickles as its factory call).
    state = _long_match(40)
    tally = state._trick
    assert tally is not None
    model = tally.model
    assert state.trump is not None and model is model_of(state.trump, state.rules)
    again = pickle.loads(pickle.dumps(state))
    assert again == state
    assert again._trick is not None and again._trick.model is model
    assert MODELS[state.trump] is model
