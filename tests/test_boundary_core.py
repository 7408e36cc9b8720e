"""Trust at the boundary, core half (issue 8): errors below pieces, an immutable history, piece
sets that survive pickling, bounded record reading, format versions, required fingerprints,
signing, the replay command and conformance checks that work under ``python -O``.

One plain test per reproduction of the issue, then property tests that mutate valid records of
every game in every way and check that only documented errors escape.
"""

from __future__ import annotations

import ast
import copy
import json
import pickle
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablegames.core.errors as core_errors
from tablegames import errors, preference, texas42
from tablegames.cli import main
from tablegames.core import PASS, GameRecord, History, play_randomly, random_action
from tablegames.core.game import Game
from tablegames.core.limits import MAX_ACTION_CHARS, MAX_ACTIONS, MAX_JSON_DEPTH, MAX_RECORD_CHARS
from tablegames.core.signing import sign, verify
from tablegames.errors import (
    ConformanceError,
    NotationError,
    RecordError,
    SignatureError,
    TableGamesError,
)
from tablegames.games import GAME_MODULES, get_game
from tablegames.pieces import CARD_UNIVERSE, CARDS, DOMINO_UNIVERSE, Card, PieceSet, cards, dominoes
from tablegames.pieces.sets import Universe

SRC = Path(__file__).resolve().parent.parent / "src"
GAMES = sorted(GAME_MODULES)
KEY = b"a test key of at least sixteen bytes"


def copies(obj: Any) -> list[Any]:
    return [pickle.loads(pickle.dumps(obj)), copy.copy(obj), copy.deepcopy(obj)]


def short_message(exc: BaseException) -> bool:
    return len(str(exc)) < 200 and "\n" not in str(exc)


# -- errors live below pieces ----------------------------------------------------------------


def test_pieces_import_nothing_from_core() -> None:
    for path in sorted((SRC / "tablegames" / "pieces").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                assert not module.startswith("tablegames.core"), f"{path.name} imports {module}"
                assert not (node.level >= 2), f"{path.name} imports from above pieces/"
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith("tablegames.core") for a in node.names)


def test_core_errors_are_the_same_classes() -> None:
    for name in ("TableGamesError", "IllegalActionError", "NotationError", "RecordError"):
        assert getattr(core_errors, name) is getattr(errors, name)
    assert issubclass(errors.RulesError, TableGamesError)
    assert issubclass(SignatureError, RecordError) and issubclass(ConformanceError, AssertionError)


def test_illegal_action_error_pickles_with_its_violation() -> None:
    with pytest.raises(errors.IllegalActionError) as caught:
        texas42.new_match().apply(texas42.Bid(30))
    again = pickle.loads(pickle.dumps(caught.value))
    assert again.violation == caught.value.violation and str(again) == str(caught.value)


# -- the action log ----------------------------------------------------------------------------


def test_history_cannot_be_rewritten() -> None:
    state = play_randomly(texas42.new_match(texas42.Rules(target=40)), random.Random(1), 20)
    before = state.history.to_tuple()
    with pytest.raises(AttributeError):
        state.history.last = PASS  # type: ignore[misc]
    with pytest.raises(AttributeError):
        state.history._node = (None, PASS, 1)
    with pytest.raises(AttributeError):
        del state.history._node
    assert state.history.to_tuple() == before


def test_history_of_100000_actions_is_handled_without_recursion() -> None:
    log = History.of(range(100_000))
    for copied in copies(log):
        assert copied == log and hash(copied) == hash(log) and len(copied) == 100_000
    assert list(log)[-3:] == [99_997, 99_998, 99_999] and log.back(99_999).to_tuple() == (0,)
    assert pickle.loads(pickle.dumps(History.EMPTY)) is History.EMPTY
    assert log != History.of(range(99_999)) and log != log.back(1).append(-1)
    with pytest.raises(TableGamesError):
        log.back(100_001)


@pytest.mark.parametrize("node", [None, (), (None, "pass"), (None, "pass", -1), [None, None, 0]])
def test_a_history_shows_only_a_log_node(node: Any) -> None:
    with pytest.raises(TableGamesError, match="log node"):
        History(node)


def test_a_state_keeps_its_log_as_bare_nodes_shared_with_the_state_before() -> None:
    state = texas42.new_match()
    after = state.apply(state.chance_outcome(random.Random(0)))
    assert after.history.log[0] is state.history.log and after.history.back(1) == state.history


