"""Position fingerprints (docs/contract.md, "Records and state JSON"): an explicit encoding of
the position, form 2, that depends on no repr and on no private field; a rule setting added
with a default never changes one; the 0.1.0 form is still recognised (tests/test_saved_data.py
holds the 0.1.0 files)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import attrs
import pytest

from tablegames.core import fingerprint as form2
from tablegames.core.errors import RecordError
from tablegames.core.game import random_states
from tablegames.core.settings import strict_rules
from tablegames.examples import house42, whist3
from tablegames.games import GAME_MODULES, get_game
from tablegames.tricks.table import Trick, TrickTable

GAMES = sorted(GAME_MODULES)
PINS = Path(__file__).parent / "data" / "fingerprints_form2.json"


def states(name: str, seed: int = 1, rules: Any = None) -> list[Any]:
    game = get_game(name)
    first = game.new_match(rules if rules is not None else game.rules_type())
    return random_states(first, random.Random(seed), max_steps=400)


@pytest.mark.parametrize("pin", json.loads(PINS.read_text(encoding="utf-8")))
def test_form_2_fingerprints_stay_what_they_were_written_as(pin: dict[str, Any]) -> None:
    """State JSON written with form 2 keeps loading: the encoding of each pinned position (plain
    positions, the special contracts, start positions) is exactly what it was."""
    game = get_game(json.loads(pin["state"])["game"])
    state = game.state_from_json(pin["state"])
    assert form2.position_text(state) == pin["position"]
    assert state.fingerprint() == pin["fingerprint"] == json.loads(pin["state"])["fingerprint"]


@pytest.mark.parametrize("name", GAMES)
def test_a_setting_added_with_a_default_changes_no_fingerprint(name: str) -> None:
    """A new option at its default leaves the rules' fingerprint and every position's
    fingerprint as they were; set away from its default, it changes them."""
    game = get_game(name)
    base = game.rules_type

    @strict_rules
    @attrs.frozen(cache_hash=True)
    class Later(base):  # type: ignore[valid-type,misc]
        added_later: int = 7

    assert Later().fingerprint == base().fingerprint
    assert Later(added_later=8).fingerprint != base().fingerprint
    plain, later = states(name, 3, base()), states(name, 3, Later())
    assert [s.fingerprint() for s in plain] == [s.fingerprint() for s in later]
    moved = game.new_match(Later(added_later=8))
    assert moved.fingerprint() != plain[0].fingerprint()


@pytest.mark.parametrize("name", GAMES)
def test_fingerprints_depend_on_no_repr(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Reprs are free to change: the fingerprints of a match are the same with every repr
    involved replaced."""
    before = [s.fingerprint() for s in states(name)]
    sample = states(name)[-1]
    for kind in {type(sample), type(sample.rules), type(sample.phase), TrickTable, Trick}:
        monkeypatch.setattr(kind, "__repr__", lambda self: "changed", raising=False)
    assert [s.fingerprint() for s in states(name)] == before


@pytest.mark.parametrize("name", GAMES)
def test_every_position_of_a_match_has_its_own_fingerprint_and_equal_positions_share_one(
    name: str,
) -> None:
    match = states(name, 7)
    prints = [s.fingerprint() for s in match]
    assert len(set(prints)) == len(prints)
    game = get_game(name)
    for state in match[::37]:
        again = game.state_from_json(game.state_to_json(state))
        assert again == state and again.fingerprint() == state.fingerprint()
        if state.to_act is not None:
            world = state.view(state.to_act).sample(random.Random(1))
            twin = game.state_from_json(game.state_to_json(world))
            assert twin.fingerprint() == world.fingerprint()


def test_the_kit_game_and_house_rules_fingerprint_too() -> None:
    """whist3 names the public parts of its position (its fields are the engine's, private:
    the same parts as when they were its fields); a house-rule game's fingerprint covers the
    house rules' names, in both forms."""
    state = whist3.new_match()
    state = state.apply(state.chance_outcome(random.Random(0)))
    assert form2.parts_of(type(state)) == ("dealer", "hands_played", "hands", "table", "scores")
    assert whist3.GAME.state_from_json(whist3.GAME.state_to_json(state)) == state
    house = house42.GAME.new_match(house42.GAME.rules_type())
    saved = list(house._saved_fingerprints())
    inner = list(house.inner._saved_fingerprints())
    assert len(saved) == len(inner) == 2 and not set(saved) & set(inner)


def test_a_fingerprint_of_neither_form_is_refused() -> None:
    game = get_game("texas42")
    state = states("texas42")[30]
    data = json.loads(game.state_to_json(state))
    data["fingerprint"] = data["fingerprint"][::-1]
    with pytest.raises(RecordError, match="fingerprint"):
        game.state_from_json(json.dumps(data))


def test_a_state_class_with_private_fields_must_name_its_parts() -> None:
    @attrs.frozen
    class Hidden:
        _secret: int = 1

    with pytest.raises(TypeError, match="fingerprint_fields"):
        form2.parts_of(Hidden)
    with pytest.raises(TypeError, match="cannot encode"):
        form2.encode(object())


def test_rules_json_is_memoized_by_value_and_bounded() -> None:
    """The rules' JSON is kept for the last few rules, keyed by the rules' value."""
    texas42 = get_game("texas42").rules_type
    form2._memo_rules_json.cache_clear()
    for target in range(1, 500):
        assert form2.rules_json(texas42(target=target)) == f'{{"target":{target}}}'
    assert form2._memo_rules_json.cache_info().currsize == form2.RULES_MEMO_SIZE
