"""Game records: a match as data (game, rules, every action in notation), read with bounded work.

A record in JSON carries ``"format": 1``. Records written before the format number existed have
no ``format`` field and are read as format 1; any other value (``2``, ``"1"``, ``true``) is a
:class:`~tablegames.errors.RecordError`. Reading refuses, before any costly work, texts and
records beyond the limits of :mod:`tablegames.core.limits`.

>>> record = GameRecord("texas42", {}, ("deal 0:0",))
>>> record.to_json()
'{"format": 1, "game": "texas42", "rules": {}, "actions": ["deal 0:0"]}'
>>> GameRecord.from_json(record.to_json()) == record
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from tablegames.errors import RecordError, excerpt

from .bounded_json import load_json_object
from .limits import MAX_ACTION_CHARS, MAX_ACTIONS, MAX_GAME_NAME_CHARS

RECORD_FORMAT = 1
"""The record format this library writes and reads."""

_FIELDS = frozenset({"format", "game", "rules", "actions"})
STATE_FIELDS = _FIELDS | {"fingerprint"}
"""The fields of a state in JSON: a record plus the fingerprint of the position it reaches."""


def _plain_dict(mapping: Mapping[str, Any]) -> dict[str, Any]:
    return dict(mapping)


def _strings(items: Iterable[object]) -> tuple[str, ...]:
    return tuple(map(str, items))  # str of a str is the string itself


@attrs.frozen
class GameRecord:
    """A match as data: the game, its rules and every action (chance steps included) in notation.

    >>> record = GameRecord("texas42", {}, ("deal 0:0",))
    >>> GameRecord.from_json(record.to_json()) == record
    True
    """

    game: str
    rules: Mapping[str, Any] = attrs.field(converter=_plain_dict)
    actions: tuple[str, ...] = attrs.field(converter=_strings)

    def to_json(self) -> str:
        """The record as a JSON document, with ``"format": 1``."""
        return json.dumps(
            {
                "format": RECORD_FORMAT,
                "game": self.game,
                "rules": dict(self.rules),
                "actions": list(self.actions),
            }
        )

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Read a record; malformed, oversized or unknown-format documents raise RecordError.

        A state written by ``Game.state_to_json`` reads as its record (its fingerprint is
        checked only by ``Game.state_from_json``).

        >>> GameRecord.from_json('{"format": 2, "game": "texas42", "rules": {}, "actions": []}')
        Traceback (most recent call last):
        ...
        tablegames.core.errors.RecordError: The record is in format 2; this library reads format 1.
        """
        return read_record(text)[0]

    def check_limits(self) -> None:
        """Refuse a record beyond the documented limits (game name, action count and length).

        >>> GameRecord("texas42", {}, ["pass"] * 100_001).check_limits()
        Traceback (most recent call last):
        ...
        tablegames.core.errors.RecordError: The record holds 100,001 actions; the limit is 100,000.
        """
        if not isinstance(self.game, str):
            raise RecordError(
                f"A record's game is named by a string, not {type(self.game).__name__}."
            )
        if len(self.game) > MAX_GAME_NAME_CHARS:
            raise RecordError(f"{excerpt(self.game, 20)} is not a game name: it is too long.")
        if len(self.actions) > MAX_ACTIONS:
            raise RecordError(
                f"The record holds {len(self.actions):,} actions; the limit is {MAX_ACTIONS:,}."
            )
        if not self.actions or max(map(len, self.actions)) <= MAX_ACTION_CHARS:
            actions: tuple[str, ...] = ()  # every action is short enough: nothing to name
        else:
            actions = self.actions
        for number, action in enumerate(actions, 1):
            if len(action) > MAX_ACTION_CHARS:
                raise RecordError(
                    f"action {number} is {len(action):,} characters long; the limit is "
                    f"{MAX_ACTION_CHARS}: {excerpt(action)}"
                )
        for key in self.rules:
            if not isinstance(key, str):
                raise RecordError(f"Rules are named by strings, not {type(key).__name__}.")


def _format_of(data: Mapping[str, Any]) -> None:
    if "format" not in data:
        return  # written before format numbers: read as format 1
    value = data["format"]
    if type(value) is not int or value != RECORD_FORMAT:
        shown = json.dumps(value)
        shown = shown if len(shown) <= 40 else shown[:40] + "…"
        raise RecordError(
            f"The record is in format {shown}; this library reads format {RECORD_FORMAT}."
        )


def record_from_data(data: Mapping[str, Any], fields: frozenset[str] = STATE_FIELDS) -> GameRecord:
    """The record in parsed JSON ``data``; ``fields`` are the names allowed at the top level.

    >>> record_from_data({"game": "texas42", "rules": {}, "actions": [], "note": "hi"})
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RecordError: A record has no field 'note'.
    """
    for key in data:
        if key not in fields:
            raise RecordError(f"A record has no field {excerpt(key)}.")
    _format_of(data)
    game, rules, actions = data.get("game"), data.get("rules"), data.get("actions")
    if not isinstance(game, str) or not isinstance(rules, dict) or not isinstance(actions, list):
        raise RecordError("A record has a game name, a rules object and a list of actions.")
    if not all(issubclass(kind, str) for kind in set(map(type, actions))):
        for number, action in enumerate(actions, 1):
            if not isinstance(action, str):
                raise RecordError(f"Every action in a record is a string; action {number} is not.")
    record = GameRecord(game, rules, tuple(actions))
    record.check_limits()
    return record


def read_record(text: str) -> tuple[GameRecord, Any]:
    """Read a record or a state in JSON: the record and the fingerprint (``None`` if absent).

    >>> read_record('{"game": "texas42", "rules": {}, "actions": [], "fingerprint": "ab"}')
    (GameRecord(game='texas42', rules={}, actions=()), 'ab')
    """
    data = load_json_object(text, "record")
    return record_from_data(data), data.get("fingerprint")
