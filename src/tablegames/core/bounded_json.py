"""Reading untrusted JSON text with bounded work: size and nesting are checked before parsing.

The nesting check never recurses and takes linear time: string literals are cut out (by a
pattern that matches at every quote it starts from, to the closing quote or the end of the
text, so the regular-expression engine never retries inside one), and matched pairs of brackets
are removed, innermost first, at most :data:`MAX_JSON_DEPTH` times (each pass is one C-level
scan). So 100,000 nested brackets are refused at once instead of raising ``RecursionError``,
and 4 MB of quotes and backslashes is scanned as fast as 4 MB of anything.

>>> load_json_object('{"game": "texas42"}', "record")
{'game': 'texas42'}
>>> load_json_object("[" * 100_000, "record")
Traceback (most recent call last):
...
tablegames.core.errors.RecordError: The record's brackets nest deeper than 20 or do not balance.
"""

from __future__ import annotations

import json
import math
import re
from typing import NoReturn

from tablegames.errors import RecordError, excerpt

from .limits import MAX_JSON_DEPTH, MAX_RECORD_CHARS

_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
"""A string literal, or an unterminated one up to the end of the text: it matches wherever it
starts at a quote, so cutting strings out is one linear scan (a pattern that could fail there
would be retried from every later quote: quadratic in the text)."""
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")


def nesting_within(text: str, depth: int = MAX_JSON_DEPTH) -> bool:
    """True when the JSON ``text`` nests arrays and objects at most about ``depth`` deep.

    Unbalanced brackets count against the limit too; a balanced text of depth at most
    ``depth`` always passes.

    >>> nesting_within('{"a": [[1], {"b": "[[[[["}]}', depth=3)
    True
    >>> nesting_within("[[[[1]]]]", depth=3)
    False
    """
    if sum(map(text.count, "[]{}")) <= depth:
        return True  # too few brackets to nest deeper, even counting those inside strings
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    if re.search("[\\[{]{" + str(depth + 1) + "}", brackets):
        return False  # a run of opening brackets: the usual attack, refused at once
    for _ in range(depth):
        if not brackets:
            return True
        shorter = brackets.replace("[]", "").replace("{}", "")
        if len(shorter) == len(brackets):
            break
        brackets = shorter
    if "[]" in brackets or "{}" in brackets:
        return False  # still nested after ``depth`` passes
    # What is left has no matched pair: it is unbalanced and nests no deeper than its own
    # length, which the JSON parser then meets safely (and refuses).
    return len(brackets) <= depth


def _unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    out: dict[str, object] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the name {excerpt(key)} appears twice in one object")
        out[key] = value
    return out


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {excerpt(text)} is too large")
    return value


def _no_constant(text: str) -> NoReturn:
    raise ValueError(f"{text} is not a JSON number")


def load_json_object(text: object, what: str) -> dict[str, object]:
    """Parse untrusted JSON ``text`` that must be an object; ``what`` names it in errors.

    Refused with :class:`~tablegames.errors.RecordError`, before parsing: anything but a str,
    more than :data:`MAX_RECORD_CHARS` characters, nesting deeper than :data:`MAX_JSON_DEPTH`.
    While parsing: invalid JSON, a name twice in one object, ``NaN``/``Infinity``, numbers too
    large. Error messages never quote more than a short prefix of the input.

    >>> load_json_object('{"a": 1, "a": 2}', "record")
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RecordError: The record is not valid JSON: the name 'a' appears twice...
    >>> load_json_object("x" * 10_000_000, "record")
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RecordError: The record is 10,000,000 characters long; the limit is ...
    """
    if not isinstance(text, str):
        raise RecordError(f"A {what} is read from JSON text (a str), not {type(text).__name__}.")
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(
            f"The {what} is {len(text):,} characters long; the limit is {MAX_RECORD_CHARS:,}."
        )
    if not nesting_within(text):
        raise RecordError(
            f"The {what}'s brackets nest deeper than {MAX_JSON_DEPTH} or do not balance."
        )
    try:
        data = json.loads(
            text,
            object_pairs_hook=_unique_keys,
            parse_float=_finite,
            parse_constant=_no_constant,
        )
    except json.JSONDecodeError as exc:
        raise RecordError(
            f"The {what} is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}."
        ) from None
    except (ValueError, RecursionError) as exc:  # digit limits, our hooks; depth is pre-checked
        raise RecordError(f"The {what} is not valid JSON: {str(exc)[:120]}.") from None
    if not isinstance(data, dict):
        raise RecordError(f"A {what} is a JSON object.")
    return data


def read_text_file(path: str, what: str = "record") -> str:
    """The text of a UTF-8 file, reading at most :data:`MAX_RECORD_CHARS` + 1 characters.

    Unreadable, non-UTF-8 or too-long files raise :class:`~tablegames.errors.RecordError`.

    >>> read_text_file("/no/such/file.json")
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RecordError: Cannot read '/no/such/file.json': No such file or directory.
    """
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read(MAX_RECORD_CHARS + 1)
    except UnicodeDecodeError:
        raise RecordError(f"The {what} file {excerpt(path)} is not UTF-8 text.") from None
    except OSError as exc:
        raise RecordError(f"Cannot read {excerpt(path)}: {exc.strerror or exc}.") from None
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(
            f"The {what} file {excerpt(path)} is longer than {MAX_RECORD_CHARS:,} characters."
        )
    return text