@pytest.fixture(scope="module")
def passing_match() -> Any:
    """A Texas 42 match of exactly 100,000 actions: deal, four passes, deal again..."""
    rng = random.Random(0)
    state = texas42.new_match()
    while len(state.history) < 100_000:
        state = state.apply(state.chance_outcome(rng) if state.is_chance else PASS)
    return state


def test_a_100000_action_match_pickles_and_copies(passing_match: Any) -> None:
    state = passing_match
    for copied in copies(state):
        assert copied == state and copied.history == state.history
        assert copied.view(1) == state.view(1)
    assert copy.deepcopy(state.view(2)) == state.view(2)
    record = texas42.GAME.record(state)
    assert len(record.actions) == MAX_ACTIONS and pickle.loads(pickle.dumps(record)) == record


def test_a_100000_action_match_is_within_the_record_limits(passing_match: Any) -> None:
    text = texas42.GAME.state_to_json(passing_match)
    assert len(text) < MAX_RECORD_CHARS
    assert texas42.GAME.state_from_json(text) == passing_match


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_complete_random_matches_pickle_and_copy_at_every_stage(name: str, seed: int) -> None:
    game = get_game(name)
    rng = random.Random(seed)
    state = game.new_match(game.rules_type())
    step = 0
    while not state.is_over:
        action = random_action(state, rng)
        if step % 53 == 0 or step < 3:
            players = getattr(state.rules, "players", 4)
            objects = [state, action, state.rules, game.record(state), *state.zones().values()]
            objects += [state.view(seat) for seat in range(players if players else 4)]
            for obj in objects:
                assert all(c == obj for c in copies(obj)), (name, step, type(obj))
            again = pickle.loads(pickle.dumps(state))
            assert again.apply(action) == state.apply(action)
        state = state.apply(action)
        step += 1
    for copied in copies(state):
        assert copied == state and copied.history == state.history and copied.is_over


def test_a_complete_preference_match_pickles() -> None:
    final = play_randomly(preference.new_match(preference.Rules()), random.Random(5))
    assert final.is_over and len(final.history) > 250
    assert pickle.loads(pickle.dumps(final)) == final and copy.deepcopy(final) == final


# -- piece sets ----------------------------------------------------------------------------------


def test_unpickled_piece_sets_are_equal_and_combine() -> None:
    hand = cards("AS KH 7D")
    again = pickle.loads(pickle.dumps(hand))
    assert again == hand and hash(again) == hash(hand) and again.universe is CARD_UNIVERSE
    assert str(again | cards("2C")) == "2C 7D KH AS" and again <= hand and not (again - hand)
    tiles = dominoes("6:4 5:5")
    assert copy.deepcopy(tiles) == tiles and (copy.deepcopy(tiles) & tiles) == tiles
    assert pickle.loads(pickle.dumps(DOMINO_UNIVERSE)) is DOMINO_UNIVERSE


def test_universes_are_values() -> None:
    twin: Universe[Card] = Universe("cards", CARDS, Card.parse)
    assert twin == CARD_UNIVERSE and twin is not CARD_UNIVERSE
    mine = PieceSet(0b101, twin)
    assert mine == cards("2C 4C") and str(mine | cards("AS")) == "2C 4C AS"
    assert pickle.loads(pickle.dumps(mine)) == mine  # pickled by content: not the singleton
    other: Universe[Card] = Universe("other cards", CARDS, Card.parse)
    with pytest.raises(TypeError):
        PieceSet(1, other) | cards("2C")


def test_deep_copied_view_equals_the_view() -> None:
    state = texas42.new_match()
    state = state.apply(state.chance_outcome(random.Random(4)))
    view = state.view(1)
    assert copy.deepcopy(view) == view and pickle.loads(pickle.dumps(view)) == view


# -- bounded reading -----------------------------------------------------------------------------


def test_100000_nested_brackets_are_refused_by_the_library() -> None:
    for text in ("[" * 100_000, "[" * 100_000 + "]" * 100_000, '{"a":' * 100_000):
        with pytest.raises(RecordError) as caught:
            GameRecord.from_json(text)
        assert short_message(caught.value)
        with pytest.raises(RecordError):
            texas42.GAME.state_from_json(text)
    nested = json.dumps({"game": "texas42", "rules": {}, "actions": []})
    deep = nested.replace('"rules": {}', '"rules": ' + "[" * 5000 + "]" * 5000)
    with pytest.raises(RecordError, match=f"deeper than {MAX_JSON_DEPTH}"):
        GameRecord.from_json(deep)


