"""Saved data is a promise: every file a released version wrote keeps loading, to the same position.

Each released version wrote a corpus, ``tests/data/saved_<version>/``: records, states in JSON
(their fingerprints in that version's form), both signed, and seat records, for every game and
every rule option away from its default: in the bidding, mid trick, between deals, at the end
of a match, and worlds sampled with ``state.sample`` and ``view.sample`` (records that start at
a deal). 0.1.0's was written by tools/make_corpus_v0_1_0.py run against 0.1.0, each later one
by tools/make_corpus.py run against the release, with a ``manifest.json`` that names its
fingerprint form and every setting its version's ``Rules`` classes had. Each item also holds
what it must load to, written by its version: the public facts of the position (phase, seat to
act, winners, returns, where every piece is, the legal actions in notation) and a digest of
the fingerprints of every state along its record, so that state JSON saved at any of those
moments loads too (docs/contract.md, "Records and state JSON"). A new release only adds a
directory.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tablegames
from tablegames.core.fingerprint import FORM
from tablegames.core.fingerprint_0_1_0 import settings_0_1_0
from tablegames.core.game import random_states
from tablegames.core.records import GameRecord
from tablegames.core.seat_record import seat_record
from tablegames.core.signing import verify
from tablegames.examples import house42, whist3
from tablegames.games import get_game

DATA = Path(__file__).parent / "data"
SIGNING_KEY = b"tablegames corpus key, not a secret"
"""The key the corpus generators (tools/corpus_plan.py) signed the signed items with."""

GAMES: dict[str, Any] = {
    "texas42": get_game("texas42"),
    "ninety-two": get_game("ninety-two"),
    "preference": get_game("preference"),
    "quartets": get_game("quartets"),
    "whist3": whist3.GAME,
    "texas42-open-31": house42.GAME,
}


def manifest(corpus: Path) -> dict[str, Any]:
    """What a corpus says of itself: its version, the form of its fingerprints and every
    setting each game's ``Rules`` class had then. 0.1.0's corpus, written before there were
    manifests, is described here from :func:`settings_0_1_0`."""
    path = corpus / "manifest.json"
    if path.exists():
        found: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        return found
    assert corpus.name == "saved_0.1.0", f"{corpus.name} has no manifest.json"
    own = [name for name in GAMES if name != "texas42-open-31"]
    return {
        "version": "0.1.0",
        "fingerprint_form": "0.1.0",
        "settings": {name: sorted(settings_0_1_0(name)) for name in own},
    }


MANIFESTS = {path.name.removeprefix("saved_"): manifest(path) for path in DATA.glob("saved_*")}
VERSIONS = sorted(MANIFESTS)


def _items(version: str) -> Iterator[dict[str, Any]]:
    for path in sorted((DATA / f"saved_{version}").glob("*.json")):
        if path.name != "manifest.json":
            yield from json.loads(path.read_text(encoding="utf-8"))


ITEMS = {version: list(_items(version)) for version in VERSIONS}


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


def fingerprint_in(form: str, state: Any) -> str | None:
    """The fingerprint of ``state`` in ``form``, the form a corpus's version wrote: "0.1.0"
    or the form this library writes (:data:`~tablegames.core.fingerprint.FORM`)."""
    if form == "0.1.0":
        return old_fingerprint(state)
    assert form == str(FORM), f"form {form}: restate it, as fingerprint_0_1_0 restates 0.1.0's"
    return str(state.fingerprint())


def trail(game: Any, record: GameRecord, form: str) -> str:
    """The digest of the fingerprints in ``form`` of every state along ``record``, as written."""
    state = game.start_state(game.rules_from_json(record.rules), record.start)
    prints = [fingerprint_in(form, state)]
    for text in record.actions:
        state = state.apply(game.parse_action(text))
        prints.append(fingerprint_in(form, state))
    assert None not in prints
    return hashlib.sha256("\n".join(prints).encode()).hexdigest()  # type: ignore[arg-type]


def test_every_released_version_has_a_corpus() -> None:
    """0.1.0 and 0.2.0 were released with theirs (a release adds its own: docs/releasing.md)."""
    assert {"0.1.0", "0.2.0"} <= set(VERSIONS)
    for version in VERSIONS:
        assert MANIFESTS[version]["version"] == version


@pytest.mark.parametrize("version", VERSIONS)
def test_the_corpus_covers_every_game_and_every_kind_of_file(version: str) -> None:
    items = ITEMS[version]
    names = [item["name"] for item in items]
    assert len(names) == len(set(names)) > 200
    assert {item["game"] for item in items} == set(GAMES)
    kinds = {kind for item in items for kind in item["texts"]}
    assert kinds == {"record", "state", "signed-record", "signed-state", "seat-record"}
    starts = [
        item
        for item in items
        if '"format": 2' in item["texts"].get("state", "") and "view-sample" in item["name"]
    ]
    assert len(starts) > 30, "worlds sampled from views: records that start at a deal"


def settings(game: Any) -> set[str]:
    """Every setting of ``game``'s rules, read from its ``Rules`` class."""
    return set(game.rules_type().to_dict())


