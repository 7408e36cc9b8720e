"""Reading untrusted JSON with bounded work: the nesting check at its limit, files, sentences.

docs/limits.md, "What is checked, and where": ``GameRecord.from_json`` checks "a str; size,
nesting; JSON; no duplicate names, no NaN/Infinity"; nesting is measured without recursion
before ``json.loads`` runs, and too deep a text is refused with "The record's brackets nest
deeper than 20 or do not balance." ``nesting_within`` (tablegames.core.bounded_json): "a balanced
text of depth at most ``depth`` always passes"; unbalanced brackets count against the limit;
what is left unbalanced but shallow is passed on for the JSON parser to refuse. Files are read
as UTF-8, at most the record limit (4,000,000 characters) and one more.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import tablegames
from tablegames.core.bounded_json import load_json_object, nesting_within, read_text_file
from tablegames.core.limits import MAX_JSON_DEPTH, MAX_RECORD_CHARS
from tablegames.errors import RecordError

DEEP = MAX_JSON_DEPTH  # 20


def nested(levels: int, opener: str = "[", closer: str = "]", sibling: bool = False) -> str:
    """``levels`` nested brackets; with ``sibling``, each level holds an empty pair before the
    next, so that no long run of opening brackets gives the depth away."""
    if not sibling:
        return opener * levels + closer * levels
    pair = opener + closer
    return (opener + pair) * (levels - 1) + pair + closer * (levels - 1)


@pytest.mark.parametrize(("opener", "closer"), [("[", "]"), ("{", "}")])
@pytest.mark.parametrize("sibling", [False, True])
def test_a_balanced_text_passes_at_the_depth_and_is_refused_one_deeper(
    opener: str, closer: str, sibling: bool
) -> None:
    assert nesting_within(nested(DEEP, opener, closer, sibling))
    assert not nesting_within(nested(DEEP + 1, opener, closer, sibling))


def test_mixed_brackets_and_strings() -> None:
    mixed = '{"a": [' * 10 + "1" + "]}" * 10  # 20 deep
    assert nesting_within(mixed)
    assert not nesting_within('[{"a": ' + mixed + "}]")
    assert nesting_within('["' + "[" * 100 + '"]')  # brackets inside a string do not count


def test_unbalanced_brackets_count_against_the_limit() -> None:
    assert not nesting_within("[" * (DEEP + 1) + "]" * DEEP)  # 21 open, 20 closed
    assert nesting_within("[" + "[]" * 25)  # shallow: left for the parser to refuse
    assert nesting_within("]" * DEEP + "[]" * 5)  # 20 unmatched: within the limit
    assert not nesting_within("]" * (DEEP + 1) + "[]" * 5)
    with pytest.raises(RecordError, match="is not valid JSON"):
        load_json_object("[" + "[]" * 25, "record")


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ('{"a": 1, "a": 2}', "The record is not valid JSON: the name 'a' appears twice in one"),
        ('{"a": 1e999}', "The record is not valid JSON: the number '1e999' is too large."),
        ('{"a": NaN}', "The record is not valid JSON: NaN is not a JSON number."),
        ('{"a": -Infinity}', "The record is not valid JSON: -Infinity is not a JSON number."),
    ],
)
def test_what_the_json_may_not_hold(text: str, sentence: str) -> None:
    with pytest.raises(RecordError) as refused:
        load_json_object(text, "record")
    assert str(refused.value).startswith(sentence)


def test_a_file_of_exactly_the_limit_is_read_whole_and_one_more_character_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # short paths: messages quote only a short prefix
    path = Path("big.json")
    path.write_text("x" * MAX_RECORD_CHARS, encoding="utf-8")
    assert len(read_text_file(str(path))) == MAX_RECORD_CHARS
    path.write_text("x" * (MAX_RECORD_CHARS + 1), encoding="utf-8")
    with pytest.raises(RecordError) as refused:
        read_text_file(str(path))
    assert str(refused.value) == (
        f"The record file {str(path)!r} is longer than {MAX_RECORD_CHARS:,} characters."
    )


def test_a_file_is_read_no_further_than_one_character_past_the_limit(tmp_path: Path) -> None:
    """Bytes beyond the limit are never read: a bad byte there does not change the verdict."""
    path = tmp_path / "big.json"
    path.write_bytes(b"x" * (MAX_RECORD_CHARS + 1) + b"\xff")
    with pytest.raises(RecordError, match="is longer than"):
        read_text_file(str(path))


def test_the_file_refusals(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    binary = Path("record.bin")
    binary.write_bytes(b'{"game": "\xff"}')
    with pytest.raises(RecordError) as refused:
        read_text_file(str(binary))
    assert str(refused.value) == f"The record file {str(binary)!r} is not UTF-8 text."
    with pytest.raises(RecordError) as missing:
        read_text_file("none.json", "state")
    assert str(missing.value) == "Cannot read 'none.json': No such file or directory."


def test_a_utf8_record_file_reads_as_utf8_whatever_the_locale(tmp_path: Path) -> None:
    """Records are UTF-8 files: read as UTF-8 under an ASCII locale too (Python's UTF-8 mode and
    locale coercion turned off, as on a system whose locale is not UTF-8)."""
    path = tmp_path / "record.json"
    path.write_text('{"game": "texas42-à-la-maison"}', encoding="utf-8")
    assert read_text_file(str(path)) == '{"game": "texas42-à-la-maison"}'  # here, and
    script = (
        "import sys; from tablegames.core.bounded_json import read_text_file; "
        "sys.stdout.buffer.write(read_text_file(sys.argv[1]).encode('utf-8'))"
    )
    source = str(Path(tablegames.__file__).resolve().parents[1])
    env = {
        **os.environ,
        "PYTHONUTF8": "0",
        "PYTHONCOERCECLOCALE": "0",
        "LC_ALL": "C",
        "PYTHONPATH": source,
    }
    done = subprocess.run(
        [sys.executable, "-c", script, str(path)], env=env, capture_output=True, check=False
    )
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")
    assert done.stdout.decode("utf-8") == '{"game": "texas42-à-la-maison"}'


def test_a_text_of_exactly_the_record_limit_is_read() -> None:
    text = '{"a": "' + "x" * (MAX_RECORD_CHARS - 9) + '"}'
    assert len(text) == MAX_RECORD_CHARS
    assert load_json_object(text, "record")["a"] == "x" * (MAX_RECORD_CHARS - 9)
    with pytest.raises(RecordError, match="characters long; the limit is 4,000,000"):
        load_json_object(text + " ", "record")


def test_a_parser_error_is_quoted_to_120_characters() -> None:
    """Python refuses integers of more than 4,300 digits with a long sentence; the refusal
    quotes its first 120 characters."""
    with pytest.raises(ValueError) as python:
        int("1" * 5000)
    with pytest.raises(RecordError) as refused:
        load_json_object('{"a": ' + "1" * 5000 + "}", "record")
    assert len(str(python.value)) > 120
    assert str(refused.value) == f"The record is not valid JSON: {str(python.value)[:120]}."
