"""Preference passes the conformance checks every game passes, plus its own invariants."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given

from budget import playthroughs
from tablegames.core.actions import PASS
from tablegames.core.game import random_action
from tablegames.preference import GAME, Phase, PreferenceState, Rules, new_match
from tablegames.testing import check_playthrough, check_state, seeds


def chips_conserved(state: Any) -> None:
    """Antes come out of the stacks, so stacks plus pot always hold 4 x the starting stack."""
    assert isinstance(state, PreferenceState)
    assert sum(state.stacks) + state.pot == 4 * state.rules.starting_stack
    assert state.pot >= 0


def ten_tricks(state: Any) -> None:
    """Every deal played has 10 tricks of three cards, and the dealer plays none of them."""
    assert isinstance(state, PreferenceState)
    for result in state.results:
        assert sum(result.tricks) == (0 if result.thrown_in else 10)
        assert result.tricks[result.dealer] == 0
    if state.table is not None:
        assert len(state.table.tricks) <= 10
        for trick in state.table.tricks:
            assert len(trick.pieces) == 3 and state.dealer not in trick.seats


EXTRA = [chips_conserved, ten_tricks]


@playthroughs(10)
@given(seeds())
def test_default_rules_conform(seed: int) -> None:
    """Random matches under the default rules (shortened to 2 deals) pass every check."""
    final = check_playthrough(GAME, Rules(deals=2), seed, refusal_every=4, extra=EXTRA)
    assert isinstance(final, PreferenceState) and len(final.results) == 2


@playthroughs(10)
@given(seeds())
def test_winner_only_option_conforms(seed: int) -> None:
    """The winner-only payment option and other settings pass every check too."""
    rules = Rules(
        deals=2,
        round_two_payment="winner_only",
        ante=1,
        starting_stack=3,
        first_dealer=3,
        payout=(5, 0, 2, 9),
        penalty=(7, 1, 0, 2),
    )
    check_playthrough(GAME, rules, seed, refusal_every=4, extra=EXTRA)


def _round_two_deal(rules: Rules, seed: int) -> None:
    """Deal, pass three times in round one, then play the deal out at random, checking every
    state (random players seldom all pass, so round two needs its own drive)."""
    rng = random.Random(seed)
    probe = random.Random(seed + 1)
    state = new_match(rules)
    state = state.apply(state.chance_outcome(rng))
    for _ in range(3):
        state = state.apply(PASS)
    assert state.phase is Phase.OFFER
    deals = len(state.results)
    step = 0
    while len(state.results) == deals:
        check_state(GAME, state, probe, refusals=step % 3 == 0)
        for check in EXTRA:
            check(state)
        state = state.apply(random_action(state, rng))
        step += 1
    check_state(GAME, state, probe)


@playthroughs(10)
@given(seeds())
def test_round_two_conforms(seed: int) -> None:
    """Round two, the widow and the round-two contract pass every check."""
    _round_two_deal(Rules(deals=1), seed)


@playthroughs(10)
@given(seeds())
def test_round_two_winner_only_conforms(seed: int) -> None:
    """Round two with only the winning offer paid passes every check."""
    _round_two_deal(Rules(deals=2, round_two_payment="winner_only", starting_stack=6), seed)
