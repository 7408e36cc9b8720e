"""Recorded playthroughs replay move for move, every observation as recorded.

The data (``tests/data/playthroughs``, written by ``tests/playthroughs.py``) was recorded before
the speed work; any change in what is legal, in what ``check`` says, in where the pieces go or in
how a hand scores shows up here as the first step that differs.
"""

from __future__ import annotations

import copy
import json
import pickle
from typing import Any

import attrs
import pytest

from playthroughs import FORMAT, PLANS, load, observe
from tablegames.core.errors import RecordError, TableGamesError
from tablegames.core.history import History
from tablegames.core.replaying import ActionReader
from tablegames.games import get_game
from tablegames.quartets import QuartetsState
from tablegames.quartets.state import state_of


def _cases() -> list[tuple[str, int]]:
    return [(name, i) for name in PLANS for i in range(len(load(name)["matches"]))]


def test_every_game_and_option_mix_is_recorded() -> None:
    for name, plans in PLANS.items():
        data = load(name)
        assert data["format"] == FORMAT
        assert data["game"] == name
        assert len(data["matches"]) == sum(len(seeds) for _, seeds in plans)
        assert all(m["steps"][-1][5] for m in data["matches"]), "every match is played out"


@pytest.mark.parametrize(("name", "index"), _cases())
def test_playthrough_replays_identically(name: str, index: int) -> None:
    game = get_game(name)
    match: dict[str, Any] = load(name)["matches"][index]
    state = game.new_match(game.rules_type(**match["rules"]))
    steps = match["steps"]
    assert len(steps) == len(match["actions"]) + 1
    for number, (text, expected) in enumerate(zip(match["actions"], steps)):
        seen = observe(state, expected[6][0])
        assert seen == expected, f"{name} match {index}: step {number} differs"
        state = state.apply(game.parse_action(text))
    assert observe(state, steps[-1][6][0]) == steps[-1]
    assert state.is_over


def _replayed(name: str, index: int) -> list[Any]:
    game = get_game(name)
    match = load(name)["matches"][index]
    state = game.new_match(game.rules_type(**match["rules"]))
    states = [state]
    for text in match["actions"]:
        state = state.apply(game.parse_action(text))
        states.append(state)
    return states


@pytest.mark.parametrize("name", list(PLANS))
def test_the_action_reader_reads_every_recorded_action_as_the_game_does(name: str) -> None:
    game = get_game(name)
    read = ActionReader(game.parse_action, game.deck)
    for match in load(name)["matches"]:
        for text in match["actions"]:
            assert read(text) == game.parse_action(text)


@pytest.mark.parametrize("name", list(PLANS))
def test_json_refuses_actions_that_do_not_reach_the_fingerprinted_position(name: str) -> None:
    game = get_game(name)
    states = _replayed(name, 0)
    final = states[-1]
    assert game.state_from_json(game.state_to_json(final)) == final
    prints = [s.fingerprint() for s in states]
    assert len(set(prints)) == len(prints), "every position of a match has its own fingerprint"
    data = json.loads(game.state_to_json(final))
    data["actions"] = data["actions"][:-1]
    with pytest.raises(RecordError, match="fingerprint"):
        game.state_from_json(json.dumps(data))
    data = json.loads(game.state_to_json(states[-2]))
    data["fingerprint"] = prints[-1]
    with pytest.raises(RecordError, match="fingerprint"):
        game.state_from_json(json.dumps(data))


def test_replay_names_the_first_action_it_cannot_apply() -> None:
    game = get_game("quartets")
    record = game.record(_replayed("quartets", 0)[-1])
    broken = attrs.evolve(record, actions=(*record.actions[:3], "ask 9 2C", *record.actions[4:]))
    with pytest.raises(RecordError, match=r"action 4 \('ask 9 2C'\)"):
        game.replay(broken)


def test_a_quartets_state_is_a_frozen_value_that_pickles_and_copies() -> None:
    states = _replayed("quartets", 1)
    state = states[len(states) // 2]
    assert pickle.loads(pickle.dumps(state)) == state
    assert copy.deepcopy(state) == state and copy.copy(state) is not None
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
        History.EMPTY,
    )
    assert twin == state and hash(twin) == hash(state), "the history is not part of equality"
    with pytest.raises(TableGamesError, match="phase is a Phase, not 'ask'"):
        state_of(
            state.rules,
            "ask",  # type: ignore[arg-type]
            state.dealer,
            state.hands,
            state.laid,
            state.asker,
            state.scores,
            state.results,
            state.asks,
            History.EMPTY,
        )
    assert repr(twin) == repr(state) and repr(state).startswith("QuartetsState(phase='ask'")
    assert state != states[len(states) // 2 + 1]
    with pytest.raises(AttributeError):
        state.hands = ()
    match state:
        case QuartetsState(rules, phase):
            assert (rules, phase) == (state.rules, state.phase)


def test_the_quartets_state_constructor_warns_and_builds_what_state_of_builds() -> None:
    """``QuartetsState(...)`` (0.2.0's public constructor) is deprecated for one release: it
    names its replacement, and gives the state ``state_of`` gives, of its phase's class."""
    for state in _replayed("quartets", 1)[::7]:
        fields = (state.rules, state.phase, state.dealer, state.hands, state.laid, state.asker)
        rest = (state.scores, state.results, state.asks, state.history)
        with pytest.warns(DeprecationWarning, match=r"quartets\.state\.state_of"):
            old = QuartetsState(*fields, *rest)
        new = state_of(*fields, *rest)
        assert old == new == state and type(old) is type(new) is type(state)
        assert old.legal_actions() == state.legal_actions() and repr(old) == repr(state)
    with pytest.raises(TableGamesError, match="Nobody asks at a deal"):
        start = _replayed("quartets", 1)[0]
        state_of(*(start.rules, start.phase, start.dealer, start.hands, start.laid), 1, *rest)


def test_replay_names_an_unreadable_action_unless_an_illegal_one_comes_first() -> None:
    game = get_game("quartets")
    record = game.record(_replayed("quartets", 0)[-1])
    actions = record.actions
    unreadable = attrs.evolve(record, actions=(*actions[:5], "ask me nicely"))
    with pytest.raises(RecordError, match=r"action 6 \('ask me nicely'\)"):
        game.replay(unreadable)
    both = attrs.evolve(record, actions=(actions[0], "ask 9 2C", "ask me nicely"))
    with pytest.raises(RecordError, match=r"action 2 \('ask 9 2C'\)"):
        game.replay(both)
