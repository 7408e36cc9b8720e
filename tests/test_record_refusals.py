"""What reading a record refuses, and the sentences it refuses with.

docs/limits.md: records are read with bounded work, and a text that is not a record raises
``RecordError`` with a message that names what was being read and never quotes more than a
short prefix of the input. ``GameRecord.from_json`` (tablegames.core.records) reads a record or
a state in JSON: format 1 from the start of a match, format 2 with a start position.
"""

from __future__ import annotations

import pytest

from tablegames.core.limits import MAX_ACTION_CHARS, MAX_ACTIONS, MAX_GAME_NAME_CHARS
from tablegames.core.records import GameRecord
from tablegames.errors import RecordError, excerpt


def refusal(text: object) -> str:
    with pytest.raises(RecordError) as refused:
        GameRecord.from_json(text)  # type: ignore[arg-type]
    return str(refused.value)


def test_a_record_is_a_json_object_read_from_text() -> None:
    assert refusal(12) == "A record is read from JSON text (a str), not int."
    assert refusal("[]") == "A record is a JSON object."
    assert refusal("{").startswith("The record is not valid JSON: ")
    assert refusal("[" * 50).startswith("The record's brackets nest deeper than 20")
    assert refusal('{"a": 1, "a": 2}').startswith("The record is not valid JSON: the name 'a'")


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        (
            '{"format": 3, "game": "texas42", "rules": {}, "actions": []}',
            "The record is in format 3; this library reads format 1 (and 2, for a record that "
            "starts at a deal).",
        ),
        (
            '{"format": 2, "game": "texas42", "rules": {}, "actions": []}',
            "A format 2 record starts at a deal and carries that start as a JSON object; this one "
            "does not (this library reads format 1 records from the start of a match).",
        ),
        (
            '{"format": 1, "game": "texas42", "rules": {}, "actions": [], "start": {}}',
            "A record with a start position is in format 2, not 1.",
        ),
        (
            '{"game": "texas42", "rules": {}, "actions": [], "note": 1}',
            "A record has no field 'note'.",
        ),
        (
            '{"game": "texas42", "rules": [], "actions": []}',
            "A record has a game name, a rules object and a list of actions.",
        ),
        (
            '{"game": "texas42", "rules": {}, "actions": ["pass", 3]}',
            "Every action in a record is a string; action 2 is not.",
        ),
    ],
)
def test_the_refusal_sentences(text: str, sentence: str) -> None:
    assert refusal(text) == sentence


def test_records_from_before_format_numbers_and_with_a_start_read() -> None:
    plain = GameRecord.from_json('{"game": "texas42", "rules": {}, "actions": ["pass"]}')
    assert plain == GameRecord("texas42", {}, ("pass",))
    started = GameRecord.from_json(
        '{"format": 2, "game": "quartets", "rules": {}, "actions": [], "start": {"dealer": 1}}'
    )
    assert started.start == {"dealer": 1}


def limits_refusal(record: GameRecord) -> str:
    with pytest.raises(RecordError) as refused:
        record.check_limits()
    return str(refused.value)


def test_the_record_limits_at_exactly_their_size() -> None:
    """docs/limits.md, "Limits": a record's game name (40 characters), action count (100,000)
    and action length (500 characters); one more is refused, naming what is too long."""
    GameRecord("g" * MAX_GAME_NAME_CHARS, {}, ()).check_limits()
    name = "g" * (MAX_GAME_NAME_CHARS + 1)
    assert limits_refusal(GameRecord(name, {}, ())) == (
        f"{excerpt(name, 20)} is not a game name: it is too long."
    )
    GameRecord("texas42", {}, ["pass"] * MAX_ACTIONS).check_limits()
    assert limits_refusal(GameRecord("texas42", {}, ["pass"] * (MAX_ACTIONS + 1))) == (
        "The record holds 100,001 actions; the limit is 100,000."
    )
    longest = "x" * MAX_ACTION_CHARS
    GameRecord("texas42", {}, ["pass", longest]).check_limits()
    long = "x" * (MAX_ACTION_CHARS + 1)
    assert limits_refusal(GameRecord("texas42", {}, [longest, long])) == (
        f"action 2 is 501 characters long; the limit is 500: {excerpt(long)}"
    )


def test_names_are_strings() -> None:
    assert limits_refusal(GameRecord(12, {}, ())) == (  # type: ignore[arg-type]
        "A record's game is named by a string, not int."
    )
    # The rules and the start are frozen as the record is made: their names must be strings.
    with pytest.raises(RecordError, match="objects are named by strings, not an int"):
        GameRecord("texas42", {1: 2}, ())
    with pytest.raises(RecordError, match="objects are named by strings, not an int"):
        GameRecord("texas42", {}, (), start={1: 1})


@pytest.mark.parametrize(
    ("size", "shown"), [(38, '"' + "a" * 38 + '"'), (39, '"' + "a" * 39 + "…")]
)
def test_an_unknown_format_is_shown_cut_to_40_characters(size: int, shown: str) -> None:
    text = '{"format": "' + "a" * size + '", "game": "texas42", "rules": {}, "actions": []}'
    assert refusal(text).startswith(f"The record is in format {shown}; this library reads")