def test_100000_nested_brackets_are_refused_by_the_replay_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000, encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tablegames: ") and err.count("\n") == 1 and "deeper" in err


def test_the_replay_command_reads_records_and_states(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    final = play_randomly(texas42.new_match(texas42.Rules(target=40)), random.Random(3))
    (tmp_path / "record.json").write_text(texas42.GAME.record(final).to_json(), encoding="utf-8")
    (tmp_path / "state.json").write_text(texas42.GAME.state_to_json(final), encoding="utf-8")
    forged = json.loads(texas42.GAME.state_to_json(final))
    forged["fingerprint"] = "0" * 24
    (tmp_path / "forged.json").write_text(json.dumps(forged), encoding="utf-8")
    (tmp_path / "latin1.json").write_bytes(b'{"game": "\xe9"}')
    assert main(["replay", str(tmp_path / "record.json")]) == 0
    assert main(["replay", str(tmp_path / "state.json")]) == 0
    assert "actions replayed; over: True" in capsys.readouterr().out
    for bad in ("forged.json", "latin1.json", "missing.json", "."):
        assert main(["replay", str(tmp_path / bad)]) == 2
        err = capsys.readouterr().err
        assert err.startswith("tablegames: ") and err.count("\n") == 1, err


def test_a_10_mb_string_is_refused_with_a_short_message() -> None:
    huge = "x" * 10_000_000
    for read in (GameRecord.from_json, texas42.GAME.state_from_json):
        with pytest.raises(RecordError) as caught:
            read(huge)
        assert short_message(caught.value) and "10,000,000 characters" in str(caught.value)
    with pytest.raises(SignatureError) as signed:
        verify(huge, KEY)
    assert short_message(signed.value)


def test_long_actions_and_too_many_actions_are_refused_before_replay() -> None:
    long_action = {"game": "texas42", "rules": {}, "actions": ["deal " + "6:6 " * 100_000]}
    with pytest.raises(RecordError, match=f"the limit is {MAX_ACTION_CHARS}") as caught:
        GameRecord.from_json(json.dumps(long_action))
    assert short_message(caught.value)
    with pytest.raises(RecordError, match="100,001 actions"):
        texas42.GAME.replay(GameRecord("texas42", {}, ["pass"] * (MAX_ACTIONS + 1)))
    with pytest.raises(RecordError, match="not a game name"):
        GameRecord.from_json(json.dumps({"game": "g" * 10_000, "rules": {}, "actions": []}))


def test_json_oddities_are_refused() -> None:
    for text in (
        '{"game": "texas42", "game": "quartets", "rules": {}, "actions": []}',
        '{"game": "texas42", "rules": {"target": NaN}, "actions": []}',
        '{"game": "texas42", "rules": {"target": 1e999}, "actions": []}',
        '{"game": "texas42", "rules": {"target": ' + "9" * 5000 + "}, " + '"actions": []}',
        b'{"game": "texas42", "rules": {}, "actions": []}',
        '{"game": "texas42", "rules": {}, "actions": [], "extra": 1}',
        "",
        "null",
    ):
        with pytest.raises(RecordError) as caught:
            GameRecord.from_json(text)  # type: ignore[arg-type]
        assert short_message(caught.value)


# -- format versions and fingerprints -----------------------------------------------------------


def test_records_carry_format_1_and_refuse_other_versions() -> None:
    record = GameRecord("texas42", {}, ())
    assert json.loads(record.to_json())["format"] == 1
    old = '{"game": "texas42", "rules": {}, "actions": []}'
    assert GameRecord.from_json(old) == record  # written before format numbers: format 1
    for version in ("2", "0", '"1"', "true", "1.0", "null", "[1]", "{}", "-1"):
        text = '{"format": ' + version + ', "game": "texas42", "rules": {}, "actions": []}'
        with pytest.raises(RecordError, match="this library reads format 1"):
            GameRecord.from_json(text)
    state_json = json.loads(texas42.GAME.state_to_json(texas42.new_match()))
    assert state_json["format"] == 1 and "fingerprint" in state_json


def test_state_json_requires_its_fingerprint() -> None:
    final = play_randomly(texas42.new_match(texas42.Rules(target=40)), random.Random(2))
    data = json.loads(texas42.GAME.state_to_json(final))
    fingerprints: list[Any] = [None, 0, [], {}, "", "x" * 1000, "0" * 24, data["fingerprint"][::-1]]
    for fingerprint in fingerprints:
        forged = dict(data, fingerprint=fingerprint)
        with pytest.raises(RecordError):
            texas42.GAME.state_from_json(json.dumps(forged))
    del data["fingerprint"]
    with pytest.raises(RecordError, match="fingerprint"):
        texas42.GAME.state_from_json(json.dumps(data))
    assert texas42.GAME.replay(GameRecord.from_json(json.dumps(data))) == final


# -- rules from JSON and replay map every failure ---------------------------------------------


def test_rules_from_json_maps_every_failure_to_a_record_error() -> None:
    game = texas42.GAME
    not_objects: list[Any] = [[], "target", 5, None]
    for data in not_objects:
        with pytest.raises(RecordError, match="JSON object"):
            game.rules_from_json(data)
    with pytest.raises(RecordError, match="named by strings"):
        game.rules_from_json({1: 2})  # type: ignore[dict-item]
    with pytest.raises(RecordError, match="no setting 'colour'"):
        game.rules_from_json({"colour": "red"})
    for value in ("4", [1], {"a": 1}, 0, -5):
        with pytest.raises(RecordError, match="setting 'target'") as caught:
            game.rules_from_json({"target": value})
        assert short_message(caught.value)
    with pytest.raises(RecordError, match="setting 'payout'"):
        preference.GAME.rules_from_json({"payout": 5})


def test_replay_names_the_failing_action() -> None:
    final = play_randomly(texas42.new_match(texas42.Rules(target=40)), random.Random(6))
    actions = list(texas42.GAME.record(final).actions)
    for number, bad in ((3, "bid 300"), (2, "fly away"), (1, "x" * 400)):
        broken = [*actions[: number - 1], bad, *actions[number:]]
        with pytest.raises(RecordError, match=f"action {number}") as caught:
            texas42.GAME.replay(GameRecord("texas42", {}, broken))
        # bounded by the action length limit (the loop body quotes the whole action text)
        assert len(str(caught.value)) < 2 * MAX_ACTION_CHARS + 200
    with pytest.raises(RecordError, match="not texas42"):
        texas42.GAME.replay(GameRecord("quartets", {}, ()))
    with pytest.raises(RecordError, match="GameRecord"):
        texas42.GAME.replay({"game": "texas42"})  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="named by a string"):
        texas42.GAME.replay(GameRecord(42, {}, ()))  # type: ignore[arg-type]


