"""Game records: a match as data (game, rules, every action in notation), read with bounded work.

A record in JSON carries ``"format": 1``. Records written before the format number existed have
no ``format`` field and are read as format 1. A record whose actions begin at the start of a
deal rather than of the match (a state sampled from a view, see ``view.sample``) carries that
start position as ``"start"`` (a JSON object in the notation) and ``"format": 2``, so a reader
that knows only format 1 refuses it clearly. Any other value (``3``, ``"1"``, ``true``), a
format 2 record without a start or a format 1 record with one is a
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
from typing import TypeGuard

import attrs

from tablegames.errors import RecordError, excerpt

from .bounded_json import load_json_object
from .json_values import FrozenObject, freeze_object, frozen_or_none, thaw
from .limits import MAX_ACTION_CHARS, MAX_ACTIONS, MAX_GAME_NAME_CHARS

RECORD_FORMAT = 1
"""The record format this library writes for a match from its start (and reads)."""
START_FORMAT = 2
"""The record format of a record that begins at a start position (``start``)."""

_FIELDS = frozenset({"format", "game", "rules", "start", "actions"})
STATE_FIELDS = _FIELDS | {"fingerprint"}
"""The fields of a state in JSON: a record plus the fingerprint of the position it reaches."""


def _all_texts(items: tuple[object, ...]) -> TypeGuard[tuple[str, ...]]:
    """True when every item is a ``str`` itself."""
    return all(type(a) is str for a in items)


def _strings(items: Iterable[object]) -> tuple[str, ...]:
    """The actions as a tuple of texts: each item's ``str`` (an action object gives its
    notation); a single text, or items whose ``str`` fails, are a RecordError."""
    if isinstance(items, str):
        raise RecordError("A record's actions are a sequence of texts, not one text.")
    try:
        actions = tuple(items)
    except TypeError:
        raise RecordError(
            "A record's actions are a sequence of texts,"
            f" not a value of type {type(items).__name__}."
        ) from None
    if _all_texts(actions):
        return actions
    try:
        return tuple(map(str, actions))  # str of a str is the string itself
    except Exception:  # a hostile __str__
        raise RecordError("Every action in a record is a text (or an action).") from None


@attrs.frozen
class GameRecord:
    """A match as data: the game, its rules and every action (chance steps included) in notation.

    A record is an immutable value: its rules and start are frozen copies of the JSON they were
    made from (:class:`~tablegames.core.json_values.FrozenObject`, arrays as tuples), so
    changing what it was made from, or trying to change it, never changes the record or the
    state it came from; records hash and compare by value.

    >>> record = GameRecord("texas42", {"target": 100}, ("deal 0:0",))
    >>> GameRecord.from_json(record.to_json()) == record, hash(record) == hash(record)
    (True, True)
    >>> record.rules["target"] = 7
    Traceback (most recent call last):
    ...
    TypeError: 'FrozenObject' object does not support item assignment
    """

    game: str
    rules: FrozenObject = attrs.field(converter=freeze_object)
    actions: tuple[str, ...] = attrs.field(converter=_strings)
    start: FrozenObject | None = attrs.field(default=None, converter=frozen_or_none)
    """Where the actions begin when not at the start of the match: the position at the start
    of a deal, in the game's notation (``None``: the actions begin with the match)."""

    def to_json(self) -> str:
        """The record as a JSON document, with ``"format": 1``, or ``"format": 2`` and its
        ``"start"`` when it begins at a start position.

        >>> GameRecord("quartets", {}, (), start={"dealer": 1}).to_json()[:46]
        '{"format": 2, "game": "quartets", "rules": {},'
        """
        data: dict[str, object] = {
            "format": RECORD_FORMAT if self.start is None else START_FORMAT,
            "game": self.game,
            "rules": thaw(self.rules),
        }
        if self.start is not None:
            data["start"] = thaw(self.start)
        data["actions"] = list(self.actions)
        return json.dumps(data)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Read a record; malformed, oversized or unknown-format documents raise RecordError.

        A state written by ``Game.state_to_json`` reads as its record (its fingerprint is
        checked only by ``Game.state_from_json``).

        >>> GameRecord.from_json('{"format": 3, "game": "texas42", "rules": {}, "actions": []}')
        Traceback (most recent call last):
        ...
        tablegames.core.errors.RecordError: The record is in format 3; this library reads ...
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


def _format_of(data: Mapping[str, object]) -> None:
    value = data.get("format", RECORD_FORMAT)  # none: written before format numbers, format 1
    if type(value) is not int or value not in (RECORD_FORMAT, START_FORMAT):
        shown = json.dumps(value)
        shown = shown if len(shown) <= 40 else shown[:40] + "…"
        raise RecordError(
            f"The record is in format {shown}; this library reads format {RECORD_FORMAT} "
            f"(and {START_FORMAT}, for a record that starts at a deal)."
        )
    if value == START_FORMAT and not isinstance(data.get("start"), dict):
        raise RecordError(
            f"A format {START_FORMAT} record starts at a deal and carries that start as a JSON "
            f"object; this one does not (this library reads format {RECORD_FORMAT} records "
            "from the start of a match)."
        )
    if value == RECORD_FORMAT and "start" in data:
        raise RecordError(
            f"A record with a start position is in format {START_FORMAT}, not {RECORD_FORMAT}."
        )


def record_from_data(
    data: Mapping[str, object], fields: frozenset[str] = STATE_FIELDS
) -> GameRecord:
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
    record = GameRecord(game, rules, tuple(actions), data.get("start"))
    record.check_limits()
    return record


def read_record(text: str) -> tuple[GameRecord, object]:
    """Read a record or a state in JSON: the record and the fingerprint (``None`` if absent).

    >>> read_record('{"game": "texas42", "rules": {}, "actions": [], "fingerprint": "ab"}')
    (GameRecord(game='texas42', rules={}, actions=(), start=None), 'ab')
    """
    data = load_json_object(text, "record")
    return record_from_data(data), data.get("fingerprint")
