"""A sample keeps what its seat has seen: the round-two winner's widow, and no discards before any.

docs/preference.md, "Round two (rulings)", *The widow (ruling and choice)*: *"The winner picks
the widow up and looks at it as soon as round two is won ... nobody else ever sees it"*, then
``keep`` (*the widow is laid aside unused*) or ``discard X Y``; *"Only the declarer knows the
discards."* And "Views and sampling": *"state.sample(seat, rng) redistributes what the seat
cannot see (others' hands, the widow, the discards) keeping counts and the voids play has
revealed"*. So a sample drawn for the round-two winner, from the widow choice on while the widow
was not taken, deals the very widow it saw; and the discards that go with a sampled deal are no
cards until two were laid aside.

Written to kill mutants of ``tablegames.preference.hidden`` (``deal_hidden``'s defaults for a
widow the seat knows and for discards not made yet: docs/testing.md, "Mutation testing").
"""

from __future__ import annotations

import random

import pytest

from tablegames import preference
from tablegames.preference.hidden import resampled_deal
from tablegames.preference.state import PreferenceState
from tablegames.preference.view_sampling import sampled_deal

HANDS = [
    "",
    "AH KH QH JH TH 9H 8H 7H AS KS",
    "AD KD QD JD TD 9D 8D 7D QS JS",
    "AC KC QC JC TC 9C 8C 7C TS 9S",
]
WIDOW = "8S 7S"


def _after(*texts: str) -> PreferenceState:
    """The deal above (dealer 0 sits out), then ``texts``."""
    state = preference.new_match().apply(preference.deal_of(HANDS, WIDOW))
    for text in texts:
        state = state.apply(preference.parse_action(text))
    return state


def _discards_drawn(state: PreferenceState, seat: int, seed: int) -> int:
    """The discards that go with a deal drawn for ``seat`` as ``state.sample`` draws it."""
    tally = state._trick
    model = None if tally is None else tally.model
    _, discards = resampled_deal(
        seat, state.phase, state._part, state.hands, state.table, model, random.Random(seed)
    )
    return discards


ROUND_TWO_WON = ("pass", "pass", "pass", "offer 3", "pass", "pass")  # seat 1 wins round two


def _widow_of(state: PreferenceState) -> str:
    """The widow as dealt, read through the round-two winner's own view."""
    declarer = state.declarer
    assert declarer is not None
    return str(state.view(declarer).widow)


def test_the_round_two_winner_samples_the_widow_it_saw_until_it_takes_it() -> None:
    positions = {
        "widow choice": _after(*ROUND_TWO_WON),
        "kept, naming trump": _after(*ROUND_TWO_WON, "keep"),
        "kept, in play": _after(*ROUND_TWO_WON, "keep", "trump H", "play AD"),
    }
    for name, state in positions.items():
        assert state.declarer == 1, name
        view = state.view(1)
        assert str(view.widow) == "7S 8S" and view.discards_size == 0, name
        for seed in range(6):
            for sample in (state.sample(1, random.Random(seed)), view.sample(random.Random(seed))):
                assert sample.view(1) == view, name
                assert _widow_of(sample) == "7S 8S", name
                assert sample.hand(1) == state.hand(1), name


def test_the_others_sample_a_widow_they_never_saw() -> None:
    """Seat 2 never sees the widow: its samples deal it anew among the cards it cannot see."""
    state = _after(*ROUND_TWO_WON)
    view = state.view(2)
    assert len(view.widow) == 0
    widows = {_widow_of(state.sample(2, random.Random(seed))) for seed in range(12)}
    assert len(widows) > 1
    for widow in widows:
        assert not set(widow.split()) & {str(card) for card in view.hand}


def test_the_discards_of_a_sampled_deal_are_no_cards_until_two_are_laid_aside() -> None:
    """Before a discard, every seat's sampled deal comes with no discards (``0``), drawn from
    the state (``resampled_deal``) or from the view alone (``sampled_deal``) alike."""
    positions = [
        _after(),
        _after("pass"),
        _after(*ROUND_TWO_WON),
        _after(*ROUND_TWO_WON, "keep"),
        _after(*ROUND_TWO_WON, "keep", "trump H", "play AD"),
    ]
    for state in positions:
        part = state._part
        assert part.discards == 0
        for seat in range(4):
            for seed in range(3):
                assert _discards_drawn(state, seat, seed) == 0
                _, discards = sampled_deal(state.view(seat), random.Random(seed))
                assert discards == 0


def test_after_a_discard_only_the_declarer_samples_the_cards_it_laid_aside() -> None:
    state = _after(*ROUND_TWO_WON, "discard 7S 8S")
    laid = state._part.discards
    assert laid.bit_count() == 2
    for seed in range(4):
        mine = _discards_drawn(state, 1, seed)
        assert mine == laid and sampled_deal(state.view(1), random.Random(seed))[1] == laid
    drawn = {_discards_drawn(state, 2, seed) for seed in range(12)}
    assert all(d.bit_count() == 2 for d in drawn) and len(drawn) > 1


@pytest.mark.parametrize("payment", ["all", "winner_only"])
def test_a_view_samples_the_chips_as_they_stand_under_either_round_two_payment(
    payment: str,
) -> None:
    """docs/preference.md, "Round two": under ``round_two_payment="all"`` every offer is paid,
    under ``"winner_only"`` only the winning one; a state sampled from any seat's view alone
    (``PreferenceView.sample``) replays the deal from its start and stands at the same chips as
    the real state, so its view is the seat's view."""
    rules = preference.Rules(round_two_payment=payment)  # type: ignore[arg-type]
    state = preference.new_match(rules).apply(preference.deal_of(HANDS, WIDOW))
    for text in ("pass", "pass", "pass", "offer 1", "offer 2", "offer 4", "keep", "trump D"):
        state = state.apply(preference.parse_action(text))
    paid = (0, 1, 2, 4) if payment == "all" else (0, 0, 0, 4)
    assert state.stacks == tuple(95 - p for p in paid) and state.pot == 20 + sum(paid)
    for seat in range(4):
        view = state.view(seat)
        for seed in range(3):
            sample = view.sample(random.Random(seed))
            assert (sample.stacks, sample.pot) == (state.stacks, state.pot)
            assert sample.view(seat) == view