def test_replay_maps_other_library_errors_with_the_action_number() -> None:
    def odd_parse(text: str) -> Any:
        if text == "boom":
            raise TableGamesError("Something in the library refused this.")
        return texas42.GAME.parse_action(text)

    game: Game[Any, Any] = attrs.evolve(texas42.GAME, parse_action=odd_parse)
    state = texas42.new_match()
    deal = str(state.chance_outcome(random.Random(1)))
    with pytest.raises(RecordError, match="action 2: Something in the library refused this"):
        game.replay(GameRecord("texas42", {}, [deal, "boom"]))


def test_replay_refuses_a_malformed_action_a_parser_makes_with_its_number() -> None:
    """A game's parser may make an action whose fields are malformed: the replay still checks
    it (only actions known to be well formed skip the check) and names the action."""

    def sloppy_parse(text: str) -> Any:
        return texas42.Bid(30.0) if text == "bid thirty" else texas42.GAME.parse_action(text)  # type: ignore[arg-type]

    game: Game[Any, Any] = attrs.evolve(texas42.GAME, parse_action=sloppy_parse)
    deal = str(texas42.new_match().chance_outcome(random.Random(1)))
    with pytest.raises(RecordError, match=r"action 3 \('bid thirty'\): A bid is a whole number"):
        game.replay(GameRecord("texas42", {}, [deal, "pass", "bid thirty"]))


# -- signing -------------------------------------------------------------------------------------


