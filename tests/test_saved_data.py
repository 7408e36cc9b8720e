"""Saved data is a promise: every file tablegames 0.1.0 wrote keeps loading, to the same position.

tests/data/saved_0.1.0/ holds records, states in JSON (their fingerprints in the 0.1.0 form),
both signed, and seat records, written by 0.1.0 itself (tools/make_corpus_v0_1_0.py, run
against 0.1.0) for every game and every rule option away from its default: in the bidding, mid
trick, between deals, at the end of a match, and worlds sampled with ``state.sample`` and
``view.sample`` (records that start at a deal). Each item also holds what it must load to,
written by 0.1.0: the public facts of the position (phase, seat to act, winners, returns,
where every piece is, the legal actions in notation) and a digest of the 0.1.0 fingerprints of
every state along its record, so that state JSON saved at any of those moments loads too
(docs/contract.md, "Records and state JSON").
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tablegames.core.fingerprint_0_1_0 import settings_0_1_0
from tablegames.core.game import random_states
from tablegames.core.records import GameRecord
from tablegames.core.seat_record import seat_record
from tablegames.core.signing import verify
from tablegames.examples import house42, whist3
from tablegames.games import get_game

CORPUS = Path(__file__).parent / "data" / "saved_0.1.0"
SIGNING_KEY = b"tablegames corpus key, not a secret"
"""The key tools/make_corpus_v0_1_0.py signed the signed items with."""

GAMES: dict[str, Any] = {
    "texas42": get_game("texas42"),
    "ninety-two": get_game("ninety-two"),
    "preference": get_game("preference"),
    "quartets": get_game("quartets"),
    "whist3": whist3.GAME,
    "texas42-open-31": house42.GAME,
}


def _items() -> Iterator[Any]:
    for path in sorted(CORPUS.glob("*.json")):
        for item in json.loads(path.read_text(encoding="utf-8")):
            yield pytest.param(item, id=item["name"])


ITEMS = list(_items())


def facts(state: Any) -> dict[str, Any]:
    """The public facts of a position, as the corpus generator wrote them."""
    return {
        "phase": state.phase.value,
        "to_act": state.to_act,
        "is_chance": state.is_chance,
        "is_over": state.is_over,
        "winners": list(state.winners),
        "returns": list(state.returns()),
        "zones": {name: str(pieces) for name, pieces in state.zones().items()},
        "legal": [str(a) for a in state.legal_actions()],
        "actions": len(state.history),
    }


def old_fingerprint(state: Any) -> str | None:
    """The 0.1.0 fingerprint of a state, as state JSON is checked against it (after today's)."""
    saved = list(state._saved_fingerprints())
    return saved[1] if len(saved) == 2 else None


def trail(game: Any, record: GameRecord) -> str:
    """The digest of the 0.1.0 fingerprints of every state along ``record``, as written."""
    state = game.start_state(game.rules_from_json(record.rules), record.start)
    prints = [old_fingerprint(state)]
    for text in record.actions:
        state = state.apply(game.parse_action(text))
        prints.append(old_fingerprint(state))
    assert None not in prints
    return hashlib.sha256("\n".join(prints).encode()).hexdigest()  # type: ignore[arg-type]


def test_the_corpus_covers_every_game_and_every_kind_of_file() -> None:
    names = [item.values[0]["name"] for item in ITEMS]
    assert len(names) == len(set(names)) > 200
    assert {item.values[0]["game"] for item in ITEMS} == set(GAMES)
    kinds = {kind for item in ITEMS for kind in item.values[0]["texts"]}
    assert kinds == {"record", "state", "signed-record", "signed-state", "seat-record"}
    starts = [
        item
        for item in ITEMS
        if '"format": 2' in item.values[0]["texts"].get("state", "")
        and "view-sample" in item.values[0]["name"]
    ]
    assert len(starts) > 30, "worlds sampled from views: records that start at a deal"


def settings(game: Any) -> set[str]:
    """Every setting of ``game``'s rules, read from its ``Rules`` class."""
    return set(game.rules_type().to_dict())


def test_the_corpus_sets_every_rule_option_of_0_1_0_away_from_its_default() -> None:
    """Every setting a game's rules had in 0.1.0 is still a setting, and some saved file sets it
    away from its default. A setting added since (in today's ``Rules`` class, not in 0.1.0's:
    see the next test) is not asked of files 0.1.0 wrote."""
    changed: dict[str, set[str]] = {name: set() for name in GAMES}
    for item in ITEMS:
        data = item.values[0]
        text = data["texts"].get("state") or data["texts"]["record"]
        game = GAMES[data["game"]]
        rules = game.rules_from_json(GameRecord.from_json(text).rules)
        changed[data["game"]] |= set(rules.changed())
    for name, game in GAMES.items():
        if name == "texas42-open-31":
            continue  # the house-rule game shares Texas 42's rules
        old = settings_0_1_0(name)
        assert old, f"{name}: 0.1.0 had this game"
        assert old <= settings(game), f"{name}: settings of 0.1.0 gone: {old - settings(game)}"
        assert changed[name] == old, f"{name}: never changed {old - changed[name]}"


@pytest.mark.parametrize("name", [name for name in GAMES if name != "texas42-open-31"])
def test_a_setting_added_since_0_1_0_leaves_old_positions_alone(name: str) -> None:
    """A setting added since 0.1.0 (read from the ``Rules`` class) left at its default changes
    no fingerprint 0.1.0 wrote: the default rules' match, played on, keeps them. Turned away
    from its default (a flag set), the position is not one 0.1.0 could reach (it has no 0.1.0
    fingerprint) and its state JSON, written today, loads back."""
    game = GAMES[name]
    state = game.new_match(game.rules_type())
    assert old_fingerprint(state) is not None
    for later in random_states(state, random.Random(0), max_steps=60):
        assert old_fingerprint(later) is not None
    defaults = game.rules_type().to_dict()
    for setting in sorted(settings(game) - settings_0_1_0(name)):
        if type(defaults[setting]) is not bool:
            continue  # only a flag has one value away from its default that is always valid
        rules = game.rules_type.from_dict({setting: not defaults[setting]})
        state = game.new_match(rules)
        assert old_fingerprint(state) is None, setting
        assert game.state_from_json(game.state_to_json(state)) == state


@pytest.mark.parametrize("item", ITEMS)
def test_every_saved_file_loads_to_the_same_position(item: dict[str, Any]) -> None:
    game = GAMES[item["game"]]
    texts = item["texts"]
    if "seat-record" in texts:
        _check_seat_record(game, texts["record"], texts["seat-record"], item["seat"])
        return
    expect = dict(item["expect"])
    old_print, old_trail = expect.pop("fingerprint"), expect.pop("trail")
    loaded = []
    for kind_written, text_written in texts.items():
        kind, text = kind_written, text_written
        if kind.startswith("signed-"):
            kind, text = kind.removeprefix("signed-"), verify(text, SIGNING_KEY)
        if kind == "state":
            state = game.state_from_json(text)
            assert json.loads(text)["fingerprint"] == old_print
        else:
            state = game.replay(GameRecord.from_json(text))
        assert facts(state) == expect, kind
        assert old_fingerprint(state) == old_print
        loaded.append(state)
    assert all(state == loaded[0] for state in loaded)
    state = loaded[0]
    record = GameRecord.from_json(next(iter(texts.values()))) if "record" in texts else None
    again = game.record(state)
    if record is not None:
        assert (again.actions, again.start) == (record.actions, record.start)
    assert trail(game, again) == old_trail
    # Written again today, in today's form, it loads back to the same position.
    assert game.state_from_json(game.state_to_json(state)) == state


def _check_seat_record(game: Any, record_text: str, seat_text: str, seat: int) -> None:
    """A seat record is for display (it cannot be replayed): the match it was made from still
    loads, and still gives the same seat record."""
    state = game.replay(GameRecord.from_json(record_text))
    saved, today = json.loads(seat_text), seat_record(game, state, seat).to_dict()
    assert game.rules_from_json(saved.pop("rules")) == game.rules_from_json(today.pop("rules"))
    assert today == saved
