"""What reading a record refuses, and the sentences it refuses with.

docs/limits.md: records are read with bounded work, and a text that is not a record raises
``RecordError`` with a message that names what was being read and never quotes more than a
short prefix of the input. ``GameRecord.from_json`` (tablegames.core.records) reads a record or
a state in JSON: format 1 from the start of a match, format 2 with a start position.
"""

from __future__ import annotations

import pytest

from tablegames.core.records import GameRecord
from tablegames.errors import RecordError


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