def test_signed_state_json_round_trips_and_tampering_is_caught() -> None:
    final = play_randomly(texas42.new_match(texas42.Rules(target=40)), random.Random(8))
    signed = sign(texas42.GAME.state_to_json(final), KEY)
    assert texas42.GAME.state_from_json(verify(signed, KEY)) == final
    header, _, body = signed.partition("\n")
    tampered = [
        header + "\n" + body.replace('"target": 40', '"target": 41'),
        header[:-1] + ("0" if header[-1] != "0" else "1") + "\n" + body,
        body,
        header.upper() + "\n" + body,
        "hmac-sha256=" + "0" * 64 + body,
        "",
    ]
    for text in tampered:
        with pytest.raises(SignatureError):
            verify(text, KEY)
    with pytest.raises(SignatureError):
        verify(signed, b"another key, sixteen bytes or more")
    for key in (b"short", "a str key of enough length", None):
        with pytest.raises(TableGamesError, match="signing key"):
            sign("text", key)  # type: ignore[arg-type]
    assert verify(sign("\ud800 lone surrogate", KEY), KEY) == "\ud800 lone surrogate"


# -- conformance checks under python -O ------------------------------------------------------

BROKEN_STATE_SCRIPT = """
import random, attrs
from tablegames import texas42
from tablegames.errors import ConformanceError
from tablegames.testing import check_conservation, check_state
assert False, "this assert must be stripped by -O"
state = texas42.new_match()
state = state.apply(state.chance_outcome(random.Random(0)))
check_conservation(texas42.GAME, state)
broken = attrs.evolve(state, hands=(state.hands[0] | state.hands[1],) + state.hands[1:])
for check in (check_conservation, lambda g, s: check_state(g, s, random.Random(0))):
    try:
        check(texas42.GAME, broken)
    except ConformanceError as exc:
        print("caught:", exc)
    else:
        print("missed")
"""


def test_conformance_checks_catch_a_broken_state_under_python_dash_o() -> None:
    result = subprocess.run(
        [sys.executable, "-O", "-c", BROKEN_STATE_SCRIPT],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(SRC), "PATH": ""},
        check=False,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines == ["caught: conservation: a piece is in hand 1 and in another zone too"] * 2, (
        lines
    )


def test_conformance_error_is_raised_not_asserted() -> None:
    source = (SRC / "tablegames" / "testing" / "conformance.py").read_text(encoding="utf-8")
    assert not any(isinstance(node, ast.Assert) for node in ast.walk(ast.parse(source)))


# -- property tests: mutated records of every game ------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=6,
)