@pytest.mark.parametrize("version", VERSIONS)
def test_the_corpus_sets_every_rule_option_of_its_version_away_from_its_default(
    version: str,
) -> None:
    """Every setting a game's rules had in the corpus's version (its manifest's list) is still
    a setting, and some file of the corpus sets it away from its default. A setting added
    since (in today's ``Rules`` class, not in the version's: see the next test for 0.1.0) is
    not asked of files that version wrote."""
    changed: dict[str, set[str]] = {name: set() for name in GAMES}
    for item in ITEMS[version]:
        text = item["texts"].get("state") or item["texts"]["record"]
        game = GAMES[item["game"]]
        rules = game.rules_from_json(GameRecord.from_json(text).rules)
        changed[item["game"]] |= set(rules.changed())
    listed = MANIFESTS[version]["settings"]
    assert set(listed) == set(GAMES) - {"texas42-open-31"}  # it shares Texas 42's rules
    for name, names in listed.items():
        game, old = GAMES[name], set(names)
        assert old, f"{name}: {version} had this game"
        assert old <= settings(game), f"{name}: settings of {version} gone: {old - settings(game)}"
        assert changed[name] == old, f"{name}: never changed {old - changed[name]}"


def test_every_setting_a_corpus_lists_is_still_a_setting_of_todays_rules() -> None:
    """A setting is never taken away (files that set it must keep loading): each corpus's
    settings are among today's ``Rules`` settings, read from the classes. A setting added
    since is not a failure here; the test below holds it to old positions, and the next
    release's corpus sets it (tools/make_corpus.py stops when one is never set)."""
    assert MANIFESTS, "no corpus lists its settings"
    for version, manifest in MANIFESTS.items():
        for name, names in manifest["settings"].items():
            assert set(names) <= settings(GAMES[name]), (version, name)


def test_the_corpus_of_this_version_has_todays_fingerprint_form() -> None:
    """The corpus of the version this code says it is (when it has one: it is written at the
    release) was written in today's fingerprint form."""
    version = tablegames.__version__
    if version not in MANIFESTS:
        pytest.skip(f"no corpus of {version} yet: tools/make_corpus.py writes it at the release")
    assert MANIFESTS[version]["fingerprint_form"] == str(FORM)


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


@pytest.mark.parametrize(
    ("version", "item"),
    [
        pytest.param(version, item, id=f"{version}/{item['name']}")
        for version in VERSIONS
        for item in ITEMS[version]
    ],
)
def test_every_saved_file_loads_to_the_same_position(version: str, item: dict[str, Any]) -> None:
    form = MANIFESTS[version]["fingerprint_form"]
    game = GAMES[item["game"]]
    texts = item["texts"]
    if "seat-record" in texts:
        _check_seat_record(game, texts["record"], texts["seat-record"], item["seat"])
        return
    expect = dict(item["expect"])
    saved_print, saved_trail = expect.pop("fingerprint"), expect.pop("trail")
    loaded = []
    for kind_written, text_written in texts.items():
        kind, text = kind_written, text_written
        if kind.startswith("signed-"):
            kind, text = kind.removeprefix("signed-"), verify(text, SIGNING_KEY)
        if kind == "state":
            state = game.state_from_json(text)
            assert json.loads(text)["fingerprint"] == saved_print
        else:
            state = game.replay(GameRecord.from_json(text))
        assert facts(state) == expect, kind
        assert fingerprint_in(form, state) == saved_print
        loaded.append(state)
    assert all(state == loaded[0] for state in loaded)
    state = loaded[0]
    record = GameRecord.from_json(next(iter(texts.values()))) if "record" in texts else None
    again = game.record(state)
    if record is not None:
        assert (again.actions, again.start) == (record.actions, record.start)
    assert trail(game, again, form) == saved_trail
    # Written again today, in today's form, it loads back to the same position.
    assert game.state_from_json(game.state_to_json(state)) == state


def _check_seat_record(game: Any, record_text: str, seat_text: str, seat: int) -> None:
    """A seat record is for display (it cannot be replayed): the match it was made from still
    loads, and still gives the same seat record."""
    state = game.replay(GameRecord.from_json(record_text))
    saved, today = json.loads(seat_text), seat_record(game, state, seat).to_dict()
    assert game.rules_from_json(saved.pop("rules")) == game.rules_from_json(today.pop("rules"))
    assert today == saved
