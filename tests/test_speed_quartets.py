"""Quartets' fast paths agree with its rules: the ask checked by masks and carried out inline
gives the state the rules' own path gives, and the remembered legal asks are the ones the rules
list, however matches under different rules interleave."""

from __future__ import annotations

import pickle
import random

import pytest

from tablegames.collecting.asking import askable_pieces
from tablegames.core.frozen import uses_layout
from tablegames.core.game import random_states
from tablegames.core.violations import Violation
from tablegames.pieces.cards import CARDS
from tablegames.quartets import (
    Ask,
    Phase,
    QuartetsState,
    Rules,
    action_space,
    new_match,
)
from tablegames.quartets.asking import checked_ask
from tablegames.quartets.listing import _edited, asks_for, wanted
from tablegames.quartets.model import RANK_SETS
from tablegames.quartets.parts import DealPart
from tablegames.quartets.state import BUILD, _Asking, _Dealing, _Over, state_of

_IN_PHASE = {cls.phase: cls for cls in (_Dealing, _Asking, _Over)}
"""The class of the states in each phase."""

RULES = [
    Rules(),
    Rules(players=3, turn_passes="left"),
    Rules(players=6, ask="rank"),
    Rules(players=2, deals=1),
    Rules(players=9, deals=1, turn_passes="left"),
]


def _states(rules: Rules, seed: int) -> list[QuartetsState]:
    return random_states(new_match(rules), random.Random(seed))


def _by_the_rules(state: QuartetsState) -> set[object]:
    """The legal asks, from the collecting core's rules alone."""
    asker = state.asker
    assert asker is not None
    hand = state.hands[asker]
    others = [t for t in range(state.players) if t != asker and state.hands[t]]
    if state.rules.ask == "card":
        wanted = askable_pieces(hand, RANK_SETS)
        return {Ask(t, c) for t in others for c in CARDS if wanted >> c.index & 1}
    held = RANK_SETS.held(hand)
    return {
        a
        for a in action_space(state.rules)
        if a.seat in others and held >> (a.rank - 2) & 1  # type: ignore[union-attr]
    }


@pytest.mark.parametrize("rules", RULES)
def test_every_ask_the_fast_path_takes_gives_the_state_the_rules_give(rules: Rules) -> None:
    for state in _states(rules, 5)[::7]:
        if state.to_act is None:
            continue
        for action in state.legal_actions():
            fast = state.apply(action)
            slow = checked_ask(state, action, BUILD)  # the collecting core's rules
            assert not isinstance(slow, Violation)
            assert fast == slow and fast.asks.to_tuple() == slow.asks.to_tuple()
            assert fast.to_act == slow.to_act and fast.history == slow.history


@pytest.mark.parametrize("rules", RULES)
def test_legal_asks_are_those_the_rules_allow_in_the_order_of_seats(rules: Rules) -> None:
    for state in _states(rules, 6)[::5]:
        actions = state.legal_actions()
        if state.to_act is None:
            assert actions == ()
            continue
        assert set(actions) == _by_the_rules(state) and len(set(actions)) == len(actions)
        seats = [a.seat for a in actions]  # type: ignore[union-attr]
        assert seats == sorted(seats, key=lambda s: (s - state.to_act) % state.players)  # type: ignore[operator]


def test_remembered_legal_asks_never_leak_between_interleaved_matches() -> None:
    matches = [_states(rules, 11) for rules in RULES]
    longest = max(len(m) for m in matches)
    for step in range(longest):
        for states in matches:
            state = states[min(step, len(states) - 1)]
            if state.to_act is None:
                continue
            asker = state.to_act
            cards = state.rules.ask == "card"
            fresh = asks_for(wanted(state.hands[asker], cards), state._deal.targets[asker], cards)
            assert state.legal_actions() == fresh


def test_a_state_built_by_its_public_constructor_equals_the_one_play_reached() -> None:
    for state in _states(Rules(players=5), 2)[::9]:
        twin = state_of(
            state.rules,
            state.phase,
            state.dealer,
            state.hands,
            state.laid,
            state.asker,
            state.scores,
            state.results,
            state.asks,
            state.history,
        )
        assert twin == state and hash(twin) == hash(state) and repr(twin) == repr(state)
        assert twin.legal_actions() == state.legal_actions()
        assert twin.fingerprint() == state.fingerprint()


@pytest.mark.parametrize("rules", RULES)
def test_legal_asks_edited_from_the_last_listing_are_those_listed_anew(rules: Rules) -> None:
    # Played in order, most listings are edits of the seat's previous one (a card or rank
    # more or less to ask for); each must equal the listing made from scratch.
    for seed in (1, 2):
        for state in _states(rules, seed):
            asker = state.to_act
            if asker is None:
                continue
            cards = rules.ask == "card"
            fresh = asks_for(wanted(state.hands[asker], cards), state._deal.targets[asker], cards)
            assert state.legal_actions() == fresh


@pytest.mark.parametrize("cards", [True, False])
def test_a_listing_edited_column_by_column_is_the_listing_made_anew(cards: bool) -> None:
    # Masks that differ by any number of columns, lost and gained, for one to eight targets.
    rng = random.Random(3)
    bits = 52 if cards else 13
    for _ in range(2000):
        before, now = rng.getrandbits(bits), rng.getrandbits(bits)
        if rng.random() < 0.5:  # mostly a few columns apart, as in play
            now = before ^ (1 << rng.randrange(bits)) ^ (1 << rng.randrange(bits))
        targets = tuple(rng.sample(range(9), rng.randint(1, 8)))
        edited = _edited(asks_for(before, targets, cards), before, now, targets, cards)
        assert edited == asks_for(now, targets, cards)


def test_a_states_phase_is_its_class_whichever_way_it_was_built() -> None:
    # Each phase has its own subclass, whose phase, is_chance and is_over are class attributes;
    # the public constructor gives the class of the phase it is passed.
    states = _states(Rules(players=3, deals=2), 3)
    phases = {state.phase for state in states}
    assert phases == set(Phase)
    for state in states:
        cls = type(state)
        assert cls is not QuartetsState and cls.phase is state.phase
        assert state.is_chance is (state.phase is Phase.DEAL)
        assert state.is_over is (state.phase is Phase.OVER)
        twin = state_of(
            state.rules,
            state.phase,
            state.dealer,
            state.hands,
            state.laid,
            state.asker,
            state.scores,
            state.results,
            state.asks,
            state.history,
        )
        assert type(twin) is cls and twin == state
    dealing, over = states[0], states[-1]
    assert dealing != state_of(
        dealing.rules,
        Phase.OVER,
        dealing.dealer,
        dealing.hands,
        dealing.laid,
        dealing.asker,
        dealing.scores,
        dealing.results,
        dealing.asks,
        dealing.history,
    ), "states in different phases differ"
    assert over.is_over and type(over) is not type(dealing)


def test_the_state_and_its_deal_part_are_built_through_slot_layouts() -> None:
    # core.frozen.builder fills a plain slot layout, then makes it the class: half the cost of
    # slot setters, and the same object (it compares, hashes and pickles as one).
    assert uses_layout(DealPart)
    assert all(uses_layout(cls) for cls in _IN_PHASE.values())
    state = _states(Rules(), 4)[30]
    assert type(state._deal) is DealPart and type(state) is _IN_PHASE[state.phase]
    assert pickle.loads(pickle.dumps(state)) == state