@st.composite
def valid_documents(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """A game name and the JSON data of a state of it after a random prefix of a match."""
    name = draw(st.sampled_from(GAMES))
    game = get_game(name)
    rng = random.Random(draw(st.integers(0, 2**16)))
    state = game.new_match(game.rules_type())
    for _ in range(draw(st.integers(0, 40))):
        if state.is_over:
            break
        state = state.apply(random_action(state, rng))
    return name, json.loads(game.state_to_json(state))


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += _paths(item, (*path, index))
    return out


def _container(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path[:-1]:
        data = data[step]
    return data


MUTATIONS = (
    "drop",
    "duplicate",
    "swap",
    "retype",
    "truncate",
    "nest",
    "huge",
    "format",
    "fingerprint",
    "unknown",
    "cut text",
)


@st.composite
def mutated_documents(draw: st.DrawFn) -> tuple[str, str, str]:
    """(game name, JSON text, mutation): a valid state document changed in one way."""
    name, data = draw(valid_documents())
    kind = draw(st.sampled_from(MUTATIONS))
    paths = [p for p in _paths(data) if p]
    path = draw(st.sampled_from(paths))
    where = _container(data, path)
    last = path[-1]
    if kind == "drop":
        del where[last]
    elif kind == "duplicate":
        if isinstance(where, list):
            where.insert(last, copy.deepcopy(where[last]))
        else:
            where[str(last) + "_"] = copy.deepcopy(where[last])
    elif kind == "swap":
        actions = data["actions"]
        if len(actions) >= 2:
            i = draw(st.integers(0, len(actions) - 1))
            j = draw(st.integers(0, len(actions) - 1))
            actions[i], actions[j] = actions[j], actions[i]
    elif kind == "retype":
        where[last] = draw(JSON_VALUES)
    elif kind == "truncate":
        value = where[last]
        if isinstance(value, str):
            where[last] = value[: draw(st.integers(0, max(0, len(value) - 1)))]
        elif isinstance(value, list):
            del value[draw(st.integers(0, len(value))) :]
    elif kind == "nest":
        where[last] = json.loads("[" * MAX_JSON_DEPTH + "1" + "]" * MAX_JSON_DEPTH)
    elif kind == "huge":
        where[last] = "x" * draw(st.sampled_from([MAX_ACTION_CHARS + 1, 100_000, 1_000_000]))
    elif kind == "format":
        data["format"] = draw(JSON_VALUES)
    elif kind == "fingerprint":
        data["fingerprint"] = draw(st.none() | st.text(max_size=30) | JSON_VALUES)
    elif kind == "unknown":
        data[draw(st.text(max_size=6))] = draw(JSON_VALUES)
    text = json.dumps(data)
    if kind == "cut text":
        text = text[: draw(st.integers(0, len(text) - 1))]
    if kind == "nest" and draw(st.booleans()):
        text = "[" * 100_000 + text + "]" * 100_000
    return name, text, kind


def _documented(exc: BaseException) -> bool:
    return isinstance(exc, RecordError) and len(str(exc)) < 1_000


@given(document=mutated_documents())
def test_mutated_state_json_is_refused_cleanly_or_consistent(
    document: tuple[str, str, str],
) -> None:
    name, text, _ = document
    game = get_game(name)
    try:
        state = game.state_from_json(text)
    except TableGamesError as exc:
        assert _documented(exc), repr(exc)[:300]
        return
    data = json.loads(text)
    assert data["fingerprint"] == state.fingerprint()
    assert list(game.record(state).actions) == data["actions"]
    assert game.rules_from_json(data["rules"]) == state.rules


@given(document=mutated_documents())
def test_mutated_records_are_refused_cleanly_or_replay_exactly(
    document: tuple[str, str, str],
) -> None:
    name, text, _ = document
    try:
        record = GameRecord.from_json(text)
        state = get_game(record.game).replay(record)
    except TableGamesError as exc:
        assert isinstance(exc, RecordError) or "no game called" in str(exc), repr(exc)[:300]
        assert len(str(exc)) < 1_000
        return
    assert record.game == name
    assert game_actions(record.game, state) == list(record.actions)


def game_actions(name: str, state: Any) -> list[str]:
    return list(get_game(name).record(state).actions)


@given(document=mutated_documents())
def test_mutated_signed_texts_are_refused(document: tuple[str, str, str]) -> None:
    name, text, _ = document
    game = get_game(name)
    original = game.state_to_json(game.new_match(game.rules_type()))
    signed = sign(original, KEY)
    forged = signed.partition("\n")[0] + "\n" + text
    if text == original:
        assert verify(forged, KEY) == original
    else:
        with pytest.raises(SignatureError):
            verify(forged, KEY)


@given(text=st.text(max_size=200) | st.binary(max_size=50).map(lambda b: b.decode("latin-1")))
def test_arbitrary_text_is_refused_cleanly(text: str) -> None:
    for read in (GameRecord.from_json, texas42.GAME.state_from_json):
        try:
            read(text)
        except RecordError as exc:
            assert short_message(exc)


@pytest.mark.parametrize("name", ["texas42", "ninety-two", "preference", "quartets"])
def test_a_json_clients_values_are_refused_in_words_any_client_reads(name: str) -> None:
    """A JSON move handler gives the library what json.loads made: true is refused as the
    boolean true (never Python's True), and a number as an action in a sentence like the
    others (a capital, a full stop)."""
    game = get_game(name)
    state = game.new_match(game.rules_type())
    state = state.apply(state.chance_outcome(random.Random(1)))
    message = json.loads('{"seat": true, "move": 5}')
    seats = game.seats(state.rules)
    verdict = state.check(state.legal_actions()[0], seat=message["seat"])
    assert verdict is not None and verdict.message == (
        f"Seats are whole numbers 0 to {seats - 1}, not the boolean true."
    )
    with pytest.raises(NotationError) as refused:
        game.parse_action(message["move"])
    assert str(refused.value) == "An action is written as text, not 5."
    with pytest.raises(NotationError) as empty:
        game.parse_action("  ")
    assert str(empty.value).startswith("An empty text is not an action")
