"""The trick games' shared state and phases (``tablegames.tricks.facade``): every trick game,
whist3 (the kit's example) included, gets its dealing, playing and over phases from
``trick_phases`` and its sample's replay from ``TrickState``."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from tablegames import ninety_two, preference, texas42
from tablegames.core import play_randomly, random_action
from tablegames.core.actions import Deal
from tablegames.core.game import GameState
from tablegames.core.violations import ViolationCode
from tablegames.examples import whist3
from tablegames.examples.whist3 import state as whist3_state
from tablegames.examples.whist3.actions import PLAYS
from tablegames.ninety_two import state as ninety_two_state
from tablegames.preference import state as preference_state
from tablegames.texas42 import state as texas42_state
from tablegames.tricks.facade import TrickState, pieces_played, trick_phases

STATE_MODULES = [texas42_state, ninety_two_state, preference_state, whist3_state]
NEW_MATCH: dict[ModuleType, Callable[[], GameState[Any]]] = {
    texas42_state: texas42.new_match,
    ninety_two_state: ninety_two.new_match,
    preference_state: preference.new_match,
    whist3_state: whist3.new_match,
}


def _course(module: ModuleType, seed: int) -> list[GameState[Any]]:
    """Every state of a random match's first hands (a few hundred actions)."""
    state = NEW_MATCH[module]()
    rng = random.Random(seed)
    states = [state]
    while not state.is_over and len(states) < 300:
        state = state.apply(random_action(state, rng))
        states.append(state)
    return states


@pytest.mark.parametrize("module", STATE_MODULES, ids=lambda m: m.__name__.split(".")[-2])
def test_the_shared_phases_are_the_modules_own_and_pickle(module: ModuleType) -> None:
    """The three classes ``trick_phases`` makes carry the game module's names (a state pickles
    by its class's name), and every state of a match is a TrickState that pickles back."""
    dealing, playing, over = module.PHASES.classes
    assert (module._Dealing, module._Playing, module._Over) == (dealing, playing, over)
    assert dealing.is_chance and over.is_over and not playing.is_chance
    assert playing.phase.value == "play" and over.phase.value == "over"
    assert playing.__dict__["_step"] is module.PLAY.step
    seen = set()
    for state in _course(module, 1):
        assert isinstance(state, TrickState)
        seen.add(type(state))
        assert pickle.loads(pickle.dumps(state)) == state
    assert {dealing, playing} <= seen


@pytest.mark.parametrize("module", STATE_MODULES, ids=lambda m: m.__name__.split(".")[-2])
def test_the_dealing_phase_asks_for_a_deal_then_the_games_rule(module: ModuleType) -> None:
    start = NEW_MATCH[module]()
    refused = start.check(start.legal_actions() or "pass")
    assert refused is not None and refused.code is ViolationCode.DEAL_EXPECTED
    assert "dealt first" in str(refused)
    dealt = start.chance_outcome(random.Random(0))
    assert isinstance(dealt, Deal)
    short = Deal(dealt.order[1:])
    assert start.check(short) is not None  # the game's own deal rule refuses it
    after = start.apply(dealt)
    assert not after.is_chance and after.history.last == dealt


@pytest.mark.parametrize("module", STATE_MODULES, ids=lambda m: m.__name__.split(".")[-2])
def test_a_sample_replays_this_hand_from_its_deal(module: ModuleType) -> None:
    """``TrickState.sample``: the seat's view is kept, the history is as long (the same actions
    from the hand's deal on the deal drawn anew), and the match before the hand is the same."""
    for state in _course(module, 2)[::13]:
        for seat in range(len(state.view(0).hand_sizes)):
            sampled = state.sample(seat, random.Random(seat))
            assert type(sampled) is type(state)
            assert sampled.view(seat) == state.view(seat)
            assert len(sampled.history) == len(state.history)
            if state.is_chance or state.is_over:
                assert sampled is state


def _with_a_discard(rng: random.Random) -> preference.PreferenceState:
    """A Preference state in play after round two, whose winner took the widow and discarded:
    round one all passes, the first offer wins, a random discard and trump, a few plays."""
    state = preference.new_match()
    state = state.apply(state.chance_outcome(rng))
    while state.phase is not preference.Phase.PLAY:
        legal = state.legal_actions()
        action: preference.Action
        if state.phase is preference.Phase.WIDOW:
            action = rng.choice([a for a in legal if type(a) is preference.Discard])
        elif state.phase is preference.Phase.OFFER and state.offers:
            action = preference.PASS
        else:
            action = legal[-1] if state.phase is not preference.Phase.BID else preference.PASS
        state = state.apply(action)
    for _ in range(rng.randrange(12)):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_preferences_hidden_discard_is_swapped_for_the_one_drawn_with_the_deal() -> None:
    """The one hidden action of a trick game, the round-two winner's discard, is replayed as the
    discard drawn with the new deal: in the sample's history, the discard is of its cards."""
    rng = random.Random(3)
    for round_ in range(8):
        state = _with_a_discard(rng)
        assert state.widow_taken and state.declarer is not None
        seat = next(s for s in state.active if s != state.declarer)
        sampled = state.sample(seat, random.Random(round_))
        actions = reversed(sampled.history.to_tuple())
        discard = next(a for a in actions if type(a) is preference.Discard)
        assert sum(1 << card.index for card in discard.cards) == sampled.discards
        assert sampled.view(seat) == state.view(seat)
        assert state.sample(state.declarer, random.Random(round_)).discards == state.discards


def test_replayed_applies_each_action_in_turn() -> None:
    state = texas42.new_match()
    actions = [state.chance_outcome(random.Random(4)), texas42.PASS, texas42.Bid(30)]
    expected = state
    for action in actions:
        expected = expected.apply(action)
    assert state.replayed(actions) == expected
    assert state.replayed([]) is state


def test_pieces_played_reads_finished_tricks_then_the_trick_in_progress() -> None:
    checked = 0
    for state in _course(texas42_state, 5):
        assert isinstance(state, texas42.Texas42State)
        table = state.table
        if table is None:
            continue
        view = state.view(0)
        expected = [p for trick in table.tricks for p in trick.pieces] + list(table.pieces)
        assert pieces_played(view.tricks, view.trick) == expected
        checked += 1
    assert checked > 100


def test_a_match_ends_in_the_over_phase_by_the_shared_hand_over() -> None:
    final = play_randomly(whist3.new_match(whist3.Rules(hands=2)), random.Random(6))
    assert type(final) is whist3_state._Over and final.is_over
    assert final.hands_played == 2 and sum(final.scores) == 2 * whist3_state.HAND
    refused = final.check(PLAYS[0])
    assert refused is not None and refused.code is ViolationCode.GAME_OVER


def test_a_state_class_without_the_sample_hooks_is_refused() -> None:
    """``trick_phases`` refuses a state class that leaves ``_redeal`` or ``_deal_again`` to
    :class:`TrickState`'s placeholders, before the engine is told of it (a sample would fail)."""

    namespace = {"__slots__": (), "_redeal": TrickState._redeal}
    no_redeal: type[whist3_state.Whist3State] = type(
        "NoRedeal", (whist3_state.Whist3State,), namespace
    )
    with pytest.raises(TypeError, match="NoRedeal must define _redeal"):
        trick_phases(
            no_redeal,
            whist3_state.PLAY,
            (whist3.Phase.DEAL, whist3.Phase.PLAY, whist3.Phase.OVER),
            whist3_state.deal,
            whist3_state._begin_play,
            "The cards must be dealt first.",
            whist3_state.next_hand,
            lambda part: (0,) * 3,
        )
